"""The table's still layer: felt, top bar, row boxes and slots, seat boxes (drawn by
:mod:`scenes.table.players`), the caption bar."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules import Rules

from ..kit import theme
from .layout import TableLayout
from ..kit.widgets import draw_panel
from .players import draw_still_seats


class Background:
    """Everything that never changes during a game at one size, drawn once.

    Filling the window and drawing ~40 rounded boxes costs more than all the
    cards together, so they are rendered into one layer, kept per size (a
    memo: drawing it again gives the same pixels).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        if self.image is None or self.image.get_size() != layout.size:
            self.image = self.render(layout)
        surface.blit(self.image, (0, 0))

    def render(self, layout: TableLayout) -> pygame.Surface:
        bg = pygame.Surface(layout.size).convert() if pygame.display.get_surface() else pygame.Surface(layout.size)
        bg.fill(theme.FELT)
        pygame.draw.rect(bg, theme.BAR, layout.top_bar)
        for index, box in enumerate(layout.row_boxes):
            _row_box(bg, layout, index, box)
        draw_still_seats(bg, layout, self.rules)
        pygame.draw.rect(bg, theme.BAR, layout.caption, border_radius=round(10 * layout.scale))
        return bg


def _row_box(bg: pygame.Surface, layout: TableLayout, index: int, box: pygame.Rect) -> None:
    """A row's box with its five slots and the sixth that takes ("6th takes" where it fits)."""
    s = layout.scale
    draw_panel(bg, box, theme.FELT_DARK, radius=round(10 * s))
    for slot in range(6):
        rect = layout.row_card_rect(index, slot)
        colour = theme.SLOT if slot < 5 else (120, 70, 60)
        pygame.draw.rect(bg, colour, rect, width=max(2, round(2 * s)), border_radius=max(3, rect.width // 9))
    rect = layout.row_card_rect(index, 5)
    # NOTE: two short lines in the slot of a row's 6th card, which takes the row (as wide as a card).
    first, second = (_("6th\ntakes").split("\n") + [""])[:2]
    font = theme.font(layout.font_small)
    # within the slot, a pixel from each edge; or a long word ("nimmt") over the slot's outline
    if max(font.size(first)[0], font.size(second)[0]) <= rect.width - 2 + layout.card_gap:
        theme.blit_text(bg, first, layout.font_small, (170, 110, 96),
                        center=(rect.centerx, rect.centery - layout.font_small // 3))
        theme.blit_text(bg, second, layout.font_small, (170, 110, 96),
                        center=(rect.centerx, rect.centery + layout.font_small // 3))
    elif font.size(first)[0] <= rect.width - 2:
        theme.blit_text(bg, first, layout.font_small, (170, 110, 96), center=rect.center)
