"""The results screen's layout, from the window size and the number of players."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from ..kit.layout import px, scale_for
from ..kit.theme import text_px


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
    font_title: int
    font_line: int
    font_small: int


@lru_cache(maxsize=32)
def results_layout(size: tuple[int, int], players: int = 4) -> ResultsLayout:
    """The results screen laid out for a window of ``size`` and ``players`` lines: up to four
    one under the other, from five on in two columns (ranked down the first, then the second);
    the buttons stay where they are for four."""
    w, h = size
    s = scale_for(size)
    title = Rect(0, px(26 * s), w, px(80 * s))
    subtitle = Rect(0, title.bottom, w, px(40 * s))
    top = subtitle.bottom + px(26 * s)
    lines_h = 4 * px(82 * s) + 3 * px(12 * s)
    lines = _result_lines(Rect(0, top, w, lines_h), players, s)
    gap = px(18 * s)
    bw, bh = max(px(214 * s), (w - px(40 * s) - 4 * gap) // 5), px(70 * s)  # the window's width for the labels
    by = top + lines_h + px(34 * s)
    x0 = w // 2 - (5 * bw + 4 * gap) // 2
    slots = [Rect(x0 + i * (bw + gap), by, bw, bh) for i in range(5)]
    # by button: Replay, New deal, Menu, Quit, Review; Review shows third, before Menu and Quit
    buttons = (slots[0], slots[1], slots[3], slots[4], slots[2])
    saved = Rect(0, by + bh + px(14 * s), w, px(30 * s))
    hints = Rect(0, h - px(34 * s), w, px(30 * s))
    return ResultsLayout(s, title, subtitle, lines, buttons, saved, hints, px(72 * s),
                         px(40 * s) if players <= 4 else text_px(34, s), text_px(24, s))


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
