"""Scripted positions for teaching and testing.

The worked example of the rules (also the CodinGame statement's example):
rows ``9 12 21`` / ``19 24`` / ``33 42 50 57`` / ``69 72 81``; the four players
then play 23, 88, 7 and 64.  The 7 fits no row, so its player chooses a row
(the fourth, taking 69 72 81); 23 follows 21; 64 follows 57; 88 would be the
6th card after 64, so its player takes 33 42 50 57 64 and starts the row.

The position is reached by a real deal and two real turns, so everything the
engine shows about it (history, records, replays) is genuine.
"""

from __future__ import annotations

from .engine import Deal, Game, Phase
from .rules import ALL_CARDS, SNAP, Rules

WORKED_EXAMPLE_ROWS = ((9, 12, 21), (19, 24), (33, 42, 50, 57), (69, 72, 81))
WORKED_EXAMPLE_PLAYS = (23, 88, 7, 64)
"""The cards players 0-3 play in the worked example."""
WORKED_EXAMPLE_ROW_CHOICE = 3
"""Row (0-based) the player of the 7 takes in the example."""

_SETUP_TURNS = ((12, 24, 42, 72), (21, 50, 57, 81))
"""Two turns that grow the four starting cards into the example's rows."""
_STARTING_ROWS = (9, 19, 33, 69)


def worked_example_deal() -> Deal:
    """A deal whose first two turns (:data:`_SETUP_TURNS`) build the example's rows."""
    scripted = [list(cards) for cards in zip(*_SETUP_TURNS, WORKED_EXAMPLE_PLAYS)]
    used = set(_STARTING_ROWS).union(*scripted)
    fillers = [card for card in ALL_CARDS if card not in used]
    hands = []
    for player, cards in enumerate(scripted):
        extra = fillers[player::4][: 10 - len(cards)]
        hands.append(tuple(sorted(cards + extra)))
    return Deal(tuple(hands), _STARTING_ROWS)


def worked_example_game(rules: Rules = SNAP) -> Game:
    """A 4-player game standing at the worked example, before the 23/88/7/64 turn.

    Only the first round is scripted: under rules with several rounds, later
    rounds are dealt from the seed as usual.
    """
    deal = worked_example_deal()
    game = Game(rules, 4, seed=0, deals=[deal])
    for cards in _SETUP_TURNS:
        game.play_cards(cards)
        while game.next_placement is not None:
            game.place_next()
    assert game.rows == WORKED_EXAMPLE_ROWS, game.rows
    return game


WORKED_EXAMPLE_NAMES = ("Alice", "Bob", "Celia", "David")
WORKED_EXAMPLE_FIRST_PLACEMENT = 8
"""Index of the example turn's first placement among all placements (two turns came first)."""


def worked_example_played(rules: Rules = SNAP) -> Game:
    """The worked example played out: the 23/88/7/64 turn (the 7's player takes the fourth
    row, as in the example), then every player plays their lowest card each turn and takes
    the first row when it fits no row, to the end of the game."""
    game = worked_example_game(rules)
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    game.choose_row(2, WORKED_EXAMPLE_ROW_CHOICE)
    while not game.is_over:
        if game.phase is Phase.CHOOSE_CARDS:
            game.play_cards([game.hand(player)[0] for player in range(game.player_count)])
        elif game.phase is Phase.CHOOSE_ROW:
            game.choose_row(game.awaiting_row_choice, 0)  # type: ignore[arg-type]
        else:
            game.place_next()
    return game
