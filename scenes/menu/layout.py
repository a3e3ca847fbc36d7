"""The menu's layout: every rectangle of the menu, from the window size and the number of seats."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from ..kit.layout import FOOTER_HINT, px, scale_for
from ..kit.theme import hint_px, line_height, text_px


@dataclass(frozen=True)
class MenuLayout:
    """The menu: three mode buttons, four seats (a name or command field and a level button),
    a level button for every AI at once, Start and Quit."""

    scale: float
    title: Rect
    modes: tuple[Rect, ...]
    names_title: Rect
    names: tuple[Rect, ...]
    """Each seat's text field: its player's name, or a bot's command."""
    kinds: tuple[Rect, ...]
    """Each seat's level button (random, heuristic, mc, bot), right of its field."""
    all_kinds: Rect
    """One level for every AI seat (right of the seats' title)."""
    preset: Rect
    """The rules preset, snap or classic (right of the modes' title)."""
    error: Rect
    """One line under the seats: why the game cannot start."""
    start: Rect
    rules: Rect
    scores: Rect
    puzzles: Rect
    """The practice screen's button (between Scoreboard and Quit)."""
    quit: Rect
    hints: Rect
    resume: Rect
    """Resume the unfinished game (top left, beside the title), when there is one."""
    font_title: int
    font_button: int
    font_small: int
    fewer: Rect
    """The seat count's "-" button (right of the seats' title)."""
    more: Rect
    """The seat count's "+" button."""
    count: Rect
    """Between "-" and "+": the number of seats (or why it is fixed)."""
    compact: bool = False
    """Two columns of shorter seats (five seats or more)."""


FOOTER_LINES = 2
"""The menu's footer of keys takes two lines (under the buttons there is room for them)."""


@lru_cache(maxsize=32)
def menu_layout(size: tuple[int, int], players: int = 4) -> MenuLayout:
    """The menu laid out for a window of ``size`` with ``players`` seats: up to four in one
    column, from five on in two columns of shorter fields (the buttons stay where they are)."""
    w, h = size
    s = scale_for(size)
    title = Rect(0, px(30 * s), w, px(110 * s))
    left_w, right_w = px(420 * s), px(620 * s)
    gap = px(50 * s)
    left = w // 2 - (left_w + gap + right_w) // 2
    right = left + left_w + gap
    top = title.bottom + px(40 * s)
    button_h = px(76 * s)
    modes = tuple(Rect(left, top + px(44 * s) + i * (button_h + px(18 * s)), left_w, button_h) for i in range(3))
    kind_w, kind_gap = px(180 * s), px(12 * s)
    names_title = Rect(right, top, right_w - kind_w - kind_gap, px(40 * s))
    all_kinds = Rect(right + right_w - kind_w, top - px(2 * s), kind_w, px(40 * s))
    preset = Rect(left + left_w - px(250 * s), top - px(2 * s), px(250 * s), px(40 * s))
    names, kinds = _menu_seats(Rect(right, top + px(44 * s), right_w, 4 * px(60 * s) + 3 * px(12 * s)),
                               players, s)
    seats_bottom = top + px(44 * s) + 4 * px(60 * s) + 3 * px(12 * s)
    error = Rect(0, max(modes[-1].bottom, seats_bottom) + px(8 * s), w, px(34 * s))
    bw, bh = px(216 * s), px(72 * s)
    gap = px(20 * s)
    by = max(modes[-1].bottom, seats_bottom) + px(50 * s)
    x0 = w // 2 - (5 * bw + 4 * gap) // 2
    start, rules, scores, puzzles, quit_ = (Rect(x0 + i * (bw + gap), by, bw, bh) for i in range(5))
    hint_line = line_height(hint_px(FOOTER_HINT, s))
    hints = Rect(0, h - px(4 * s) - FOOTER_LINES * hint_line, w, FOOTER_LINES * hint_line)
    resume = Rect(px(16 * s), px(16 * s), px(330 * s), px(80 * s))  # top left, clear of the title
    step = px(40 * s)
    fewer = Rect(right + px(130 * s), top, step, step)
    count = Rect(fewer.right, top, px(52 * s), step)
    more = Rect(count.right, top, step, step)
    return MenuLayout(s, title, modes, names_title, names, kinds, all_kinds, preset, error, start, rules, scores,
                      puzzles, quit_, hints, resume, px(84 * s), text_px(36, s), text_px(24, s), fewer, more, count,
                      compact=players > 4)


def _menu_seats(area: Rect, players: int, s: float) -> tuple[tuple[Rect, ...], tuple[Rect, ...]]:
    """Each seat's field and level button in ``area``: four (or fewer) as tall as ever, one under
    the other; more in two columns, each field narrower and its level button smaller."""
    if players <= 4:
        field_h, kind_w = px(60 * s), px(180 * s)
        fields = [Rect(area.left, area.top + i * (field_h + px(12 * s)), area.width - kind_w - px(12 * s), field_h)
                  for i in range(players)]
        return tuple(fields), tuple(Rect(area.right - kind_w, f.top, kind_w, field_h) for f in fields)
    lines = -(-players // 2)
    gap = px(8 * s)
    column_w = (area.width - px(16 * s)) // 2
    field_h = (area.height - (lines - 1) * gap) // lines
    kind_w = px(112 * s)
    names, kinds = [], []
    for i in range(players):
        column, line = divmod(i, lines)
        left = area.left + column * (column_w + px(16 * s))
        top = area.top + line * (field_h + gap)
        names.append(Rect(left, top, column_w - kind_w - gap, field_h))
        kinds.append(Rect(left + column_w - kind_w, top, kind_w, field_h))
    return tuple(names), tuple(kinds)
