"""Strength of the computer players: the figures the AI levels are judged by.

    python bench/ai.py [--games N] [--deals D] [--think-ms MS] [--jobs J] [--only NAME ...]

1. ``classic``  - classic rules, ``mc`` against three ``random``: mean penalty
   per 10-card round, with its 95% interval (target: at most 4.0).
2. ``snap``     - the same under the snap preset (one 7-turn round a game).
3. ``mc-vs-heuristic`` - duplicate deals, ``mc,heuristic,random,random``: the
   per-deal difference of mean penalty, mc minus heuristic (target: the
   whole 95% interval below zero).
4. ``heuristic-vs-random`` - duplicate deals, ``heuristic,random,random,random``.

Every run also reports the longest ``mc`` decision against the budget
(target: at most 20% over).  Timings depend on the machine and its load;
with ``--jobs`` above the number of idle cores, decisions get less CPU and
the overshoot figure is pessimistic.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.players.options import AgentOptions  # noqa: E402
from game.rules import CLASSIC, SNAP, Rules  # noqa: E402
from game.lab.records import RecordsFile  # noqa: E402
from game.lab.simulate import Summary, mean_interval, simulate, total_games  # noqa: E402
from cli.progress import Progress  # noqa: E402

BENCHES = ("classic", "snap", "mc-vs-heuristic", "heuristic-vs-random")


class GameScores(NamedTuple):
    """What the figures below need of one game (read back from its record)."""

    scores: list[int]
    rounds: int


def simulate_games(rules: Rules, kinds: list[str], games: int, seed: int, options: AgentOptions,
                   jobs: int) -> tuple[Summary, list[GameScores]]:
    """A run's summary, and each game's scores from the records it wrote (a run keeps no games)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        records = RecordsFile(path)
        bar = Progress(games)
        summary = simulate(rules, kinds, games, seed, records, options=options, jobs=jobs, progress=bar.update)
        bar.finish()
        records.close()
        with open(path, encoding="utf-8") as lines:
            results = [GameScores(r["scores"], len(r["rounds"])) for r in map(json.loads, lines)]
    return summary, results


def ratio_interval(results: list[GameScores], seat: int) -> tuple[float, float, float]:
    """Total penalty / total rounds of ``seat``, with a 95% interval (ratio estimator).

    Games have different numbers of rounds, so the per-round figure is a ratio
    of sums; its standard error comes from the per-game residuals
    ``penalty - mean * rounds`` (the delta method).
    """
    penalties = [r.scores[seat] for r in results]
    rounds = [r.rounds for r in results]
    n = len(results)
    mean = sum(penalties) / sum(rounds)
    residuals = [p - mean * k for p, k in zip(penalties, rounds)]
    mean_rounds = sum(rounds) / n
    variance = sum(e * e for e in residuals) / (n - 1) if n > 1 else 0.0
    half = 1.96 * (variance / n) ** 0.5 / mean_rounds
    return mean, mean - half, mean + half


def overshoot(summary: Summary, kind: str, think_ms: float) -> str:
    longest = max((p.longest_decision for p in summary.players if p.kind == kind), default=0.0)
    mean = [p.decision_ms_mean for p in summary.players if p.kind == kind]
    return (f"{kind} decisions: mean {sum(mean) / max(len(mean), 1):.1f} ms, longest {1000 * longest:.1f} ms "
            f"= {100 * (1000 * longest / think_ms - 1):+.1f}% against the {think_ms:g} ms budget")


def against_random(rules: Rules, games: int, options: AgentOptions, jobs: int, seed: int) -> None:
    start = time.perf_counter()
    summary, results = simulate_games(rules, ["mc", "random", "random", "random"], games, seed, options, jobs)
    mean, low, high = ratio_interval(results, 0)
    per_game, g_low, g_high = mean_interval([float(r.scores[0]) for r in results])
    rounds = sum(r.rounds for r in results)
    randoms = sum(p.penalty for p in summary.players[1:]) / (3 * rounds)
    print(f"[{rules.name}] mc vs 3 random, {games} games ({rounds} rounds), seed {seed}, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  mc per round : {mean:.2f} (95% interval {low:.2f}-{high:.2f})")
    print(f"  mc per game  : {per_game:.2f} (95% interval {g_low:.2f}-{g_high:.2f})")
    print(f"  random players per round: {randoms:.2f}; mc win rate {summary.players[0].win_rate:.1%}")
    if options.rollouts is None:
        print("  " + overshoot(summary, "mc", options.think_ms))


def duplicate(rules: Rules, kinds: list[str], deals: int, options: AgentOptions, jobs: int, seed: int) -> None:
    start = time.perf_counter()
    bar = Progress(total_games(kinds, deals, duplicate=True))
    summary = simulate(rules, kinds, deals, seed, options=options, jobs=jobs, duplicate=True, progress=bar.update)
    bar.finish()
    print(f"[{rules.name}] duplicate {','.join(kinds)}: {deals} deals x {len(kinds)} rotations, "
          f"seed {seed}, {time.perf_counter() - start:.0f} s")
    for p in summary.players:
        print(f"  {p.kind:<10} per game {p.mean_penalty:6.2f}  per round {p.mean_penalty_per_round:5.2f}  "
              f"win rate {p.win_rate:.1%}")
    first, second = kinds[0], kinds[1]
    for pair in summary.head_to_head:
        if (pair.first, pair.second) == (first, second):
            mean, low, high = pair.interval()
            verdict = "excludes zero" if high < 0 or low > 0 else "INCLUDES ZERO"
            print(f"  {first} - {second}: {mean:+.2f} per game (95% interval {low:+.2f} to {high:+.2f}, {verdict})")
    if "mc" in kinds and options.rollouts is None:
        print("  " + overshoot(summary, "mc", options.think_ms))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=250, help="games against random (default 250)")
    parser.add_argument("--snap-games", type=int, default=600, help="snap games against random (default 600)")
    parser.add_argument("--deals", type=int, default=40, help="duplicate deals of mc vs heuristic (default 40)")
    parser.add_argument("--heuristic-deals", type=int, default=1000,
                        help="duplicate deals of heuristic vs random (default 1000)")
    parser.add_argument("--think-ms", type=float, default=100.0)
    parser.add_argument("--rollouts", type=int, default=None, help="a rollout budget instead of --think-ms")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", nargs="+", choices=BENCHES, default=list(BENCHES))
    args = parser.parse_args()
    options = AgentOptions(think_ms=args.think_ms, rollouts=args.rollouts)
    budget = f"{args.rollouts} rollouts" if args.rollouts else f"{args.think_ms:g} ms"
    print(f"mc budget: {budget} per decision; {args.jobs} worker process(es)")
    if "classic" in args.only:
        against_random(CLASSIC, args.games, options, args.jobs, args.seed)
    if "snap" in args.only:
        against_random(SNAP, args.snap_games, options, args.jobs, args.seed)
    if "mc-vs-heuristic" in args.only:
        duplicate(CLASSIC, ["mc", "heuristic", "random", "random"], args.deals, options, args.jobs, args.seed)
    if "heuristic-vs-random" in args.only:
        duplicate(CLASSIC, ["heuristic", "random", "random", "random"], args.heuristic_deals,
                  AgentOptions(), args.jobs, args.seed)


if __name__ == "__main__":
    main()
