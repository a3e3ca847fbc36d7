"""The review screen's model and layout: the game reviewed (:class:`ReviewSource`), the review
running on a worker thread (:class:`ReviewJob`), what a frame showed (:class:`ReviewFrame`) and
every rectangle (:func:`review_layout`).  The scene (:mod:`.scene`) and its drawing
(:mod:`.view`) both stand on it."""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from typing import Protocol, Sequence

import pygame

from game.i18n import _
from game.review import DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, DecisionPoint, decision_points, review_point

from ..base import AppContext
from ..kit.layout import CARD_RATIO, footer_height, scale_for
from ..model.review_source import ReviewSource
from game.i18n import Part


class ReviewJob:
    """The review of some seats, made on a worker thread one decision at a time: the first seat's
    decisions first (the screen shows them as they come in), and a seat asked for (:meth:`prefer`)
    goes before the others."""

    def __init__(self, source: ReviewSource, seats: Sequence[int], rollouts: int = DEFAULT_ROLLOUTS,
                 seed: int = DEFAULT_SEED, threaded: bool = True) -> None:
        points = decision_points(source.rules, len(source.seats), source.seed, source.rounds, seats)
        order = list(seats)
        self.points = sorted(points, key=lambda point: order.index(point.seat))  # (a stable sort: game order)
        self.rollouts = rollouts
        self.seed = seed
        self.decisions: list[Decision] = []
        self.error: str | None = None
        self._waiting = deque(self.points)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="review", daemon=True)
            self._thread.start()
        else:
            self._run()

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def done(self) -> bool:
        return len(self.decisions) == self.total or self.error is not None

    def seat_total(self, seat: int) -> int:
        return sum(1 for point in self.points if point.seat == seat)

    def seat_done(self, seat: int) -> bool:
        """Whether every decision of ``seat`` is in."""
        return sum(1 for decision in self.decisions if decision.seat == seat) == self.seat_total(seat)

    def prefer(self, seat: int) -> None:
        """Review ``seat``'s remaining decisions next (the screen shows that seat now)."""
        with self._lock:
            mine = [point for point in self._waiting if point.seat == seat]
            others = [point for point in self._waiting if point.seat != seat]
            self._waiting = deque(mine + others)

    def _next(self) -> DecisionPoint | None:
        with self._lock:
            return self._waiting.popleft() if self._waiting else None

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                point = self._next()
                if point is None:
                    return
                self.decisions.append(review_point(point, self.rollouts, self.seed))
        except Exception as problem:  # shown on the screen rather than lost on a thread
            self.error = _("the review failed: {problem}").format(problem=problem)

    def stop(self) -> None:
        self._stop.set()

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the review to finish (tools and tests); whether it has."""
        if self._thread is not None:
            self._thread.join(seconds)
        return self.done


@dataclass(frozen=True)
class ReviewFrame:
    """What the last frame showed (read by tests)."""

    progress: tuple[int, int]
    seat: int
    index: int
    decision: Decision | None
    summary: str
    rows: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    option_lines: tuple[str, ...]


class ReviewState(Protocol):
    """What the drawing reads of the review screen."""

    ctx: AppContext
    source: ReviewSource
    seats: tuple[int, ...]
    job: ReviewJob
    seat: int
    index: int
    mouse: tuple[int, int]

    def seat_decisions(self) -> list[Decision]: ...
    def shown(self) -> Decision | None: ...


ROW_LABEL_W = 124
"""Width left of each row's cards for its name and points, at 1280x720 ("Rangée 4" fits)."""


@dataclass(frozen=True)
class ReviewLayout:
    """Every rectangle of the review screen for one window size."""

    size: tuple[int, int]
    scale: float
    top_bar: pygame.Rect
    caption: pygame.Rect
    rows: tuple[pygame.Rect, ...]
    card_size: tuple[int, int]
    options: pygame.Rect
    hand: pygame.Rect
    prev_button: pygame.Rect
    next_button: pygame.Rect
    seat_button: pygame.Rect
    back: pygame.Rect
    hints: pygame.Rect

    def row_card_rect(self, row: int, slot: int) -> pygame.Rect:
        box = self.rows[row]
        w, h = self.card_size
        gap = round(8 * self.scale)
        left = box.left + round(ROW_LABEL_W * self.scale)
        return pygame.Rect(left + slot * (w + gap), box.centery - h // 2, w, h)


def review_layout(size: tuple[int, int]) -> ReviewLayout:
    """The review screen laid out for a window of ``size``."""
    w, h = size
    s = scale_for(size)
    m = round(14 * s)
    top_bar = pygame.Rect(0, 0, w, round(52 * s))
    hints = pygame.Rect(0, h - footer_height(s), w, footer_height(s))
    bottom_h = round(150 * s)
    bottom = pygame.Rect(m, hints.top - bottom_h - round(4 * s), w - 2 * m, bottom_h)
    caption = pygame.Rect(m, top_bar.bottom + m // 2, w - 2 * m, round(54 * s))
    main_top = caption.bottom + m // 2
    main_h = bottom.top - m // 2 - main_top
    options_w = round(430 * s)
    options = pygame.Rect(w - m - options_w, main_top, options_w, main_h)
    rows_w = options.left - m - m
    gap = round(6 * s)
    row_h = (main_h - 3 * gap) // 4
    rows = tuple(pygame.Rect(m, main_top + i * (row_h + gap), rows_w, row_h) for i in range(4))
    card_h = row_h - round(8 * s)
    card_w = round(card_h * CARD_RATIO)
    max_w = (rows_w - round(ROW_LABEL_W * s) - 6 * round(8 * s)) // 6
    if card_w > max_w:
        card_w, card_h = max_w, round(max_w / CARD_RATIO)
    button_w, button_h = max(round(180 * s), 158), round(58 * s)  # room for the longest language's labels
    back = pygame.Rect(bottom.right - button_w, bottom.top + round(8 * s), button_w, button_h)
    seat_button = pygame.Rect(back.left, back.bottom + round(12 * s), button_w, button_h)
    next_button = pygame.Rect(back.left - round(10 * s) - button_w, back.top, button_w, button_h)
    prev_button = pygame.Rect(next_button.left, seat_button.top, button_w, button_h)
    hand = pygame.Rect(bottom.left, bottom.top, next_button.left - round(16 * s) - bottom.left, bottom.height)
    return ReviewLayout(size, s, top_bar, caption, rows, (card_w, card_h), options, hand,
                        prev_button, next_button, seat_button, back, hints)


def parts_of_text(text: str) -> list[Part]:
    """A sentence with its whole numbers as ints (stamped with the digit sprites like every number)."""
    parts: list[Part] = []
    word = ""
    for token in _tokens(text):
        if token.isdigit() and len(token) <= 3:
            if word:
                parts.append(word)
                word = ""
            parts.append(int(token))
        else:
            word += token
    if word:
        parts.append(word)
    return parts


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for char in text:
        if tokens and tokens[-1].isdigit() == char.isdigit():
            tokens[-1] += char
        else:
            tokens.append(char)
    return tokens
