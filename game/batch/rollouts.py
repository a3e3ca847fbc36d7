"""Playouts to the end of a round for many options and many sampled worlds at once: what ``mc`` and the review measure.

A decision's options (the cards of a hand, or the four rows of rule 4) are compared on
the same sampled *worlds*: the cards the opponents will play for the rest of the round,
drawn from the cards the player has not seen, and a row for each turn in case an
opponent's card fits no row.  Modelling the opponents as random players, a random hand
played in a random order is just a random ordered sample of the unseen cards, so a world
is exact for random opponents.  The player's own later cards follow :func:`greedy_picks`
(the rollout policy: the lowest expected penalty this turn, from :func:`risk_table`) and,
under rule 4, the cheapest row.

Every (option, world) pair is one game of :class:`~game.batch.tables.Tables` - games last -
so a block of a few thousand playouts is a few hundred array operations per turn.
``tests/players/test_batch_rollouts.py`` checks every playout against the test oracle that plays
one playout at a time (``tests/support/one_playout.py``), itself checked against the engine card
by card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Sequence

import numpy as np
import numpy.typing as npt

from ..engine import Rows
from ..rules import HIGHEST_CARD, ROW_LIMIT, ROWS, Rules
from .memory import reuse_freed_memory
from .sorting import first_minimum, sort_rows
from .tables import Cards, Indices, Tables, flat_places

Penalties = npt.NDArray[np.int32]
LOW_CARD_SURCHARGE = 1.0
"""Added to a card that fits no row: it also gives up a low card, which is worth keeping for
taking a cheap row later."""
GAP_WEIGHT = 0.001
"""Ties between equally risky cards go to the card closest to its row."""


@dataclass(frozen=True)
class Worlds:
    """Sampled futures of the opponents, one column per world."""

    cards: Cards
    """``(turns * opponents, worlds)``: the cards they play, turn after turn, seat after seat."""
    rows: Indices
    """``(turns, worlds)``: the row an opponent whose card fits no row takes that turn."""

    @property
    def count(self) -> int:
        return int(self.cards.shape[1])


def sample_worlds(unseen: Sequence[int], opponents: int, turns: int, count: int,
                  generator: np.random.Generator) -> Worlds:
    """``count`` worlds: each an ordered sample of ``opponents * turns`` unseen cards (fewer if
    fewer are unseen) - a Fisher-Yates shuffle of the unseen cards stopped once they are drawn,
    every world at once - and a random row per turn."""
    pool = np.repeat(np.asarray(unseen, dtype=np.int16)[:, None], count, axis=1)
    draw = min(opponents * turns, len(pool))
    picks = (generator.random((draw, count)) * (len(pool) - np.arange(draw))[:, None]).astype(np.intp)
    flat, columns = pool.ravel(), np.arange(count)
    for step in range(draw):
        drawn = (picks[step] + step) * count + columns
        kept = pool[step].copy()
        pool[step] = flat[drawn]
        flat[drawn] = kept
    rows = generator.integers(0, ROWS, (max(turns, 1), count))
    return Worlds(pool[:draw], rows)


@dataclass(frozen=True)
class Start:
    """Where the options' playouts start: one table per option, the hand, and each option's first card."""

    ends: Cards
    """``(4, options)``."""
    counts: Cards
    sums: Cards
    hand: Cards
    """``(cards,)``: the player's hand, ascending."""
    first: Cards | None
    """``(options,)``: the card each option plays this turn; ``None``: every option's first card
    is chosen by the rollout policy (a row choice: this turn's card is already down)."""
    taken_now: Penalties
    """``(options,)``: penalty each option takes before the playout (a row taken under rule 4)."""

    @property
    def options(self) -> int:
        return int(self.ends.shape[1])


Table = tuple[list[int], list[int], list[int]]
"""``(ends, counts, sums)`` of one table, row by row: each row's last card, how many cards it
holds, its total penalty - all the rules and the rollout policy read."""


