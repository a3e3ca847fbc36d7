"""A finished game to review (the review screen's input, built from a game just played or a record)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import RoundLog
from game.rules import Rules

from live.seats import Seat


@dataclass(frozen=True)
class ReviewSource:
    """A finished game to review: its rules, seed, log and seats."""

    rules: Rules
    seed: int
    rounds: tuple[RoundLog, ...]
    seats: tuple[Seat, ...]
    title: str = ""
    """What the game is, for the top bar (e.g. "Game 12 of the history")."""

    def default_seats(self) -> tuple[int, ...]:
        """The seats reviewed: the humans, or everyone when no human played."""
        humans = tuple(i for i, seat in enumerate(self.seats) if seat.is_human)
        return humans or tuple(range(len(self.seats)))
