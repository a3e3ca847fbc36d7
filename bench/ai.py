"""Strength of the computer players: the figures the AI levels are judged by.

    python bench/ai.py [--games N] [--deals D] [--think-ms MS] [--jobs J] [--only NAME ...]
    python bench/ai.py --only rollouts [--baseline DIR] [--repeats R]
    python bench/ai.py --only paired --baseline DIR [--games N] [--think-ms MS | --rollouts N]
    python bench/ai.py --smoke   (every bench above at a few games, a few rollouts)

1. ``classic``  - classic rules, ``mc`` against three ``random``: mean penalty
   per 10-card round, with its 95% interval (target: at most 3.5, the interval narrower
   than +-0.2: about 400 games at 100 ms on a quiet machine).
2. ``snap``     - the same under the snap preset (one 7-turn round a game).
3. ``mc-vs-heuristic`` - duplicate deals, ``mc,heuristic,random,random``: the
   per-deal difference of mean penalty, mc minus heuristic (target: the
   whole 95% interval below zero).
4. ``heuristic-vs-random`` - duplicate deals, ``heuristic,random,random,random``.

5. ``paired`` - this checkout's ``mc`` against another checkout's (``--baseline DIR``), each
   against three random players on the same classic deals, the games alternating between them
   so that the machine's load hits both alike: each ``mc``'s penalty per round, and the paired
   difference (the rounds both games played), with 95% intervals.  The random players' cards
   and rows at each turn are drawn from the game's seed, not from one stream, so they play
   the same cards in both games whatever ``mc`` does.  With ``--rollouts N`` both think a fixed
   number of sampled deals per decision instead, so the load plays no part and a rerun gives the
   same games.  Not run unless named in ``--only``.

6. ``rollouts`` - how much ``mc`` searches: sampled worlds and playouts (a candidate played to
   the end of the round on a world) per decision at ``--think-ms``, over the card decisions of
   seat 0 in the first round of six seeded classic games (4 players), and playouts per second
   of processor time.  With ``--baseline DIR`` (another checkout, e.g. made by
   ``git worktree add DIR <commit>``), the same positions are searched by that checkout's
   ``mc`` too, runs alternating, and the ratios are printed (target: 10x the playouts).

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

if "--root" in sys.argv:  # --measure-rollouts in another checkout: its game, this bench
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--root") + 1]).resolve()))
else:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.players.options import AgentOptions  # noqa: E402
from game.rules import CLASSIC, SNAP, Rules  # noqa: E402
from lab.records import RecordsFile  # noqa: E402
from lab.simulate import Summary, mean_interval, simulate, total_games  # noqa: E402
from cli.progress import Progress  # noqa: E402

from _kit import add_smoke, run  # noqa: E402

BENCHES = ("classic", "snap", "mc-vs-heuristic", "heuristic-vs-random", "rollouts", "paired")
BY_DEFAULT = BENCHES[:-1]
"""What a run without ``--only`` measures (``paired`` needs a ``--baseline``)."""
ROLLOUT_GAMES = 6
"""Games whose first-round card decisions (of seat 0) the ``rollouts`` bench searches."""


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


def rollout_positions(games: int) -> list[object]:
    """Seat 0's card decisions (two cards or more) in the first round of seeded classic random games."""
    import random

    from game import Game, Phase
    from game.play import game_seed

    views: list[object] = []
    for index in range(games):
        game, rng = Game(CLASSIC, 4, game_seed(11, index)), random.Random(index)
        while game.round == 0 and not game.is_over:
            if game.phase is Phase.CHOOSE_CARDS:
                if len(game.hand(0)) > 1:
                    views.append(game.view(0))
                game.play_cards([rng.choice(game.hand(p)) for p in range(4)])
            elif game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, rng.randrange(4))  # type: ignore[arg-type]
            else:
                game.place_next()
    return views


