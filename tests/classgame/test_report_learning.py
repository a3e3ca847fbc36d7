"""Issue 53: the report's progress - each student's puzzle rating after each lesson (with its
uncertainty), their strongest and weakest themes only past a minimum of answers, and the themes the
class should practise next; read from a class's warm-up answers in the history."""

from __future__ import annotations

from pathlib import Path

from classroom.progress import MIN_THEME_ANSWERS, class_themes_html, learning_html
from store.history import open_history
from store.puzzles import add_puzzles
from store.ratings import class_learning
from store.students import LessonFigures
from tests.store.test_puzzle_ratings import STUDENTS, lesson_of, with_lead
from tests.support.puzzle_positions import card_puzzle, row_puzzle


def test_ratings_move_and_themes_count_only_past_the_minimum(tmp_path: Path) -> None:
    with open_history(tmp_path / "history.sqlite3") as history:
        card = [with_lead(card_puzzle(), 3.0, game) for game in (1, 2, 3)]  # sixth-card, ..., last-turn
        add_puzzles(history, [*card, row_puzzle()])  # the row puzzle: cheapest-row, last-turn
        first = lesson_of(history, {1: True, 4: False}, 1000)
        second = lesson_of(history, {2: True, 3: True}, 2000)
        learning = class_learning(history, "7b")
    key = STUDENTS[0]
    lessons = [LessonFigures(first, 1, 1000, "Ana"), LessonFigures(second, 2, 2000, "Ana")]
    steps = [rating.rating for _lesson, rating in learning.steps[key]]
    assert len(steps) == 2 and steps[1] > steps[0]  # three right after one right, one wrong
    page = learning_html(key, learning, lessons)
    assert "Puzzle rating after each lesson: lesson 1: " in page and "\u00b1" in page and "(provisional)" in page
    assert learning.themes[key]["cheapest-row"] == (0, 1)  # one answer: below the minimum, never named
    assert learning.themes[key]["sixth-card"] == (3, 3) == (3, MIN_THEME_ANSWERS)
    assert "Strongest theme: The sixth card (3 of 3 right)." in page and "The cheapest row" not in page
    assert "Weakest theme: The last turn (3 of 4 right)." in page
    assert learning.class_themes["last-turn"] == (9, 12)
    practise = class_themes_html(learning)
    assert practise.startswith('<p class="learning">Themes to practise next: The last turn (9 of 12 right), ')
    assert learning_html("nobody", learning, lessons) == "" and class_themes_html(None) == ""
