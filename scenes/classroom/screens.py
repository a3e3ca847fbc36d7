"""Where a class room's deal is played and shown: the teacher's start, the projector's screen for
it, and the class's results - one path for a room of one table and for a room of many.

A room of one table is shown full size (:class:`.table.ClassTableScene`) and ends in the usual
results, played on in the same room (:class:`.table_results.ClassResultsScene`); a room of many
shows every table at a glance (:class:`.overview.OverviewScene`) and ends in the class's
standings (:class:`.room_results.RoomResultsScene`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from classroom.class_room import RoomGame, RoomOfTables
from classroom.class_settings import ClassSettings
from classroom.lesson import Lesson
from classroom.tables import one_table_plan, plan_tables
from game.rules import rules_named

from ..base import AppContext, Scene
from .overview import OverviewScene
from .room_results import RoomResultsScene
from .table import ClassTableScene
from .table_results import ClassResultsScene


def start_deal(ctx: AppContext, lesson: Lesson, settings: ClassSettings) -> None:
    """The teacher starts the lesson's class game as ``settings`` say: the students who are here
    take their seats (at many tables, split between them), computer players the others, and every
    table starts the deal (in the lesson its warm-up began, if it had one)."""
    server = lesson.server
    room = server.room
    students = room.start()  # (only present students are seated: a phone gone now leaves its seat to an AI)
    if settings.many_tables:
        shuffle = random.Random(settings.seed) if settings.shuffle else None
        plan = plan_tables(students, settings.table_size, settings.tables or 0, shuffle)
    else:
        plan = one_table_plan(len(room.seats()))
    game = RoomGame(rules_named(settings.rules), settings.ai, settings.seed,
                    settings.deals == "same" or not settings.many_tables, ctx.options.agent_options(),
                    settings.time_limit, ctx.options.step_delay,
                    settings.learning(room.spectator_count() + len(plan.watchers), room.code, lesson.workers,
                                      keep=ctx.options.record is None, lesson=lesson.book))
    ctx.nav.show_room(RoomOfTables(server, plan, game, ctx.nav.save_table), settings, lesson.addresses)


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
