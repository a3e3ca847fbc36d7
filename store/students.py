"""A class's students across its lessons, as the history keeps them.

A student is known by the **key** their phone keeps for the class in its browser's storage: the
same key is the same student in every lesson of the class, whatever name they typed.  Each
lesson's games keep the key of each student's seat (:class:`~store.lessons.LessonGame`),
and the warm-up's puzzle answers are kept per student (table ``lesson_puzzles``).  From these,
:func:`class_progress` gives each student's figures lesson by lesson: the games, the review's
mean loss per decision, predictions right of those asked, puzzles right of those asked - what
the lesson report draws as each student's progress.

The phones never learn the class's name: the page keeps its key under the class's **tag**
(:func:`class_tag`), a keyed hash of the name with a secret made once on this computer (kept in
the history's ``meta`` table), so a tag says nothing of the name it stands for.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from .history import History
from game.i18n import _
from .lessons import (LessonInfo, LessonRef, damaged, lesson_games, lesson_number, lessons, read_rows, whole,
                      writing)

TAG_SECRET = "class tag secret"
"""The ``meta`` key of this computer's secret that class tags are made with."""
TAG_LENGTH = 20
"""Hex digits of a class tag: plenty to tell a computer's classes apart."""


def class_tag(history: History, class_name: str) -> str:
    """The phones' name for the class ``class_name`` (``""`` for none): the same on this computer
    every lesson, and nothing anyone can read the name from."""
    if not class_name:
        return ""
    secret = _tag_secret(history)
    return hmac.new(secret.encode("ascii"), class_name.encode("utf-8"), hashlib.sha256).hexdigest()[:TAG_LENGTH]


def _tag_secret(history: History) -> str:
    rows = read_rows(history, "SELECT value FROM meta WHERE key = ?", [TAG_SECRET])
    if rows:
        return str(rows[0][0])
    made = secrets.token_hex(32)
    with writing(history) as db:
        db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (TAG_SECRET, made))
    return str(read_rows(history, "SELECT value FROM meta WHERE key = ?", [TAG_SECRET])[0][0])


@dataclass(frozen=True)
class PuzzleAnswer:
    """One student's answer to one puzzle of a lesson's warm-up."""

    puzzle: int
    """The puzzle's number in the history."""
    student: str
    """Their key in the class (``""``: a lesson without a class)."""
    name: str
    answer: int | None
    """A card, or a row 0-3; ``None``: asked, and not answered."""
    right: bool
    cost: float | None
    """Expected points lost against the best answer (``None``: not answered)."""


