"""The leaderboard: ratings, places, penalties, wins, head-to-head and disqualifications per entrant.

Ratings are a property of the games, not of their order.  Every game is broken into its pairs
of seats: the seat with the lower penalty beat the other (a disqualified bot loses to every
other seat of its game), and a tie counts as half a win for each.  A Bradley-Terry model - the
Plackett-Luce model of the finishing order, taken pair by pair - is fitted to all those
comparisons at once, by maximum likelihood (``choix``'s iterative Luce spectral ranking, with a
light prior that keeps an unbeaten entrant's rating finite).  A rating is shown on the Elo
scale: 1500 is the entrants' average, and 400 points more means 10 to 1 odds of finishing
ahead.  The intervals come from a bootstrap: the games are drawn again at random, with
replacement, :data:`BOOTSTRAP_SAMPLES` times, and the middle 95% of the refitted ratings (and of
the mean penalty per round, which therefore never goes below 0) is shown.  The games are put in
an order of their own content first, so the same games in any order - or numbered otherwise -
give the same standings to the last digit.

Entrants are ranked by rating, then by mean place, then by name.
"""

from __future__ import annotations

import importlib.util
import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from .results import GameOutcome
from .schedule import Entrant

BOOTSTRAP_SAMPLES = 200
"""Resamples of the games behind each interval."""
BOOTSTRAP_SEED = 0x6E1A
"""The resamples' generator seed: fixed, so the same games always give the same intervals."""
PRIOR = 0.1
"""Virtual comparisons between every pair (choix's ``alpha``): keeps ratings finite."""
ELO_SCALE = 400 / math.log(10)
"""Rating points per unit of the model's log-strength (the Elo scale)."""
ELO_MEAN = 1500.0


def require_ratings_package() -> None:
    """``ModuleNotFoundError`` now if ``choix`` is missing, without loading it (it brings scipy):
    a tournament says so in one line before it plays a game, not once every game is played."""
    if importlib.util.find_spec("choix") is None:
        raise ModuleNotFoundError("No module named 'choix'", name="choix")


