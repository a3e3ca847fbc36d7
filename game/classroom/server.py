"""The class game's web server: the phone page over HTTP, the game over WebSockets.

aiohttp runs on its own thread with its own event loop, beside the app's
pygame loop.  The two sides meet only through thread-safe calls:

* the server puts what phones ask for (:class:`Event`: a seat joined or
  left, "play 27", "take row 2") on :attr:`ClassServer.inbox`, a
  ``queue.Queue`` the app drains every frame;
* the app hands the server each viewer's observation with
  :meth:`ClassServer.publish`, and the server sends each connection its own
  (a seat's to that seat's phone only, the public one to spectators).

The server decides nothing about the game: it checks who is speaking (the
seat's secret) and the shape of a message; the engine checks the move.
Hostile input is refused or its connection closed, never more: malformed
JSON, unknown types, messages over :attr:`Limits.max_message` bytes,
floods of text or binary frames (a token bucket per connection), sockets
that never join, half-open sockets (WebSocket heartbeats), room-code
guesses (a few per connection, slowed per address).  What all connections
together hold is limited per resource (:mod:`.guard`): page loads that
never finish, too many watchers, too many sockets of one address; the
oldest of a kind makes room, so a seat's ``resume`` and a new student's
``join`` always get in.  Only the files of the client folder are served,
looked up by exact name in a table built at start.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import queue
import socket
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from game.i18n import _
from game.resources import resource
from game.rules import ROWS, SNAP, Rules

from .guard import AddressBuckets, ConnectionGuard, Limits, TerminalLines, open_file_limit
from .observation import lobby_observation, penalty_tables
from .phone_words import phone_strings
from .room import DEFAULT_PORT, Joined, Room, RoomError, UnknownSeatError, WrongCodeError

__all__ = ["ClassServer", "Event", "Limits", "DEFAULT_PORT", "WEB_DIR", "lan_addresses"]

WEB_DIR = resource("web")
"""The phone page: plain HTML, CSS and JavaScript files, served as they are."""
DEFAULT_LIMITS = Limits()


@dataclass(frozen=True)
class Event:
    """Something a phone did, for the app: ``joined``, ``left``, ``play``, ``row`` or ``predict``."""

    kind: str
    seat: int
    """The phone's seat; :data:`WATCHER` for a watcher (a prediction)."""
    value: int = 0
    name: str = ""
    who: str = ""
    """A watcher's key (its secret: it never leaves the app)."""


WATCHER = -1
"""An :class:`Event`'s seat when a watcher sent it."""


