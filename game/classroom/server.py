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
floods (a token bucket per connection), too many connections, sockets that
never join, half-open sockets (WebSocket heartbeats).  Only the files of the
client folder are served, looked up by exact name in a table built at start.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import queue
import socket
import threading
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from game.i18n import _
from game.rules import SNAP, Rules

from .observation import lobby_observation
from .phone_words import phone_strings
from .room import Joined, Room, RoomError, UnknownSeatError

WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"
"""The phone page: plain HTML, CSS and JavaScript files, served as they are."""
DEFAULT_PORT = 8066


@dataclass(frozen=True)
class Limits:
    """What one connection, and all of them, may do."""

    max_message: int = 4096
    """Bytes of one message from a phone; a longer one closes its connection."""
    rate: float = 10.0
    """Messages per second a connection may send on average..."""
    burst: int = 30
    """... and at most this many at once."""
    max_connections: int = 300
    join_timeout: float = 60.0
    """Seconds a connection may stay without joining."""
    heartbeat: float = 15.0
    """Seconds between pings; a phone that does not answer one is disconnected."""


@dataclass(frozen=True)
class Event:
    """Something a phone did, for the app: ``joined``, ``left``, ``play`` or ``row``."""

    kind: str
    seat: int
    value: int = 0
    name: str = ""


@dataclass(eq=False)
class _Connection:
    ws: web.WebSocketResponse
    seat: int | None = None
    joined: bool = False
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
                 limits: Limits = Limits(), web_dir: Path = WEB_DIR) -> None:
        self.room = room
        self.rules = rules
        self.host = host
        self.port = port
        self.limits = limits
        self.files = load_client_files(web_dir)
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.refused = 0
        """Connections and messages refused so far (for tests and the bench)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._connections: set[_Connection] = set()
        self._seat_connections: dict[int, _Connection] = {}
        self._seat_texts: dict[int, str] = {}
        self._public_text: str | None = None

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

    def stop(self, timeout: float = 5.0) -> None:
        """Send what is pending, close every connection, stop listening (idempotent)."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(timeout)
        except Exception:  # noqa: BLE001 - a stuck connection must not keep the app from closing
            pass
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self._loop = None

    @property
    def running(self) -> bool:
        return self._loop is not None and self._thread is not None and self._thread.is_alive()

    def publish(self, seats: Mapping[int, dict[str, Any]], public: dict[str, Any]) -> None:
        """Each seat's observation to its phone, ``public`` to spectators (sent if changed)."""
        texts = {seat: json.dumps(obs, separators=(",", ":")) for seat, obs in seats.items()}
        public_text = json.dumps(public, separators=(",", ":"))
        self._call(self._publish, texts, public_text)

    def release(self, seat: int, reason: str) -> None:
        """Close the seat's phone connection (its seat was freed or given to an AI)."""
        self._call(self._release, seat, reason)

    def tell(self, seat: int, message: str) -> None:
        """An error line for the seat's phone, e.g. why its card was refused."""
        self._call(self._tell, seat, message)

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

    async def _listen(self) -> None:
        app = web.Application(client_max_size=self.limits.max_message)
        app.router.add_get("/ws", self._websocket)
        app.router.add_get("/strings.json", self._strings)
        app.router.add_get("/", self._file)
        app.router.add_get("/{name}", self._file)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        try:
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            raise
        addresses = self._runner.addresses  # the bound port, when 0 was asked for
        if addresses:
            self.port = addresses[0][1]

    async def _shutdown(self) -> None:
        for connection in list(self._connections):
            self._close(connection, WSCloseCode.GOING_AWAY, "the class game has ended")
        deadline = time.monotonic() + 2.0
        while self._connections and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
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
        """The page's words in the class's language (the language the app speaks now)."""
        return web.Response(body=json.dumps(phone_strings(), ensure_ascii=False).encode(), headers={
            "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff"})

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        if len(self._connections) >= self.limits.max_connections:
            self.refused += 1
            return web.Response(status=503, text="too many connections")
        ws = web.WebSocketResponse(max_msg_size=self.limits.max_message, heartbeat=self.limits.heartbeat,
                                   compress=False)  # small messages: deflating each costs more than it saves
        await ws.prepare(request)
        connection = _Connection(ws, tokens=float(self.limits.burst))
        self._connections.add(connection)
        writer = asyncio.get_running_loop().create_task(self._write(connection))
        try:
            await self._read(connection, ws)
        except ConnectionError:
            pass
        finally:
            await self._hang_up(connection, ws, writer)
        return ws

    async def _read(self, connection: _Connection, ws: web.WebSocketResponse) -> None:
        """Handle the connection's messages until it closes, breaks a limit or never joins."""
        started = time.monotonic()
        while not ws.closed and connection.closing is None:
            wait = None if connection.joined else self.limits.join_timeout - (time.monotonic() - started)
            if wait is not None and wait <= 0:
                self._close(connection, WSCloseCode.POLICY_VIOLATION, "join first")
                return
            try:
                message = await ws.receive(timeout=wait)
            except TimeoutError:
                continue
            if message.type == WSMsgType.TEXT:
                if not self._take_token(connection):
                    self.refused += 1
                    self._close(connection, WSCloseCode.POLICY_VIOLATION, "too many messages")
                    return
                self._handle(connection, message.data)
            elif message.type == WSMsgType.BINARY:
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

    def _handle(self, connection: _Connection, text: str) -> None:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            self._error(connection, _("not a JSON message"))
            return
        kind = data.get("type") if isinstance(data, dict) else None
        if kind in ("join", "resume"):
            if connection.joined:
                self._error(connection, _("already joined"))
                return
            try:
                if kind == "join":
                    joined = self.room.join(data.get("code", ""), data.get("name", ""))
                else:
                    joined = self.room.resume(data.get("token", ""))
            except RoomError as problem:
                self._error(connection, str(problem), "unknown-seat" if isinstance(problem, UnknownSeatError) else "")
                return
            self._attach(connection, joined)
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

    def _attach(self, connection: _Connection, joined: Joined) -> None:
        connection.joined = True
        connection.seat = joined.seat
        if joined.seat is not None:
            previous = self._seat_connections.get(joined.seat)
            if previous is not None and previous is not connection:
                previous.seat = None  # its seat is this phone's now
                self._close(previous, WSCloseCode.POLICY_VIOLATION, "this seat was opened on another device")
            self._seat_connections[joined.seat] = connection
            self.inbox.put(Event("joined", joined.seat, name=joined.name))
        self._send(connection, {"type": "welcome", "seat": joined.seat, "token": joined.token,
                                "name": joined.name, "code": self.room.code})
        if self.room.started:
            text = self._seat_texts.get(joined.seat, self._public_text) if joined.seat is not None \
                else self._public_text
            if text is not None:
                self._send(connection, text, state=True)
        else:
            self._broadcast_lobby()

    def _forget(self, connection: _Connection) -> None:
        self._connections.discard(connection)
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
                self._send(connection, lobby_observation(seats, self.room.code, connection.seat, self.rules),
                           state=True)

    def _publish(self, texts: dict[int, str], public_text: str) -> None:
        self._seat_texts, self._public_text = texts, public_text
        for connection in self._connections:
            if connection.joined:
                seat = connection.seat
                self._send(connection, texts.get(seat, public_text) if seat is not None else public_text,
                           state=True)

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
