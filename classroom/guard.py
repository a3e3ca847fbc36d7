"""What all the class server's connections together may hold: its limits, kept per resource.

A WebSocket's own limits (message size, messages per second) are the
server's business (:mod:`.server`); this module keeps the limits that a
student's laptop could otherwise reach by opening many connections.

The limits protect the computer, they do not count addresses: a class behind
one address (a school's NAT, a guest network) is as welcome as a class of
phones with an address each.  Each resource has one cap sized for the
computer (its files, its memory) and an age; when a cap is reached, the
address that holds the most of that resource gives up its oldest
(:func:`oldest_of_biggest`), so a laptop flooding from its own address only
ever pushes out its own connections, and a newcomer always gets in.

* :class:`Limits` - every number, fitted to the process's file limit;
* :class:`ConnectionGuard` - every TCP connection the web server accepts:
  a request's head must arrive within :attr:`Limits.header_timeout`, an idle
  keep-alive connection is closed after :attr:`Limits.idle_timeout`, and when
  :attr:`Limits.max_http` are open a new one closes the oldest idle one (else
  the oldest whose request has not arrived) of the address holding the most
  (a real phone's page always loads);
* :class:`AddressBuckets` - a token bucket per address (joins, right code or wrong);
* :class:`TerminalLines` - at most a few lines a second on the teacher's
  terminal, whatever arrives.

Pure Python (asyncio and the standard library): the server hands it aiohttp's
request handlers as opaque protocol objects.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, TextIO, TypeVar

try:
    import resource
except ImportError:  # Windows: no file limit to read
    resource = None  # type: ignore[assignment]


TABLE_SHARE = 4
"""The fewest places an address fills at the full pace (a table's worth)."""


@dataclass(frozen=True)
class Limits:
    """Every limit of the class server (``docs/class-protocol.md`` lists them)."""

    max_message: int = 4096
    """Bytes of one message from a phone; a longer one closes its connection (1009)."""
    rate: float = 10.0
    """Messages (text or binary) per second a connection may send on average..."""
    burst: int = 30
    """... and at most this many at once; more closes it (1008)."""
    heartbeat: float = 15.0
    """Seconds between pings; a phone that does not answer one is disconnected."""
    max_http: int = 512
    """TCP connections open at once (page loads and WebSockets); a new one closes the oldest idle
    one, else the oldest whose request has not arrived, of the address holding the most."""
    header_timeout: float = 10.0
    """Seconds a new connection has to send its request's head."""
    idle_timeout: float = 15.0
    """Seconds a connection may stay idle between requests."""
    max_connections: int = 300
    """WebSockets open at once: seats, watchers and those that have not joined yet; a new one
    closes the oldest that has not joined, else the longest-watching watcher, of the address
    holding the most (seats are never closed to make room)."""
    join_timeout: float = 15.0
    """Seconds a WebSocket may stay without joining."""
    max_watchers: int = 200
    """Watchers (joined without a seat) at once; a new one lets the longest-watching of the address
    holding the most watchers go."""
    wrong_codes: int = 3
    """Wrong room codes a connection may send; the next closes it (1008)."""
    joins_per_second: float = 20.0
    """Join answers per second for one address, right code or wrong (and as many at once): the
    others wait their turn, first come first served."""
    address_share: float = 0.5
    """Before the start, the share of the room's places (at least a table's) one address fills at
    the pace of :attr:`joins_per_second`; beyond it, that address's joins are answered at
    :attr:`crowded_joins_per_second`, so phones of other addresses joining meanwhile find places
    (a laptop cannot fill the room in two seconds) and the projector says so."""
    crowded_joins_per_second: float = 2.0
    """Join answers per second for an address that holds its share of the places."""
    seat_grace: float = 10.0
    """Before the start, seconds a seat waits for its phone to come back before it is freed."""
    away_grace: float = 20.0
    """During a game, seconds a seat waits for its phone to come back before an AI plays for it
    (until the phone is back)."""
    backlog: int = 1024
    """Connections the system may hold before the server accepts them - a burst of phones
    reconnecting at once waits its turn instead of being dropped (the system caps it at its own
    maximum) - and so the most the server accepts at once, before the guard counts them."""
    log_lines_per_second: float = 3.0
    """Lines the server may print on the terminal a second; the rest are counted, not printed."""

    def share(self, places: int) -> int:
        """Places one address fills at the full pace in a room of ``places`` (see :attr:`address_share`)."""
        return max(TABLE_SHARE, int(places * self.address_share))

    def fitted(self, open_files: int | None) -> Limits:
        """These limits within a process that may open ``open_files`` files (``None``: no limit
        known): room is left for the app's own files (:data:`OWN_FILES`), and for a burst of
        connections accepted at once (the backlog) beside those the guard counts."""
        if open_files is None:
            return self
        http = max(32, min(self.max_http, (open_files - OWN_FILES) * 2 // 3))
        return replace(self, max_http=http, max_connections=max(16, min(self.max_connections, http - 32)),
                       backlog=max(16, min(self.backlog, open_files - http - OWN_FILES)))


OWN_FILES = 96
"""Files the app keeps for itself beside the server's connections: its typeface at each size, the
history, a bot's pipes."""


def open_file_limit() -> int | None:
    """How many files this process may open, first raised to its hard limit (at most 4096), as a
    server does; ``None`` where the platform has no such limit."""
    if resource is None:
        return None
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    except (OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else int(soft)


# ------------------------------------------------------------ fair shares
Item = TypeVar("Item")


def oldest_of_biggest(items: Iterable[Item], address_of: Callable[[Item], str], newcomer: str | None = None
                      ) -> Item | None:
    """The oldest of ``items`` (given oldest first) of the address that holds the most of them -
    the one to make room when a cap is reached.  ``newcomer``: the address of the one room is
    made for, counted with its address (a flood only pushes out its own).  Of addresses holding
    as many, the one whose oldest is oldest; ``None`` when there are no items."""
    counts: dict[str, int] = {}
    first: dict[str, Item] = {}
    for item in items:
        address = address_of(item)
        counts[address] = counts.get(address, 0) + 1
        first.setdefault(address, item)
    if newcomer is not None and newcomer in counts:
        counts[newcomer] += 1
    if not counts:
        return None
    most = max(counts.values())
    return next(item for address, item in first.items() if counts[address] == most)


# ------------------------------------------------------------ connections
@dataclass(eq=False)
class _Tracked:
    protocol: Any
    opened: float
    address: str = ""
    busy: int = 0
    """Requests being handled now (a WebSocket is one until it closes)."""
    served: float | None = None
    """When its last request ended; ``None`` while none has."""
    transport: asyncio.BaseTransport | None = None
    """Its connection's transport, once the event loop has made the connection."""

    @property
    def pending(self) -> bool:
        """Connected, and no request has arrived yet (a page load's head is on its way, or never
        comes).  A protocol whose connection is not made yet is not pending: closing it then
        would leave its connection open and deaf (aiohttp ignores what a closed handler reads)."""
        return self.transport is not None and self.busy == 0 and self.served is None

    @property
    def idle(self) -> bool:
        return self.transport is not None and self.busy == 0 and self.served is not None


REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
           b"Content-Length: 20\r\nConnection: close\r\n\r\ntoo many connections")
"""What a connection over every limit is told before it is closed (``docs/class-protocol.md``)."""


class _Refused(asyncio.Protocol):
    """A connection over every limit: answered 503 as soon as it is made, then closed."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if isinstance(transport, asyncio.WriteTransport):
            transport.write(REFUSAL)
        transport.close()


class _Watched(asyncio.Protocol):
    """The web server's protocol of one connection, as the guard sees it: the guard learns when
    the connection is made and when it is lost (every call is passed on)."""

    def __init__(self, guard: ConnectionGuard, inner: asyncio.Protocol) -> None:
        self.guard, self.inner = guard, inner

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.guard.made(self.inner, transport)
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.lost(self.inner)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class ConnectionGuard:
    """Every TCP connection of one web server, and its limits.

    :meth:`protocol_factory` wraps the server's own protocol factory (each protocol is watched:
    :meth:`made` and :meth:`lost` follow its connection), :meth:`started` and :meth:`ended`
    bracket each request (the server's middleware calls them), and :meth:`sweep` (every
    :data:`SWEEP_SECONDS`) closes what overstayed.  Only connections that are made are ever
    closed, and always through their transport: the peer sees the close."""

    SWEEP_SECONDS = 0.5

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.closed = 0
        """Connections closed by a limit so far (for tests and the bench)."""
        self.refused = 0
        """Connections refused (503) because every one open was busy (for tests and the teacher)."""
        self._tracked: dict[Any, _Tracked] = {}

    @property
    def open_count(self) -> int:
        return len(self._tracked)

    def protocol_factory(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        def factory() -> asyncio.Protocol:
            if len(self._tracked) >= self.limits.max_http and not self._make_room():
                self.refused += 1
                return _Refused()
            protocol = make()
            self._tracked[protocol] = _Tracked(protocol, self.clock())
            return _Watched(self, protocol)
        return factory

    def made(self, protocol: Any, transport: asyncio.BaseTransport) -> None:
        """The event loop made ``protocol``'s connection."""
        tracked = self._tracked.get(protocol)
        if tracked is not None:
            tracked.transport = transport
            peer = transport.get_extra_info("peername")
            tracked.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""

    def lost(self, protocol: Any) -> None:
        """``protocol``'s connection is closed (by either side): it holds nothing any more."""
        self._tracked.pop(protocol, None)

    def started(self, protocol: Any) -> None:
        tracked = self._tracked.get(protocol)
        if tracked is not None:
            tracked.busy += 1

    def ended(self, protocol: Any) -> None:
        tracked = self._tracked.get(protocol)
        if tracked is not None:
            tracked.busy = max(0, tracked.busy - 1)
            tracked.served = self.clock()

    def sweep(self) -> None:
        """Close connections that overstayed: a request's head too late, an idle keep-alive."""
        now = self.clock()
        for tracked in list(self._tracked.values()):
            if tracked.pending and now - tracked.opened > self.limits.header_timeout:
                self._close(tracked)
            elif tracked.idle and tracked.served is not None and now - tracked.served > self.limits.idle_timeout:
                self._close(tracked)

    def close_all(self) -> None:
        for tracked in list(self._tracked.values()):
            self._close(tracked)

    def _make_room(self) -> bool:
        """Close the oldest idle connection (its phone has its page: it opens another when it needs
        one), else the oldest pending one, of the address holding the most of them; whether one was.
        Idle ones go first: under load, a pending connection is most often a phone's handshake the
        busy server has not read yet."""
        tracked = list(self._tracked.values())  # in the order they were opened
        for wanted in ([t for t in tracked if t.idle], [t for t in tracked if t.pending]):
            victim = oldest_of_biggest(wanted, lambda t: t.address)
            if victim is not None:
                self._close(victim)
                return True
        return False

    def _close(self, tracked: _Tracked) -> None:
        """Close a made connection through its transport (one lost meanwhile has nothing to close)."""
        self._tracked.pop(tracked.protocol, None)
        transport = tracked.transport
        if transport is not None and not transport.is_closing():
            self.closed += 1
            transport.close()


# ------------------------------------------------------------ guesses
class AddressBuckets:
    """A token bucket per address: :meth:`wait` says how long to wait before the next answer."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}
        """address -> (tokens, when they were counted)."""

    def _tokens(self, address: str) -> float:
        tokens, counted = self._buckets.get(address, (self.burst, self.clock()))
        return min(self.burst, tokens + (self.clock() - counted) * self.rate)

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may be answered (0: now)."""
        tokens = self._tokens(address)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def take(self, address: str) -> None:
        """One answer was given to ``address``."""
        self._buckets[address] = (self._tokens(address) - 1.0, self.clock())

    def reserve(self, address: str) -> float:
        """Take ``address``'s next token now, and say how many seconds to wait before using it:
        answers that wait are served first come first served, at the bucket's rate (each
        waits behind those that came before, never beside them)."""
        wait = self.wait(address)
        self.take(address)
        return wait

    def forget_full(self) -> None:
        """Drop the buckets that have filled up again (they hold nothing worth keeping)."""
        for address in [a for a in self._buckets if self._tokens(a) >= self.burst]:
            del self._buckets[address]

    def __len__(self) -> int:
        return len(self._buckets)


# ------------------------------------------------------------ the terminal
class TerminalLines(logging.Handler):
    """One line per message, at most ``per_second`` lines a second (a burst of as many); the
    rest are counted and said in one line when lines may be printed again.  Also a logging
    handler: a record (a traceback's exception included) is one line."""

    def __init__(self, per_second: float, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.stream = stream
        self.buckets = AddressBuckets(per_second, max(1.0, per_second), clock)
        self.dropped = 0
        self.printed = 0

    def line(self, text: str) -> None:
        if self.buckets.wait("") > 0:
            self.dropped += 1
            return
        self.buckets.take("")
        if self.dropped:
            text = f"{text} (+{self.dropped} similar lines not shown)"
            self.dropped = 0
        self.printed += 1
        stream = self.stream or sys.stderr
        try:
            stream.write(" ".join(text.split())[:300] + "\n")
            stream.flush()
        except (OSError, ValueError):
            pass

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            problem = record.exc_info[1]
            text = f"{text}: {type(problem).__name__}: {problem}"
        self.line(f"class server: {text}")

    def logger(self, name: str) -> logging.Logger:
        """A logger of its own (not in logging's registry) that prints through these lines."""
        logger = logging.Logger(name, logging.WARNING)
        logger.addHandler(self)
        logger.propagate = False
        return logger