@dataclass(eq=False)
class _Connection:
    ws: web.WebSocketResponse
    address: str = ""
    """The phone's IP address."""
    seat: int | None = None
    joined: bool = False
    token: str = ""
    name: str = ""
    wrong_codes: int = 0
    tokens: float = 0.0
    refilled: float = field(default_factory=time.monotonic)
    outbox: deque[tuple[bool, str]] = field(default_factory=deque)
    """Messages waiting to be sent: (is a state, text); a newer state replaces an unsent one."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    last_state: str | None = None
    closing: tuple[int, str] | None = None


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


def load_client_files(folder: Path) -> dict[str, tuple[bytes, str]]:
    """Every regular file directly in ``folder``: name -> (content, content type)."""
    files: dict[str, tuple[bytes, str]] = {}
    for path in sorted(folder.iterdir()):
        if path.is_file() and not path.name.startswith("."):
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind in ("application/javascript",):
                kind += "; charset=utf-8"
            files[path.name] = (path.read_bytes(), kind)
    return files


class ClassServer:
    """The web server of one class game; listens from :meth:`start` to :meth:`stop`."""

    def __init__(self, room: Room, *, rules: Rules = SNAP, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 limits: Limits = DEFAULT_LIMITS, web_dir: Path = WEB_DIR) -> None:
        self.room = room
        self.rules = rules
        self.host = host
        self.port = port
        self.limits = limits.fitted(open_file_limit())
        self.files = load_client_files(web_dir)
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.refused = 0
        """Connections and messages refused so far (for tests and the bench)."""
        self.terminal = TerminalLines(self.limits.log_lines_per_second)
        """The server's lines on the teacher's terminal (a few a second at most)."""
        self.guard = ConnectionGuard(self.limits)
        self.guesses = AddressBuckets(self.limits.guesses_per_second, self.limits.guesses_per_second)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._connections: OrderedDict[_Connection, float] = OrderedDict()
        """Open WebSockets, oldest first, with the time each was opened."""
        self._watchers: OrderedDict[_Connection, None] = OrderedDict()
        """Joined WebSockets without a seat, longest-watching first."""
        self._seat_connections: dict[int, _Connection] = {}
        self._seat_texts: dict[int, str] = {}
        self.seats_watching: frozenset[int] = frozenset()
        """A room of many tables: the students no table had a seat for (they watch table 1)."""
        self._public_text: str | None = None
        self.watching: dict[str, str] = {}
        """The watchers connected now: key -> name (replaced, never changed in place: the app reads it)."""

    # ------------------------------------------------------ app's thread
    def start(self) -> None:
        """Listen; returns once the port is bound (``OSError`` if it cannot be)."""
        ready: queue.Queue[BaseException | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="class-server", daemon=True)
        self._thread.start()
        problem = ready.get()
        if problem is not None:
            self._thread.join()
            raise problem

    def stop(self, timeout: float = 5.0, *, coming_back: bool = False) -> None:
        """Send what is pending, close every connection, stop listening (idempotent).
        ``coming_back``: the game was kept and will go on (``class --resume``): the phones are told
        so (close code 1012) and keep trying to reconnect."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(coming_back), loop).result(timeout)
        except Exception:  # noqa: BLE001 - a stuck connection must not keep the app from closing
            pass
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self._loop = None

    @property
    def running(self) -> bool:
        return self._loop is not None and self._thread is not None and self._thread.is_alive()

    @property
    def connection_count(self) -> int:
        """WebSockets open now (not being closed)."""
        return len(self._live())

    @property
    def watcher_count(self) -> int:
        """Watchers connected now."""
        return len(self._watchers)

    def publish(self, seats: Mapping[int, dict[str, Any]], public: dict[str, Any]) -> None:
        """Each seat's observation to its phone, ``public`` to spectators (sent if changed)."""
        texts = {seat: json.dumps(obs, separators=(",", ":")) for seat, obs in seats.items()}
        public_text = json.dumps(public, separators=(",", ":"))
        self._call(self._publish, texts, public_text)

    def publish_some(self, seats: Mapping[int, dict[str, Any]], public: dict[str, Any] | None) -> None:
        """One table's seats of a room of many tables: each seat's observation to its phone, and
        ``public`` (if given) to the watchers; the other seats keep what they have."""
        texts = {seat: json.dumps(obs, separators=(",", ":")) for seat, obs in seats.items()}
        public_text = json.dumps(public, separators=(",", ":")) if public is not None else None
        self._call(self._publish_some, texts, public_text)

    def release(self, seat: int, reason: str) -> None:
        """Close the seat's phone connection (its seat was freed or given to an AI)."""
        self._call(self._release, seat, reason)

    def tell(self, seat: int, message: str) -> None:
        """An error line for the seat's phone, e.g. why its card was refused."""
        self._call(self._tell, seat, message)

    def send_to(self, message: dict[str, Any], *, seat: int | None = None, watcher: str = "") -> None:
        """A message for one phone: a seat's, or a watcher's (by its key in :attr:`watching`)."""
        self._call(self._send_to, json.dumps(message, separators=(",", ":")), seat, watcher)

    def lobby_changed(self) -> None:
        """Send every phone the lobby again (e.g. the teacher freed a seat)."""
        self._call(self._broadcast_lobby)

    def _call(self, function: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:  # the loop is closing
                pass

    # ---------------------------------------------------- server's thread
    def _run(self, ready: queue.Queue[BaseException | None]) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(self._loop_problem)
        try:
            loop.run_until_complete(self._listen())
        except BaseException as problem:  # noqa: BLE001 - handed to start()
            ready.put(problem)
            loop.close()
            return
        self._loop = loop
        ready.put(None)
        try:
            loop.run_forever()
        finally:
            loop.close()

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Whatever the event loop reports (e.g. no file left to accept a connection): one line."""
        problem = context.get("exception")
        detail = f": {type(problem).__name__}: {problem}" if problem is not None else ""
        self.terminal.line(f"class server: {context.get('message', 'problem')}{detail}")

    async def _listen(self) -> None:
        app = web.Application(client_max_size=self.limits.max_message, middlewares=[self._track_request])
        app.router.add_get("/ws", self._websocket)
        app.router.add_get("/strings.json", self._strings)
        app.router.add_get("/rules.json", self._rules)
        app.router.add_get("/", self._file)
        app.router.add_get("/{name}", self._file)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     logger=self.terminal.logger("sixtakes.class-server"),
                                     keepalive_timeout=self.limits.idle_timeout)
        await self._runner.setup()
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        try:
            self._listener = await loop.create_server(self.guard.protocol_factory(server), self.host or None,
                                                      self.port, reuse_address=True, backlog=128)
        except BaseException:
            await self._runner.cleanup()
            raise
        sockets = self._listener.sockets
        if sockets:
            self.port = sockets[0].getsockname()[1]  # the bound port, when 0 was asked for
        self._sweeper = loop.create_task(self._sweep())

    async def _sweep(self) -> None:
        """Twice a second: connections that overstayed, and seats whose phone left before the start."""
        while True:
            await asyncio.sleep(self.guard.SWEEP_SECONDS)
            self.guard.sweep()
            self.guesses.forget_full()
            if self.room.free_absent(self.limits.seat_grace):
                self._broadcast_lobby()

    @web.middleware
    async def _track_request(self, request: web.Request,
                             handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """A request arrived whole on its connection (a WebSocket stays a request until it closes)."""
        self.guard.started(request.protocol)
        try:
            return await handler(request)
        finally:
            self.guard.ended(request.protocol)

    async def _shutdown(self, coming_back: bool = False) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._listener is not None:
            self._listener.close()
        for connection in list(self._connections):
            if coming_back:
                self._close(connection, WSCloseCode.SERVICE_RESTART, "the class game stopped: it will go on")
            else:
                self._close(connection, WSCloseCode.GOING_AWAY, "the class game has ended")
        deadline = time.monotonic() + 2.0
        while self._connections and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        self.guard.close_all()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info.get("name", "index.html")
        found = self.files.get(name)
        if found is None:
            return web.Response(status=404, text="not found")
        body, kind = found
        return web.Response(body=body, headers={
            "Content-Type": kind, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:",
        })

    async def _strings(self, request: web.Request) -> web.Response:
        """The page's words in the class's language (the language the app spoke when the room opened)."""
        return web.Response(body=json.dumps(phone_strings(), ensure_ascii=False).encode(), headers={
            "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff"})

    async def _rules(self, request: web.Request) -> web.Response:
        """Each preset's penalties, for the page to show on the cards (the rules' own table)."""
        return web.Response(body=json.dumps(penalty_tables()).encode(), headers={
            "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff"})

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or ""
        self._make_room_for(address)
        if len(self._live()) >= self.limits.max_connections:
            self.refused += 1
            return web.Response(status=503, text="too many connections")
        ws = web.WebSocketResponse(max_msg_size=self.limits.max_message, heartbeat=self.limits.heartbeat,
                                   compress=False)  # small messages: deflating each costs more than it saves
        await ws.prepare(request)
        connection = _Connection(ws, address, tokens=float(self.limits.burst))
        self._connections[connection] = time.monotonic()
        writer = asyncio.get_running_loop().create_task(self._write(connection))
        try:
            await self._read(connection, ws)
        except ConnectionError:
            pass
        finally:
            await self._hang_up(connection, ws, writer)
        return ws

    def _live(self) -> list[_Connection]:
        """Open WebSockets that are not being closed, oldest first."""
        return [connection for connection in self._connections if connection.closing is None]

    def _make_room_for(self, address: str) -> None:
        """Before a new WebSocket of ``address``: close that address's oldest that have not joined
        beyond its share, and, if every place is held, the oldest that has not joined or else the
        longest-watching watcher.  Seats are never closed to make room."""
        unjoined = [c for c in self._live() if not c.joined]
        mine = [c for c in unjoined if c.address == address]
        for connection in mine[:max(0, len(mine) - self.limits.unjoined_per_address + 1)]:
            self._refuse(connection, "join first")
        live = self._live()
        if len(live) >= self.limits.max_connections:
            oldest = next((c for c in live if not c.joined), None) or next(iter(self._watchers), None)
            if oldest is not None and oldest in self._watchers:
                self._let_watcher_go(oldest)
            elif oldest is not None:
                self._refuse(oldest, "join first")

    def _refuse(self, connection: _Connection, reason: str) -> None:
        self.refused += 1
        self._close(connection, WSCloseCode.POLICY_VIOLATION, reason)

    async def _read(self, connection: _Connection, ws: web.WebSocketResponse) -> None:
        """Handle the connection's messages until it closes, breaks a limit or never joins."""
        started = time.monotonic()
        while not ws.closed and connection.closing is None:
            wait = None if connection.joined else self.limits.join_timeout - (time.monotonic() - started)
            if wait is not None and wait <= 0:
                self._refuse(connection, "join first")
                return
            try:
                message = await ws.receive(timeout=wait)
            except TimeoutError:
                continue
            if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                if not self._take_token(connection):
                    self._refuse(connection, "too many messages")
                    return
                if message.type == WSMsgType.TEXT:
                    await self._handle(connection, message.data)
                else:
                    self._error(connection, _("send text (JSON) messages"))
            else:  # closed, closing, or an error such as an oversize message
                if message.type == WSMsgType.ERROR:
                    self.refused += 1
                return

    async def _hang_up(self, connection: _Connection, ws: web.WebSocketResponse, writer: asyncio.Task[None]) -> None:
        """Forget the connection, let its last messages and the close go out, then close."""
        self._forget(connection)
        self._close(connection, WSCloseCode.OK, "")
        try:
            await asyncio.wait_for(writer, timeout=2.0)
        except (TimeoutError, ConnectionError):
            writer.cancel()
        if not ws.closed:
            await ws.close()

    async def _write(self, connection: _Connection) -> None:
        ws = connection.ws
        while True:
            await connection.wake.wait()
            connection.wake.clear()
            while connection.outbox and not ws.closed:
                _, text = connection.outbox.popleft()
                try:
                    await ws.send_str(text)
                except (ConnectionError, RuntimeError):
                    connection.outbox.clear()
                    break
            if connection.closing is not None:
                code, reason = connection.closing
                if not ws.closed:
                    try:
                        await ws.close(code=code, message=reason.encode()[:120])
                    except (ConnectionError, RuntimeError):
                        pass
                return

    def _take_token(self, connection: _Connection) -> bool:
        now = time.monotonic()
        limits = self.limits
        connection.tokens = min(float(limits.burst), connection.tokens + (now - connection.refilled) * limits.rate)
        connection.refilled = now
        if connection.tokens < 1.0:
            return False
        connection.tokens -= 1.0
        return True

    def _send(self, connection: _Connection, message: dict[str, Any] | str, state: bool = False) -> None:
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        if state:
            if text == connection.last_state:
                return
            connection.last_state = text
            if connection.outbox and connection.outbox[-1][0]:
                connection.outbox.pop()  # only the newest state matters to a slow phone
        connection.outbox.append((state, text))
        connection.wake.set()

    def _error(self, connection: _Connection, message: str, reason: str = "") -> None:
        """Refuse a message: ``message`` is for the student; ``reason`` (if any) for the page."""
        self.refused += 1
        error = {"type": "error", "message": message}
        if reason:
            error["reason"] = reason
        self._send(connection, error)

    def _close(self, connection: _Connection, code: int, reason: str) -> None:
        if connection.closing is None:
            connection.closing = (code, reason)
            connection.wake.set()

    async def _handle(self, connection: _Connection, text: str) -> None:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            self._error(connection, _("not a JSON message"))
            return
        kind = data.get("type") if isinstance(data, dict) else None
        if kind in ("join", "resume"):
            if connection.joined:
                self._error(connection, _("already joined"))
            elif kind == "join":
                await self._join(connection, data.get("code", ""), data.get("name", ""))
            else:
                try:
                    self._attach(connection, self.room.resume(data.get("token", "")))
                except RoomError as problem:
                    self._error(connection, str(problem), "unknown-seat" if isinstance(problem, UnknownSeatError)
                                else "")
        elif kind == "predict":
            self._predict(connection, data)
        elif kind in ("play", "row"):
            value = data.get("card" if kind == "play" else "row")
            if connection.seat is None:
                self._error(connection, _("spectators watch: you have no seat"))
            elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                self._error(connection, _("'{kind}' needs a whole number").format(kind=kind))
            else:
                self.inbox.put(Event(kind, connection.seat, value))
        else:
            self._error(connection, _("unknown message type"))

    def _predict(self, connection: _Connection, data: dict[str, Any]) -> None:
        """A guess of where the next card goes: ``{"row": 0-3}`` or ``{"takes": true}``."""
        row, takes = data.get("row"), data.get("takes")
        if not connection.joined:
            self._error(connection, _("join first"))
        elif takes is True:
            self._put_guess(connection, ROWS)
        elif isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < ROWS:
            self._error(connection, _("a prediction is a row 1-4 or \"takes a row\""))
        else:
            self._put_guess(connection, row)

    def _put_guess(self, connection: _Connection, guess: int) -> None:
        seat = connection.seat
        self.inbox.put(Event("predict", WATCHER if seat is None else seat, guess, connection.name,
                             connection.token if seat is None else ""))

    async def _join(self, connection: _Connection, code: Any, name: Any) -> None:
        """A join, answered no faster than the address's share of guesses allows (right or wrong,
        so the time of an answer says nothing); a few wrong codes close the connection."""
        wait = self.guesses.wait(connection.address)
        if wait > 0:
            await asyncio.sleep(wait)
            if connection.closing is not None:
                return
        try:
            joined = self.room.join(code, name)
        except WrongCodeError as problem:
            self.guesses.take(connection.address)
            connection.wrong_codes += 1
            self._error(connection, str(problem))
            if connection.wrong_codes >= self.limits.wrong_codes:
                self._refuse(connection, "too many wrong codes")
            return
        except RoomError as problem:
            self._error(connection, str(problem))
            return
        self._attach(connection, joined)

    def _attach(self, connection: _Connection, joined: Joined) -> None:
        connection.joined = True
        connection.seat = joined.seat
        connection.token = joined.token
        connection.name = joined.name
        if joined.seat is not None:
            previous = self._seat_connections.get(joined.seat)
            if previous is not None and previous is not connection:
                previous.seat = None  # its seat is this phone's now
                self._close(previous, WSCloseCode.POLICY_VIOLATION, "this seat was opened on another device")
            self._seat_connections[joined.seat] = connection
            self.inbox.put(Event("joined", joined.seat, name=joined.name))
        else:
            self._watch(connection)
        welcome = {"type": "welcome", "seat": joined.seat, "token": joined.token, "name": joined.name,
                   "code": self.room.code}
        if self.room.many_tables:
            welcome["tables"] = True  # the seat is a place in the room: the table comes with the start
        self._send(connection, welcome)
        if self.room.started:
            text = self._seat_texts.get(joined.seat) if joined.seat is not None else self._public_text
            if joined.seat is not None and (joined.seat in self.seats_watching
                                            or (text is None and not self.room.many_tables)):
                text = self._public_text  # (a seat at a table of many waits for its table's own)
            if text is not None:
                self._send(connection, text, state=True)
        else:
            self._broadcast_lobby()

    def _watch(self, connection: _Connection) -> None:
        """A new watcher: within its address's share and the room's, the longest-watching go."""
        mine = [c for c in self._watchers if c.address == connection.address]
        for old in mine[:max(0, len(mine) - self.limits.watchers_per_address + 1)]:
            self._let_watcher_go(old)
        while len(self._watchers) >= self.limits.max_watchers:
            self._let_watcher_go(next(iter(self._watchers)))
        self._watchers[connection] = None
        self._list_watchers()

    def _list_watchers(self) -> None:
        self.watching = {c.token: c.name for c in self._watchers}

    def _let_watcher_go(self, connection: _Connection) -> None:
        """Make room: the watcher's place (and secret) is forgotten; its phone may join again."""
        self._watchers.pop(connection, None)
        self._list_watchers()
        self.room.forget_spectator(connection.token, keep=False)
        self._send(connection, {"type": "released", "message": _("the room is full: this phone stopped watching")})
        self._refuse(connection, "too many watchers")

    def _forget(self, connection: _Connection) -> None:
        self._connections.pop(connection, None)
        if connection in self._watchers:
            del self._watchers[connection]
            self._list_watchers()
            self.room.forget_spectator(connection.token, keep=True)
        seat = connection.seat
        if seat is not None and self._seat_connections.get(seat) is connection:
            del self._seat_connections[seat]
            self.room.disconnected(seat)
            self.inbox.put(Event("left", seat))
            if not self.room.started:
                self._broadcast_lobby()

    def _broadcast_lobby(self) -> None:
        if self.room.started:
            return
        seats = self.room.seats()
        for connection in self._connections:
            if connection.joined:
                self._send(connection, lobby_observation(seats, self.room.code, connection.seat, self.rules,
                                                         self.room.many_tables), state=True)

    def _publish(self, texts: dict[int, str], public_text: str) -> None:
        self._seat_texts, self._public_text = texts, public_text
        for connection in self._connections:
            if connection.joined:
                seat = connection.seat
                self._send(connection, texts.get(seat, public_text) if seat is not None else public_text,
                           state=True)

    def _publish_some(self, texts: dict[int, str], public_text: str | None) -> None:
        self._seat_texts.update(texts)
        if public_text is not None:
            self._public_text = public_text
        for connection in self._connections:
            seat = connection.seat
            if not connection.joined:
                continue
            if seat is not None and seat in texts:
                self._send(connection, texts[seat], state=True)
            elif public_text is not None and (seat is None or seat in self.seats_watching):
                self._send(connection, public_text, state=True)  # a watcher, or a student at no table

    def _send_to(self, text: str, seat: int | None, watcher: str) -> None:
        if seat is not None:
            connection = self._seat_connections.get(seat)
            if connection is not None:
                self._send(connection, text)
            return
        for connection in self._watchers:
            if connection.token == watcher:
                self._send(connection, text)

    def _tell(self, seat: int, message: str) -> None:
        connection = self._seat_connections.get(seat)
        if connection is not None:
            self._send(connection, {"type": "error", "message": message})

    def _release(self, seat: int, reason: str) -> None:
        connection = self._seat_connections.pop(seat, None)
        if connection is not None:
            connection.seat = None
            self._send(connection, {"type": "released", "message": reason})
            self._close(connection, WSCloseCode.POLICY_VIOLATION, reason)
        self._broadcast_lobby()
