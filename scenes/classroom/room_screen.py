"""A screen of a room of many tables (its overview, its results): the room's tables, how the
teacher set the lesson up, its join addresses."""

from __future__ import annotations

from classroom.class_room import RoomOfTables
from classroom.class_settings import ClassSettings

from ..base import AppContext, Scene


class RoomScreen(Scene):
    """A screen of a room of many tables: the room's tables, how it was opened, its addresses."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, settings: ClassSettings,
                 addresses: tuple[str, ...]) -> None:
        super().__init__(ctx)
        self.tables = tables
        self.settings = settings
        self.addresses = tuple(addresses)
