"""Where a class room's deal is played and shown: the teacher's start, the projector's screen for
it, and the class's results - one path for a room of one table and for a room of many.

A room of one table is shown full size (:class:`.table.ClassTableScene`) and ends in the usual
results, played on in the same room (:class:`.table_results.ClassResultsScene`); a room of many
shows every table at a glance (:class:`.overview.OverviewScene`) and ends in the class's
standings (:class:`.room_results.RoomResultsScene`).
"""

from __future__ import annotations

from collections.abc import Sequence

from classroom.class_room import RoomOfTables
from classroom.class_settings import ClassSettings
from classroom.lesson import Lesson

from ..base import AppContext, Scene
from .overview import OverviewScene
from .room_results import RoomResultsScene
from .table import ClassTableScene
from .table_results import ClassResultsScene


def start_deal(ctx: AppContext, lesson: Lesson) -> None:
    """The teacher starts the lesson's class game (:meth:`Lesson.deal`): its tables on the projector."""
    tables = lesson.deal(ctx.options.agent_options(), ctx.options.step_delay, ctx.nav.save_table)
    ctx.nav.show_room(tables, lesson.settings, lesson.addresses)


def room_scene(ctx: AppContext, tables: RoomOfTables, settings: ClassSettings, addresses: Sequence[str]) -> Scene:
    """The projector's screen for the deal ``tables`` play: the one table full size, or every table."""
    if tables.one_table:
        return ClassTableScene(ctx, tables, 0, settings, addresses)
    return OverviewScene(ctx, tables, settings, tuple(addresses))


def results_scene(ctx: AppContext, tables: RoomOfTables, settings: ClassSettings, addresses: Sequence[str]) -> Scene:
    """The class's results once every table is done."""
    if tables.one_table:
        return ClassResultsScene(ctx, tables, settings, addresses)
    return RoomResultsScene(ctx, tables, settings, addresses)
