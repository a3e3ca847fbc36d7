"""Engine speed: random games per second through the normal API, against a
minimal hand-written loop that only tracks row ends, counts and penalty sums.

Both run in the same process, interleaved, so the ratio is meaningful on a
noisy machine even when the absolute figures are not.

    python bench/engine.py [--games N] [--repeats R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import SNAP, Rules, game_seed, play_seeded_game  # noqa: E402
from game.rules import HAND_SIZE, ROW_LIMIT, ROWS  # noqa: E402

PLAYERS = 4


def minimal_game(rng: random.Random, penalties: tuple[int, ...], turns: int) -> list[int]:
    """One random game with nothing but row ends, counts and penalty sums."""
    deck = list(range(1, 105))
    rng.shuffle(deck)
    hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(PLAYERS)]
    ends = deck[PLAYERS * HAND_SIZE:PLAYERS * HAND_SIZE + ROWS]
    counts = [1] * ROWS
    sums = [penalties[card] for card in ends]
    scores = [0] * PLAYERS
    for _ in range(turns):
        plays = sorted((hand.pop(rng.randrange(len(hand))), p) for p, hand in enumerate(hands))
        for card, player in plays:
            best, best_end = -1, 0
            for row in range(ROWS):
                end = ends[row]
                if best_end < end < card:
                    best_end, best = end, row
            if best < 0 or counts[best] == ROW_LIMIT:
                if best < 0:
                    best = rng.randrange(ROWS)
                scores[player] += sums[best]
                counts[best], sums[best] = 1, penalties[card]
            else:
                counts[best] += 1
                sums[best] += penalties[card]
            ends[best] = card
    return scores


def time_minimal(games: int, rules: Rules) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        minimal_game(rng, rules.penalties, rules.turns_per_round)
    return games / (time.perf_counter() - start)


def time_engine(games: int, rules: Rules) -> float:
    kinds = ["random"] * PLAYERS
    start = time.perf_counter()
    for index in range(games):
        play_seeded_game(rules, kinds, game_seed(1, index))
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rules = SNAP
    best_engine = best_minimal = 0.0
    for _ in range(args.repeats):
        best_minimal = max(best_minimal, time_minimal(args.games, rules))
        best_engine = max(best_engine, time_engine(args.games, rules))
    turns = rules.turns_per_round
    print(f"rules: {rules.name}, {PLAYERS} random players, {turns} turns a game, best of {args.repeats}")
    print(f"minimal loop : {best_minimal:9.0f} games/s ({best_minimal * turns / 10:8.0f} ten-turn games/s)")
    print(f"engine (API) : {best_engine:9.0f} games/s ({best_engine * turns / 10:8.0f} ten-turn games/s)")
    print(f"ratio        : {best_engine / best_minimal:9.2f} (target >= 0.50)")


if __name__ == "__main__":
    main()
