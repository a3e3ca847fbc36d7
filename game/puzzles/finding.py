"""Which reviewed decisions become puzzles: one clear answer, found twice.

A decision has **one clear answer** when, in its review, the best option's
expected points are at least :data:`MIN_LOSS` (2) below the option played and at
least :data:`MIN_LEAD` (1) below every other option.  A decision that passes is
reviewed a second time, with :data:`CONFIRM_FACTOR` (4) times the rollouts and
another seed (the first review's plus :data:`CONFIRM_SEED_STEP`), and it becomes
a puzzle only if the second review **agrees**: it names the same best option,
and in its own figures that option is still at least 2 points below the one
played and at least 1 point below every other.  The puzzle keeps the second
review's figures (the more precise ones).  Then the same decision is judged against the table
that was played (:mod:`game.review_models`): the other seats as ``heuristic`` players, and as
what sat there (a computer seat by its kind, a student as the heuristic), with as many
rollouts as the second review; it stays a puzzle only if its best answer **holds** - the same
margins over the one played and over every other answer - under every model, and it keeps each
model's figures.  :func:`checked` judges a stored puzzle again by the same rule.  Margins are compared on the figures
as the review rounds them (4 decimals), so an exact position (a last-turn
row choice, where every outcome is known) is judged on exact numbers.

:func:`puzzles_from_decisions` takes decisions already reviewed, each with the
point it judged; :func:`puzzles_from_reviews` is the one call for a finished game
whose decisions were reviewed elsewhere (a class game's students', reviewed in
worker processes): it matches each to the view its player had, replayed from the
game's log.  :func:`puzzles_from_game` reviews a logged game's decisions first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable, Iterator, Sequence

from ..engine import RoundLog
from ..review import (CARD, DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, DecisionPoint, decision_of, decision_points,
                      review_point)
from ..review_models import MODELS, RANDOM_MODEL, opponent_models, review_against
from ..rules import Rules
from .puzzle import Figures, Puzzle, Source, puzzle_from_decision

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
    return decision.played != decision.best and clear_in(decision.expected, decision.played, decision.best)


def clear_in(figures: Figures, played: int, best: int) -> bool:
    """Whether ``best`` is one clear answer in ``figures``: at least :data:`MIN_LOSS` below
    ``played`` and at least :data:`MIN_LEAD` below every other answer."""
    points = dict(figures)
    lead = [round(points[option] - points[best], 4) for option in points if option != best]
    return round(points[played] - points[best], 4) >= MIN_LOSS and all(gap >= MIN_LEAD for gap in lead)


def holds(puzzle: Puzzle) -> bool:
    """Whether a checked puzzle's best answer holds, with the margins, under every model it keeps."""
    names = [name for name, _figures in puzzle.models]
    return names == list(MODELS) and all(clear_in(figures, puzzle.played, puzzle.best)
                                         for _name, figures in puzzle.models)


def marked(puzzle: Puzzle) -> bool:
    """A puzzle checked against the models whose answer no longer holds: kept in the history (its
    answers stay counted), left out of the warm-up, the practice screen and the list."""
    return bool(puzzle.models) and not holds(puzzle)


def model_figures(point: DecisionPoint, second: Decision, table: Sequence[str], rollouts: int = DEFAULT_ROLLOUTS,
                  seed: int = DEFAULT_SEED) -> tuple[tuple[str, Figures], ...]:
    """Each model's figures of a decision (:data:`game.review_models.MODELS`), judged as the second
    review is (``rollouts`` times :data:`CONFIRM_FACTOR`, its seed); ``second`` is the random model's.
    A model whose seats play as an earlier one's shares its figures; a model that no longer
    finds ``second``'s best clear ends the list there (nothing more is worth measuring)."""
    found: dict[tuple[str, ...], Decision] = {}
    figures: list[tuple[str, Figures]] = []
    for name in MODELS:
        seats = opponent_models(name, table, point.seat, point.view.player_count)
        if seats not in found:
            found[seats] = second if name == RANDOM_MODEL else review_against(
                point, seats, rollouts * CONFIRM_FACTOR, seed + CONFIRM_SEED_STEP)
        decision = found[seats]
        figures.append((name, decision.expected))
        if not clear_in(decision.expected, point.played, second.best):
            break
    return tuple(figures)


def checked(puzzle: Puzzle, rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED) -> Puzzle:
    """A puzzle checked again against every model (its own figures stay the random model's):
    :func:`holds` says whether it is still one."""
    view = puzzle.view
    point = DecisionPoint(view.player, view.round, view.turn, puzzle.kind, view, puzzle.played)
    second = decision_of(point, dict(puzzle.options))
    return replace(puzzle, models=model_figures(point, second, puzzle.table, rollouts, seed))


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
                           rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED,
                           table: Sequence[str] = ()) -> list[Puzzle]:
    """The puzzles among decisions already reviewed (each point with its review, made with
    ``rollouts`` and ``seed``): those with one clear answer that a second review confirms and
    that holds under every opponent model at ``table`` (what sat at each seat).
    ``source_of(point)`` says where each came from."""
    puzzles = []
    for point, first in reviewed:
        second = confirmed(point, first, rollouts, seed)
        if second is None:
            continue
        puzzle = puzzle_from_decision(second, point.view, source_of(point), tuple(table),
                                      model_figures(point, second, table, rollouts, seed))
        if holds(puzzle):
            puzzles.append(puzzle)
    return puzzles


def reviewed_points(points: Sequence[DecisionPoint], rollouts: int = DEFAULT_ROLLOUTS,
                    seed: int = DEFAULT_SEED) -> Iterator[tuple[DecisionPoint, Decision]]:
    """Each decision that offered a choice, with its review."""
    for point in points:
        if has_choice(point):
            yield point, review_point(point, rollouts, seed)


def puzzles_from_game(rules: Rules, player_count: int, game_seed: int, rounds: Sequence[RoundLog],
                      source_of: SourceOf, *, seats: Sequence[int] | None = None,
                      rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED,
                      table: Sequence[str] = ()) -> list[Puzzle]:
    """The puzzles of a logged game: every decision of ``seats`` (all when ``None``) reviewed with
    ``rollouts`` and ``seed``, then :func:`puzzles_from_decisions`."""
    points = decision_points(rules, player_count, game_seed, rounds, seats)
    return puzzles_from_decisions(reviewed_points(points, rollouts, seed), source_of,
                                  rollouts=rollouts, seed=seed, table=table)


def puzzles_from_reviews(rules: Rules, player_count: int, game_seed: int, rounds: Sequence[RoundLog],
                         decisions: Iterable[Decision], source_of: SourceOf, *,
                         rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED,
                         table: Sequence[str] = ()) -> list[Puzzle]:
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
    return puzzles_from_decisions(pairs, source_of, rollouts=rollouts, seed=seed, table=table)
