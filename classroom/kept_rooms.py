"""A room of many tables kept like a table: written down from its first frame (every table's
game, over or not, who sits where, every phone's secret, the teacher's choices), and opened again
as it was by ``class --resume`` or the menu's Resume.

Pure Python (no pygame).  The room is kept among the history's unfinished games under its own key
(:attr:`.class_room.RoomOfTables.keep_key`), replaced whenever a table moves on a turn; the save
of its last table's game drops it in the same transaction.  Opening it again replays each table's
game through the engine (:func:`live.resume.resume_session`), seats the phones at their tables by
their secrets, and goes on with the lesson: a table already over stays over (its game is saved,
its figures are in the lesson), the others play on.
"""

from __future__ import annotations

from typing import Any

from classroom.server import ClassServer
from classroom.tables import TablePlan
from game.players.options import AgentOptions
from store.kept_room import RoomChoices, UnfinishedRoom

from .class_room import RoomGame, RoomOfTables, SaveTable, TableSaved
from .class_session import ClassSession
from .table_door import TableDoor
from live.resume import resume_session
from live.session import Stage, TableSession
from live.seats import Seat
from live.thinker import Thinker
from game.rules import rules_named


def room_state(tables: RoomOfTables) -> UnfinishedRoom:
    """What opens ``tables`` again as it is now."""
    game, room = tables.game, tables.room
    learning = game.learning
    choices = RoomChoices(game.rules.name, game.level, tables.seed, game.duplicate, game.time_limit, game.step_delay,
                          learning.predict_seconds, learning.reviews is not None,
                          learning.lesson.number if learning.lesson is not None else None,
                          learning.lesson.class_name if learning.lesson is not None else "")
    infos = room.seats()
    return UnfinishedRoom(room.code, tables.server.port, choices, tuple(info.name for info in infos),
                          room.secrets_of_seats(), tables.plan.tables, tables.plan.watchers,
                          tuple(session.kept() for session in tables.sessions),
                          tuple(saved is not None or session.after_game.counted  # (counted: being saved)
                                for saved, session in zip(tables.saved, tables.sessions)),
                          tuple(session.after_game.position if session.after_game.counted else None
                                for session in tables.sessions), not tables.one_table)


def room_progress(tables: RoomOfTables) -> tuple[Any, ...]:
    """Changes whenever a table moves on a turn (or ends): then the room is kept again."""
    return tables.keep_key, tuple((s.table.game.round, s.table.game.turn, s.table.stage is Stage.OVER)
                                  for s in tables.sessions)


def room_game(kept: UnfinishedRoom, options: AgentOptions, learning: Any, step_delay: float | None = None) -> RoomGame:
    """How the kept room's tables play (the teacher's choices as they were)."""

    choices = kept.choices
    return RoomGame(rules_named(choices.rules), choices.ai, choices.seed, choices.duplicate, options,
                    choices.time_limit, choices.step_delay if step_delay is None else step_delay, learning)


def resumed_room(server: ClassServer, kept: UnfinishedRoom, game: RoomGame, save: SaveTable, key: str) -> RoomOfTables:
    """The kept room playing again where it was (``ValueError`` if a table's game does not replay)."""

    def make(table: int, seats: tuple[Seat, ...], door: TableDoor) -> ClassSession:
        made: list[ClassSession] = []

        def session_of(seats: tuple[Seat, ...], stand_ins: list[Any], thinker: Thinker) -> TableSession:
            made.append(ClassSession(seats, door, rules=game.rules, level=game.level, seed=kept.games[table].seed,
                                     options=game.options, time_limit=game.time_limit, stand_ins=stand_ins,
                                     thinker=thinker, learning=game.learning))
            return made[0].table
        resume_session(kept.games[table], game.options, None, session_of)
        session, predictions = made[0], kept.games[table].predictions
        if session.predicting is not None and predictions is not None:
            session.predicting.predictions.restore(predictions, session.clock())
        return session

    tables = RoomOfTables(server, TablePlan(kept.tables, kept.watchers), game, save, make)
    tables.keep_key = key
    for table, session in enumerate(tables.sessions):
        if kept.saved[table]:
            tables.saved[table] = TableSaved(True, "")  # saved before the stop: not again
        position = kept.in_lesson[table]
        if position is not None:
            session.after_game.resume(position)
    return tables
