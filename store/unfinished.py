"""An unfinished game, written down so that it can be resumed exactly where it was.

What is kept is not a picture of the table but every decision made so far:
the seed (hence every deal), each player's cards in the order played -
including a card chosen this turn and still secret - each row taken under
rule 4, and how far the table had stepped (placements shown, and whether the
next turn had started).  Replaying those decisions through the engine gives
back the same rows, hands, scores and history, with no rule written twice.

Format ``6takes-unfinished/1``: one JSON object (see :meth:`UnfinishedGame.to_json`).  A class
game also keeps its room (:class:`KeptRoom`: the code, the port, each seat's secret), so that the
phones that still hold their secret come back to their seats.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from game.i18n import _
from game.engine import Game, Rule, check_seed
from game.text import check_name
from game.rules import rules_named
from game.table_size import ALL_MODES
from store.kept_predictions import KeptPredictions, KeptPredictionsError, kept_predictions

FORMAT = "6takes-unfinished/1"


@dataclass(frozen=True)
class KeptRoom:
    """What a class game's room needs to open again as it was."""

    code: str
    port: int
    """The port the phones' page came from: they reconnect to it."""
    tokens: tuple[str, ...]
    """Each seat's secret (``""`` for a computer seat)."""
    ai: str
    """The level of the computer players that answer for late seats."""
    time_limit: float | None = None
    given_to_ai: tuple[int, ...] = ()
    """Seats the teacher gave to a computer player."""
    lesson: int | None = None
    """The lesson it is a game of (its number in the history), which goes on when it is resumed."""
    predict: float | None = None
    """The class predicted every placement, waiting that long at most (``None``: no predictions)."""
    reviews: bool = True
    """Each student's review reaches their phone when the game ends."""
    class_name: str = ""
    """The lesson's class (its lesson may not be in the history yet: nothing happened in it)."""

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "port": self.port, "tokens": list(self.tokens), "ai": self.ai,
                "time_limit": self.time_limit, "given_to_ai": list(self.given_to_ai), "lesson": self.lesson,
                "predict": self.predict, "reviews": self.reviews, "class": self.class_name}


class UnfinishedError(ValueError):
    """A kept unfinished game cannot be read (damaged, or from a newer version)."""


@dataclass(frozen=True)
class UnfinishedGame:
    """Everything needed to rebuild a game in progress and the step the table showed."""

    mode: str
    rules: str
    """``snap`` or ``classic``."""
    seed: int
    seats: tuple[tuple[str, str], ...]
    """(name, kind) per seat."""
    cards: tuple[tuple[int, ...], ...]
    """Per player, every card chosen so far, in order (the last may be this turn's secret one)."""
    rows: tuple[tuple[int, ...], ...]
    """Per player, every row (0-3) taken under rule 4, in order."""
    placements: int
    """Placements made so far in the whole game."""
    turn_started: bool
    """After the last placement, the next turn had started (cards were being chosen)."""
    asking_row: bool = False
    """A human was asked which row to take (rule 4) for the next card."""
    shown: tuple[int, int] = (0, 0)
    """(round, turn) on screen, from 0: for people ("turn 4"), never for the replay."""
    room: KeptRoom | None = None
    """A class game's room."""
    predictions: KeptPredictions | None = None
    """A class game's predictions so far (``None``: the class does not predict)."""

    @property
    def turn_label(self) -> str:
        """Where the game stood, for the menu: "turn 4" (or "round 2, turn 4")."""
        round_, turn = self.shown
        if round_:
            return _("round {round}, turn {turn}").format(round=round_ + 1, turn=turn + 1)
        return _("turn {turn}").format(turn=turn + 1)

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "mode": self.mode, "rules": self.rules, "seed": self.seed,
            "seats": [list(seat) for seat in self.seats], "cards": [list(c) for c in self.cards],
            "rows": [list(r) for r in self.rows], "placements": self.placements,
            "turn_started": self.turn_started, "asking_row": self.asking_row,
            "shown": list(self.shown), **({"room": self.room.to_dict()} if self.room is not None else {}),
            **({"predictions": self.predictions.to_dict()} if self.predictions is not None else {}),
        }, separators=(",", ":"))


def unfinished_of(game: Game, seats: Sequence[tuple[str, str]], mode: str, placements: int,
                  turn_started: bool, asking_row: bool = False, shown_turn: int = 0,
                  room: KeptRoom | None = None, predictions: KeptPredictions | None = None) -> UnfinishedGame:
    """The decisions of ``game`` so far (``placements``: how many the table has shown)."""
    cards: list[list[int]] = [[] for _seat in range(game.player_count)]
    rows: list[list[int]] = [[] for _seat in range(game.player_count)]
    for round_log in game.rounds:
        for turn_log in round_log.turns:
            for player, card in enumerate(turn_log.plays):
                cards[player].append(card)
            for placement in turn_log.placements:
                if placement.rule is Rule.LOW_CARD:
                    rows[placement.player].append(placement.row)
    for player, secret in enumerate(game.chosen_cards):
        if secret is not None:
            cards[player].append(secret)
    return UnfinishedGame(mode, game.rules.name, game.seed, tuple((n, k) for n, k in seats),
                          tuple(map(tuple, cards)), tuple(map(tuple, rows)), placements, turn_started, asking_row,
                          (game.round, shown_turn), room, predictions)


