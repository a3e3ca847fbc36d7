"""Predictions as data: the engine's placement is the answer, scored the same for one learner
(a tally) or a whole class (counts per answer, a leaderboard)."""

from __future__ import annotations

import pytest

from game.engine import Phase
from game.predict import (
    TAKES,
    ClassRound,
    InvalidGuessError,
    Leaderboard,
    Question,
    Tally,
    answer_of,
    check_guess,
    guess_text,
    is_right,
    question_of,
    score,
)
from game.scenarios import WORKED_EXAMPLE_NAMES, WORKED_EXAMPLE_PLAYS, worked_example_game


def example_placements() -> list:
    """The worked example's turn: 7 (rule 4, takes row 4), 23 -> row 1, 64 -> row 3, 88 (6th card)."""
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    placements = [game.choose_row(2, 3)]
    while game.phase is Phase.PLACE_CARD:
        placements.append(game.place_next())
    return placements


def test_the_answers_of_the_worked_example() -> None:
    placements = example_placements()
    assert [(p.card, answer_of(p)) for p in placements] == [(7, TAKES), (23, 0), (64, 2), (88, TAKES)]
    seven, twenty_three, sixty_four, eighty_eight = placements
    assert is_right(TAKES, seven) and not is_right(3, seven)  # the row it ends in is not "takes a row"
    assert is_right(0, twenty_three) and not is_right(TAKES, twenty_three)
    assert is_right(TAKES, eighty_eight) and not is_right(2, eighty_eight)
    assert question_of(sixty_four) == Question(0, 2, 3, 64)
    assert question_of(sixty_four).text(WORKED_EXAMPLE_NAMES) == "Where will David's 64 go?"


def test_verdicts_and_the_tally() -> None:
    placements = example_placements()
    tally = Tally()
    for guess, placement in zip((TAKES, 1, 2, 0), placements):
        tally.add(score(guess, placement))
    assert [v.right for v in tally.verdicts] == [True, False, True, False]
    assert tally.text() == "2 of 4 right"
    assert tally.verdicts[1].text(WORKED_EXAMPLE_NAMES) == "Not quite: Alice's 23 went to row 1 (you said row 2)"
    assert tally.verdicts[0].text(WORKED_EXAMPLE_NAMES) == "Right: Celia's 7 took a row"


@pytest.mark.parametrize("guess", [-1, 5, 1.0, "2", True, None])
def test_a_guess_is_a_row_or_takes(guess: object) -> None:
    with pytest.raises(InvalidGuessError):
        check_guess(guess)  # type: ignore[arg-type]


def test_guess_words() -> None:
    assert [guess_text(g) for g in (0, 3, TAKES)] == ["row 1", "row 4", "takes a row"]


def test_a_class_predicting_together() -> None:
    placements = example_placements()
    board = Leaderboard()
    rounds = [ClassRound(placements[0], {"ana": TAKES, "ben": 3, "cleo": TAKES}),
              ClassRound(placements[1], {"ana": 0, "ben": 0, "cleo": 1, "dev": 0})]
    for round_ in rounds:
        board.add(round_)
    assert rounds[0].right == ("ana", "cleo")
    assert rounds[1].counts == {0: 3, 1: 1, 2: 0, 3: 0, TAKES: 0}
    assert board.ranking() == [("ana", 2, 2), ("dev", 1, 1), ("ben", 1, 2), ("cleo", 1, 2)]
