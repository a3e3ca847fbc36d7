"""A class room of many tables: every student plays at once, each table at its own pace.

Pure Python (no pygame).  One server and one room (one code); when the
teacher starts, the students are split into tables (:mod:`classroom.tables`)
and each table is an ordinary :class:`~.class_session.ClassSession`.  A
table's session talks to a :class:`TableDoor` as a one-table room talks to
its server: the door turns its seats into the room's seats, so a phone only
ever hears from, and acts at, its own table.  :class:`RoomOfTables` routes
what the phones send to their tables, has every table paced on at the
room's step delay (:meth:`~.class_session.ClassSession.pace`; the one the
projector shows full-size is stepped by its view), saves each table's game
when it ends, and, once every table is done, sends each student their rank
in the class.
"""

from __future__ import annotations

import queue
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from classroom.bridge import WATCHER, PhoneEvent, PuzzleAnswered, SeatPlayed, SeatTookRow
from classroom.guard import Limits
from classroom.observation import at_table
from classroom.protocol import ClassRank, Message, State
from classroom.room import Room, SeatInfo
from classroom.server import ClassServer
from classroom.tables import (Standing, TablePlan, TableResult, class_standings, seat_comparison,
                                   SeatComparison, table_seeds)
from game.engine import new_seed
from game.i18n import _
from game.players.options import DEFAULT_OPTIONS, AgentOptions
from game.rules import Rules

from .class_learning import NO_LEARNING, Learning
from .class_session import ClassSession, class_seats
from live.session import Stage
from live.seats import PHONE, Seat

SaveTable = Callable[[ClassSession, str, int, "str | None"], str]
"""Saves a finished table's game (its session, the room's code, the table's number from 1, and
the key the room was kept under if this game finishes it): ``""`` once saved, else the line
saying why it was not."""
MakeSession = Callable[[int, tuple[Seat, ...], "TableDoor"], ClassSession]
"""Builds table ``t``'s session from its seats and door (a resumed room replays each table's game)."""


class TableRoom:
    """The room as one table's session sees it: that table's seats only."""

    def __init__(self, room: Room, seats: Sequence[int | None]) -> None:
        self._room = room
        self.room_seats = tuple(seats)

    @property
    def code(self) -> str:
        return self._room.code

    @property
    def version(self) -> int:
        return self._room.version

    def seats(self) -> tuple[SeatInfo, ...]:
        infos = self._room.seats()
        return tuple(SeatInfo(index, infos[seat].name, infos[seat].connected, infos[seat].ai) if seat is not None
                     else SeatInfo(index, "", False, True) for index, seat in enumerate(self.room_seats))

    def spectator_count(self) -> int:
        return self._room.spectator_count()

    def give_to_ai(self, seat: int) -> None:
        room_seat = self.room_seats[seat]
        if room_seat is not None:
            self._room.give_to_ai(room_seat)

    def secrets_of_seats(self) -> tuple[str, ...]:
        secrets = self._room.secrets_of_seats()
        return tuple(secrets[seat] if seat is not None else "" for seat in self.room_seats)

    def student_of(self, seat: int) -> str:
        """The key in the class of the student at this table's ``seat`` (``""``: none)."""
        room_seat = self.room_seats[seat]
        return self._room.student_of(room_seat) if room_seat is not None else ""


