"""One table of a room of many tables, full-size on the projector (opened from the overview).

It is the class game's table (:class:`.table.ClassTableScene`: captions, the explain panel,
stepping back and forth, a click on a student's seat gives it to an AI), stepped on by this
view while it is open; every other table goes on meanwhile.  Esc comes back to the overview,
and the table's end stays on screen instead of opening the results (the class's results come
when every table is done).
"""

from __future__ import annotations

import pygame

from game.i18n import _

from ..base import AppContext, Input, Scene
from classroom.class_room import RoomOfTables
from classroom.class_settings import ClassSettings
from ..table.source import LiveSource
from ..base import Navigator
from .table import ClassTableScene


class RoomScreen(Scene):
    """A screen of a room of many tables: the room's tables, how it was opened, its addresses."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, settings: ClassSettings,
                 addresses: tuple[str, ...]) -> None:
        super().__init__(ctx)
        self.tables = tables
        self.settings = settings
        self.addresses = tuple(addresses)


class RoomTableSource(LiveSource):
    """A table of the room: its end is not the end of the lesson (the overview goes on)."""

    def finish(self, nav: Navigator) -> None:
        """The game over stays on screen; the room saved it, Esc goes back to every table."""


class RoomTableScene(ClassTableScene):
    """Table ``table`` of ``tables``, full-size."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, table: int, settings: ClassSettings,
                 addresses: tuple[str, ...]) -> None:
        session = tables.sessions[table]
        super().__init__(ctx, session, settings, addresses, RoomTableSource(session))
        self.tables = tables
        self.table = table
        self.auto = not tables.paused

    def handle_event(self, inp: Input) -> None:
        if inp.is_key(pygame.K_ESCAPE):
            self.back_to_overview()
            return
        super().handle_event(inp)

    def back_to_overview(self) -> None:
        """Esc: every table again."""
        self.ctx.nav.close_overlay()

    def room_parts(self) -> list[str]:
        parts = super().room_parts()
        parts.insert(1, _("Table {number} - Esc: every table").format(number=self.table + 1))
        return parts
