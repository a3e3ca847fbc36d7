"""The projector during a room of many tables: every table at a glance, and the class standings.

Each table is a tile: its number, its four rows (the last card, and how many cards the row
holds), each player's name and points, what it waits for, and "done" once its game is over.
A click on a tile (or its number key, 0 for table 10) opens that table full-size
(:mod:`.table`: the usual table with captions, the explain panel, stepping back and forth);
Esc there comes back here.  Space pauses the whole room, Q shows the join QR code again.
When every table is done, the class results follow (:mod:`.room_results`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from classroom.tables import Standing, TableResult
from game.i18n import _, ngettext, rich

from ..base import AppContext, Input, InputKind
from ..kit import theme
from ..kit.layout import scale_for
from ..kit.widgets import draw_panel, draw_rich, fit_segments
from classroom.class_room import RoomOfTables
from classroom.class_settings import ClassSettings
from live.session import Stage
from .room_screen import RoomScreen
from .standings import draw_row, overview_cells, overview_columns, overview_headings

NUMBER_KEYS = {getattr(pygame, f"K_{digit}"): (digit - 1) % 10 for digit in range(10)}
"""1-9 open tables 1-9, 0 opens table 10."""
GRIDS = {1: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5}
"""Columns of the overview's grid for each number of tables (more: five columns)."""
RESULTS_AFTER = 2.0
"""Seconds the overview shows every table done before the class results."""
HINT_GAP = "    "
STANDINGS_WIDTH = 370
"""The class standings' panel beside the tiles, at 1280x720: room for a name between headed columns."""


@dataclass(frozen=True)
class OverviewLayout:
    scale: float
    top: pygame.Rect
    tiles: tuple[pygame.Rect, ...]
    standings: pygame.Rect
    hints: pygame.Rect


