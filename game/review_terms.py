"""The review's words - its kinds of decision, its defaults, a reviewed decision - in a module of
their own: the command line, the history and the phone protocol use them without loading the
review's engine (numpy) on every start.  :mod:`game.review` makes the decisions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import _, ngettext

CARD = "card"
ROW = "row"

DEFAULT_ROLLOUTS = 1000
"""Sampled worlds per decision by default: a whole 7-turn game of one seat reviews in
well under a second, and the means of close options are within about a tenth of a point."""
DEFAULT_SEED = 0
WORTH_REVISITING = 0.5
"""Penalty points: a decision that lost at least this much is worth revisiting."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision."""

    seat: int
    round: int
    turn: int
    kind: str
    """:data:`CARD` or :data:`ROW`."""
    played: int
    """The card played, or the row taken (0-3)."""
    best: int
    """The option with the lowest expected penalty (``played`` when it ties)."""
    expected: tuple[tuple[int, float], ...]
    """``(option, mean penalty to the end of the round)`` for every legal option, ascending option."""
    loss: float
    """``expected[played] - expected[best]``, never negative."""
    rows: tuple[tuple[int, ...], ...]
    """The table the player saw when deciding."""
    hand: tuple[int, ...]
    """The player's hand when deciding (before the card left it)."""
    card: int | None = None
    """For a row choice: the card that fitted no row."""
    revealed: tuple[int, ...] = ()
    """For a row choice: this turn's cards by player."""
    reason: str = ""
    """Why ``played`` was worse than ``best``, in words (empty when it was the best)."""

    def expected_of(self, option: int) -> float:
        return dict(self.expected)[option]

    @property
    def options(self) -> tuple[int, ...]:
        return tuple(option for option, _mean in self.expected)

    def to_dict(self) -> dict[str, object]:
        """The decision as the ``--json`` object of ``main.py review``."""
        return {"seat": self.seat, "round": self.round, "turn": self.turn, "kind": self.kind,
                "played": self.played, "best": self.best,
                "expected": {str(option): mean for option, mean in self.expected}, "loss": self.loss}


def costliest(decisions: Sequence[Decision]) -> list[Decision]:
    """Decisions by loss, largest first (ties: game order)."""
    order = {id(d): index for index, d in enumerate(decisions)}
    return sorted(decisions, key=lambda d: (-d.loss, order[id(d)]))


def worth_revisiting(decisions: Sequence[Decision], threshold: float = WORTH_REVISITING) -> list[Decision]:
    """The decisions that lost at least ``threshold`` points, costliest first."""
    return [d for d in costliest(decisions) if d.loss >= threshold]


# ---------------------------------------------------------------- words
def _points(value: float) -> str:
    shown = f"{value:.1f}"
    return ngettext("{value} point", "{value} points", 1 if shown == "1.0" else 2).format(value=shown)


def summary(decision: Decision) -> str:
    """One sentence: what the better option would have saved (expected points to the end of the
    round), and why, e.g. "Playing 19 instead of 27 would have saved about 4.2 points by the end of
    the round: 27 was likely to be the 6th card of row 2"."""
    if decision.kind == ROW:
        if decision.best == decision.played:
            return _("Taking row {row} was the best choice").format(row=decision.played + 1)
        # NOTE: {points}: expected points to the end of the round, e.g. "about 4.0 points"
        return _("Taking row {best} instead of row {played} would have saved about {points} by the end of the round: "
                 "{reason}").format(
            best=decision.best + 1, played=decision.played + 1, points=_points(decision.loss), reason=decision.reason)
    if len(decision.expected) == 1:
        return _("{card} was the last card: there was no choice").format(card=decision.played)
    if decision.best == decision.played:
        return _("{card} was the best card to play").format(card=decision.played)
    # NOTE: {points}: expected points to the end of the round, e.g. "about 4.2 points"
    return _("Playing {best} instead of {played} would have saved about {points} by the end of the round: "
             "{reason}").format(
        best=decision.best, played=decision.played, points=_points(decision.loss), reason=decision.reason)
