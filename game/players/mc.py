"""The Monte Carlo player: sample what is hidden, play it forward, keep the cheapest move.

A decision is a pure function of ``(view, rng, options)`` -
:func:`mc_choose_card` and :func:`mc_choose_row` - so it can run anywhere
(a worker thread or process) and is reproducible from the generator's state
when the budget is counted in rollouts.

How a card is chosen:

1. The unseen cards are all cards but the hand, the starting rows and every
   card played this round.  The opponents' hands and undealt cards are
   among them, indistinguishable.
2. A *world* is one sample of the cards the opponents will play for the rest
   of the round, drawn uniformly from the unseen cards (modelling them as
   random players, a random hand played in a random order is simply a random
   ordered sample), and a row for each turn in case one of their cards fits no row.
3. In each world every candidate card is played forward to the end of the
   round (own later turns by the greedy rollout policy); all candidates share
   the world, so their difference is measured on the same luck.  Worlds are
   played a block at a time, every candidate on every world of the block at
   once, by the batched engine (:mod:`game.batch.rollouts`).
4. Blocks are played until the budget is spent; the card with the lowest mean
   penalty wins.  After each block, candidates that are clearly worse than the
   best are dropped, so the remaining time goes to the close calls.

A rule-4 row choice is evaluated the same way, except that the rest of this
turn is known: the other revealed cards, all higher than the player's card,
are placed on each of the four possible tables before playing on.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..batch.rollouts import Penalties, Start, card_start, play_out, row_start, sample_worlds
from ..engine import PlayerView
from .heuristic import unseen_cards
from .options import DEFAULT_OPTIONS, AgentOptions

_SOFT_DEADLINE = 0.9
"""No new block is started if it would likely end after this fraction of the think time
(the rest is slack for the final choice and for the machine being busy with other work)."""
FIRST_BLOCK = 32
"""Worlds of the first block: enough to time a world and to prune on."""
MAX_BLOCK_PLAYOUTS = 8192
"""Most playouts of one block (worlds times live candidates): large enough that numpy's cost per
operation is small beside the work, small enough that every array stays in the cache."""
_BLOCK_SHARE = 0.6
"""A timed block takes at most this share of the time left before the soft deadline: an
estimate wrong by half still ends in time, and later blocks use what is left."""
_LONGEST_BLOCK = 0.15
"""Nor more than this share of the whole think time: a block cannot be stopped midway, and the
computer may give the process less time than the block before had."""
_PRUNE_MARGIN = 3.0
"""A candidate is dropped when its mean exceeds the best by this many standard errors
of the paired difference (and by at least :data:`_PRUNE_FLOOR`)."""
_PRUNE_FLOOR = 0.25
"""Penalty points: differences smaller than this are never pruned on."""
_PRUNE_AFTER = 16
"""Worlds played before the first pruning."""


@dataclass
class SearchStats:
    """What one decision's search did (for benchmarks): worlds sampled and playouts played."""

    worlds: int = 0
    """Worlds every candidate still alive was played on."""
    playouts: int = 0
    """Candidate-world pairs played to the end of the round."""


def mc_choose_card(view: PlayerView, rng: random.Random, options: AgentOptions = DEFAULT_OPTIONS,
                   stats: SearchStats | None = None) -> int:
    """The card with the lowest expected penalty this round, by Monte Carlo search."""
    began = time.perf_counter()
    hand = view.hand
    if len(hand) == 1:
        return hand[0]
    turns = view.rules.turns_per_round - view.turn
    start = card_start(view.rows, hand, view.rules)
    return hand[_search(start, view, turns, rng, options, began, stats)]


def mc_choose_row(view: PlayerView, rng: random.Random, options: AgentOptions = DEFAULT_OPTIONS,
                  stats: SearchStats | None = None) -> int:
    """The row to take under rule 4 with the lowest expected penalty this round."""
    began = time.perf_counter()
    card = view.card_to_place
    if card is None:
        raise ValueError("no row choice is pending for this player")
    start = row_start(view.rows, view.hand, card, view.revealed, view.rules)
    turns = view.rules.turns_per_round - view.turn - 1
    if turns == 0 or not view.hand:
        return min(range(start.options), key=lambda row: (int(start.taken_now[row]), row))
    return _search(start, view, turns, rng, options, began, stats)


