"""Issue 53: puzzles true at the table that was played - every decision judged with the other seats
as random players, as ``heuristic`` players and as what sat there; a puzzle only where the best
answer holds, with the margins, under every model; a stored puzzle checked again, kept or marked."""

from __future__ import annotations

import pytest

import random
from dataclasses import replace
from pathlib import Path

from game.batch.modelled import HEURISTIC, RANDOM
from game.puzzles import puzzles_from_decisions
from game.puzzles.finding import checked, holds, marked
from game.review import CARD, DecisionPoint, review_point
from game.review_models import MODELS, TABLE_MODEL, opponent_models, review_against
from store.history import open_history
from store.puzzles import add_puzzles, save_checked, stored_puzzles, warmup_puzzles
from tests.support.puzzle_positions import CARD_HAND, FULL_ROWS, card_puzzle, made_source, row_puzzle, scripted_view


def trap_point() -> DecisionPoint:
    """Turn 5 of 7: three full rows, one safe card (95).  Random opponents often take the full rows
    for the player; heuristic ones never play a 6th card they can avoid, so the full rows wait."""
    return DecisionPoint(0, 0, 5, CARD, scripted_view(CARD_HAND, FULL_ROWS, 5), 31)


def test_the_table_models_each_other_seat_as_what_sat_there() -> None:
    table = ("phone", "random", "heuristic", "mc")
    assert opponent_models("random", table, 0, 4) == (RANDOM, RANDOM, RANDOM)
    assert opponent_models("heuristic", table, 0, 4) == (HEURISTIC, HEURISTIC, HEURISTIC)
    assert opponent_models(TABLE_MODEL, table, 0, 4) == (RANDOM, HEURISTIC, HEURISTIC)
    assert opponent_models(TABLE_MODEL, table, 1, 4) == (HEURISTIC, HEURISTIC, HEURISTIC)  # a student: heuristic
    assert opponent_models(TABLE_MODEL, (), 0, 4) == (HEURISTIC,) * 3  # not known: students


def test_random_opponents_played_with_whole_hands_give_the_reviews_figures() -> None:
    point = trap_point()
    review = review_point(point, 2000, seed=3)
    dealt = review_against(point, ("any random",) * 3, 2000, seed=3)  # not the heuristic: a random hand
    for (card, mean), (_card, other) in zip(review.expected, dealt.expected):
        assert abs(mean - other) < 0.6, (card, mean, other)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_heuristic_opponents_change_the_answer_and_the_decision_is_no_puzzle() -> None:
    point = trap_point()
    random_figures = dict(review_point(point, 2000).expected)
    heuristic = dict(review_against(point, (HEURISTIC,) * 3, 2000, 0).expected)
    assert min(random_figures.values()) == random_figures[95] < random_figures[31] - 10  # clear, at random
    assert heuristic[95] > random_figures[95] + 8  # the full rows are still there next turn
    found = puzzles_from_decisions([(point, review_point(point, 1000))], lambda _point: made_source(),
                                   rollouts=1000, table=("phone", "heuristic", "heuristic", "random"))
    assert found == []


def test_a_puzzle_keeps_every_models_figures_and_holds_under_each() -> None:
    puzzle = card_puzzle()
    assert [name for name, _figures in puzzle.models] == list(MODELS)
    assert holds(puzzle) and not marked(puzzle)
    for _name, figures in puzzle.models:
        assert min(figures, key=lambda option: option[1])[0] == puzzle.best == 95
    assert set(puzzle.to_dict()["models"]) == set(MODELS)


def test_a_stored_puzzle_that_no_longer_holds_is_marked_and_left_out(tmp_path: Path) -> None:
    old = replace(card_puzzle(), view=scripted_view(CARD_HAND, FULL_ROWS, 5), models=())  # stored before the models
    assert not old.models and not marked(old)
    again = checked(old)
    assert again.models[0] == ("random", old.options) and marked(again)
    path = tmp_path / "history.sqlite3"
    with open_history(path) as history:
        add_puzzles(history, [old, row_puzzle()])
        [first, second] = stored_puzzles(history)
        save_checked(history, [replace(first, puzzle=again)])
        assert [stored.id for stored in stored_puzzles(history)] == [second.id]  # marked: left out
        assert len(stored_puzzles(history, with_marked=True)) == 2  # but kept
        assert [stored.id for stored in warmup_puzzles(history, "", 2, random.Random(1))] == [second.id]
