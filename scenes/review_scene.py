"""The post-game review screen: a seat's decisions, costliest first, each on its table.

The review (:mod:`game.review`) runs on a worker thread so the window stays
responsive; the screen shows its progress, then one decision at a time: the
rows as the player saw them, the hand with the card played (red) and the
card the review prefers (green), each option's expected penalty to the end
of the round, and one sentence saying what the better choice would have
saved.  Left/Right step through the decisions, Tab changes seat, Esc goes
back to the screen the review was opened from.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Sequence

import pygame

from game.engine import Game, RoundLog
from game.i18n import _
from game.record import ReplayedRecord
from game.review import DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, costliest, decision_points, review_point
from game.rules import Rules

from .base import AppContext, Input, InputKind, Scene
from .layout import CARD_RATIO, scale_for
from .session import Part, Seat
from .view import TableInfo

APP_ROLLOUTS = DEFAULT_ROLLOUTS
"""Sampled deals per decision of the reviews the app opens (those of ``main.py review``'s default)."""
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
BACK_KEYS = (pygame.K_LEFT, pygame.K_UP, pygame.K_PAGEUP)


@dataclass(frozen=True)
class ReviewSource:
    """A finished game to review: its rules, seed, log and seats."""

    rules: Rules
    seed: int
    rounds: tuple[RoundLog, ...]
    seats: tuple[Seat, ...]
    title: str = ""
    """What the game is, for the top bar (e.g. "Game 12 of the history")."""

    def default_seats(self) -> tuple[int, ...]:
        """The seats reviewed: the humans, or everyone when no human played."""
        humans = tuple(i for i, seat in enumerate(self.seats) if seat.is_human)
        return humans or tuple(range(len(self.seats)))


class ReviewJob:
    """The review of some seats, made on a worker thread one decision at a time."""

    def __init__(self, source: ReviewSource, seats: Sequence[int], rollouts: int = DEFAULT_ROLLOUTS,
                 seed: int = DEFAULT_SEED, threaded: bool = True) -> None:
        self.points = decision_points(source.rules, len(source.seats), source.seed, source.rounds, seats)
        self.rollouts = rollouts
        self.seed = seed
        self.decisions: list[Decision] = []
        self.error: str | None = None
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

    def _run(self) -> None:
        try:
            for point in self.points:
                if self._stop.is_set():
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


class ReviewScene(Scene):
    """Review of a finished game, over the screen it was opened from (Esc goes back)."""

    def __init__(self, ctx: AppContext, source: ReviewSource, seats: Sequence[int] | None = None, *,
                 rollouts: int | None = None, seed: int = DEFAULT_SEED, threaded: bool = True) -> None:
        """``rollouts``: sampled deals per decision (default :data:`APP_ROLLOUTS`)."""
        super().__init__(ctx)
        self.source = source
        self.seats = tuple(seats) if seats is not None else source.default_seats()
        self.job = ReviewJob(source, self.seats, rollouts or APP_ROLLOUTS, seed, threaded)
        self.seat = self.seats[0]
        self.index = 0
        self.last_frame: ReviewFrame | None = None

    # ------------------------------------------------------------ state
    def seat_decisions(self) -> list[Decision]:
        """The shown seat's decisions reviewed so far, costliest first (once all are in)."""
        return costliest([d for d in self.job.decisions if d.seat == self.seat])

    def shown(self) -> Decision | None:
        if not self.job.done:
            return None
        decisions = self.seat_decisions()
        return decisions[min(self.index, len(decisions) - 1)] if decisions else None

    # ------------------------------------------------------------ input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        layout = review_layout(self._size())
        if inp.is_key(pygame.K_ESCAPE, pygame.K_BACKSPACE) or self._clicked(inp, layout.back):
            self.leave()
        elif inp.is_key(pygame.K_TAB) or self._clicked(inp, layout.seat_button):
            self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
            self.index = 0
        elif inp.is_key(*NEXT_KEYS) or self._clicked(inp, layout.next_button):
            self.index = min(self.index + 1, max(0, len(self.seat_decisions()) - 1))
        elif inp.is_key(*BACK_KEYS) or self._clicked(inp, layout.prev_button):
            self.index = max(0, self.index - 1)
        elif inp.is_key(pygame.K_HOME):
            self.index = 0
        elif inp.is_key(pygame.K_END):
            self.index = max(0, len(self.seat_decisions()) - 1)

    @staticmethod
    def _clicked(inp: Input, rect: pygame.Rect) -> bool:
        return inp.kind is InputKind.CLICK and rect.collidepoint(inp.pos)

    def leave(self) -> None:
        self.job.stop()
        self.ctx.manager.pop()

    def _size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else (1280, 720)

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        from .review_view import draw_review

        self.last_frame = draw_review(surface, review_layout(surface.get_size()), self)


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
    hints = pygame.Rect(0, h - round(28 * s), w, round(28 * s))
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
    button_w, button_h = round(180 * s), round(58 * s)  # room for the longest language's labels
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


def source_of_outcome(info: TableInfo, game: Game, title: str = "") -> ReviewSource:
    """The game of a results screen (live or replayed) as a review source."""
    return ReviewSource(info.rules, game.seed, tuple(game.rounds), info.seats, title)


def source_of_record(replayed: ReplayedRecord, title: str = "") -> ReviewSource:
    """A checked record (a file's or the history's) as a review source."""
    from game.rules import rules_named

    record = replayed.record
    seats = tuple(Seat(player.name, player.kind) for player in record.players)
    return ReviewSource(rules_named(record.rules), record.seed, record.rounds, seats, title)
