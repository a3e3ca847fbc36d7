"""Ratings of students and puzzles: every answer is a rated game between the student and the puzzle.

Glicko-2 (Glickman's published method, through the typed ``glicko2-py`` package): a rating, its
deviation (how uncertain it is) and its volatility.  A lesson is one rating period: each
student plays every puzzle they answered in its warm-up as one game (won if right), each
puzzle every student who answered it; an unanswered puzzle is no game.  A student starts
at :data:`START_RATING` with deviation :data:`START_RD` and is **provisional** while the
deviation is above :data:`PROVISIONAL_RD` (as chess puzzle servers count it).  A puzzle
starts from the rating its difficulty predicts (:func:`predicted_rating`) with a smaller
deviation, since the prediction already says something.

The ratings are replayed from the answers the history keeps, lesson after lesson, so the same
answers always give the same ratings, and a student forgotten leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import median

from glicko2 import MatchResult, Player, RatingEngine, RatingPeriod
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

from .puzzle import Puzzle

START_RATING = 1500.0
START_RD = 350.0
"""A new student's deviation: nothing is known yet."""
START_VOLATILITY = 0.06
PUZZLE_RD = 200.0
"""A new puzzle's deviation: its difficulty predicts its rating only roughly."""
PROVISIONAL_RD = 110.0
"""A rating is provisional while its deviation is above this."""
LEAD_POINTS = 150.0
"""Rating points per expected point the best answer leads the next best by (a larger lead: easier)."""
OPTION_POINTS = 25.0
"""Rating points per answer to choose from beyond two (more answers: harder)."""
SPREAD = 400.0
"""A predicted rating stays within this of :data:`START_RATING`."""
TAU = 0.5
"""Glicko-2's system constant (how fast volatility may change): the method's usual choice."""
_STUDENT = "student:"
_PUZZLE = "puzzle:"


@dataclass(frozen=True)
class Rating:
    """A rating and how sure it is."""

    rating: float
    rd: float
    """The rating deviation: the rating is likely within about twice this."""
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


NEW_STUDENT = Rating(START_RATING, START_RD)


@dataclass(frozen=True)
class Game:
    """One answer: a student against a puzzle."""

    student: str
    puzzle: int
    right: bool


def predicted_rating(puzzle: Puzzle) -> Rating:
    """A puzzle's starting rating from its difficulty: how far the best answer leads the next best
    (a clear lead is easy to see) and how many answers there are to choose from."""
    points = sorted(value for _answer, value in puzzle.options)
    lead = points[1] - points[0] if len(points) > 1 else 0.0
    guess = START_RATING - LEAD_POINTS * (lead - 2.0) + OPTION_POINTS * (len(points) - 2)
    return Rating(min(START_RATING + SPREAD, max(START_RATING - SPREAD, guess)), PUZZLE_RD)


@dataclass
class Ratings:
    """Every student's and puzzle's rating after some lessons, and each student's after each lesson."""

    students: dict[str, Rating]
    puzzles: dict[int, Rating]
    steps: dict[str, list[tuple[int, Rating]]]
    """Each student's rating after each lesson they answered in: ``(lesson, rating)``, in order."""

    def student(self, key: str) -> Rating:
        return self.students.get(key, NEW_STUDENT)

    def level(self, keys: Iterable[str] | None = None) -> float:
        """The median rating of ``keys`` (every student rated so far when ``None``); a new class: the start."""
        found = [self.student(key).rating for key in (self.students if keys is None else keys)]
        return median(found) if found else START_RATING


def replay(lessons: Sequence[tuple[int, Sequence[Game]]], start: Mapping[int, Rating]) -> Ratings:
    """The ratings after ``lessons`` (each its number and its games, in order: one rating period
    each), the puzzles starting from ``start``."""
    engine = RatingEngine(tau=TAU)
    for puzzle, rating in start.items():
        engine.pool.get_or_create(_PUZZLE + str(puzzle), mu=rating_to_mu(rating.rating), phi=rd_to_phi(rating.rd),
                                  sigma=rating.volatility)
    steps: dict[str, list[tuple[int, Rating]]] = {}
    for lesson, games in lessons:
        period = RatingPeriod(id=str(lesson))
        for game in games:
            period.add_match(MatchResult(_STUDENT + game.student, _PUZZLE + str(game.puzzle), 1.0 if game.right else 0.0))
        engine.process_period(period)
        for student in dict.fromkeys(game.student for game in games):
            steps.setdefault(student, []).append((lesson, _rating(engine.pool.get(_STUDENT + student))))
    players = {player.id: _rating(player) for player in engine.pool.all()}
    return Ratings({key[len(_STUDENT):]: rating for key, rating in players.items() if key.startswith(_STUDENT)},
                   {int(key[len(_PUZZLE):]): rating for key, rating in players.items() if key.startswith(_PUZZLE)},
                   steps)


def _rating(player: Player) -> Rating:
    return Rating(mu_to_rating(player.mu), phi_to_rd(player.phi), player.sigma)
