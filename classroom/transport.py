"""The class server's transport: aiohttp on its own thread - the page's files, the WebSockets.

:class:`Transport` starts an event loop on a thread of its own and listens
(:meth:`Transport.start` returns once the port is bound), serves the files of
the client folder (looked up by exact name in a table built at start: no path
is ever joined), ``strings.json``, ``rules.json`` and ``class.json``, and runs each
WebSocket's read and write loops: every text message goes to
:class:`~.handlers.Handlers`, and the connection's outbox is written as it
fills.  The per-connection limits that belong to reading are applied here
(joining in time, the token bucket, the message size, heartbeats); what all
connections hold together is :mod:`.guard`'s and :mod:`.connections`'.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from .bridge import AppBridge
from .connections import Connection, Connections
from .guard import ConnectionGuard, TerminalLines
from .handlers import Handlers
from .observation import penalty_tables
from .phone_words import phone_strings
from .protocol import HTTP_REFUSALS, HUNG_UP, JOIN_FIRST, TOO_MANY_MESSAGES

JSON_HEADERS = {"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
                "X-Content-Type-Options": "nosniff"}
FILE_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:"}
CLOSING_SECONDS = 2.0
"""How long a stopping server lets its connections' last messages and close frames go out."""


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


class Transport:
    """The HTTP and WebSocket side of one class server, on its own thread."""

    def __init__(self, host: str, port: int, files: dict[str, tuple[bytes, str]], connections: Connections,
                 handlers: Handlers, bridge: AppBridge, terminal: TerminalLines,
                 sweep: Callable[[], None], class_tag: Callable[[], str] = lambda: "") -> None:
        """``sweep``: called twice a second on the server's thread (seats whose phone left);
        ``class_tag``: the room's class's tag, for ``class.json``."""
        self.host = host
        self.port = port
        self.files = files
        self.connections = connections
        self.limits = connections.limits
        self.handlers = handlers
        self.bridge = bridge
        self.terminal = terminal
        self.guard = ConnectionGuard(self.limits)
        self._sweep_room = sweep
        self._class_tag = class_tag
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._sweeper: asyncio.Task[None] | None = None

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

    def stop(self, timeout: float, coming_back: bool) -> None:
        """Send what is pending, close every connection, stop listening (idempotent)."""
        loop, thread = self.bridge.loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(coming_back), loop).result(timeout)
        except Exception:  # noqa: BLE001 - a stuck connection must not keep the app from closing
            pass
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self.bridge.loop = None

    @property
    def running(self) -> bool:
        return self.bridge.loop is not None and self._thread is not None and self._thread.is_alive()

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
        self.bridge.loop = loop
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
        app.router.add_get("/class.json", self._class)
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
                                                      self.port, reuse_address=True,
                                                      backlog=self.guard.limits.backlog)
        except BaseException:
            await self._runner.cleanup()
            raise
        sockets = self._listener.sockets
        if sockets:
            self.port = sockets[0].getsockname()[1]  # the bound port, when 0 was asked for
        self._sweeper = loop.create_task(self._sweep())

    async def _sweep(self) -> None:
        """Twice a second: connections that overstayed, and the room's own sweep."""
        while True:
            await asyncio.sleep(self.guard.SWEEP_SECONDS)
            self.guard.sweep()
            self._sweep_room()

    @web.middleware
    async def _track_request(self, request: web.Request,
                             handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """A request arrived whole on its connection (a WebSocket stays a request until it closes)."""
        self.guard.started(request.protocol)
        try:
            return await handler(request)
        finally:
            self.guard.ended(request.protocol)

    async def _shutdown(self, coming_back: bool) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._listener is not None:
            self._listener.close()
        self.connections.close_all(coming_back)
        deadline = time.monotonic() + CLOSING_SECONDS
        while self.connections.open and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        self.guard.close_all()
        if self._runner is not None:
            await self._runner.cleanup()

    # ---------------------------------------------------- HTTP
    async def _file(self, request: web.Request) -> web.Response:
        found = self.files.get(request.match_info.get("name", "index.html"))
        if found is None:
            return web.Response(status=404, text=HTTP_REFUSALS[404])
        body, kind = found
        return web.Response(body=body, headers={"Content-Type": kind, **FILE_HEADERS})

    async def _strings(self, request: web.Request) -> web.Response:
        """The page's words in the class's language (the language the app spoke when the room opened)."""
        return web.Response(body=json.dumps(phone_strings(), ensure_ascii=False).encode(), headers=JSON_HEADERS)

    async def _rules(self, request: web.Request) -> web.Response:
        """Each preset's penalties, for the page to show on the cards (the rules' own table)."""
        return web.Response(body=json.dumps(penalty_tables()).encode(), headers=JSON_HEADERS)

    async def _class(self, request: web.Request) -> web.Response:
        """The room's class as the page keeps its student's key under it: ``{"class": tag}`` (``""``:
        no class; the tag is not the name, which stays on this computer)."""
        return web.Response(body=json.dumps({"class": self._class_tag()}).encode(), headers=JSON_HEADERS)

    # ---------------------------------------------------- WebSockets
    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or ""
        if not self.connections.room_for(address):
            return web.Response(status=503, text=HTTP_REFUSALS[503])
        ws = web.WebSocketResponse(max_msg_size=self.limits.max_message, heartbeat=self.limits.heartbeat,
                                   compress=False)  # small messages: deflating each costs more than it saves
        await ws.prepare(request)
        connection = self.connections.add(ws, address)
        writer = asyncio.get_running_loop().create_task(self._write(connection))
        try:
            await self._read(connection)
        except ConnectionError:
            pass
        finally:
            await self._hang_up(connection, writer)
        return ws

    async def _read(self, connection: Connection) -> None:
        """Handle the connection's messages until it closes, breaks a limit or never joins."""
        ws, started = connection.ws, time.monotonic()
        while not ws.closed and connection.closing is None:
            wait = None if connection.joined else self.limits.join_timeout - (time.monotonic() - started)
            if wait is not None and wait <= 0:
                self.connections.refuse(connection, JOIN_FIRST)
                return
            try:
                message = await ws.receive(timeout=wait)
            except TimeoutError:
                continue
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):  # closed, or e.g. an oversize message
                if message.type == WSMsgType.ERROR:
                    self.connections.refused += 1
                return
            if not connection.take_token(self.limits):
                self.connections.refuse(connection, TOO_MANY_MESSAGES)
                return
            if message.type == WSMsgType.TEXT:
                await self.handlers.handle(connection, message.data)
            else:
                self.handlers.binary(connection)

    async def _hang_up(self, connection: Connection, writer: asyncio.Task[None]) -> None:
        """Forget the connection, let its last messages and the close go out, then close."""
        self.handlers.closed(connection)
        connection.close(*HUNG_UP)
        try:
            await asyncio.wait_for(writer, timeout=CLOSING_SECONDS)
        except (TimeoutError, ConnectionError):
            writer.cancel()
        if not connection.ws.closed:
            try:
                await connection.ws.close()
            except (ConnectionError, RuntimeError):  # the phone is gone already: nothing to tell it
                pass

    async def _write(self, connection: Connection) -> None:
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
