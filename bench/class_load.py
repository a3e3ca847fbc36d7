"""Class game under load: 40 phones on the loopback through whole games.

The issue's target: with 40 connections (simulated clients) through a whole
game, every update reaches every client within 100 ms at the 99th
percentile.  Each simulated phone connects from a loopback address of its own
(127.1.x.y, as phones on the room's Wi-Fi each have theirs), and the bench
checks that every phone it counts played to the end (else it fails: a figure
of fewer phones than it says is no figure).  The bench runs the real class session (the projector's model,
without a window) and the real server; the simulated phones run apart, in
two processes of their own by default (phones are separate devices, and one
Python process reading for all 40 is slower than the server it measures),
on the same two cores, and play as soon as they are asked.
An update's latency is the time from the session handing the observations
to the server (:meth:`ClassServer.publish`) to the phone having read the
message, both read from the system-wide monotonic clock.

    python bench/class_load.py [--clients 40] [--games 3] [--rules snap|classic] [--seats 4]
                               [--step-delay 0.05] [--client-processes 2]

A room of many tables (``--tables auto`` or ``--tables N``, ``--phones`` an alias of
``--clients``): every phone plays, split into tables of ``--table-size``; the room plays
``--games`` lessons (a deal at every table each) one after the other in the same room, as the
projector does, drawing the overview of every table each frame.  Its targets on 2 cores: the
99th percentile under 100 ms, the projector's frame (the overview of 10 tables, processor time
of the drawing thread) under 16 ms, and memory flat across 5 lessons.  ``--json`` prints one
line: ``{"tables", "games", "p50_ms", "p99_ms", "max_ms", "records", ...}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.classroom.room import TABLE_SEATS, Room
from game.classroom.server import ClassServer
from game.rules import rules_named
from game.table_size import check_players

CODE = "LOAD"
TARGET_MS = 100.0


def compact(message: Any) -> str:
    """A short fingerprint of a message as sent (the bench keeps one per update: not the text,
    so what it keeps weighs little beside the room it measures): a typed message as handed to the
    server, or the JSON object a phone read."""
    import hashlib

    from game.classroom.protocol import wire_fields_of

    fields = message if isinstance(message, dict) else wire_fields_of(message)
    return hashlib.blake2b(json.dumps(fields, separators=(",", ":")).encode(), digest_size=8).hexdigest()


class TimedServer(ClassServer):
    """The class server, noting when each distinct observation was handed to it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.handed: dict[str, float] = {}

    def publish(self, seats: Any, public: Any) -> None:
        now = time.monotonic()
        for observation in (*seats.values(), public):
            self.handed.setdefault(compact(observation), now)
        super().publish(seats, public)

    def publish_some(self, seats: Any, public: Any) -> None:
        now = time.monotonic()
        for observation in (*seats.values(), *([public] if public is not None else [])):
            self.handed.setdefault(compact(observation), now)
        super().publish_some(seats, public)


def people(count: int, prefix: str = "P") -> list[tuple[str, str]]:
    """``count`` phones: each one's name and its own loopback address."""
    from game.classroom.simclient import phone_address

    return [(f"{prefix}{i}", phone_address(i)) for i in range(count)]


def phones(url: str, names: list[tuple[str, str]], seats: int, results: Any, ready: Any,
           until_over: bool = True) -> None:
    """Simulated phones (in their own process), each on its own address (``names``: (name,
    address)): the first ``seats`` take seats, the others watch; each sends back (arrival time,
    message text) of every state it read, and whether it saw its game's end."""
    from game.classroom.simclient import SimClient

    async def main() -> None:
        clients = [SimClient(url, CODE, name, play=i < seats, address=address)
                   for i, (name, address) in enumerate(names)]
        tasks = []
        for client in clients:  # seats first, in order
            tasks.append(asyncio.create_task(client.run(until_over=until_over)))
            while client.token is None:
                await asyncio.sleep(0.001)
        ready.set()
        await asyncio.gather(*tasks)
        arrivals = []
        for client in clients:
            for arrived, message in client.received:
                if message.get("type") == "state":
                    arrivals.append((arrived, compact(message)))
        ended = sum(1 for client in clients if any(m.get("type") == "state" and m.get("phase") == "over"
                                                   for _t, m in client.received))
        released = sum(1 for client in clients if any(m.get("type") == "released" for _t, m in client.received))
        results.put((arrivals, ended, released))

    asyncio.run(main())


