"""Sorting a few numbers of every game at once, and finding the least: whole rows of games at a time.

``numpy.sort`` along a short axis sorts each game's handful of numbers with a call of its
own; a sorting network instead compares and swaps whole rows - every game's ``i``-th and
``j``-th number - with one ``minimum`` and one ``maximum``, and ten cards need only about
thirty such steps whatever the number of games.  The network is Batcher's odd-even merge
sort for the next power of two, without the comparators that only touch the missing
places (those would hold numbers above all others and never move).

:func:`first_minimum` is ``argmin(axis=0)`` the same way: numpy's own walks each game's short
column on its own, ten times slower than a pass per row over every game.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

Rows = npt.NDArray[np.int16]


@lru_cache(maxsize=None)
def network(size: int) -> tuple[tuple[int, int], ...]:
    """The comparators ``(i, j)``, ``i < j``, that sort ``size`` places, in order."""
    width = 1
    while width < size:
        width *= 2
    pairs: list[tuple[int, int]] = []
    span = 1
    while span < width:
        step = span
        while step >= 1:
            for first in range(step % span, width - step, 2 * step):
                for offset in range(min(step, width - first - step)):
                    low, high = first + offset, first + offset + step
                    if low // (2 * span) == high // (2 * span):
                        pairs.append((low, high))
            step //= 2
        span *= 2
    return tuple((low, high) for low, high in pairs if high < size)


def sort_rows(values: Rows) -> Rows:
    """``values`` (``(places, games)``) with every game's column sorted ascending, in place."""
    for low, high in network(len(values)):
        smaller = np.minimum(values[low], values[high])
        np.maximum(values[low], values[high], out=values[high])
        values[low] = smaller
    return values


def first_minimum(values: npt.NDArray[np.generic]) -> npt.NDArray[np.intp]:
    """``(games,)``: the index of each column's first least value in ``values`` (``(places, games)``)."""
    best = values[0].copy()
    index = np.zeros(values.shape[1], dtype=np.intp)
    for place in range(1, len(values)):
        better = values[place] < best
        np.minimum(best, values[place], out=best)
        index += (place - index) * better
    return index
