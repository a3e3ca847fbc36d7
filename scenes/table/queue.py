"""The turn queue: this turn's cards, lowest first, the next one to place and the last placed ringed."""

from __future__ import annotations

import pygame

from ..kit import theme
from ..kit.cards import LOOK_DIM
from live.session import Stage
from .frame import Frame


def draw_queue(surface: pygame.Surface, frame: Frame) -> None:
    view = frame.view
    layout = frame.layout
    s = layout.scale
    done = view.done
    for index, (player, card) in enumerate(view.placement_order()):
        rect = layout.queue_card_rect(index)
        look = LOOK_DIM if index < done - 1 or (index == done - 1 and view.stage is not Stage.PLACED) else "normal"
        surface.blit(frame.art.face(card, rect.size, look), rect)
        is_next = index == done and view.stage in (Stage.REVEALED, Stage.PLACED, Stage.ROW_CHOICE)
        is_last = index == done - 1 and view.stage is Stage.PLACED
        if is_next or is_last:
            colour = theme.ACCENT if is_last else theme.TEXT
            pygame.draw.rect(surface, colour, rect.inflate(round(8 * s), round(8 * s)),
                             width=max(3, round(4 * s)), border_radius=max(4, rect.width // 8))
        placing = is_last if view.stage is Stage.PLACED else is_next
        if not (layout.names_every_queue_card or placing):
            continue  # a big table names the card being placed: each seat's panel shows its card
        label = layout.queue_name_rect(index)
        name, size = theme.fit_label(frame.info.name(player), layout.font_small, label.width)
        spot = pygame.Rect(0, 0, theme.text_width(name, size), label.height)
        spot.midtop = (rect.centerx, label.top)
        theme.blit_text(surface, name, size, theme.TEXT if is_next or is_last else theme.TEXT_DIM,
                        topleft=spot.clamp(label).topleft)
