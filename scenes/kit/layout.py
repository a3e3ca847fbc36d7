"""Where everything goes, computed from the window size only: what every screen's layout shares.

Each screen asks for its layout (beside it: ``table/layout.py``, ``menu/layout.py``,
``results/layout.py``; the dialog's here) with the current window size; the result is
cached per size, so resizing (or toggling fullscreen) just produces a new
layout and nothing else has to know.  Sizes scale with
``min(width / 1280, height / 720)`` so the screen stays readable on a
projector whatever its resolution, and extra height goes to the rows.
Drawing and mouse hit-testing use the *same* rectangles, so a click lands
exactly on what is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from .theme import hint_px, line_height, text_px

BASE_W, BASE_H = 1280, 720
CARD_RATIO = 0.7
"""Card width / height."""
ROW_SLOTS = 6
"""Five cards per row plus the "6th card takes the row" slot."""


def scale_for(size: tuple[int, int]) -> float:
    """How much bigger than 1280x720 the window is (the smaller of both axes)."""
    w, h = size
    return max(0.5, min(w / BASE_W, h / BASE_H))


def px(value: float) -> int:
    """A length in whole pixels."""
    return int(round(value))


FOOTER_HINT = 22
"""The design size of a footer's key hints at 1280x720 (see :func:`scenes.kit.theme.hint_px`)."""


def footer_height(s: float, design: float = 28) -> int:
    """How tall a key hints footer is at scale ``s``: ``design`` pixels at 1280x720, scaled, and
    never less than a line of hints (whose size has a floor: on a small window it scales less)."""
    return max(px(design * s), line_height(hint_px(FOOTER_HINT, s)))


@dataclass(frozen=True)
class DialogLayout:
    """A centred question box with two buttons (e.g. "Leave this game?")."""

    scale: float
    box: Rect
    title: Rect
    body: Rect
    yes: Rect
    no: Rect
    font_title: int
    font_body: int


@lru_cache(maxsize=8)
def dialog_layout(size: tuple[int, int]) -> DialogLayout:
    """A dialog box laid out for a window of ``size``."""
    w, h = size
    s = scale_for(size)
    box = Rect(0, 0, px(700 * s), px(290 * s))
    box.center = (w // 2, h // 2)
    title = Rect(box.left, box.top + px(24 * s), box.width, px(56 * s))
    body = Rect(box.left, title.bottom, box.width, px(60 * s))
    bw, bh = px(260 * s), px(66 * s)
    yes = Rect(box.centerx - bw - px(14 * s), box.bottom - bh - px(30 * s), bw, bh)
    no = Rect(box.centerx + px(14 * s), yes.top, bw, bh)
    return DialogLayout(s, box, title, body, yes, no, px(50 * s), text_px(30, s))
