"""The puzzles kept in the history (its ``puzzles`` table, schema 2 of :mod:`store.history`).

A puzzle is stored as its JSON (format ``6takes-puzzle/1``) beside the columns a
list asks for: the class it came from (``""`` for a puzzle made from computer
games), its kind, and a digest of its position, unique per class, so the same
puzzle is never stored twice - a second ``puzzles make`` with the same seed adds
nothing.  Storing is one transaction per call: the puzzles of a call are all in,
or none is.  Reading checks every puzzle (:mod:`game.puzzles.reading`): a damaged
row is a one-line :class:`~store.history.HistoryError` naming it.

The functions take an open :class:`~store.history.History` and use its
connection (:func:`~store.history.connection_of`), so the history's own class
does not grow with each thing it keeps.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from game.i18n import _
from game.puzzles.finding import marked
from game.puzzles.puzzle import Puzzle, PuzzleError
from game.puzzles.reading import puzzle_from_json
from game.puzzles.themes import themes_of
from game.puzzles.rating import START_RATING
from .history import History, HistoryError, connection_of, problem_of, transaction
from .lessons import damaged
from .ratings import due_again, ratings_of, start_ratings
from .students import asked_counts


@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle as the history keeps it."""

    id: int
    """Its number in the history (1 is the first stored)."""
    class_name: str
    """The class whose lesson it came from; ``""`` for a made puzzle."""
    puzzle: Puzzle

    def to_dict(self) -> dict[str, object]:
        """The object ``main.py puzzles list --json`` prints for it (the explanation in the language in use)."""
        data = self.puzzle.to_dict()
        del data["format"]
        return {"id": self.id, "class": self.class_name, **data, "themes": list(themes_of(self.puzzle)),
                "explanation": self.puzzle.explanation}


@dataclass(frozen=True)
class Added:
    """What storing some puzzles did."""

    added: int
    already_there: int


def add_puzzles(history: History, puzzles: Iterable[Puzzle], class_name: str = "") -> Added:
    """Store ``puzzles`` (of ``class_name``; ``""``: made ones) in one transaction, skipping those
    already there.  ``HistoryError`` naming the file and the problem; nothing is half stored."""
    db = connection_of(history)
    added = already = 0
    now = int(time.time())
    try:
        with transaction(history):
            for puzzle in puzzles:
                cursor = db.execute("INSERT OR IGNORE INTO puzzles (class, kind, made, digest, puzzle) "
                                    "VALUES (?, ?, ?, ?, ?)", (class_name, puzzle.kind, now, puzzle.digest(),
                                                               _json(puzzle)))
                added += cursor.rowcount
                already += 1 - cursor.rowcount
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot save the puzzles: {problem}").format(
            path=history.path, problem=problem_of(error))) from None
    return Added(added, already)


def _json(puzzle: Puzzle) -> str:
    return json.dumps(puzzle.to_dict(), separators=(",", ":"))


def count_puzzles(history: History, class_name: str | None = None) -> int:
    """How many puzzles there are (of ``class_name`` only, when given)."""
    where, args = _where(class_name)
    count = _read(history, f"SELECT count(*) FROM puzzles {where}", args)[0][0]
    return count if isinstance(count, int) else 0


def stored_puzzles(history: History, class_name: str | None = None, *, with_marked: bool = False) -> list[StoredPuzzle]:
    """Every puzzle (of ``class_name`` only, when given), in the order stored, each checked; without
    those marked as no longer holding at a real table (:func:`game.puzzles.finding.marked`) unless
    ``with_marked``."""
    return [stored for stored in iter_puzzles(history, class_name) if with_marked or not marked(stored.puzzle)]


def save_checked(history: History, checked: Iterable[StoredPuzzle]) -> None:
    """Store each puzzle's figures again (checked against the opponent models), in one transaction."""
    try:
        with transaction(history):
            for stored in checked:
                connection_of(history).execute("UPDATE puzzles SET puzzle = ? WHERE id = ?",
                                               (_json(stored.puzzle), stored.id))
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot save the puzzles: {problem}").format(
            path=history.path, problem=problem_of(error))) from None


def iter_puzzles(history: History, class_name: str | None = None) -> Iterator[StoredPuzzle]:
    """:func:`stored_puzzles` read in batches (a history with many puzzles is never read at once)."""
    for number, name, text in _rows(history, class_name):
        yield _stored(history, number, name, text)


