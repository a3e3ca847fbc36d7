"""The strategy lab: many computer games without a window, and their summary."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, NoReturn, Sequence, TextIO

from .agents import AGENT_KINDS
from .engine import new_seed
from .play import game_seed, play_seeded_game
from .record import PlayerInfo, record_game
from .rules import Rules, rules_named


@dataclass
class PlayerTally:
    """Running totals of one seat over a run."""

    name: str
    kind: str
    penalty: int = 0
    wins: int = 0


@dataclass
class Summary:
    """What a run produced."""

    rules: str
    seed: int
    games: int = 0
    seconds: float = 0.0
    players: list[PlayerTally] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "seed": self.seed,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "players": [
                {
                    "name": p.name,
                    "kind": p.kind,
                    "mean_penalty": round(p.penalty / self.games, 3) if self.games else 0.0,
                    "wins": p.wins,
                }
                for p in self.players
            ],
        }

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def text(self) -> str:
        """A readable summary, one player a line."""
        lines = [
            f"{self.games} games ({self.rules} rules, seed {self.seed}) in "
            f"{self.seconds:.2f} s: {self.games_per_second:.0f} games/s",
            f"{'player':<10} {'kind':<10} {'mean penalty':>12} {'wins':>7}",
        ]
        for p in self.players:
            mean = p.penalty / self.games if self.games else 0.0
            lines.append(f"{p.name:<10} {p.kind:<10} {mean:>12.2f} {p.wins:>7}")
        lines.append("(lowest penalty wins; a tie counts as a win for each tied player)")
        return "\n".join(lines)


def parse_kinds(text: str, rules: Rules) -> list[str]:
    """Player kinds from ``random,random,...``; ``ValueError`` if unknown or wrong count."""
    kinds = [kind.strip() for kind in text.split(",")]
    for kind in kinds:
        if kind not in AGENT_KINDS:
            known = ", ".join(AGENT_KINDS)
            raise ValueError(f"unknown player kind {kind!r} (known: {known})")
    rules.check_player_count(len(kinds))
    return kinds


def simulate(
    rules: Rules,
    kinds: Sequence[str],
    games: int,
    seed: int,
    record_to: TextIO | None = None,
) -> Summary:
    """Play ``games`` games; game ``i`` is seeded ``game_seed(seed, i)``."""
    players = [PlayerInfo(f"Player {seat + 1}", kind) for seat, kind in enumerate(kinds)]
    summary = Summary(rules.name, seed, players=[PlayerTally(p.name, p.kind) for p in players])
    tallies = summary.players
    start = time.perf_counter()
    for index in range(games):
        game = play_seeded_game(rules, kinds, game_seed(seed, index))
        for tally, score in zip(tallies, game.scores):
            tally.penalty += score
        for winner in game.winners:
            tallies[winner].wins += 1
        if record_to is not None:
            record_to.write(record_game(game, players).to_json() + "\n")
    summary.games = games
    summary.seconds = time.perf_counter() - start
    return summary


def run_from_args(args: argparse.Namespace, parser_error: Callable[[str], NoReturn]) -> int:
    """``main.py simulate``: check the arguments, run, print the summary."""
    try:
        rules = rules_named(args.rules)
        kinds = parse_kinds(args.players, rules)
    except ValueError as error:
        parser_error(str(error))
    seed = new_seed() if args.seed is None else args.seed
    record_to = _open_record(args.record, parser_error) if args.record else None
    try:
        summary = simulate(rules, kinds, args.games, seed, record_to)
    finally:
        if record_to is not None:
            record_to.close()
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.text())
    return 0


def _open_record(path: Path, parser_error: Callable[[str], NoReturn]) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8", newline="\n")
    except OSError as error:
        parser_error(f"cannot write {path}: {error.strerror or error}")


if __name__ == "__main__":  # pragma: no cover - use main.py simulate
    sys.exit("use: python main.py simulate --help")
