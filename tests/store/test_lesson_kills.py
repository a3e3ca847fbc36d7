"""A lesson's every write survives a kill at any statement (issue 48): a class game's record, its
place in its lesson (with the lesson's row, made by its first write) and its students' keys are
in the history together or not at all; so are a warm-up's answers and their lesson, a review, and
a forget with its list of reports to write again - which the next run finishes.  A room closed
before anything happened leaves no lesson (issue 49)."""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable
from typing import Any
from pathlib import Path

import pytest

from classroom.lesson_book import LessonBook, rewrite_listed
from store.forgetting import forget_lesson, forget_student, to_rewrite
from store.history import History, open_history
from store.kept import KeptToo, keep_unfinished, unfinished_games
from store.lessons import add_review, lesson_games, lesson_reviews, lessons, set_report
from store.students import PuzzleAnswer, add_puzzle_answers, lesson_puzzle_answers
from tests.store.test_kept_damage import finished_record
from tests.store.test_lessons import decision

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked child at each statement")

NAMES = ("Ana", "Ben", "AI 1", "AI 2")
STUDENTS = (True, True, False, False)
KEYS = ("key-of-ana-0123456789", "key-of-ben-0123456789", "", "")


def killed_at(step: int, write: Callable[[History], None]) -> bool:
    """``write`` run in a child process killed (SIGKILL) as its ``step``-th SQL statement starts,
    counted on every connection it opens (the reports' rewrites open their own); whether it was
    (else it ran to its end)."""
    pid = os.fork()
    if pid == 0:  # the child: nothing of the test's process runs after this
        try:
            count = 0

            def trace(_statement: str) -> None:
                nonlocal count
                count += 1
                if count == step:
                    os.kill(os.getpid(), signal.SIGKILL)

            def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
                connection = connect(*args, **kwargs)
                connection.set_trace_callback(trace)
                return connection

            connect, sqlite3.connect = sqlite3.connect, traced  # (in the child alone)
            write(open_history(import_legacy=False))
            os._exit(0)
        except BaseException:  # noqa: BLE001 - any failure is the child's exit code
            os._exit(3)
    _pid, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) or os.WEXITSTATUS(status) == 0, "the write failed on its own"
    return os.WIFSIGNALED(status)


def every_step(fresh: Callable[[int], None], write: Callable[[History], None], check: Callable[[], None]) -> int:
    """``write`` killed at each of its statements in turn (``fresh(step)``: a new data folder as it
    was before), ``check()`` after each kill and after the run that was not killed; how many kills."""
    step = 1
    while True:
        fresh(step)
        killed = killed_at(step, write)
        check()
        if not killed:
            return step - 1
        step += 1


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    def made(step: int) -> None:
        monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / f"data-{step}"))
        with open_history(import_legacy=False) as history:
            keep_unfinished(history, "the game", "{}")
    return made


@pytest.mark.slow
def test_a_class_games_record_and_its_place_in_its_new_lesson_are_saved_together(
        fresh: Callable[[int], None], tmp_path: Path) -> None:
    record = finished_record()

    def save(history: History) -> None:  # as the app saves a class game that ends
        book = LessonBook.start(tmp_path / "reports", "ROOM", class_name="7b")
        entry = book.enter_game(NAMES, STUDENTS, record.scores, (), KEYS)
        history.add(record, finishing="the game", also=entry.write)

    def check() -> None:
        with open_history(import_legacy=False) as history:
            saved, kept, found = history.count(), unfinished_games(history), lessons(history)
            games = [game for info in found for game in lesson_games(history, info.number)]
        if saved:
            assert kept == [] and len(found) == 1, "the lesson and its game went in with the record"
            assert [(game.game, game.keys) for game in games] == [(1, KEYS)]
        else:
            assert [k.game for k in kept] == ["the game"] and found == [], "nothing half done"

    kills = every_step(fresh, save, check)
    assert kills >= 8, "every statement of the save, the lesson's row and its game"


@pytest.mark.slow
def test_a_warm_up_answer_and_its_new_lesson_are_written_together(fresh: Callable[[int], None],
                                                                   tmp_path: Path) -> None:
    answers = [PuzzleAnswer(1, KEYS[0], "Ana", 31, False, 16.5), PuzzleAnswer(1, KEYS[1], "Ben", 95, True, 0.0)]

    def answer(history: History) -> None:
        book = LessonBook.start(tmp_path / "reports", "ROOM", class_name="7b")
        add_puzzle_answers(history, book.lesson_ref(), answers)

    def check() -> None:
        with open_history(import_legacy=False) as history:
            found = lessons(history)
            kept = [lesson_puzzle_answers(history, info.number) for info in found]
        assert (found, kept) == ([], []) or (len(found) == 1 and len(kept[0]) == 2 and found[0].students == 2)

    assert every_step(fresh, answer, check) >= 4


WithALesson = tuple[Callable[[int], None], list[LessonBook]]


