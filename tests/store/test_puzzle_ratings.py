"""Issue 53: every warm-up answer is a rated game (Glicko-2) between student and puzzle; students start
provisional, puzzles from their difficulty; the next warm-up draws near the class's level and brings
back what the class missed, spaced out."""

from __future__ import annotations

import pytest

import random
from dataclasses import replace
from pathlib import Path

from game.puzzles.puzzle import Puzzle
from game.puzzles.rating import NEW_STUDENT, START_RATING, Game, predicted_rating, replay
from store.history import History, open_history
from store.lessons import start_lesson
from store.puzzles import add_puzzles, warmup_puzzles
from store.ratings import due_again, ratings_of, student_key
from store.students import PuzzleAnswer, add_puzzle_answers
from tests.support.puzzle_positions import card_puzzle, made_source, row_puzzle

STUDENTS = ("key-ana-0000000000", "key-ben-0000000000", "key-cem-0000000000")


def with_lead(puzzle: Puzzle, lead: float, game: int) -> Puzzle:
    """``puzzle`` with its best answer ``lead`` points ahead of the next best (other scores: stored apart)."""
    options = tuple((answer, 0.0 if answer == puzzle.best else lead + index)
                    for index, (answer, _points) in enumerate(puzzle.options))
    view = puzzle.view._replace(scores=(game, 0, 0, 0))
    return replace(puzzle, view=view, options=options, source=made_source(game), models=())


def test_right_answers_raise_a_student_and_wrong_ones_lower_and_uncertainty_shrinks() -> None:
    start = {1: predicted_rating(card_puzzle()), 2: predicted_rating(row_puzzle())}
    assert NEW_STUDENT.provisional
    right = replay([(lesson, [Game("a", 1, True), Game("a", 2, True)]) for lesson in range(6)], start)
    wrong = replay([(lesson, [Game("a", 1, False), Game("a", 2, False)]) for lesson in range(6)], start)
    ups = [rating.rating for _lesson, rating in right.steps["a"]]
    downs = [rating.rating for _lesson, rating in wrong.steps["a"]]
    assert ups == sorted(ups) and ups[0] > START_RATING and downs == sorted(downs, reverse=True)
    assert right.student("a").rd < NEW_STUDENT.rd and right.puzzles[1].rating < start[1].rating  # beaten: easier
    assert wrong.puzzles[1].rating > start[1].rating


def test_a_clear_lead_predicts_an_easier_puzzle() -> None:
    easy, hard = with_lead(card_puzzle(), 15.0, 1), with_lead(card_puzzle(), 1.0, 2)
    assert predicted_rating(easy).rating < START_RATING < predicted_rating(hard).rating


def lesson_of(history: History, answers: dict[int, bool], started: int) -> int:
    """A lesson of class 7b whose warm-up asked ``answers`` (puzzle -> right) of every student."""
    number = start_lesson(history, "ROOM", started, "/tmp", "7b")
    for puzzle, right in answers.items():
        add_puzzle_answers(history, number, [PuzzleAnswer(puzzle, key, key[4:7], 1, right, 0.0 if right else 3.0)
                                             for key in STUDENTS])
    return number


def history_of(path: Path, right: bool) -> list[int]:
    """Six puzzles (the class's level picks among them); lesson 1 asked the first two, all ``right``."""
    with open_history(path) as history:
        add_puzzles(history, [with_lead(card_puzzle(), lead, game) for game, lead in
                              enumerate((1.0, 3.0, 6.0, 9.0, 12.0, 15.0), 1)])
        lesson_of(history, {1: right, 2: right}, 1000)
        return [stored.id for stored in warmup_puzzles(history, "7b", 2, random.Random(4))]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_next_warm_up_follows_the_class_and_brings_back_what_it_missed(tmp_path: Path) -> None:
    after_right = history_of(tmp_path / "right.sqlite3", right=True)
    after_wrong = history_of(tmp_path / "wrong.sqlite3", right=False)
    assert after_right != after_wrong
    assert after_wrong[:2] == [1, 2]  # missed last lesson: due again, first
    assert not {1, 2} & set(after_right)  # answered right: not due; puzzles nearer a stronger class instead
    with open_history(tmp_path / "wrong.sqlite3") as history:
        ratings = ratings_of(history, "7b")
        assert all(ratings.student(student_key("7b", key)).rating < START_RATING for key in STUDENTS)
        lesson_of(history, {1: False}, 2000)  # missed again in lesson 2: now it waits two lessons
        assert 1 not in due_again(history, "7b")
        lesson_of(history, {3: True}, 3000)
        assert 1 in due_again(history, "7b")
    with open_history(tmp_path / "right.sqlite3") as history:
        assert all(ratings_of(history, "7b").student(student_key("7b", key)).rating > START_RATING for key in STUDENTS)
