"""The class's warm-up on the projector: a puzzle every phone answers, then the class's answers.

Shown over the lobby (the navigator's :meth:`~scenes.navigation.Screens.show_warmup`); the lesson
holds the warm-up itself (:class:`classroom.class_warmup.Warmup`) and the app pumps it every
frame.  Space (or Enter, Right) shows the class's answers, then asks the next puzzle; after the
last one the lobby is back (and starts the game by itself if ``--start-at`` students are there).
Q shows the join code again for a late student, Esc ends the warm-up early.  Its drawing is
:mod:`.warmup_view`, its rectangles :mod:`.warmup_layout`.
"""

from __future__ import annotations

import pygame

from ..base import AppContext, Input, Scene
from classroom.class_warmup import Warmup
from .warmup_layout import WarmupLayout, warmup_layout
from .warmup_view import WarmupFrame, draw_warmup, warmup_frame

STEP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT)


class WarmupScene(Scene):
    """The warm-up's puzzles, one after the other, for the whole class."""

    def __init__(self, ctx: AppContext, warmup: Warmup, join: tuple[str, str]) -> None:
        """``join``: the join address and the room's code, on the top bar for a late student."""
        super().__init__(ctx)
        self.warmup = warmup
        self.join = join
        self.layout: WarmupLayout = warmup_layout(self.size)
        self._shot: tuple[int, bool] | None = None

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.layout = warmup_layout(size)

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        self.mouse = (-1, -1)  # no card lights up under the teacher's mouse: the class answers
        if inp.is_key(*STEP_KEYS):
            self.warmup.step()
        elif inp.is_key(pygame.K_q):
            self.ctx.nav.show_join_code()
        elif inp.is_key(pygame.K_ESCAPE):
            self.warmup.finish()

    def update(self, dt: float) -> None:
        """Once the warm-up is over, the lobby is back."""
        if self.warmup.over:
            self.ctx.nav.close_overlay()

    def frame_presented(self) -> str | None:
        """A screenshot of each puzzle asked and of its answers (``--screenshots``)."""
        current = self.warmup.current
        shot = (current.number, current.shown) if current is not None else None
        if shot is None or shot == self._shot:
            return None
        self._shot = shot
        return f"warmup{shot[0]}{'-answers' if shot[1] else ''}.png"

    @property
    def last_frame(self) -> WarmupFrame:
        """What a frame shows now (worked out from the same data it is drawn from)."""
        return warmup_frame(self.warmup)

    def draw(self, surface: pygame.Surface) -> None:
        draw_warmup(surface, warmup_layout(surface.get_size()), self)
