"""The class results of a room of many tables: every table is done.

The standings across tables (every student by points; with duplicate deals also their rank
among those who held the same seat's cards), each table's winners, and for duplicate deals
who took fewest points with each seat's cards.  Each phone shows its student's rank meanwhile.
N plays the next deal at the same tables in the same room; Esc closes the room.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.classroom.tables import Standing, best_predictors
from game.i18n import Part, _, rich

from ..base import AppContext, Input
from ..kit import theme
from ..kit.layout import scale_for
from ..kit.widgets import draw_panel, draw_rich, fit_segments, wrap_rich
from ..model.class_room import RoomOfTables
from ..model.class_settings import ClassSettings
from .room_table import RoomScreen

HINT_GAP = "    "


class RoomResultsScene(RoomScreen):
    """The lesson's game is over at every table."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, settings: ClassSettings,
                 addresses: Sequence[str]) -> None:
        super().__init__(ctx, tables, settings, tuple(addresses))
        self.standings = tables.standings()

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.is_key(pygame.K_ESCAPE):
            self.tables.close()
            self.ctx.nav.go_menu()
        elif inp.is_key(pygame.K_n):
            self.next_deal()

    def next_deal(self) -> None:
        """The next deal at the same tables: the phones show their new hands without rejoining."""
        from .overview import OverviewScene

        tables = self.tables.next_deal()
        self.ctx.nav.show_room(tables, OverviewScene(self.ctx, tables, self.settings, self.addresses))

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        s = scale_for((w, h))
        margin = round(16 * s)
        title = theme.blit_text(surface, _("Class results"), theme.text_px(36, s), theme.TEXT, bold=True,
                                topleft=(margin, margin))
        saved = self.saved_line()
        theme.blit_hint(surface, *theme.fit_label(saved, theme.hint_px(20, s), w - title.right - 3 * margin,
                                                  theme.HINT_FONT_SIZE), midleft=(title.right + margin, title.centery))
        hints = pygame.Rect(margin, h - margin - round(28 * s), w - 2 * margin, round(28 * s))
        top = title.bottom + round(10 * s)
        left = pygame.Rect(margin, top, round((w - 3 * margin) * 0.68), hints.top - round(10 * s) - top)
        right = pygame.Rect(left.right + margin, top, w - left.right - 2 * margin, left.height)
        self._draw_standings(surface, left, s)
        self._draw_tables(surface, right, s)
        line = fit_segments(HINT_GAP.join([_("N: next deal at the same tables"), _("Esc: close the room")]),
                            theme.hint_px(22, s), hints.width, HINT_GAP)
        theme.blit_hint(surface, line, theme.hint_px(22, s), midleft=hints.midleft)

    def saved_line(self) -> str:
        """Where the tables' games were saved, or why one was not, or why the lesson report was not."""
        failed = [line for line in self.tables.saved if line] + [self.tables.game.learning.report_problem]
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
            for (left, right), label in zip(cells, standing_headings(duplicate, predicted)):
                draw_cell(surface, label, size, theme.TEXT_DIM, left, right, y, self.ctx.sprites)
            for standing in self.standings[column * fits:(column + 1) * fits]:
                y += line_h
                for (left, right), part in zip(cells, standing_cells(standing)):
                    draw_cell(surface, part, size, theme.TEXT, left, right, y, self.ctx.sprites)

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
        predictors = best_predictors(self.standings)
        if predictors:
            lines.append(([_("Best predictors")], theme.ACCENT))
        for name, right, asked in predictors:
            lines.append((rich(_("{name}: {right} of {asked} right"), name=name, right=right, asked=asked), theme.TEXT))
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


def standing_headings(duplicate: bool, predicted: bool = False) -> list[str]:
    # NOTE: column headings of the class standings (rank, name, table, points, rank with the same cards,
    # right predictions)
    headings = [_("#"), _("Name"), _("Table"), _("Points")]
    headings += [_("Same cards")] if duplicate else []
    return headings + [_("Predicted")] if predicted else headings


def standing_cells(standing: Standing) -> list[Part]:
    """One student's cells: rank, name, table, points, (duplicate deals) their rank among those who
    held the same seat's cards, and (if the class predicted) their right predictions, e.g. "7/9"."""
    cells: list[Part] = [standing.rank, standing.name, standing.table + 1, standing.points]
    cells += [standing.seat_rank] if standing.seat_rank is not None else []
    return cells + [f"{standing.predicted[0]}/{standing.predicted[1]}"] if standing.predicted is not None else cells


def standing_columns(left: int, width: int, size: int, duplicate: bool, predicted: bool = False
                     ) -> list[tuple[int, int]]:
    """(left, right) of each column: each number column as wide as its heading (or three digits),
    the name in what they leave."""
    gap = size // 2
    widths = [max(theme.text_width(heading, size), theme.text_width("000", size)) + gap
              for heading in standing_headings(duplicate, predicted)]
    widths[1] = max(gap, width - sum(widths) + widths[1])
    edges = [left]
    for wide in widths:
        edges.append(edges[-1] + wide)
    return list(zip(edges, edges[1:]))


def draw_cell(surface: pygame.Surface, part: Part, size: int, colour: theme.Colour, left: int, right: int, y: int,
              sprites: object) -> None:
    """A number (stamped) or a text (cut to fit) in one cell of a row centred on ``y``."""
    if isinstance(part, int):
        draw_rich(surface, [part], size, colour, sprites, midleft=(left, y))  # type: ignore[arg-type]
        return
    label, fitted = theme.fit_label(part, size, right - left - 8)
    theme.blit_text(surface, label, fitted, colour, midleft=(left, y))
