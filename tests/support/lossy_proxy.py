"""A weak school Wi-Fi on the loopback: a TCP proxy that holds every chunk and cuts connections.

Each connection a phone opens to the proxy is carried to the class server from the phone's own
address (so the server still tells phones apart); every chunk, either way, is held a random
50-500 ms (in order, as a slow link does), and every connection is cut at a random moment a few
seconds after it opened: both sides are aborted, and what the proxy held is lost.  The proxy
runs on its own event loop thread; :attr:`LossyProxy.cuts` counts the connections it cut.
While :attr:`LossyProxy.calm` no connection is cut (the cuts that fall due wait till it ends);
:meth:`LossyProxy.go_down` is the Wi-Fi gone (every connection cut, new ones refused) until
:meth:`LossyProxy.come_back`.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time


class LossyProxy:
    """A proxy to ``127.0.0.1:target``; :meth:`start` returns the port it listens on."""

    def __init__(self, target: int, delay: tuple[float, float] = (0.05, 0.5), cut: tuple[float, float] = (3.0, 15.0),
                 seed: int = 0) -> None:
        self.target, self.delay, self.cut = target, delay, cut
        self.rng = random.Random(seed)
        self.cuts = 0
        self.connections = 0
        self.down = False
        self.calm = False
        self._open: set[asyncio.StreamWriter] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.AbstractServer | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> int:
        ready = threading.Event()
        port: list[int] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            self._server = loop.run_until_complete(asyncio.start_server(self._carry, "127.0.0.1", 0))
            port.append(self._server.sockets[0].getsockname()[1])
            ready.set()
            loop.run_forever()
            loop.close()
        self._thread = threading.Thread(target=run, daemon=True, name="lossy-proxy")
        self._thread.start()
        ready.wait(30)
        return port[0]

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and self._server is not None:
            asyncio.run_coroutine_threadsafe(self._close(self._server), loop).result(30)
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(10)

    def go_down(self) -> None:
        """The Wi-Fi goes: every connection is cut now, and each new one as it opens."""
        self.down = True
        assert self._loop is not None
        asyncio.run_coroutine_threadsafe(self._cut_all(), self._loop).result(30)

    def come_back(self) -> None:
        """The Wi-Fi is back: new connections are carried again."""
        self.down = False

    async def _close(self, server: asyncio.AbstractServer) -> None:
        """Close the proxy: every connection cut, and every task carrying one ended."""
        server.close()
        await self._cut_all()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _cut_all(self) -> None:
        for writer in list(self._open):
            writer.transport.abort()

    async def _carry(self, phone_in: asyncio.StreamReader, phone_out: asyncio.StreamWriter) -> None:
        self.connections += 1
        if self.down:
            phone_out.transport.abort()
            return
        peer = phone_out.get_extra_info("peername")
        try:
            server_in, server_out = await asyncio.open_connection("127.0.0.1", self.target,
                                                                  local_addr=(peer[0], 0))
        except OSError:
            phone_out.transport.abort()
            return
        self._open.update((phone_out, server_out))
        pumps = [asyncio.create_task(self._pump(phone_in, server_out)),
                 asyncio.create_task(self._pump(server_in, phone_out))]
        while not any(pump.done() for pump in pumps):
            await asyncio.wait(pumps, timeout=self.rng.uniform(*self.cut), return_when=asyncio.FIRST_COMPLETED)
            if not self.calm:
                break
        self._open.difference_update((phone_out, server_out))
        if not any(pump.done() for pump in pumps):
            self.cuts += 1
        for pump in pumps:
            pump.cancel()
        phone_out.transport.abort()
        server_out.transport.abort()

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        """Carry chunks from ``source`` to ``sink``, each held a random delay, in order."""
        held: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, chunk = await held.get()
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                if not chunk:
                    sink.transport.abort()
                    return
                sink.write(chunk)
                await sink.drain()
        delivering = asyncio.create_task(deliver())
        last_due = 0.0
        try:
            while True:
                chunk = await source.read(65536)
                last_due = max(last_due, time.monotonic() + self.rng.uniform(*self.delay))
                held.put_nowait((last_due, chunk))
                if not chunk:
                    await delivering
                    return
        finally:
            delivering.cancel()
