"""A class room in progress (a room of tables, or the class game at one table: a room of one),
written down so that ``class --resume`` (or the menu's Resume) opens it again as it was: the same code and port, every student's secret, who sits at
which table, and each table's game - over or not - as the decisions made so far
(:class:`store.unfinished.UnfinishedGame`, replayed through the engine).

Format ``6takes-unfinished-room/1``: one JSON object (see :meth:`UnfinishedRoom.to_json`), kept
among the history's unfinished games (:mod:`store.kept`) from the room's first frame,
replaced as its tables play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.i18n import _, ngettext
from game.rules import rules_named
from .unfinished import UnfinishedError, UnfinishedGame, class_of, parse_unfinished_data, read_json

FORMAT = "6takes-unfinished-room/1"


@dataclass(frozen=True)
class RoomChoices:
    """How the room's tables play (what the teacher chose), kept to go on the same way."""

    rules: str
    ai: str
    seed: int
    duplicate: bool
    time_limit: float | None
    step_delay: float
    predict: float | None
    """The students predict each placement, waiting that long at most (``None``: no predictions)."""
    reviews: bool
    lesson: int | None
    """The lesson (its number in the history) the room's games belong to."""
    class_name: str = ""
    """The lesson's class (its lesson may not be in the history yet: no table's game is over)."""


@dataclass(frozen=True)
class UnfinishedRoom:
    """Everything needed to open a room of many tables again where it was."""

    code: str
    port: int
    choices: RoomChoices
    names: tuple[str, ...]
    """Each room seat's student ("" for a place no one took)."""
    tokens: tuple[str, ...]
    """Each room seat's secret."""
    tables: tuple[tuple[int | None, ...], ...]
    """Who sits at each table: a room seat, or ``None`` for a computer player."""
    watchers: tuple[int, ...]
    """Students no table had a seat for."""
    games: tuple[UnfinishedGame, ...]
    """Each table's game so far (a finished one too)."""
    saved: tuple[bool, ...]
    """Each table's game is saved in the history (it was over)."""
    in_lesson: tuple[int | None, ...]
    """Each table's game's place in the lesson, once its figures were added to it."""
    many_tables: bool = True
    """The room was set up as a room of tables (``class --tables``); ``False``: the class game at
    one table, whose room's seats are the table's."""

    mode = "class"

    @property
    def seats(self) -> tuple[tuple[str, str], ...]:
        """The students at the tables (as the menu lists a game's players; at one table, every
        player)."""
        if not self.many_tables:
            return self.games[0].seats
        return tuple((self.names[seat], "phone") for table in self.tables for seat in table if seat is not None)

    @property
    def turn_label(self) -> str:
        """How far the room is, for the menu: "3 tables, 1 done" (at one table, as a game: "turn 4")."""
        if not self.many_tables:
            return self.games[0].turn_label
        done = sum(self.saved)
        tables = ngettext("{count} table", "{count} tables", len(self.tables)).format(count=len(self.tables))
        return _("{tables}, {done} done").format(tables=tables, done=done)

    def to_json(self) -> str:
        choices = self.choices
        return json.dumps({
            "format": FORMAT, "code": self.code, "port": self.port,
            "choices": {"rules": choices.rules, "ai": choices.ai, "seed": choices.seed,
                        "duplicate": choices.duplicate, "time_limit": choices.time_limit,
                        "step_delay": choices.step_delay, "predict": choices.predict,
                        "reviews": choices.reviews, "lesson": choices.lesson, "class": choices.class_name},
            "names": list(self.names), "tokens": list(self.tokens), "tables": [list(t) for t in self.tables],
            "watchers": list(self.watchers), "games": [json.loads(game.to_json()) for game in self.games],
            "saved": list(self.saved), "in_lesson": list(self.in_lesson), "many_tables": self.many_tables,
        }, separators=(",", ":"))


def room_of_one(game: UnfinishedGame, step_delay: float = 1.0) -> UnfinishedRoom:
    """A class game kept at one table by an earlier version (an unfinished game with its room), as
    the room of one table it is now kept as; ``UnfinishedError`` if it is not a class game."""
    room = game.room
    if room is None:
        raise UnfinishedError(_("the kept game is not a class game"))
    choices = RoomChoices(game.rules, room.ai, game.seed, True, room.time_limit, step_delay, room.predict,
                          room.reviews, room.lesson, room.class_name)
    seats = len(game.seats)
    return UnfinishedRoom(room.code, room.port, choices, tuple(name for name, _kind in game.seats), room.tokens,
                          (tuple(range(seats)),), (), (game,), (False,), (None,), many_tables=False)