@dataclass
class Standing:
    """One entrant's line of the leaderboard."""

    name: str
    kind: str
    rating: float = ELO_MEAN
    rating_interval: tuple[float, float] = (ELO_MEAN, ELO_MEAN)
    """The middle 95% of the bootstrap's ratings."""
    games: int = 0
    wins: int = 0
    places: list[int] = field(default_factory=list, repr=False)
    """The place in each game (1 = best; ties share the better place)."""
    penalties_per_round: list[float] = field(default_factory=list, repr=False)
    """Each game's penalty divided by its rounds (the games are the independent samples)."""
    ci95: tuple[float, float] = (0.0, 0.0)
    """The middle 95% of the bootstrap's mean penalty per round (never below 0)."""
    head_to_head: dict[str, list[int]] = field(default_factory=dict)
    """Against each other entrant met: ``[ahead, level, behind]`` in the games both played."""
    disqualifications: int = 0
    first_disqualification: dict[str, Any] | None = None
    """The first report (in game order): ``text`` for people, plus the report's fields and ``game``."""

    @property
    def mean_penalty_per_round(self) -> float:
        values = self.penalties_per_round
        return sum(values) / len(values) if values else 0.0

    @property
    def mean_place(self) -> float:
        return sum(self.places) / len(self.places) if self.places else 0.0

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        rating_low, rating_high = self.rating_interval
        return {
            "name": self.name,
            "kind": self.kind,
            "rating": round(self.rating, 1),
            "rating_interval": [round(rating_low, 1), round(rating_high, 1)],
            "mean_place": round(self.mean_place, 3),
            "mean_penalty_per_round": round(self.mean_penalty_per_round, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "games": self.games,
            "wins": self.wins,
            "head_to_head": self.head_to_head,
            "disqualifications": self.disqualifications,
            "first_disqualification": self.first_disqualification,
        }


def ranks(outcome: GameOutcome) -> list[int]:
    """Each seat's place (1 = best): by penalty, ties sharing, disqualified seats after all others."""
    disqualified = {report.get("seat") for report in outcome.disqualified}
    keys = [(seat in disqualified, score) for seat, score in enumerate(outcome.scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


def content_order(outcomes: Sequence[GameOutcome]) -> list[GameOutcome]:
    """The games in an order of what happened in them (not of their numbers)."""
    return sorted(outcomes, key=lambda o: (o.seats, ranks(o), o.scores, o.rounds, o.winners,
                                           sorted(str(report.get("seat")) for report in o.disqualified)))


def standings(entrants: Sequence[Entrant], outcomes: Sequence[GameOutcome]) -> list[Standing]:
    """The leaderboard of ``outcomes`` (in any order), best first."""
    games = content_order(outcomes)
    table = [Standing(entrant.name, entrant.kind) for entrant in entrants]
    for outcome in sorted(outcomes, key=lambda o: o.index):  # the first report is the first in game order
        for report in outcome.disqualified:
            line = table[outcome.seats[report["seat"]]]
            line.disqualifications += 1
            if line.first_disqualification is None:
                line.first_disqualification = {"game": outcome.index + 1, **report}
    for outcome in games:
        places = ranks(outcome)
        for seat, entrant in enumerate(outcome.seats):
            line = table[entrant]
            line.games += 1
            line.wins += seat in outcome.winners
            line.places.append(places[seat])
            line.penalties_per_round.append(outcome.scores[seat] / max(1, outcome.rounds))
            for other, rival in enumerate(outcome.seats):
                if other != seat:
                    tally = line.head_to_head.setdefault(entrants[rival].name, [0, 0, 0])
                    tally[0 if places[seat] < places[other] else 1 if places[seat] == places[other] else 2] += 1
    if games:
        _fit(table, games)
    return sorted(table, key=lambda line: (-round(line.rating, 6), round(line.mean_place, 9), line.name))


def _fit(table: list[Standing], games: list[GameOutcome]) -> None:
    """Each line's rating and the bootstrap intervals of its rating and its penalty per round."""
    pairs = _Comparisons(len(table), games)
    for line, rating in zip(table, pairs.ratings(np.ones(len(games)))):
        line.rating = float(rating)
    generator = np.random.default_rng(BOOTSTRAP_SEED)
    ratings, penalties = [], []
    for _ in range(BOOTSTRAP_SAMPLES):
        weights = np.bincount(generator.integers(0, len(games), len(games)), minlength=len(games)).astype(float)
        ratings.append(pairs.ratings(weights))
        penalties.append(pairs.mean_penalties(weights))
    rating_bounds = np.percentile(np.array(ratings), [2.5, 97.5], axis=0)
    penalty_bounds = np.nanpercentile(np.array(penalties), [2.5, 97.5], axis=0)
    for entrant, line in enumerate(table):
        line.rating_interval = (float(rating_bounds[0][entrant]), float(rating_bounds[1][entrant]))
        if line.games:
            line.ci95 = (float(penalty_bounds[0][entrant]), float(penalty_bounds[1][entrant]))


class _Comparisons:
    """The games as arrays: every pair of seats (who finished ahead, with what weight) and every
    seat's penalty per round, so a resample of the games is a vector of weights per game."""

    def __init__(self, entrant_count: int, games: list[GameOutcome]) -> None:
        self.n = entrant_count
        game_of, cell, share = [], [], []
        seat_game, seat_entrant, seat_penalty = [], [], []
        for number, outcome in enumerate(games):
            places = ranks(outcome)
            for seat, entrant in enumerate(outcome.seats):
                seat_game.append(number)
                seat_entrant.append(entrant)
                seat_penalty.append(outcome.scores[seat] / max(1, outcome.rounds))
                for other, rival in enumerate(outcome.seats):
                    if other != seat and places[seat] <= places[other]:
                        game_of.append(number)
                        cell.append(entrant * entrant_count + rival)
                        share.append(0.5 if places[seat] == places[other] else 1.0)
        self.game_of, self.cell, self.share = np.array(game_of, int), np.array(cell, int), np.array(share)
        self.seat_game, self.seat_entrant = np.array(seat_game, int), np.array(seat_entrant, int)
        self.seat_penalty = np.array(seat_penalty)

    def ratings(self, weights: Any) -> Any:
        """The Elo-scaled ratings fitted to the games counted ``weights`` times each."""
        wins = np.bincount(self.cell, weights=weights[self.game_of] * self.share,
                           minlength=self.n * self.n).astype(float).reshape(self.n, self.n)
        import choix  # noqa: PLC0415 - choix brings scipy (half a second): loaded when ratings are fitted, not when a tournament's arguments are checked

        try:
            strengths = choix.ilsr_pairwise_dense(wins, alpha=PRIOR, max_iter=10_000)
        except RuntimeError:  # pragma: no cover - did not converge: the prior alone
            strengths = np.zeros(self.n)
        strengths = strengths - strengths.mean()
        return ELO_MEAN + ELO_SCALE * strengths

    def mean_penalties(self, weights: Any) -> Any:
        """Each entrant's mean penalty per round over the games counted ``weights`` times (NaN: none)."""
        seat_weights = weights[self.seat_game]
        total = np.bincount(self.seat_entrant, weights=seat_weights * self.seat_penalty, minlength=self.n)
        count = np.bincount(self.seat_entrant, weights=seat_weights, minlength=self.n)
        with np.errstate(invalid="ignore", divide="ignore"):
            return total / count
