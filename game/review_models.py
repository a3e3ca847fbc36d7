"""The review against modelled tables: what each option costs when the other seats play as a model says.

:mod:`game.review` samples the other players as random players.  A class's opponents are its
classmates and the computer players at its tables, so a decision is also judged against:

* :data:`RANDOM_MODEL` - every other seat a random player (the review's own figures);
* :data:`HEURISTIC_MODEL` - every other seat the ``heuristic`` player (the card of least risk
  now, the cheapest row): the simplest model of a student who thinks;
* :data:`TABLE_MODEL` - each other seat as what sat there: a ``random`` computer player as a
  random one, every other seat (a student, ``heuristic``, ``mc``, a bot) as the heuristic, the
  nearest model the batched engine plays.

Each model's figures use the same generator seed as the review of the decision, and the
opponents' hands are sampled from what the player had not seen (:mod:`game.batch.modelled`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

import numpy as np

from .batch.modelled import HEURISTIC, RANDOM, play_out_modelled
from .batch.rollouts import Start, sample_worlds
from .engine import PlayerView, RoundLog
from .players.heuristic import unseen_cards
from .review import (CARD, DEFAULT_ROLLOUTS, DEFAULT_SEED, WORLDS_PER_BLOCK, Decision, DecisionPoint, card_means,
                     decision_of, decision_points, decision_seed, review_point, row_means)
from .rules import Rules

RANDOM_MODEL = "random"
HEURISTIC_MODEL = "heuristic"
TABLE_MODEL = "table"
MODELS = (RANDOM_MODEL, HEURISTIC_MODEL, TABLE_MODEL)
"""Every model a puzzle is judged under, in the order listed."""


def seat_model(kind: str) -> str:
    """How a seat of ``kind`` is played in a playout: a random computer player at random, anyone else
    (a student, the heuristic, ``mc``, a bot) as the heuristic."""
    return RANDOM if kind == RANDOM else HEURISTIC


def opponent_models(model: str, table: Sequence[str], seat: int, player_count: int) -> tuple[str, ...]:
    """Each other seat's playout model (in seat order, ``seat`` left out) under ``model``; the
    table's model with no table known models every other seat as a student (the heuristic)."""
    others = [index for index in range(player_count) if index != seat]
    if model == RANDOM_MODEL:
        return tuple(RANDOM for _index in others)
    if model == TABLE_MODEL and len(table) == player_count:
        return tuple(seat_model(table[index]) for index in others)
    return tuple(HEURISTIC for _index in others)


def review_at_table(point: DecisionPoint, table: Sequence[str], rollouts: int, seed: int) -> Decision:
    """The decision judged at the table that was played (:data:`TABLE_MODEL`; ``table``: what sat
    at each seat); with no table known, the review's own (random) figures."""
    if not table:
        return review_point(point, rollouts, seed)
    return review_against(point, opponent_models(TABLE_MODEL, table, point.seat, point.view.player_count), rollouts,
                          seed)


def review_game_at_table(rules: Rules, player_count: int, game_seed: int, rounds: Sequence[RoundLog],
                         table: Sequence[str], seats: Sequence[int] | None = None, rollouts: int = DEFAULT_ROLLOUTS,
                         seed: int = DEFAULT_SEED) -> list[Decision]:
    """Every decision of ``seats`` (all when ``None``) in a logged game, judged at ``table`` (what sat
    at each seat), in game order: what a class game's phones show (``main.py review --at-table``)."""
    points = decision_points(rules, player_count, game_seed, rounds, seats)
    return [review_at_table(point, table, rollouts, seed) for point in points]


def review_against(point: DecisionPoint, models: Sequence[str], rollouts: int, seed: int) -> Decision:
    """The decision judged with the other seats playing by ``models`` (one per other seat); an
    all-random table is :func:`game.review.review_point` itself."""
    if all(model == RANDOM for model in models):
        return review_point(point, rollouts, seed)
    rng = random.Random(decision_seed(seed, point))
    playouts = partial(_modelled_totals, models=tuple(models))
    means = (card_means if point.kind == CARD else row_means)(point.view, rng, rollouts, playouts)
    return decision_of(point, means)


def _modelled_totals(start: Start, view: PlayerView, turns: int, rng: random.Random, rollouts: int, *,
                     models: Sequence[str]) -> list[int]:
    """Each option's total penalty over ``rollouts`` sampled deals of the opponents' hands (a row
    choice's playouts start at the next turn: this turn's cards are down)."""
    generator = np.random.Generator(np.random.PCG64(rng.getrandbits(64)))
    unseen = unseen_cards(view)
    seen = [*view.starting_rows, *(card for plays in view.previous_plays for card in plays), *view.revealed]
    first_turn = view.turn + (start.first is None)
    options = list(range(start.options))
    totals = np.zeros(start.options, dtype=np.int64)
    for first in range(0, rollouts, WORLDS_PER_BLOCK):
        worlds = sample_worlds(unseen, len(models), len(start.hand), min(WORLDS_PER_BLOCK, rollouts - first),
                               generator)
        totals += play_out_modelled(start, options, worlds, models, seen, first_turn, turns, view.rules).sum(axis=1)
    return [int(total) for total in totals]