def add_puzzle_answers(history: History, lesson: LessonRef, answers: Iterable[PuzzleAnswer]) -> int:
    """The answers to one puzzle of lesson ``lesson``'s warm-up (one transaction, which makes the
    lesson's row if it is new); the lesson's number."""
    with writing(history) as db:
        number = lesson_number(db, lesson)
        db.executemany("INSERT OR REPLACE INTO lesson_puzzles (lesson, puzzle, student, name, answer, right, cost) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [(number, a.puzzle, a.student, a.name, a.answer, int(a.right), a.cost) for a in answers])
    return number


def lesson_puzzle_answers(history: History, lesson: int) -> list[PuzzleAnswer]:
    """The answers given in lesson ``lesson``'s warm-ups, in the order of the puzzles (a damaged
    one is left out, with one line)."""
    rows = read_rows(history, "SELECT puzzle, student, name, answer, right, cost FROM lesson_puzzles "
                              "WHERE lesson = ? ORDER BY puzzle, student, name", [lesson])
    found = []
    for row in rows:
        try:
            found.append(_answer(*row))
        except (TypeError, ValueError) as problem:
            damaged(history, _("a warm-up answer of lesson {number}").format(number=lesson), str(problem)[:80])
    return found


def _answer(puzzle: object, student: object, name: object, answer: object, right: object, cost: object
            ) -> PuzzleAnswer:
    """One answer read back (``TypeError`` if a column holds what no version writes)."""
    if not (whole(puzzle) and isinstance(student, str) and isinstance(name, str) and whole(right)
            and (answer is None or whole(answer)) and (cost is None or isinstance(cost, (int, float)))):
        raise TypeError(_("a column holds the wrong type"))
    assert isinstance(puzzle, int) and isinstance(right, int)
    return PuzzleAnswer(puzzle, student, name, answer if isinstance(answer, int) else None, bool(right),
                        None if cost is None else float(cost))


def asked_counts(history: History, class_name: str) -> dict[int, int]:
    """How often each puzzle has been asked in the class's lessons (a warm-up asks the least asked first)."""
    rows = read_rows(history, "SELECT p.puzzle, COUNT(DISTINCT p.lesson) FROM lesson_puzzles p "
                              "JOIN lessons l ON l.number = p.lesson WHERE l.class = ? GROUP BY p.puzzle",
                     [class_name])
    return {puzzle: int(count) for puzzle, count in rows if whole(puzzle)}


@dataclass
class LessonFigures:
    """One student's figures in one lesson of their class."""

    lesson: int
    """The lesson's number in the history."""
    index: int
    """Its place among the class's lessons, from 1 (lesson 1, 2, ... of the class)."""
    started: int
    name: str
    """The name they played under in that lesson."""
    games: int = 0
    points: int = 0
    loss: float = 0.0
    """The review's loss, summed over every decision reviewed."""
    decisions: int = 0
    predictions_right: int = 0
    predictions_asked: int = 0
    puzzles_right: int = 0
    puzzles_asked: int = 0

    @property
    def mean_loss(self) -> float | None:
        """Points a decision lost on average against the best option (``None``: none reviewed)."""
        return self.loss / self.decisions if self.decisions else None


def class_progress(history: History, class_name: str, keys: Collection[str] | None = None
                   ) -> dict[str, list[LessonFigures]]:
    """Each student's figures in every lesson of ``class_name`` they took part in, oldest lesson
    first: student key -> lessons (only ``keys``, when given)."""
    progress: dict[str, list[LessonFigures]] = {}
    for index, info in enumerate(class_lessons(history, class_name), start=1):
        for key, figures in _lesson_figures(history, info, index, keys).items():
            progress.setdefault(key, []).append(figures)
    return progress


def class_lessons(history: History, class_name: str) -> list[LessonInfo]:
    """The class's lessons, oldest first."""
    return sorted(lessons(history, class_name), key=lambda info: (info.started, info.number))


def _lesson_figures(history: History, info: LessonInfo, index: int, keys: Collection[str] | None
                    ) -> dict[str, LessonFigures]:
    """Each student's figures in one lesson (by key)."""
    found: dict[str, LessonFigures] = {}

    def of(key: str, name: str) -> LessonFigures | None:
        if not key or (keys is not None and key not in keys):
            return None
        return found.setdefault(key, LessonFigures(info.number, index, info.started, name))

    reviews = _review_losses(history, info.number)
    for game in lesson_games(history, info.number):
        for seat, (name, student) in enumerate(zip(game.names, game.students)):
            figures = of(game.key_of(seat), name) if student else None
            if figures is None:
                continue
            figures.name, figures.games, figures.points = name, figures.games + 1, figures.points + game.scores[seat]
            predicted = game.predicted[seat] if seat < len(game.predicted) else None
            if predicted is not None:
                figures.predictions_right += predicted[0]
                figures.predictions_asked += predicted[1]
            loss, decisions = reviews.get((game.position, seat), (0.0, 0))
            figures.loss += loss
            figures.decisions += decisions
    for answer in lesson_puzzle_answers(history, info.number):
        figures = of(answer.student, answer.name)
        if figures is not None:
            figures.puzzles_asked += 1
            figures.puzzles_right += answer.right
    return found


def _review_losses(history: History, lesson: int) -> dict[tuple[int, int], tuple[float, int]]:
    """Each review of the lesson: (game position, seat) -> (the decisions' losses summed, how many
    decisions) - read from the kept JSON without building each decision (a class's every lesson is
    read at once)."""
    found = {}
    for position, seat, decisions in read_rows(history, "SELECT position, seat, decisions FROM lesson_reviews "
                                                        "WHERE lesson = ?", [lesson]):
        try:
            losses = [float(decision["loss"]) for decision in json.loads(decisions)]
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            continue  # (named once by lesson_reviews, which the report reads)
        if whole(position) and whole(seat):
            found[(position, seat)] = (sum(losses), len(losses))
    return found
