"""The class lessons kept in the history: each lesson's room code, when it started, where its
report goes, every game played in it with each student's predictions, and each student's
reviewed decisions - all a lesson report is made from, so a report can always be written again
(``main.py lessons report``), after a stop, a crash or a full disk.

Games are the history's own records (a lesson's game names its number there); a review is kept
as the reviewed decisions themselves (JSON), so it is never computed twice.  A review still
missing (the app stopped while it was computed) is found by what is not there: every student's
seat of every game of the lesson has one.  The tables are made with the history's others
(``_LESSONS`` in :mod:`store.history`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.i18n import _
from game.review_terms import Decision
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


@dataclass(frozen=True)
class NewLesson:
    """A lesson not in the history yet: its row is made by its first write (a game, a warm-up
    answer), in that write's transaction - a room closed before anything happened leaves nothing."""

    code: str
    started: int
    folder: str
    """Where its report is written (made absolute when kept)."""
    class_name: str = ""


LessonRef = int | NewLesson
"""A lesson to write to: its number in the history, or one its first write makes."""


def lesson_number(db: sqlite3.Connection, lesson: LessonRef) -> int:
    """The number of ``lesson``, its row made first if it is new (inside the caller's transaction)."""
    if isinstance(lesson, int):
        return lesson
    cursor = db.execute("INSERT INTO lessons (code, started, folder, class) VALUES (?, ?, ?, ?)",
                        (lesson.code, lesson.started, absolute(lesson.folder), lesson.class_name))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def absolute(folder: str) -> str:
    """A report folder as the history keeps it: absolute (a relative one is the current folder's)."""
    return os.path.abspath(folder)


def start_lesson(history: History, code: str, started: int, folder: str, class_name: str = "") -> int:
    """A lesson's row made now (its number): the class game makes it with its first write instead."""
    with writing(history) as db:
        return lesson_number(db, NewLesson(code, started, folder, class_name))


def write_game(db: sqlite3.Connection, lesson: LessonRef, game: LessonGame) -> int:
    """``game`` written in lesson ``lesson`` inside the caller's transaction (the one that saves its
    record, with its students' keys); the lesson's number."""
    number = lesson_number(db, lesson)
    result = {"names": list(game.names), "students": list(game.students), "scores": list(game.scores),
              "predicted": [list(p) if p is not None else None for p in game.predicted], "keys": list(game.keys)}
    db.execute("INSERT OR REPLACE INTO lesson_games (lesson, position, game, result) VALUES (?, ?, ?, ?)",
               (number, game.position, game.game, json.dumps(result)))
    return number


def add_game(history: History, lesson: LessonRef, game: LessonGame) -> int:
    """``game`` written in lesson ``lesson`` (one transaction); the lesson's number."""
    with writing(history) as db:
        return write_game(db, lesson, game)


def add_review(history: History, lesson: int, position: int, seat: int, decisions: Sequence[Decision]) -> None:
    with writing(history) as db:
        db.execute("INSERT OR REPLACE INTO lesson_reviews (lesson, position, seat, decisions) VALUES (?, ?, ?, ?)",
                   (lesson, position, seat, json.dumps([decision_json(d) for d in decisions])))


def set_report(history: History, lesson: int, page: str) -> None:
    with writing(history) as db:
        db.execute("UPDATE lessons SET report = ? WHERE number = ?", (absolute(page), lesson))


def lessons(history: History, class_name: str | None = None) -> list[LessonInfo]:
    """Every lesson (of ``class_name`` only, if given), the latest first; a damaged row is left
    out, with one line."""
    where, args = ("WHERE class = ?", [class_name]) if class_name is not None else ("", [])
    found = []
    for row in read_rows(history, f"SELECT number, code, started, folder, class, report FROM lessons {where}", args):
        info = _lesson_info(history, row)
        if info is not None:
            found.append(info)
    found.sort(key=lambda info: (info.started, info.number), reverse=True)
    return [replace(info, games=len(games), students=len(students_of(games, answers)))
            for info in found for games, answers in [_contents(history, info.number)]]


