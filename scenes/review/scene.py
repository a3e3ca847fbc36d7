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

from typing import Sequence

import pygame

from game.engine import Game
from game.record import ReplayedRecord
from game.review import DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, costliest

from ..base import AppContext, Input, InputKind, Scene
from live.seats import Seat
from .model import ReviewFrame, ReviewJob, review_layout
from scenes.model.review_source import ReviewSource
from .view import draw_review, review_frame
from ..model.view import TableInfo
from game.rules import rules_named

APP_ROLLOUTS = DEFAULT_ROLLOUTS
"""Sampled deals per decision of the reviews the app opens (those of ``main.py review``'s default)."""
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
BACK_KEYS = (pygame.K_LEFT, pygame.K_UP, pygame.K_PAGEUP)


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

    # ------------------------------------------------------------ state
    def seat_decisions(self) -> list[Decision]:
        """The shown seat's decisions reviewed so far: in game order while they come in (the first
        is on screen as soon as it is ready), costliest first once all are in."""
        mine = [d for d in self.job.decisions if d.seat == self.seat]
        mine.sort(key=lambda d: (d.round, d.turn, d.kind))
        return costliest(mine) if self.job.seat_done(self.seat) else mine

    def shown(self) -> Decision | None:
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
            self.job.prefer(self.seat)
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
        self.ctx.nav.close_overlay()

    def _size(self) -> tuple[int, int]:
        return self.size

    # ------------------------------------------------------------- draw
    @property
    def last_frame(self) -> ReviewFrame:
        """What a frame shows now (worked out from the same data it is drawn from)."""
        return review_frame(self)

    def draw(self, surface: pygame.Surface) -> None:
        draw_review(surface, review_layout(surface.get_size()), self)


def source_of_outcome(info: TableInfo, game: Game, title: str = "") -> ReviewSource:
    """The game of a results screen (live or replayed) as a review source."""
    return ReviewSource(info.rules, game.seed, tuple(game.rounds), info.seats, title)


def source_of_record(replayed: ReplayedRecord, title: str = "") -> ReviewSource:
    """A checked record (a file's or the history's) as a review source."""

    record = replayed.record
    seats = tuple(Seat(player.name, player.kind) for player in record.players)
    return ReviewSource(rules_named(record.rules), record.seed, record.rounds, seats, title)