def parse_kept(text: str) -> UnfinishedGame | UnfinishedRoom:
    """A kept game or room of tables; ``UnfinishedError`` saying what is wrong."""
    data = read_json(text)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return parse_room_data(data)
    return parse_unfinished_data(data)


def parse_room_data(data: dict[str, Any]) -> UnfinishedRoom:
    """The kept room in ``data`` (a JSON object); ``UnfinishedError`` saying what is wrong."""
    try:
        code, port, names, tokens = data["code"], data["port"], data["names"], data["tokens"]
        tables, watchers, games, saved = data["tables"], data["watchers"], data["games"], data["saved"]
        in_lesson, choices = data["in_lesson"], data["choices"]
    except (KeyError, TypeError) as missing:
        raise UnfinishedError(f"room of tables: field {missing} is missing") from None
    if not (isinstance(code, str) and _whole(port) and 0 < port < 65536 and _strings(names) and _strings(tokens)
            and len(names) == len(tokens)):
        raise UnfinishedError("room of tables: a code, a port, and a name and a secret per place")
    places = _tables(tables, len(names))
    if not (isinstance(watchers, list) and all(_whole(w) and 0 <= w < len(names) for w in watchers)):
        raise UnfinishedError("room of tables: watchers must be places of the room")
    if not (isinstance(games, list) and len(games) == len(places) and _flags(saved, len(places))
            and isinstance(in_lesson, list) and len(in_lesson) == len(places)
            and all(p is None or _whole(p) and p >= 0 for p in in_lesson)):
        raise UnfinishedError("room of tables: one game, one saved flag and one lesson place per table")
    kept_games = tuple(parse_unfinished_data(game) for game in games)
    if any(len(game.seats) != len(table) for game, table in zip(kept_games, places)):
        raise UnfinishedError("room of tables: a table's game has another number of seats")
    many = data.get("many_tables", True)  # (kept before it was written: every kept room was one of tables)
    if not isinstance(many, bool) or not (many or (len(places) == 1 and places[0] == tuple(range(len(names)))
                                                   and not watchers)):
        raise UnfinishedError("room of tables: a room of one table seats the room's places, in order")
    return UnfinishedRoom(code, port, _choices(choices), tuple(names), tuple(tokens), places, tuple(watchers),
                          kept_games, tuple(saved), tuple(in_lesson), many)


def _choices(data: Any) -> RoomChoices:
    try:
        rules, ai, seed, duplicate = data["rules"], data["ai"], data["seed"], data["duplicate"]
        time_limit, step_delay, predict = data["time_limit"], data["step_delay"], data["predict"]
        reviews, lesson = data["reviews"], data["lesson"]
    except (KeyError, TypeError):
        raise UnfinishedError("room of tables: its choices are missing") from None
    try:
        rules_named(rules)
    except (ValueError, TypeError) as error:
        raise UnfinishedError(str(error)) from None
    if not (isinstance(ai, str) and _whole(seed) and seed >= 0 and isinstance(duplicate, bool)
            and isinstance(reviews, bool) and (lesson is None or _whole(lesson) and lesson > 0)
            and _seconds(time_limit) and _seconds(predict) and _seconds(step_delay, zero=True)
            and step_delay is not None):
        raise UnfinishedError("room of tables: its choices are not what they should be")
    return RoomChoices(rules, ai, seed, duplicate, _float(time_limit), float(step_delay), _float(predict), reviews,
                       lesson, class_of(data))


def _tables(tables: Any, places: int) -> tuple[tuple[int | None, ...], ...]:
    if not isinstance(tables, list) or not tables:
        raise UnfinishedError("room of tables: no table")
    seated: list[int] = []
    for table in tables:
        if not isinstance(table, list) or not all(s is None or _whole(s) and 0 <= s < places for s in table):
            raise UnfinishedError("room of tables: a table's seats must be places of the room")
        seated += [seat for seat in table if seat is not None]
    if len(seated) != len(set(seated)):
        raise UnfinishedError("room of tables: a student sits at two seats")
    return tuple(tuple(table) for table in tables)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _flags(value: Any, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(isinstance(item, bool) for item in value)


def _seconds(value: Any, zero: bool = False) -> bool:
    if value is None:
        return True
    return (not isinstance(value, bool) and isinstance(value, (int, float))
            and (0 <= value if zero else 0 < value) and value < float("inf"))


def _float(value: Any) -> float | None:
    return None if value is None else float(value)
