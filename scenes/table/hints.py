"""The line of keys at the bottom: what the keys do now, and the toggles."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..kit import theme
from live.session import Stage
from ..kit.widgets import fit_segments
from .frame import Frame


def hint_line(frame: Frame) -> str:
    if frame.replay:  # a replay opened from the scoreboard: Esc goes back to its list
        toggles = (_("E: explain   H: hints (on)   F1: rules   Esc: back to the list") if frame.hints
                   else _("E: explain   H: hints (off)   F1: rules   Esc: back to the list"))
    else:
        toggles = (_("E: explain   H: hints (on)   F1: rules   Esc: leave") if frame.hints
                   else _("E: explain   H: hints (off)   F1: rules   Esc: leave"))
    if frame.choosing:
        keys = _("Click a card, then click it again or Enter to play    PgUp: look back")
    elif frame.view.stage is Stage.ROW_CHOICE and frame.live:
        keys = _("Click a row or press 1-4 to take it    Left: look back")
    else:
        keys = _("Next: Space / Enter / Right    Back: Left    A: auto    +/-: speed")
    return f"{keys}    |    {toggles}"


def draw_hints(surface: pygame.Surface, frame: Frame) -> None:
    layout = frame.layout
    hint = fit_segments(hint_line(frame), layout.font_hint, layout.hints.width - round(20 * layout.scale))
    theme.blit_hint(surface, hint, layout.font_hint, center=layout.hints.center)
