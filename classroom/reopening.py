"""A stopped class lesson opened again (``class --resume``, or the menu's Resume): its room with the
same code, the phones back at their tables, seats and hands, its lesson going on where it was.

Pure Python (no pygame).  The room listens on the port the phones knew, unless the teacher names
another (``--port P``); when that port is taken (another program has it now), it opens on a free
one, and each table's line says so (the projector shows the new address and its QR code first).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from classroom.class_learning import Learning
from classroom.class_room import SaveTable
from classroom.class_settings import ClassSettings
from classroom.kept_rooms import resumed_room, room_game
from classroom.lesson import Lesson
from classroom.lesson_book import LessonBook, class_tag_of
from classroom.opening import join_addresses, server_on
from classroom.room import DEFAULT_PORT, Room
from classroom.tables import DIFFERENT, DUPLICATE
from classroom.workers import LessonWorkers
from game.i18n import _
from game.players.options import AgentOptions
from live.resume import Kept
from store.kept_room import UnfinishedRoom, room_of_one


@dataclass(frozen=True)
class GoingOn:
    """How the app goes on with a reopened lesson."""

    options: AgentOptions
    """The computer players' options."""
    step_delay: float
    """The pace of the tables no screen steps."""
    save: SaveTable
    """How each finished table's game is saved."""
    keep: bool = True
    """The lesson is kept in the history (not with ``--record FILE``)."""


def reopen_lesson(kept: Kept, settings: ClassSettings, going_on: GoingOn) -> Lesson:
    """A stopped class game (a room of one table or of many), its room open again with the same
    code: every table's game where it stood (a table that was over stays over), each phone that
    still holds its seat's secret back at its own table, seat and hand.  ``ValueError`` (saying
    why) if the room cannot open; ``UnfinishedError`` if a game does not replay."""
    if isinstance(kept.game, UnfinishedRoom):
        room_kept = kept.game
    else:  # a class game kept at one table by an earlier version
        room_kept = room_of_one(kept.game, going_on.step_delay)
    return reopen_room(kept.key, room_kept, settings, going_on)


def reopen_room(key: str, kept: UnfinishedRoom, settings: ClassSettings, going_on: GoingOn) -> Lesson:
    """The stopped room as it was (see :func:`reopen_lesson`)."""
    given = given_to_ai(kept)
    room = Room.reopened(kept.code, list(kept.names), list(kept.tokens), sorted(given))
    room.many_tables = kept.many_tables
    choices = kept.choices
    wanted = settings.port if settings.port != DEFAULT_PORT else kept.port
    server, moved = server_on(room, choices.rules, settings.host, wanted)
    time_limit = settings.time_limit if settings.time_limit is not None else choices.time_limit
    settings = replace(settings, rules=choices.rules, port=server.port, code=room.code, ai=choices.ai,
                       time_limit=time_limit, seed=choices.seed,
                       tables=len(kept.tables) if room.many_tables else None,
                       deals=DUPLICATE if choices.duplicate else DIFFERENT)
    workers = LessonWorkers(settings.review_rollouts)
    learning = for_the_class(room, Learning(
        choices.predict, workers.reviews if choices.reviews and settings.reviews else None,
        reopened_lesson(choices.lesson, replace(settings, class_name=choices.class_name or settings.class_name),
                        room.code, going_on.keep)), workers)
    settings = replace(settings, class_name=learning.lesson.class_name if learning.lesson else settings.class_name)
    game = replace(room_game(kept, going_on.options, learning, going_on.step_delay), time_limit=time_limit)
    try:
        tables = resumed_room(server, kept, game, going_on.save, key)
    except ValueError:
        server.stop()
        workers.close()
        raise
    for table, seats in enumerate(kept.tables):
        tables.sessions[table].given_to_ai.update(seat for seat, room_seat in enumerate(seats) if room_seat in given)
    if moved:
        for session in tables.sessions:
            session.notes.append(_("Port {wanted} is in use: the room is on port {port} now (Q shows its QR code)")
                                 .format(wanted=wanted, port=server.port))
    return Lesson(server, settings, join_addresses(settings, server), tables, moved, keep=going_on.keep,
                  workers=workers)


def given_to_ai(kept: UnfinishedRoom) -> set[int]:
    """The room seats whose student's seat the teacher gave to a computer player."""
    return {room_seat for seats, game in zip(kept.tables, kept.games) if game.room is not None
            for seat in game.room.given_to_ai if seat < len(seats)
            for room_seat in (seats[seat],) if room_seat is not None}


def for_the_class(room: Room, learning: Learning, workers: LessonWorkers) -> Learning:
    """A reopened lesson of a class: its room knows its phones' keys again (their ``resume`` brings
    them), and its reviews go on making the class's puzzles."""
    book = learning.lesson
    if book is None or not book.class_name:
        return learning
    room.students.tag = class_tag_of(book.class_name)
    finding = learning.reviews is not None and book.keep
    return replace(learning, puzzles=workers.finder if finding else None)


def reopened_lesson(number: int | None, settings: ClassSettings, code: str, keep: bool) -> LessonBook:
    """Lesson ``number`` as the history keeps it, to go on with (a new one of the settings' class if it is
    not there: nothing had happened in it)."""
    lesson = LessonBook.reopen(number) if number is not None else None
    return lesson or LessonBook.start(settings.report_dir, code, keep, settings.class_name)
