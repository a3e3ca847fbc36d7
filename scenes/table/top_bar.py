"""The top bar: where we are (left), what game this is (right), "?" and in the middle the game's
name, the classic end note or the "looking back" marker.

Each part is placed in the room left between the two sides, shortened or
dropped rather than drawn over them.  :func:`place_top_bar` only measures,
so what the bar shows is known without drawing it (the predict button sits
beside what it places).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _, rich
from game.table_size import CLASS_MODE

from ..model import classic
from ..kit import theme
from ..kit.words import seed_worth_showing
from ..model.mode_titles import class_title, table_title
from .predict_panel import predict_button
from game.i18n import Part
from ..kit.widgets import draw_button, draw_rich, rich_width
from .frame import Frame
from .past import PastMarker, draw_marker, place_marker

EXAMPLE_MODE = "example"
"""The mode of the worked example's replay (the top bar says what it is, not a seed)."""


@dataclass(frozen=True)
class TopBar:
    """The top bar as placed."""

    status_parts: list[Part]
    status: pygame.Rect
    label_parts: list[Part]
    label: pygame.Rect
    middle: pygame.Rect
    marker: PastMarker | None
    note: list[Part]
    """The end note, drawn in the middle (empty: the game's name, if it fits)."""
    title: pygame.Surface | None
    """The game's name, when it is drawn."""

    @property
    def rects(self) -> tuple[pygame.Rect, ...]:
        """Where we are, the middle, the game, "?" (the help button is the layout's)."""
        return (self.status, self.middle, self.label)


def rich_rect(parts: list[Part], size: int, frame: Frame, *, center: tuple[int, int] | None = None,
              midleft: tuple[int, int] | None = None) -> pygame.Rect:
    """The rect :func:`scenes.kit.widgets.draw_rich` covers with ``parts`` placed so."""
    width = rich_width(parts, size, frame.sprites)
    text_h = theme.font(size).get_linesize()
    x, cy = (center[0] - width // 2, center[1]) if center is not None else midleft or (0, 0)
    return pygame.Rect(x, cy - text_h // 2, width, text_h)


def status_parts(frame: Frame) -> list[Part]:
    return classic.status_parts(frame.info.rules, frame.view.round, frame.view.turn)


def place_top_bar(frame: Frame) -> TopBar:
    layout = frame.layout
    bar = layout.top_bar
    s = layout.scale
    gap = round(14 * s)
    status_at = (bar.left + round(16 * s), bar.centery)
    status = rich_rect(status_parts(frame), layout.font_status, frame, midleft=status_at)
    help_rect = layout.help_button
    size = layout.font_small
    half = (help_rect.left - gap - status.right - gap) * 2 // 3  # the middle keeps a third or more
    parts = next(c for c in _game_names(frame) if rich_width(c, size, frame.sprites) <= half)
    label = pygame.Rect(help_rect.left - gap, bar.top, 0, bar.height)
    if parts:
        width = rich_width(parts, size, frame.sprites)
        label = rich_rect(parts, size, frame, midleft=(help_rect.left - gap - width, bar.centery))
    left = predict_button(layout, status, label).right + gap  # the Predict toggle sits right of the status
    room = pygame.Rect(left, bar.top, label.left - gap - left, bar.height)
    info = frame.info
    note = classic.end_note(info.rules, frame.view.scores, info.names(), over=frame.over)
    if rich_width(note, size, frame.sprites) > room.width:
        note = classic.end_note(info.rules, frame.view.scores, info.names(), over=frame.over, short=True)
    if frame.in_past:
        marker = place_marker(frame, room)
        return TopBar(status_parts(frame), status, parts, label, marker.pill, marker, [], None)
    if note and rich_width(note, size, frame.sprites) <= room.width:
        middle = rich_rect(note, size, frame, center=room.center)
        return TopBar(status_parts(frame), status, parts, label, middle, None, note, None)
    title = theme.text(_("6 Takes!"), layout.font_status + round(4 * s), theme.ACCENT, bold=True)
    middle = title.get_rect(center=bar.center)
    if not room.contains(middle):
        middle.center = room.center
    if not room.contains(middle):  # no room: the name of the game can go
        return TopBar(status_parts(frame), status, parts, label, pygame.Rect(room.left, bar.centery, 0, 0), None,
                      [], None)
    return TopBar(status_parts(frame), status, parts, label, middle, None, [], title)


def _game_names(frame: Frame) -> list[list[Part]]:
    """What game this is, longest first (the last, nothing, always fits)."""
    info = frame.info
    if info.mode == EXAMPLE_MODE:
        return [[_("The worked example of the rules")], [_("Worked example")], []]
    mode = table_title(info.mode, len(info.seats))
    if info.mode == CLASS_MODE and (frame.replay or info.table):  # a recorded one: the scoreboard's words
        mode = class_title(info.table)
    if frame.replay:
        # NOTE: the top bar of a recorded game shown again ({mode}: solo, hot-seat, class game...)
        mode = _("Replay: {mode}").format(mode=mode)
    if not seed_worth_showing(info.seed):  # a drawn seed is noise on a projector
        return [[mode], []]
    return [rich(_("{mode}   Seed {seed}"), mode=mode, seed=info.seed), [mode], []]


def draw_top_bar(surface: pygame.Surface, frame: Frame, bar: TopBar) -> None:
    layout = frame.layout
    s = layout.scale
    draw_rich(surface, bar.status_parts, layout.font_status, theme.TEXT, frame.sprites, midleft=bar.status.midleft)
    help_rect = layout.help_button
    draw_button(surface, help_rect, "?", theme.text_px(30, s), hovered=help_rect.collidepoint(frame.mouse))
    if bar.label_parts:
        draw_rich(surface, bar.label_parts, layout.font_small, theme.TEXT_DIM, frame.sprites,
                  midleft=bar.label.midleft)
    if bar.marker is not None:
        draw_marker(surface, frame, bar.marker)
    elif bar.note:
        draw_rich(surface, bar.note, layout.font_small, theme.ACCENT, frame.sprites, center=bar.middle.center)
    elif bar.title is not None:
        surface.blit(bar.title, bar.middle)
