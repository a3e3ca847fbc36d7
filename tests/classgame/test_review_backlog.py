"""A review a stop left missing is made later (issue 38, item 2): at the next class game, in the
review workers while they are free, or by ``main.py lessons report``, as the user runs it; the
lesson's report then has every student's review."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.backlog import ReviewBacklog
from classroom.lesson_book import LessonBook
from classroom.reviews import ReviewService
from game.engine import Game, Phase
from game.record import PlayerInfo, record_game
from store.history import open_history
from store.lessons import lesson_reviews
from tests.conftest import PROJECT
from tests.support.waiting import eventually

pytestmark = pytest.mark.slow

NAMES = ("Ana", "Ben", "AI 1", "AI 2")


def a_lesson_with_missing_reviews(folder: Path) -> LessonBook:
    """One game saved in the history, its two students' reviews never made (the app stopped)."""
    game = Game(player_count=4, seed=21)
    while not game.is_over:
        game.play_cards([hand[-1] for hand in game.hands])
        while game.phase is not Phase.CHOOSE_CARDS and not game.is_over:
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    record = record_game(game, [PlayerInfo(name, kind) for name, kind in zip(NAMES, ("human",) * 2 + ("random",) * 2)],
                         mode="class", room="ROOM", table=None)
    with open_history(import_legacy=False) as history:
        number = history.add(record)
    book = LessonBook.start(folder, "ROOM")
    book.add_game(NAMES, (True, True, False, False), game.scores, (), record=number)
    book.write()
    return book


def student_rows(book: LessonBook) -> list[list[str]]:
    return list(csv.reader(book.report.csv_path.open(encoding="utf-8")))[1:]


def test_the_next_lesson_makes_the_missing_reviews_while_its_workers_are_free(tmp_path: Path) -> None:
    book = a_lesson_with_missing_reviews(tmp_path)
    assert all(row[7] == "" for row in student_rows(book)), "no review yet"
    service = ReviewService(rollouts=20)
    try:
        backlog = ReviewBacklog.of_history(service)
        assert len(backlog.waiting) == 2
        backlog.update(workers_free=False)
        assert backlog.making == [], "the lesson going on comes first"
        eventually(lambda: backlog.update(workers_free=True) or backlog.done, seconds=120)
    finally:
        service.close()
    with open_history(import_legacy=False) as history:
        assert set(lesson_reviews(history, book.number)) == {(0, 0), (0, 1)}  # type: ignore[arg-type]
    assert all(row[7] != "" for row in student_rows(book)), "the report has every review"


def test_lessons_report_latest_makes_them_as_the_user_runs_it(tmp_path: Path) -> None:
    book = a_lesson_with_missing_reviews(tmp_path)
    result = subprocess.run([sys.executable, str(PROJECT / "main.py"), "lessons", "report", "latest"],
                            capture_output=True, text=True, timeout=600, cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    assert "2 reviews made" in result.stdout and str(book.report.html_path) in result.stdout
    assert all(row[7] != "" for row in student_rows(book))
    listed = subprocess.run([sys.executable, str(PROJECT / "main.py"), "lessons"], capture_output=True, text=True,
                            timeout=120, cwd=PROJECT)
    assert listed.returncode == 0 and "room ROOM" in listed.stdout and "2 students, 1 game" in listed.stdout
