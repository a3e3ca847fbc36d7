"""The caption bar: one line saying what is happening (or what the selected or hinted card does)."""

from __future__ import annotations

import pygame

from ..kit import theme
from game.explain import preview_parts
from game.i18n import _, rich

from live.session import Stage
from game.i18n import Part
from ..kit.widgets import draw_rich, rich_width
from .frame import Frame


def caption_parts(frame: Frame) -> list[Part]:
    view = frame.view
    parts = list(view.caption)
    hand = frame.hand if frame.choosing else ()
    if hand and frame.selected is not None and frame.hint is None:
        parts = _selected_parts(frame, hand[frame.selected])
    if frame.hint is not None:
        parts = parts + ["  -  "] + preview_parts(view.rows, frame.info.rules, frame.hint.card)
    return parts


def _selected_parts(frame: Frame, card: int) -> list[Part]:
    """The caption while a card is selected: play it?  (Hot-seat: naming whose turn it is.)"""
    if frame.info.uses_curtain and frame.view.chooser is not None:
        return rich(_("{name}, your turn: play {card}?  Click it again, press Enter, or click Play"),
                    name=frame.info.name(frame.view.chooser), card=card)
    return rich(_("Your turn: play {card}?  Click it again, press Enter, or click Play"), card=card)


def draw_caption(surface: pygame.Surface, frame: Frame) -> None:
    parts = caption_parts(frame)
    if not parts:
        return
    view = frame.view
    rect = frame.layout.caption
    colour = theme.ACCENT if view.stage in (Stage.ROW_CHOICE, Stage.CHOOSE) else theme.TEXT
    if view.last is not None and view.last.penalty:
        colour = (255, 190, 170)
    room = rect.width - round(24 * frame.scale)
    if frame.hint is not None and rich_width(parts, frame.layout.font_caption, frame.sprites) > room:
        parts = preview_parts(view.rows, frame.info.rules, frame.hint.card)  # no room for both: the hint alone
    draw_rich(surface, parts, frame.layout.font_caption, colour, frame.sprites, center=rect.center, max_width=room)
