"""Batched playouts (``mc`` and the review) against the one-at-a-time rollout, playout by playout.

The test oracle :func:`tests.support.one_playout.rollout` is checked against the engine card by card
(``test_one_playout.py``); here every batched playout must end with exactly the penalty it
gives on the same world: the same opponents' cards and, where an opponent's card fits no
row, the same row (each world below takes one row all round, which the rollout reads two
bits at a time).  Card choices (each card of the hand played first) and rule-4 row choices
(each row taken, the turn's other cards placed, then played on) of many positions of every
preset are compared.
"""

from __future__ import annotations

import pytest

import random

import numpy as np

from game import Game, Phase, PlayerView
from game.batch.rollouts import (Worlds, card_start, play_out, risk_table, row_start, sample_worlds, table_from_rows,
                                 tables_after_taking_each_row)
from game.players.heuristic import unseen_cards
from game.rules import PRESETS, ROWS
from tests.support.one_playout import rollout


def positions(count: int, seed: int, rule_4: bool) -> list[PlayerView]:
    """Views of random games of every preset at a random turn: a card to choose, or (``rule_4``)
    a row to take."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        rules = PRESETS[sorted(PRESETS)[len(found) % len(PRESETS)]]
        game = Game(rules, rng.randint(rules.min_players, rules.max_players), rng.randrange(2**63))
        stop = rng.randrange(rules.turns_per_round)
        while game.round == 0 and game.turn <= stop:
            if game.phase is Phase.CHOOSE_CARDS:
                if game.turn == stop and not rule_4:
                    found.append(game.view(0))
                    break
                game.play_cards([rng.choice(game.hand(p)) for p in range(game.player_count)])
            elif game.phase is Phase.CHOOSE_ROW:
                if rule_4 and game.awaiting_row_choice == 0:
                    found.append(game.view(0))
                    break
                game.choose_row(game.awaiting_row_choice, rng.randrange(ROWS))  # type: ignore[arg-type]
            else:
                game.place_next()
    return found


def worlds_for(view: PlayerView, turns: int, count: int, seed: int) -> Worlds:
    """Sampled worlds whose opponents always take the same row under rule 4."""
    worlds = sample_worlds(unseen_cards(view), view.player_count - 1, turns, count, np.random.default_rng(seed))
    rows = np.repeat(worlds.rows[:1], len(worlds.rows), axis=0)
    return Worlds(worlds.cards, rows)


def reference(table: tuple[list[int], list[int], list[int]], view: PlayerView, first: int | None,
              worlds: Worlds, world: int, turns: int) -> int:
    """The one-at-a-time rollout on world ``world``."""
    row = int(worlds.rows[0, world])
    bits = sum(row << (2 * event) for event in range(64))
    opponents = view.player_count - 1
    ends, counts, sums = table
    return rollout(([*ends], [*counts], [*sums]), view.rules.penalties, [*view.hand], first,
                   worlds.cards[:, world].tolist(), opponents, turns, bits, risk_table(opponents))


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_card_playouts_end_as_the_rollout_does() -> None:
    for index, view in enumerate(positions(60, seed=1, rule_4=False)):
        turns = view.rules.turns_per_round - view.turn
        worlds = worlds_for(view, turns, 12, seed=index)
        batched = play_out(card_start(view.rows, view.hand, view.rules), range(len(view.hand)), worlds,
                           view.player_count - 1, turns, view.rules)
        table = table_from_rows(view.rows, view.rules.penalties)
        expected = [[reference(table, view, card, worlds, world, turns) for world in range(worlds.count)]
                    for card in view.hand]
        assert batched.tolist() == expected


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_row_playouts_count_the_row_taken_and_end_as_the_rollout_does() -> None:
    for index, view in enumerate(positions(40, seed=2, rule_4=True)):
        card = view.card_to_place
        assert card is not None
        turns = view.rules.turns_per_round - view.turn - 1
        worlds = worlds_for(view, turns, 12, seed=index)
        start = row_start(view.rows, view.hand, card, view.revealed, view.rules)
        batched = play_out(start, range(ROWS), worlds, view.player_count - 1, turns, view.rules)
        tables, immediate = tables_after_taking_each_row(view.rows, view.rules.penalties, card, view.revealed)
        expected = [[immediate[row] + reference(tables[row], view, None, worlds, world, turns)
                     for world in range(worlds.count)] for row in range(ROWS)]
        assert batched.tolist() == expected


def test_a_playout_of_some_options_is_theirs_among_all() -> None:
    view = next(view for view in positions(20, seed=3, rule_4=False) if len(view.hand) >= 3)
    turns = view.rules.turns_per_round - view.turn
    worlds = worlds_for(view, turns, 30, seed=4)
    start = card_start(view.rows, view.hand, view.rules)
    every = play_out(start, range(len(view.hand)), worlds, view.player_count - 1, turns, view.rules)
    some = play_out(start, [2, 0], worlds, view.player_count - 1, turns, view.rules)
    assert some.tolist() == every[[2, 0]].tolist()


def test_worlds_are_ordered_samples_of_the_unseen_cards() -> None:
    view = positions(1, seed=5, rule_4=False)[0]
    unseen = set(unseen_cards(view))
    worlds = sample_worlds(sorted(unseen), 3, 4, 200, np.random.default_rng(1))
    assert worlds.cards.shape == (12, 200) and worlds.rows.shape == (4, 200)
    for world in range(200):
        cards = worlds.cards[:, world].tolist()
        assert len(set(cards)) == 12 and set(cards) <= unseen
    assert set(worlds.rows.ravel().tolist()) == {0, 1, 2, 3}
    assert len({tuple(worlds.cards[:, world].tolist()) for world in range(200)}) == 200
