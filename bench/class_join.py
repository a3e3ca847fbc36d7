"""Tap to seat: a class joins a room of many tables, behind one address and from an address each.

``python bench/class_join.py [--phones 30] [--client-processes 2] [--json] [--smoke]``

The target (issue 40): a class of up to 60 behind one address (a school's network) joins as
well as one with an address each - every tap on Join gets a seat within 3 s, no tap is dropped,
and every student sits at a table.  The bench runs the real class server with a room of many
tables; the simulated phones (:class:`classroom.simclient.SimClient`, in processes of
their own) load the page as a browser does, then all tap Join at the same moment - the worst
case of a class told "join now".  It does this twice: every phone behind one address
(127.0.9.1), then every phone on an address of its own (127.1.x.y).  Measured on the clock every
process shares: from each phone's tap to its answer (its ``welcome``), as the median, the 95th
percentile and the longest; and counted: the taps whose socket closed before their answer
(``unanswered``: the page sends them again, so the student does not retype, but none should
be), the connections the server refused or closed, and the students the start seats at tables.
The bench checks the phones it claims: every phone seated, on as many addresses as it says
(else it fails).
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

CODE = "JOIN"
SCHOOL = "127.0.9.1"
"""The school's one address (every phone of the class behind it)."""
TARGET_S = 3.0


def phones(url: str, people: list[tuple[str, str]], go: Any, done: Any, results: Any, ready: Any) -> None:
    """Simulated phones (in their own process): load the page, wait for ``go``, tap Join at once,
    stay until ``done`` (a phone gone at the start is not seated); send back each phone's (tap to
    answer in seconds, unanswered sockets, seated)."""
    from classroom.simclient import SimClient

    async def main() -> None:
        loop = asyncio.get_running_loop()
        clients = [SimClient(url, CODE, name, address=address, play=False, load_page=True)
                   for name, address in people]
        ready.set()
        await loop.run_in_executor(None, go.wait)
        tasks = [asyncio.create_task(client.run(until_over=False)) for client in clients]
        while not all(client.seated_at for client in clients):
            await asyncio.sleep(0.01)
        results.put([(client.tap_to_seat, client.unanswered, client.seat is not None) for client in clients])
        await loop.run_in_executor(None, done.wait)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def room_server(code: str, places: int = 0) -> Any:
    """The real class server of a room of many tables of ``places`` (0: as many as a room holds)
    before its start, listening on the loopback (the class benches' room)."""
    from classroom.room import Room
    from classroom.server import ClassServer
    from classroom.tables import MAX_PHONES

    room = Room(places or MAX_PHONES, code)
    room.many_tables = True
    server = ClassServer(room, host="127.0.0.1", port=0)
    server.start()
    return server


def one_class(count: int, one_address: bool, processes: int) -> dict[str, Any]:
    """``count`` phones tap Join at once (behind one address or each on its own); the figures."""
    from classroom.simclient import phone_address
    from classroom.tables import plan_tables

    server = room_server(CODE)
    room = server.room
    context = multiprocessing.get_context("spawn")
    go, done, results = context.Event(), context.Event(), context.Queue()
    people = [(f"S{i:02}", SCHOOL if one_address else phone_address(i)) for i in range(count)]
    workers = []
    for index in range(processes):
        ready = context.Event()
        worker = context.Process(target=phones, args=(f"http://127.0.0.1:{server.port}", people[index::processes],
                                                      go, done, results, ready))
        worker.start()
        workers.append(worker)
        if not ready.wait(120):
            raise SystemExit("the phones did not start")
    go.set()
    found = [entry for _ in workers for entry in results.get(timeout=120)]
    address, most = room.shared_address()
    plan = plan_tables(room.start(), 4)
    seated_at_tables = sum(1 for table in plan.tables for seat in table if seat is not None)
    done.set()
    for worker in workers:
        worker.join(60)
    server.stop()
    waits = [wait for wait, _unanswered, _seated in found if wait is not None]
    addresses = 1 if most == count else count if most == 1 else None
    if len(found) != count or not all(seated for _w, _u, seated in found) or addresses != (1 if one_address
                                                                                          else count):
        raise SystemExit(f"{len(found)} phones answered, {sum(s for _w, _u, s in found)} seated, "
                         f"{most} on the busiest address: not the {count} phones claimed")
    return {"phones": count, "addresses": addresses, "seated": len(waits), "seated_at_tables": seated_at_tables,
            "unanswered": sum(unanswered for _w, unanswered, _s in found),
            "refused": server.connections.refused, "closed_by_guard": server.guard.closed,
            "p50_s": round(statistics.median(waits), 3), "p95_s": round(percentile(waits, 0.95), 3),
            "max_s": round(max(waits), 3), "target_p95_s": TARGET_S}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=30, help="students in the class, 1-60 (default 30)")
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes the simulated phones are shared among (default 2)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--smoke", action="store_true", help="a small run: 6 phones in one process")
    args = parser.parse_args()
    if args.smoke:
        args.phones, args.client_processes = 6, 1
    if not 1 <= args.phones <= 60:
        parser.error(f"--phones must be from 1 to 60, not {args.phones}")
    started = time.monotonic()
    figures = {"one_address": one_class(args.phones, True, args.client_processes),
               "own_addresses": one_class(args.phones, False, args.client_processes),
               "seconds": round(time.monotonic() - started, 1), "cores": os.cpu_count(),
               "load_average": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None}
    if args.json:
        print(json.dumps(figures))
    else:
        for mode, label in (("one_address", "behind one address"), ("own_addresses", "an address each")):
            f = figures[mode]
            met = "met" if f["p95_s"] < TARGET_S else "NOT met"
            print(f"{f['phones']} phones {label}: tap to seat median {f['p50_s']} s, 95th percentile {f['p95_s']} s "
                  f"(target < {TARGET_S:g} s: {met}), longest {f['max_s']} s; {f['seated_at_tables']} seated at "
                  f"tables, {f['unanswered']} taps sent again, {f['refused']} refused")
        print(f"(load average {figures['load_average']} on {figures['cores']} cores)")
    return 0


if __name__ == "__main__":
    from _kit import run  # (a failure ends the bench at once: its phones and server with it)

    run(main)
