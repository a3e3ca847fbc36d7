"""The card just placed gliding to its row, and taken cards sliding to their player."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..kit import theme
from .frame import Frame

MOTION_SECONDS = 0.3


@dataclass
class Motion:
    """How far the motion has got (advanced by the scene's ``update(dt)``)."""

    elapsed: float = 0.0
    duration: float = MOTION_SECONDS

    @property
    def progress(self) -> float:
        t = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        return t * t * (3 - 2 * t)  # smoothstep: eased in and out

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float, size: tuple[int, int]) -> pygame.Rect:
    cx = a.centerx + (b.centerx - a.centerx) * t
    cy = a.centery + (b.centery - a.centery) * t
    rect = pygame.Rect((0, 0), size)
    rect.center = (round(cx), round(cy))
    return rect


def draw_motion(surface: pygame.Surface, frame: Frame) -> None:
    """Mid-motion: the placed card between its player's spot and its row; taken cards
    on their way from the row to the player's seat."""
    view, layout = frame.view, frame.layout
    assert frame.motion is not None and view.last is not None and view.rows_before is not None
    art = frame.art
    t = frame.motion
    last = view.last
    row = last.row
    before = view.rows_before[row]
    size = layout.card_size
    seat = layout.seats[last.player]
    if last.taken:
        for slot, card in enumerate(before):
            start = layout.row_card_rect(row, slot)
            rect = lerp_rect(start, seat.box, t, size)
            surface.blit(art.face(card, size), rect)
        target = layout.row_card_rect(row, 0)
    else:
        for slot, card in enumerate(before):
            rect = layout.row_card_rect(row, slot)
            surface.blit(art.face(card, size), rect)
        target = layout.row_card_rect(row, len(before))
    rect = lerp_rect(seat.card, target, t, size)
    surface.blit(art.face(last.card, size), rect)
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(8 * layout.scale), round(8 * layout.scale)),
                     width=max(3, round(4 * layout.scale)), border_radius=max(4, rect.width // 7))
