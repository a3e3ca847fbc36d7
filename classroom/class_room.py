"""A class room's tables: every student plays at once, each table at its own pace.

Pure Python (no pygame).  One server and one room (one code); when the
teacher starts, the students are split into tables (:mod:`classroom.tables`)
and each table is an ordinary :class:`~.class_session.ClassSession`.  Every
class game is played so: a room of one table (:attr:`RoomOfTables.one_table`,
its plan :func:`~classroom.tables.one_table_plan`) is the class game at one
table, projected full size.  A table's session talks
to its :class:`~.table_door.TableDoor`: the door turns its seats into the
room's seats, so a phone only ever hears from, and acts at, its own table.  :class:`RoomOfTables` routes
what the phones send to their tables, has every table paced on at the
room's step delay (:meth:`~.class_session.ClassSession.pace`; the one the
projector shows full-size is stepped by its view), saves each table's game
when it ends, and, once every table is done, sends each student their rank
in the class.
"""

from __future__ import annotations

import queue
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from classroom.bridge import WATCHER, PuzzleAnswered, SeatPlayed, SeatTookRow
from classroom.protocol import ClassRank
from classroom.report import LessonReport
from classroom.server import ClassServer
from classroom.table_door import TableDoor
from classroom.tables import (Standing, TablePlan, TableResult, class_standings, seat_comparison,
                                   SeatComparison, table_seeds)
from game.engine import new_seed
from game.i18n import _
from game.players.options import DEFAULT_OPTIONS, AgentOptions
from game.rules import Rules

from .class_learning import NO_LEARNING, Learning
from .class_session import ClassSession, class_seats
from live.saving import RecordSaver
from live.session import Stage
from live.seats import PHONE, Seat

class TableSaved(NamedTuple):
    """A finished table's game, saved or not."""

    ok: bool
    line: str
    """What the results say of it: where it was saved, or why it was not."""


SaveTable = Callable[[ClassSession, "str | None", "int | None", "str | None"], TableSaved]
"""Saves a finished table's game (its session; the room's code and the table's number from 1, both
``None`` at a room of one table, whose game is saved as the class game it is; and the key the room
was kept under if this game finishes it)."""
def saved_by(saver: RecordSaver) -> SaveTable:
    """Each finished table's game saved by ``saver`` with its place in the lesson (a room no app
    keeps: a bench's)."""
    def save(session: ClassSession, room: str | None, table: int | None, finishing: str | None) -> TableSaved:
        written = saver.written
        line = saver.save(session.table, room=room, table=table, finishing=finishing, along=session.saved_with)
        session.table.record_number = saver.last_number
        return TableSaved(saver.written > written, line)
    return save


MakeSession = Callable[[int, tuple[Seat, ...], "TableDoor"], ClassSession]
"""Builds table ``t``'s session from its seats and door (a resumed room replays each table's game)."""


@dataclass(frozen=True)
class RoomGame:
    """How a room's tables play a deal."""

    rules: Rules
    level: str = "random"
    seed: int | None = None
    duplicate: bool = True
    """Every table plays the same deal (hands by seat, starting rows)."""
    options: AgentOptions = DEFAULT_OPTIONS
    time_limit: float | None = None
    step_delay: float = 1.0
    """Seconds each placement stays on the phones before the next."""
    learning: Learning = NO_LEARNING
    """Predictions (each student at their own table), reviews, the lesson report every table adds to."""


