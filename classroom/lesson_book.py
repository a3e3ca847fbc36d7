"""One lesson as it goes: its report, and everything the report is made from, kept in the history.

The report (:class:`~.report.LessonReport`) is written when each game ends, before its reviews,
again as each review comes in, and at every stop; what it is made from - each game's points and
predictions, each student's reviewed decisions - is kept in the history as it happens
(:mod:`store.lessons`), so nothing a lesson makes is lost: a stopped class game's lesson goes
on where it was, and ``main.py lessons report`` writes any lesson's report again (computing the
reviews a stop left missing).  Without a history (``--record FILE``), the report alone is kept.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TypeVar

from game.puzzles.puzzle import Puzzle
from game.record import GameRecord
from game.review import Decision
from store.forgetting import rewritten, to_rewrite
from store.history import History, HistoryError, open_history
from store.lessons import (LessonGame, LessonInfo, LessonRef, NewLesson, add_game, add_review, lesson_games,
                                lesson_reviews, lessons, set_report, write_game)
from store.puzzles import add_puzzles as add_stored_puzzles
from store.ratings import class_learning
from store.students import (LessonFigures, PuzzleAnswer, add_puzzle_answers, class_lessons, class_progress,
                                 class_tag, lesson_puzzle_answers)

from .report import LessonReport, default_report_dir

T = TypeVar("T")


class LessonBook:
    """One lesson's report and, if it has one, its place in the history (``number``)."""

    def __init__(self, report: LessonReport, number: int | None = None, class_name: str = "",
                 keep: bool | None = None) -> None:
        self.report = report
        self.number = number
        """The lesson's number in the history (``None``: not kept there, or not yet: its first game
        or warm-up answer makes its row)."""
        self.keep = number is not None if keep is None else keep
        """Whether the lesson is kept in the history (not with ``--record FILE``)."""
        self.class_name = class_name
        self.games: list[LessonGame] = []
        self.stored: set[int] = set()
        """The positions of the games the history has (a game whose write failed is written again)."""
        self.reviewed: set[tuple[int, int]] = set()
        """(game position, seat) of every review added."""
        self.page = ""
        """Where the history says its report was written last (``""``: not yet)."""
        if class_name:
            self._find_earlier_lessons()

    def _find_earlier_lessons(self) -> None:
        """The class's lessons before this one, each student's figures in them (read once: they do
        not change while this lesson goes on), and this lesson's place among them."""
        number, report = self.number, self.report

        def read(history: History) -> tuple[int, dict[str, list[LessonFigures]]]:
            infos = [info for info in class_lessons(history, self.class_name) if info.number != number]
            this = (int(report.started), number if number is not None else sys.maxsize)
            before = {info.number for info in infos if (info.started, info.number) < this}
            progress = class_progress(history, self.class_name)
            return len(before) + 1, {key: [figures for figures in lessons if figures.lesson in before]
                                     for key, lessons in progress.items()}

        found = _kept(read)
        if found is not None:
            report.index, report.earlier = found

    @classmethod
    def start(cls, folder: Path | None, code: str, keep: bool = True, class_name: str = "") -> LessonBook:
        """A new lesson in room ``code``, its report in ``folder`` (``None``: the default folder);
        ``keep``: in the history too (not with ``--record FILE``), from its first game or warm-up
        answer on (a room closed before leaves nothing there)."""
        report = LessonReport(Path(os.path.abspath(folder or default_report_dir())), code, class_name=class_name)
        return cls(report, None, class_name, keep)

    @classmethod
    def reopen(cls, number: int) -> LessonBook | None:
        """Lesson ``number`` as the history keeps it (its games, its reviews), to go on with or to
        write again; ``None`` if the history has no such lesson."""
        try:
            with open_history(import_legacy=False) as history:
                info = next((lesson for lesson in lessons(history) if lesson.number == number), None)
                if info is None:
                    return None
                games, reviews = lesson_games(history, number), lesson_reviews(history, number)
                answers = lesson_puzzle_answers(history, number)
        except (HistoryError, OSError):
            return None
        book = cls(LessonReport(report_folder(info), info.code, float(info.started), info.class_name), number,
                   info.class_name)
        book.page = info.report
        for game in games:
            book._count_game(game)
            book.stored.add(game.position)
        for (position, seat), decisions in sorted(reviews.items()):
            if position < len(book.games):
                book._count_review(position, seat, decisions)
        for answer in answers:
            book.report.add_puzzle_answer(answer.name, answer.student, answer.right)
        return book

    def lesson_ref(self) -> LessonRef:
        """The lesson as a write names it: its number, or its row to make."""
        report = self.report
        if self.number is not None:
            return self.number
        return NewLesson(report.code, int(report.started), str(report.folder), self.class_name)

    @property
    def problem(self) -> str:
        """Why the report could not be written, if it could not (the lesson goes on)."""
        return self.report.problem

    def add_game(self, names: Sequence[str], students: Sequence[bool], scores: Sequence[int],
                 predicted: Sequence[tuple[int, int] | None] = (), record: int | None = None,
                 keys: Sequence[str] = ()) -> int:
        """A game of the lesson is over (``record``: its number in the history; ``keys``: each seat's
        student key in the class); its place in the lesson."""
        entry = self.enter_game(names, students, scores, predicted, keys)
        self.keep_game(entry.position, record)
        return entry.position

    def enter_game(self, names: Sequence[str], students: Sequence[bool], scores: Sequence[int],
                   predicted: Sequence[tuple[int, int] | None] = (), keys: Sequence[str] = ()) -> GameEntry:
        """A game of the lesson is over and about to be saved: counted now, and written in the history
        by the transaction that saves its record (:class:`GameEntry`)."""
        game = LessonGame(len(self.games), None, tuple(names), tuple(students), tuple(scores), tuple(predicted),
                          tuple(keys))
        self._count_game(game)
        return GameEntry(self, game.position)

    def keep_game(self, position: int, record: int | None) -> None:
        """Game ``position`` written in the history, unless its record's save wrote it already."""
        if not self.keep or position in self.stored:
            return
        game = self.games[position] = replace(self.games[position], game=record)
        self.kept_as(_kept(lambda history: add_game(history, self.lesson_ref(), game)), position)

    def kept_as(self, number: int | None, position: int | None = None) -> None:
        """A write went in as lesson ``number`` (its row made by its first write), storing game
        ``position`` (``None``: a warm-up's answers); ``number`` ``None``: it did not go in."""
        if number is not None:
            self.number = number
            if position is not None:
                self.stored.add(position)

    def add_review(self, position: int, seat: int, decisions: Sequence[Decision]) -> None:
        """Student ``seat``'s review of game ``position`` is in."""
        if (position, seat) in self.reviewed:
            return
        self._count_review(position, seat, decisions)
        number = self.number
        if number is not None and position in self.stored:
            _kept(lambda history: add_review(history, number, position, seat, decisions))

    def add_puzzle_answers(self, answers: Sequence[PuzzleAnswer]) -> None:
        """The class's answers to one puzzle of a warm-up (everyone asked: those who did not answer too)."""
        for answer in answers:
            self.report.add_puzzle_answer(answer.name, answer.student, answer.right)
        if self.keep and answers:
            self.kept_as(_kept(lambda history: add_puzzle_answers(history, self.lesson_ref(), answers)))

    def add_puzzles(self, puzzles: Sequence[Puzzle]) -> int:
        """Puzzles made from this lesson's decisions, kept as the class's; how many were new."""
        if not self.class_name or not puzzles:
            return 0
        added = _kept(lambda history: add_stored_puzzles(history, puzzles, self.class_name))
        return added.added if added is not None else 0

    @property
    def key(self) -> str:
        """What a puzzle made from this lesson names as its lesson (its number in the history)."""
        return str(self.number) if self.number is not None else ""

    def missing_reviews(self) -> list[tuple[LessonGame, int]]:
        """(game, seat) of each student whose review is not in yet (a stop left it missing)."""
        return [(game, seat) for game in self.games for seat, student in enumerate(game.students)
                if student and (game.position, seat) not in self.reviewed]

    def reviews_to_make(self) -> list[tuple[int, GameRecord, list[int]]]:
        """(game position, its record, the seats) of every game with a review still missing, read
        from the history (a game not saved there cannot be reviewed: left out)."""
        wanted: dict[int, list[int]] = {}
        for game, seat in self.missing_reviews():
            wanted.setdefault(game.position, []).append(seat)
        found = []
        for position, seats in wanted.items():
            number = self.games[position].game
            record = _record_of(number) if number is not None else None
            if record is not None:
                found.append((position, record, seats))
        return found

    def write(self) -> bool:
        """Write (or write again) the report; whether it was (else see :attr:`problem`)."""
        if self.class_name and self.number is not None:
            self.report.learning = _kept(lambda history: class_learning(history, self.class_name))
        if not self.report.write():
            return False
        page, number = str(self.report.html_path), self.number
        if number is not None:
            _kept(lambda history: set_report(history, number, page))
        return True

    def _count_game(self, game: LessonGame) -> None:
        self.games.append(game)
        self.report.add_game(game.names, game.students, game.scores, game.predicted, game.keys)

    def _count_review(self, position: int, seat: int, decisions: Sequence[Decision]) -> None:
        self.reviewed.add((position, seat))
        self.report.add_review(self.games[position].names[seat], decisions)


