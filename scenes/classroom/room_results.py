"""The class results of a room of many tables: every table is done.

The standings across tables (every student by points; with duplicate deals also their rank
among those who held the same seat's cards), each table's winners, and for duplicate deals
who took fewest points with each seat's cards.  Each phone shows its student's rank meanwhile.
Under them, where each game was saved and the lesson report's file in full (L opens it in the
browser).  N plays the next deal at the same tables in the same room; Esc closes the room.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.predict import best_predictor_places
from game.i18n import Part, _, rich

from ..base import AppContext, Input
from ..kit import theme
from ..kit.layout import scale_for
from ..kit.report_link import ReportLink, wrap_at_separators
from ..kit.widgets import draw_panel, draw_rich, fit_segments, wrap_rich
from ..kit.words import predictor_place_line
from classroom.class_room import RoomOfTables
from classroom.class_settings import ClassSettings
from .room_screen import RoomScreen
from .standings import draw_row, standing_cells, standing_columns, standing_headings

HINT_GAP = "    "


class RoomResultsScene(RoomScreen):
    """The lesson's game is over at every table."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, settings: ClassSettings,
                 addresses: Sequence[str]) -> None:
        super().__init__(ctx, tables, settings, tuple(addresses))
        self.standings = tables.standings()
        self.report = ReportLink(tables.report)

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.is_key(pygame.K_ESCAPE):
            self.tables.close()
            self.ctx.nav.go_menu()
        elif inp.is_key(pygame.K_n):
            self.next_deal()
        elif inp.is_key(pygame.K_l):
            self.report.open()

    def next_deal(self) -> None:
        """The next deal at the same tables: the phones show their new hands without rejoining."""

        self.ctx.nav.show_room(self.tables.next_deal(), self.settings, self.addresses)

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        s = scale_for((w, h))
        margin = round(16 * s)
        title = theme.blit_text(surface, _("Class results"), theme.text_px(36, s), theme.TEXT, bold=True,
                                topleft=(margin, margin))
        size = theme.hint_px(22, s)
        pitch = theme.line_height(size)
        notes = self.notes(w - 2 * margin, size)
        notes_top = h - margin // 2 - pitch * len(notes)
        top = title.bottom + round(10 * s)
        left = pygame.Rect(margin, top, round((w - 3 * margin) * 0.68), notes_top - round(8 * s) - top)
        right = pygame.Rect(left.right + margin, top, w - left.right - 2 * margin, left.height)
        self._draw_standings(surface, left, s)
        self._draw_tables(surface, right, s)
        for index, line in enumerate(notes):
            theme.blit_hint(surface, line, size, topleft=(margin, notes_top + index * pitch))

    def notes(self, width: int, size: int) -> list[str]:
        """Under the standings: where the games were saved, the lesson report's file (or why it is
        not there), both in full, then the keys."""
        lines = [*wrap_at_separators(self.saved_line(), size, width), *self.report.lines(size, width)]
        keys = HINT_GAP.join([_("N: next deal at the same tables"), _("Esc: close the room")])
        return [*lines, fit_segments(keys, size, width, HINT_GAP)]

    def saved_line(self) -> str:
        """Where the tables' games were saved, or why one was not, or why the lesson report was not."""
        failed = [saved.line for saved in self.tables.saved if saved is not None and not saved.ok]
        failed.append(self.tables.game.learning.report_problem)
        if failed[0]:
            return failed[0]
        return _("Each table's game is saved: {path}").format(path=self.ctx.nav.records_path())

    def _draw_standings(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The class by points, as a table: rank, name, table, points (and the rank with the same cards)."""
        draw_panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s))
        inner = area.inflate(-round(16 * s), -round(12 * s))
        size = theme.text_px(24, s)
        line_h = theme.line_pitch(size)
        fits = max(1, (inner.height - 2 * line_h) // line_h)
        columns = 1 if len(self.standings) <= fits else 2
        width = inner.width // columns
        heading, fitted = theme.fit_label(_("Class standings"), size, inner.width, bold=True)
        theme.blit_text(surface, heading, fitted, theme.ACCENT, bold=True, topleft=inner.topleft)
        duplicate = bool(self.standings) and self.standings[0].seat_rank is not None
        predicted = any(standing.predicted is not None for standing in self.standings)
        for column in range(columns):
            cells = standing_columns(inner.left + column * width, width - round(16 * s), size, duplicate, predicted)
            y = inner.top + line_h + line_h // 2
            draw_row(surface, cells, standing_headings(duplicate, predicted), size, theme.TEXT_DIM, y, self.ctx.sprites)
            for standing in self.standings[column * fits:(column + 1) * fits]:
                y += line_h
                draw_row(surface, cells, standing_cells(standing), size, theme.TEXT, y, self.ctx.sprites)

    def _draw_tables(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        draw_panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s))
        inner = area.inflate(-round(16 * s), -round(12 * s))
        size = theme.text_px(22, s)
        line_h = theme.line_pitch(size)
        lines: list[tuple[list[Part], theme.Colour]] = [([_("Each table's winners")], theme.ACCENT)]
        for table, result in enumerate(self.tables.results()):
            best = min(result.scores)
            names = ", ".join(name for name, points in zip(result.names, result.scores) if points == best)
            lines.append((rich(_("Table {number}: {names} ({points})"), number=table + 1, names=names,
                               points=best), theme.TEXT))
        places = best_predictor_places([(s.name, *s.predicted) for s in self.standings if s.predicted is not None])
        if places:
            lines.append(([_("Best predictors")], theme.ACCENT))
        lines += [(predictor_place_line(place), theme.TEXT) for place in places]
        comparison = self.tables.comparison()
        if comparison:
            lines.append(([_("Fewest points with the same cards")], theme.ACCENT))
        for seat in comparison:
            who = ", ".join(_("{name} (table {number})").format(name=name, number=table + 1)
                            for name, table in seat.best)
            lines.append((rich(_("Seat {seat}: {points} - {names}"), seat=seat.seat + 1, points=seat.points,
                               names=who), theme.TEXT))
        y = inner.top + line_h // 2
        for line, colour in [(line, colour) for parts, colour in lines
                             for line in wrap_rich(parts, size, self.ctx.sprites, inner.width)]:
            if y + line_h // 2 > inner.bottom:
                break
            draw_rich(surface, line, size, colour, self.ctx.sprites, midleft=(inner.left, y))
            y += line_h
