"""What the server does with each message a phone sends: one handler per message type.

Server's thread only (see :mod:`.bridge`).  :meth:`Handlers.handle` reads the
text with :func:`.protocol.parse_request` (a message that is not JSON, of an
unknown type, or with a field of the wrong type or range is refused there,
with its reason) and calls the handler :data:`Handlers.table` holds for the
message's type.  A handler checks who is speaking (joined? a seat?) and hands
the game's part to the app as a :data:`~.bridge.PhoneEvent` carrying the
request (a :class:`~.bridge.SeatPlayed` holds the :class:`~.protocol.Play`): the
session checks the move against the engine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from game.i18n import _

from .bridge import WATCHER, AppBridge, Guessed, PuzzleAnswered, SeatPlayed, SeatTookRow
from .connections import Connection, Connections
from .delivery import Delivery
from .guard import AddressBuckets
from .protocol import (TOO_MANY_WRONG_CODES, AnswerPuzzle, Error, Join, Play, Predict, Refused, Resume, TakeRow,
                       parse_request)
from .room import Joined, Room, RoomError, UnknownSeatError, WrongCodeError

Handler = Callable[[Connection, Any], Awaitable[None]]


class Handlers:
    """The handler of each message type a phone may send."""

    def __init__(self, room: Room, connections: Connections, delivery: Delivery, bridge: AppBridge,
                 joins: AddressBuckets) -> None:
        self.room = room
        self.connections = connections
        self.delivery = delivery
        self.bridge = bridge
        self.joins = joins
        """Each address's joins a second (:attr:`.guard.Limits.joins_per_second`)."""
        limits = connections.limits
        self.crowded = AddressBuckets(limits.crowded_joins_per_second, 1.0)
        """The joins a second of an address holding its share of the places."""
        self.slowed = 0
        """Joins answered at the slower pace of an address holding its share (for the projector)."""
        self.table: dict[type, Handler] = {
            Join: self.join, Resume: self.resume, Play: self.play, TakeRow: self.take_row, Predict: self.predict,
            AnswerPuzzle: self.answer_puzzle}

    async def handle(self, connection: Connection, text: str) -> None:
        """One text message: parsed and checked, then its type's handler."""
        try:
            request = parse_request(text)
        except Refused as refused:
            self.connections.error(connection, refused.message, refused.reason)
            return
        await self.table[type(request)](connection, request)

    def binary(self, connection: Connection) -> None:
        self.connections.error(connection, _("send text (JSON) messages"))

    def closed(self, connection: Connection) -> None:
        """The connection ended: forget it (the lobby shows the seat's phone gone)."""
        if self.connections.forget(connection):
            self.delivery.broadcast_lobby()

    async def join(self, connection: Connection, request: Join) -> None:
        """A join, answered in its turn: every join of an address, right code or wrong, waits for
        that address's bucket (:meth:`.guard.AddressBuckets.reserve`, first come first served), so
        a flood cannot outrun the teacher's eyes and the time of an answer says nothing; a few
        wrong codes close the connection."""
        if connection.joined or connection.joining:
            self.connections.error(connection, _("already joined"))
            return
        connection.joining = True
        try:
            wait = self.joins.reserve(connection.address)
            if wait > 0:
                await asyncio.sleep(wait)
            if self._holds_its_share(connection.address):
                self.slowed += 1
                await asyncio.sleep(self.crowded.reserve(connection.address))
            if connection.closing is None:
                self._join(connection, request)
        finally:
            connection.joining = False

    def _holds_its_share(self, address: str) -> bool:
        """Before the start, ``address`` holds its share of the room's places
        (:meth:`.guard.Limits.share`): its next join waits its turn at the slower pace."""
        busiest, most = self.room.shared_address()
        return (not self.room.started and busiest == address
                and most >= self.connections.limits.share(self.room.seat_count))

    def _join(self, connection: Connection, request: Join) -> None:
        try:
            joined = self.room.join(request.code, request.name, connection.address)
        except WrongCodeError as problem:
            connection.wrong_codes += 1
            self.connections.error(connection, str(problem))
            if connection.wrong_codes >= self.connections.limits.wrong_codes:
                self.connections.refuse(connection, TOO_MANY_WRONG_CODES)
            return
        except RoomError as problem:
            self.connections.error(connection, str(problem))
            return
        if joined.moved is not None and joined.seat is not None:
            self._make_watcher(joined.seat, joined.moved)
        self.room.students.take(joined.token, request.student, self.room.held_secrets())
        self._attach(connection, joined)

    def _make_watcher(self, seat: int, moved: Joined) -> None:
        """A fair share took the seat's place: its phone (if here) watches now, and is told why."""
        connection = self.connections.seat_to_watcher(seat)
        if connection is not None:
            self.delivery.greet(connection, moved)
            connection.send(Error(_("the room is full and your address holds the most places: a student from "
                                    "another address takes yours, and you watch")))

    async def resume(self, connection: Connection, request: Resume) -> None:
        """A phone back with its secret: its seat or watcher's place again."""
        if connection.joined:
            self.connections.error(connection, _("already joined"))
            return
        try:
            joined = self.room.resume(request.token)
        except RoomError as problem:
            self.connections.error(connection, str(problem),
                                   "unknown-seat" if isinstance(problem, UnknownSeatError) else "")
            return
        self.room.students.take(joined.token, request.student, self.room.held_secrets())  # (a room opened again)
        self._attach(connection, joined)
        self.delivery.send_mail_again(connection, joined, request.mail)

    def _attach(self, connection: Connection, joined: Joined) -> None:
        self.connections.attach(connection, joined)
        self.delivery.greet(connection, joined)

    async def play(self, connection: Connection, request: Play) -> None:
        seat = self._seat(connection)
        if seat is not None:
            self.bridge.put(SeatPlayed(seat, request))

    async def take_row(self, connection: Connection, request: TakeRow) -> None:
        seat = self._seat(connection)
        if seat is not None:
            self.bridge.put(SeatTookRow(seat, request))

    def _seat(self, connection: Connection) -> int | None:
        """The connection's seat; ``None`` (and the phone told so) for a watcher."""
        if connection.seat is None:
            self.connections.error(connection, _("spectators watch: you have no seat"))
        return connection.seat

    async def predict(self, connection: Connection, request: Predict) -> None:
        """A guess of where a card goes, from a seat or a watcher, naming the placement it answers
        (the app says if it counts: a guess for a placement no longer asked does not)."""
        if not connection.joined:
            self.connections.error(connection, _("join first"))
            return
        seat = connection.seat
        self.bridge.put(Guessed(WATCHER if seat is None else seat, connection.name,
                                connection.token if seat is None else "", request))

    async def answer_puzzle(self, connection: Connection, request: AnswerPuzzle) -> None:
        """An answer to the warm-up's puzzle, from a seat or a watcher (the app says if it counts)."""
        if not connection.joined:
            self.connections.error(connection, _("join first"))
            return
        seat = connection.seat
        self.bridge.put(PuzzleAnswered(WATCHER if seat is None else seat, connection.name, connection.token, request))
