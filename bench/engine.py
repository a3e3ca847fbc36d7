"""Speed of the strategy lab against a minimal hand-optimized loop, and its memory.

The yardstick is the least a program can do to play a four-player snap game
of random players: keep each row's last card, length and penalty sum, deal
with a stopped Fisher-Yates shuffle, play random cards, apply rule 3 and
rule 4 (taking the cheapest row), and nothing else - no seeds per game, no
log, no record, no totals.  It runs in this process, interleaved with the
measured commands, so each ratio compares runs made at the same moment on
the same machine (medians of the pairs).

Measured:

* ``main.py simulate --games G --json`` (four ``random`` players, snap: the batched engine,
  :mod:`game.batch`), and the same with ``--record FILE``: games a second as the summary
  reports them (``games_per_second``), over the minimal loop's (issue 45's target: 5x);
* the batched engine alone (:class:`game.batch.games.BatchGames`, batches of 8,192 games) and
  the engine's own API (``Game`` actions, choices inline), in this process;
* ``--jobs 2`` over ``--jobs 1``, for ``random`` players and for ``mc``
  players (``mc,random,random,random --rollouts R``), by the summaries' times;
* peak memory (the simulate process's maximum resident set) at several
  numbers of games, with and without ``--record``.

    python bench/engine.py [--games G] [--record-games G] [--minimal-games G] [--repeats R] [--jobs-games N]
                           [--mc-games M] [--rollouts R]
                           [--no-speed] [--no-jobs] [--memory 10000,200000,1000000] [--smoke]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import SNAP, Game, Phase, Rules, game_seed  # noqa: E402
from game.batch.games import BatchGames  # noqa: E402
from lab.batched import BATCH_CHUNK, game_seeds  # noqa: E402
from game.rules import ALL_CARDS, HAND_SIZE, ROW_LIMIT, ROWS  # noqa: E402

from _kit import add_smoke, run  # noqa: E402

PLAYERS = 4
DECK = list(ALL_CARDS)


def minimal_game(draw: Callable[[], float], penalties: tuple[int, ...], turns: int) -> list[int]:
    """One random snap game with nothing but row ends, lengths and penalty sums."""
    deck = DECK[:]
    start = PLAYERS * HAND_SIZE
    dealt = start + ROWS
    for i in range(dealt):
        j = i + int(draw() * (104 - i))
        deck[i], deck[j] = deck[j], deck[i]
    hands = [deck[k:k + HAND_SIZE] for k in range(0, start, HAND_SIZE)]
    ends = deck[start:dealt]
    counts = [1] * ROWS
    sums = [penalties[card] for card in ends]
    scores = [0] * PLAYERS
    for _ in range(turns):
        # card * 16 + player: one sortable int per play
        plays = [hand.pop(int(draw() * len(hand))) * 16 + player for player, hand in enumerate(hands)]
        plays.sort()
        lowest = plays[0] >> 4
        if lowest < min(ends):  # rule 4: take the cheapest row
            row = sums.index(min(sums))
            scores[plays[0] & 15] += sums[row]
            ends[row], counts[row], sums[row] = lowest, 1, penalties[lowest]
            del plays[0]
        for play in plays:
            card = play >> 4
            row = best = 0
            for index, end in enumerate(ends):
                if best < end < card:
                    best, row = end, index
            if counts[row] == ROW_LIMIT:  # rule 3
                scores[play & 15] += sums[row]
                counts[row], sums[row] = 1, penalties[card]
            else:
                counts[row] += 1
                sums[row] += penalties[card]
            ends[row] = card
    return scores


def time_minimal(games: int, rules: Rules) -> tuple[float, float]:
    """Games a second of the minimal loop: by the clock, and by this process's CPU time."""
    draw = random.Random(1).random
    penalties, turns = rules.penalties, rules.turns_per_round
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        minimal_game(draw, penalties, turns)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu)


def time_engine(games: int, rules: Rules) -> float:
    """Games a second through the engine's public actions, choices made inline."""
    draw = random.Random(2).random
    start = time.perf_counter()
    for index in range(games):
        game = Game(rules, PLAYERS, game_seed(1, index))
        while True:
            phase = game.phase
            if phase is Phase.PLACE_CARD:
                game.place_next()
            elif phase is Phase.CHOOSE_CARDS:
                game.play_cards([hand[int(draw() * len(hand))] for hand in game.hands])
            elif phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, int(draw() * ROWS))  # type: ignore[arg-type]
            else:
                break
    return games / (time.perf_counter() - start)


def time_batched(games: int, rules: Rules) -> float:
    """Games a second of the batched engine alone, batches as the lab makes them."""
    players = BatchGames(rules, ["random"] * PLAYERS)
    start = time.perf_counter()
    for first in range(0, games, BATCH_CHUNK):
        players.play(game_seeds(1, first, min(first + BATCH_CHUNK, games)))
    return games / (time.perf_counter() - start)


def simulate(*args: str) -> dict[str, object]:
    """Run ``main.py simulate ... --json`` and return its summary, with ``cpu_seconds``: the CPU
    time of the command and its workers."""
    before = _children_cpu()
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "--json", "--no-progress",
                          "--seed", "1", *args], capture_output=True, text=True, check=True, cwd=ROOT)
    summary = json.loads(out.stdout)
    summary["cpu_seconds"] = _children_cpu() - before
    return summary


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_rate(games: int, summary: dict[str, object], start_up: float) -> float:
    """Games a CPU second of a simulate run, its start-up (``--games 0``) taken off."""
    return games / max(float(summary["cpu_seconds"]) - start_up, 1e-6)  # type: ignore[arg-type]


