"""The four rows: their cards, labels and totals, the card just placed (and what it took), and
where the next card - or the hinted hand card - would go."""

from __future__ import annotations

import pygame

from game.engine import Rule
from game.i18n import _, ngettext, rich

from ..kit import theme
from ..kit.cards import LOOK_DIM, LOOK_GHOST
from ..kit.digits import write_number
from .layout import TableLayout
from live.session import Preview, Stage, preview
from ..kit.widgets import draw_rich
from .frame import Frame
from .motion import draw_motion


def row_at(layout: TableLayout, pos: tuple[int, int]) -> int | None:
    """The row whose box is at ``pos``, if any."""
    for index, box in enumerate(layout.row_boxes):
        if box.collidepoint(pos):
            return index
    return None


def moving(frame: Frame) -> bool:
    """The card just placed is still on its way (the rows show it as it was before)."""
    view = frame.view
    return frame.motion is not None and view.last is not None and view.rows_before is not None


def choosing_row(frame: Frame) -> bool:
    return frame.view.stage is Stage.ROW_CHOICE and frame.live


def shown_preview(frame: Frame) -> Preview | None:
    """The hinted hand card's target, else where "Next" will put the next card."""
    view = frame.view
    if frame.hint is not None:
        return frame.hint
    if not view.can_advance or view.upcoming is None or moving(frame) or frame.hides_preview:
        return None
    shown = preview(view.rows, view.upcoming[1])
    return shown if shown.row is not None else None


def row_totals(frame: Frame) -> tuple[int, ...]:
    """Each row's penalty as drawn: a row's total changes when the flying card lands, not before."""
    view = frame.view
    last = view.last
    totals = []
    for index, row in enumerate(view.rows):
        landing = moving(frame) and last is not None and last.row == index
        totals.append(frame.info.rules.penalty_of(view.rows_before[index] if landing and view.rows_before else row))
    return tuple(totals)


def draw_rows(surface: pygame.Surface, frame: Frame) -> None:
    view = frame.view
    layout = frame.layout
    s = layout.scale
    last = view.last
    picking = choosing_row(frame)
    hovered_row = row_at(layout, frame.mouse) if picking else None
    target = shown_preview(frame)
    for index, (row, total) in enumerate(zip(view.rows, row_totals(frame))):
        edge = _edge(index, picking, hovered_row, target)
        if edge is not None:
            pygame.draw.rect(surface, edge, layout.row_boxes[index], width=max(2, round(3 * s)),
                             border_radius=round(10 * s))
        _draw_label(surface, frame, index, total, picking)
        if moving(frame) and last is not None and last.row == index:
            continue
        for slot, card in enumerate(row):
            rect = layout.row_card_rect(index, slot)
            surface.blit(frame.art.face(card, rect.size), rect)
        if last is not None and last.row == index:
            _draw_last_placement(surface, frame, index, len(row))
        crossed = last is not None and last.row == index and bool(last.taken)
        if target is not None and target.row == index and not crossed:
            rect = layout.row_card_rect(index, 5 if target.takes else len(row))
            surface.blit(frame.art.face(target.card, rect.size, LOOK_GHOST), rect)
    if moving(frame):
        draw_motion(surface, frame)


def _edge(index: int, picking: bool, hovered_row: int | None, target: Preview | None) -> theme.Colour | None:
    """The ring round a row: the row a human may pick, or the one the shown card goes to."""
    if picking:
        return theme.ACCENT if index == hovered_row else theme.TEXT_DIM
    if target is not None and target.row == index:
        return theme.DANGER if target.takes else theme.ACCENT
    if target is not None and target.row is None:
        return theme.DANGER
    return None


def _draw_label(surface: pygame.Surface, frame: Frame, index: int, penalty: int, picking: bool) -> None:
    layout = frame.layout
    label = layout.row_labels[index]
    s = layout.scale
    colour = theme.ACCENT if picking else theme.TEXT
    theme.blit_text(surface, _("Row {row}").format(row=index + 1), layout.font_label, colour,
                    center=(label.centerx, label.centery - round(16 * s)))
    icon = frame.art.bull(round(24 * s), theme.TEXT_DIM, theme.FELT_DARK)
    number_rect = write_number(surface, penalty, (label.centerx + round(14 * s), label.centery + round(18 * s)),
                               round(24 * s), sprites=frame.sprites, colour=colour)
    surface.blit(icon, icon.get_rect(midright=(number_rect.left - round(4 * s), number_rect.centery)))


def _draw_last_placement(surface: pygame.Surface, frame: Frame, row: int, length: int) -> None:
    """Ring the card just placed; after a take, show the taken cards crossed out beside it."""
    last = frame.view.last
    assert last is not None
    layout = frame.layout
    s = layout.scale
    rect = layout.row_card_rect(row, length - 1)
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(10 * s), round(10 * s)),
                     width=max(3, round(5 * s)), border_radius=max(4, rect.width // 7))
    if last.rule is Rule.CLOSEST_ROW:
        return
    for offset, card in enumerate(last.taken):
        slot = layout.row_card_rect(row, length + offset)
        small = slot.inflate(-round(slot.width * 0.2), -round(slot.height * 0.2))
        surface.blit(frame.art.face(card, small.size, LOOK_DIM), small)
        pygame.draw.line(surface, theme.DANGER, small.topleft, small.bottomright, max(3, round(4 * s)))
    end = layout.row_card_rect(row, max(5, length + len(last.taken) - 1))
    label = _("taken by {name}").format(name=frame.info.name(last.player))
    if theme.text_width(label, theme.least_font_size(s)) > layout.row_boxes[row].right - end.right - round(22 * s):
        end = layout.row_card_rect(row, length + len(last.taken) - 1)  # a narrow row: over its empty slots
    _draw_taken_note(surface, frame, row, end, last.player, last.penalty)


def _draw_taken_note(surface: pygame.Surface, frame: Frame, row: int, end: pygame.Rect, player: int,
                     penalty: int) -> None:
    """"taken by NAME" and the points, right of ``end``; where the row leaves too little room for
    both on a line (a larger table's narrower rows), the name gets its own."""
    layout = frame.layout
    s = layout.scale
    x = end.right + round(14 * s)
    room = layout.row_boxes[row].right - x - round(8 * s)
    label = _("taken by {name}").format(name=frame.info.name(player))
    if theme.text_width(label, theme.least_font_size(s)) <= room:
        taken, size = theme.fit_label(label, layout.font_label, room, theme.least_font_size(s))
        theme.blit_text(surface, taken, size, theme.DANGER, bottomleft=(x, end.centery))
        points_y = end.centery + size // 2 + round(2 * s)
    else:
        name, size = theme.fit_label(frame.info.name(player), theme.least_font_size(s), room)
        line = theme.font(size).get_linesize()
        theme.blit_text(surface, _("taken by"), size, theme.DANGER, bottomleft=(x, end.centery - line // 2))
        theme.blit_text(surface, name, size, theme.DANGER, midleft=(x, end.centery))
        points_y = end.centery + line
    points = rich(ngettext("{points} point", "{points} points", penalty), points=penalty)
    draw_rich(surface, points, size, theme.DANGER, frame.sprites,
              midleft=(x, points_y))