def overview_layout(size: tuple[int, int], tables: int) -> OverviewLayout:
    """The top line, a grid of tiles on the left, the standings on the right, the hints below."""
    w, h = size
    s = scale_for(size)
    margin, gap = round(12 * s), round(10 * s)
    top = pygame.Rect(margin, margin, w - 2 * margin, round(34 * s))
    hints = pygame.Rect(margin, h - margin - round(28 * s), w - 2 * margin, round(28 * s))
    standings = pygame.Rect(w - margin - round(STANDINGS_WIDTH * s), top.bottom + gap, round(STANDINGS_WIDTH * s),
                            hints.top - gap - top.bottom - gap)
    grid = pygame.Rect(margin, standings.top, standings.left - gap - margin, standings.height)
    columns = GRIDS.get(tables, 5)
    rows = -(-tables // columns)
    tile_w, tile_h = (grid.width - gap * (columns - 1)) // columns, (grid.height - gap * (rows - 1)) // rows
    tiles = tuple(pygame.Rect(grid.left + (i % columns) * (tile_w + gap), grid.top + (i // columns) * (tile_h + gap),
                              tile_w, tile_h) for i in range(tables))
    return OverviewLayout(s, top, tiles, standings, hints)


class OverviewScene(RoomScreen):
    """Every table of the room at once."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, settings: ClassSettings,
                 addresses: Sequence[str]) -> None:
        super().__init__(ctx, tables, settings, tuple(addresses))
        self.done_for = 0.0
        """Seconds every table has been done."""

    @property
    def game_in_progress(self) -> bool:
        return not self.tables.done

    def layout(self) -> OverviewLayout:
        return overview_layout(self.size, len(self.tables.sessions))

    # ------------------------------------------------------------ input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.is_key(pygame.K_ESCAPE):
            self.ask_leave()
        elif inp.is_key(pygame.K_SPACE):
            self.tables.pause()
        elif inp.is_key(pygame.K_q) and self.addresses:
            self.ctx.nav.show_join_code()
        elif inp.kind is InputKind.KEY and inp.key in NUMBER_KEYS:
            self.open_table(NUMBER_KEYS[inp.key])
        elif inp.kind is InputKind.CLICK:
            for table, tile in enumerate(self.layout().tiles):
                if tile.collidepoint(inp.pos):
                    self.open_table(table)

    def open_table(self, table: int) -> None:
        """One table full-size (its view steps it on); Esc there comes back."""
        if 0 <= table < len(self.tables.sessions):
            self.ctx.nav.open_room_table(table)

    def ask_leave(self) -> None:
        nav = self.ctx.nav

        def leave() -> None:
            self.tables.close()
            nav.go_menu()
        if self.tables.done:
            leave()
            return
        nav.ask(_("Close the room?"), _("Every table's game ends here; the games already over are saved."),
                yes_label=_("Close"), no_label=_("Keep playing"), on_yes=leave)

    # ------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        """The app pumps the room (every table steps on at its pace); here, the results come once
        every table has been done a moment."""
        self.done_for = self.done_for + dt if self.tables.done else 0.0
        if self.done_for >= max(RESULTS_AFTER, self.tables.game.step_delay):
            self.ctx.nav.show_room_results(self.tables, self.settings, self.addresses)

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        layout = overview_layout(surface.get_size(), len(self.tables.sessions))
        s = layout.scale
        size = theme.text_px(24, s)
        line = fit_segments(HINT_GAP.join(self.top_parts()), size, layout.top.width, HINT_GAP)
        theme.blit_text(surface, line, size, theme.ACCENT if self.tables.paused else theme.TEXT,
                        midleft=layout.top.midleft)
        results = self.tables.results()
        for table, (tile, result) in enumerate(zip(layout.tiles, results)):
            self._draw_tile(surface, tile, table, result, s)
        draw_standings(surface, layout.standings, self.tables.standings(), s, self.ctx.sprites)
        hints = fit_segments(overview_hints(len(results)), theme.hint_px(22, s), layout.hints.width, HINT_GAP)
        theme.blit_hint(surface, hints, theme.hint_px(22, s), midleft=layout.hints.midleft)

    def top_parts(self) -> list[str]:
        """The top line: the join address and code, then the room's state."""
        join = _("Join: {address}   code {code}").format(address=self.addresses[0] if self.addresses else "",
                                                        code=self.tables.room.code)
        if self.tables.done:
            return [join, _("Every table is done")]
        return [join, _("Paused - Space to go on") if self.tables.paused else _("Space: pause the room")]

    def _draw_tile(self, surface: pygame.Surface, tile: pygame.Rect, table: int, result: TableResult,
                   s: float) -> None:
        hovered = tile.collidepoint(self.mouse)
        draw_panel(surface, tile, theme.PANEL, theme.ACCENT if hovered else theme.PANEL_EDGE, radius=round(10 * s))
        inner = tile.inflate(-round(16 * s), -round(12 * s))
        size = theme.text_px(22, s)
        line_h = theme.font(size).get_linesize()
        title = rich(_("Table {number}"), number=table + 1)
        draw_rich(surface, title, size, theme.TEXT, self.ctx.sprites, midleft=(inner.left, inner.top + line_h // 2))
        status, colour = self.table_status(table, result, (size, inner.width // 2))
        theme.blit_text(surface, *theme.fit_label(status, size, inner.width // 2), colour,
                        midright=(inner.right, inner.top + line_h // 2))
        session = self.tables.sessions[table]
        rows = session.table.states[-1].rows if session.table.states else session.table.game.rows
        players_h = line_h * len(result.names)
        area = pygame.Rect(inner.left, inner.top + line_h + round(4 * s), inner.width,
                           inner.height - line_h - round(10 * s) - players_h)
        used = draw_rows(surface, area, rows, self.ctx.art.for_rules(session.table.rules), size, self.ctx.sprites)
        y = used.bottom + round(6 * s)
        for name, points in zip(result.names, result.scores):
            if y + line_h > inner.bottom:
                break
            label, fitted = theme.fit_label(name, size, inner.width - round(60 * s))
            theme.blit_text(surface, label, fitted, theme.TEXT, topleft=(inner.left, y))
            draw_rich(surface, [points], size, theme.TEXT, self.ctx.sprites,
                      midleft=(inner.right - round(50 * s), y + line_h // 2))
            y += line_h

    def table_status(self, table: int, result: TableResult, room: tuple[int, int] = (0, 0)
                     ) -> tuple[str, theme.Colour]:
        """What a tile says the table does: done, paused, or whom it waits for (``room``: the
        label's size and width, where their names may not fit)."""
        session = self.tables.sessions[table]
        if result.over:
            return _("done"), theme.GOOD
        waiting, _row = session.views.waiting_seats()
        phones = [session.table.name(seat) for seat in waiting if seat in session.phone_seats]
        if phones:
            return waiting_for(phones, *room), theme.ACCENT
        if self.tables.paused and table != self.tables.opened:
            return _("paused"), theme.TEXT_DIM
        return (_("choosing") if session.table.stage is Stage.THINKING else _("placing")), theme.TEXT_DIM


def waiting_for(names: Sequence[str], size: int = 0, width: int = 0) -> str:
    """The phones a table waits for: their names, or how many where the names do not all fit
    ``width`` at ``size`` (never a name cut short: "Ana, Ben, C...")."""
    joined = ", ".join(names)
    if not size or theme.text_width(joined, size) <= width:
        return joined
    # NOTE: a table's tile on the overview: the phones it waits for, too many to name
    return ngettext("waiting for {count}", "waiting for {count}", len(names)).format(count=len(names))


def draw_rows(surface: pygame.Surface, area: pygame.Rect, rows: Sequence[Sequence[int]], art: object,
              size: int, sprites: object) -> pygame.Rect:
    """The four rows, each as its last card and how many cards it holds: one below the other if
    the tile is tall enough, else two or four abreast; the rectangle used."""
    count_w = theme.font(size).size("x5")[0] + 6
    best: tuple[int, int] = (0, 1)
    for columns in (1, 2, 4):
        lines = -(-len(rows) // columns)
        card_h = min(area.height // lines - 4, round((area.width // columns - count_w - 6) * 1.25))
        best = max(best, (card_h, columns))
    card_h, columns = best
    card_h = max(12, min(card_h, round(size * 2.2)))
    card_w = round(card_h * 0.8)
    slot_w, slot_h = area.width // columns, card_h + 4
    for index, row in enumerate(rows):
        left, top = area.left + (index % columns) * slot_w, area.top + (index // columns) * slot_h
        surface.blit(art.face(row[-1], (card_w, card_h)), (left, top))  # type: ignore[attr-defined]
        draw_rich(surface, ["x", len(row)], size, theme.TEXT_DIM, sprites,  # type: ignore[arg-type]
                  midleft=(left + card_w + 4, top + card_h // 2))
    return pygame.Rect(area.left, area.top, area.width, slot_h * -(-len(rows) // columns))


def draw_standings(surface: pygame.Surface, area: pygame.Rect, standings: Sequence[Standing], s: float,
                   sprites: object) -> None:
    """The class by points, fewest first, under headed columns: rank, name, (right predictions of
    those asked,) points - as many as fit."""
    draw_panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s))
    inner = area.inflate(-round(16 * s), -round(12 * s))
    size = theme.text_px(22, s)
    line_h = theme.font(size).get_linesize()
    heading, fitted = theme.fit_label(_("Class standings"), size, inner.width, bold=True)
    theme.blit_text(surface, heading, fitted, theme.ACCENT, bold=True, topleft=inner.topleft)
    predicted = any(standing.predicted is not None for standing in standings)
    cells = overview_columns(inner.left, inner.width, size, predicted)
    y = inner.top + line_h + round(4 * s) + line_h // 2
    draw_row(surface, cells, overview_headings(predicted), size, theme.TEXT_DIM, y, sprites)
    for standing in standings:
        y += line_h
        if y + line_h // 2 > inner.bottom:
            break
        draw_row(surface, cells, overview_cells(standing, predicted), size, theme.TEXT, y, sprites)


def overview_hints(tables: int) -> str:
    keys = _("1-9: open a table") if tables < 10 else _("1-9, 0: open a table")
    return HINT_GAP.join([keys, _("click a table: open it"), _("Space: pause"), _("Q: join code"),
                          _("Esc: close the room")])
