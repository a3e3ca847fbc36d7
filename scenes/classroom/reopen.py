"""A stopped class game opened again (``class --resume``, or the menu's Resume): its room with the
same code, the phones back at their seats and hands, its lesson going on where it was.

The room listens on the port the phones knew, unless the teacher names another (``--port P``);
when that port is taken (another program has it now), it opens on a free one and the projector
shows the new address and its QR code first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from classroom.lesson_book import LessonBook, class_tag_of
from classroom.lesson_puzzles import shared_finder
from classroom.reviews import shared_service
from classroom.room import DEFAULT_PORT, Room
from classroom.server import ClassServer
from game.i18n import _
from game.rules import rules_named
from classroom.tables import DIFFERENT, DUPLICATE
from store.kept_room import UnfinishedRoom
from store.unfinished import KeptRoom

from ..base import AppContext, Scene
from classroom.class_learning import Learning
from classroom.class_session import ClassSession
from classroom.class_settings import ClassSettings
from classroom.kept_rooms import resumed_room, room_game
from classroom.lesson import Lesson
from live.resume import Kept, resume_session
from live.seats import PHONE, Seat
from live.thinker import Thinker
from .lobby import PortInUse, join_addresses, listening_server
from .overview import OverviewScene
from .table import ClassTableScene


def reopen_class_game(ctx: AppContext, kept: Kept, settings: ClassSettings) -> tuple[Lesson, Scene]:
    """A stopped class game (one table's, or a room of many tables), its room open again with the
    same code: each phone that still holds its seat's secret comes back to its seat and hand.
    ``ValueError`` (saying why) if the room cannot open; ``UnfinishedError`` if a game does not
    replay."""
    if isinstance(kept.game, UnfinishedRoom):
        return reopen_room(ctx, kept.key, kept.game, settings)
    game, room_kept = kept.game, kept.game.room
    if room_kept is None:
        raise ValueError(_("the kept game is not a class game"))
    rules = rules_named(game.rules)
    room = Room.reopened(room_kept.code, [name for name, _kind in game.seats], list(room_kept.tokens),
                         list(room_kept.given_to_ai) + [i for i, (_n, kind) in enumerate(game.seats) if kind != PHONE])
    wanted = settings.port if settings.port != DEFAULT_PORT else room_kept.port
    server, moved = server_on(room, game.rules, settings.host, wanted)
    time_limit = settings.time_limit if settings.time_limit is not None else room_kept.time_limit
    settings = replace(settings, rules=game.rules, port=server.port, code=room.code, ai=room_kept.ai,
                       time_limit=time_limit, seed=game.seed)
    options = ctx.options.agent_options()
    learning = for_the_class(room, learning_again(room_kept, settings, room.code, keep=ctx.options.record is None))
    settings = replace(settings, class_name=learning.lesson.class_name if learning.lesson else settings.class_name)

    def make(seats: tuple[Seat, ...], stand_ins: list[Any], thinker: Thinker) -> ClassSession:
        return ClassSession(seats, server, rules=rules, level=room_kept.ai, seed=game.seed, options=options,
                            time_limit=time_limit, stand_ins=stand_ins, thinker=thinker, learning=learning)
    try:
        session = resume_session(game, options, kept.key, make)
    except ValueError:
        server.stop()
        raise
    assert isinstance(session, ClassSession)
    for seat in room_kept.given_to_ai:
        session.given_to_ai.add(seat)
    if moved:
        session.notes.append(_("Port {wanted} is in use: the room is on port {port} now (Q shows its QR code)").format(
            wanted=wanted, port=server.port))
    addresses = join_addresses(settings, server)
    return Lesson(server, settings, addresses, session, moved), ClassTableScene(ctx, session, settings, addresses)


def reopen_room(ctx: AppContext, key: str, kept: UnfinishedRoom, settings: ClassSettings) -> tuple[Lesson, Scene]:
    """A stopped room of many tables, as it was: every table's game where it stood (a table that
    was over stays over), each phone back at its own table and seat."""
    room = Room.reopened(kept.code, list(kept.names), list(kept.tokens), [])
    room.many_tables = True
    choices = kept.choices
    wanted = settings.port if settings.port != DEFAULT_PORT else kept.port
    server, moved = server_on(room, choices.rules, settings.host, wanted)
    settings = replace(settings, rules=choices.rules, port=server.port, code=room.code, ai=choices.ai,
                       time_limit=choices.time_limit, seed=choices.seed, tables=len(kept.tables),
                       deals=DUPLICATE if choices.duplicate else DIFFERENT)
    learning = for_the_class(room, Learning(
        choices.predict, shared_service(settings.review_rollouts) if choices.reviews and settings.reviews else None,
        reopened_lesson(choices.lesson, replace(settings, class_name=choices.class_name or settings.class_name),
                        room.code, ctx.options.record is None)))
    settings = replace(settings, class_name=learning.lesson.class_name if learning.lesson else settings.class_name)
    game = room_game(kept, ctx.options.agent_options(), learning, ctx.options.step_delay)
    try:
        tables = resumed_room(server, kept, game, ctx.nav.save_table, key)
    except ValueError:
        server.stop()
        raise
    addresses = join_addresses(settings, server)
    lesson = Lesson(server, settings, addresses, tables, moved)
    return lesson, OverviewScene(ctx, tables, settings, addresses)


def server_on(room: Room, rules: str, host: str, port: int) -> tuple[ClassServer, bool]:
    """The room's server on ``port``, or (taken) on a free one; whether it moved."""
    try:
        return listening_server(room, rules_named(rules), host, port), False
    except PortInUse:
        return listening_server(room, rules_named(rules), host, 0), True


def learning_again(kept: KeptRoom, settings: ClassSettings, code: str, keep: bool) -> Learning:
    """The learning of the lesson the kept game is part of, going on where it was: its
    predictions, its reviews, its report (kept in the history: read back from it)."""
    return Learning(kept.predict, shared_service(settings.review_rollouts) if kept.reviews and settings.reviews else None,
                    reopened_lesson(kept.lesson, replace(settings, class_name=kept.class_name or settings.class_name),
                                    code, keep))


def for_the_class(room: Room, learning: Learning) -> Learning:
    """A reopened lesson of a class: its room knows its phones' keys again (their ``resume`` brings
    them), and its reviews go on making the class's puzzles."""
    book = learning.lesson
    if book is None or not book.class_name:
        return learning
    room.students.tag = class_tag_of(book.class_name)
    finding = learning.reviews is not None and book.keep
    return replace(learning, puzzles=shared_finder() if finding else None)


def reopened_lesson(number: int | None, settings: ClassSettings, code: str, keep: bool) -> LessonBook:
    """Lesson ``number`` as the history keeps it, to go on with (a new one of the settings' class if it is
    not there: nothing had happened in it)."""
    lesson = LessonBook.reopen(number) if number is not None else None
    return lesson or LessonBook.start(settings.report_dir, code, keep, settings.class_name)