class GameEntry:
    """A lesson's game written by the transaction that saves its record: the game, its place in the
    lesson (and the lesson's row, if this is its first write) and its students' keys are all in the
    history, or none of them is (a kill between two transactions lost the game from its lesson)."""

    def __init__(self, book: LessonBook, position: int) -> None:
        self.book = book
        self.position = position
        self._written: tuple[int, int | None] | None = None

    def write(self, db: sqlite3.Connection, record: int | None) -> None:
        """Inside the record's transaction (``record``: its number; ``None``: it was saved before)."""
        book = self.book
        if book.keep and self.position not in book.stored:
            game = replace(book.games[self.position], game=record)
            self._written = (write_game(db, book.lesson_ref(), game), record)

    def saved(self) -> None:
        """The record's transaction is committed: what it wrote is the lesson's."""
        if self._written is not None:
            number, record = self._written
            book = self.book
            book.games[self.position] = replace(book.games[self.position], game=record)
            book.kept_as(number, self.position)


@dataclass(frozen=True)
class Rewritten:
    """What writing the listed reports again did (:func:`rewrite_listed`)."""

    written: tuple[str, ...] = ()
    """The pages written again."""
    deleted: tuple[str, ...] = ()
    """The pages of lessons forgotten whole, deleted."""
    missing: tuple[str, ...] = ()
    """The pages not found where the history says (a folder moved or deleted): not written again."""
    failed: tuple[int, ...] = ()
    """The lessons whose report could not be written (still listed: the next run tries again)."""


