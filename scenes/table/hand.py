"""The hand: the chooser's cards (select, then play) with the Play button, or - while cards are
placed in a solo game - the human's hand, small, under the queue."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..kit import theme
from .choosing import hand_index_at
from ..kit.widgets import draw_button
from .frame import Frame

__all__ = ["draw_hand", "draw_small_hand", "hand_index_at", "hovered_card"]


def hovered_card(frame: Frame) -> int | None:
    """The hand card under the mouse (index), while a card is chosen."""
    if not frame.choosing:
        return None
    return hand_index_at(frame.layout, frame.mouse, len(frame.hand))


def draw_hand(surface: pygame.Surface, frame: Frame) -> None:
    """The hand to choose from, the selected card raised, and the Play button."""
    layout = frame.layout
    s = layout.scale
    hand = frame.hand
    hovered = hovered_card(frame)
    selected = frame.selected
    for index, card in enumerate(hand):
        rect = layout.hand_card_rect(index, len(hand))
        if index == selected:
            rect = rect.move(0, -round(14 * s))
        surface.blit(frame.art.face(card, rect.size), rect)
        if index == selected:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(8 * s), round(8 * s)),
                             width=max(3, round(5 * s)), border_radius=max(4, rect.width // 8))
        elif index == hovered:
            pygame.draw.rect(surface, theme.TEXT, rect.inflate(round(6 * s), round(6 * s)),
                             width=max(2, round(2 * s)), border_radius=max(4, rect.width // 8))
    play = _("Play {card}").format(card=hand[selected]) if selected is not None else _("Play")
    draw_button(surface, layout.play_button, play, theme.text_px(32, s), enabled=selected is not None,
                hovered=layout.play_button.collidepoint(frame.mouse), key_hint=_("Enter"))


def draw_small_hand(surface: pygame.Surface, frame: Frame) -> None:
    """The human's hand while the turn's cards are placed (no explain panel in its place)."""
    layout = frame.layout
    hand = frame.hand
    area = layout.small_hand_area
    if hand:
        theme.blit_text(surface, _("Your hand"), layout.font_small, theme.TEXT_DIM, midtop=(area.centerx, area.top))
    for index, card in enumerate(hand):
        rect = layout.small_hand_rect(index, len(hand))
        surface.blit(frame.art.face(card, rect.size), rect)
