"""The class standings as a table with headed columns: the class results' (rank, name, table,
points, the rank with the same cards, right predictions) and the overview's narrow panel (rank,
name, right predictions, points).  Each number column is as wide as its heading or its widest
value; the name takes what they leave."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from classroom.tables import Standing
from game.i18n import Part, _

from ..kit import theme
from ..kit.widgets import draw_rich

NUMBER_SAMPLE = "000"
"""The widest number a column of ranks, tables or points holds."""
PREDICTED_SAMPLE = "28/28"
"""The widest "right of asked" a column of predictions holds (a game of 28 placements)."""


def right_heading() -> str:
    """The heading over right predictions of those asked ("4/7"), in both tables."""
    # NOTE: a column heading of the class standings: right predictions of those asked, e.g. "4/7"
    return _("Right")


def standing_headings(duplicate: bool, predicted: bool = False) -> list[str]:
    """The class results' columns."""
    # NOTE: column headings of the class standings (rank, name, table, points, rank with the same cards)
    headings = [_("#"), _("Name"), _("Table"), _("Points")]
    headings += [_("Same cards")] if duplicate else []
    return headings + [right_heading()] if predicted else headings


def standing_cells(standing: Standing) -> list[Part]:
    """One student's cells: rank, name, table, points, (duplicate deals) their rank among those who
    held the same seat's cards, and (if the class predicted) their right predictions, e.g. "7/9"."""
    cells: list[Part] = [standing.rank, standing.name, standing.table + 1, standing.points]
    cells += [standing.seat_rank] if standing.seat_rank is not None else []
    return cells + [f"{standing.predicted[0]}/{standing.predicted[1]}"] if standing.predicted is not None else cells


def overview_headings(predicted: bool) -> list[str]:
    """The overview's narrow panel: rank, name, (right predictions,) points."""
    return [_("#"), _("Name"), *([right_heading()] if predicted else []), _("Points")]


def overview_cells(standing: Standing, predicted: bool) -> list[Part]:
    right = [f"{standing.predicted[0]}/{standing.predicted[1]}" if standing.predicted is not None else ""]
    return [standing.rank, standing.name, *(right if predicted else []), standing.points]


def columns(left: int, width: int, size: int, headings: Sequence[str], samples: Sequence[str]
            ) -> list[tuple[int, int]]:
    """(left, right) of each column from ``left`` in ``width``: each column (but the name, the
    second) as wide as its heading or its ``samples`` value, the name in what they leave."""
    gap = size // 2
    widths = [max(theme.text_width(heading, size), theme.text_width(sample, size)) + gap
              for heading, sample in zip(headings, samples)]
    widths[1] = max(gap, width - sum(widths) + widths[1])
    edges = [left]
    for wide in widths:
        edges.append(edges[-1] + wide)
    return list(zip(edges, edges[1:]))


def standing_columns(left: int, width: int, size: int, duplicate: bool, predicted: bool = False
                     ) -> list[tuple[int, int]]:
    """The class results' columns."""
    headings = standing_headings(duplicate, predicted)
    samples = [NUMBER_SAMPLE] * len(headings)
    if predicted:
        samples[-1] = PREDICTED_SAMPLE
    return columns(left, width, size, headings, samples)


def overview_columns(left: int, width: int, size: int, predicted: bool) -> list[tuple[int, int]]:
    samples = [NUMBER_SAMPLE, "", PREDICTED_SAMPLE, NUMBER_SAMPLE] if predicted else [NUMBER_SAMPLE, "", NUMBER_SAMPLE]
    return columns(left, width, size, overview_headings(predicted), samples)


def draw_row(surface: pygame.Surface, cells: Sequence[tuple[int, int]], parts: Sequence[Part], size: int,
             colour: theme.Colour, y: int, sprites: object) -> None:
    """One line of the table, centred on ``y``: each part in its column."""
    for (left, right), part in zip(cells, parts):
        draw_cell(surface, part, size, colour, left, right, y, sprites)


def draw_cell(surface: pygame.Surface, part: Part, size: int, colour: theme.Colour, left: int, right: int, y: int,
              sprites: object) -> None:
    """A number (stamped) or a text (cut to fit) in one cell of a row centred on ``y``."""
    if isinstance(part, int):
        draw_rich(surface, [part], size, colour, sprites, midleft=(left, y))  # type: ignore[arg-type]
        return
    if part:
        label, fitted = theme.fit_label(part, size, right - left - 8)
        theme.blit_text(surface, label, fitted, colour, midleft=(left, y))