def peak_memory(*args: str) -> float:
    """Peak resident memory, in MiB, of ``main.py simulate ...`` (one process: ``--jobs 1``)."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
             "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, sys.executable, str(ROOT / "main.py"), "simulate",
                          "--no-progress", "--seed", "1", *args], capture_output=True, text=True, check=True)
    kilobytes = int(out.stdout.split()[-1])
    return kilobytes / (1 << 20 if sys.platform == "darwin" else 1 << 10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200000,
                        help="games of each --json speed run (default 200000: a run of 20,000 lasts a tenth of a "
                             "second, too short to time)")
    parser.add_argument("--record-games", type=int, default=20000,
                        help="games of each --record speed run (default 20000)")
    parser.add_argument("--minimal-games", type=int, default=40000,
                        help="games of each run of the minimal loop (default 40000: its pace does not change with "
                             "the number of games)")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs; medians are reported")
    parser.add_argument("--jobs-games", type=int, default=2000000, help="random games of the --jobs runs")
    parser.add_argument("--mc-games", type=int, default=400, help="mc games of the --jobs runs")
    parser.add_argument("--rollouts", type=int, default=24, help="rollouts per mc decision")
    parser.add_argument("--no-speed", dest="speed", action="store_false", help="skip the speed ratios")
    parser.add_argument("--no-jobs", dest="jobs", action="store_false", help="skip the --jobs speed-ups")
    parser.add_argument("--memory", default="10000,200000,1000000",
                        help="numbers of games whose peak memory is measured (comma-separated; '' for none)")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:
        args.games = args.record_games = args.minimal_games = args.jobs_games = 400
        args.repeats, args.mc_games, args.rollouts, args.memory = 1, 4, 2, "400"
    rules = SNAP
    games = {"json": args.games, "record": args.record_games}
    ratios: dict[str, list[float]] = {name: [] for name in (
        "json", "json cpu", "record", "record cpu", "batched", "engine", "jobs random", "jobs mc")}
    minimal_rates: list[float] = []
    mc = ["--players", "mc,random,random,random", "--rollouts", str(args.rollouts), "--games", str(args.mc_games)]
    with tempfile.TemporaryDirectory() as folder:
        record = str(Path(folder) / "games.jsonl")
        for repeat in range(args.repeats if args.speed or args.jobs else 0):
            start_up = float(simulate("--games", "0")["cpu_seconds"])  # type: ignore[arg-type]
            for name, extra in (("json", []), ("record", ["--record", record, "--overwrite"])) * args.speed:
                minimal, minimal_cpu = time_minimal(args.minimal_games, rules)
                minimal_rates.append(minimal)
                summary = simulate("--games", str(games[name]), *extra)
                ratios[name].append(float(summary["games_per_second"]) / minimal)  # type: ignore[arg-type]
                ratios[name + " cpu"].append(cpu_rate(games[name], summary, start_up) / minimal_cpu)
            if args.speed:
                minimal, _ = time_minimal(args.minimal_games, rules)
                ratios["batched"].append(time_batched(args.games, rules) / minimal)
                minimal, _ = time_minimal(args.minimal_games // 4, rules)
                ratios["engine"].append(time_engine(args.minimal_games // 4, rules) / minimal)
            for name, run in (("jobs random", ["--games", str(args.jobs_games)]), ("jobs mc", mc)) * args.jobs:
                one = float(simulate(*run, "--jobs", "1")["seconds"])  # type: ignore[arg-type]
                two = float(simulate(*run, "--jobs", "2")["seconds"])  # type: ignore[arg-type]
                ratios[name].append(one / two)
            print(f"run {repeat + 1}/{args.repeats}: " + ", ".join(f"{k} {v[-1]:.2f}" for k, v in ratios.items() if v),
                  file=sys.stderr)
        if minimal_rates:
            print(f"snap, {PLAYERS} random players, medians of {args.repeats} interleaved runs; "
                  f"minimal loop {statistics.median(minimal_rates):,.0f} games/s")
        targets = {"json": ">= 5", "record": ">= 0.35", "jobs random": ">= 1.8", "jobs mc": ">= 1.8"}
        labels = {
            "json": f"simulate --games {games['json']} --json / minimal loop",
            "json cpu": "  the same by CPU time (start-up taken off)",
            "record": f"simulate --games {games['record']} --record FILE / minimal loop",
            "record cpu": "  the same by CPU time (start-up taken off)",
            "batched": "batched engine alone (BatchGames.play) / minimal loop",
            "engine": "engine API (Game actions, choices inline) / minimal loop",
            "jobs random": f"--jobs 2 / --jobs 1, random, {args.jobs_games} games (speed-up)",
            "jobs mc": f"--jobs 2 / --jobs 1, mc --rollouts {args.rollouts}, {args.mc_games} games (speed-up)",
        }
        for name, label in labels.items():
            values = ratios[name]
            if not values:
                continue
            target = targets.get(name)
            print(f"{label:62s} {statistics.median(values):5.2f}  (runs: "
                  f"{', '.join(f'{v:.2f}' for v in values)}){'  target ' + target if target else ''}")
        sizes = [int(size) for size in args.memory.split(",") if size.strip()]
        for size in sizes:
            plain = peak_memory("--games", str(size), "--json")
            recorded = peak_memory("--games", str(size), "--json", "--record", record, "--overwrite")
            print(f"peak memory at {size:>11,} games: {plain:6.1f} MiB without --record, "
                  f"{recorded:6.1f} MiB with it")


if __name__ == "__main__":
    run(main)
