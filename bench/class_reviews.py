"""The students' reviews reaching their phones: a class of 30 at the end of a lesson.

``python bench/class_reviews.py [--phones 30] [--niceness N] [--busy N] [--rollouts R] [--json] [--smoke]``
``python bench/class_reviews.py --busy 6 --json``  (a busy laptop: six busy loops beside the lesson)

Every simulated phone (in ``--client-processes`` processes of their own) joins one room of many
tables and plays its table to the end; the main thread does what the projector does each frame
(pump the room, draw the overview of every table, headless).  When a table's game ends, its
students' reviews are computed in the review worker processes (:mod:`classroom.reviews`,
the default rollouts, as ``main.py review``) and each phone receives its own.  Measured, on the
clock every process shares: from the phone reading its game's end to it reading its finished
review - the first phone's, the median and the last's (targets for the last of 30 students on
2 cores: 3 s on a quiet machine, 30 s beside six busy loops) - and the processor time of each
projector frame drawn while the reviews were being computed (target: p99 under 16 ms).
``--niceness`` runs the review workers at another priority than the app's default
(:data:`classroom.reviews.WORKER_NICENESS`), to choose it by measuring; ``--busy N`` runs N
processes that only spin (``while True: pass``, the priority of everything else) for the length
of the lesson, as a teacher's browser and video would.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from _kit import add_smoke, check_processes, checkpoint, run

CODE = "REVW"
SMOKE_ROLLOUTS = 8
LAST_TARGET_QUIET_S = 3.0
LAST_TARGET_LOADED_S = 30.0
FRAME_TARGET_MS = 16.0


def phones(url: str, names: list[tuple[str, str]], results: Any, ready: Any) -> None:
    """Simulated students (in their own process), each on its own address (``names``: (name,
    address)): join in order, play, then wait for their review; each sends back (name, time its
    game ended, time its review was ready)."""
    from classroom.simclient import SimClient

    async def main() -> None:
        clients = [SimClient(url, CODE, name, address=address) for name, address in names]
        tasks = []
        for client in clients:
            tasks.append(asyncio.create_task(client.run(until_over=False)))
            while client.token is None:
                await asyncio.sleep(0.001)
        ready.set()
        await asyncio.gather(*tasks)
        found = []
        for client in clients:
            over = next((t for t, m in client.received if m.get("type") == "state" and m.get("phase") == "over"),
                        None)
            review = next((t for t, m in client.received if m.get("type") == "review" and m.get("ready")), None)
            found.append((client.name, over, review))
        results.put(found)

    asyncio.run(main())


def reported(results: Any, workers: list[Any]) -> Any:
    """The next phones' process's report; raises if they ended without one, or after two minutes."""
    for _second in range(120):
        try:
            return results.get(timeout=1)
        except queue.Empty:
            check_processes(workers)
    raise SystemExit("the phones did not report in two minutes")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def lesson(args: argparse.Namespace) -> dict[str, Any]:
    import pygame

    from classroom.reviews import WORKER_NICENESS, ReviewService
    from classroom.server import ClassServer
    from classroom.tables import AUTO, plan_tables
    from game.review import DEFAULT_ROLLOUTS
    from game.rules import SNAP
    from scenes.app import App
    from scenes.classroom.overview import OverviewScene
    from classroom.class_learning import Learning
    from classroom.class_room import RoomGame, RoomOfTables, TableSaved
    from classroom.class_settings import ClassSettings
    from scenes.model.options import PlayOptions

    from class_tables_load import room_of_phones

    from class_load import people

    names = people(args.phones, "S")
    server, results, workers = room_of_phones(ClassServer, SNAP, names, args.client_processes, phones,
                                              lambda share, results, ready: (share, results, ready), CODE)
    checkpoint("phones joined")
    room = server.room
    pygame.display.init()
    pygame.font.init()
    app = App(PlayOptions(step_delay=args.step_delay))
    niceness = WORKER_NICENESS if args.niceness is None else args.niceness
    service = ReviewService(workers=args.workers, rollouts=args.rollouts or DEFAULT_ROLLOUTS, niceness=niceness)
    plan = plan_tables(room.start(), 4, AUTO)
    tables = RoomOfTables(server, plan, RoomGame(SNAP, seed=1, step_delay=args.step_delay,
                                                  learning=Learning(reviews=service)),
                          lambda session, code, table, finishing: TableSaved(True, ""))  # (not saved: not measured)
    overview = OverviewScene(app.ctx, tables, ClassSettings(tables=AUTO), (f"http://127.0.0.1:{server.port}",))
    surface = pygame.display.set_mode((1280, 720))
    frames_ms: list[float] = []
    intervals_ms: list[float] = []
    """Wall-clock time from one frame's start to the next's while reviewing: what the class sees."""
    last = time.monotonic()
    deadline = last + args.timeout
    while time.monotonic() < deadline:
        check_processes(workers)
        frame_start = time.monotonic()
        tables.pump(frame_start - last)
        if tables.done:
            intervals_ms.append((frame_start - last) * 1000)
        last = frame_start
        drawing = time.thread_time()
        overview.draw(surface)
        if tables.done:  # the reviews are being computed: does the projector stutter?
            frames_ms.append((time.thread_time() - drawing) * 1000)
            if all(session.after_game.started and all(review.ready and review.sent_done == review.total
                                                      for review in session.reviews)
                   for session in tables.sessions):
                break
        time.sleep(max(0.0, 1 / 60 - (time.monotonic() - frame_start)))
    tables.close()
    found = [entry for _ in workers for entry in reported(results, workers)]
    for worker in workers:
        worker.join(30)
    service.close()
    waits = sorted(review - over for _name, over, review in found if over is not None and review is not None)
    missing = sum(1 for _name, over, review in found if review is None)
    if len(found) != args.phones:
        raise SystemExit(f"only {len(found)} of {args.phones} phones reported")
    return {
        "phones": args.phones, "tables": len(plan.tables), "review_workers": service.workers,
        "worker_niceness": niceness,
        "cores": os.cpu_count(), "reviews": len(waits), "missing": missing,
        "first_s": round(waits[0], 2) if waits else None, "last_s": round(waits[-1], 2) if waits else None,
        "median_s": round(statistics.median(waits), 2) if waits else None,
        "last_target_quiet_s": LAST_TARGET_QUIET_S, "last_target_loaded_s": LAST_TARGET_LOADED_S,
        "frame_p50_ms": round(percentile(frames_ms, 0.5), 2), "frame_p99_ms": round(percentile(frames_ms, 0.99), 2),
        "frame_target_ms": FRAME_TARGET_MS, "frames_while_reviewing": len(frames_ms),
        "frame_interval_p99_ms": round(percentile(intervals_ms, 0.99), 1),
        "load_average": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None,
    }


@contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """``count`` processes that only spin, for the length of the ``with`` block."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None, help="review worker processes (default: up to 2)")
    parser.add_argument("--niceness", type=int, default=None,
                        help="the review workers' niceness (default: the app's, WORKER_NICENESS)")
    parser.add_argument("--rollouts", type=int, default=None,
                        help="each decision's sampled deals in a review (default: the app's, DEFAULT_ROLLOUTS)")
    parser.add_argument("--step-delay", type=float, default=0.05)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--busy", type=int, default=0, help="busy loops beside the lesson (default 0)")
    parser.add_argument("--json", action="store_true")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:  # four students at one table, a short review each
        args.phones, args.client_processes, args.workers, args.rollouts = 4, 1, 1, SMOKE_ROLLOUTS
    with busy_loops(args.busy):
        figures = lesson(args)
    figures["busy_loops"] = args.busy
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['reviews']} reviews of {figures['phones']} students at {figures['tables']} tables, "
              f"{figures['review_workers']} review workers (niceness {figures['worker_niceness']}) on {figures['cores']} "
              f"cores, {figures['busy_loops']} busy loops beside, load average {figures['load_average']}")
        print(f"from a game's end to the phone's review: first {figures['first_s']} s, median {figures['median_s']} s, "
              f"last {figures['last_s']} s (targets for the last: {LAST_TARGET_QUIET_S:g} s quiet, "
              f"{LAST_TARGET_LOADED_S:g} s beside six busy loops)")
        print(f"projector frame while reviewing (processor time): p50 {figures['frame_p50_ms']} ms, "
              f"p99 {figures['frame_p99_ms']} ms (target {FRAME_TARGET_MS:g}); from frame to frame (wall clock, "
              f"at 60 a second): p99 {figures['frame_interval_p99_ms']} ms")
    return 0 if figures["missing"] == 0 else 1


if __name__ == "__main__":
    run(main)