def rewrite_listed() -> Rewritten:
    """Write again every report a forget listed (:func:`store.forgetting.to_rewrite`), striking
    each off once done (``HistoryError`` or ``OSError`` if the history cannot be read)."""
    with open_history(import_legacy=False) as history:
        listed = to_rewrite(history)
    written: list[str] = []
    deleted: list[str] = []
    missing: list[str] = []
    failed = []
    for number, page in listed:
        book = None if page else LessonBook.reopen(number)
        if book is None:
            deleted += _delete_report(page)
        elif book.page and not book.report.html_path.is_file():
            missing.append(book.page)
        elif book.page and not book.write():
            failed.append(number)
            continue
        elif book.page:
            written.append(str(book.report.html_path))
        _kept(partial(rewritten, lesson=number))
    return Rewritten(tuple(written), tuple(deleted), tuple(missing), tuple(failed))


def _delete_report(page: str) -> list[str]:
    """The HTML page and CSV of a lesson forgotten whole deleted where they are now; those deleted."""
    if not page:
        return []
    name = Path(page).name
    here = Path(os.path.abspath(default_report_dir()))
    folder = here if (here / name).is_file() else Path(page).parent
    deleted = []
    for path in (folder / name, (folder / name).with_suffix(".csv")):
        try:
            path.unlink()
        except OSError:
            continue
        deleted.append(str(path))
    return deleted


def report_folder(info: LessonInfo) -> Path:
    """Where lesson ``info``'s report is now: the report folder of the data folder in use, if its
    page is there (a data folder copied or moved carries its reports with it), else the folder kept."""
    here = Path(os.path.abspath(default_report_dir()))
    if info.report and (here / Path(info.report).name).is_file():
        return here
    return Path(info.folder)


def class_tag_of(class_name: str) -> str:
    """The phones' tag for ``class_name`` (:func:`store.students.class_tag`; ``""`` for no
    class, or when the history cannot be used: the students then get no key)."""
    if not class_name:
        return ""
    return _kept(lambda history: class_tag(history, class_name)) or ""


def _record_of(number: int) -> GameRecord | None:
    """Game ``number``'s record in the history (``None`` if it cannot be read)."""
    return _kept(lambda history: history.replay(number).record)


def _kept(write: Callable[[History], T]) -> T | None:
    """``write(history)``'s result, or ``None`` if the history cannot take it now (the report
    itself still holds it: the lesson goes on)."""
    try:
        with open_history(import_legacy=False) as history:
            return write(history)
    except (HistoryError, OSError):
        return None

