"""The engine on scripted positions: the worked example, phases, illegal actions."""

import subprocess
import sys

import pytest

from game import (
    CLASSIC,
    SNAP,
    CardNotInHandError,
    Game,
    IllegalActionError,
    InvalidRowError,
    OutOfTurnError,
    Phase,
    Placement,
    Rule,
    play_seeded_game,
    target_row,
)
from game.scenarios import (
    WORKED_EXAMPLE_PLAYS,
    WORKED_EXAMPLE_ROW_CHOICE,
    WORKED_EXAMPLE_ROWS,
    worked_example_game,
)
from tests.conftest import PROJECT


@pytest.mark.parametrize("rules, low_penalty, sixth_penalty", [(SNAP, 9, 21), (CLASSIC, 3, 11)])
def test_worked_example(rules, low_penalty, sixth_penalty) -> None:
    game = worked_example_game(rules)
    assert game.rows == WORKED_EXAMPLE_ROWS
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    # The 7 is placed first and fits no row: the engine stops and asks its owner.
    assert game.phase is Phase.CHOOSE_ROW
    assert game.awaiting_row_choice == 2
    assert game.next_placement == (2, 7)
    turn = game.turn
    placements = [game.choose_row(2, WORKED_EXAMPLE_ROW_CHOICE)]
    while game.next_placement is not None:
        placements.append(game.place_next())
    assert placements == [
        Placement(0, turn, 2, 7, 3, (69, 72, 81), low_penalty, Rule.LOW_CARD),
        Placement(0, turn, 0, 23, 0, (), 0, Rule.CLOSEST_ROW),
        Placement(0, turn, 3, 64, 2, (), 0, Rule.CLOSEST_ROW),
        Placement(0, turn, 1, 88, 2, (33, 42, 50, 57, 64), sixth_penalty, Rule.SIXTH_CARD),
    ]
    assert game.rows == ((9, 12, 21, 23), (19, 24), (88,), (7,))
    assert game.scores == [0, sixth_penalty, low_penalty, 0]
    assert game.penalty_cards(1) == (33, 42, 50, 57, 64)
    assert game.phase is Phase.CHOOSE_CARDS


def test_each_card_chosen_separately_and_secretly() -> None:
    game = worked_example_game()
    for player, card in enumerate(WORKED_EXAMPLE_PLAYS[:3]):
        game.choose_card(player, card)
        assert game.revealed == ()  # nothing shows until the last choice
        assert all(view_card not in game.view(3).rows for view_card in WORKED_EXAMPLE_PLAYS)
    assert game.waiting_for == (3,)
    assert game.has_chosen(0) and not game.has_chosen(3)
    game.choose_card(3, 64)
    assert game.revealed == WORKED_EXAMPLE_PLAYS


def test_target_row() -> None:
    rows = WORKED_EXAMPLE_ROWS
    assert target_row(rows, 7) is None
    assert target_row(rows, 23) == 0
    assert target_row(rows, 64) == 2
    assert target_row(rows, 88) == 3
    assert target_row(rows, 22) == 0
    assert target_row(rows, 25) == 1


def test_view_shows_only_what_a_player_may_know() -> None:
    game = worked_example_game()
    view = game.view(1)
    assert view.hand == game.hand(1)
    assert view.rows == WORKED_EXAMPLE_ROWS
    visible = set(view.hand).union(*view.rows, view.starting_rows, *view.previous_plays, view.revealed)
    for other in (0, 2, 3):
        assert not set(game.hand(other)) & visible  # no card of another hand anywhere in the view
    assert view.previous_plays == ((12, 24, 42, 72), (21, 50, 57, 81))
    assert view.revealed == ()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    assert game.view(2).card_to_place == 7
    assert game.view(1).card_to_place is None
    assert game.view(1).revealed == WORKED_EXAMPLE_PLAYS


def test_card_not_in_hand() -> None:
    game = worked_example_game()
    with pytest.raises(CardNotInHandError, match="player 0 does not hold card 88"):
        game.choose_card(0, 88)
    with pytest.raises(CardNotInHandError):
        game.play_cards([23, 88, 7, 65])
    assert game.waiting_for == (0, 1, 2, 3)  # a rejected action changes nothing


