"""A tournament on a Dask cluster against the same tournament in local worker processes.

Starts a real scheduler and N workers on this machine as the README starts them (``dask
scheduler`` and ``dask worker`` processes over TCP in the project's folder, nothing on
``PYTHONPATH``, each worker under its nanny unless ``--no-nanny``; one thread each), then plays the same tournament - built-in players and
bot programs, shards of 200 games - with ``--jobs N`` and with ``--cluster``, in the order
local, cluster, cluster, local (a machine slowly getting faster or slower favours neither side),
and prints games/s of each over all its runs, the cluster's overhead per shard, and, from the
measured cost of a game, the time of a 200-bot league on 50 workers.  Each round's two runs must
give byte-identical standings.

    python bench/cluster.py [--workers 2] [--games 6400] [--include random,heuristic] [--rounds 2] [--quiet-workers]
                            [--no-nanny] [--smoke]

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
sys.path.insert(0, str(PROJECT))

from cluster import WORKER_SETTINGS as QUIET_WORKERS  # noqa: E402 - docs/lab.md's settings for a league

from _kit import add_smoke, checkpoint, run  # noqa: E402

TARGET_OVERHEAD = 0.05
SHARD_GAMES = 200


def start_cluster(workers: int, folder: Path, quiet: bool = False,
                  nanny: bool = True) -> tuple[str, list[subprocess.Popen[bytes]]]:
    env = {**{name: value for name, value in os.environ.items() if name != "PYTHONPATH"},
           **(QUIET_WORKERS if quiet else {})}
    dask = str(Path(sys.executable).parent / "dask")
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"],
                                 cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert scheduler.stderr is not None
    address = ""
    for raw in scheduler.stderr:
        found = re.search(r"Scheduler at:\s+(tcp://\S+)", raw.decode(errors="replace"))
        if found:
            address = found.group(1)
            break
    if not address:
        raise SystemExit(f"the Dask scheduler did not start (exit code {scheduler.wait()})")
    log = open(folder / "scheduler.log", "wb")
    processes = [scheduler]
    for number in range(workers):
        processes.append(subprocess.Popen([dask, "worker", address, "--nthreads", "1", "--name", f"w{number + 1}",
                                           *(() if nanny else ("--no-nanny",)), "--no-dashboard"],
                                          cwd=PROJECT, env=env, stdout=log, stderr=log))
    from distributed import Client

    with Client(address, timeout=60) as client:
        client.wait_for_workers(workers, timeout=300)
    return address, processes


def dask_cpu(processes: list[subprocess.Popen[bytes]]) -> float:
    """Processor seconds the scheduler, nannies and worker processes themselves have used (the
    helper processes, which play the games, are not counted)."""
    import psutil

    total = 0.0
    for process in processes:
        try:
            root = psutil.Process(process.pid)
            members = [root, *root.children(recursive=True)]
        except psutil.Error:
            continue
        for member in members:
            try:
                if "cluster.helper" in " ".join(member.cmdline()):
                    continue
                times = member.cpu_times()
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


class Measured:
    """The runs of one side (local or cluster): wall seconds, cores' idle seconds, Dask's own."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self.idle = 0.0
        self.dask = 0.0

    @property
    def total(self) -> float:
        return sum(self.seconds)


def run_side(measured: Measured, out: Path, args: argparse.Namespace, extra: list[str],
             processes: list[subprocess.Popen[bytes]]) -> None:
    before, idle = dask_cpu(processes), idle_seconds()
    measured.seconds.append(tournament(out, args.games, args.include, extra))
    measured.idle += idle_seconds() - idle
    measured.dask += dask_cpu(processes) - before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=6400)
    parser.add_argument("--include", default="random,heuristic", help="built-in entrants beside 3 bot programs")
    parser.add_argument("--rounds", type=int, default=2,
                        help="runs of each, in the order local, cluster, cluster, local, ... (totals compared)")
    parser.add_argument("--no-nanny", action="store_true", help="workers without Dask's nanny (as before)")
    parser.add_argument("--quiet-workers", action="store_true",
                        help="start the scheduler and workers with docs/lab.md's settings for a league "
                             "(cluster.WORKER_SETTINGS)")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:  # one worker, one shard a side, once
        args.workers, args.games, args.rounds = 1, 8, 1
    folder = Path(tempfile.mkdtemp(prefix="cluster-bench-"))
    address, processes = start_cluster(args.workers, folder, quiet=args.quiet_workers, nanny=not args.no_nanny)
    checkpoint("cluster started")
    local, remote = Measured(), Measured()
    sides = {"local": (local, ["--jobs", str(args.workers)]), "cluster": (remote, ["--cluster", address])}
    try:
        for round_ in range(args.rounds):
            order = ("local", "cluster") if round_ % 2 == 0 else ("cluster", "local")
            for name in order:
                measured, extra = sides[name]
                run_side(measured, folder / f"{name}{round_}", args, extra, processes)
            same = (folder / f"local{round_}" / "standings.json").read_bytes() == \
                (folder / f"cluster{round_}" / "standings.json").read_bytes()
            print(f"round {round_ + 1} ({' then '.join(order)}): local --jobs {args.workers} {local.seconds[-1]:.2f} s, "
                  f"cluster {remote.seconds[-1]:.2f} s, standings {'identical' if same else 'DIFFER'}", flush=True)
            if not same:
                return 1
    finally:
        for process in reversed(processes):
            process.terminate()  # a nanny ends its worker
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    report(args, local, remote)
    return 0


def report(args: argparse.Namespace, local: Measured, remote: Measured) -> None:
    games = args.games * args.rounds
    shards = math.ceil(args.games / SHARD_GAMES) * args.rounds
    overhead = remote.total / local.total - 1
    per_shard = (remote.total - local.total) / shards
    print(f"{args.rounds} x {args.games} games on each side, entrants: 3 bot programs and {args.include}, shards of "
          f"{SHARD_GAMES} games, {args.workers} workers of 1 thread"
          f"{' (quiet: the settings of docs/lab.md for a league)' if args.quiet_workers else ''}")
    print(f"local --jobs {args.workers}: {games / local.total:.1f} games/s; cluster: {games / remote.total:.1f} games/s")
    print(f"Dask's own scheduler and worker processes (not the helpers that play) used {remote.dask:.1f} s of "
          f"processor time: {100 * remote.dask / (remote.total * args.workers):.1f}% of {args.workers} cores")
    cores = psutil_cores()
    for name, measured in (("local", local), ("cluster", remote)):
        print(f"{name}: the machine's {cores} cores were idle {100 * measured.idle / (measured.total * cores):.1f}% "
              "of the runs (time no process could use: waiting, not working)")
    print(f"cluster overhead: {100 * overhead:+.1f}% ({per_shard * 1000:+.0f} ms per shard); target under "
          f"{100 * TARGET_OVERHEAD:.0f}%: {'met' if overhead < TARGET_OVERHEAD else 'NOT met'}")
    worker_seconds_per_game = remote.total * args.workers / games
    pairs = 200 * 199 // 2
    deals = math.ceil(pairs * 10 / 6)  # every pair of 200 bots at 10 deals; a table holds 6 pairs
    league = 4 * deals
    hours = league * worker_seconds_per_game / 50 / 3600
    print(f"on paper: a 200-bot league (each pair at 10 deals: {league} games) on 50 such workers: "
          f"{hours:.1f} h ({worker_seconds_per_game * 1000:.0f} ms of a worker per game here)")


if __name__ == "__main__":
    run(main)
