"""Reading a puzzle back from its JSON (format ``6takes-puzzle/1``), every field checked.

A puzzle read from the history may have been damaged or edited by hand: each
field is checked for its type and range, the cards for being cards and seen
once, the answers for being exactly the hand's cards (or the four rows), and
the best answer for being the one with the fewest expected points.  What is
wrong comes back as one :class:`~game.puzzles.puzzle.PuzzleError` line.
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..engine import PlayerView
from ..i18n import _
from ..review import CARD, ROW
from ..rules import HAND_SIZE, HIGHEST_CARD, LOWEST_CARD, ROW_LIMIT, ROWS, Rules, rules_named
from ..review_models import MODELS
from .puzzle import FORMAT, LESSON, MADE, Figures, Puzzle, PuzzleError, Source

MAX_ROUNDS = 1000
"""More rounds than any game plays (classic ends at 66 points): a round past it is damage."""
MAX_SCORE = 10_000


def puzzle_from_json(text: str) -> Puzzle:
    """A puzzle from its JSON text; :class:`PuzzleError` saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise PuzzleError(_("not JSON: {problem}").format(problem=error)) from None
    return puzzle_from_dict(data)


def puzzle_from_dict(data: object) -> Puzzle:
    """A puzzle from its JSON object; :class:`PuzzleError` saying which field is wrong."""
    if not isinstance(data, dict):
        raise PuzzleError(_("a puzzle is a JSON object"))
    if data.get("format") != FORMAT:
        raise PuzzleError(_("not a puzzle of format {format}").format(format=FORMAT))
    kind = data.get("kind")
    if kind not in (CARD, ROW):
        raise PuzzleError(_("kind must be {card} or {row}").format(card=CARD, row=ROW))
    view = _view(data, kind)
    options = _options(data, kind, view)
    played, best = _whole(data, "played", 0, HIGHEST_CARD), _whole(data, "best", 0, HIGHEST_CARD)
    answers = [answer for answer, _points in options]
    if played not in answers or best not in answers:
        raise PuzzleError(_("played and best must be answers of the puzzle"))
    if dict(options)[best] != min(points for _answer, points in options):
        raise PuzzleError(_("best is not the answer with the fewest expected points"))
    return Puzzle(kind, view, played, options, best, _source(data.get("source"), view.player_count),
                  _table(data.get("table", []), view.player_count), _models(data.get("models", {}), kind, view))


