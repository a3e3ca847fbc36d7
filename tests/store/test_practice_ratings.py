"""Issue 53: the practice screen's answers are rated games too (kept in the history), and its order
starts near the player's level."""

from __future__ import annotations

from pathlib import Path

from game.puzzles.rating import START_RATING, predicted_rating
from store.history import open_history
from store.puzzles import add_puzzles, stored_puzzles
from store.ratings import DAY, add_practice_answer, practice_ratings
from scenes.puzzles.practice import Levels, Practice, practice_levels
from tests.store.test_puzzle_ratings import with_lead
from tests.support.puzzle_positions import card_puzzle


def test_practice_answers_rate_the_player_and_the_order_starts_near_their_level(tmp_path: Path) -> None:
    with open_history(tmp_path / "history.sqlite3") as history:
        add_puzzles(history, [with_lead(card_puzzle(), lead, game) for game, lead in
                              enumerate((0.5, 2.0, 4.0, 8.0, 16.0), 1)])
        puzzles = stored_puzzles(history)
        for day in range(4):
            for stored in puzzles:
                add_practice_answer(history, "Ana", stored.id, True, day * DAY)
                add_practice_answer(history, "Ben", stored.id, False, day * DAY + 1)
        ratings = practice_ratings(history)
        levels = practice_levels(history, puzzles)
    assert ratings.student("Ana").rating > START_RATING > ratings.student("Ben").rating
    assert len(ratings.steps["Ana"]) == 4  # a day, a rating period
    by_rating = sorted(puzzles, key=lambda stored: predicted_rating(stored.puzzle).rating)
    hardest, easiest = by_rating[-1].id, by_rating[0].id
    strong = Practice.start(puzzles, ["Ana"], seed=1, levels=levels)
    weak = Practice.start(puzzles, ["Ben"], seed=1, levels=levels)
    assert strong.shown.id == hardest and weak.shown.id == easiest
    new = Practice.start(puzzles, ["Cem"], seed=1, levels=Levels({}, {}))  # no rating yet: near the start
    assert abs(predicted_rating(new.shown.puzzle).rating - START_RATING) <= min(
        abs(predicted_rating(stored.puzzle).rating - START_RATING) for stored in puzzles) + 100
