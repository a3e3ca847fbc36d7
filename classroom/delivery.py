"""What each phone is sent: its own state, the lobby, a message for one seat or one watcher.

Server's thread only (see :mod:`.bridge`).  The app hands over each viewer's
observation already built (:mod:`.observation`); :class:`Delivery` encodes it
once and queues it on the connections that may see it: a seat's to that
seat's phone only, the public one to the watchers (and, in a room of many
tables, to the students no table had a seat for).  It keeps the last of each,
so a phone that joins or comes back gets the table as it is.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Mapping

from game.rules import Rules

from .connections import Connection, Connections
from .observation import lobby_observation
from .protocol import MAIL, MAIL_KEPT, Error, Message, Welcome, encode
from .room import Joined, Room, SeatInfo


LOBBY_PAUSE = 0.1
"""Seconds between two lobbies sent to every phone: the joins and leaves of a burst go out
together (each lobby is a message to every phone: one per join would grow with the square of
the class)."""


class Delivery:
    """The last observations handed over, and who gets each."""

    def __init__(self, room: Room, rules: Rules, connections: Connections) -> None:
        self.room = room
        self.rules = rules
        self.connections = connections
        self.seat_texts: dict[int, str] = {}
        self.public_text: str | None = None
        self.seats_watching: frozenset[int] = frozenset()
        """A room of many tables: the students no table had a seat for (they watch table 1)."""
        self.places: Mapping[int, tuple[int, int]] = {}
        """A room of many tables once started: each seated student's (table, seat at that table)."""
        self.warming_up = False
        """The class answers the warm-up's puzzles in the lobby: phones get their puzzle's state
        (:meth:`publish`), not the lobby."""
        self._lobby_due = False
        """A lobby for every phone is on its way (:data:`LOBBY_PAUSE`)."""
        self.mail: dict[tuple[int | None, str], Mailbox] = {}
        """Each phone's :data:`~.protocol.MAIL` sent so far, by (seat, watcher's key)."""

    def warm_up(self, texts: dict[int, str] | None, public_text: str) -> None:
        """The warm-up's puzzle for every phone (``None``: the warm-up is over, the lobby is back)."""
        if texts is None:
            self.warming_up, self.seat_texts, self.public_text = False, {}, None
            self.broadcast_lobby()
            return
        self.warming_up = True
        self.publish(texts, public_text)

    def publish(self, texts: dict[int, str], public_text: str) -> None:
        """Every seat's state and the public one (a seat without its own gets the public one)."""
        self.seat_texts, self.public_text = texts, public_text
        for connection in self.connections.joined():
            seat = connection.seat
            connection.send(texts.get(seat, public_text) if seat is not None else public_text, state=True)

    def publish_some(self, texts: dict[int, str], public_text: str | None) -> None:
        """One table's seats of a room of many tables, and (if given) the watchers' state."""
        self.seat_texts.update(texts)
        if public_text is not None:
            self.public_text = public_text
        for connection in self.connections.joined():
            seat = connection.seat
            if seat is not None and seat in texts:
                connection.send(texts[seat], state=True)
            elif public_text is not None and (seat is None or seat in self.seats_watching):
                connection.send(public_text, state=True)  # a watcher, or a student at no table

    def send_to(self, message: Message, seat: int | None, watcher: str) -> None:
        """One phone's message: a seat's, or a watcher's (by its key); a verdict or a review is kept
        too (:data:`~.protocol.MAIL`), for the phone to get it when it comes back."""
        connection = self.connections.by_seat.get(seat) if seat is not None else self.connections.watcher(watcher)
        text = encode(message)
        if message.kind in MAIL:
            self.mail.setdefault((seat, "" if seat is not None else watcher), Mailbox()).add(text)
        if connection is not None:
            connection.send(text)

    def send_mail_again(self, connection: Connection, joined: Joined, received: int) -> None:
        """A phone came back having received ``received`` of its kept messages: the rest, again."""
        box = self.mail.get((joined.seat, "" if joined.seat is not None else joined.token))
        for text in box.after(received) if box is not None else ():
            connection.send(text)

    def tell(self, seat: int, message: str) -> None:
        self.send_to(Error(message), seat, "")

    def broadcast_lobby(self) -> None:
        """Before the start: every joined phone gets the lobby (with its own seat), within
        :data:`LOBBY_PAUSE`; not during the warm-up (the phones answer its puzzle)."""
        if self._lobby_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on the server's loop (a test's own): at once
            self._send_lobby()
            return
        self._lobby_due = True
        loop.call_later(LOBBY_PAUSE, self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_due = False
        if self.room.started or self.warming_up:
            return
        seats = self.room.seats()
        texts: dict[int | None, str] = {}
        for connection in self.connections.joined():
            if connection.seat not in texts:
                texts[connection.seat] = self._lobby_text(seats, connection.seat)
            connection.send(texts[connection.seat], state=True)

    def _lobby_text(self, seats: tuple[SeatInfo, ...], seat: int | None) -> str:
        return encode(lobby_observation(seats, self.room.code, seat, self.rules, self.room.many_tables))

    def greet(self, connection: Connection, joined: Joined) -> None:
        """A phone joined or came back: its welcome, then the table as it is (or the lobby)."""
        connection.send(self.welcome(joined))
        if not self.room.started and not self.warming_up:
            connection.send(self._lobby_text(self.room.seats(), connection.seat), state=True)
            self.broadcast_lobby()  # (the others, soon)
            return
        seat = joined.seat
        text = self.seat_texts.get(seat) if seat is not None else self.public_text
        if seat is not None and (seat in self.seats_watching or (text is None and not self.room.many_tables)):
            text = self.public_text  # (a seat at a table of many waits for its table's own)
        if text is not None:
            connection.send(text, state=True)

    def welcome(self, joined: Joined) -> Welcome:
        """``welcome.seat`` is the seat ``state.seat`` names: in a room of many tables once started,
        the seat at the student's table (with ``table``), or ``None`` for a student at no table."""
        student = self.room.students.key_of(joined.token)
        if not self.room.many_tables:
            return Welcome(joined.seat, joined.token, joined.name, self.room.code, student=student)
        place = self.places.get(joined.seat) if joined.seat is not None else None
        if place is not None:
            return Welcome(place[1], joined.token, joined.name, self.room.code, tables=True, table=place[0] + 1,
                           student=student)
        seat = None if joined.seat in self.seats_watching else joined.seat
        return Welcome(seat, joined.token, joined.name, self.room.code, tables=True, student=student)


class Mailbox:
    """One phone's kept messages, numbered from its first (the oldest are dropped past
    :data:`~.protocol.MAIL_KEPT`)."""

    def __init__(self) -> None:
        self.texts: deque[str] = deque(maxlen=MAIL_KEPT)
        self.sent = 0
        """Messages kept so far, the dropped ones included."""

    def add(self, text: str) -> None:
        self.texts.append(text)
        self.sent += 1

    def after(self, received: int) -> list[str]:
        """The messages after the first ``received`` (as many as are still kept)."""
        missing = max(0, self.sent - received)
        return list(self.texts)[-missing:] if missing else []


def state_texts(seats: Mapping[int, Message]) -> dict[int, str]:
    """Each seat's observation encoded (app's thread: the server's only queues text)."""
    return {seat: encode(observation) for seat, observation in seats.items()}
