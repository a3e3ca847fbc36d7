"""A tournament on a Dask cluster against the same tournament in local worker processes.

Starts a real scheduler and N workers on this machine (``dask scheduler`` and ``dask worker``
processes over TCP, one thread each), then plays the same tournament - built-in players and
bot programs, shards of 200 games - with ``--jobs N`` and with ``--cluster``, alternating,
and prints games/s of each, the cluster's overhead per shard, and, from the measured cost of a
game, the time of a 200-bot league on 50 workers.  Both runs must give byte-identical standings.

    python bench/cluster.py [--workers 2] [--games 6400] [--include random,heuristic] [--rounds 1]

Target (issue): overhead under 5% against local ``--jobs 2`` on 2 cores, with shards of at least
200 games.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
TARGET_OVERHEAD = 0.05
SHARD_GAMES = 200


QUIET_WORKERS = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "5s",
}
"""Worker settings for a league (``--quiet-workers``; the README's cluster section): no
statistical profiler sampling every thread each 10 ms, the system monitor every 5 s instead of
0.5 s.  Both take processor time from the games on a busy machine."""


def start_cluster(workers: int, folder: Path, quiet: bool = False) -> tuple[str, list[subprocess.Popen[bytes]]]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT), **(QUIET_WORKERS if quiet else {}))
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", "0", "--no-dashboard"], cwd=folder, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert scheduler.stderr is not None
    address = ""
    for raw in scheduler.stderr:
        found = re.search(r"Scheduler at:\s+(tcp://\S+)", raw.decode(errors="replace"))
        if found:
            address = found.group(1)
            break
    log = open(folder / "scheduler.log", "wb")
    processes = [scheduler]
    for number in range(workers):
        processes.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                                           "--nthreads", "1", "--name", f"w{number + 1}", "--no-nanny",
                                           "--no-dashboard"], cwd=folder, env=env, stdout=log, stderr=log))
    from distributed import Client

    with Client(address, timeout=60) as client:
        client.wait_for_workers(workers, timeout=300)
    return address, processes


def dask_cpu(processes: list[subprocess.Popen[bytes]]) -> float:
    """Processor seconds the scheduler and worker processes themselves have used (their helper
    processes, which play the games, are not counted)."""
    import psutil

    total = 0.0
    for process in processes:
        try:
            times = psutil.Process(process.pid).cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def psutil_cores() -> int:
    import psutil

    return int(psutil.cpu_count() or 1)


def idle_seconds() -> float:
    """Processor time this machine's cores have spent idle so far (all processes, every core)."""
    import psutil

    times = psutil.cpu_times()
    return float(times.idle + getattr(times, "iowait", 0.0))


def tournament(out: Path, games: int, include: str, extra: list[str]) -> float:
    bot = f"{sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}"
    args = [sys.executable, str(PROJECT / "main.py"), "tournament", "--include", include,
            "--rollouts", "10", "--seed", "2026", "--games", str(games), "--no-progress", "--out", str(out),
            *[f"--bot=b{n}={bot}" for n in range(3)], *extra]
    start = time.perf_counter()
    subprocess.run(args, cwd=PROJECT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=6400)
    parser.add_argument("--include", default="random,heuristic", help="built-in entrants beside 3 bot programs")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each, alternating (the best counts)")
    parser.add_argument("--quiet-workers", action="store_true",
                        help="start the scheduler and workers without Dask's profiler, its monitor every 5 s")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cluster-bench-"))
    address, processes = start_cluster(args.workers, folder, quiet=args.quiet_workers)
    shards = math.ceil(args.games / SHARD_GAMES)
    local, remote, dask_seconds, idle_local, idle_remote = [], [], [], [], []
    try:
        for round_ in range(args.rounds):
            idle = idle_seconds()
            local.append(tournament(folder / f"local{round_}", args.games, args.include, ["--jobs", str(args.workers)]))
            idle_local.append(idle_seconds() - idle)
            before, idle = dask_cpu(processes), idle_seconds()
            remote.append(tournament(folder / f"cluster{round_}", args.games, args.include, ["--cluster", address]))
            idle_remote.append(idle_seconds() - idle)
            dask_seconds.append(dask_cpu(processes) - before)
            same = (folder / f"local{round_}" / "standings.json").read_bytes() == \
                (folder / f"cluster{round_}" / "standings.json").read_bytes()
            print(f"round {round_ + 1}: local --jobs {args.workers} {local[-1]:.2f} s, cluster {remote[-1]:.2f} s, "
                  f"standings {'identical' if same else 'DIFFER'}")
            if not same:
                return 1
    finally:
        for process in reversed(processes):
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    best_local, best_remote = min(local), min(remote)
    overhead = best_remote / best_local - 1
    per_shard = (best_remote - best_local) / shards
    print(f"{args.games} games, entrants: 3 bot programs and {args.include}, {shards} shards of "
          f"{SHARD_GAMES} games, {args.workers} workers of 1 thread"
          f"{' (profiler off, monitor every 5 s)' if args.quiet_workers else ''}")
    print(f"local --jobs {args.workers}: {args.games / best_local:.1f} games/s; cluster: "
          f"{args.games / best_remote:.1f} games/s")
    busy = dask_seconds[remote.index(best_remote)]
    print(f"Dask's own scheduler and worker processes (not the helpers that play) used {busy:.1f} s of processor "
          f"time in that run: {100 * busy / (best_remote * args.workers):.1f}% of its {args.workers} cores")
    cores = psutil_cores()
    for name, seconds, idle in (("local", best_local, idle_local[local.index(best_local)]),
                                ("cluster", best_remote, idle_remote[remote.index(best_remote)])):
        print(f"{name}: the machine's {cores} cores were idle {100 * idle / (seconds * cores):.1f}% of the run "
              "(time no process could use: waiting, not working)")
    print(f"cluster overhead: {100 * overhead:+.1f}% ({per_shard * 1000:+.0f} ms per shard); target under "
          f"{100 * TARGET_OVERHEAD:.0f}%: {'met' if overhead < TARGET_OVERHEAD else 'NOT met'}")
    worker_seconds_per_game = best_remote * args.workers / args.games
    pairs = 200 * 199 // 2
    deals = math.ceil(pairs * 10 / 6)  # every pair of 200 bots at 10 deals; a table holds 6 pairs
    league = 4 * deals
    hours = league * worker_seconds_per_game / 50 / 3600
    print(f"on paper: a 200-bot league (each pair at 10 deals: {league} games) on 50 such workers: "
          f"{hours:.1f} h ({worker_seconds_per_game * 1000:.0f} ms of a worker per game here)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