def test_out_of_turn_actions() -> None:
    game = worked_example_game()
    with pytest.raises(OutOfTurnError, match="no card can be placed now"):
        game.place_next()
    with pytest.raises(OutOfTurnError, match="no row choice"):
        game.choose_row(0, 1)
    game.choose_card(0, 23)
    with pytest.raises(OutOfTurnError, match="already chosen"):
        game.choose_card(0, 23)
    with pytest.raises(OutOfTurnError, match="there is no player 4"):
        game.choose_card(4, 1)
    game.choose_card(1, 88)
    game.choose_card(2, 7)
    game.choose_card(3, 64)
    with pytest.raises(OutOfTurnError, match="player 2 must choose a row, not player 0"):
        game.choose_row(0, 3)
    with pytest.raises(OutOfTurnError, match="player 2 must choose a row"):
        game.place_next()
    with pytest.raises(OutOfTurnError, match="cannot choose a card now"):
        game.choose_card(1, 24)


@pytest.mark.parametrize("row", [-1, 4, 1.0, "1", True])
def test_invalid_row(row) -> None:
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    with pytest.raises(InvalidRowError, match="row must be 0 to 3"):
        game.choose_row(2, row)
    assert game.awaiting_row_choice == 2


def test_errors_are_value_errors() -> None:
    for error in (CardNotInHandError, InvalidRowError, OutOfTurnError):
        assert issubclass(error, IllegalActionError) and issubclass(error, ValueError)


def test_player_counts() -> None:
    with pytest.raises(ValueError, match="snap rules need exactly 4 players, not 3"):
        Game(SNAP, 3)
    with pytest.raises(ValueError, match="classic rules need 2 to 10 players, not 11"):
        Game(CLASSIC, 11)
    game = Game(CLASSIC, 10, seed=3)
    assert sum(len(h) for h in game.hands) == 100 and len(game.undealt) == 0


def test_snap_game_is_one_round_of_seven_turns() -> None:
    game = Game(SNAP, 4, seed=11)
    for _ in range(7):
        assert game.phase is Phase.CHOOSE_CARDS
        game.play_cards([hand[0] for hand in game.hands])
        while game.next_placement is not None:
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    assert game.is_over
    assert all(len(hand) == 3 for hand in game.hands)  # three cards are never played
    lowest = min(game.scores)
    assert game.winners == tuple(p for p, s in enumerate(game.scores) if s == lowest)


def test_classic_game_ends_after_the_round_reaching_66() -> None:
    game = Game(CLASSIC, 4, seed=5)
    rounds_done = 0
    while not game.is_over:
        round_before = game.round
        game.play_cards([hand[-1] for hand in game.hands])
        while game.next_placement is not None:
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
        if game.round != round_before or game.is_over:
            rounds_done += 1
            totals = [sum(r.penalties[p] for r in game.rounds[:rounds_done]) for p in range(4)]
            assert (max(totals) >= 66) == game.is_over
    assert len(game.rounds) == rounds_done >= 2
    assert all(len(r.turns) == 10 for r in game.rounds)


def test_winners_include_every_tied_player() -> None:
    tied = next(game for seed in range(500)
                if len((game := play_seeded_game(SNAP, ["random"] * 4, seed)).winners) > 1)
    lowest = min(tied.scores)
    assert tied.winners == tuple(p for p, score in enumerate(tied.scores) if score == lowest)
    assert len(tied.winners) == tied.scores.count(lowest) >= 2


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_importing_game_does_not_import_pygame() -> None:
    code = ("import pkgutil, importlib, sys, game\n"
            "for module in pkgutil.iter_modules(game.__path__):\n"
            "    importlib.import_module('game.' + module.name)\n"
            "print(len(sys.modules) > 0, 'pygame' in sys.modules, 'game.timeline' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False", "True"]


@pytest.mark.parametrize("rules", [SNAP, CLASSIC])
def test_worked_example_played_to_the_end(rules) -> None:
    from game.scenarios import WORKED_EXAMPLE_FIRST_PLACEMENT, worked_example_played

    game = worked_example_played(rules)
    assert game.is_over
    example_turn = game.rounds[0].turns[2]
    assert example_turn.plays == WORKED_EXAMPLE_PLAYS
    assert [p.card for p in example_turn.placements] == [7, 23, 64, 88]
    placements = [p for turn in game.rounds[0].turns for p in turn.placements]
    assert placements[WORKED_EXAMPLE_FIRST_PLACEMENT].card == 7