class _Search:
    """The candidates still alive and every world's result for each, block after block."""

    def __init__(self, start: Start, view: PlayerView, turns: int, rng: random.Random) -> None:
        self.start, self.view, self.turns = start, view, turns
        self.unseen = unseen_cards(view)
        self.opponents = view.player_count - 1
        self.generator = np.random.Generator(np.random.PCG64(rng.getrandbits(64)))
        self.alive = list(range(start.options))
        self.results: list[Penalties] = []
        """One ``(candidates, worlds)`` block per block played, rows for the candidates then alive."""
        self.alive_then: list[list[int]] = []
        self.worlds = 0

    def play(self, worlds: int, stats: SearchStats | None) -> None:
        """Play every live candidate on ``worlds`` new worlds."""
        sampled = sample_worlds(self.unseen, self.opponents, self.turns, worlds, self.generator)
        self.results.append(play_out(self.start, self.alive, sampled, self.opponents, self.turns, self.view.rules))
        self.alive_then.append(list(self.alive))
        self.worlds += worlds
        if stats is not None:
            stats.worlds += worlds
            stats.playouts += worlds * len(self.alive)

    def history(self) -> Penalties:
        """``(live candidates, worlds so far)``: every world's result of each live candidate."""
        rows = [block[[then.index(candidate) for candidate in self.alive]]
                for block, then in zip(self.results, self.alive_then)]
        return np.concatenate(rows, axis=1)

    def leader(self, history: Penalties | npt.NDArray[np.int64]) -> int:
        """Position in :attr:`alive` of the lowest total (the first on ties)."""
        return int(np.argmin(history.sum(axis=1)))

    def prune(self) -> None:
        """Drop the candidates clearly worse than the leader, compared world by world (the paired
        difference, whose spread is much smaller than either result's: both met the same luck).
        The sums are whole numbers, added exactly: a float sum's rounding may depend on the
        processor's vector width, and a decision counted in rollouts must not."""
        results = self.history().astype(np.int64)
        lead = self.leader(results)
        differences = results - results[lead]
        worlds = self.worlds
        mean = differences.sum(axis=1) / worlds
        spread = np.maximum((differences * differences).sum(axis=1) / worlds - mean * mean, 0.0)
        stderr = np.sqrt(spread / (worlds - 1))
        keep = (mean <= np.maximum(_PRUNE_MARGIN * stderr, _PRUNE_FLOOR))
        keep[lead] = True
        self.alive = [candidate for candidate, kept in zip(self.alive, keep.tolist()) if kept]

    def best(self) -> int:
        return self.alive[self.leader(self.history())]


def _search(start: Start, view: PlayerView, turns: int, rng: random.Random, options: AgentOptions,
            began: float, stats: SearchStats | None) -> int:
    """Index of the candidate with the lowest mean penalty over sampled worlds.

    Stops after ``options.rollouts`` worlds, or when the think time since ``began`` runs out (at
    least one block is always played), or when one candidate is left.
    """
    search = _Search(start, view, turns, rng)
    fixed = options.rollouts
    budget = options.think_ms / 1000.0
    soft_deadline = began + budget * _SOFT_DEADLINE
    block = min(FIRST_BLOCK, fixed) if fixed is not None else FIRST_BLOCK
    while block > 0:
        played_at, playouts = time.perf_counter(), block * len(search.alive)
        search.play(block, stats)
        if search.worlds >= _PRUNE_AFTER and len(search.alive) > 1:
            search.prune()
        if len(search.alive) == 1:
            break
        most = MAX_BLOCK_PLAYOUTS // len(search.alive)
        if fixed is not None:
            block = min(most, fixed - search.worlds)
        else:
            per_world = (time.perf_counter() - played_at) / playouts * len(search.alive)
            seconds = min(_time_left(soft_deadline), budget * _LONGEST_BLOCK)
            block = _next_block(min(most, seconds // max(per_world, 1e-7)))
    return search.best()


def _time_left(soft_deadline: float) -> float:
    """Seconds a new block may take: a share of what is left before the soft deadline."""
    return max(soft_deadline - time.perf_counter(), 0.0) * _BLOCK_SHARE


def _next_block(worlds: float) -> int:
    """Worlds of the next timed block, or 0 to stop when too few fit to be worth a block."""
    return int(worlds) if worlds >= FIRST_BLOCK // 2 else 0


class MonteCarloAgent:
    """The ``mc`` kind: :func:`mc_choose_card` and :func:`mc_choose_row` with its own generator.

    The generator is split off the one it is given (one draw), so the other
    seats' random choices do not depend on how much this player thought.
    """

    kind = "mc"

    def __init__(self, rng: random.Random, options: AgentOptions | None = None) -> None:
        self._rng = random.Random(rng.getrandbits(64))
        self.options = options or DEFAULT_OPTIONS

    def choose_card(self, view: PlayerView) -> int:
        return mc_choose_card(view, self._rng, self.options)

    def choose_row(self, view: PlayerView) -> int:
        return mc_choose_row(view, self._rng, self.options)
