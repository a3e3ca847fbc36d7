"""Every rectangle of the class's warm-up on the projector, from the window size alone.

    +--------------------------------------------------------------+
    | Warm-up: puzzle 1 of 2                 join address, code    |  top bar
    | the question, then the class's share right and the best      |  question bar
    | Row 1 [..][..][..]                 | answer on your phones:  |
    | Row 2 [..][..]                     |  how many answered;     |
    | Row 3 [..][..][..][..][..]         |  then why (the review's |
    | Row 4 [..]                         |  sentence)              |
    | the hand (each card's expected points under it, once shown) |  |
    | the class's answers: a bar under each card (or each row)    |  |
    | key hints                                                    |
    +--------------------------------------------------------------+

The position (top bar, question, rows, hand, side panel, hints) is a
:class:`scenes.puzzles.layout.PuzzleLayout`, so the practice screen's drawing of a position serves
the warm-up as it is; the bars of the class's answers have their own band under the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from ..kit.layout import px
from ..puzzles.layout import PuzzleLayout, puzzle_bands, row_boxes

BARS_H = 104
"""The band of the class's answers under the hand, at 1280x720: a bar, its count and its label."""
HAND_H = 172
"""The hand's band at 1280x720: its title, the cards, room under them for their expected points."""


@dataclass(frozen=True)
class WarmupLayout:
    """The warm-up laid out for one window size."""

    scale: float
    position: PuzzleLayout
    bars: Rect
    """The class's answers: one bar under each card of the hand (four, for the rows)."""


def bar_columns(layout: WarmupLayout, count: int, rows: bool) -> list[Rect]:
    """Where each answer's bar goes: under its card, or (a row puzzle) a fourth of the band each."""
    if rows:
        width = layout.bars.width // count
        inset = px(12 * layout.scale)
        return [Rect(layout.bars.left + index * width + inset, layout.bars.top, width - 2 * inset, layout.bars.height)
                for index in range(count)]
    return [Rect(card.left, layout.bars.top, card.width, layout.bars.height)
            for card in (layout.position.hand_card_rect(index, count) for index in range(count))]


@lru_cache(maxsize=8)
def warmup_layout(size: tuple[int, int]) -> WarmupLayout:
    """The warm-up laid out for a window of ``size``."""
    w, _ = size
    bands = puzzle_bands(size)
    s, m, hints, main_top, side_w = bands.scale, bands.margin, bands.hints, bands.main_top, bands.side_w
    side = Rect(w - m - side_w, main_top, side_w, hints.top - m // 2 - main_top)
    left = Rect(m, main_top, side.left - 2 * m, side.height)
    bars = Rect(left.left, left.bottom - px(BARS_H * s), left.width, px(BARS_H * s))
    hand = Rect(left.left, bars.top - px(HAND_H * s), left.width, px(HAND_H * s))
    rows, card_size = row_boxes(Rect(left.left, main_top, left.width, hand.top - m // 2 - main_top), s)
    message = Rect(0, 0, px(880 * s), px(220 * s))
    message.center = (w // 2, main_top + (hints.top - main_top) // 2)
    nowhere = Rect(0, 0, 0, 0)  # (no buttons: the teacher's keys)
    position = PuzzleLayout(size, s, bands.top_bar, bands.question, rows, card_size, side, hand, nowhere, nowhere, hints,
                            message)
    return WarmupLayout(s, position, bars)
