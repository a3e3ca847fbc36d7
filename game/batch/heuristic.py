"""The ``heuristic`` player's choices in many games at once, exactly as :mod:`game.players.heuristic` makes them.

For every card of every hand: the row it would go to, and the penalty it risks this turn
- the cheapest row if it fits no row, the row if it would be the 6th card, else the row
times the chance that enough opponents' cards land between the row's end and it.  That
chance is :func:`game.players.heuristic.at_least` of the unseen cards in the gap over all
unseen cards; both counts are whole numbers, so the chances are looked up in a table the
reference function itself filled (:func:`chance_table`): the floats are bit for bit the
player's, and so is every tie it breaks (lowest risk, then the card closest to its row,
then the lowest card).  Arrays are games last, as in :mod:`game.batch.tables`.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..players.heuristic import at_least
from ..rules import HAND_SIZE, HIGHEST_CARD, ROW_LIMIT, ROWS
from .sorting import first_minimum
from .tables import Cards, Indices, Tables, closest_codes, flat_places

Seen = npt.NDArray[np.bool_]
"""``(105, games)``: the cards every player has seen this round (starting rows and plays)."""
_FAR = 1 << 14
"""Larger than any gap: marks the cards that are not among the safest."""


@lru_cache(maxsize=None)
def chance_table(opponents: int, unseen: int) -> npt.NDArray[np.float64]:
    """``[missing, in_gap]``, flattened: :func:`at_least` (``missing`` of ``opponents`` cards fall
    in a gap holding ``in_gap`` of the ``unseen`` cards), for every count a hand can meet."""
    table = np.zeros((ROW_LIMIT + 1, unseen + 1), dtype=np.float64)
    for missing in range(1, ROW_LIMIT + 1):
        for in_gap in range(unseen + 1):
            table[missing, in_gap] = at_least(missing, opponents, in_gap / unseen)
    return table.ravel()


def unseen_count(players: int, turn: int) -> int:
    """Cards a player has not seen at ``turn``: all but the hand, the starting rows and the plays."""
    return HIGHEST_CARD - (HAND_SIZE - turn) - ROWS - players * turn


def heuristic_picks(hands: Cards, tables: Tables, seen: Seen, players: int, turn: int) -> Indices:
    """``(games,)``: the index in each sorted hand (``(cards, games)``) of the card the heuristic plays."""
    ends, games = tables.ends, tables.games
    best = closest_codes(ends, hands) - 1
    fits = best >= 0
    rows, end = best & (ROWS - 1), best >> 2
    at = flat_places(rows, games)
    count = tables.counts.ravel()[at]
    total = tables.sums.ravel()[at].astype(np.float64)
    unseen = unseen_count(players, turn)
    in_gap = np.clip(_unseen_between(hands, ends, at, end, seen), 0, unseen)
    chances = chance_table(players - 1, unseen)[(ROW_LIMIT - count) * (unseen + 1) + in_gap]
    full = (count == ROW_LIMIT).astype(np.float64)
    risk = chances * total * (1.0 - full) + total * full  # exact: one term is 0.0, the other times 1.0
    lowest = tables.sums.min(axis=0).astype(np.float64)
    risk = risk * fits + lowest * ~fits
    gap = (hands - end) * fits
    return first_minimum(gap + _FAR * (risk != risk.min(axis=0)))


def _unseen_between(hands: Cards, ends: Cards, at: Indices, end: Cards, seen: Seen) -> Cards:
    """``(cards, games)``: the unseen cards strictly between each card and its row's end."""
    held, games = hands.shape
    counted = np.cumsum(seen, axis=0, dtype=np.int16).ravel()
    public = counted[flat_places(np.maximum(hands - 1, 0), games)] - counted[flat_places(np.maximum(end, 0), games)]
    at_or_below = (hands[None, :, :] <= ends[:, None, :]).sum(axis=1, dtype=np.int16).ravel()
    own = np.arange(held, dtype=np.int16)[:, None] - at_or_below[at]
    return hands - end - 1 - public - own


def heuristic_rows(tables: Tables) -> Indices:
    """``(games,)``: rule 4, the heuristic's row: the lowest penalty, then the fewest cards."""
    return tables.cheapest_rows()
