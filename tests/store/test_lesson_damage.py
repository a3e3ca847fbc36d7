"""A damaged row of a class's history - a lesson, a game of it, a review, a warm-up answer, a puzzle
- is left out with one line, and the class's next lesson, its warm-up and its report go on
without it (issue 48: the warm-up's first Space crashed on a ``started`` that was text)."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from classroom.lesson_book import LessonBook
from game.puzzles import LESSON, Source
from store.history import open_history
from store.lessons import lessons
from store.puzzles import warmup_puzzles
from store.storage import default_history_path
from store.students import PuzzleAnswer, class_progress
from tests.store.test_lessons import decision
from tests.support.puzzle_positions import card_puzzle

NAMES = ("Ana", "Ben", "AI 1", "AI 2")
KEYS = ("key-of-ana-0123456789", "key-of-ben-0123456789", "", "")
LOOSE = ("ALTER TABLE lessons RENAME TO kept_lessons",
         "CREATE TABLE lessons (number INTEGER PRIMARY KEY, code, started, folder, class, report)",
         "INSERT INTO lessons SELECT * FROM kept_lessons")
DAMAGES = {
    "started is text": ("UPDATE lessons SET started = 'soon' WHERE number = 1",),
    "started is NULL": (*LOOSE, "UPDATE lessons SET started = NULL WHERE number = 1"),
    "code is NULL": (*LOOSE, "UPDATE lessons SET code = NULL WHERE number = 1"),
    "the class is a number": (*LOOSE, "UPDATE lessons SET folder = 7 WHERE number = 1"),
    "a warm-up answer is text": ("UPDATE lesson_puzzles SET answer = 'x' WHERE lesson = 1",),
    "a warm-up answer's puzzle is text": ("UPDATE lesson_puzzles SET puzzle = 'x' WHERE lesson = 1",),
    "a game is not JSON": ("UPDATE lesson_games SET result = '{' WHERE lesson = 1",),
    "a game's seats disagree": ("UPDATE lesson_games SET result = '{\"names\": [\"A\"], \"students\": [], "
                                "\"scores\": [], \"predicted\": []}' WHERE lesson = 1",),
    "a game's position is text": ("UPDATE lesson_games SET position = 'x' WHERE lesson = 1",),
    "a review is text": ("UPDATE lesson_reviews SET decisions = '[1]' WHERE lesson = 1",),
    "a puzzle is damaged": ("UPDATE puzzles SET puzzle = '[]'",),
}


def a_lesson(folder: Path, started: float) -> LessonBook:
    book = LessonBook.start(folder, "ROOM", class_name="7b")
    book.report.started = started
    position = book.add_game(NAMES, (True, True, False, False), (12, 30, 21, 40), ((3, 7), (4, 7), None, None),
                             keys=KEYS)
    book.add_review(position, 0, [decision(0, 1.0)])
    book.add_puzzle_answers([PuzzleAnswer(1, KEYS[0], "Ana", 31, False, 16.5)])
    made = card_puzzle()
    book.add_puzzles([replace(made, source=Source(LESSON, 1, 0, lesson=book.key))])
    assert book.write()
    return book


@pytest.mark.parametrize("what", [pytest.param(what, marks=() if what == "started is text" else pytest.mark.slow)
                                  for what in DAMAGES])
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_next_lesson_its_warm_up_and_reports_go_on_without_a_damaged_row(
        what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = a_lesson(tmp_path / "one", 1_700_000_000)
    a_lesson(tmp_path / "two", 1_700_100_000)
    db = sqlite3.connect(default_history_path())
    for statement in DAMAGES[what]:
        db.execute(statement)
    db.commit()
    db.close()
    capsys.readouterr()
    with open_history(import_legacy=False) as history:
        class_progress(history, "7b")
        found = lessons(history, "7b")
        warmup_puzzles(history, "7b", 3, random.Random(1))
    assert len(found) in (1, 2)
    book = LessonBook.start(tmp_path / "three", "NEXT", class_name="7b")  # the next lesson reads the earlier ones
    book.add_puzzle_answers([PuzzleAnswer(1, KEYS[0], "Ana", 31, True, 0.0)])
    assert book.write()
    assert first.number is not None
    again = LessonBook.reopen(first.number)
    assert again is None or again.write()
    err = capsys.readouterr().err
    assert err.count("\n") <= 1 and "Traceback" not in err, err
    assert err.count("\n") == 1 and "damaged" in err and "left out" in err, "one line names it"
