"""Which reviewed decisions become puzzles: one clear answer, found twice.

A decision has **one clear answer** when, in its review, the best option's
expected points are at least :data:`MIN_LOSS` (2) below the option played and at
least :data:`MIN_LEAD` (1) below every other option.  A decision that passes is
reviewed a second time, with :data:`CONFIRM_FACTOR` (4) times the rollouts and
another seed (the first review's plus :data:`CONFIRM_SEED_STEP`), and it becomes
a puzzle only if the second review **agrees**: it names the same best option,
and in its own figures that option is still at least 2 points below the one
played and at least 1 point below every other.  The puzzle keeps the second
review's figures (the more precise ones).  Margins are compared on the figures
as the review rounds them (4 decimals), so an exact position (a last-turn
row choice, where every outcome is known) is judged on exact numbers.

:func:`puzzles_from_decisions` takes decisions already reviewed, each with the
point it judged; :func:`puzzles_from_reviews` is the one call for a finished game
whose decisions were reviewed elsewhere (a class game's students', reviewed in
worker processes): it matches each to the view its player had, replayed from the
game's log.  :func:`puzzles_from_game` reviews a logged game's decisions first.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Sequence

from ..engine import RoundLog
from ..review import CARD, DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, DecisionPoint, decision_points, review_point
from ..rules import Rules
from .puzzle import Puzzle, Source, puzzle_from_decision

MIN_LOSS = 2.0
"""Expected points: the best answer beats the one played by at least this much."""
MIN_LEAD = 1.0
"""Expected points: the best answer beats the second best by at least this much."""
CONFIRM_FACTOR = 4
"""The second review samples this many times the first one's rollouts."""
CONFIRM_SEED_STEP = 1
"""The second review's seed: the first one's plus this (its own sampled deals)."""

SourceOf = Callable[[DecisionPoint], Source]
"""Where a decision came from: its lesson or run, its game, its seat."""


def margin(decision: Decision, option: int) -> float:
    """How many expected points ``option`` loses against the best one (rounded as the review rounds)."""
    return round(decision.expected_of(option) - decision.expected_of(decision.best), 4)


def clear_answer(decision: Decision) -> bool:
    """Whether the review found one clear answer: the best option at least :data:`MIN_LOSS` below the
    one played and at least :data:`MIN_LEAD` below every other option."""
    others = [option for option in decision.options if option != decision.best]
    return (decision.played != decision.best and margin(decision, decision.played) >= MIN_LOSS
            and all(margin(decision, option) >= MIN_LEAD for option in others))


def agrees(first: Decision, second: Decision) -> bool:
    """Whether the second review agrees with the first: the same best option, and both margins
    still hold in the second review's own figures."""
    return second.best == first.best and clear_answer(second)


def has_choice(point: DecisionPoint) -> bool:
    """A decision with more than one option (the last card of a hand is no choice)."""
    return point.kind != CARD or len(point.view.hand) > 1


def confirmed(point: DecisionPoint, first: Decision, rollouts: int = DEFAULT_ROLLOUTS,
              seed: int = DEFAULT_SEED) -> Decision | None:
    """The second review of ``point`` if ``first`` (its review with ``rollouts`` and ``seed``) has
    one clear answer and the second review agrees; else ``None`` (no second review is made for a
    decision without a clear answer)."""
    if not clear_answer(first):
        return None
    second = review_point(point, rollouts * CONFIRM_FACTOR, seed + CONFIRM_SEED_STEP)
    return second if agrees(first, second) else None


def puzzles_from_decisions(reviewed: Iterable[tuple[DecisionPoint, Decision]], source_of: SourceOf, *,
                           rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED) -> list[Puzzle]:
    """The puzzles among decisions already reviewed (each point with its review, made with
    ``rollouts`` and ``seed``): those with one clear answer that a second review confirms.
    ``source_of(point)`` says where each came from."""
    puzzles = []
    for point, first in reviewed:
        second = confirmed(point, first, rollouts, seed)
        if second is not None:
            puzzles.append(puzzle_from_decision(second, point.view, source_of(point)))
    return puzzles


def reviewed_points(points: Sequence[DecisionPoint], rollouts: int = DEFAULT_ROLLOUTS,
                    seed: int = DEFAULT_SEED) -> Iterator[tuple[DecisionPoint, Decision]]:
    """Each decision that offered a choice, with its review."""
    for point in points:
        if has_choice(point):
            yield point, review_point(point, rollouts, seed)


def puzzles_from_game(rules: Rules, player_count: int, game_seed: int, rounds: Sequence[RoundLog],
                      source_of: SourceOf, *, seats: Sequence[int] | None = None,
                      rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED) -> list[Puzzle]:
    """The puzzles of a logged game: every decision of ``seats`` (all when ``None``) reviewed with
    ``rollouts`` and ``seed``, then :func:`puzzles_from_decisions`."""
    points = decision_points(rules, player_count, game_seed, rounds, seats)
    return puzzles_from_decisions(reviewed_points(points, rollouts, seed), source_of,
                                  rollouts=rollouts, seed=seed)


def puzzles_from_reviews(rules: Rules, player_count: int, game_seed: int, rounds: Sequence[RoundLog],
                         decisions: Iterable[Decision], source_of: SourceOf, *,
                         rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED) -> list[Puzzle]:
    """The puzzles among a logged game's ``decisions``, reviewed elsewhere with ``rollouts`` and
    ``seed``: each is matched (by seat, round, turn and kind) to the point it judged, replayed from
    ``rounds``, then :func:`puzzles_from_decisions`.  ``ValueError`` for a decision the game has not."""
    reviewed = list(decisions)
    seats = sorted({decision.seat for decision in reviewed})
    points = {(p.seat, p.round, p.turn, p.kind): p
              for p in decision_points(rules, player_count, game_seed, rounds, seats)}
    pairs = []
    for decision in reviewed:
        point = points.get((decision.seat, decision.round, decision.turn, decision.kind))
        if point is None or point.played != decision.played:
            raise ValueError(f"no such decision in this game: seat {decision.seat}, round {decision.round}, "
                             f"turn {decision.turn}, {decision.kind}")
        pairs.append((point, decision))
    return puzzles_from_decisions(pairs, source_of, rollouts=rollouts, seed=seed)