def measure_rollouts(think_ms: float) -> dict[str, float]:
    """Worlds and playouts per decision of the ``mc`` found on the path, at ``think_ms``.  A search
    that reports them (``SearchStats``) is asked; an older one is counted from outside: a world is
    one ``sample`` of its generator, a playout one call of its ``rollout``."""
    import random
    import statistics

    from game.players import mc

    counted = {"worlds": 0, "playouts": 0}
    if not hasattr(mc, "SearchStats"):
        real = mc.rollout  # type: ignore[attr-defined]

        def rollout(*args: object) -> int:
            counted["playouts"] += 1
            return real(*args)  # type: ignore[no-any-return]

        mc.rollout = rollout  # type: ignore[attr-defined]

    class Counting(random.Random):
        def sample(self, population, k, **kwargs):  # type: ignore[no-untyped-def,override]
            counted["worlds"] += 1
            return super().sample(population, k, **kwargs)

    worlds, playouts, wall, cpu = [], [], [], []
    for view in rollout_positions(ROLLOUT_GAMES):
        counted.update(worlds=0, playouts=0)
        stats = mc.SearchStats() if hasattr(mc, "SearchStats") else None
        extra = {"stats": stats} if stats is not None else {}
        started, started_cpu = time.perf_counter(), time.process_time()
        mc.mc_choose_card(view, Counting(7), AgentOptions(think_ms=think_ms), **extra)  # type: ignore[arg-type]
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        worlds.append(stats.worlds if stats is not None else counted["worlds"])
        playouts.append(stats.playouts if stats is not None else counted["playouts"])
    return {"decisions": len(worlds), "worlds": statistics.mean(worlds), "playouts": statistics.mean(playouts),
            "wall_ms": 1000 * statistics.mean(wall), "cpu_ms": 1000 * statistics.mean(cpu),
            "playouts_per_cpu_second": sum(playouts) / sum(cpu)}