def table_from_rows(rows: Sequence[Sequence[int]], penalties: Sequence[int]) -> Table:
    """The compact table of full rows (as in :attr:`PlayerView.rows`)."""
    return (
        [row[-1] for row in rows],
        [len(row) for row in rows],
        [sum(penalties[card] for card in row) for row in rows],
    )


def tables_after_taking_each_row(rows: Sequence[Sequence[int]], penalties: Sequence[int], card: int,
                                 revealed: Sequence[int]) -> tuple[list[Table], list[int]]:
    """Rule 4, for each row the player could take with ``card``: the table once it is taken and
    the rest of the turn's ``revealed`` cards (all higher than ``card``: none meets rule 4 again)
    are placed by the engine's :class:`~game.engine.Rows`, and the penalty the taking costs."""
    later = sorted(other for other in revealed if other > card)
    tables: list[Table] = []
    immediate: list[int] = []
    for row in range(ROWS):
        table = Rows.of(rows)
        immediate.append(sum(penalties[taken] for taken in table.take(row, card)))
        for other in later:
            closest = table.closest(other)
            if not table.append(closest, other):
                table.take(closest, other)
        tables.append(table_from_rows(table.cards, penalties))
    return tables, immediate


@lru_cache(maxsize=None)
def risk_table(opponents: int) -> tuple[tuple[float, ...], ...]:
    """``risk[missing][gap]``: the chance that a card ``gap`` above a row's end is pushed to be the 6th.

    Each opponent's card is, to a player who cannot see it, about equally likely to be any
    card, so it lands among the ``gap - 1`` numbers between the row's end and the card with
    chance ``(gap - 1) / 104``; the card is taken when at least the missing number
    (``5 - cards in the row``) do."""
    table = []
    for missing in range(ROW_LIMIT + 1):
        line = []
        for gap in range(HIGHEST_CARD + 1):
            p = max(gap - 1, 0) / HIGHEST_CARD
            line.append(sum(comb(opponents, k) * p ** k * (1 - p) ** (opponents - k)
                            for k in range(max(missing, 0), opponents + 1)))
        table.append(tuple(line))
    return tuple(table)


def card_start(rows: Sequence[Sequence[int]], hand: Sequence[int], rules: Rules) -> Start:
    """Each card of ``hand`` played now on the table ``rows``."""
    ends, counts, sums = (np.array(part, dtype=np.int16) for part in table_from_rows(rows, rules.penalties))
    options = len(hand)
    return Start(np.repeat(ends[:, None], options, 1), np.repeat(counts[:, None], options, 1),
                 np.repeat(sums[:, None], options, 1), np.array(hand, dtype=np.int16),
                 np.array(hand, dtype=np.int16), np.zeros(options, dtype=np.int32))


def row_start(rows: Sequence[Sequence[int]], hand: Sequence[int], card: int, revealed: Sequence[int],
              rules: Rules) -> Start:
    """Rule 4: each of the four rows taken with ``card``, and the turn's other revealed cards placed."""
    tables, immediate = tables_after_taking_each_row(rows, rules.penalties, card, revealed)
    ends, counts, sums = (np.array([table[part] for table in tables], dtype=np.int16).T for part in range(3))
    return Start(np.ascontiguousarray(ends), np.ascontiguousarray(counts), np.ascontiguousarray(sums),
                 np.array(hand, dtype=np.int16), None, np.array(immediate, dtype=np.int32))


