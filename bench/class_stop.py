"""How long a class game takes to stop while its students' reviews are being made.

``python bench/class_stop.py [--students 30] [--runs 3] [--json] [--smoke]``

Starts ``main.py class`` with many tables, plays a whole lesson from simulated phones (each on an
address of its own, 127.0.0.x), and once every student's game is over and every review is being
made - slowly on purpose, ``--review-rollouts 100000``, so they are still being made - sends the
app SIGTERM and measures the seconds until the process has exited (its review workers with it).
Target: under 2 s.  The app is a real process, as a teacher runs it; the figure is wall-clock time,
so run it on a quiet machine (and say what else ran beside it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp

from _kit import add_smoke, checkpoint, run

PROJECT = Path(__file__).resolve().parents[1]
NAMES = [f"Student {number}" for number in range(1, 61)]


class Phone:
    """Joins, plays its lowest card whenever asked, takes row 1; notes the game's end and its review."""

    def __init__(self, name: str, address: str) -> None:
        self.name, self.address = name, address
        self.over = False
        self.reviewing = False

    async def run(self, port: int) -> None:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(self.address, 0))) as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                await ws.send_json({"type": "join", "code": "STOP", "name": self.name})
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        return
                    data = message.json()
                    if data["type"] == "review":
                        self.reviewing = True
                    elif data["type"] == "state":
                        self.over = self.over or data["phase"] == "over"
                        if data["ask"] == "card" and data["chosen"] is None:
                            await ws.send_json({"type": "play", "card": min(data["hand"])})
                        elif data["ask"] == "row":
                            await ws.send_json({"type": "row", "row": 0})


def one_stop(students: int) -> float:
    """Seconds from SIGTERM to the app's exit, its reviews being made."""
    data = Path(tempfile.mkdtemp(prefix="class-stop-"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data))
    app = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), "class", "--port", "0", "--code", "STOP",
                            "--tables", "auto", "--start-at", str(students), "--step-delay", "0", "--no-predict",
                            "--review-rollouts", "100000"], cwd=PROJECT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    assert app.stdout is not None
    port = int(re.search(r":(\d+)", app.stdout.readline()).group(1))  # type: ignore[union-attr]
    phones = [Phone(NAMES[n], f"127.0.{1 + n // 200}.{1 + n % 200}") for n in range(students)]

    async def all_of_them() -> None:
        await asyncio.gather(*(phone.run(port) for phone in phones))
    threading.Thread(target=asyncio.run, args=(all_of_them(),), daemon=True).start()
    checkpoint("lesson started")
    deadline = time.monotonic() + 600
    while not all(phone.over and phone.reviewing for phone in phones):
        if app.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the lesson did not reach its reviews: {app.communicate()[1][-500:]}")
        time.sleep(0.05)
    sent = time.perf_counter()
    app.send_signal(signal.SIGTERM)
    app.wait(timeout=600)
    return time.perf_counter() - sent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:  # one table, one stop
        args.students, args.runs = 4, 1
    seconds = [one_stop(args.students) for _ in range(args.runs)]
    result: dict[str, Any] = {"students": args.students, "stop_seconds": [round(s, 3) for s in seconds],
                              "worst": round(max(seconds), 3), "target": 2.0, "load": os.getloadavg()[0]}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.students} students' reviews being made: SIGTERM to exit "
              f"{', '.join(f'{s:.2f} s' for s in seconds)} (worst {max(seconds):.2f} s; target under 2 s; "
              f"load average {result['load']:.1f})")
    return 0


if __name__ == "__main__":
    run(main)
