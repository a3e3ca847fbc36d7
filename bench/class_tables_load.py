"""``bench/class_load.py --tables``: lessons of a room of many tables under load.

Every simulated phone joins one room and plays; the room is split into tables and plays
``--games`` lessons one after the other in the same room (the next deal at the same tables, as
the results screen's N does), while the main thread does what the projector does each frame:
pump the room, and draw the overview of every table (headless).  Measured: the delay from a
card played on a phone to every phone of its table reading the update that shows it
(:func:`class_load.counted`); the processor time of making one update (a table's, the room's);
the processor time of drawing one overview frame (the main thread's own, so the server's thread
does not count); the process's memory after each lesson.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CODE = "LOAD"
FRAME_TARGET_MS = 16.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def room_of_phones(server_class: type, rules: Any, names: list[tuple[str, str]], processes: int,
                   phones: Callable[..., None],
                   phone_args: Callable[[list[str], Any, Any], tuple[Any, ...]], code: str = CODE
                   ) -> tuple[Any, Any, list[Any]]:
    """A room of many tables listening on the loopback, and ``names`` joining it from ``processes``
    processes of their own (``phones(url, *phone_args(share, results, ready))``; ``names``: each
    phone's name and its own address), in order: the server, the queue their results come back
    on, the processes."""
    from classroom.room import Room
    from classroom.tables import MAX_PHONES

    room = Room(MAX_PHONES, code)
    room.many_tables = True
    server = server_class(room, rules=rules, host="127.0.0.1", port=0)
    server.start()
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    workers = []
    for index in range(processes):
        ready = context.Event()
        share = names[index::processes]
        process = context.Process(target=phones, args=(f"http://127.0.0.1:{server.port}",
                                                       *phone_args(share, results, ready)))
        process.start()
        workers.append(process)
        if not ready.wait(120):
            raise SystemExit("the phones did not join")
    return server, results, workers


LAPTOP = "127.0.8.1"
"""The hostile laptop's address (``--hostile``)."""


def hostile_laptop(url: str, sockets: int, stop: Any) -> None:
    """A laptop flooding the room from one address (in its own process) until ``stop``: ``sockets``
    WebSockets that join as watchers and send junk and wrong moves just under the message rate,
    opened again whenever the server closes one."""
    import asyncio
    import random

    import aiohttp

    from classroom.simclient import phone_session

    async def one(session: aiohttp.ClientSession, index: int) -> None:
        rng = random.Random(index)
        while not stop.is_set():
            try:
                async with session.ws_connect(url + "/ws", heartbeat=None) as ws:
                    await ws.send_json({"type": "join", "code": CODE, "name": f"Laptop {index}"})
                    while not stop.is_set() and not ws.closed:
                        await ws.send_str(rng.choice(['{"type": "play", "card": 7}', "{", '{"type": "row", "row": 9}',
                                                      '{"type": "predict", "row": 1}']))
                        await asyncio.sleep(0.11)  # just under 10 a second
            except (aiohttp.ClientError, ConnectionError):
                await asyncio.sleep(0.1)

    async def main() -> None:
        async with phone_session(LAPTOP) as session:
            session.connector._limit = 0  # noqa: SLF001 - as many sockets as it likes
            await asyncio.gather(*(one(session, index) for index in range(sockets)))

    asyncio.run(main())


def many_tables(args: Any, phones: Callable[..., None], server_class: type) -> dict[str, Any]:
    import psutil
    import pygame

    from classroom.tables import AUTO, plan_tables
    from game.rules import rules_named
    from scenes.app import App
    from scenes.classroom.overview import OverviewScene
    from scenes.kit import theme
    from classroom.class_room import RoomGame, RoomOfTables, saved_by
    from classroom.class_settings import ClassSettings
    from scenes.model.options import PlayOptions
    from live.saving import RecordSaver

    from _kit import checkpoint
    from class_load import counted, people, update_cost

    rules = rules_named(args.rules)
    names = people(args.clients)
    server, results, workers = room_of_phones(server_class, rules, names, args.client_processes, phones,
                                              lambda share, results, ready: (share, len(share), results, ready,
                                                                             False))
    checkpoint("phones joined")
    room = server.room
    pygame.display.init()
    pygame.font.init()
    app = App(PlayOptions(step_delay=args.step_delay))
    records = Path(tempfile.mkdtemp(prefix="class-tables-")) / "lessons.jsonl"
    saver = RecordSaver(records)
    wanted = AUTO if args.tables == "auto" else int(args.tables)
    plan = plan_tables(room.start(), args.table_size, wanted)
    tables = RoomOfTables(server, plan, RoomGame(rules, seed=1, step_delay=args.step_delay),
                          saved_by(saver))
    stop_laptop = multiprocessing.get_context("spawn").Event()
    laptop = None
    if getattr(args, "hostile", 0):
        laptop = multiprocessing.get_context("spawn").Process(
            target=hostile_laptop, args=(f"http://127.0.0.1:{server.port}", args.hostile, stop_laptop))
        laptop.start()
    settings = ClassSettings(rules=args.rules, tables=wanted, table_size=args.table_size)
    surface = pygame.display.set_mode((1280, 720))
    frames_ms: list[float] = []
    memory: list[float] = []
    cached: list[int] = []
    threads: list[int] = []
    """Rendered texts the drawing keeps (an LRU of at most ``theme.MAX_TEXTS``) after each lesson."""
    process = psutil.Process()
    started = time.monotonic()
    for lesson in range(args.games):
        if lesson:
            tables = tables.next_deal(seed=lesson + 1)
        overview = OverviewScene(app.ctx, tables, settings, (f"http://127.0.0.1:{server.port}",))
        last = time.monotonic()
        saved = len(plan.tables) * (lesson + 1)
        deadline = time.monotonic() + 600  # (only a hang reaches it)
        while not (tables.done and tables.ranks_sent and saver.written >= saved) and time.monotonic() < deadline:
            # as the app's loop does, 60 frames a second, until every table's game is saved
            frame_start = time.monotonic()
            tables.pump(frame_start - last)
            last = frame_start
            drawing = time.thread_time()
            overview.draw(surface)
            frames_ms.append((time.thread_time() - drawing) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.monotonic() - frame_start)))
        memory.append(process.memory_info().rss / 2**20)
        cached.append(len(theme._texts))
        threads.append(threading.active_count())
    elapsed = time.monotonic() - started
    table_ms, room_ms = update_cost(tables.sessions)
    stop_laptop.set()
    if laptop is not None:
        laptop.join(30)
    tables.close()  # the room closes: the phones end and report
    arrivals = counted([results.get(timeout=120) for _ in workers], args.clients)
    for worker in workers:
        worker.join(30)
    import json

    latencies = arrivals
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {
        "tables": len(plan.tables), "games": saver.written, "lessons": args.games, "phones": args.clients,
        "p50_ms": round(statistics.median(latencies), 1), "p99_ms": round(percentile(latencies, 0.99), 1),
        "max_ms": round(max(latencies), 1), "updates": len(latencies),
        "frame_p50_ms": round(percentile(frames_ms, 0.5), 2), "frame_p99_ms": round(percentile(frames_ms, 0.99), 2),
        "frame_target_ms": FRAME_TARGET_MS,
        "rss_mib_after_each_lesson": [round(value, 1) for value in memory],
        "update_cpu_ms_table": round(table_ms, 2), "update_cpu_ms_room": round(room_ms, 2),
        "texts_cached_after_each_lesson": cached,
        "threads_after_each_lesson": threads,
        "hostile_sockets": getattr(args, "hostile", 0), "refused": server.refused,
        "seconds": round(elapsed, 1), "load_average": round(load, 1), "cores": os.cpu_count(),
        "records": str(records), "records_valid": len(json.loads("[" + ",".join(
            line for line in lines_of(records) if line) + "]")),
    }


def lines_of(records: Path) -> list[str]:
    """The records file's lines (none if no game was saved by the end of the run)."""
    return records.read_text().splitlines() if records.exists() else []
