"""Every rectangle of the practice screen, from the window size alone (drawing and clicks use the same).

    +--------------------------------------------------------------+
    | Puzzle 3 of 12                         Ann: 2 of 3   Ben: 1 of 2 |  top bar
    | the question, then the verdict                               |  question bar
    | Row 1 [..][..][..]            (value) | the side panel:      |
    | Row 2 [..][..]                (value) |  the facts, then why |
    | Row 3 [..][..][..][..][..]    (value) |                      |
    | Row 4 [..]                    (value) |                      |
    | the hand (the values under it)          [ Answer / Next ]    |
    |                                          [ Back ]            |
    | key hints                                                    |
    +--------------------------------------------------------------+
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from game.rules import ROWS

from ..kit.layout import CARD_RATIO, ROW_SLOTS, footer_height, px, scale_for

ROW_LABEL_W = 124
"""Width left of each row's cards for its name and points, at 1280x720 ("Rangée 4" fits)."""
ROW_VALUE_W = 120
"""Width right of each row's six slots for its expected points (a row puzzle, answered)."""
SIDE_W = 400
"""The side panel's width at 1280x720: the facts, then why."""


@dataclass(frozen=True)
class PuzzleLayout:
    """The practice screen laid out for one window size."""

    size: tuple[int, int]
    scale: float
    top_bar: Rect
    question: Rect
    rows: tuple[Rect, ...]
    card_size: tuple[int, int]
    side: Rect
    """The side panel: the position's facts, then the explanation."""
    hand: Rect
    """The hand (or this turn's cards), with room under the cards for each one's expected points."""
    answer_button: Rect
    """Answer (a choice made), then Next (the puzzle answered); Make puzzles when there are none."""
    back: Rect
    hints: Rect
    message: Rect
    """A centred box for what is said instead of a puzzle (none stored, puzzles being made)."""

    def row_card_rect(self, row: int, slot: int) -> Rect:
        box = self.rows[row]
        w, h = self.card_size
        gap = px(8 * self.scale)
        return Rect(box.left + px(ROW_LABEL_W * self.scale) + slot * (w + gap), box.centery - h // 2, w, h)

    def row_value_rect(self, row: int) -> Rect:
        box = self.rows[row]
        width = px(ROW_VALUE_W * self.scale)
        return Rect(box.right - width, box.top, width, box.height)

    def hand_card_rect(self, index: int, count: int) -> Rect:
        """Card ``index`` of ``count``, centred in the hand's area under its title, room left below."""
        area = self.hand
        s = self.scale
        top = area.top + px(30 * s)
        h = area.bottom - top - px(40 * s)
        w = px(h * CARD_RATIO)
        gap = px(12 * s)
        if count * (w + gap) - gap > area.width:
            w = (area.width + gap) // max(count, 1) - gap
            h = px(w / CARD_RATIO)
        left = area.centerx - (count * (w + gap) - gap) // 2
        return Rect(left + index * (w + gap), top, w, h)

    def hand_index_at(self, pos: tuple[int, int], count: int) -> int | None:
        for index in range(count):
            if self.hand_card_rect(index, count).collidepoint(pos):
                return index
        return None

    def row_at(self, pos: tuple[int, int]) -> int | None:
        for index, box in enumerate(self.rows):
            if box.collidepoint(pos):
                return index
        return None


@dataclass(frozen=True)
class Bands:
    """What every screen that asks a puzzle shares (the practice screen and the class's warm-up):
    the top bar, the question under it, the key hints at the bottom, the side panel's width."""

    scale: float
    margin: int
    top_bar: Rect
    question: Rect
    """Two lines: the question, then the verdict (a long one wraps)."""
    hints: Rect
    main_top: int
    """Where the position starts, under the question."""
    side_w: int


def puzzle_bands(size: tuple[int, int]) -> Bands:
    """The shared bands of a puzzle screen of ``size``."""
    w, h = size
    s = scale_for(size)
    m = px(14 * s)
    top_bar = Rect(0, 0, w, px(52 * s))
    hints = Rect(0, h - footer_height(s), w, footer_height(s))
    question = Rect(m, top_bar.bottom + m // 2, w - 2 * m, px(68 * s))
    return Bands(s, m, top_bar, question, hints, question.bottom + m // 2, px(SIDE_W * s))


@lru_cache(maxsize=8)
def puzzle_layout(size: tuple[int, int]) -> PuzzleLayout:
    """The practice screen laid out for a window of ``size``."""
    w, _ = size
    bands = puzzle_bands(size)
    s, m, hints, main_top, side_w = bands.scale, bands.margin, bands.hints, bands.main_top, bands.side_w
    bottom = Rect(m, hints.top - px(176 * s), w - 2 * m, px(172 * s))
    main_h = bottom.top - m // 2 - main_top
    side = Rect(w - m - side_w, main_top, side_w, main_h)
    rows, card_size = row_boxes(Rect(m, main_top, side.left - 2 * m, main_h), s)
    button_w, button_h = max(px(270 * s), 216), px(66 * s)  # the longest language's labels
    answer_button = Rect(bottom.right - button_w, bottom.top + px(12 * s), button_w, button_h)
    back = Rect(answer_button.left, answer_button.bottom + px(14 * s), button_w, button_h)
    hand = Rect(bottom.left, bottom.top, answer_button.left - px(24 * s) - bottom.left, bottom.height)
    message = Rect(0, 0, px(880 * s), px(220 * s))
    message.center = (w // 2, main_top + main_h // 2)
    return PuzzleLayout(size, s, bands.top_bar, bands.question, rows, card_size, side, hand, answer_button, back, hints,
                        message)


def row_boxes(area: Rect, s: float) -> tuple[tuple[Rect, ...], tuple[int, int]]:
    """The four row boxes filling ``area``, and the size of a card in them (as tall as a row
    allows, narrow enough for six slots beside the label and the value column)."""
    gap = px(6 * s)
    row_h = (area.height - (ROWS - 1) * gap) // ROWS
    rows = tuple(Rect(area.left, area.top + i * (row_h + gap), area.width, row_h) for i in range(ROWS))
    card_h = row_h - px(10 * s)
    card_w = px(card_h * CARD_RATIO)
    room = area.width - px(ROW_LABEL_W * s) - px(ROW_VALUE_W * s) - ROW_SLOTS * px(8 * s)
    if card_w * ROW_SLOTS > room:
        card_w = room // ROW_SLOTS
        card_h = px(card_w / CARD_RATIO)
    return rows, (card_w, card_h)