class RoomOfTables:
    """One deal played at every table of a room at once."""

    def __init__(self, server: ClassServer, plan: TablePlan, game: RoomGame, save: SaveTable,
                 make: MakeSession | None = None) -> None:
        """``make``: how each table's session is built (by default, a new game at each table)."""
        self.server = server
        self.room = server.room
        self.plan = plan
        self.game = game
        self.seed = new_seed() if game.seed is None else game.seed
        self._save = save
        count = len(plan.tables)
        server.seat_at_tables({room_seat: (table, seat) for table, seats in enumerate(plan.tables)
                               for seat, room_seat in enumerate(seats) if room_seat is not None},
                              frozenset(plan.watchers))
        self.one_table = count == 1 and not self.room.many_tables
        """A room of one table (the class game at one table, not set up as a room of tables): the
        projector shows the table full size, its results are the class's, its phones see no table
        number and no rank in the class."""
        self.doors = [TableDoor(server, table, count, seats, whole_room=self.one_table)
                      for table, seats in enumerate(plan.tables)]
        seeds = table_seeds(self.seed, count, game.duplicate)
        if make is None:
            def make(table: int, seats: tuple[Seat, ...], door: TableDoor) -> ClassSession:
                return ClassSession(seats, door, rules=game.rules, level=game.level, seed=seeds[table], options=game.options, time_limit=game.time_limit,
                                    learning=game.learning)
        self.sessions = [make(table, class_seats(self.room, game.rules, game.level, seats), door)
                         for table, (seats, door) in enumerate(zip(plan.tables, self.doors))]
        self.keep_key = secrets.token_hex(8)
        """The room's key among the history's unfinished games (:mod:`.kept_rooms`)."""
        self.opened: int | None = None
        """The table the screen on top steps on (the projector shows it full-size), this frame."""
        self.paused = False
        """The teacher paused the room: no table places a card (the phones still choose)."""
        self.saved: list[TableSaved | None] = [None] * count
        """Each finished table's game, saved or why not (``None``: not over yet)."""
        self.ranks_sent = False
        self.closed = False

    # ------------------------------------------------------------ queries
    @property
    def done(self) -> bool:
        """Every table's game is over."""
        return all(session.table.stage is Stage.OVER for session in self.sessions)

    def results(self) -> tuple[TableResult, ...]:
        """Each table's players and points as the projector shows them now."""
        found = []
        for session in self.sessions:
            table = session.table
            scores = table.states[-1].scores if table.states else tuple(table.game.scores)
            predictions = session.predictions
            predicted = tuple(predictions.right_of(f"seat:{seat}") for seat in range(len(table.seats))) \
                if predictions is not None else ()
            found.append(TableResult(tuple(seat.name for seat in table.seats),
                                     tuple(seat.kind == PHONE for seat in table.seats), tuple(scores),
                                     table.stage is Stage.OVER, predicted))
        return tuple(found)

    def report(self) -> LessonReport | None:
        """The lesson report this deal adds to (``None``: none, e.g. ``--no-report``)."""
        lesson = self.game.learning.lesson
        return lesson.report if lesson is not None else None

    def standings(self) -> tuple[Standing, ...]:
        return class_standings(self.results(), self.game.duplicate)

    def comparison(self) -> tuple[SeatComparison, ...]:
        """Duplicate deals: who took fewest points with each seat's cards (empty otherwise)."""
        return seat_comparison(self.results()) if self.game.duplicate and len(self.sessions) > 1 else ()

    # ------------------------------------------------------------ the loop
    def pump(self, dt: float, shown: object | None = None) -> None:
        """One frame: the phones' messages to their tables, each table's session pumped and (unless
        it is ``shown``: the screen on top steps it) paced on, finished tables saved, the ranks
        sent at the end."""
        if self.closed:
            return
        self._route()
        self.opened = next((table for table, session in enumerate(self.sessions) if session is shown), None)
        self.save_finished()  # (before the lesson counts a game: it names the saved game)
        for table, session in enumerate(self.sessions):
            if session.table.closed:
                continue
            if table != self.opened and not self.one_table:  # (a room of one keeps its screen's pace)
                session.teacher_steps, session.pacing.step_delay = self.paused, self.game.step_delay
            session.pump()
            if table != self.opened:
                session.pace(dt)
        if not self.ranks_sent and self.done and not self.one_table:
            self._send_ranks()

    def save_finished(self) -> list[TableSaved | None]:
        """Every table whose game is over is saved (once); each table's saved game so far."""
        for table, session in enumerate(self.sessions):
            if session.table.stage is Stage.OVER and self.saved[table] is None and not session.table.closed:
                self._save_table(table, session)
        return self.saved

    def _save_table(self, table: int, session: ClassSession) -> None:
        """A table's game is over: saved (with the room's kept state if it was the last)."""
        last = all(saved is not None for other, saved in enumerate(self.saved) if other != table)
        room, number = (None, None) if self.one_table else (self.room.code, table + 1)
        self.saved[table] = self._save(session, room, number, self.keep_key if last else None)
        session.publish(force=True)

    def _route(self) -> None:
        """What the phones sent, to their tables (a room of one table's door reads the room's inbox)."""
        if self.one_table:
            return
        while True:
            try:
                event = self.server.inbox.get_nowait()
            except queue.Empty:
                return
            if event.seat == WATCHER:  # a watcher's guess or answer: watchers see table 1
                self.doors[0].inbox.put(event)
                continue
            place = self.plan.place_of(event.seat)
            if place is None:
                if isinstance(event, (SeatPlayed, SeatTookRow, PuzzleAnswered)):
                    self.server.tell(event.seat, _("nothing is asked of you now"))
                continue
            table, seat = place
            self.doors[table].inbox.put(replace(event, seat=seat))

    def _send_ranks(self) -> None:
        """Every table is done: each student's phone shows their rank in the class."""
        self.ranks_sent = True
        standings = self.standings()
        for standing in standings:
            self.doors[standing.table].ranks[standing.seat] = ClassRank(
                standing.rank, len(standings), standing.points, standing.seat_rank)
        for session in self.sessions:
            session.publish(force=True)

    # ------------------------------------------------------------ actions
    def pause(self, paused: bool | None = None) -> None:
        """Pause (or go on with) every table the projector does not have open."""
        self.paused = not self.paused if paused is None else paused

    def next_deal(self, seed: int | None = None) -> RoomOfTables:
        """The next deal at the same tables, in the same room (the phones keep their seats)."""
        self.close(stop_server=False)

        return RoomOfTables(self.server, self.plan, replace(self.game, seed=seed), self._save)

    def replay_deal(self) -> RoomOfTables:
        """This deal again at the same tables (every table's cards as they were)."""
        return self.next_deal(self.seed)

    def close(self, stop_server: bool = True) -> None:
        """The tables' games end (their phones get the last table); ``stop_server``: the room too."""
        if self.closed:
            return
        self.closed = True
        for session in self.sessions:
            session.close()
        if stop_server:
            self.server.stop()
