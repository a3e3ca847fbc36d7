"""Issue 44: ``main.py lessons --class NAME`` and ``main.py lessons forget NAME --class C``, run as the
docs write them: a class's lessons listed; one student forgotten everywhere the history keeps them
(their seats renamed Forgotten in the lessons and the records, their reviews, warm-up answers and
puzzles deleted, their classmates' figures kept, the reports written again without them); bad input
one line and a non-zero exit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from classroom.lesson_book import LessonBook
from game.engine import Game, Phase
from game.puzzles import LESSON, Source
from game.record import PlayerInfo, record_game
from game.review import Decision
from game.rules import SNAP
from store.history import open_history
from store.lessons import lesson_games, lesson_reviews
from store.puzzles import stored_puzzles
from store.students import PuzzleAnswer, lesson_puzzle_answers
from tests.support.puzzle_positions import card_puzzle

PROJECT = Path(__file__).resolve().parents[2]
LISTED = "python main.py lessons --class 7b"
FORGET = "python main.py lessons forget Ana --class 7b"
"""The commands as docs/teaching.md writes them."""
KEYS = ("key-of-ana-0123456789", "key-of-ben-0123456789", "", "")


def run(command: str) -> subprocess.CompletedProcess[str]:
    args = command.split()
    assert args[:2] == ["python", "main.py"]
    return subprocess.run([sys.executable, *args[1:]], cwd=PROJECT, env=os.environ, capture_output=True, text=True,
                          timeout=120)


def the_command_is_documented(command: str) -> None:
    assert command in (PROJECT / "docs" / "teaching.md").read_text(encoding="utf-8")


def played(seed: int) -> Game:
    game = Game(SNAP, 4, seed)
    while not game.is_over:
        game.play_cards([hand[0] for hand in game.hands])
        while game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    return game


def decision(seat: int, loss: float) -> Decision:
    return Decision(seat, 0, 2, "card", 40, 12, ((12, 1.5), (40, 1.5 + loss)), loss, ((5,), (20, 21), (33,), (60,)),
                    (12, 40, 77), None, (), "12 fits row 2")


def a_lesson(folder: Path, names: tuple[str, ...], seed: int) -> LessonBook:
    """A lesson of class 7b: one game (its record in the history), two reviews, a warm-up answer each,
    a puzzle of the class made from each student's decisions."""
    record = record_game(played(seed), [PlayerInfo(name, "human" if key else "random")
                                        for name, key in zip(names, KEYS)], mode="class")
    with open_history(import_legacy=False) as history:
        number = history.add(record)
    book = LessonBook.start(folder, "ROOM", class_name="7b")
    position = book.add_game(names, [bool(key) for key in KEYS], record.scores, ((3, 7), (4, 7), None, None),
                             record=number, keys=KEYS)
    for seat in (0, 1):
        book.add_review(position, seat, [decision(seat, 1.0 + seat)])
    book.add_puzzle_answers([PuzzleAnswer(1, KEYS[0], names[0], 31, False, 16.5),
                             PuzzleAnswer(1, KEYS[1], names[1], 95, True, 0.0)])
    made = card_puzzle()
    book.add_puzzles([replace(made, view=made.view._replace(scores=(seed, seat, 0, 0)),  # (a position of its own)
                              source=Source(LESSON, position + 1, seat, lesson=book.key)) for seat in (0, 1)])
    assert book.write()
    return book


@pytest.mark.slow
def test_a_class_is_listed_and_one_student_is_forgotten_everywhere(tmp_path: Path) -> None:
    the_command_is_documented(LISTED)
    the_command_is_documented(FORGET)
    first = a_lesson(tmp_path / "one", ("Ana", "Ben", "AI 1", "AI 2"), 3)
    second = a_lesson(tmp_path / "two", ("ANA", "Ben", "AI 1", "AI 2"), 4)  # the same phones, Ana typed in capitals
    with open_history(import_legacy=False) as history:
        assert len(stored_puzzles(history, "7b")) == 4
    listed = run(LISTED)
    assert listed.returncode == 0 and listed.stdout.count("class 7b") == 2, listed.stdout
    forgotten = run(FORGET)
    assert forgotten.returncode == 0, forgotten.stderr
    assert forgotten.stdout.startswith("Ana of class 7b forgotten: 2 lessons, 2 game seats renamed (here and in "
                                       "2 game records), 2 reviews, 2 warm-up answers and 2 puzzles deleted"), forgotten.stdout
    with open_history(import_legacy=False) as history:
        for book in (first, second):
            assert book.number is not None
            [game] = lesson_games(history, book.number)
            assert (game.names[0], game.students[0], game.key_of(0), game.predicted[0]) == ("Forgotten", False, "",
                                                                                             None)
            assert (game.names[1], game.students[1], game.key_of(1), game.predicted[1]) == ("Ben", True, KEYS[1],
                                                                                             (4, 7))
            assert set(lesson_reviews(history, book.number)) == {(0, 1)}
            assert [(a.name, a.right) for a in lesson_puzzle_answers(history, book.number)] == [("Ben", True)]
            assert history.replay(game.game or 0).record.players[0].name == "Forgotten"
        assert [stored.puzzle.source.seat for stored in stored_puzzles(history, "7b")] == [1, 1]
        assert not any(row[0].casefold() == "ana" for row in
                       history._read("SELECT name FROM names"))  # type: ignore[attr-defined]
    for book in (first, second):
        page = book.report.html_path.read_text(encoding="utf-8")
        assert "Ana" not in page and "ANA" not in page and "Ben" in page
    again = run(FORGET)
    assert again.returncode == 1 and again.stderr.count("\n") == 1
    assert "no student named 'Ana' in the lessons of class 7b" in again.stderr


@pytest.mark.parametrize("args, problem", [
    (["lessons", "forget", "Ana"], "the following arguments are required: --class"),
    (["lessons", "forget", "Ana", "--class", "\u0007"], "--class: the name holds a control"),
    (["lessons", "forget", "Ana", "--class", "   "], "--class: the name is empty"),
    (["lessons", "--class", "x" * 30], "--class: the name is 30 characters long"),
])
@pytest.mark.slow
def test_a_bad_class_or_name_is_one_line_and_exit_2(args: list[str], problem: str) -> None:
    result = subprocess.run([sys.executable, "main.py", *args], cwd=PROJECT, env=os.environ, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and problem in result.stderr, result.stderr


@pytest.mark.slow
def test_forgetting_in_a_class_with_no_lesson_says_so(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "main.py", "lessons", "forget", "Ana", "--class", "8c"], cwd=PROJECT,
                            env=os.environ, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "no lesson of class 8c is kept in the history" in result.stderr
    listed = subprocess.run([sys.executable, "main.py", "lessons", "--class", "8c", "--json"], cwd=PROJECT,
                            env=os.environ, capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0 and json.loads(listed.stdout) == []
