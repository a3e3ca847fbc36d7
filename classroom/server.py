"""The class game's web server: the phone page over HTTP, the game over WebSockets.

:class:`ClassServer` is what the app holds; it is made of one part per job:

* :mod:`.transport` - aiohttp on its own thread and event loop: the page's
  files, ``strings.json``, ``rules.json``, each WebSocket's read and write loops;
* :mod:`.connections` - who is connected, the seats' connections, the
  watchers, the make-room rules and each connection's token bucket
  (:mod:`.guard` holds what all connections may hold together);
* :mod:`.handlers` - one handler per message type a phone sends, each message
  read and checked by :mod:`.protocol` first;
* :mod:`.delivery` - who is sent what: each seat its own state, the watchers
  the public one, the lobby, one phone's verdict or review;
* :mod:`.bridge` - where the app's thread and the server's meet: the
  inbox of :data:`~.bridge.PhoneEvent` values the app drains every frame, and the app's calls run on
  the server's loop (:meth:`publish`, :meth:`send_to`, :meth:`release` ...).

The server decides nothing about the game: it checks who is speaking (the
seat's secret) and the shape of a message; the engine checks the move.
Hostile input is refused or its connection closed, never more.
"""

from __future__ import annotations

import queue
import socket
from collections.abc import Mapping
from pathlib import Path

from game.resources import resource
from game.rules import SNAP, Rules

from .bridge import WATCHER, AppBridge, PhoneEvent
from .connections import Connections
from .delivery import Delivery, state_texts
from .guard import AddressBuckets, ConnectionGuard, Limits, TerminalLines, open_file_limit
from .handlers import Handlers
from .protocol import Message, State, encode
from .room import DEFAULT_PORT, Room
from .transport import Transport, load_client_files

__all__ = ["ClassServer", "Limits", "DEFAULT_PORT", "WATCHER", "WEB_DIR", "lan_addresses"]

WEB_DIR = resource("web")
"""The phone page: plain HTML, CSS and JavaScript files, served as they are."""
DEFAULT_LIMITS = Limits()


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other phones can reach (loopback only if there is none).

    The address of the default route is found by "connecting" a UDP socket,
    which sends nothing: no internet is needed."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for address in socket.gethostbyname_ex(socket.gethostname())[2]:
            if address not in found:
                found.append(address)
    except OSError:
        pass
    usable = [a for a in found if not a.startswith("127.") and a != "0.0.0.0"]
    return usable or ["127.0.0.1"]


