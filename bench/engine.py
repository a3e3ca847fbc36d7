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

from game import SNAP, Game, Phase, Rules, game_seed, play_seeded_game  # noqa: E402
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


def engine_game(rules: Rules, seed: int, rng: random.Random) -> list[int]:
    """One random game through the engine's public actions, choices made inline."""
    game = Game(rules, PLAYERS, seed)
    draw = rng.random
    while True:
        phase = game.phase
        if phase is Phase.PLACE_CARD:
            game.place_next()
        elif phase is Phase.CHOOSE_CARDS:
            game.play_cards([hand[int(draw() * len(hand))] for hand in game.hands])
        elif phase is Phase.CHOOSE_ROW:
            game.choose_row(game.awaiting_row_choice, int(draw() * ROWS))  # type: ignore[arg-type]
        else:
            return game.scores


def time_engine(games: int, rules: Rules) -> float:
    rng = random.Random(2)
    start = time.perf_counter()
    for index in range(games):
        engine_game(rules, game_seed(1, index), rng)
    return games / (time.perf_counter() - start)


def time_agents(games: int, rules: Rules) -> float:
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
    best = {"minimal": 0.0, "engine": 0.0, "agents": 0.0}
    timers = {"minimal": time_minimal, "engine": time_engine, "agents": time_agents}
    for _ in range(args.repeats):
        for name, timer in timers.items():
            best[name] = max(best[name], timer(args.games, rules))
    turns = rules.turns_per_round
    print(f"rules: {rules.name}, {PLAYERS} random players, {turns} turns a game, "
          f"{args.games} games, best of {args.repeats}")
    labels = {
        "minimal": "minimal loop (row ends and counts only)",
        "engine": "engine API (Game actions, choices inline)",
        "agents": "play_seeded_game (agents + player views)",
    }
    for name, label in labels.items():
        rate = best[name]
        print(f"{label:44s}: {rate:7.0f} games/s = {rate * turns / 10:7.0f} ten-turn games/s, "
              f"ratio {rate / best['minimal']:.2f}")
    print("target: engine API ratio >= 0.50")


if __name__ == "__main__":
    main()
