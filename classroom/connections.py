"""The class server's connections: who is connected, who holds a seat, who watches, and the limits.

Server's thread only (see :mod:`.bridge`).  A :class:`Connection` is one
phone's WebSocket: its outbox (a newer state replaces one not sent yet, so a
slow phone only ever catches up with the newest), its token bucket (messages
a second), and what it joined as.  :class:`Connections` keeps every open one,
oldest first, the seats' connections and the watchers, and applies the
make-room rules of ``docs/class-protocol.md``: when a cap is reached, the
oldest of a kind of the address holding the most of that kind makes room for
a newer one (:func:`.guard.oldest_of_biggest`: a class behind one address is
not pushed out by its own numbers, a flood from one address only by its
own), and a seat is never closed to make room.  What all
connections together hold per resource (page loads, sockets of one address,
room-code guesses) is :mod:`.guard`'s.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web

from game.i18n import _

from .bridge import AppBridge, SeatJoined, SeatLeft
from .guard import Limits, oldest_of_biggest
from .protocol import (GAME_ENDED, GAME_WILL_GO_ON, JOIN_FIRST, RELEASED_CODE, SEAT_ELSEWHERE, TOO_MANY_WATCHERS, Close, Error, Message,
                       Released, encode)
from .room import Joined, Room


@dataclass(eq=False)
class Connection:
    """One phone's WebSocket."""

    ws: web.WebSocketResponse
    address: str = ""
    """The phone's IP address."""
    seat: int | None = None
    joined: bool = False
    joining: bool = False
    """A join is being answered (it waits its turn): the student has tapped Join."""
    token: str = ""
    name: str = ""
    wrong_codes: int = 0
    tokens: float = 0.0
    """Its token bucket: messages it may still send at once."""
    refilled: float = field(default_factory=time.monotonic)
    outbox: deque[tuple[bool, str]] = field(default_factory=deque)
    """Messages waiting to be sent: (is a state, text); a newer state replaces an unsent one."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    last_state: str | None = None
    closing: tuple[int, str] | None = None

    def send(self, message: Message | str, state: bool = False) -> None:
        """Queue ``message`` (a state's text is encoded once for every phone that gets it); a state
        the phone already has is not sent again."""
        text = message if isinstance(message, str) else encode(message)
        if state:
            if text == self.last_state:
                return
            self.last_state = text
            if self.outbox and self.outbox[-1][0]:
                self.outbox.pop()  # only the newest state matters to a slow phone
        self.outbox.append((state, text))
        self.wake.set()

    def close(self, code: int, reason: str) -> None:
        """Close once what is queued is sent."""
        if self.closing is None:
            self.closing = (code, reason)
            self.wake.set()

    def take_token(self, limits: Limits) -> bool:
        """One message's token from the bucket (refilled at ``limits.rate`` a second up to
        ``limits.burst``); ``False``: the phone sends too fast."""
        now = time.monotonic()
        self.tokens = min(float(limits.burst), self.tokens + (now - self.refilled) * limits.rate)
        self.refilled = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Connections:
    """Every open WebSocket of the room, the seats' and the watchers', within the limits."""

    def __init__(self, room: Room, limits: Limits, bridge: AppBridge,
                 report: Callable[[str], None] = lambda line: None) -> None:
        """``report``: a line for the teacher's terminal (each connection the server closes)."""
        self.room = room
        self.report = report
        self.limits = limits
        self.bridge = bridge
        self.open: OrderedDict[Connection, float] = OrderedDict()
        """Open WebSockets, oldest first, with the time each was opened."""
        self.watchers: OrderedDict[Connection, None] = OrderedDict()
        """Joined WebSockets without a seat, longest-watching first."""
        self.by_seat: dict[int, Connection] = {}
        self.watching: dict[str, str] = {}
        """The watchers connected now: key -> name (replaced, never changed in place: the app reads it)."""
        self.refused = 0
        """Connections and messages refused so far (for tests and the bench)."""
        self.refusals: Counter[str] = Counter()
        """Connections closed for breaking a limit so far, by the close's reason."""

    def live(self) -> list[Connection]:
        """Open WebSockets that are not being closed, oldest first."""
        return [connection for connection in self.open if connection.closing is None]

    def joined(self) -> list[Connection]:
        """Joined WebSockets that are not being closed (one released is told nothing more)."""
        return [connection for connection in self.open if connection.joined and connection.closing is None]

    def room_for(self, address: str) -> bool:
        """Whether a new WebSocket of ``address`` may open, once room is made for it (``False``:
        every place is a seat's)."""
        self.make_room_for(address)
        if len(self.live()) >= self.limits.max_connections:
            self.refused += 1
            return False
        return True

    def add(self, ws: web.WebSocketResponse, address: str) -> Connection:
        """A new WebSocket of ``address``, open now."""
        connection = Connection(ws, address, tokens=float(self.limits.burst))
        self.open[connection] = time.monotonic()
        return connection

    def make_room_for(self, address: str) -> None:
        """Before a new WebSocket of ``address``, if every place is held: close the oldest that has
        not joined (one that has not asked to first), else let the longest-watching watcher go - of
        the address holding the most of them.  Seats are never closed to make room."""
        live = self.live()
        if len(live) < self.limits.max_connections:
            return
        silent = [c for c in live if not c.joined and not c.joining]
        oldest = oldest_of_biggest(silent, _address, address)
        if oldest is None and self.watchers:
            watcher = oldest_of_biggest(self.watchers, _address, address)
            assert watcher is not None
            self.let_watcher_go(watcher, _("the room is full: this phone stopped watching"))
            return
        oldest = oldest or oldest_of_biggest([c for c in live if not c.joined], _address, address)
        if oldest is not None:
            self.refuse(oldest, JOIN_FIRST)

    def refuse(self, connection: Connection, close: Close) -> None:
        """Close ``connection`` for breaking a limit (counted, and said on the teacher's terminal)."""
        self.refused += 1
        self.refusals[close.reason] += 1
        self.report(f"class server: closed a connection from {connection.address or '?'}: {close.reason} "
                    f"({self.refusals[close.reason]} so far)")
        connection.close(*close)

    def error(self, connection: Connection, message: str, reason: str = "") -> None:
        """Refuse a message: ``message`` is for the student; ``reason`` (if any) for the page."""
        self.refused += 1
        connection.send(Error(message, reason))

    def attach(self, connection: Connection, joined: Joined) -> None:
        """``connection`` joined as ``joined``: a seat (another device holding it is closed) or a watcher."""
        connection.joined = True
        connection.seat, connection.token, connection.name = joined.seat, joined.token, joined.name
        if joined.seat is None:
            self._watch(connection)
            return
        if connection in self.watchers:  # a watcher given a seat before the start
            del self.watchers[connection]
            self._list_watchers()
        previous = self.by_seat.get(joined.seat)
        if previous is not None and previous is not connection:
            previous.seat = None  # its seat is this phone's now
            previous.close(*SEAT_ELSEWHERE)
        self.by_seat[joined.seat] = connection
        self.bridge.put(SeatJoined(joined.seat, joined.name))

    def _watch(self, connection: Connection) -> None:
        """A new watcher: if the room's watchers are at their cap, the longest-watching of the
        address holding the most goes (a class watching from one address is not its own victim
        while the room has places)."""
        while len(self.watchers) >= self.limits.max_watchers:
            oldest = oldest_of_biggest(self.watchers, _address, connection.address)
            assert oldest is not None
            self.let_watcher_go(oldest, _("the room is full: this phone stopped watching"))
        self.watchers[connection] = None
        self._list_watchers()

    def seat_to_watcher(self, seat: int) -> Connection | None:
        """The seat's phone (if connected) watches from now on: its student gave up the place."""
        connection = self.by_seat.pop(seat, None)
        if connection is not None:
            connection.seat = None
            self._watch(connection)
        return connection

    def _list_watchers(self) -> None:
        self.watching = {c.token: c.name for c in self.watchers}

    def let_watcher_go(self, connection: Connection, why: str) -> None:
        """Make room: the watcher is told ``why``, its place (and secret) is forgotten; its phone
        may join again."""
        self.watchers.pop(connection, None)
        self._list_watchers()
        self.room.forget_spectator(connection.token, keep=False)
        connection.send(Released(why))
        self.refuse(connection, TOO_MANY_WATCHERS)

    def watcher(self, key: str) -> Connection | None:
        return next((connection for connection in self.watchers if connection.token == key), None)

    def forget(self, connection: Connection) -> bool:
        """``connection`` closed: forget it; whether a seat was left before the start (the lobby changed)."""
        self.open.pop(connection, None)
        if connection in self.watchers:
            del self.watchers[connection]
            self._list_watchers()
            self.room.forget_spectator(connection.token, keep=True)
        seat = connection.seat
        if seat is None or self.by_seat.get(seat) is not connection:
            return False
        del self.by_seat[seat]
        self.room.disconnected(seat)
        self.bridge.put(SeatLeft(seat))
        return not self.room.started

    def release(self, seat: int, reason: str) -> None:
        """The seat was freed or given to an AI: its phone is told why and closed."""
        connection = self.by_seat.pop(seat, None)
        if connection is not None:
            connection.seat = None
            connection.send(Released(reason))
            connection.close(RELEASED_CODE, reason)

    def close_all(self, coming_back: bool) -> None:
        """The server stops: 1012 if the game will go on (``class --resume``), else 1001."""
        for connection in list(self.open):
            connection.close(*(GAME_WILL_GO_ON if coming_back else GAME_ENDED))


def _address(connection: Connection) -> str:
    return connection.address
