"""Where each player's points and name go on a line of a list of games (the scoreboard): one
line up to five players, two lines (the first half, then the rest) for a larger table, so every
name keeps room to be read."""

from __future__ import annotations

ONE_LINE = 5
"""Players whose points and names share one line; more are split over two."""


def seat_cells(left: int, right: int, centery: int, count: int, s: float
               ) -> tuple[list[tuple[int, int]], float, int]:
    """Each seat's cell as (left, centre y), the cells' width, and the height of the points'
    digits, for ``count`` seats between ``left`` and ``right`` of a line centred on ``centery``."""
    lines = 1 if count <= ONE_LINE else 2
    per_line = -(-count // lines)
    width = (right - left) / max(1, per_line)
    if lines == 1:
        return [(round(left + i * width), centery) for i in range(count)], width, round(24 * s)
    offset = round(11 * s)
    cells = [(round(left + (i % per_line) * width), centery + (offset if i >= per_line else -offset))
             for i in range(count)]
    return cells, width, round(19 * s)