def rollouts_in(root: Path, think_ms: float) -> dict[str, float]:
    """:func:`measure_rollouts` in a fresh process that imports the game from ``root``."""
    import subprocess

    out = subprocess.run([sys.executable, __file__, "--measure-rollouts", "--root", str(root),
                          "--think-ms", str(think_ms)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def rollouts(think_ms: float, baseline: Path | None, repeats: int) -> None:
    import statistics

    here = Path(__file__).resolve().parent.parent
    runs: dict[str, list[dict[str, float]]] = {"this": [], "baseline": []}
    for _repeat in range(repeats):
        runs["this"].append(rollouts_in(here, think_ms))
        if baseline is not None:
            runs["baseline"].append(rollouts_in(baseline, think_ms))
    print(f"[classic] mc card decisions of seat 0, first round of {ROLLOUT_GAMES} games, {think_ms:g} ms each, "
          f"medians of {repeats} run(s)")
    for name, found in runs.items():
        if found:
            row = {key: statistics.median(run[key] for run in found) for key in found[0]}
            print(f"  {name:8} worlds/decision {row['worlds']:8.0f}  playouts/decision {row['playouts']:8.0f}  "
                  f"decision {row['wall_ms']:.1f} ms ({row['cpu_ms']:.1f} ms processor)  "
                  f"playouts per processor second {row['playouts_per_cpu_second']:,.0f}")
    if runs["baseline"]:
        for key in ("worlds", "playouts", "playouts_per_cpu_second"):
            ratios = [new[key] / old[key] for new, old in zip(runs["this"], runs["baseline"])]
            print(f"  {key} this / baseline: {statistics.median(ratios):.1f}x (runs: "
                  f"{', '.join(f'{r:.1f}' for r in ratios)}){'  target >= 10x' if key == 'playouts' else ''}")


class SeededRandom:
    """A ``random`` player whose card and row at each turn are drawn from the game's seed, the
    seat, the round and the turn: the same plays in two games of one deal whatever ``mc`` does
    (a shared stream would drift apart at the first row one game asks for and the other not)."""

    kind = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def draw(self, view: object, what: str) -> float:
        import random

        return random.Random(f"{self.seed}/{self.seat}/{view.round}/{view.turn}/{what}").random()  # type: ignore[attr-defined]

    def choose_card(self, view: object) -> int:
        hand: list[int] = view.hand  # type: ignore[attr-defined]
        return hand[int(self.draw(view, "card") * len(hand))]

    def choose_row(self, view: object) -> int:
        return int(self.draw(view, "row") * 4)


def paired_game(seed: int, options: AgentOptions) -> list[int]:
    """``mc``'s penalty in each round of the classic game seeded ``seed``, against three :class:`SeededRandom`."""
    from game import Game
    from game.play import make_agents, play_game

    game = Game(CLASSIC, 4, seed)
    mc = make_agents(["mc"], seed, options)[0]
    play_game(game, [mc] + [SeededRandom(seed, seat) for seat in (1, 2, 3)])
    return [log.penalties[0] for log in game.rounds]


def serve_games(options: AgentOptions) -> None:
    """``--serve-games``: a game seed per line in, that game's :func:`paired_game` per line out."""
    for line in sys.stdin:
        print(json.dumps(paired_game(int(line), options)), flush=True)


def budget_flags(options: AgentOptions) -> list[str]:
    """The command-line flags that give a worker ``options``' budget."""
    rollouts = ["--rollouts", str(options.rollouts)] if options.rollouts is not None else []
    return ["--think-ms", str(options.think_ms)] + rollouts


def budget_label(options: AgentOptions) -> str:
    """``mc``'s budget per decision, as the reports name it."""
    return f"{options.rollouts} rollouts" if options.rollouts is not None else f"{options.think_ms:g} ms"


def paired(games: int, options: AgentOptions, baseline: Path, seed: int) -> None:
    import os
    import subprocess

    from game.play import game_seed

    roots = {"this": Path(__file__).resolve().parent.parent, "baseline": baseline}
    workers = {name: subprocess.Popen([sys.executable, __file__, "--serve-games", "--root", str(root),
                                       *budget_flags(options)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for name, root in roots.items()}
    rounds: dict[str, list[list[int]]] = {name: [] for name in roots}
    loads, start, bar = [os.getloadavg()[0]], time.perf_counter(), Progress(games)
    for index in range(games):
        for name in list(roots)[::1 if index % 2 == 0 else -1]:
            worker = workers[name]
            worker.stdin.write(f"{game_seed(seed, index)}\n")  # type: ignore[union-attr]
            worker.stdin.flush()  # type: ignore[union-attr]
            rounds[name].append(json.loads(worker.stdout.readline()))  # type: ignore[union-attr]
        loads.append(os.getloadavg()[0])
        bar.update(index + 1)
    bar.finish()
    for worker in workers.values():
        worker.stdin.close()  # type: ignore[union-attr]
        worker.wait()
    print_paired(rounds, budget_label(options), seed, time.perf_counter() - start, loads)


def print_paired(rounds: dict[str, list[list[int]]], budget: str, seed: int, seconds: float,
                 loads: list[float]) -> None:
    this, baseline = rounds["this"], rounds["baseline"]
    print(f"[classic] paired mc vs 3 random at {budget}: {len(this)} deals, seed {seed}, {seconds:.0f} s, "
          f"load average {min(loads):.1f}-{max(loads):.1f}")
    for name, found in rounds.items():
        mean, low, high = ratio_interval([GameScores([sum(game)], len(game)) for game in found], 0)
        print(f"  {name:8} per round {mean:.2f} (95% interval {low:.2f}-{high:.2f}, {sum(map(len, found))} rounds)")
    common = [min(len(a), len(b)) for a, b in zip(this, baseline)]
    differences = [GameScores([sum(a[:k]) - sum(b[:k])], k) for a, b, k in zip(this, baseline, common)]
    mean, low, high = ratio_interval(differences, 0)
    print(f"  this - baseline: {mean:+.2f} per round (95% interval {low:+.2f} to {high:+.2f}, "
          f"{sum(common)} rounds both played)")


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
    parser.add_argument("--only", nargs="+", choices=BENCHES, default=list(BY_DEFAULT))
    parser.add_argument("--baseline", type=Path, default=None,
                        help="rollouts, paired: another checkout whose mc is measured on the same positions or deals")
    parser.add_argument("--repeats", type=int, default=3, help="rollouts: alternating runs (default 3)")
    parser.add_argument("--measure-rollouts", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--serve-games", action="store_true", help=argparse.SUPPRESS)
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:
        args.games = args.snap_games = args.heuristic_deals = 2
        args.deals, args.rollouts, args.think_ms, args.repeats = 1, 4, 2.0, 1
        args.only, args.baseline = list(BENCHES), args.baseline or Path(__file__).resolve().parent.parent
    if args.measure_rollouts:
        print(json.dumps(measure_rollouts(args.think_ms)))
        return
    options = AgentOptions(think_ms=args.think_ms, rollouts=args.rollouts)
    if args.serve_games:
        serve_games(options)
        return
    if "paired" in args.only and args.baseline is None:
        raise SystemExit("--only paired needs --baseline DIR: the checkout whose mc this one is compared with")
    print(f"mc budget: {budget_label(options)} per decision; {args.jobs} worker process(es)")
    if "classic" in args.only:
        against_random(CLASSIC, args.games, options, args.jobs, args.seed)
    if "snap" in args.only:
        against_random(SNAP, args.snap_games, options, args.jobs, args.seed)
    if "mc-vs-heuristic" in args.only:
        duplicate(CLASSIC, ["mc", "heuristic", "random", "random"], args.deals, options, args.jobs, args.seed)
    if "heuristic-vs-random" in args.only:
        duplicate(CLASSIC, ["heuristic", "random", "random", "random"], args.heuristic_deals,
                  AgentOptions(), args.jobs, args.seed)
    if "rollouts" in args.only:
        rollouts(args.think_ms, args.baseline, args.repeats)
    if "paired" in args.only:
        paired(args.games, options, args.baseline, args.seed)


if __name__ == "__main__":
    run(main)
