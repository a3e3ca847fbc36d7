"""The leaderboard: ratings, penalties, wins and disqualifications per entrant.

Ratings come from ``openskill``'s Plackett-Luce model (a maintained Bayesian
rating system for games of more than two players, like TrueSkill): after
each game, every seat is ranked by its penalty (lowest first, ties share a
rank; a disqualified bot ranks below every other seat of that game).  The
games are rated in index order, whatever order they finished in, so an
interrupted and resumed tournament ends with exactly the standings of an
uninterrupted one.

``rating`` is the model's mean skill ``mu`` (25 at the start); its interval
is ``mu`` +/- 2 ``sigma``, the model's uncertainty.  The mean penalty per
round has a 95% interval over the entrant's games (normal approximation).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from openskill.models import PlackettLuce

from .results import GameOutcome
from .schedule import Entrant

Z95 = 1.959963984540054
"""Half-width of a 95% interval, in standard errors."""
RATING_SPREAD = 2.0
"""The rating interval shown: ``mu`` +/- this many ``sigma``."""


@dataclass
class Standing:
    """One entrant's line of the leaderboard."""

    name: str
    kind: str
    rating: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    wins: int = 0
    penalties_per_round: list[float] = field(default_factory=list, repr=False)
    """Each game's penalty divided by its rounds (the games are the independent samples)."""
    disqualifications: int = 0
    first_disqualification: dict[str, Any] | None = None
    """The first report (in game order): ``text`` for people, plus the report's fields and ``game``."""

    @property
    def mean_penalty_per_round(self) -> float:
        values = self.penalties_per_round
        return sum(values) / len(values) if values else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        values = self.penalties_per_round
        mean = self.mean_penalty_per_round
        if len(values) < 2:
            return mean, mean
        variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
        half = Z95 * math.sqrt(variance / len(values))
        return mean - half, mean + half

    @property
    def rating_interval(self) -> tuple[float, float]:
        return self.rating - RATING_SPREAD * self.sigma, self.rating + RATING_SPREAD * self.sigma

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        rating_low, rating_high = self.rating_interval
        return {
            "name": self.name,
            "kind": self.kind,
            "rating": round(self.rating, 3),
            "rating_interval": [round(rating_low, 3), round(rating_high, 3)],
            "mean_penalty_per_round": round(self.mean_penalty_per_round, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "games": self.games,
            "wins": self.wins,
            "disqualifications": self.disqualifications,
            "first_disqualification": self.first_disqualification,
        }


def ranks(outcome: GameOutcome) -> list[int]:
    """Each seat's place (1 = best): by penalty, ties sharing, disqualified seats after all others."""
    disqualified = {report.get("seat") for report in outcome.disqualified}
    keys = [(seat in disqualified, score) for seat, score in enumerate(outcome.scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


def standings(entrants: Sequence[Entrant], outcomes: Sequence[GameOutcome]) -> list[Standing]:
    """The leaderboard after ``outcomes`` (taken in index order), best rating first."""
    model = PlackettLuce()
    ratings = [model.rating(name=entrant.name) for entrant in entrants]
    table = [Standing(entrant.name, entrant.kind) for entrant in entrants]
    for outcome in sorted(outcomes, key=lambda o: o.index):
        teams = [[ratings[entrant]] for entrant in outcome.seats]
        rated = model.rate(teams, ranks=[float(rank) for rank in ranks(outcome)])
        for seat, entrant in enumerate(outcome.seats):
            ratings[entrant] = rated[seat][0]
            line = table[entrant]
            line.games += 1
            line.wins += seat in outcome.winners
            line.penalties_per_round.append(outcome.scores[seat] / max(1, outcome.rounds))
        for report in outcome.disqualified:
            line = table[outcome.seats[report["seat"]]]
            line.disqualifications += 1
            if line.first_disqualification is None:
                line.first_disqualification = {"game": outcome.index + 1, **report}
    for line, rating in zip(table, ratings):
        line.rating, line.sigma = rating.mu, rating.sigma
    return sorted(table, key=lambda line: (-line.rating, line.mean_penalty_per_round, line.name))