class TableDoor:
    """One table's side of the room's server: what its session sends goes to that table's phones
    only (each under its room seat, marked with the table's number); what they send comes in
    on :attr:`inbox` under the table's own seat numbers."""

    def __init__(self, server: ClassServer, table: int, tables: int, seats: Sequence[int | None]) -> None:
        self.server = server
        self.table = table
        self.tables = tables
        self.room = TableRoom(server.room, seats)
        self.inbox: queue.Queue[PhoneEvent] = queue.Queue()
        self.ranks: dict[int, ClassRank] = {}
        """Each seat's rank in the class, added to its observations once every table is done."""

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def running(self) -> bool:
        return self.server.running

    @property
    def limits(self) -> Limits:
        return self.server.limits

    def room_seat(self, seat: int) -> int | None:
        return self.room.room_seats[seat]

    def publish(self, seats: Mapping[int, State], public: State) -> None:
        """The table's observations: each seat's to its phone; the first table's public one to the
        room's watchers (they watch table 1)."""
        mapped = {}
        for seat, observation in seats.items():
            room_seat = self.room_seat(seat)
            if room_seat is not None:
                observation = replace(observation, class_rank=self.ranks.get(seat))
                mapped[room_seat] = at_table(observation, self.table, self.tables)
        self.server.publish_some(mapped, at_table(public, self.table, self.tables) if self.table == 0 else None)

    @property
    def watching(self) -> dict[str, str]:
        """The room's watchers predict at the table they see (table 1)."""
        return self.server.watching if self.table == 0 else {}

    def send_to(self, message: Message, *, seat: int | None = None, watcher: str = "") -> None:
        if seat is None:
            self.server.send_to(message, watcher=watcher)
            return
        room_seat = self.room_seat(seat)
        if room_seat is not None:
            self.server.send_to(message, seat=room_seat)

    def tell(self, seat: int, message: str) -> None:
        room_seat = self.room_seat(seat)
        if room_seat is not None:
            self.server.tell(room_seat, message)

    def release(self, seat: int, reason: str) -> None:
        room_seat = self.room_seat(seat)
        if room_seat is not None:
            self.server.release(room_seat, reason)

    def stop(self, timeout: float = 5.0, *, coming_back: bool = False) -> None:
        """A table's game ends or is left: the room's server stays for the other tables."""


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
        self.doors = [TableDoor(server, table, count, seats) for table, seats in enumerate(plan.tables)]
        seeds = table_seeds(self.seed, count, game.duplicate)
        if make is None:
            def make(table: int, seats: tuple[Seat, ...], door: TableDoor) -> ClassSession:
                return ClassSession(seats, door, rules=game.rules, level=game.level,  # type: ignore[arg-type]
                                    seed=seeds[table], options=game.options, time_limit=game.time_limit,
                                    learning=game.learning)
        self.sessions = [make(table, class_seats(self.room, game.rules, game.level, seats), door)
                         for table, (seats, door) in enumerate(zip(plan.tables, self.doors))]
        self.keep_key = secrets.token_hex(8)
        """The room's key among the history's unfinished games (:mod:`.kept_rooms`)."""
        self.opened: int | None = None
        """The table the screen on top steps on (the projector shows it full-size), this frame."""
        self.paused = False
        """The teacher paused the room: no table places a card (the phones still choose)."""
        self.saved: list[str | None] = [None] * count
        """Each finished table's game: ``""`` saved, or why it was not (``None``: not over yet)."""
        self.ranks_sent = False
        self.closed = False

    # ------------------------------------------------------------ queries
    @property
    def done(self) -> bool:
        """Every table's game is over."""
        return all(session.stage is Stage.OVER for session in self.sessions)

    def results(self) -> tuple[TableResult, ...]:
        """Each table's players and points as the projector shows them now."""
        found = []
        for session in self.sessions:
            scores = session.states[-1].scores if session.states else tuple(session.game.scores)
            predictions = session.predictions
            predicted = tuple(predictions.right_of(f"seat:{seat}") for seat in range(len(session.seats))) \
                if predictions is not None else ()
            found.append(TableResult(tuple(seat.name for seat in session.seats),
                                     tuple(seat.kind == PHONE for seat in session.seats), tuple(scores),
                                     session.stage is Stage.OVER, predicted))
        return tuple(found)

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
        for table, session in enumerate(self.sessions):
            if session.closed:
                continue
            if session.stage is Stage.OVER and self.saved[table] is None:
                self._save_table(table, session)  # (before the lesson counts it: it names the saved game)
            if table != self.opened:
                session.teacher_steps, session.pacing.step_delay = self.paused, self.game.step_delay
            session.pump()
            if table != self.opened:
                session.pace(dt)
        if not self.ranks_sent and self.done:
            self._send_ranks()

    def _save_table(self, table: int, session: ClassSession) -> None:
        """A table's game is over: saved (with the room's kept state if it was the last)."""
        last = all(saved is not None for other, saved in enumerate(self.saved) if other != table)
        self.saved[table] = self._save(session, self.room.code, table + 1, self.keep_key if last else None)
        session.publish(force=True)

    def _route(self) -> None:
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

    def close(self, stop_server: bool = True) -> None:
        """The tables' games end (their phones get the last table); ``stop_server``: the room too."""
        if self.closed:
            return
        self.closed = True
        for session in self.sessions:
            session.close()
        if stop_server:
            self.server.stop()