def _lesson_info(history: History, row: tuple[Any, ...]) -> LessonInfo | None:
    number, code, started, folder, name, report = row
    if not whole(number):
        damaged(history, _("a lesson"), _("its number is {value}").format(value=repr(number)[:40]))
        return None
    for what, value, kind in (("code", code, str), ("started", started, int), ("folder", folder, str),
                              ("class", name, str), ("report", report, str)):
        if not isinstance(value, kind) or isinstance(value, bool):
            damaged(history, _("lesson {number}").format(number=number),
                    _("its {column} is {value}").format(column=what, value=repr(value)[:40]))
            return None
    return LessonInfo(number, code, started, folder, name, report, 0, 0)


def _contents(history: History, lesson: int) -> tuple[list[LessonGame], list[str]]:
    """The lesson's games, and the name of each student who answered its warm-up."""
    answered = read_rows(history, "SELECT DISTINCT name FROM lesson_puzzles WHERE lesson = ?", [lesson])
    return lesson_games(history, lesson), [name for name, in answered if isinstance(name, str)]


def students_of(games: Sequence[LessonGame], answered: Sequence[str]) -> set[str]:
    """A lesson's students as its report counts them: each name that played as a student or
    answered the warm-up."""
    return {name for game in games for name, student in zip(game.names, game.students) if student} | set(answered)


def lesson_games(history: History, lesson: int) -> list[LessonGame]:
    """The lesson's games, in the order they ended (a damaged entry is left out, with one line)."""
    found = []
    for position, game, result in read_rows(history, "SELECT position, game, result FROM lesson_games "
                                                 "WHERE lesson = ? ORDER BY position", [lesson]):
        try:
            found.append(_game(position, game, json.loads(result)))
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as problem:
            damaged(history, _("game {position} of lesson {number}").format(position=position, number=lesson),
                    str(problem)[:80] or type(problem).__name__)
    return found


def lesson_reviews(history: History, lesson: int) -> dict[tuple[int, int], list[Decision]]:
    """The lesson's reviews kept so far: (game position, seat) -> the reviewed decisions."""
    found = {}
    for position, seat, decisions in read_rows(history, "SELECT position, seat, decisions FROM lesson_reviews "
                                                    "WHERE lesson = ?", [lesson]):
        try:
            if not whole(position) or not whole(seat):
                raise ValueError(_("a column holds the wrong type"))
            found[(position, seat)] = [decision_of(item) for item in json.loads(decisions)]
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as problem:
            damaged(history, _("a review of lesson {number}").format(number=lesson),
                    str(problem)[:80] or type(problem).__name__)
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


def _game(position: object, game: object, result: dict[str, Any]) -> LessonGame:
    """One game read back (``ValueError``, ``TypeError`` or ``KeyError`` if damaged)."""
    if not isinstance(position, int) or isinstance(position, bool) or not (game is None or whole(game)):
        raise ValueError(_("a column holds the wrong type"))
    names = tuple(_text(name) for name in result["names"])
    predicted = tuple(None if p is None else (int(p[0]), int(p[1])) for p in result["predicted"])
    keys = tuple(key if isinstance(key, str) else "" for key in result.get("keys", ()))
    students, scores = tuple(bool(s) for s in result["students"]), tuple(int(score) for score in result["scores"])
    if len(students) != len(names) or len(scores) != len(names) or (predicted and len(predicted) != len(names)):
        raise ValueError(_("its seats do not agree"))
    return LessonGame(position, game if isinstance(game, int) else None, names, students, scores, predicted, keys)


def whole(value: object) -> bool:
    """Whether ``value`` is an integer (not a truth value), as an integer column holds."""
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(_("a name is {value}").format(value=repr(value)[:40]))
    return value


_NOTED: set[tuple[str, str]] = set()
"""The damaged rows noted so far (each is one line, once)."""


def damaged(history: History, what: str, problem: str) -> None:
    """A row of the history no version of this program writes (a hand-edited or damaged file): one
    line on stderr, the first time; the row is left out of what is read, and left as it is."""
    key = (str(history.path), what)
    if key in _NOTED:
        return
    _NOTED.add(key)
    print(_("main.py: note: {path}: {what} is damaged ({problem}): left out").format(
        path=history.path, what=what, problem=problem), file=sys.stderr)


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