@pytest.fixture
def with_a_lesson(fresh: Callable[[int], None], tmp_path: Path) -> WithALesson:
    """Before each kill a new data folder with a lesson of class 7b (the lesson's book: ``[0]``)."""
    books: list[LessonBook] = []

    def made(step: int) -> None:
        fresh(step)
        books[:] = [a_lesson(tmp_path / f"reports-{step}")]
    return made, books


def a_lesson(folder: Path) -> LessonBook:
    book = LessonBook.start(folder, "ROOM", class_name="7b")
    position = book.add_game(NAMES, STUDENTS, (12, 30, 21, 40), ((3, 7), (4, 7), None, None), record=None, keys=KEYS)
    book.add_review(position, 0, [decision(0, 1.0)])
    book.add_puzzle_answers([PuzzleAnswer(1, KEYS[0], "Ana", 31, False, 16.5)])
    assert book.write()
    return book


@pytest.mark.slow
def test_a_forget_killed_at_any_statement_is_finished_by_the_next_run(with_a_lesson: WithALesson) -> None:
    made, books = with_a_lesson

    def forget(history: History) -> None:
        forget_student(history, "7b", lambda name: name == "Ana")
        rewrite_listed()

    def check() -> None:  # the next run: the list finished, or the forget run again
        rewrite_listed()
        with open_history(import_legacy=False) as history:
            if forget_student(history, "7b", lambda name: name == "Ana").seats:
                rewrite_listed()
            assert to_rewrite(history) == []
            [info] = lessons(history)
            assert lesson_reviews(history, info.number) == {}
        page = books[0].report.html_path
        assert "Ana" not in page.read_text(encoding="utf-8")
        assert not [p for p in page.parent.iterdir() if p.name.startswith(".report")], "no temporary file left"

    assert every_step(made, forget, check) >= 4


def test_a_room_closed_before_anything_happened_leaves_no_lesson(tmp_path: Path) -> None:
    book = LessonBook.start(tmp_path, "ROOM", class_name="7b")
    book.write()
    with open_history(import_legacy=False) as history:
        assert lessons(history) == []
    book.add_puzzle_answers([PuzzleAnswer(1, KEYS[0], "Ana", None, False, None)])
    with open_history(import_legacy=False) as history:
        [info] = lessons(history)
    assert (info.students, info.games) == (1, 0), "a student who only answered the warm-up counts"


@pytest.mark.slow
def test_forgetting_a_lesson_killed_at_any_statement_is_whole_or_not_at_all(with_a_lesson: WithALesson) -> None:
    made, books = with_a_lesson

    def forget(history: History) -> None:
        [info] = lessons(history)
        forget_lesson(history, info)
        rewrite_listed()

    def check() -> None:
        with open_history(import_legacy=False) as history:
            found, listed = lessons(history), to_rewrite(history)
        page = books[0].report.html_path
        if found:
            assert listed == [] and page.exists(), "not begun: the lesson as it was"
            return
        rewrite_listed()  # the next run
        with open_history(import_legacy=False) as history:
            assert to_rewrite(history) == []
        assert not page.exists() and not page.with_suffix(".csv").exists()

    assert every_step(made, forget, check) >= 6


@pytest.mark.slow
@pytest.mark.parametrize("write", ["review", "report"])
def test_a_review_or_a_reports_place_is_written_whole_or_not_at_all(write: str, with_a_lesson: WithALesson,
                                                                    tmp_path: Path) -> None:
    made, books = with_a_lesson

    def written(history: History) -> None:
        number = books[0].number
        assert number is not None
        if write == "review":
            add_review(history, number, 0, 1, [decision(1, 2.0)])
        else:
            set_report(history, number, str(tmp_path / "elsewhere.html"))

    def check() -> None:
        with open_history(import_legacy=False) as history:
            [info] = lessons(history)
            reviews = lesson_reviews(history, info.number)
        assert set(reviews) in ({(0, 0)}, {(0, 0), (0, 1)})
        assert info.report in (str(books[0].report.html_path), str(tmp_path / "elsewhere.html"))

    assert every_step(made, written, check) >= 2


@pytest.mark.slow
def test_a_tables_game_its_lesson_and_its_room_kept_as_saved_go_in_together(fresh: Callable[[int], None],
                                                                           tmp_path: Path) -> None:
    record = finished_record()

    def save(history: History) -> None:  # table 1 of a room of many ends: the room is kept with it saved
        book = LessonBook.start(tmp_path / "reports", "ROOM", class_name="7b")
        entry = book.enter_game(NAMES, STUDENTS, record.scores, (), KEYS)
        history.add(record, also=KeptToo(entry, "the game", lambda: '{"table 1": "saved"}').write)

    def check() -> None:
        with open_history(import_legacy=False) as history:
            saved, [kept], found = history.count(), unfinished_games(history), lessons(history)
        assert (saved, kept.state, len(found)) in ((0, "{}", 0), (1, '{"table 1": "saved"}', 1))

    assert every_step(fresh, save, check) >= 8
