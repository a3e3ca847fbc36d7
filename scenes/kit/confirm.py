"""A yes/no question drawn over the scene below (e.g. "Leave this game?")."""

from __future__ import annotations

from typing import Callable

import pygame

from game.i18n import _

from . import theme
from ..base import AppContext, Input, InputKind, Scene
from .layout import dialog_layout
from .widgets import draw_button, draw_panel


class ConfirmScene(Scene):
    """An overlay: Y / Enter answers yes, N / Esc answers no; both buttons are clickable."""

    opaque = False

    def __init__(self, ctx: AppContext, title: str, body: str, *, yes_label: str, no_label: str,
                 on_yes: Callable[[], None], on_no: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.title = title
        self.body = body
        self.yes_label = yes_label
        self.no_label = no_label
        self.on_yes = on_yes
        self.on_no = on_no
        self.focus_yes = False
        """Keyboard focus starts on the safe answer (no)."""
        self._veils: dict[tuple[int, int], pygame.Surface] = {}

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        layout = dialog_layout(self._size())
        if inp.is_key(pygame.K_y):
            self.on_yes()
        elif inp.is_key(pygame.K_n, pygame.K_ESCAPE):
            self.on_no()
        elif inp.is_key(pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.focus_yes = not self.focus_yes
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            (self.on_yes if self.focus_yes else self.on_no)()
        elif inp.kind is InputKind.CLICK:
            if layout.yes.collidepoint(inp.pos):
                self.on_yes()
            elif layout.no.collidepoint(inp.pos):
                self.on_no()

    def _size(self) -> tuple[int, int]:
        return self.size

    def _veil(self, size: tuple[int, int]) -> pygame.Surface:
        veil = self._veils.get(size)
        if veil is None:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            self._veils = {size: veil}
        return veil

    def draw(self, surface: pygame.Surface) -> None:
        layout = dialog_layout(surface.get_size())
        surface.blit(self._veil(surface.get_size()), (0, 0))
        s = layout.scale
        draw_panel(surface, layout.box, theme.PANEL, theme.ACCENT, radius=round(16 * s), width=max(2, round(3 * s)))
        room = layout.box.width - round(32 * s)
        title, title_size, bold = theme.fit_heading(self.title, layout.font_title, room)
        theme.blit_text(surface, title, title_size, theme.TEXT, bold=bold, center=layout.title.center)
        lines = theme.wrap_lines(self.body, layout.font_body, room)  # a long language's body takes two lines
        line_h = theme.font(layout.font_body).get_linesize()
        top = layout.body.centery - line_h * len(lines) // 2 + line_h // 2
        for index, line in enumerate(lines[:2]):
            theme.blit_text(surface, line, layout.font_body, theme.TEXT_DIM, center=(layout.body.centerx, top + index * line_h))
        size = theme.text_px(32, s)
        draw_button(surface, layout.yes, self.yes_label, size, focused=self.focus_yes,
                    hovered=layout.yes.collidepoint(self.mouse), key_hint=_("key Y"))
        draw_button(surface, layout.no, self.no_label, size, focused=not self.focus_yes,
                    hovered=layout.no.collidepoint(self.mouse), key_hint=_("key N / Esc"))


class CloseQuestion(ConfirmScene):
    """The window's close button during a game: the same question as Esc, to close the app."""

    def __init__(self, ctx: AppContext, *, on_yes: Callable[[], None], on_no: Callable[[], None],
                 kept: bool = True) -> None:
        body = (_("This game is kept: the menu offers to resume it.") if kept
                else _("This game is not finished, so it will not be recorded."))
        super().__init__(ctx, _("Close 6 Takes! now?"), body, yes_label=_("Close"), no_label=_("Keep playing"),
                         on_yes=on_yes, on_no=on_no)
