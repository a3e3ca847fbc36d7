"""Playouts to the end of a round against modelled opponents: each other seat plays as its model would.

:mod:`.rollouts` models every opponent as a random player, for which a sampled future is
just an ordered sample of the unseen cards.  A table is not always random players: here
each opponent gets a whole hand (a sample of the unseen cards, as many as the player
holds) and plays it by its model, every world at once:

* :data:`RANDOM` - a random card of its hand (its sampled hand in the sampled order), and
  a random row when its card fits no row;
* :data:`HEURISTIC` - the ``heuristic`` player's card (:func:`.heuristic.heuristic_picks`,
  from what that seat has seen: the starting rows and every card played this round) and
  its row, the cheapest.

The player's own later cards follow the same rollout policy as :func:`.rollouts.play_out`
(:func:`.rollouts.greedy_picks`, the cheapest row under rule 4), so the figures of an
all-random table differ from :func:`.rollouts.play_out`'s only by the luck of the draw.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..rules import HIGHEST_CARD, Rules
from .heuristic import heuristic_picks
from .rollouts import Penalties, Start, Worlds, _play_turn, _risk, _tables, _without, greedy_picks
from .tables import Cards, Indices, Tables, flat_places

RANDOM = "random"
"""An opponent playing a random card of its hand, and a random row."""
HEURISTIC = "heuristic"
"""An opponent playing as the ``heuristic`` player: the card of least risk now, the cheapest row."""
OPPONENT_MODELS = (RANDOM, HEURISTIC)
"""The ways an opponent can be modelled in a playout."""


def play_out_modelled(start: Start, options: Sequence[int], worlds: Worlds, models: Sequence[str],
                      seen: Sequence[int], first_turn: int, turns: int, rules: Rules) -> Penalties:
    """``(len(options), worlds)``: the penalty the player takes from now to the end of the round,
    option by option and world by world, each opponent ``i`` playing by ``models[i]``.

    ``worlds`` holds each opponent's whole hand (:func:`.rollouts.sample_worlds` with as many
    turns as the player holds cards: opponent ``i`` holds ``cards[i::len(models)]``); ``seen``
    is every card public now (the starting rows, this round's plays); ``first_turn`` is the
    round's turn of the first cards chosen in the playout."""
    opponents, count = len(models), worlds.count
    chosen = np.asarray(options, dtype=np.intp)
    games = len(chosen) * count
    tables = _tables(start, chosen, count, rules)
    hand = np.repeat(start.hand[:, None], games, axis=1)
    held = len(start.hand)
    dealt = np.tile(worlds.cards[:held * opponents], (1, len(chosen)))
    hands = [dealt[seat::opponents] for seat in range(opponents)]
    hands = [np.sort(cards, axis=0) if models[seat] == HEURISTIC else cards for seat, cards in enumerate(hands)]
    public = np.zeros((HIGHEST_CARD + 1, games), dtype=bool)
    public[list(seen)] = True
    low_rows = np.tile(worlds.rows, (1, len(chosen)))
    cheapest = np.array([True] + [model == HEURISTIC for model in models])
    risk = _risk(opponents)
    taken = np.repeat(start.taken_now[chosen], count).astype(np.int32)
    for turn in range(min(turns, held)):
        picks = np.repeat(chosen, count) if turn == 0 and start.first is not None else greedy_picks(hand, tables, risk)
        mine = hand.ravel()[flat_places(picks, games)]
        hand = _without(hand, picks)
        others = np.empty((opponents, games), dtype=np.int16)
        for seat in range(opponents):
            others[seat], hands[seat] = _opponent_card(hands[seat], models[seat], turn, tables, public,
                                                       opponents + 1, first_turn + turn)
        taken += _play_turn(tables, mine, others, _low_rows(tables, mine, others, low_rows[turn], cheapest))
        public.ravel()[flat_places(others, games)] = True
        public.ravel()[flat_places(mine, games)] = True
    return taken.reshape(len(chosen), count)


def _opponent_card(hand: Cards, model: str, turn: int, tables: Tables, public: npt.NDArray[np.bool_],
                   players: int, round_turn: int) -> tuple[Cards, Cards]:
    """One opponent's card of every game, and its hand after: a random player plays its sampled
    hand in the sampled order; the heuristic picks from its sorted hand."""
    if model != HEURISTIC:
        return hand[turn], hand
    picks = heuristic_picks(hand, tables, public, players, round_turn)
    card = hand.ravel()[flat_places(picks, tables.games)]
    return card, _without(hand, picks)


def _low_rows(tables: Tables, mine: Cards, others: Cards, low_rows: Indices,
              cheapest: npt.NDArray[np.bool_]) -> Indices:
    """The row the turn's lowest card takes if it fits no row: the cheapest where its seat is
    marked in ``cheapest`` (only the first card placed can fit no row, so the table is still
    the turn's), else the world's random row (the player's own: :func:`.rollouts.play_out`'s)."""
    lowest_seat = np.concatenate([mine[None, :], others]).argmin(axis=0)
    return np.where(cheapest[lowest_seat], tables.cheapest_rows(), low_rows)