def _whole(data: dict[str, Any], key: str, lowest: int, highest: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= highest:
        raise PuzzleError(_("{field} must be a whole number from {lowest} to {highest}").format(
            field=key, lowest=lowest, highest=highest))
    return value


def _numbers(data: dict[str, Any], key: str, lowest: int, highest: int, count: range) -> tuple[int, ...]:
    """A list of whole numbers from ``lowest`` to ``highest``, as many as ``count`` allows."""
    value = data.get(key)
    if not isinstance(value, list) or len(value) not in count:
        raise PuzzleError(_("{field} must be a list of {lowest} to {highest} numbers").format(
            field=key, lowest=count.start, highest=count.stop - 1))
    return tuple(_whole({key: item}, key, lowest, highest) for item in value)


def _cards(data: dict[str, Any], key: str, count: range) -> tuple[int, ...]:
    return _numbers(data, key, LOWEST_CARD, HIGHEST_CARD, count)


def _rules(data: dict[str, Any]) -> Rules:
    try:
        return rules_named(str(data.get("rules")))
    except ValueError as error:
        raise PuzzleError(str(error)) from None


def _view(data: dict[str, Any], kind: str) -> PlayerView:
    """The player's view the puzzle keeps, each part checked against the rules."""
    rules = _rules(data)
    players = _whole(data, "players", rules.min_players, rules.max_players)
    seat, turn = _whole(data, "seat", 0, players - 1), _whole(data, "turn", 0, rules.turns_per_round - 1)
    rows = _rows(data)
    hand = _cards(data, "hand", range(2 if kind == CARD else 0, HAND_SIZE + 1))
    scores = _numbers(data, "scores", 0, MAX_SCORE, range(players, players + 1))
    starting = _cards(data, "starting_rows", range(ROWS, ROWS + 1))
    plays = data.get("previous_plays")
    if not isinstance(plays, list) or len(plays) != turn:
        raise PuzzleError(_("previous_plays must hold one list of cards per earlier turn"))
    previous = tuple(_cards({"previous_plays": item}, "previous_plays", range(players, players + 1))
                     for item in plays)
    revealed = _cards(data, "revealed", range(players, players + 1) if kind == ROW else range(0, 1))
    card = data.get("card")
    if (kind == ROW) != (card is not None) or (card is not None and (not revealed or card != revealed[seat])):
        raise PuzzleError(_("card must be the player's revealed card in a row puzzle, and null otherwise"))
    _check_seen_once(hand, rows, previous, revealed)
    return PlayerView(seat, rules, players, _whole(data, "round", 0, MAX_ROUNDS), turn, hand, rows, scores,
                      starting, previous, revealed, card)


def _rows(data: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != ROWS:
        raise PuzzleError(_("rows must be a list of {rows} rows").format(rows=ROWS))
    return tuple(_cards({"rows": row}, "rows", range(1, ROW_LIMIT + 1)) for row in rows)


def _check_seen_once(hand: tuple[int, ...], rows: tuple[tuple[int, ...], ...],
                     previous: tuple[tuple[int, ...], ...], revealed: tuple[int, ...]) -> None:
    """No card twice in the hand or on the table (a card played earlier may lie in a row now)."""
    table = [card for row in rows for card in row]
    if len(set(hand)) != len(hand) or len(set(table)) != len(table) or set(hand) & set(table):
        raise PuzzleError(_("a card is in the hand or the rows twice"))
    if set(hand) & {card for plays in previous for card in plays} or set(hand) & set(revealed):
        raise PuzzleError(_("a card in the hand was played already"))


def _table(data: object, players: int) -> tuple[str, ...]:
    """What sat at each seat: a short kind per seat, or nothing known."""
    if not isinstance(data, list) or len(data) not in (0, players) \
            or not all(isinstance(kind, str) and 0 < len(kind) <= 200 for kind in data):
        raise PuzzleError(_("table must list what sat at each seat"))
    return tuple(data)


def _models(data: object, kind: str, view: PlayerView) -> tuple[tuple[str, Figures], ...]:
    """Each opponent model's figures, in the order :data:`game.review_models.MODELS` names them."""
    if not isinstance(data, dict) or not set(data) <= set(MODELS):
        raise PuzzleError(_("models must give figures for the models {models}").format(models=", ".join(MODELS)))
    return tuple((name, _options(data, kind, view, name)) for name in MODELS if name in data)


def _options(data: dict[str, Any], kind: str, view: PlayerView, key: str = "options") -> Figures:
    """Every answer and its expected points: the hand's cards, or the rows 0 to 3."""
    options = data.get(key)
    wanted = set(view.hand) if kind == CARD else set(range(ROWS))
    if not isinstance(options, dict) or {str(answer) for answer in wanted} != set(options):
        raise PuzzleError(_("options must give expected points for every card of the hand (or every row)"))
    found = []
    for answer in sorted(wanted):
        points = options[str(answer)]
        if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points) \
                or points < 0:
            raise PuzzleError(_("expected points must be numbers >= 0"))
        found.append((answer, float(points)))
    return tuple(found)


def _source(data: object, players: int) -> Source:
    if not isinstance(data, dict) or data.get("from") not in (MADE, LESSON):
        raise PuzzleError(_("source must say where the puzzle came from: {made} or {lesson}").format(
            made=MADE, lesson=LESSON))
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
        raise PuzzleError(_("source: seed must be a whole number"))
    lesson = data.get("lesson", "")
    if not isinstance(lesson, str) or len(lesson) > 200:
        raise PuzzleError(_("source: lesson must be a short text"))
    return Source(str(data["from"]), _whole(data, "game", 1, 10**9), _whole(data, "seat", 0, players - 1),
                  seed, lesson)