def _ints(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise UnfinishedError(f"{what}: expected a list of whole numbers")
    return tuple(value)


def parse_unfinished(text: str) -> UnfinishedGame:
    """The kept game in ``text``; ``UnfinishedError`` saying what is wrong."""
    return parse_unfinished_data(read_json(text))


def read_json(text: str) -> Any:
    """``text`` read as JSON; ``UnfinishedError`` if it is not (or is nested too deep to read)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise UnfinishedError(f"not JSON ({type(error).__name__}: {error})") from None


def parse_unfinished_data(data: Any) -> UnfinishedGame:
    """The kept game in ``data`` (read JSON); ``UnfinishedError`` saying what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UnfinishedError(f"not a {FORMAT} object")
    try:
        mode, rules, seed = data["mode"], data["rules"], data["seed"]
        seats, cards, rows = data["seats"], data["cards"], data["rows"]
        placements, turn_started = data["placements"], data["turn_started"]
    except KeyError as missing:
        raise UnfinishedError(f"field {missing} is missing") from None
    if mode not in ALL_MODES:
        raise UnfinishedError(f"unknown mode {mode!r}")
    try:
        rules_named(rules)
        check_seed(seed)
    except (ValueError, TypeError) as error:
        raise UnfinishedError(str(error)) from None
    if not isinstance(seats, list) or not all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
                                              for s in seats):
        raise UnfinishedError("seats: expected [name, kind] pairs")
    for name, _kind in seats:
        try:
            check_name(name)
        except ValueError as error:
            raise UnfinishedError(f"name {name!r}: {error}") from None
    if not isinstance(cards, list) or not isinstance(rows, list) or len(cards) != len(seats) != len(rows):
        raise UnfinishedError("cards and rows: one list per seat")
    if not isinstance(placements, int) or isinstance(placements, bool) or placements < 0:
        raise UnfinishedError("placements: expected a whole number")
    return UnfinishedGame(mode, rules, seed, tuple((n, k) for n, k in seats),
                          tuple(_ints(c, "cards") for c in cards), tuple(_ints(r, "rows") for r in rows),
                          placements, bool(turn_started), bool(data.get("asking_row", False)), _shown(data),
                          _room(data.get("room"), len(seats)), _predictions(data.get("predictions")))


def _predictions(data: Any) -> KeptPredictions | None:
    try:
        return kept_predictions(data)
    except KeptPredictionsError as error:
        raise UnfinishedError(str(error)) from None


def _shown(data: dict[str, Any]) -> tuple[int, int]:
    shown = data.get("shown", [0, 0])
    if not isinstance(shown, list) or len(shown) != 2 or not all(isinstance(v, int) and v >= 0 for v in shown):
        raise UnfinishedError("shown: expected [round, turn]")
    return shown[0], shown[1]


def _room(data: Any, seats: int) -> KeptRoom | None:
    if data is None:
        return None
    try:
        code, port, tokens, ai = data["code"], data["port"], data["tokens"], data["ai"]
        time_limit, given = data.get("time_limit"), data.get("given_to_ai", [])
    except (KeyError, TypeError):
        raise UnfinishedError("room: expected code, port, tokens and ai") from None
    if not (isinstance(code, str) and isinstance(port, int) and 0 < port < 65536 and isinstance(ai, str)
            and isinstance(tokens, list) and len(tokens) == seats and all(isinstance(t, str) for t in tokens)):
        raise UnfinishedError("room: a code, a port, one secret per seat and a level")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                   or not 0 < time_limit < float("inf")):
        raise UnfinishedError("room: time_limit must be a number of seconds")
    given_to_ai = _ints(given, "room: given_to_ai")
    if any(not 0 <= seat < seats for seat in given_to_ai) or len(set(given_to_ai)) != len(given_to_ai):
        raise UnfinishedError(f"room: given_to_ai must name seats 0-{seats - 1}, each once")
    lesson, predict, reviews = data.get("lesson"), data.get("predict"), data.get("reviews", True)
    if lesson is not None and (isinstance(lesson, bool) or not isinstance(lesson, int) or lesson < 1):
        raise UnfinishedError("room: lesson must be a lesson's number")
    if predict is not None and (isinstance(predict, bool) or not isinstance(predict, (int, float))
                                or not 0 < predict < float("inf")):
        raise UnfinishedError("room: predict must be a number of seconds")
    if not isinstance(reviews, bool):
        raise UnfinishedError("room: reviews must be true or false")
    return KeptRoom(code, port, tuple(tokens), ai, None if time_limit is None else float(time_limit), given_to_ai,
                    lesson, None if predict is None else float(predict), reviews, class_of(data))


def class_of(data: dict[str, Any]) -> str:
    """A kept room's class (``""``: none, or kept before rooms kept it)."""
    name = data.get("class", "")
    if not isinstance(name, str) or len(name) > MOST_CLASS_CHARACTERS:
        raise UnfinishedError("room: class must be a class's name")
    return name


MOST_CLASS_CHARACTERS = 100
"""A kept class name longer than this is damage (a class's name has 24 characters at most)."""
