"""A table's side of the class room's server: what one table's game sends reaches that table's
phones only, and what they send comes in under the table's own seat numbers.

Pure Python (no pygame).  Every class game is played at the tables of a room
(:class:`~.class_room.RoomOfTables`), a room of one table too (the class game at one table, not
set up as a room of tables): its door is :meth:`TableDoor.whole_room`, whose seats are the room's
and whose phones see the table as they always did (no table number, no rank in the class).
"""

from __future__ import annotations

import queue
from collections.abc import Mapping, Sequence
from dataclasses import replace

from classroom.bridge import PhoneEvent
from classroom.guard import Limits
from classroom.observation import at_table
from classroom.protocol import ClassRank, Message, State
from classroom.room import Room, SeatInfo
from classroom.server import ClassServer


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

    def __init__(self, server: ClassServer, table: int, tables: int, seats: Sequence[int | None],
                 whole_room: bool = False) -> None:
        """Table ``table`` (from 0) of ``tables``; ``seats``: the room seat at each of its seats
        (``None``: a computer player's); ``whole_room``: see :meth:`whole_room`."""
        self.server = server
        self.table = table
        self.tables = tables
        self.whole = whole_room
        self.room = TableRoom(server.room, seats)
        self.inbox: queue.Queue[PhoneEvent] = server.inbox if whole_room else queue.Queue()
        """What the table's phones sent (a room of one table's door reads the room's own)."""
        self.ranks: dict[int, ClassRank] = {}
        """Each seat's rank in the class, added to its observations once every table is done."""

    @classmethod
    def whole_room(cls, server: ClassServer) -> TableDoor:
        """The door of a room of one table whose seats are the room's: it reads the room's inbox,
        and its phones see the table as the class's only one (no table number)."""
        return cls(server, 0, 1, range(len(server.room.seats())), whole_room=True)

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
        room's watchers (they watch table 1).  At a room of one table, the phones see it as the
        class's only table (no number)."""
        mapped = {}
        for seat, observation in seats.items():
            room_seat = self.room_seat(seat)
            if room_seat is not None:
                mapped[room_seat] = self._marked(replace(observation, class_rank=self.ranks.get(seat)))
        if self.whole:
            self.server.publish(mapped, public)
        else:
            self.server.publish_some(mapped, self._marked(public) if self.table == 0 else None)

    def _marked(self, observation: State) -> State:
        return observation if self.whole else at_table(observation, self.table, self.tables)

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
