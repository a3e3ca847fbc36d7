"""The results screen's layout, from the window size and the number of players."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from ..kit.layout import px, scale_for
from ..kit.theme import hint_px, line_height, text_px


@dataclass(frozen=True)
class ResultsLayout:
    """The results: one line per player, lowest score first, then five buttons."""

    scale: float
    title: Rect
    subtitle: Rect
    lines: tuple[Rect, ...]
    buttons: tuple[Rect, ...]
    saved: Rect
    """Where the record was saved (one line under the buttons)."""
    hints: Rect
    """The notes under it, down to the window's bottom: the key hints (a class game's results: the
    lesson report's file first), :attr:`note_pitch` apart."""
    font_title: int
    font_line: int
    font_small: int
    font_note: int
    note_pitch: int


GAPS = (26, 26, 34)
"""Above the title, under the subtitle, above the buttons (at 1280x720)..."""
LEAST_GAPS = (4, 6, 10)
"""...and as small as they get to make room for more notes under the buttons."""


@lru_cache(maxsize=32)
def results_layout(size: tuple[int, int], players: int = 4, notes: int = 1) -> ResultsLayout:
    """The results screen laid out for a window of ``size`` and ``players`` lines: up to four
    one under the other, from five on in two columns (ranked down the first, then the second);
    the buttons stay where they are for four.  ``notes``: lines of notes under the saved line (the
    key hints; a class game's lesson report too): the gaps above close up to make room."""
    w, h = size
    s = scale_for(size)
    note_size = hint_px(22, s)
    pitch = line_height(note_size)
    above, under_subtitle, above_buttons = _gaps(s, notes * pitch - px(34 * s))
    title = Rect(0, above, w, px(80 * s))
    subtitle = Rect(0, title.bottom, w, px(40 * s))
    top = subtitle.bottom + under_subtitle
    lines_h = 4 * px(82 * s) + 3 * px(12 * s)
    lines = _result_lines(Rect(0, top, w, lines_h), players, s)
    gap = px(18 * s)
    bw, bh = max(px(214 * s), (w - px(40 * s) - 4 * gap) // 5), px(70 * s)  # the window's width for the labels
    by = top + lines_h + above_buttons
    x0 = w // 2 - (5 * bw + 4 * gap) // 2
    slots = [Rect(x0 + i * (bw + gap), by, bw, bh) for i in range(5)]
    # by button: Replay, New deal, Menu, Quit, Review; Review shows third, before Menu and Quit
    buttons = (slots[0], slots[1], slots[3], slots[4], slots[2])
    saved = Rect(0, by + bh + px(14 * s), w, px(30 * s))
    hints = Rect(0, saved.bottom + px(2 * s), w, h - saved.bottom - px(2 * s))
    return ResultsLayout(s, title, subtitle, lines, buttons, saved, hints, px(72 * s),
                         px(40 * s) if players <= 4 else text_px(34, s), text_px(24, s), note_size, pitch)


def _gaps(s: float, more: int) -> tuple[int, int, int]:
    """The three gaps (see :data:`GAPS`), each closed up in proportion to give ``more`` pixels to
    the notes (as far as :data:`LEAST_GAPS` lets them)."""
    gaps = [px(gap * s) for gap in GAPS]
    spare = [gap - px(least * s) for gap, least in zip(gaps, LEAST_GAPS)]
    share = min(1.0, max(0, more) / max(1, sum(spare)))
    closed = [gap - round(room * share) for gap, room in zip(gaps, spare)]
    return closed[0], closed[1], closed[2]


def _result_lines(area: Rect, players: int, s: float) -> tuple[Rect, ...]:
    """One line per player in ``area`` (its top and height; centred in its width)."""
    if players <= 4:
        line_w, line_h = px(760 * s), px(82 * s)
        return tuple(Rect(area.centerx - line_w // 2, area.top + i * (line_h + px(12 * s)), line_w, line_h)
                     for i in range(players))
    per_column = -(-players // 2)
    gap = px(10 * s)
    line_w = px(570 * s)
    line_h = (area.height - (per_column - 1) * gap) // per_column
    left = area.centerx - line_w - px(10 * s)
    return tuple(Rect(left + (i // per_column) * (line_w + px(20 * s)), area.top + (i % per_column) * (line_h + gap),
                      line_w, line_h) for i in range(players))
