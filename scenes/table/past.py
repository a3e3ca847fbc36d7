"""Looking back in a live game: the marker in the top bar and the amber frame round the window."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _, rich

from ..kit import theme
from game.i18n import Part
from ..kit.widgets import draw_rich, rich_width
from .frame import Frame


@dataclass(frozen=True)
class PastMarker:
    """The marker as placed: what it says, in a pill centred in the room the top bar left."""

    parts: list[Part]
    pill: pygame.Rect


def place_marker(frame: Frame, room: pygame.Rect) -> PastMarker:
    """Which placement of how many, and how to get back (shorter where the bar is narrow)."""
    s = frame.scale
    bar = frame.layout.top_bar
    where = rich(_("placement {number} of {count}"), number=(frame.cursor or 0) + 1, count=frame.state_count)
    if frame.at_reveal:
        where = rich(_("turn {turn}: cards revealed"), turn=frame.view.turn + 1)
    size = frame.layout.font_small
    pad = round(28 * s)
    # NOTE: the marker of a live game shown as it was a few placements ago; "End" is the key.
    choices: tuple[list[Part], ...] = (rich(_("LOOKING BACK  -  {where}  -  End: back to now"), where=where),
                                       rich(_("LOOKING BACK  -  {where}"), where=where),
                                       rich(_("BACK  -  {where}"), where=where), [_("LOOKING BACK")])
    parts = next((c for c in choices if rich_width(c, size, frame.sprites) + pad <= room.width), choices[-1])
    width = rich_width(parts, size, frame.sprites)
    pill = pygame.Rect(0, 0, width + pad, bar.height - round(12 * s))
    pill.center = room.center
    return PastMarker(parts, pill)


def draw_marker(surface: pygame.Surface, frame: Frame, marker: PastMarker) -> None:
    pygame.draw.rect(surface, theme.ACCENT, marker.pill, border_radius=marker.pill.height // 2)
    draw_rich(surface, marker.parts, frame.layout.font_small, theme.INK, frame.sprites, center=marker.pill.center)


def draw_past_frame(surface: pygame.Surface, frame: Frame) -> None:
    """An amber frame around the window: this is the past, not the game now."""
    if not frame.in_past:
        return
    width = max(3, round(5 * frame.scale))
    pygame.draw.rect(surface, theme.ACCENT, surface.get_rect(), width=width)
