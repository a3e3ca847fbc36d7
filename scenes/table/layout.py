"""The table screen's layout: every rectangle of the table, from the window size and the number of seats
(up to four in one column, two columns from five)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from ..kit.layout import CARD_RATIO, ROW_SLOTS, px, scale_for
from ..kit.theme import hint_px, line_height, text_px


@dataclass(frozen=True)
class SeatParts:
    """Inside one player's box in the side panel."""

    box: Rect
    marker: Rect
    name: Rect
    detail: Rect
    score: Rect
    card: Rect
    lines: tuple[Rect, Rect, Rect]
    """Name, detail and a note line, tighter: for a bot, whose note is its last message."""


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle of the table screen for one window size."""

    size: tuple[int, int]
    scale: float
    top_bar: Rect
    rows_area: Rect
    row_boxes: tuple[Rect, ...]
    """Whole rows (label + cards): what a click picks under rule 4."""
    row_labels: tuple[Rect, ...]
    card_size: tuple[int, int]
    card_gap: int
    panel: Rect
    seats: tuple[SeatParts, ...]
    caption: Rect
    bottom: Rect
    hand_card_size: tuple[int, int]
    queue_area: Rect
    queue_card_size: tuple[int, int]
    queue_gap: int
    """Between two cards of the queue."""
    small_hand_area: Rect
    small_card_size: tuple[int, int]
    next_button: Rect
    auto_button: Rect
    back_button: Rect
    """Step back through the history (left of Next)."""
    live_button: Rect
    """Back to the live game (left of Auto)."""
    help_button: Rect
    """The "?" at the right end of the top bar: the rules screen."""
    explain_area: Rect
    """The explain panel (where the solo hand shows while cards are placed)."""
    hints: Rect
    hand_area: Rect
    """Where the chooser's hand is spread (the bottom, less the Play button)."""
    play_button: Rect
    """Plays the selected hand card (where Next is while cards are placed)."""
    font_caption: int
    font_label: int
    font_small: int
    font_status: int
    font_name: int
    font_hint: int
    """The footer's key hints (text only the teacher needs)."""
    players: int = 4
    """Seats laid out: 2-10 (one column up to four, two columns from five)."""

    def row_card_rect(self, row: int, index: int) -> Rect:
        """Slot ``index`` (0-5) of ``row``; slot 5 is the "6th card" slot."""
        label = self.row_labels[row]
        w, h = self.card_size
        x = label.right + self.card_gap + index * (w + self.card_gap)
        return Rect(x, self.row_boxes[row].centery - h // 2, w, h)

    def hand_card_rect(self, index: int, count: int) -> Rect:
        """Card ``index`` of a hand of ``count``, centred along the bottom."""
        return _strip_rect(self.hand_area, self.hand_card_size, px(14 * self.scale), index, count)

    def hand_hit_rect(self, index: int, count: int) -> Rect:
        """What a click on card ``index`` covers: the card, half of each gap beside it (or, where
        squeezed cards overlap, its visible part) and the whole height of the hand's area."""
        card = self.hand_card_rect(index, count)
        left = self._hand_boundary(index - 1, count) if index > 0 else card.left
        right = self._hand_boundary(index, count) if index < count - 1 else card.right
        top = min(card.top, self.hand_area.top) - px(12 * self.scale)
        return Rect(left, top, max(1, right - left), self.hand_area.bottom - top)

    def _hand_boundary(self, index: int, count: int) -> int:
        """Where a click stops meaning card ``index`` and starts meaning card ``index + 1``."""
        this, after = self.hand_card_rect(index, count), self.hand_card_rect(index + 1, count)
        return (this.right + after.left) // 2 if this.right <= after.left else after.left

    def queue_card_rect(self, index: int, count: int = 4) -> Rect:
        """Card ``index`` of this turn's cards in placement order (lowest first); the cards of a
        larger table share the same area (:attr:`queue_card_size` is already their size)."""
        w, h = self.queue_card_size
        gap = self.queue_gap
        return Rect(self.queue_area.left + index * (w + gap), self.queue_area.top, w, h)

    def queue_name_rect(self, index: int) -> Rect:
        """Where the name of the player of queue card ``index`` goes: centred under the card, within
        this rect.  A big table names only the card being placed (see
        :attr:`names_every_queue_card`), so its name has the whole queue's width."""
        card = self.queue_card_rect(index)
        s = self.scale
        line = line_height(self.font_small)
        if self.names_every_queue_card:
            return Rect(card.left - px(4 * s), card.bottom + px(6 * s), card.width + px(8 * s), line)
        return Rect(self.queue_area.left, card.bottom + px(4 * s), self.queue_area.width + px(12 * s), line)

    @property
    def names_every_queue_card(self) -> bool:
        """Up to four players each revealed card is named; a bigger table names the one being
        placed (every seat's panel shows its own card, so nothing is lost)."""
        return self.players <= 4

    def small_hand_rect(self, index: int, count: int) -> Rect:
        """Card ``index`` of the solo player's hand shown small while cards are placed."""
        area = self.small_hand_area
        w, h = self.small_card_size
        gap = px(6 * self.scale)
        if count * w + (count - 1) * gap > area.width:
            w = max(8, (area.width - (count - 1) * gap) // count)
            h = px(w / CARD_RATIO)
        total = count * w + (count - 1) * gap
        x0 = area.left + max(0, (area.width - total) // 2)
        return Rect(x0 + index * (w + gap), area.bottom - h, w, h)


def _strip_rect(area: Rect, size: tuple[int, int], gap: int, index: int, count: int) -> Rect:
    w, h = size
    total = count * w + max(0, count - 1) * gap
    if total > area.width and count > 1:  # overlap a little rather than leave the area
        gap = (area.width - count * w) // (count - 1)
        total = area.width
    x0 = area.centerx - total // 2
    return Rect(x0 + index * (w + gap), area.centery - h // 2, w, h)


def _hand_card_size(area: Rect, height: int, gap: int, count: int = 10) -> tuple[int, int]:
    """A hand card's size: as tall as ``height``, but narrow enough for a full hand of ``count``
    to fit ``area`` side by side, never overlapping (each card is a clear target)."""
    width = min(px(height * CARD_RATIO), (area.width - (count - 1) * gap) // count)
    return width, min(height, px(width / CARD_RATIO))


@lru_cache(maxsize=32)
def table_layout(size: tuple[int, int], players: int = 4) -> TableLayout:
    """The table screen laid out for a window of ``size`` and ``players`` seats (2-10).

    Up to four seats stack in one column beside the rows; from five on, the seats' panel is
    wider and holds two columns (see :func:`seat_columns`), and the turn's cards share the
    queue's area, narrower each.
    """
    s = scale_for(size)
    m = px(14 * s)
    top_bar, main, caption, bottom, hints = _bands(size, s, m)
    panel_w = max(px(390 * s), 332) if seat_columns(players) == 1 else max(px(WIDE_PANEL * s), WIDE_PANEL_PX)
    panel = Rect(main.right - panel_w, main.top, panel_w, main.height)
    rows_area = Rect(main.left, main.top, main.width - panel_w - m, main.height)
    row_boxes, row_labels, (card_w, card_h), card_gap = _rows(rows_area, s)
    seats = seat_boxes(panel, players, s)
    hand_h = bottom.height - px(8 * s)
    next_button, auto_button, back_button, live_button = _step_buttons(bottom, s)
    help_size = top_bar.height - px(12 * s)
    help_button = Rect(top_bar.right - m - help_size, top_bar.top + px(6 * s), help_size, help_size)
    queue_area, queue_card, queue_gap = _queue(bottom, players, s)
    small_h = px(bottom.height * 0.62)
    small_hand_area = Rect(queue_area.right + px(16 * s), bottom.top,
                           back_button.left - queue_area.right - px(30 * s), bottom.height)
    hand_area = Rect(bottom.left, bottom.top, next_button.left - px(20 * s) - bottom.left, bottom.height)
    return TableLayout(
        size=size, scale=s, top_bar=top_bar, rows_area=rows_area,
        row_boxes=row_boxes, row_labels=row_labels,
        card_size=(card_w, card_h), card_gap=card_gap, panel=panel, seats=tuple(seats),
        caption=caption, bottom=bottom, hand_card_size=_hand_card_size(hand_area, hand_h, px(14 * s)),
        queue_area=queue_area, queue_card_size=queue_card, queue_gap=queue_gap,
        small_hand_area=small_hand_area, small_card_size=(px(small_h * CARD_RATIO), small_h),
        next_button=next_button, auto_button=auto_button, back_button=back_button,
        live_button=live_button, help_button=help_button, explain_area=small_hand_area, hints=hints,
        hand_area=hand_area,
        play_button=Rect(next_button.left, next_button.top + px(24 * s), next_button.width, px(76 * s)),
        font_caption=text_px(36, s), font_label=text_px(30, s), font_small=text_px(22, s),
        font_status=text_px(32, s), font_name=text_px(32, s), font_hint=hint_px(22, s), players=players,
    )


def _bands(size: tuple[int, int], s: float, m: int) -> tuple[Rect, Rect, Rect, Rect, Rect]:
    """The table's bands from top to bottom: top bar, main (rows and seats), caption, bottom
    (hand, queue, buttons) and the hints footer."""
    w, h = size
    top_bar = Rect(0, 0, w, px(52 * s))
    hints_h = max(px(28 * s), line_height(text_px(21, s)))  # key hints, or a class game's room line
    hints = Rect(0, h - hints_h, w, hints_h)
    bottom_h = px(156 * s)
    bottom = Rect(m, hints.top - bottom_h - px(4 * s), w - 2 * m, bottom_h)
    caption = Rect(m, bottom.top - px(56 * s), w - 2 * m, px(50 * s))
    main = Rect(m, top_bar.bottom + m, w - 2 * m, caption.top - top_bar.bottom - m - px(6 * s))
    return top_bar, main, caption, bottom, hints


def _queue(bottom: Rect, players: int, s: float) -> tuple[Rect, tuple[int, int], int]:
    """The turn's revealed cards: their area, a card's size and the gap, with room for a line
    of names below."""
    queue_h = bottom.height - max(px(30 * s), line_height(text_px(22, s)) + px(4 * s))
    queue_card, queue_gap, queue_w = _queue_cards(queue_h, players, s)
    return Rect(bottom.left, bottom.top, queue_w, queue_h), queue_card, queue_gap


def _rows(rows_area: Rect, s: float) -> tuple[tuple[Rect, ...], tuple[Rect, ...], tuple[int, int], int]:
    """The four rows' boxes, their label boxes, a row card's size and the gap between cards."""
    gap = px(8 * s)
    row_h = (rows_area.height - 3 * gap) // 4
    label_w = px(112 * s)
    card_gap = px(10 * s)
    card_h = row_h - px(10 * s)
    card_w = px(card_h * CARD_RATIO)
    max_w = (rows_area.width - label_w - card_gap * (ROW_SLOTS + 1)) // ROW_SLOTS
    if card_w > max_w:
        card_w, card_h = max_w, px(max_w / CARD_RATIO)
    boxes = tuple(Rect(rows_area.left, rows_area.top + i * (row_h + gap), rows_area.width, row_h)
                  for i in range(4))
    labels = tuple(Rect(box.left, box.top, label_w, box.height) for box in boxes)
    return boxes, labels, (card_w, card_h), card_gap


def _step_buttons(bottom: Rect, s: float) -> tuple[Rect, Rect, Rect, Rect]:
    """Next and Auto at the bottom right, Back and Now/End left of them."""
    button_w, button_h = max(px(200 * s), 176), px(58 * s)  # "Siguiente ronda" whole at the smallest size
    next_button = Rect(bottom.right - button_w, bottom.top + px(10 * s), button_w, button_h)
    auto_button = Rect(next_button.left, next_button.bottom + px(12 * s), button_w, button_h)
    small_w = max(px(100 * s), 86)
    back_button = Rect(next_button.left - px(10 * s) - small_w, next_button.top, small_w, button_h)
    live_button = Rect(back_button.left, auto_button.top, small_w, button_h)
    return next_button, auto_button, back_button, live_button


WIDE_PANEL = 560
"""Width at 1280x720 of the seats' panel in two columns (the rows keep room for six cards
and the "taken by" note)."""


WIDE_PANEL_PX = 492
"""Never narrower than this: names stay long enough at the projector's minimum text size."""


QUEUE_WIDE = 540
"""Width at 1280x720 of the turn's cards of a table of five or more (four fit 382)."""


def seat_columns(players: int) -> int:
    """Columns of the seats' panel: one up to four players, two from five."""
    return 1 if players <= 4 else 2


def seat_boxes(panel: Rect, players: int, s: float) -> tuple[SeatParts, ...]:
    """Each seat's box in ``panel``: in one column as tall as for four (two or three seats leave
    room below), or in two columns filled down the first, then the second."""
    columns = seat_columns(players)
    lines = 4 if columns == 1 else -(-players // columns)
    gap = px(8 * s)
    seat_w = (panel.width - (columns - 1) * gap) // columns
    seat_h = (panel.height - (lines - 1) * gap) // lines
    boxes = []
    for i in range(players):
        column, line = divmod(i, lines)
        box = Rect(panel.left + column * (seat_w + gap), panel.top + line * (seat_h + gap), seat_w, seat_h)
        boxes.append(_seat_parts(box, s, compact=columns > 1))
    return tuple(boxes)


def _seat_parts(box: Rect, s: float, compact: bool = False) -> SeatParts:
    """Inside a seat's box: marker, name over detail, points, and the card played; ``compact``
    (two columns) narrows the points and the card."""
    pad = px(8 * s)
    card_h_small = box.height - 2 * pad
    card_w = px(card_h_small * CARD_RATIO)
    if compact:
        card_w = min(card_w, px(50 * s))
        card_h_small = min(card_h_small, px(card_w / CARD_RATIO))
    card = Rect(0, 0, card_w, card_h_small)
    card.midright = (box.right - pad, box.centery)
    marker = Rect(box.left + px(4 * s), box.top, px((16 if compact else 22) * s), box.height)
    score_w = max(64, 62 / s) if compact else 78  # "of 66" or "Punkte" at the smallest text size, under the points
    score = Rect(card.left - px((score_w + 8) * s), box.top, px(score_w * s), box.height)
    name = Rect(marker.right + px(4 * s), box.top + pad, score.left - marker.right - px(8 * s),
                box.height // 2 - pad)
    detail = Rect(name.left, name.bottom, name.width, box.bottom - pad - name.bottom)
    inner_top, inner_h = box.top + pad // 2, box.height - pad
    first_h = px(inner_h * 0.38)
    third_h = (inner_h - first_h) // 2
    lines = (Rect(name.left, inner_top, name.width, first_h),
             Rect(name.left, inner_top + first_h, name.width, third_h),
             Rect(name.left, inner_top + first_h + third_h, name.width, third_h))
    return SeatParts(box, marker, name, detail, score, card, lines)


def _queue_cards(height: int, players: int, s: float) -> tuple[tuple[int, int], int, int]:
    """The turn's cards: (card size, gap, width of the queue's area).  Four cards (or fewer) at
    full height; a larger table's cards narrower, all in :data:`QUEUE_WIDE`."""
    gap = px(10 * s)
    full = (px(height * CARD_RATIO), height)
    if players <= 4:
        return full, gap, 4 * full[0] + 3 * gap
    gap = px(6 * s)
    width = min(full[0], (px(QUEUE_WIDE * s) - (players - 1) * gap) // players)
    return (width, min(height, px(width / CARD_RATIO))), gap, players * width + (players - 1) * gap
