"""The menu's "Class game" button (key C): where it is, how it looks, what it opens."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..base import AppContext
from classroom.class_settings import REMEMBERED, ClassSettings, with_remembered
from .layout import MenuLayout
from ..kit.widgets import draw_button
from ..model.settings import saved


def class_button_rect(layout: MenuLayout, width: int) -> pygame.Rect:
    """Top right of the menu, clear of the centred title."""
    s = layout.scale
    rect = pygame.Rect(0, 0, round(250 * s), round(70 * s))
    rect.topright = (width - round(24 * s), round(24 * s))
    return rect


def draw_class_button(surface: pygame.Surface, layout: MenuLayout, mouse: tuple[int, int],
                      seats: int | None = None) -> None:
    """``seats``: the room's seats when the rules let the menu choose them (classic)."""
    rect = class_button_rect(layout, surface.get_width())
    hint = (_("C: {seats} seats, join by phone").format(seats=seats) if seats is not None
            else _("C: students join by phone"))
    draw_button(surface, rect, _("Class game"), layout.font_button, hovered=rect.collidepoint(mouse), key_hint=hint)


def open_class_game(ctx: AppContext, rules: str, seats: int | None = None) -> None:
    """Open a class room with the menu's rules and seat count, and what the teacher chose in the
    last room (time limit, many tables, the AIs' level: remembered in the settings)."""

    settings = with_remembered(ClassSettings(rules=rules, seed=ctx.options.seed, seats=seats), saved(REMEMBERED))
    ctx.nav.open_class_room(settings)
