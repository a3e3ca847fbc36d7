"""Is the post-game review honest, and fast enough?  The figures issue 15 asks for.

    python bench/review_quality.py [--games N] [--rollouts R] [--mc-rollouts M] [--seed S] [--smoke]

1. ``quality`` - for each kind (``random``, ``heuristic``, ``mc``), N snap
   games with that kind in seat 0 against three ``random`` players; every
   decision of seat 0 (each card, each rule-4 row) is reviewed.  Reported:
   the mean loss per decision (expected points the choice gave away against
   the best option) with its 95% interval.  Expected: random well above
   heuristic, heuristic above mc.
2. ``speed`` - the review of one seat of a whole 7-turn game at the default
   budget (target: under 5 s), the longest and the median of the games, and
   the same for a classic game (several 10-turn rounds) for scale.

The ``mc`` players play with a fixed number of rollouts and the review is
seeded, so the quality figures are the same on every machine; the times are not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.players.options import AgentOptions  # noqa: E402
from game.play import game_seed, play_seeded_game  # noqa: E402
from game.review import DEFAULT_ROLLOUTS, review_game  # noqa: E402
from game.rules import CLASSIC, SNAP  # noqa: E402

from _kit import add_smoke, run  # noqa: E402

KINDS = ("random", "heuristic", "mc")
SPEED_TARGET = 5.0


def mean_interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per kind (default 40)")
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS,
                        help=f"review rollouts per decision (default {DEFAULT_ROLLOUTS})")
    parser.add_argument("--mc-rollouts", type=int, default=300, help="rollouts of the mc players (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:
        args.games, args.rollouts, args.mc_rollouts = 2, 4, 8
    options = AgentOptions(rollouts=args.mc_rollouts)
    print(f"Review quality: {args.games} snap games per kind, seat 0 vs three random players; "
          f"review at {args.rollouts} rollouts per decision")
    times: list[float] = []
    for kind in KINDS:
        losses: list[float] = []
        per_game: list[float] = []
        for index in range(args.games):
            seed = game_seed(args.seed, index)
            game = play_seeded_game(SNAP, [kind, "random", "random", "random"], seed, options)
            start = time.perf_counter()
            decisions = review_game(SNAP, 4, seed, game.rounds, [0], args.rollouts, seed=index)
            times.append(time.perf_counter() - start)
            assert all(d.loss >= 0 and d.expected_of(d.best) == min(m for _, m in d.expected) for d in decisions)
            losses.extend(d.loss for d in decisions)
            per_game.append(sum(d.loss for d in decisions))
        mean, half = mean_interval(losses)
        game_mean, game_half = mean_interval(per_game)
        print(f"  {kind:9}  mean loss per decision {mean:.3f} (95% interval {mean - half:.3f}-{mean + half:.3f}) "
              f"over {len(losses)} decisions; per game {game_mean:.2f} ± {game_half:.2f}")
    longest = max(times)
    print(f"Review time of one seat of a 7-turn game ({len(times)} games): median {statistics.median(times):.2f} s, "
          f"longest {longest:.2f} s; target < {SPEED_TARGET:g} s: longest is {longest / SPEED_TARGET:.0%} of it "
          f"({'met' if longest < SPEED_TARGET else 'NOT met'})")
    game = play_seeded_game(CLASSIC, ["heuristic", "random", "random", "random"], args.seed, options)
    start = time.perf_counter()
    decisions = review_game(CLASSIC, 4, args.seed, game.rounds, [0], args.rollouts)
    print(f"Classic game for scale: {len(game.rounds)} rounds, {len(decisions)} decisions reviewed in "
          f"{time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    run(main)
