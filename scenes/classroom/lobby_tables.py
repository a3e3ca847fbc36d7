"""The lobby of a room of many tables: the students who joined, and the tables they will make.

Before the start a room of many tables has no seats to show, only students: each is a chip
with their name (a click frees their place), and the heading says how many tables the
students make now and how many seats computer players fill.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from classroom.room import SeatInfo
from classroom.tables import plan_tables
from game.i18n import Part, _, ngettext, rich

from ..kit import theme
from ..kit.widgets import draw_panel
from classroom.class_settings import ClassSettings

CHIP_COLUMNS = 4


def tables_heading(students: int, settings: ClassSettings) -> list[list[Part]]:
    """How many have joined and the tables they make now (numbers to stamp)."""
    plan = plan_tables(range(students), settings.table_size, settings.tables or 0)
    tables = len(plan.tables)
    ais = sum(seat is None for table in plan.tables for seat in table)
    parts = [rich(ngettext("{count} of {limit} student joined", "{count} of {limit} students joined", students),
                  count=students, limit=settings.seat_count),
             rich(ngettext("{tables} table of {size}", "{tables} tables of {size}", tables),
                  tables=tables, size=settings.table_size)]
    if ais:
        parts.append(rich(ngettext("AIs ({level}) fill {count} seat", "AIs ({level}) fill {count} seats", ais),
                          level=settings.ai, count=ais))
    if plan.watchers:
        parts.append(rich(ngettext("{count} watches: no seat left", "{count} watch: no seat left",
                                   len(plan.watchers)), count=len(plan.watchers)))
    parts.append([_("every table plays the same deal") if settings.deals == "same" else
                  _("every table plays its own deal")])
    return parts


def chip_rects(area: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    """Where the students' chips go: in columns, top to bottom, as many as fit ``area``."""
    gap = round(6 * scale)
    height = theme.font(theme.text_px(22, scale)).get_linesize() + round(8 * scale)
    width = (area.width - gap * (CHIP_COLUMNS - 1)) // CHIP_COLUMNS
    rows = max(1, (area.height + gap) // (height + gap))
    return [pygame.Rect(area.left + (i // rows) * (width + gap), area.top + (i % rows) * (height + gap), width, height)
            for i in range(min(count, rows * CHIP_COLUMNS))]


def student_chips(students: Sequence[SeatInfo], area: pygame.Rect, scale: float
                  ) -> list[tuple[SeatInfo, pygame.Rect]]:
    """Each student's chip in ``area`` (the last place says "+N more" when the room is fuller)."""
    rects = chip_rects(area, len(students), scale)
    shown = list(zip(students, rects))
    return shown[:-1] if len(students) > len(rects) and rects else shown


def draw_students(surface: pygame.Surface, students: Sequence[SeatInfo], area: pygame.Rect, scale: float,
                  mouse: tuple[int, int]) -> None:
    """Each student's chip (a dot: connected or not).  A room fuller than the area ends with
    "+N more"."""
    rects = chip_rects(area, len(students), scale)
    shown = student_chips(students, area, scale)
    size = theme.text_px(22, scale)
    for info, rect in shown:
        hovered = rect.collidepoint(mouse)
        draw_panel(surface, rect, theme.BUTTON_HOVER if hovered else theme.PANEL, theme.PANEL_EDGE,
                   radius=round(6 * scale))
        dot = max(4, rect.height // 6)
        pygame.draw.circle(surface, theme.GOOD if info.connected else theme.DANGER,
                           (rect.left + dot * 2, rect.centery), dot)
        label = _("Free {name}").format(name=info.name) if hovered else info.name
        text, fitted = theme.fit_label(label, size, rect.width - dot * 4 - round(6 * scale))
        theme.blit_text(surface, text, fitted, theme.BUTTON_TEXT if hovered else theme.TEXT,
                        midleft=(rect.left + dot * 4, rect.centery))
    if len(students) > len(rects) and rects:
        more = len(students) - len(shown)
        theme.blit_text(surface, _("+{count} more").format(count=more), size, theme.TEXT_DIM,
                        center=rects[-1].center)
