"""The buttons under the queue: Next (or Take back), Auto with its speed, Back and Now."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..kit import theme
from .layout import TableLayout
from ..kit.widgets import draw_button
from .frame import Frame


def button_at(layout: TableLayout, pos: tuple[int, int]) -> str | None:
    """Which of the buttons is at ``pos``: "next", "auto", "back", "live" or None."""
    for name, rect in (("next", layout.next_button), ("auto", layout.auto_button),
                       ("back", layout.back_button), ("live", layout.live_button)):
        if rect.collidepoint(pos):
            return name
    return None


def draw_buttons(surface: pygame.Surface, frame: Frame) -> None:
    layout = frame.layout
    view = frame.view
    mouse = frame.mouse
    size = theme.text_px(30, layout.scale)
    small = theme.text_px(26, layout.scale)
    if frame.live and frame.can_take_back is not None:
        draw_button(surface, layout.next_button, _("Take back"), size,
                    hovered=layout.next_button.collidepoint(mouse), key_hint=_("Backspace"))
    else:
        draw_button(surface, layout.next_button, view.next_label, size, enabled=view.can_advance,
                    hovered=layout.next_button.collidepoint(mouse), key_hint=_("Space / Enter / ->"))
    auto = _("Auto: on") if frame.auto else _("Auto: off")
    speed = _("A   +/- speed: {delay}").format(delay=frame.speed)
    draw_button(surface, layout.auto_button, auto, size, toggled=frame.auto,
                hovered=layout.auto_button.collidepoint(mouse), key_hint=speed)
    draw_button(surface, layout.back_button, _("Back"), small, enabled=frame.can_go_back,
                hovered=layout.back_button.collidepoint(mouse), key_hint="<-")
    draw_button(surface, layout.live_button, _("Now"), small, enabled=frame.in_past,
                hovered=layout.live_button.collidepoint(mouse), key_hint=_("End"))