def readable_puzzles(history: History, class_name: str | None = None) -> Iterator[StoredPuzzle]:
    """:func:`iter_puzzles` less the damaged ones, each left out with one line (a warm-up and a
    forget go on without them)."""
    for number, name, text in _rows(history, class_name):
        found = _readable(history, number, name, text)
        if found is not None:
            yield found


def _rows(history: History, class_name: str | None) -> Iterator[tuple[object, ...]]:
    """The puzzles' rows (number, class, JSON) in batches."""
    where, args = _where(class_name, after=True)
    last: object = 0
    while True:
        rows = _read(history, f"SELECT id, class, puzzle FROM puzzles {where} ORDER BY id LIMIT 500", [*args, last])
        if not rows:
            return
        yield from rows
        last = rows[-1][0]


def _readable(history: History, number: object, name: object, text: object) -> StoredPuzzle | None:
    try:
        return _stored(history, number, name, text)
    except HistoryError as problem:
        damaged(history, _("puzzle {number}").format(number=number), str(problem).rpartition(": ")[2])
        return None


def _stored(history: History, number: object, name: object, text: object) -> StoredPuzzle:
    """One row read back; a row no version of this program writes is ``HistoryError``."""
    try:
        if not isinstance(number, int) or not isinstance(name, str) or not isinstance(text, str):
            raise PuzzleError(_("a column holds the wrong type"))
        return StoredPuzzle(number, name, puzzle_from_json(text))
    except PuzzleError as problem:
        raise HistoryError(_("{path}: the history is damaged: puzzle {number}: {problem}").format(
            path=history.path, number=number, problem=problem)) from None


CANDIDATES = 200
"""Puzzles of each group (the class's own, the made ones) a warm-up weighs by rating, drawn at random
among those asked least often (a history of thousands is never read whole)."""


def warmup_puzzles(history: History, class_name: str, count: int, rng: random.Random) -> list[StoredPuzzle]:
    """``count`` puzzles for a class's warm-up: first the ones the class missed that are due again
    (:func:`store.ratings.due_again`), then the class's own (made from its lessons), then
    puzzles made from computer games; of each, those its lessons asked least often, nearest the
    class's level (the median rating of its students: the whole room answers the same puzzle) first,
    in an order drawn by ``rng`` among equals.  Never one marked as no longer holding at a real
    table.  Only the puzzles looked at are read."""
    asked = asked_counts(history, class_name) if class_name else {}
    ratings = ratings_of(history, class_name) if class_name else None
    level = ratings.level() if ratings is not None else START_RATING
    chosen = _usable(history, due_again(history, class_name), count) if class_name else []
    for name in ([class_name] if class_name else []) + [""]:
        numbers = [row[0] for row in _read(history, "SELECT id FROM puzzles WHERE class = ? ORDER BY id", [name])
                   if isinstance(row[0], int) and row[0] not in {stored.id for stored in chosen}]
        rng.shuffle(numbers)
        numbers.sort(key=lambda number: asked.get(number, 0))
        fewest = [number for number in numbers if asked.get(number, 0) == asked.get(numbers[0], 0)] if numbers else []
        weighed = fewest[:CANDIDATES]
        start = ratings.puzzles if ratings is not None else {}
        near = start_ratings(history, [number for number in weighed if number not in start])
        weighed.sort(key=lambda number: abs((start.get(number) or near[number]).rating - level))
        chosen += _usable(history, weighed + [number for number in numbers if number not in weighed],
                          count - len(chosen))
    return chosen


def _usable(history: History, numbers: Sequence[int], count: int) -> list[StoredPuzzle]:
    """The first ``count`` of ``numbers`` that are not marked as no longer holding (read one by one)."""
    found: list[StoredPuzzle] = []
    for number in numbers:
        if len(found) == count:
            break
        rows = _read(history, "SELECT id, class, puzzle FROM puzzles WHERE id = ?", [number])
        stored = _readable(history, *rows[0]) if rows else None  # (none: forgotten; damaged: left out)
        if stored is not None and not marked(stored.puzzle):
            found.append(stored)
    return found


def _where(class_name: str | None, after: bool = False) -> tuple[str, list[object]]:
    parts: list[str] = []
    args: list[object] = []
    if class_name is not None:
        parts.append("class = ?")
        args.append(class_name)
    if after:
        parts.append("id > ?")
    return ("WHERE " + " AND ".join(parts)) if parts else "", args


def _read(history: History, sql: str, args: Sequence[object]) -> list[tuple[object, ...]]:
    try:
        return connection_of(history).execute(sql, tuple(args)).fetchall()
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot read the history: {problem}").format(
            path=history.path, problem=problem_of(error))) from None
