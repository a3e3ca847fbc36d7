"""The hot-seat curtain: the whole window covered while the laptop changes hands."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..kit import theme
from ..kit.digits import DigitSprites
from .choosing import curtain_take_back_rect
from .layout import TableLayout
from game.i18n import Part
from ..model.view import TableInfo
from ..kit.widgets import draw_button, draw_rich

__all__ = ["curtain_take_back_rect", "draw_curtain"]


def draw_curtain(surface: pygame.Surface, layout: TableLayout, info: TableInfo, status: list[Part],
                 chooser: int, take_back: int | None, mouse: tuple[int, int], sprites: DigitSprites,
                 asking: int | None = None) -> None:
    """Pass to the chooser; nobody's hand shows.  ``take_back``: who may take their card back;
    ``asking``: who is asked whether to take it back (their hand shows only after their yes)."""
    surface.fill(theme.CURTAIN)
    w, h = surface.get_size()
    s = layout.scale
    if asking is not None:
        _draw_question(surface, layout, info.name(asking), mouse)
        return
    name = info.name(chooser)
    draw_rich(surface, status, layout.font_status, theme.TEXT_DIM, sprites, center=(w // 2, round(h * 0.22)))
    title = _("Pass to {name}").format(name=name)
    size = theme.fit_size(title, theme.text_px(110, s), w - round(80 * s), bold=True)
    theme.blit_text(surface, title, size, theme.ACCENT, bold=True, center=(w // 2, round(h * 0.42)))
    theme.blit_text(surface, _("{name}: press Enter when ready (or click)").format(name=name), theme.text_px(44, s), theme.TEXT,
                    center=(w // 2, round(h * 0.58)))
    theme.blit_text(surface, _("Everyone else, please look away while a card is chosen."), theme.text_px(30, s),
                    theme.TEXT_DIM, center=(w // 2, round(h * 0.68)))
    if take_back is not None:
        rect = curtain_take_back_rect(layout)
        draw_button(surface, rect, _("{name}: take my card back").format(name=info.name(take_back)), theme.text_px(28, s),
                    hovered=rect.collidepoint(mouse), key_hint=_("Backspace"))


def _draw_question(surface: pygame.Surface, layout: TableLayout, name: str, mouse: tuple[int, int]) -> None:
    """"Ana: take your card back?" - asked of Ana, whoever pressed Backspace."""
    w, h = surface.get_size()
    s = layout.scale
    title = _("{name}: take your card back?").format(name=name)
    size = theme.fit_size(title, theme.text_px(90, s), w - round(80 * s), bold=True)
    theme.blit_text(surface, title, size, theme.ACCENT, bold=True, center=(w // 2, round(h * 0.40)))
    yes = _("{name}: press Enter to choose again (your hand will show)").format(name=name)
    theme.blit_text(surface, yes, theme.fit_size(yes, theme.text_px(40, s), w - round(80 * s)), theme.TEXT,
                    center=(w // 2, round(h * 0.56)))
    rect = curtain_take_back_rect(layout)
    draw_button(surface, rect, _("No, keep my card"), theme.text_px(28, s),
                hovered=rect.collidepoint(mouse), key_hint=_("Backspace"))
