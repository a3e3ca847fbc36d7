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
   ordered sample), plus random bits for their rule-4 row choices.
3. In each world every candidate card is played forward to the end of the
   round by :func:`game.fastsim.rollout` (own later turns by a greedy
   policy); all candidates share the world, so their difference is measured
   on the same luck.
4. Worlds are drawn until the budget is spent; the card with the lowest mean
   penalty wins.  Candidates that are clearly worse than the best are
   dropped along the way, so the remaining time goes to the close calls.

A rule-4 row choice is evaluated the same way, except that the rest of this
turn is known: the other revealed cards, all higher than the player's card,
are placed on each of the four possible tables before playing on.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence

from .options import DEFAULT_OPTIONS, AgentOptions
from ..engine import PlayerView
from .fastsim import ROW_BITS_PER_CHOICE, risk_table, rollout, table_from_rows, tables_after_taking_each_row
from .heuristic import unseen_cards
from ..rules import ROWS

_SOFT_DEADLINE = 0.9
"""No new world is started if it would likely end after this fraction of the
think time (the rest is slack for the final choice and for the machine being
busy with other work)."""
_HARD_DEADLINE = 0.97
"""A world still running at this fraction of the think time is abandoned."""
_PRUNE_EVERY = 16
"""Worlds between two prunings of the candidate list."""
_PRUNE_MARGIN = 3.0
"""A candidate is dropped when its mean exceeds the best by this many
standard errors of the paired difference (and by at least :data:`_PRUNE_FLOOR`)."""
_PRUNE_FLOOR = 0.25
"""Penalty points: differences smaller than this are never pruned on."""

Evaluate = Callable[[int, Sequence[int], int], int]
"""``evaluate(candidate index, opponents' cards, row bits) -> penalty``."""


def mc_choose_card(view: PlayerView, rng: random.Random, options: AgentOptions = DEFAULT_OPTIONS) -> int:
    """The card with the lowest expected penalty this round, by Monte Carlo search."""
    start = time.perf_counter()
    hand = view.hand
    if len(hand) == 1:
        return hand[0]
    penalties = view.rules.penalties
    ends, counts, sums = table_from_rows(view.rows, penalties)
    turns = view.rules.turns_per_round - view.turn
    opponents = view.player_count - 1
    risk = risk_table(opponents)

    def evaluate(index: int, others: Sequence[int], bits: int) -> int:
        return rollout(([*ends], [*counts], [*sums]), penalties, [*hand], hand[index],
                       others, opponents, turns, bits, risk)

    best = _search(len(hand), evaluate, view, turns, rng, options, start)
    return hand[best]


def mc_choose_row(view: PlayerView, rng: random.Random, options: AgentOptions = DEFAULT_OPTIONS) -> int:
    """The row to take under rule 4 with the lowest expected penalty this round."""
    start = time.perf_counter()
    card = view.card_to_place
    if card is None:
        raise ValueError("no row choice is pending for this player")
    penalties = view.rules.penalties
    tables, immediate = tables_after_taking_each_row(view.rows, penalties, card, view.revealed)
    turns = view.rules.turns_per_round - view.turn - 1
    hand = view.hand
    if turns == 0 or not hand:
        return min(range(ROWS), key=lambda r: (immediate[r], r))

    opponents = view.player_count - 1
    risk = risk_table(opponents)

    def evaluate(row: int, others: Sequence[int], bits: int) -> int:
        ends, counts, sums = tables[row]
        return immediate[row] + rollout(([*ends], [*counts], [*sums]), penalties, [*hand], None,
                                        others, opponents, turns, bits, risk)

    return _search(ROWS, evaluate, view, turns, rng, options, start)


def _search(candidates: int, evaluate: Evaluate, view: PlayerView, turns: int,
            rng: random.Random, options: AgentOptions, start: float) -> int:
    """Index of the candidate with the lowest mean penalty over sampled worlds.

    Stops after ``options.rollouts`` worlds, or when the think time since
    ``start`` runs out (at least one world is always played), or when one
    candidate is left.
    """
    unseen = unseen_cards(view)
    draw = (view.player_count - 1) * turns
    bits_needed = ROW_BITS_PER_CHOICE * max(draw, 1)
    fixed = options.rollouts
    budget = options.think_ms / 1000.0
    soft_deadline = start + budget * _SOFT_DEADLINE
    hard_deadline = start + budget * _HARD_DEADLINE
    alive = list(range(candidates))
    history: list[list[int]] = [[] for _ in range(candidates)]
    sample = rng.sample
    getrandbits = rng.getrandbits
    clock = time.perf_counter
    worlds = 0
    world_start = clock()
    while True:
        others = sample(unseen, draw)
        bits = getrandbits(bits_needed)
        results = []
        for index in alive:
            results.append(evaluate(index, others, bits))
            if fixed is None and worlds and clock() > hard_deadline:
                break  # out of time mid-world: drop it, candidates stay compared on the same worlds
        if len(results) < len(alive):
            break
        for index, result in zip(alive, results):
            history[index].append(result)
        worlds += 1
        if fixed is not None:
            if worlds >= fixed:
                break
        else:
            now = clock()
            if now + (now - world_start) / worlds > soft_deadline:
                break
        if worlds % _PRUNE_EVERY == 0:
            alive = _prune(alive, history)
            if len(alive) == 1:
                break
    return min(alive, key=lambda i: (sum(history[i]), i))


def _prune(alive: list[int], history: list[list[int]]) -> list[int]:
    """Candidates not clearly worse than the current best.

    Each candidate is compared with the leader world by world (the paired
    difference, whose spread is much smaller than either result's because
    both met the same luck).
    """
    leader = min(alive, key=lambda i: (sum(history[i]), i))
    lead = history[leader]
    n = len(lead)
    kept = []
    for index in alive:
        diffs = [a - b for a, b in zip(history[index], lead)]
        mean = sum(diffs) / n
        var = sum(d * d for d in diffs) / n - mean * mean
        stderr = (max(var, 0.0) / (n - 1)) ** 0.5
        if index == leader or mean <= max(_PRUNE_MARGIN * stderr, _PRUNE_FLOOR):
            kept.append(index)
    return kept


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