def counted(reports: list[tuple[list[Any], int, int]], phones_claimed: int) -> list[Any]:
    """Every phone's arrivals, once checked that all ``phones_claimed`` phones saw the end and none
    was released (``SystemExit`` otherwise: the figures would be of fewer phones)."""
    ended = sum(report[1] for report in reports)
    released = sum(report[2] for report in reports)
    if ended != phones_claimed or released:
        raise SystemExit(f"only {ended} of {phones_claimed} phones saw their game's end ({released} released)")
    return [arrival for report in reports for arrival in report[0]]


def one_game(rules_name: str, clients: int, step_delay: float, seed: int, processes: int = 1,
             seat_count: int = TABLE_SEATS) -> list[float]:
    from scenes.model.class_session import ClassSession, class_seats
    from scenes.model.session import Stage

    rules = rules_named(rules_name)
    room = Room(seat_count, CODE)
    server = TimedServer(room, rules=rules, host="127.0.0.1", port=0)
    server.start()
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    names = people(clients)
    workers = []
    for index in range(processes):  # the seats join first, from the first process
        ready = context.Event()
        process = context.Process(target=phones, args=(f"http://127.0.0.1:{server.port}", names[index::processes],
                                                       seat_count if index == 0 else 0, results, ready))
        process.start()
        workers.append(process)
        if not ready.wait(60):
            raise SystemExit("the phones did not join")
    seats = class_seats(room, rules, "random")
    room.start()
    session = ClassSession(seats, server, rules=rules, seed=seed)
    last_step = time.monotonic()
    while session.stage is not Stage.OVER:  # as the app's loop does, 60 frames a second
        frame_start = time.monotonic()
        session.pump()
        session.poll()
        if session.can_advance and frame_start - last_step >= step_delay:
            session.advance()
            last_step = frame_start
        time.sleep(max(0.0, 1 / 60 - (time.monotonic() - frame_start)))
    session.close()  # the last observations, then the server stops
    arrivals = counted([results.get(timeout=60) for _ in workers], clients)
    for process in workers:
        process.join(30)
    return [(arrived - server.handed[text]) * 1000 for arrived, text in arrivals if text in server.handed]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", "--phones", type=int, default=40)
    parser.add_argument("--tables", help="a room of many tables: auto or a number (every phone plays)")
    parser.add_argument("--table-size", type=int, default=TABLE_SEATS)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rules", choices=["snap", "classic"], default="snap")
    parser.add_argument("--seats", type=int, default=TABLE_SEATS,
                        help="seats taken by phones (default 4; up to 10 under classic); the other clients watch")
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes the simulated phones are shared among (default 2: one Python process "
                             "reading for 40 phones is slower than the server it measures)")
    parser.add_argument("--step-delay", type=float, default=0.05,
                        help="seconds between placements on the projector (default 0.05; the app's Auto: 1)")
    args = parser.parse_args()
    try:
        check_players(args.seats, rules_named(args.rules))
        check_players(args.table_size, rules_named(args.rules))
    except ValueError as error:
        parser.error(f"--seats {args.seats} / --table-size {args.table_size}: {error}")
    if args.tables is not None:
        from class_tables_load import many_tables

        figures = many_tables(args, phones, TimedServer)
        print(json.dumps(figures) if args.json else "\n".join(f"{k}: {v}" for k, v in figures.items()))
        return 0
    latencies: list[float] = []
    started = time.monotonic()
    per_game = []
    for game in range(args.games):
        game_latencies = sorted(one_game(args.rules, args.clients, args.step_delay, seed=game + 1,
                                         processes=args.client_processes, seat_count=args.seats))
        per_game.append(game_latencies[min(len(game_latencies) - 1, int(len(game_latencies) * 0.99))])
        latencies.extend(game_latencies)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.games} {args.rules} games, {args.seats} seats, {args.clients} phones on {args.clients} addresses "
          f"(each saw every game's end), {len(latencies)} updates received "
          f"in {time.monotonic() - started:.1f} s (load average {load:.1f} on {os.cpu_count()} cores)")
    print(f"latency from the session to the phone: median {statistics.median(latencies):.1f} ms, "
          f"99th percentile {p99:.1f} ms, max {latencies[-1]:.1f} ms "
          f"(target: 99th percentile < {TARGET_MS:.0f} ms: {'met' if p99 < TARGET_MS else 'NOT met'})")
    print("99th percentile of each game: " + ", ".join(f"{value:.0f} ms" for value in per_game))
    return 0


if __name__ == "__main__":
    sys.exit(main())