class ClassServer:
    """The web server of one class game; listens from :meth:`start` to :meth:`stop`.

    Every method but :meth:`start` and :meth:`stop` may be called from the app's thread at any
    time: it runs on the server's thread, in call order."""

    def __init__(self, room: Room, *, rules: Rules = SNAP, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 limits: Limits = DEFAULT_LIMITS, web_dir: Path = WEB_DIR) -> None:
        self.room = room
        self.rules = rules
        self.limits = limits.fitted(open_file_limit())
        self.terminal = TerminalLines(self.limits.log_lines_per_second)
        """The server's lines on the teacher's terminal (a few a second at most)."""
        self.bridge = AppBridge()
        self.connections = Connections(room, self.limits, self.bridge, self.terminal.line)
        self.delivery = Delivery(room, rules, self.connections)
        self.joins = AddressBuckets(self.limits.joins_per_second, self.limits.joins_per_second)
        self.handlers = Handlers(room, self.connections, self.delivery, self.bridge, self.joins)
        self.transport = Transport(host, port, load_client_files(web_dir), self.connections, self.handlers,
                                   self.bridge, self.terminal, self._sweep, lambda: room.students.tag)

    # ------------------------------------------------------ app's thread
    def start(self) -> None:
        """Listen; returns once the port is bound (``OSError`` if it cannot be)."""
        self.transport.start()

    def stop(self, timeout: float = 5.0, *, coming_back: bool = False) -> None:
        """Send what is pending, close every connection, stop listening (idempotent).
        ``coming_back``: the game was kept and will go on (``class --resume``): the phones are told
        so (close code 1012) and keep trying to reconnect."""
        self.transport.stop(timeout, coming_back)

    @property
    def inbox(self) -> queue.Queue[PhoneEvent]:
        """What phones did (:data:`~.bridge.PhoneEvent`), for the app."""
        return self.bridge.inbox

    @property
    def port(self) -> int:
        """The port listened on (the bound one once started)."""
        return self.transport.port

    @property
    def running(self) -> bool:
        """Whether the server listens now."""
        return self.transport.running

    @property
    def host(self) -> str:
        return self.transport.host

    @property
    def files(self) -> dict[str, tuple[bytes, str]]:
        return self.transport.files

    @property
    def guard(self) -> ConnectionGuard:
        return self.transport.guard

    @property
    def refused(self) -> int:
        """Connections and messages refused so far (for tests and the bench)."""
        return self.connections.refused

    @property
    def watching(self) -> dict[str, str]:
        """The watchers connected now: key -> name (replaced, never changed in place)."""
        return self.connections.watching

    @property
    def slowed_joins(self) -> int:
        """Joins answered at the slower pace of an address holding its share of the places."""
        return self.handlers.slowed

    @property
    def connection_count(self) -> int:
        """WebSockets open now (not being closed)."""
        return len(self.connections.live())

    @property
    def watcher_count(self) -> int:
        """Watchers connected now."""
        return len(self.connections.watchers)

    @property
    def seats_watching(self) -> frozenset[int]:
        """A room of many tables: the students no table had a seat for (they watch table 1)."""
        return self.delivery.seats_watching

    @seats_watching.setter
    def seats_watching(self, seats: frozenset[int]) -> None:
        self.delivery.seats_watching = seats

    def seat_at_tables(self, places: Mapping[int, tuple[int, int]], watching: frozenset[int]) -> None:
        """A room of many tables starts: each seated student's (table, seat at that table), so a
        ``welcome`` names the seat ``state`` names; ``watching``: the students at no table."""
        self.bridge.call(self._seat_at_tables, dict(places), watching)

    def _seat_at_tables(self, places: dict[int, tuple[int, int]], watching: frozenset[int]) -> None:
        self.delivery.places, self.delivery.seats_watching = places, watching

    def publish(self, seats: Mapping[int, State], public: State) -> None:
        """Each seat's observation to its phone, ``public`` to spectators (sent if changed)."""
        self.bridge.call(self.delivery.publish, state_texts(seats), encode(public))

    def publish_some(self, seats: Mapping[int, State], public: State | None) -> None:
        """One table's seats of a room of many tables: each seat's observation to its phone, and
        ``public`` (if given) to the watchers; the other seats keep what they have."""
        self.bridge.call(self.delivery.publish_some, state_texts(seats),
                         encode(public) if public is not None else None)

    def show_puzzle(self, seats: Mapping[int, State] | None, public: State | None) -> None:
        """The warm-up's puzzle: each seat's state to its phone, ``public`` to the watchers (and to
        a phone that joins meanwhile); ``None``: the warm-up is over, every phone gets the lobby."""
        if seats is None or public is None:
            self.bridge.call(self.delivery.warm_up, None, "")
        else:
            self.bridge.call(self.delivery.warm_up, state_texts(seats), encode(public))

    def release(self, seat: int, reason: str) -> None:
        """Close the seat's phone connection (its seat was freed or given to an AI)."""
        self.bridge.call(self._release, seat, reason)

    def _release(self, seat: int, reason: str) -> None:
        self.connections.release(seat, reason)
        self.delivery.broadcast_lobby()

    def tell(self, seat: int, message: str) -> None:
        """An error line for the seat's phone, e.g. why its card was refused."""
        self.bridge.call(self.delivery.tell, seat, message)

    def send_to(self, message: Message, *, seat: int | None = None, watcher: str = "") -> None:
        """A message for one phone: a seat's, or a watcher's (by its key in :attr:`watching`)."""
        self.bridge.call(self.delivery.send_to, message, seat, watcher)

    def lobby_changed(self) -> None:
        """Send every phone the lobby again (e.g. the teacher freed a seat); before the start, the
        watchers take the seats there are now (the teacher chose many tables after they joined)."""
        self.bridge.call(self._lobby_changed)

    def _lobby_changed(self) -> None:
        for joined in self.room.seat_watchers():
            connection = self.connections.watcher(joined.token)
            if connection is not None:
                self.connections.attach(connection, joined)
                self.delivery.greet(connection, joined)
        self.delivery.broadcast_lobby()

    # ---------------------------------------------------- server's thread
    def _sweep(self) -> None:
        """Twice a second: full join buckets forgotten, and seats whose phone left before the start freed."""
        self.joins.forget_full()
        if self.room.free_absent(self.limits.seat_grace):
            self.delivery.broadcast_lobby()
