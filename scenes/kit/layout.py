"""Where everything goes, computed from the window size only.

Each screen asks for its layout with the current window size; the result is
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

from .theme import text_px

BASE_W, BASE_H = 1280, 720
CARD_RATIO = 0.7
"""Card width / height."""
ROW_SLOTS = 6
"""Five cards per row plus the "6th card takes the row" slot."""


def scale_for(size: tuple[int, int]) -> float:
    """How much bigger than 1280x720 the window is (the smaller of both axes)."""
    w, h = size
    return max(0.5, min(w / BASE_W, h / BASE_H))


def _r(value: float) -> int:
    return int(round(value))


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
        return _strip_rect(self.hand_area, self.hand_card_size, _r(14 * self.scale), index, count)

    def hand_hit_rect(self, index: int, count: int) -> Rect:
        """What a click on card ``index`` covers: the card, half of each gap beside it (or, where
        squeezed cards overlap, its visible part) and the whole height of the hand's area."""
        card = self.hand_card_rect(index, count)
        left = self._hand_boundary(index - 1, count) if index > 0 else card.left
        right = self._hand_boundary(index, count) if index < count - 1 else card.right
        top = min(card.top, self.hand_area.top) - _r(12 * self.scale)
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
        """Where the name of the player of queue card ``index`` goes (its ``midtop``): under the
        card; from five cards on, every other name a line lower, so each has two cards' width."""
        card = self.queue_card_rect(index)
        s = self.scale
        line = self.font_small * 3 // 4
        if self.players <= 4:
            return Rect(card.left - _r(4 * s), card.bottom + _r(6 * s), card.width + _r(8 * s), line)
        width = 2 * card.width + self.queue_gap
        rect = Rect(card.centerx - width // 2, card.bottom + _r(2 * s) + (index % 2) * line, width, line)
        room = Rect(self.queue_area.left, rect.top, self.queue_area.width + _r(12 * s), line)
        return rect.clip(room)  # the first from the margin, the last short of the explain panel

    def small_hand_rect(self, index: int, count: int) -> Rect:
        """Card ``index`` of the solo player's hand shown small while cards are placed."""
        area = self.small_hand_area
        w, h = self.small_card_size
        gap = _r(6 * self.scale)
        if count * w + (count - 1) * gap > area.width:
            w = max(8, (area.width - (count - 1) * gap) // count)
            h = _r(w / CARD_RATIO)
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
    width = min(_r(height * CARD_RATIO), (area.width - (count - 1) * gap) // count)
    return width, min(height, _r(width / CARD_RATIO))


@lru_cache(maxsize=32)
def table_layout(size: tuple[int, int], players: int = 4) -> TableLayout:
    """The table screen laid out for a window of ``size`` and ``players`` seats (2-10).

    Up to four seats stack in one column beside the rows; from five on, the seats' panel is
    wider and holds two columns (see :func:`seat_columns`), and the turn's cards share the
    queue's area, narrower each.
    """
    s = scale_for(size)
    m = _r(14 * s)
    top_bar, main, caption, bottom, hints = _bands(size, s, m)
    panel_w = _r(390 * s) if seat_columns(players) == 1 else max(_r(WIDE_PANEL * s), WIDE_PANEL_PX)
    panel = Rect(main.right - panel_w, main.top, panel_w, main.height)
    rows_area = Rect(main.left, main.top, main.width - panel_w - m, main.height)
    row_boxes, row_labels, (card_w, card_h), card_gap = _rows(rows_area, s)
    seats = seat_boxes(panel, players, s)
    hand_h = bottom.height - _r(8 * s)
    next_button, auto_button, back_button, live_button = _step_buttons(bottom, s)
    help_size = top_bar.height - _r(12 * s)
    help_button = Rect(top_bar.right - m - help_size, top_bar.top + _r(6 * s), help_size, help_size)
    queue_area, queue_card, queue_gap = _queue(bottom, players, s)
    small_h = _r(bottom.height * 0.62)
    small_hand_area = Rect(queue_area.right + _r(16 * s), bottom.top,
                           back_button.left - queue_area.right - _r(30 * s), bottom.height)
    hand_area = Rect(bottom.left, bottom.top, next_button.left - _r(20 * s) - bottom.left, bottom.height)
    return TableLayout(
        size=size, scale=s, top_bar=top_bar, rows_area=rows_area,
        row_boxes=row_boxes, row_labels=row_labels,
        card_size=(card_w, card_h), card_gap=card_gap, panel=panel, seats=tuple(seats),
        caption=caption, bottom=bottom, hand_card_size=_hand_card_size(hand_area, hand_h, _r(14 * s)),
        queue_area=queue_area, queue_card_size=queue_card, queue_gap=queue_gap,
        small_hand_area=small_hand_area, small_card_size=(_r(small_h * CARD_RATIO), small_h),
        next_button=next_button, auto_button=auto_button, back_button=back_button,
        live_button=live_button, help_button=help_button, explain_area=small_hand_area, hints=hints,
        hand_area=hand_area,
        play_button=Rect(next_button.left, next_button.top + _r(24 * s), next_button.width, _r(76 * s)),
        font_caption=text_px(36, s), font_label=text_px(30, s), font_small=text_px(22, s),
        font_status=text_px(32, s), font_name=text_px(32, s), players=players,
    )


def _bands(size: tuple[int, int], s: float, m: int) -> tuple[Rect, Rect, Rect, Rect, Rect]:
    """The table's bands from top to bottom: top bar, main (rows and seats), caption, bottom
    (hand, queue, buttons) and the hints footer."""
    w, h = size
    top_bar = Rect(0, 0, w, _r(52 * s))
    hints_h = max(_r(28 * s), _r(text_px(22, s) * 0.75))  # the footer's text at the projector minimum
    hints = Rect(0, h - hints_h, w, hints_h)
    bottom_h = _r(156 * s)
    bottom = Rect(m, hints.top - bottom_h - _r(4 * s), w - 2 * m, bottom_h)
    caption = Rect(m, bottom.top - _r(56 * s), w - 2 * m, _r(50 * s))
    main = Rect(m, top_bar.bottom + m, w - 2 * m, caption.top - top_bar.bottom - m - _r(6 * s))
    return top_bar, main, caption, bottom, hints


def _queue(bottom: Rect, players: int, s: float) -> tuple[Rect, tuple[int, int], int]:
    """The turn's revealed cards: their area, a card's size and the gap, with room for the
    names below (on two staggered lines from five players)."""
    name_h = max(_r(30 * s), _r(text_px(22, s) * 0.75))
    queue_h = bottom.height - (name_h if players <= 4 else 2 * (text_px(22, s) * 3 // 4) + _r(4 * s))
    queue_card, queue_gap, queue_w = _queue_cards(queue_h, players, s)
    return Rect(bottom.left, bottom.top, queue_w, queue_h), queue_card, queue_gap


def _rows(rows_area: Rect, s: float) -> tuple[tuple[Rect, ...], tuple[Rect, ...], tuple[int, int], int]:
    """The four rows' boxes, their label boxes, a row card's size and the gap between cards."""
    gap = _r(8 * s)
    row_h = (rows_area.height - 3 * gap) // 4
    label_w = _r(112 * s)
    card_gap = _r(10 * s)
    card_h = row_h - _r(10 * s)
    card_w = _r(card_h * CARD_RATIO)
    max_w = (rows_area.width - label_w - card_gap * (ROW_SLOTS + 1)) // ROW_SLOTS
    if card_w > max_w:
        card_w, card_h = max_w, _r(max_w / CARD_RATIO)
    boxes = tuple(Rect(rows_area.left, rows_area.top + i * (row_h + gap), rows_area.width, row_h)
                  for i in range(4))
    labels = tuple(Rect(box.left, box.top, label_w, box.height) for box in boxes)
    return boxes, labels, (card_w, card_h), card_gap


def _step_buttons(bottom: Rect, s: float) -> tuple[Rect, Rect, Rect, Rect]:
    """Next and Auto at the bottom right, Back and Now/End left of them."""
    button_w, button_h = _r(200 * s), _r(58 * s)
    next_button = Rect(bottom.right - button_w, bottom.top + _r(10 * s), button_w, button_h)
    auto_button = Rect(next_button.left, next_button.bottom + _r(12 * s), button_w, button_h)
    small_w = _r(100 * s)
    back_button = Rect(next_button.left - _r(10 * s) - small_w, next_button.top, small_w, button_h)
    live_button = Rect(back_button.left, auto_button.top, small_w, button_h)
    return next_button, auto_button, back_button, live_button


WIDE_PANEL = 560
"""Width at 1280x720 of the seats' panel in two columns (the rows keep room for six cards
and the "taken by" note)."""
WIDE_PANEL_PX = 480
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
    gap = _r(8 * s)
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
    pad = _r(8 * s)
    card_h_small = box.height - 2 * pad
    card_w = _r(card_h_small * CARD_RATIO)
    if compact:
        card_w = min(card_w, _r(50 * s))
        card_h_small = min(card_h_small, _r(card_w / CARD_RATIO))
    card = Rect(0, 0, card_w, card_h_small)
    card.midright = (box.right - pad, box.centery)
    marker = Rect(box.left + _r(4 * s), box.top, _r((16 if compact else 22) * s), box.height)
    score_w = max(64, 62 / s) if compact else 84  # "of 66" at the smallest text size, under the points
    score = Rect(card.left - _r((score_w + 8) * s), box.top, _r(score_w * s), box.height)
    name = Rect(marker.right + _r(4 * s), box.top + pad, score.left - marker.right - _r(8 * s),
                box.height // 2 - pad)
    detail = Rect(name.left, name.bottom, name.width, box.bottom - pad - name.bottom)
    inner_top, inner_h = box.top + pad // 2, box.height - pad
    first_h = _r(inner_h * 0.38)
    third_h = (inner_h - first_h) // 2
    lines = (Rect(name.left, inner_top, name.width, first_h),
             Rect(name.left, inner_top + first_h, name.width, third_h),
             Rect(name.left, inner_top + first_h + third_h, name.width, third_h))
    return SeatParts(box, marker, name, detail, score, card, lines)


def _queue_cards(height: int, players: int, s: float) -> tuple[tuple[int, int], int, int]:
    """The turn's cards: (card size, gap, width of the queue's area).  Four cards (or fewer) at
    full height; a larger table's cards narrower, all in :data:`QUEUE_WIDE`."""
    gap = _r(10 * s)
    full = (_r(height * CARD_RATIO), height)
    if players <= 4:
        return full, gap, 4 * full[0] + 3 * gap
    gap = _r(6 * s)
    width = min(full[0], (_r(QUEUE_WIDE * s) - (players - 1) * gap) // players)
    return (width, min(height, _r(width / CARD_RATIO))), gap, players * width + (players - 1) * gap


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


@lru_cache(maxsize=32)
def menu_layout(size: tuple[int, int], players: int = 4) -> MenuLayout:
    """The menu laid out for a window of ``size`` with ``players`` seats: up to four in one
    column, from five on in two columns of shorter fields (the buttons stay where they are)."""
    w, h = size
    s = scale_for(size)
    title = Rect(0, _r(30 * s), w, _r(110 * s))
    left_w, right_w = _r(420 * s), _r(620 * s)
    gap = _r(50 * s)
    left = w // 2 - (left_w + gap + right_w) // 2
    right = left + left_w + gap
    top = title.bottom + _r(40 * s)
    button_h = _r(76 * s)
    modes = tuple(Rect(left, top + _r(44 * s) + i * (button_h + _r(18 * s)), left_w, button_h) for i in range(3))
    kind_w, kind_gap = _r(180 * s), _r(12 * s)
    names_title = Rect(right, top, right_w - kind_w - kind_gap, _r(40 * s))
    all_kinds = Rect(right + right_w - kind_w, top - _r(2 * s), kind_w, _r(40 * s))
    preset = Rect(left + left_w - _r(250 * s), top - _r(2 * s), _r(250 * s), _r(40 * s))
    names, kinds = _menu_seats(Rect(right, top + _r(44 * s), right_w, 4 * _r(60 * s) + 3 * _r(12 * s)),
                               players, s)
    seats_bottom = top + _r(44 * s) + 4 * _r(60 * s) + 3 * _r(12 * s)
    error = Rect(0, max(modes[-1].bottom, seats_bottom) + _r(8 * s), w, _r(34 * s))
    bw, bh = _r(240 * s), _r(72 * s)
    gap = _r(24 * s)
    by = max(modes[-1].bottom, seats_bottom) + _r(50 * s)
    x0 = w // 2 - (4 * bw + 3 * gap) // 2
    start, rules, scores, quit_ = (Rect(x0 + i * (bw + gap), by, bw, bh) for i in range(4))
    hints = Rect(0, h - _r(34 * s), w, _r(30 * s))
    resume = Rect(_r(16 * s), _r(16 * s), _r(330 * s), _r(80 * s))  # top left, clear of the title
    step = _r(40 * s)
    fewer = Rect(right + _r(130 * s), top, step, step)
    count = Rect(fewer.right, top, _r(52 * s), step)
    more = Rect(count.right, top, step, step)
    return MenuLayout(s, title, modes, names_title, names, kinds, all_kinds, preset, error, start, rules, scores, quit_,
                      hints, resume, _r(84 * s), text_px(36, s), text_px(24, s), fewer, more, count,
                      compact=players > 4)


def _menu_seats(area: Rect, players: int, s: float) -> tuple[tuple[Rect, ...], tuple[Rect, ...]]:
    """Each seat's field and level button in ``area``: four (or fewer) as tall as ever, one under
    the other; more in two columns, each field narrower and its level button smaller."""
    if players <= 4:
        field_h, kind_w = _r(60 * s), _r(180 * s)
        fields = [Rect(area.left, area.top + i * (field_h + _r(12 * s)), area.width - kind_w - _r(12 * s), field_h)
                  for i in range(players)]
        return tuple(fields), tuple(Rect(area.right - kind_w, f.top, kind_w, field_h) for f in fields)
    lines = -(-players // 2)
    gap = _r(8 * s)
    column_w = (area.width - _r(16 * s)) // 2
    field_h = (area.height - (lines - 1) * gap) // lines
    kind_w = _r(112 * s)
    names, kinds = [], []
    for i in range(players):
        column, line = divmod(i, lines)
        left = area.left + column * (column_w + _r(16 * s))
        top = area.top + line * (field_h + gap)
        names.append(Rect(left, top, column_w - kind_w - gap, field_h))
        kinds.append(Rect(left + column_w - kind_w, top, kind_w, field_h))
    return tuple(names), tuple(kinds)


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
    title = Rect(0, _r(26 * s), w, _r(80 * s))
    subtitle = Rect(0, title.bottom, w, _r(40 * s))
    top = subtitle.bottom + _r(26 * s)
    lines_h = 4 * _r(82 * s) + 3 * _r(12 * s)
    lines = _result_lines(Rect(0, top, w, lines_h), players, s)
    bw, bh = _r(214 * s), _r(70 * s)
    gap = _r(18 * s)
    by = top + lines_h + _r(34 * s)
    x0 = w // 2 - (5 * bw + 4 * gap) // 2
    slots = [Rect(x0 + i * (bw + gap), by, bw, bh) for i in range(5)]
    # by button: Replay, New deal, Menu, Quit, Review; Review shows third, before Menu and Quit
    buttons = (slots[0], slots[1], slots[3], slots[4], slots[2])
    saved = Rect(0, by + bh + _r(14 * s), w, _r(30 * s))
    hints = Rect(0, h - _r(34 * s), w, _r(30 * s))
    return ResultsLayout(s, title, subtitle, lines, buttons, saved, hints, _r(72 * s),
                         _r(40 * s) if players <= 4 else text_px(34, s), text_px(24, s))


def _result_lines(area: Rect, players: int, s: float) -> tuple[Rect, ...]:
    """One line per player in ``area`` (its top and height; centred in its width)."""
    if players <= 4:
        line_w, line_h = _r(760 * s), _r(82 * s)
        return tuple(Rect(area.centerx - line_w // 2, area.top + i * (line_h + _r(12 * s)), line_w, line_h)
                     for i in range(players))
    per_column = -(-players // 2)
    gap = _r(10 * s)
    line_w = _r(570 * s)
    line_h = (area.height - (per_column - 1) * gap) // per_column
    left = area.centerx - line_w - _r(10 * s)
    return tuple(Rect(left + (i // per_column) * (line_w + _r(20 * s)), area.top + (i % per_column) * (line_h + gap),
                      line_w, line_h) for i in range(players))


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
    box = Rect(0, 0, _r(700 * s), _r(290 * s))
    box.center = (w // 2, h // 2)
    title = Rect(box.left, box.top + _r(24 * s), box.width, _r(56 * s))
    body = Rect(box.left, title.bottom, box.width, _r(60 * s))
    bw, bh = _r(260 * s), _r(66 * s)
    yes = Rect(box.centerx - bw - _r(14 * s), box.bottom - bh - _r(30 * s), bw, bh)
    no = Rect(box.centerx + _r(14 * s), yes.top, bw, bh)
    return DialogLayout(s, box, title, body, yes, no, _r(50 * s), text_px(30, s))