def play_out(start: Start, options: Sequence[int], worlds: Worlds, opponents: int, turns: int,
             rules: Rules) -> Penalties:
    """``(len(options), worlds)``: the penalty the player takes from now to the end of the round,
    option by option (indices into ``start``'s options) and world by world."""
    reuse_freed_memory()
    count, chosen = worlds.count, np.asarray(options, dtype=np.intp)
    games = len(chosen) * count
    tables = _tables(start, chosen, count, rules)
    hand = np.repeat(start.hand[:, None], games, axis=1)
    others = np.tile(worlds.cards, (1, len(chosen)))
    low_rows = np.tile(worlds.rows, (1, len(chosen)))
    risk = _risk(opponents)
    taken = np.repeat(start.taken_now[chosen], count).astype(np.int32)
    for turn in range(min(turns, len(start.hand))):
        if turn == 0 and start.first is not None:
            picks = np.repeat(chosen, count)
        else:
            picks = greedy_picks(hand, tables, risk)
        mine = hand.ravel()[flat_places(picks, games)]
        hand = _without(hand, picks)
        taken += _play_turn(tables, mine, others[turn * opponents:(turn + 1) * opponents], low_rows[turn])
    return taken.reshape(len(chosen), count)


def _tables(start: Start, chosen: Indices, count: int, rules: Rules) -> Tables:
    """The chosen options' tables, each repeated once per world (option after option)."""
    ends, counts, sums = (np.repeat(part[:, chosen], count, axis=1) for part in (start.ends, start.counts, start.sums))
    return Tables.of(ends, counts, sums, np.array(rules.penalties, dtype=np.int16))


@lru_cache(maxsize=None)
def _risk(opponents: int) -> npt.NDArray[np.float64]:
    """:func:`risk_table`, flattened for looking up ``[missing * 105 + gap]``."""
    return np.array(risk_table(opponents), dtype=np.float64).ravel()


def _without(hand: Cards, picks: Indices) -> Cards:
    """Each game's hand without its card at ``picks`` (the hands stay sorted)."""
    lower, upper = hand[:-1], hand[1:]
    return lower + (upper - lower) * (np.arange(len(hand) - 1)[:, None] >= picks)


def greedy_picks(hand: Cards, tables: Tables, risk: npt.NDArray[np.float64]) -> Indices:
    """``(games,)``: the index in ``hand`` (``(cards, games)``, ascending) of the card with the lowest
    expected penalty this turn: the cheapest
    row plus a surcharge if it fits no row, else its row times the chance (``risk[missing, gap]``)
    that enough opponents' cards slip in front of it, plus a hair per gap (the first card on ties).

    Each row is packed into one number, ``(end * 8 + length) * 64 + penalty``, so the row a card
    goes to - the highest end below it - comes with its length and penalty from one maximum."""
    ends = tables.ends
    packed = ((ends.astype(np.int32) * 8 + tables.counts) * 64 + tables.sums)[:, None, :]
    best = (packed * (ends[:, None, :] < hand)).max(axis=0)
    fits = best > 0
    gap = hand - (best >> 9)
    missing = ROW_LIMIT - ((best >> 6) & 7)
    cost = (best & 63) * risk[missing * risk_width() + gap] + gap * GAP_WEIGHT
    cheapest = tables.sums.min(axis=0) + LOW_CARD_SURCHARGE
    return first_minimum(cost * fits + cheapest * ~fits)


def risk_width() -> int:
    """Entries per line of :func:`risk_table` (one per gap, 0 to 104)."""
    return len(risk_table(1)[0])


def _play_turn(tables: Tables, mine: Cards, others: Cards, low_rows: Indices) -> Penalties:
    """Place a turn's cards - the player's (seat 0) and the opponents' - lowest first; return
    what the player took."""
    seats = np.arange(len(others) + 1, dtype=np.int16)[:, None]
    order = sort_rows(np.concatenate([mine[None, :], others]) * 16 + seats)
    taken = np.zeros(tables.games, dtype=np.int32)
    for slot in range(len(order)):
        cards, seat = order[slot] >> 4, order[slot] & 15
        target = tables.target(cards)
        if slot == 0:
            low = cards < tables.lowest_end()
            chosen = low_rows + (tables.cheapest_rows() - low_rows) * (seat == 0)
            target = target + (chosen - target) * low
            take = low | (tables.count_at(target) == ROW_LIMIT)
        else:
            take = tables.count_at(target) == ROW_LIMIT
        placed = tables.place(cards, target, take)
        taken += placed.penalty * (seat == 0)
    return taken
