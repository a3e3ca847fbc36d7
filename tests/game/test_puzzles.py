"""Puzzles from reviewed decisions: exact figures where the position is forced, the margins, the second
review that must agree, the verdicts, the JSON read back (and refused when damaged), made puzzles the
same from the same seed, and a core that loads no adapter."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.puzzles import (LESSON, MADE, PuzzleAnswerError, PuzzleError, Source, agrees, clear_answer,
                          puzzle_from_dict, puzzle_from_json, puzzles_from_decisions, puzzles_from_reviews)
from game.puzzles import finding
from game.play import play_seeded_game
from game.players.options import AgentOptions
from game.puzzles.making import MC_ROLLOUTS, made_games
from game.review import ROW, Decision, DecisionPoint, decision_points, review_point, summary
from game.rules import SNAP
from tests.support.puzzle_positions import (CARD_HAND, EXACT_ROWS, card_point, card_puzzle, made_source, row_point,
                                            row_puzzle)

ROOT = Path(__file__).resolve().parents[2]


def reviewed(point: DecisionPoint, rollouts: int = 50) -> list[tuple[DecisionPoint, Decision]]:
    return [(point, review_point(point, rollouts))]


# ------------------------------------------------------------ forced positions
def test_a_last_turn_row_choice_is_a_puzzle_with_exact_figures() -> None:
    puzzle = row_puzzle()
    # snap points: (20, 21) 8, (30, 55) 14, (40, 44, 45) 16, (50,) 5 - nothing follows the last turn
    assert puzzle.kind == ROW
    assert puzzle.options == ((0, 8.0), (1, 14.0), (2, 16.0), (3, 5.0))
    assert (puzzle.best, puzzle.played, puzzle.card) == (3, 1, 5)
    assert puzzle.rows == EXACT_ROWS and puzzle.view.turn == 6 and puzzle.view.player_count == 4
    assert puzzle.view.rules is SNAP and puzzle.view.scores == (0, 0, 0, 0)
    assert puzzle.explanation == ("Taking row 4 instead of row 2 would have saved about 9.0 points by the end of the round: "
                                  "row 2 held 14 points, row 4 only 5")
    assert puzzle.source == Source(MADE, 1, 0, seed=7)


def test_the_explanation_is_the_reviews_own_sentence() -> None:
    point = card_point()
    second = review_point(point, 4 * 200, 1)
    puzzle = card_puzzle()
    assert puzzle.options == second.expected  # the confirming review's figures are kept
    assert puzzle.explanation == summary(second)
    assert puzzle.explanation.startswith("Playing 95 instead of 31 would have saved about ")
    assert puzzle.hand == CARD_HAND and puzzle.best == 95


def test_the_why_of_an_answer_is_about_that_answer_and_the_best_names_the_games_choice() -> None:
    puzzle = card_puzzle()
    assert puzzle.explanation_for(51).startswith("Playing 95 instead of 51 would have saved about ")
    assert puzzle.explanation_for(31) == puzzle.explanation
    assert puzzle.explanation_for(95) == "In the game this puzzle comes from: " + puzzle.explanation


def test_verdicts_say_right_or_what_an_answer_costs() -> None:
    puzzle = row_puzzle()
    assert puzzle.verdict(3) == replace(puzzle.verdict(3), answer=3, best=3, right=True, cost=0.0)
    wrong = puzzle.verdict(0)
    assert (wrong.answer, wrong.best, wrong.right, wrong.cost) == (0, 3, False, 3.0)
    assert puzzle.verdict(2).cost == 11.0
    with pytest.raises(PuzzleAnswerError):
        puzzle.verdict(4)  # there are four rows, answered 0-3


# ------------------------------------------------------------ the filter
@pytest.mark.parametrize(("rows", "played", "kept"), [
    (EXACT_ROWS, 1, True),                                  # best 5: played 14 (9 more), next 8 (3 more)
    (((20,), (21, 23), (30, 55), (40, 44, 45)), 2, True),   # 5, 6, 14, 16: the next best exactly 1 more
    (((20,), (50,), (30, 55), (40, 44, 45)), 2, False),     # 5, 5, 14, 16: two best answers, no clear one
    (((20,), (33,), (30, 55), (40, 44, 45)), 1, True),      # 5, 7, 14, 16: the one played exactly 2 more
    (((20,), (21, 23), (30, 55), (40, 44, 45)), 1, False),  # 5, 6, ...: the one played only 1 more
    (EXACT_ROWS, 3, False),                                 # the best one was played
])
def test_only_a_clear_answer_makes_a_puzzle(rows: tuple[tuple[int, ...], ...], played: int, kept: bool) -> None:
    point = row_point(rows, played)
    assert clear_answer(review_point(point, 10)) is kept
    assert len(puzzles_from_decisions(reviewed(point), lambda _p: made_source())) == int(kept)


def _decision(expected: dict[int, float], played: int) -> Decision:
    best = min(expected, key=lambda option: (expected[option], option))
    return Decision(0, 0, 0, "card", played, best, tuple(sorted(expected.items())),
                    round(expected[played] - expected[best], 4), (), ())


def test_the_second_review_agrees_only_with_the_same_best_and_both_margins() -> None:
    first = _decision({10: 1.0, 20: 3.0, 30: 4.0}, played=30)
    assert clear_answer(first)
    assert agrees(first, _decision({10: 1.5, 20: 2.5, 30: 3.6}, played=30))        # margins 2.1 and 1.0
    assert not agrees(first, _decision({10: 3.1, 20: 2.0, 30: 4.5}, played=30))    # another best
    assert not agrees(first, _decision({10: 1.5, 20: 2.4, 30: 3.6}, played=30))    # the next best 0.9 behind
    assert not agrees(first, _decision({10: 1.5, 20: 2.6, 30: 3.4}, played=30))    # the one played 1.9 behind


def test_a_second_review_that_disagrees_drops_the_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    point = card_point()
    first = review_point(point, 100, seed=5)
    assert clear_answer(first)
    asked: list[tuple[int, int]] = []

    def second_review(again: DecisionPoint, rollouts: int, seed: int) -> Decision:
        asked.append((rollouts, seed))
        return _decision({31: 9.0, 32: 9.0, 51: 9.0, 71: 4.0, 95: 4.5}, played=31)  # 71 now looks best

    monkeypatch.setattr(finding, "review_point", second_review)
    assert puzzles_from_decisions([(point, first)], lambda _p: made_source(), rollouts=100, seed=5) == []
    assert asked == [(400, 6)]  # four times the rollouts, another seed


def test_no_second_review_without_a_clear_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    point = row_point(EXACT_ROWS, played=3)  # the best was played
    monkeypatch.setattr(finding, "review_point", lambda *args: pytest.fail("reviewed again"))
    assert puzzles_from_decisions(reviewed(point), lambda _p: made_source()) == []


# ------------------------------------------------------------ the JSON
def test_the_json_reads_back_as_the_same_puzzle() -> None:
    for puzzle in (row_puzzle(), card_puzzle()):
        text = json.dumps(puzzle.to_dict())
        again = puzzle_from_json(text)
        assert again == puzzle and again.digest() == puzzle.digest()
        assert again.explanation == puzzle.explanation


def test_the_digest_is_the_position_not_its_figures_nor_its_source() -> None:
    puzzle = card_puzzle()
    assert replace(puzzle, source=made_source(9), options=((31, 1.0),) + puzzle.options[1:]).digest() == \
        puzzle.digest()
    assert replace(puzzle, view=puzzle.view._replace(scores=(1, 0, 0, 0))).digest() != puzzle.digest()


DAMAGE: list[tuple[str, Any]] = [
    ("format", "6takes-puzzle/0"), ("kind", "move"), ("rules", "chess"), ("players", 11), ("players", True),
    ("seat", 4), ("turn", 7), ("rows", [[1], [2], [3]]), ("rows", [[1, 2, 3, 4, 6, 7], [8], [9], [10]]),
    ("rows", [[105], [8], [9], [10]]), ("hand", [31, 31, 51, 71, 95]), ("hand", [31]), ("scores", [0, 0, 0]),
    ("previous_plays", []), ("revealed", [5, 60, 61, 62]), ("card", 5), ("played", 33), ("best", 31),
    ("options", {"31": 1.0}), ("options", {"31": -1, "32": 1, "51": 1, "71": 1, "95": 0}), ("source", None),
    ("source", {"from": "made", "game": 0, "seat": 0}), ("source", {"from": "elsewhere", "game": 1, "seat": 0}),
    ("round", "first"), ("starting_rows", [1, 2, 3]),
]


@pytest.mark.parametrize(("field", "value"), DAMAGE)
def test_a_damaged_puzzle_is_one_line_saying_what_is_wrong(field: str, value: Any) -> None:
    data = card_puzzle().to_dict()
    data[field] = value
    with pytest.raises(PuzzleError) as error:
        puzzle_from_dict(data)
    assert "\n" not in str(error.value) and str(error.value)


def test_not_a_number_is_refused_and_so_is_what_is_not_json() -> None:
    data = card_puzzle().to_dict()
    data["options"]["95"] = float("nan")
    for bad in (json.dumps(data), "{", "[]", "null", "[" * 100_000):
        with pytest.raises(PuzzleError):
            puzzle_from_json(bad)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(card_puzzle(50).to_dict())),
       value=st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=5),
                          lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=3), inner,
                                                                                      max_size=4), max_leaves=12))
def test_any_damage_to_a_field_is_a_puzzle_error_or_a_puzzle(field: str, value: Any) -> None:
    data = card_puzzle(50).to_dict()
    data[field] = value
    try:
        puzzle = puzzle_from_dict(data)
    except PuzzleError:
        return
    assert puzzle.best in puzzle.answers and puzzle.explanation


# ------------------------------------------------------------ made puzzles
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_made_puzzles_are_the_same_from_the_same_seed_and_are_real_decisions() -> None:
    first = list(made_games(SNAP, ["heuristic", "random", "heuristic", "random"], 2, 11, rollouts=60))
    again = list(made_games(SNAP, ["heuristic", "random", "heuristic", "random"], 2, 11, rollouts=60))
    assert first == again
    puzzles = [puzzle for game in first for puzzle in game.puzzles]
    assert puzzles, "two games of this seed hold a clear decision"
    for game in first:
        played = play_seeded_game(SNAP, ["heuristic", "random", "heuristic", "random"], game.seed,
                                  AgentOptions(rollouts=MC_ROLLOUTS))
        views = {(p.seat, p.kind, p.view.turn): p for p in decision_points(SNAP, 4, game.seed, played.rounds)}
        for puzzle in game.puzzles:
            assert puzzle.source == Source.made(11, game.number, puzzle.source.seat)
            point = views[(puzzle.source.seat, puzzle.kind, puzzle.view.turn)]
            assert point.view == puzzle.view and point.played == puzzle.played


def test_made_games_refuse_a_player_that_is_not_built_in() -> None:
    with pytest.raises(ValueError, match="built-in players"):
        next(made_games(SNAP, ["heuristic", "bot:python3 x.py", "random", "random"], 1, 0))
    with pytest.raises(ValueError, match="4 players"):
        next(made_games(SNAP, ["heuristic"] * 3, 1, 0))


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_puzzles_load_no_adapter_nor_pygame() -> None:
    script = "import sys, game.puzzles, game.puzzles.making; print('\\n'.join(sys.modules))"
    loaded = set(subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                                check=True, timeout=120).stdout.split())
    assert "game.puzzles.finding" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ("pygame", "sqlite3", "subprocess", "socket")
                  or name.startswith(("store", "bots", "lab", "scenes", "cli"))) == []


def test_a_games_decisions_reviewed_elsewhere_become_its_puzzles_in_one_call() -> None:
    """The class game's way in: its students' decisions, reviewed in worker processes, handed over
    with the game's log; the same puzzles as reviewing the game here."""
    kinds = ["heuristic", "random", "heuristic", "random"]
    game = play_seeded_game(SNAP, kinds, 11)
    seats = [1, 3]
    decisions = [review_point(point, 60) for point in decision_points(SNAP, 4, 11, game.rounds, seats)]
    source = lambda point: Source(LESSON, 2, point.seat, lesson="lesson-1")  # noqa: E731
    puzzles = puzzles_from_reviews(SNAP, 4, 11, game.rounds, decisions, source, rollouts=60)
    assert puzzles == finding.puzzles_from_game(SNAP, 4, 11, game.rounds, source, seats=seats, rollouts=60)
    assert puzzles and {puzzle.source.seat for puzzle in puzzles} <= set(seats)
    with pytest.raises(ValueError, match="no such decision"):
        puzzles_from_reviews(SNAP, 4, 12, game.rounds[:0], decisions[:1], source, rollouts=60)
