"""Reconnect churn: phones on many addresses open a WebSocket, join, and close it, again and again.

``python bench/class_churn.py [--addresses 10] [--rate 5] [--seconds 60] [--smoke] [--json]``

The target (issue 51): 3,000 connect-join-close from 10 addresses in 60 s (5 a second per
address, well under the 20 joins a second an address may make): every handshake answered
within 5 s, no connection error.  A phone on a weak signal reconnects often, and a lesson of 30
phones over 45 minutes opens hundreds of connections.  The bench runs the real class server
(a room of many tables, before its start) in this process; the phones run in a process of
their own, each address one loop of connections paced at ``--rate`` a second: open ``/ws``,
send a ``join``, wait for its answer, close.  Counted: connections tried, answered (the
handshake and the join's answer), refused by the server (a documented HTTP status or close
code: the reason is printed) and failed (an error no protocol documents: a reset, a dropped
handshake); timed: each connection's handshake to answer.  ``--smoke``: 2 addresses for 2 s;
any failure exits non-zero.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CODE = "CHRN"
ANSWER_S = 5.0


def address_of(index: int) -> str:
    return f"127.0.{7 + index // 200}.{1 + index % 200}"


async def one_connection(session: Any, url: str, name: str) -> tuple[str, float]:
    """Open, join, close: (``answered``, ``refused: why`` or ``failed: what``, seconds to the answer)."""
    import aiohttp

    from classroom.protocol import Join, encode

    started = time.monotonic()
    try:
        async with session.ws_connect(url + "/ws", heartbeat=None, timeout=aiohttp.ClientWSTimeout(ws_close=5.0)
                                      ) as ws:
            await ws.send_str(encode(Join(CODE, name, "")))
            message = await asyncio.wait_for(ws.receive(), ANSWER_S * 2)
            waited = time.monotonic() - started
            if message.type == aiohttp.WSMsgType.TEXT:
                return "answered", waited
            return f"refused: close {ws.close_code} {message.extra or ''}".strip(), waited
    except aiohttp.WSServerHandshakeError as error:
        return f"refused: HTTP {error.status}", time.monotonic() - started
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        return f"failed: {type(error).__name__}", time.monotonic() - started


async def churn(url: str, addresses: int, rate: float, seconds: float) -> list[tuple[str, float]]:
    """Every address opens a connection every ``1 / rate`` s for ``seconds`` (each on its own,
    without waiting for the one before); every outcome."""
    from classroom.simclient import phone_session

    outcomes: list[tuple[str, float]] = []

    async def one_address(index: int) -> None:
        async with phone_session(address_of(index)) as session:
            session.connector._limit = 0  # noqa: SLF001 - many sockets at once, as many tabs would
            tasks = []
            start = time.monotonic()
            for step in range(int(seconds * rate)):
                await asyncio.sleep(max(0.0, start + step / rate - time.monotonic()))
                tasks.append(asyncio.create_task(one_connection(session, url, f"A{index}N{step}")))
            outcomes.extend(await asyncio.gather(*tasks))

    await asyncio.gather(*(one_address(index) for index in range(addresses)))
    return outcomes


def phones(url: str, addresses: int, rate: float, seconds: float, results: Any) -> None:
    results.put(asyncio.run(churn(url, addresses, rate, seconds)))


def measure(addresses: int, rate: float, seconds: float) -> dict[str, Any]:
    from class_join import room_server

    server = room_server(CODE)
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    worker = context.Process(target=phones, args=(f"http://127.0.0.1:{server.port}", addresses, rate, seconds,
                                                  results))
    worker.start()
    outcomes = results.get(timeout=seconds + 120)
    worker.join(30)
    server.stop()
    kinds = Counter(kind for kind, _ in outcomes)
    waits = sorted(wait for kind, wait in outcomes if kind == "answered")
    late = sum(1 for wait in waits if wait > ANSWER_S)
    return {"tried": len(outcomes), "answered": kinds["answered"], "late": late,
            "refused": sum(n for kind, n in kinds.items() if kind.startswith("refused")),
            "failed": sum(n for kind, n in kinds.items() if kind.startswith("failed")),
            "outcomes": dict(kinds), "p95_s": round(waits[int(len(waits) * 0.95)], 3) if waits else None,
            "max_s": round(waits[-1], 3) if waits else None, "server_refused": server.refused,
            "closed_by_guard": server.guard.closed, "addresses": addresses,
            "load_average": round(os.getloadavg()[0], 1), "cores": os.cpu_count()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--addresses", type=int, default=10, help="addresses the phones connect from (1-100)")
    parser.add_argument("--rate", type=float, default=5.0, help="connections a second per address (0.1-20)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the churn lasts (1-600)")
    parser.add_argument("--smoke", action="store_true", help="a small run: 2 addresses for 2 s")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = parser.parse_args()
    if args.smoke:
        args.addresses, args.seconds = 2, 2.0
    if not (1 <= args.addresses <= 100 and 0.1 <= args.rate <= 20 and 1 <= args.seconds <= 600):
        parser.error("--addresses 1-100, --rate 0.1-20, --seconds 1-600")
    figures = measure(args.addresses, args.rate, args.seconds)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['tried']} connect-join-close from {args.addresses} addresses in {args.seconds:g} s: "
              f"{figures['answered']} answered ({figures['late']} after {ANSWER_S:g} s; p95 {figures['p95_s']} s, "
              f"longest {figures['max_s']} s), {figures['refused']} refused, {figures['failed']} failed "
              f"(load average {figures['load_average']} on {figures['cores']} cores)")
        for kind, count in sorted(figures["outcomes"].items()):
            if kind != "answered":
                print(f"  {count} {kind}")
    expected = int(args.seconds * args.rate) * args.addresses
    ok = figures["answered"] == expected == figures["tried"] and figures["late"] == 0
    if not ok:
        print(f"FAILED: {figures['answered']} of {expected} answered in time", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    from _kit import run  # (a failure ends the bench at once: its phones and server with it)

    run(main)
