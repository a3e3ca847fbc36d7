"""Many games' tables at once: for every game, each row's last card, length and penalty sum.

That is all rules 1-4 look at (the cards of a row matter only to a record, which may
keep them too).  A card is placed in every game at once: :meth:`Tables.target` finds
the row of the highest end below each card (rules 1-2), :meth:`Tables.place` puts each
card there or, where the game says so (rule 3: the 6th card; rule 4: a chosen row),
gives the row to the card's player and starts it anew.

Games are the *last* axis of every array (``ends[row, game]``): an operation on a row
of every game is then one pass over contiguous memory, which numpy runs with the
processor's vector instructions.  Choices between two values are written as arithmetic
(``a + (b - a) * flag``) rather than ``numpy.where``, whose unpredictable branches cost
ten times as much here.  ``tests/game/test_batch.py`` replays batched games through the
engine, placement by placement.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..rules import ROW_LIMIT, ROWS

Cards = npt.NDArray[np.int16]
"""Card numbers (or small counts and sums) of many games, games last."""
Flags = npt.NDArray[np.bool_]
Indices = npt.NDArray[np.intp]

_ROW_CODES = np.arange(1, ROWS + 1, dtype=np.int16)[:, None]
"""A row's code in :func:`closest_codes`: ``end * 4 + row + 1`` sorts by end, and 0 is "no row"."""
_ROW_NUMBERS = np.arange(ROWS)[:, None]


def flat_places(indices: npt.NDArray[np.integer], games: int) -> Indices:
    """Where ``array[indices[..., g], g]`` is in ``array.ravel()`` for an array of ``games`` columns
    (counted in machine-size integers: card numbers times thousands of games overflow ``int16``)."""
    return indices.astype(np.intp) * games + np.arange(games)


@dataclass
class Taken:
    """What one placement took in each game."""

    penalty: Cards
    """``(games,)``: the taken row's penalty sum (0 where nothing was taken)."""
    cards: Cards | None = None
    """``(5, games)``: the taken cards in row order, 0 after the last (only when the cards are kept)."""
    count: Cards | None = None
    """``(games,)``: how many cards were taken (only when the cards are kept)."""


def closest_codes(ends: Cards, cards: Cards) -> Cards:
    """Rules 1-2 over arrays of games (the engine's :func:`game.engine.closest_row`, batched): for each
    card, the row whose end is the highest below it, as ``end * 4 + row + 1`` (0: it fits no row, rule 4).
    ``ends`` is ``(ROWS, games)``; ``cards`` is ``(games,)`` or ``(cards, games)`` (each hand card)."""
    shaped = ends.reshape((ROWS,) + (1,) * (cards.ndim - 1) + ends.shape[1:])
    codes = _ROW_CODES.reshape((ROWS,) + (1,) * cards.ndim)
    found: Cards = ((shaped * ROWS + codes) * (shaped < cards)).max(axis=0)
    return found


class Tables:
    """The tables of many games, each started from four cards (``starts``: ``(4, games)``)."""

    def __init__(self, starts: Cards, penalties: Cards, keep_cards: bool = False) -> None:
        self.penalties = penalties
        self.ends: Cards = starts.astype(np.int16)
        self.counts: Cards = np.ones_like(self.ends)
        self.sums: Cards = penalties[self.ends]
        self.cards: Cards | None = None
        """``(4, 5, games)``: every row's cards, 0 after the last, when a record needs them."""
        if keep_cards:
            self.cards = np.zeros((ROWS, ROW_LIMIT, self.games), dtype=np.int16)
            self.cards[:, 0] = self.ends

    @classmethod
    def of(cls, ends: Cards, counts: Cards, sums: Cards, penalties: Cards) -> Tables:
        """Tables already under way: each row's last card, length and penalty sum given."""
        tables = cls(ends, penalties)
        tables.counts, tables.sums = counts.astype(np.int16), sums.astype(np.int16)
        return tables

    @property
    def games(self) -> int:
        return int(self.ends.shape[1])

    def lowest_end(self) -> Cards:
        """``(games,)``: the lowest last card of each table (a card below it fits no row)."""
        return self.ends.min(axis=0)

    def target(self, cards: Cards) -> Indices:
        """``(games,)``: the row whose end is the highest below each card (rules 1-2); any row
        where the card fits no row (rule 4 asks its player instead)."""
        return ((closest_codes(self.ends, cards) - 1) & (ROWS - 1)).astype(np.intp)

    def cheapest_rows(self) -> Indices:
        """``(games,)``: the row with the lowest penalty, then the fewest cards, then the first
        (each row coded ``(penalty * 8 + length) * 4 + row``: the least code names it)."""
        codes = (self.sums * 8 + self.counts) * ROWS + (_ROW_CODES - 1)
        return (codes.min(axis=0) & (ROWS - 1)).astype(np.intp)

    def count_at(self, rows: Indices) -> Cards:
        """``(games,)``: how many cards each game's ``rows`` holds (5: a card placed there is the 6th)."""
        return self.counts.ravel()[flat_places(rows, self.games)]

    def place(self, cards: Cards, rows: Indices, take: Flags) -> Taken:
        """Place each game's card in its row; where ``take``, the card's player takes the row first."""
        here = _ROW_NUMBERS == rows
        taking = (here & take).astype(np.int16)
        placed = here.astype(np.int16)
        result = Taken((self.sums * taking).sum(axis=0, dtype=np.int16))
        if self.cards is not None:
            self._place_cards(cards, rows, take, result)
        self.counts += placed - taking * self.counts
        self.sums += placed * self.penalties[cards] - taking * self.sums
        self.ends += placed * (cards - self.ends)
        return result

    def _place_cards(self, cards: Cards, rows: Indices, take: Flags, result: Taken) -> None:
        """The same for the rows' cards: the taken cards go to ``result``."""
        assert self.cards is not None
        games = np.arange(self.games)
        count = self.count_at(rows)
        row_cards = self.cards[rows, :, games].T
        result.cards = row_cards * take
        result.count = count * take
        self.cards[rows, :, games] = (row_cards * ~take).T
        self.cards[rows, count * ~take, games] = cards

    def keep(self, games: Flags | Indices) -> None:
        """Keep only these games' tables, in this order."""
        self.ends, self.counts, self.sums = self.ends[:, games], self.counts[:, games], self.sums[:, games]
        if self.cards is not None:
            self.cards = self.cards[:, :, games]
