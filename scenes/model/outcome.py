"""A finished game as the results screen shows it (built from the session, or a replay)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game

from live.seats import Seat
from live.session import TableSession
from .view import TableInfo, info_of


@dataclass(frozen=True)
class Outcome:
    """A finished game as the results screen shows it."""

    info: TableInfo
    game: Game
    saved: str
    """Where the record went, e.g. "Saved to /home/.../games.jsonl" (or why not)."""
    replayed: bool = False

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.info.seats


def outcome_of(session: TableSession, saved: str) -> Outcome:
    return Outcome(info_of(session), session.game, saved)
