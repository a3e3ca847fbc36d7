"""What all the class server's connections together may hold: its limits, kept per resource.

A WebSocket's own limits (message size, messages per second) are the
server's business (:mod:`.server`); this module keeps the limits that a
student's laptop could otherwise reach by opening many connections:

* :class:`Limits` - every number, fitted to the process's file limit;
* :class:`ConnectionGuard` - every TCP connection the web server accepts:
  a request's head must arrive within :attr:`Limits.header_timeout`, an idle
  keep-alive connection is closed after :attr:`Limits.idle_timeout`, one
  address holds at most :attr:`Limits.pending_per_address` connections whose
  request has not arrived, and when :attr:`Limits.max_http` are open the
  oldest idle one makes room for a new one (a real phone's page always loads);
* :class:`AddressBuckets` - a token bucket per address (room-code guesses);
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
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TextIO

try:
    import resource
except ImportError:  # Windows: no file limit to read
    resource = None  # type: ignore[assignment]


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
    """TCP connections open at once (page loads and WebSockets)."""
    header_timeout: float = 10.0
    """Seconds a new connection has to send its request's head."""
    idle_timeout: float = 15.0
    """Seconds a connection may stay idle between requests."""
    pending_per_address: int = 16
    """Connections of one address whose request has not arrived yet; a newer one closes the oldest."""
    max_connections: int = 300
    """WebSockets open at once: seats, watchers and those that have not joined yet."""
    join_timeout: float = 15.0
    """Seconds a WebSocket may stay without joining."""
    unjoined_per_address: int = 8
    """WebSockets of one address that have not joined yet; a newer one closes the oldest."""
    max_watchers: int = 200
    """Watchers (joined without a seat) at once; a new one lets the longest-watching go."""
    watchers_per_address: int = 4
    """Watchers of one address; a new one lets that address's longest-watching go."""
    wrong_codes: int = 3
    """Wrong room codes a connection may send; the next closes it (1008)."""
    guesses_per_second: float = 20.0
    """Room-code answers per second for one address (and as many at once): more wait."""
    seat_grace: float = 10.0
    """Before the start, seconds a seat waits for its phone to come back before it is freed."""
    log_lines_per_second: float = 3.0
    """Lines the server may print on the terminal a second; the rest are counted, not printed."""

    def fitted(self, open_files: int | None) -> Limits:
        """These limits within a process that may open ``open_files`` files (``None``: no limit
        known): room is left for the app's own files."""
        if open_files is None:
            return self
        http = max(32, min(self.max_http, open_files - 96))
        return replace(self, max_http=http, max_connections=max(16, min(self.max_connections, http - 32)))


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
    made: bool = False

    @property
    def transport(self) -> asyncio.BaseTransport | None:
        transport: asyncio.BaseTransport | None = getattr(self.protocol, "transport", None)
        return transport

    @property
    def pending(self) -> bool:
        """No request has arrived yet (a page load's head is on its way, or never comes)."""
        return self.busy == 0 and self.served is None

    @property
    def idle(self) -> bool:
        return self.busy == 0 and self.served is not None


class _Refused(asyncio.Protocol):
    """A connection over every limit: closed as soon as it is made."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


class ConnectionGuard:
    """Every TCP connection of one web server, and its limits.

    :meth:`protocol_factory` wraps the server's own protocol factory, :meth:`started` and
    :meth:`ended` bracket each request (the server's middleware calls them), and
    :meth:`sweep` (every :data:`SWEEP_SECONDS`) closes what overstayed."""

    SWEEP_SECONDS = 0.5

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.closed = 0
        """Connections closed by a limit so far (for tests and the bench)."""
        self._tracked: dict[Any, _Tracked] = {}

    @property
    def open_count(self) -> int:
        return len(self._tracked)

    def protocol_factory(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        def factory() -> asyncio.Protocol:
            self._forget_closed()
            if len(self._tracked) >= self.limits.max_http and not self._make_room():
                self.closed += 1
                return _Refused()
            protocol = make()
            self._tracked[protocol] = _Tracked(protocol, self.clock())
            return protocol
        return factory

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
        """Close connections that overstayed a timeout, and one address's extra pending ones."""
        self._forget_closed()
        now = self.clock()
        by_address: dict[str, list[_Tracked]] = {}
        for tracked in list(self._tracked.values()):
            if tracked.pending and now - tracked.opened > self.limits.header_timeout:
                self._close(tracked)
            elif tracked.idle and tracked.served is not None and now - tracked.served > self.limits.idle_timeout:
                self._close(tracked)
            elif tracked.pending:
                by_address.setdefault(tracked.address, []).append(tracked)
        for waiting in by_address.values():
            for tracked in waiting[:max(0, len(waiting) - self.limits.pending_per_address)]:  # oldest first
                self._close(tracked)

    def close_all(self) -> None:
        for tracked in list(self._tracked.values()):
            self._close(tracked)

    def _make_room(self) -> bool:
        """Close the oldest pending connection, else the oldest idle one; whether one was."""
        for pending in (True, False):
            for tracked in self._tracked.values():  # in the order they were opened
                if tracked.pending if pending else tracked.idle:
                    self._close(tracked)
                    return True
        return False

    def _forget_closed(self) -> None:
        for key, tracked in list(self._tracked.items()):
            transport = tracked.transport
            if transport is not None and not tracked.made:
                tracked.made = True
                peer = transport.get_extra_info("peername")
                tracked.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if tracked.made and (transport is None or transport.is_closing()):
                del self._tracked[key]

    def _close(self, tracked: _Tracked) -> None:
        self._tracked.pop(tracked.protocol, None)
        self.closed += 1
        transport = tracked.transport
        if transport is not None:
            transport.close()
        else:
            force_close: Callable[[], None] | None = getattr(tracked.protocol, "force_close", None)
            if force_close is not None:
                force_close()


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
