"""The unfinished games the menu can resume, one line each: what it is, how far, when.

Opened from the menu (U) when more than one game is kept; a click, its number or
Enter on the focused line resumes it; Esc goes back to the menu.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

import pygame

from store.history import MOST_UNFINISHED
from game.i18n import _, ngettext

from ..kit import theme
from ..base import AppContext, Input, InputKind, Scene
from ..kit.layout import scale_for
from ..model.mode_titles import table_title
from live.resume import Kept
from ..kit.widgets import draw_button, draw_panel

NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}


@dataclass(frozen=True)
class ResumeListLayout:
    scale: float
    title: pygame.Rect
    lines: tuple[pygame.Rect, ...]
    note: pygame.Rect
    back: pygame.Rect


def resume_list_layout(size: tuple[int, int], count: int) -> ResumeListLayout:
    w, h = size
    s = scale_for(size)
    margin = round(40 * s)
    title = pygame.Rect(margin, margin, w - 2 * margin, round(70 * s))
    line_h = round(84 * s)
    top = title.bottom + round(20 * s)
    lines = tuple(pygame.Rect(margin, top + i * (line_h + round(12 * s)), w - 2 * margin, line_h) for i in range(count))
    back = pygame.Rect(margin, h - margin - round(64 * s), round(300 * s), round(64 * s))
    note = pygame.Rect(back.right + round(24 * s), back.top, w - back.right - round(24 * s) - margin, back.height)
    return ResumeListLayout(s, title, lines, note, back)


def when_label(saved: int, now: float | None = None) -> str:
    """When a game was kept, for people: "today 14:05", "yesterday 09:10" or "2026-11-20 16:30"."""
    now = time.time() if now is None else now
    kept, today = time.localtime(saved), time.localtime(now)
    clock = time.strftime("%H:%M", kept)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(kept[:3] + (0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return _("today {time}").format(time=clock)
    if round(days) == 1:
        return _("yesterday {time}").format(time=clock)
    return time.strftime("%Y-%m-%d ", kept) + clock


def kept_line(kept: Kept, now: float | None = None) -> tuple[str, str]:
    """(what the game is and who plays, how far and when) of one kept game."""
    game = kept.game
    names = ", ".join(name for name, _kind in game.seats)
    return (f"{table_title(game.mode, len(game.seats))}: {names}",
            f"{game.turn_label}  -  {when_label(kept.saved, now)}")


def resume_label(kept: Sequence[Kept]) -> str:
    """What the Resume button brings back: e.g. "1 player vs 5 AIs, turn 4", or "3 unfinished
    games" (then a list to pick from); "" when none is kept."""
    if len(kept) == 1:
        return f"{table_title(kept[0].game.mode, len(kept[0].game.seats))}, {kept[0].game.turn_label}"
    return ngettext("{count} unfinished game", "{count} unfinished games", len(kept)).format(count=len(kept)) \
        if kept else ""


class ResumeListScene(Scene):
    """Pick the unfinished game to resume."""

    def __init__(self, ctx: AppContext, kept: Sequence[Kept]) -> None:
        super().__init__(ctx)
        self.kept = list(kept[:len(NUMBER_KEYS)])
        self.focus = 0

    def _layout(self) -> ResumeListLayout:
        return resume_list_layout(self.size, len(self.kept))

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        layout = self._layout()
        if inp.is_key(pygame.K_ESCAPE) or (inp.kind is InputKind.CLICK and layout.back.collidepoint(inp.pos)):
            self.ctx.nav.close_overlay()
        elif inp.is_key(pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if inp.key == pygame.K_DOWN else -1)) % len(self.kept)
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.resume(self.focus)
        elif inp.is_key(*NUMBER_KEYS) and NUMBER_KEYS[inp.key] < len(self.kept):
            self.resume(NUMBER_KEYS[inp.key])
        elif inp.kind is InputKind.CLICK:
            for index, rect in enumerate(layout.lines):
                if rect.collidepoint(inp.pos):
                    self.resume(index)

    def resume(self, index: int) -> None:
        self.ctx.nav.resume_game(self.kept[index].key)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        layout = resume_list_layout(surface.get_size(), len(self.kept))
        s = layout.scale
        title = ngettext("{count} unfinished game", "{count} unfinished games", len(self.kept)).format(
            count=len(self.kept))
        title, size, bold = theme.fit_heading(title, theme.text_px(48, s), layout.title.width)
        theme.blit_text(surface, title, size, theme.TEXT, bold=bold, midleft=layout.title.midleft)
        now = time.time()
        for index, (kept, rect) in enumerate(zip(self.kept, layout.lines)):
            self._draw_line(surface, rect, index, kept_line(kept, now), s)
        draw_button(surface, layout.back, _("Back"), theme.text_px(30, s), hovered=layout.back.collidepoint(self.mouse),
                    key_hint=_("Esc"))
        note = _("At most {count} are kept: a new game lets the oldest go.").format(count=MOST_UNFINISHED)
        note, size = theme.fit_label(note, theme.text_px(24, s), layout.note.width)
        theme.blit_text(surface, note, size, theme.TEXT_DIM, midleft=layout.note.midleft)

    def _draw_line(self, surface: pygame.Surface, rect: pygame.Rect, index: int, text: tuple[str, str],
                   s: float) -> None:
        lit = index == self.focus or rect.collidepoint(self.mouse)
        draw_panel(surface, rect, theme.PANEL, theme.ACCENT if lit else theme.PANEL_EDGE, radius=round(10 * s),
                   width=max(2, round(3 * s)) if lit else 1)
        number = theme.blit_text(surface, str(index + 1), theme.text_px(40, s), theme.ACCENT, bold=True,
                                 midleft=(rect.left + round(20 * s), rect.centery))
        left = number.right + round(24 * s)
        width = rect.right - left - round(16 * s)
        what, size = theme.fit_label(text[0], theme.text_px(30, s), width)
        theme.blit_text(surface, what, size, theme.TEXT, bottomleft=(left, rect.centery + round(2 * s)))
        where, size = theme.fit_label(text[1], theme.text_px(26, s), width)
        theme.blit_text(surface, where, size, theme.TEXT_DIM, topleft=(left, rect.centery + round(4 * s)))
