"""The class lessons kept in the history: each lesson's room code, when it started, where its
report goes, every game played in it with each student's predictions, and each student's
reviewed decisions - all a lesson report is made from, so a report can always be written again
(``main.py lessons report``), after a stop, a crash or a full disk.

Games are the history's own records (a lesson's game names its number there); a review is kept
as the reviewed decisions themselves (JSON), so it is never computed twice.  A review still
missing (the app stopped while it was computed) is found by what is not there: every student's
seat of every game of the lesson has one.  The tables are made with the history's others
(``_LESSONS`` in :mod:`game.store.history`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from ..review_terms import Decision
from .history import History, HistoryError, connection_of, problem_of, transaction


@dataclass(frozen=True)
class LessonGame:
    """One game of a lesson, as the report counts it."""

    position: int
    game: int | None
    """Its number in the history."""
    names: tuple[str, ...]
    students: tuple[bool, ...]
    """Which seats students played (the others: computer players)."""
    scores: tuple[int, ...]
    predicted: tuple[tuple[int, int] | None, ...]
    """Each seat's predictions (right, asked); empty if the class did not predict."""
    keys: tuple[str, ...] = ()
    """Each seat's student key in the class (``""``: none - a computer player, a lesson without a
    class, a phone that never sent one); empty for a game kept before keys were."""

    def key_of(self, seat: int) -> str:
        return self.keys[seat] if seat < len(self.keys) else ""


@dataclass(frozen=True)
class LessonInfo:
    """One lesson in the list."""

    number: int
    code: str
    started: int
    folder: str
    class_name: str
    report: str
    games: int
    students: int


def start_lesson(history: History, code: str, started: int, folder: str, class_name: str = "") -> int:
    """A lesson starts (its room opened); its number."""
    db = connection_of(history)
    with writing(history):
        cursor = db.execute("INSERT INTO lessons (code, started, folder, class) VALUES (?, ?, ?, ?)",
                            (code, started, folder, class_name))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def add_game(history: History, lesson: int, game: LessonGame) -> None:
    result = {"names": list(game.names), "students": list(game.students), "scores": list(game.scores),
              "predicted": [list(p) if p is not None else None for p in game.predicted], "keys": list(game.keys)}
    with writing(history):
        connection_of(history).execute(
            "INSERT OR REPLACE INTO lesson_games (lesson, position, game, result) VALUES (?, ?, ?, ?)",
            (lesson, game.position, game.game, json.dumps(result)))


def add_review(history: History, lesson: int, position: int, seat: int, decisions: Sequence[Decision]) -> None:
    with writing(history):
        connection_of(history).execute(
            "INSERT OR REPLACE INTO lesson_reviews (lesson, position, seat, decisions) VALUES (?, ?, ?, ?)",
            (lesson, position, seat, json.dumps([decision_json(d) for d in decisions])))


def set_report(history: History, lesson: int, page: str) -> None:
    with writing(history):
        connection_of(history).execute("UPDATE lessons SET report = ? WHERE number = ?", (page, lesson))


def lessons(history: History, class_name: str | None = None) -> list[LessonInfo]:
    """Every lesson (of ``class_name`` only, if given), the latest first."""
    where, args = ("WHERE l.class = ?", [class_name]) if class_name is not None else ("", [])
    rows = read_rows(history, f"""
        SELECT l.number, l.code, l.started, l.folder, l.class, l.report, COUNT(g.position)
        FROM lessons l LEFT JOIN lesson_games g ON g.lesson = l.number {where}
        GROUP BY l.number ORDER BY l.started DESC, l.number DESC""", args)
    return [LessonInfo(number, code, started, folder, name, report, games, len(_students(history, number)))
            for number, code, started, folder, name, report, games in rows]


def lesson_games(history: History, lesson: int) -> list[LessonGame]:
    """The lesson's games, in the order they ended (a damaged entry is left out)."""
    found = []
    for position, game, result in read_rows(history, "SELECT position, game, result FROM lesson_games "
                                                 "WHERE lesson = ? ORDER BY position", [lesson]):
        try:
            found.append(_game(position, game, json.loads(result)))
        except (ValueError, TypeError, KeyError, RecursionError):
            continue
    return found


def lesson_reviews(history: History, lesson: int) -> dict[tuple[int, int], list[Decision]]:
    """The lesson's reviews kept so far: (game position, seat) -> the reviewed decisions."""
    found = {}
    for position, seat, decisions in read_rows(history, "SELECT position, seat, decisions FROM lesson_reviews "
                                                    "WHERE lesson = ?", [lesson]):
        try:
            found[(position, seat)] = [decision_of(item) for item in json.loads(decisions)]
        except (ValueError, TypeError, KeyError, RecursionError):
            continue
    return found


def decision_json(decision: Decision) -> dict[str, Any]:
    """A reviewed decision as JSON (every field: the report and the puzzles read them again)."""
    return {"seat": decision.seat, "round": decision.round, "turn": decision.turn, "kind": decision.kind,
            "played": decision.played, "best": decision.best, "expected": [list(e) for e in decision.expected],
            "loss": decision.loss, "rows": [list(row) for row in decision.rows], "hand": list(decision.hand),
            "card": decision.card, "revealed": list(decision.revealed), "reason": decision.reason}


def decision_of(data: dict[str, Any]) -> Decision:
    """:func:`decision_json` read back (``ValueError``, ``TypeError`` or ``KeyError`` if damaged)."""
    return Decision(int(data["seat"]), int(data["round"]), int(data["turn"]), str(data["kind"]),
                    int(data["played"]), int(data["best"]),
                    tuple((int(option), float(mean)) for option, mean in data["expected"]), float(data["loss"]),
                    tuple(tuple(int(card) for card in row) for row in data["rows"]),
                    tuple(int(card) for card in data["hand"]), None if data["card"] is None else int(data["card"]),
                    tuple(int(card) for card in data["revealed"]), str(data["reason"]))


def _game(position: int, game: int | None, result: dict[str, Any]) -> LessonGame:
    names = tuple(str(name) for name in result["names"])
    predicted = tuple(None if p is None else (int(p[0]), int(p[1])) for p in result["predicted"])
    keys = tuple(key if isinstance(key, str) else "" for key in result.get("keys", ()))
    return LessonGame(position, game, names, tuple(bool(s) for s in result["students"]),
                      tuple(int(score) for score in result["scores"]), predicted, keys)


def _students(history: History, lesson: int) -> set[str]:
    return {name for game in lesson_games(history, lesson)
            for name, student in zip(game.names, game.students) if student}


def read_rows(history: History, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
    try:
        return connection_of(history).execute(sql, tuple(args)).fetchall()
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot read the history: {problem}").format(
            path=history.path, problem=problem_of(error))) from None


class writing:
    """One transaction (``with writing(history) as db``: the history's connection); a failure is a
    :class:`HistoryError` naming the history."""

    def __init__(self, history: History) -> None:
        self.history = history
        self._transaction = transaction(history)

    def __enter__(self) -> sqlite3.Connection:
        try:
            self._transaction.__enter__()
        except sqlite3.Error as error:
            raise self._problem(error) from None
        return connection_of(self.history)

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            self._transaction.__exit__(kind, error, trace)
        except sqlite3.Error as failed:  # the commit itself (a full disk)
            raise self._problem(failed) from None
        if isinstance(error, sqlite3.Error):
            raise self._problem(error) from None

    def _problem(self, error: sqlite3.Error) -> HistoryError:
        return HistoryError(_("{path}: cannot update the history: {problem}").format(
            path=self.history.path, problem=problem_of(error)))
