"""The post-game review: for each decision of a seat, what every option was likely to cost.

A decision is a card chosen (every card in the hand is an option) or, under
rule 4, a row taken (every row is an option).  Each is judged only from what
its player knew at that moment - the :class:`~game.engine.PlayerView` the
engine gave them, rebuilt by replaying the game's log - never from the
hidden hands: the opponents' future cards are sampled from the cards that
player had not seen, exactly as the ``mc`` player does (:mod:`game.players.mc`).

For every option the review plays the same sampled worlds to the end of the
round (common random numbers: options are compared on the same luck), every
option on a block of worlds at once by the batched engine
(:func:`game.batch.rollouts.play_out`), and reports the mean penalty.  Unlike the
``mc`` player it never drops an option early: every legal option is played on
every world, so each expected value is measured with the same care.

``best`` is the option with the lowest mean (the played option when it ties),
so ``loss = expected[played] - expected[best]`` is never negative.  Each
decision's generator is seeded from the review seed and the decision's place
in the game, so a review with a fixed number of rollouts and a seed is the
same on every machine, whichever seats or games are reviewed with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import numpy as np

from .batch.rollouts import Start, card_start, play_out, row_start, sample_worlds
from .engine import Game, Phase, PlayerView, RoundLog, predict
from .players.heuristic import at_least, unseen_cards
from .i18n import _, ngettext
from .review_terms import CARD as CARD, DEFAULT_ROLLOUTS as DEFAULT_ROLLOUTS, DEFAULT_SEED as DEFAULT_SEED, ROW as ROW
from .review_terms import WORTH_REVISITING as WORTH_REVISITING, Decision as Decision, costliest as costliest
from .review_terms import summary as summary, worth_revisiting as worth_revisiting
from .rules import ROW_LIMIT, ROWS, Rules

WORLDS_PER_BLOCK = 512
"""Worlds played at once (every option on each): a block of a hand's ten options is about 5,000
playouts, a few hundred kilobytes per array."""



@dataclass(frozen=True)
class DecisionPoint:
    """One decision as its player faced it: what they knew and what they did."""

    seat: int
    round: int
    turn: int
    kind: str
    """:data:`CARD` or :data:`ROW`."""
    view: PlayerView
    """Everything the player knew then (the engine's view: no other hand)."""
    played: int
    """The card played, or the row taken (0-3)."""


# ------------------------------------------------------------ decisions
def decision_points(rules: Rules, player_count: int, seed: int, rounds: Sequence[RoundLog],
                    seats: Sequence[int] | None = None) -> list[DecisionPoint]:
    """Every decision of ``seats`` (all when ``None``) in the logged ``rounds``, in the order
    made, each with the view its player had - replayed through the engine."""
    wanted = set(range(player_count) if seats is None else seats)
    game = Game(rules, player_count, seed, deals=[round_log.deal for round_log in rounds])
    points: list[DecisionPoint] = []
    for round_log in rounds:
        for turn_log in round_log.turns:
            for seat in sorted(wanted):
                points.append(DecisionPoint(seat, game.round, game.turn, CARD, game.view(seat),
                                            turn_log.plays[seat]))
            game.play_cards(turn_log.plays)
            for logged in turn_log.placements:
                if game.phase is Phase.CHOOSE_ROW:
                    chooser = game.awaiting_row_choice
                    if chooser in wanted:
                        points.append(DecisionPoint(chooser, game.round, game.turn, ROW, game.view(chooser),
                                                    logged.row))
                    game.choose_row(logged.player, logged.row)
                else:
                    game.place_next()
    return points


def decision_seed(seed: int, point: DecisionPoint) -> int:
    """The generator seed of one decision: the review seed and the decision's place in the game
    (plain arithmetic, so it is the same in every process and on every machine)."""
    place = ((point.seat * 1000 + point.round) * 100 + point.turn) * 2 + (point.kind == ROW)
    return (seed * 1_000_003 + place * 0x9E3779B97F4A7C15) % 2**63


def review_point(point: DecisionPoint, rollouts: int = DEFAULT_ROLLOUTS, seed: int = DEFAULT_SEED) -> Decision:
    """Evaluate every option of one decision on ``rollouts`` sampled worlds."""
    if rollouts < 1:
        raise ValueError(f"rollouts must be a whole number >= 1, not {rollouts!r}")
    rng = random.Random(decision_seed(seed, point))
    view = point.view
    if point.kind == CARD:
        means = card_means(view, rng, rollouts)
    else:
        means = row_means(view, rng, rollouts)
    return decision_of(point, means)


def decision_of(point: DecisionPoint, means: dict[int, float]) -> Decision:
    """The decision with ``means`` (option -> mean penalty), rounded for reports, and its loss."""
    rounded = {option: round(mean, 4) for option, mean in means.items()}
    played = point.played
    best = min(rounded, key=lambda option: (rounded[option], option != played, option))
    loss = round(rounded[played] - rounded[best], 4)
    view = point.view
    return Decision(point.seat, point.round, point.turn, point.kind, played, best,
                    tuple(sorted(rounded.items())), loss, view.rows, view.hand,
                    view.card_to_place, view.revealed, reason_of(view, point.kind, played, best))


def review_points(points: Sequence[DecisionPoint], rollouts: int = DEFAULT_ROLLOUTS,
                  seed: int = DEFAULT_SEED) -> Iterator[Decision]:
    """:func:`review_point` for each point, one at a time (a screen can show progress)."""
    for point in points:
        yield review_point(point, rollouts, seed)


def review_game(rules: Rules, player_count: int, game_seed: int, rounds: Sequence[RoundLog],
                seats: Sequence[int] | None = None, rollouts: int = DEFAULT_ROLLOUTS,
                seed: int = DEFAULT_SEED) -> list[Decision]:
    """Every decision of ``seats`` (all when ``None``) in a logged game, reviewed, in game order."""
    points = decision_points(rules, player_count, game_seed, rounds, seats)
    return list(review_points(points, rollouts, seed))


# ----------------------------------------------------------- evaluation
def _totals(start: Start, view: PlayerView, turns: int, rng: random.Random, rollouts: int) -> list[int]:
    """Each option's total penalty over ``rollouts`` sampled worlds, played a block at a time."""
    generator = np.random.Generator(np.random.PCG64(rng.getrandbits(64)))
    unseen = unseen_cards(view)
    opponents = view.player_count - 1
    options = list(range(start.options))
    totals = np.zeros(start.options, dtype=np.int64)
    for first in range(0, rollouts, WORLDS_PER_BLOCK):
        worlds = sample_worlds(unseen, opponents, turns, min(WORLDS_PER_BLOCK, rollouts - first), generator)
        totals += play_out(start, options, worlds, opponents, turns, view.rules).sum(axis=1)
    return [int(total) for total in totals]


Playouts = Callable[[Start, PlayerView, int, random.Random, int], list[int]]
"""Each option's total penalty from ``start`` over ``rollouts`` playouts of ``turns`` turns (the
opponents random: :func:`_totals`; as models say: :mod:`game.review_models`)."""


def card_means(view: PlayerView, rng: random.Random, rollouts: int, playouts: Playouts = _totals) -> dict[int, float]:
    """Mean penalty to the end of the round of playing each card of the hand now."""
    start = card_start(view.rows, view.hand, view.rules)
    totals = playouts(start, view, view.rules.turns_per_round - view.turn, rng, rollouts)
    return {card: total / rollouts for card, total in zip(view.hand, totals)}


def row_means(view: PlayerView, rng: random.Random, rollouts: int, playouts: Playouts = _totals) -> dict[int, float]:
    """Rule 4: mean penalty to the end of the round of taking each row now.

    The rest of this turn is public (the other revealed cards, all higher than
    the player's): it is placed on each of the four tables before playing on.
    """
    card = view.card_to_place
    if card is None:
        raise ValueError("no row choice is pending for this player")
    start = row_start(view.rows, view.hand, card, view.revealed, view.rules)
    immediate = start.taken_now.tolist()
    turns = view.rules.turns_per_round - view.turn - 1
    if turns == 0 or not view.hand:
        return {row: float(immediate[row]) for row in range(ROWS)}
    totals = playouts(start, view, turns, rng, rollouts)  # each playout counts the row taken now
    return {row: totals[row] / rollouts for row in range(ROWS)}


# ---------------------------------------------------------------- words
def reason_of(view: PlayerView, kind: str, played: int, best: int) -> str:
    """Why the played option was worse than the best one, from what the player saw."""
    if played == best:
        return ""
    if kind == ROW:
        return _row_reason(view, played, best)
    return _card_reason(view, played, best)


def _card_reason(view: PlayerView, card: int, best: int) -> str:
    rows = view.rows
    row, takes = predict(rows, card)
    if row is None:
        return _("{card} was lower than every row, so it had to take a row").format(card=card)
    if takes:
        if predict(rows, best) == (row, True):
            return _("every card would be the 6th card of row {row}, but {best}, higher, left the other "
                     "players' cards more chances to take that row first").format(row=row + 1, best=best)
        return _("{card} was the 6th card of row {row}").format(card=card, row=row + 1)
    chance = sixth_card_chance(view, card)
    if chance >= 0.1:
        sentence = (_("{card} was likely to be the 6th card of row {row} (about {percent}%)") if chance >= 0.5
                    else _("{card} was at risk to be the 6th card of row {row} (about {percent}%)"))
        return sentence.format(card=card, row=row + 1, percent=f"{chance * 100:.0f}")
    if view.turn >= view.rules.turns_per_round - 1:  # no later turn to keep a card for
        return _("on the round's last turn, {best} was less likely than {card} to take a row").format(
            best=best, card=card)
    return _("{card} was safe this turn, but worth more kept for later turns").format(card=card)


def sixth_card_chance(view: PlayerView, card: int) -> float:
    """Chance that enough opponents' cards land between its row's end and ``card`` this turn
    to make ``card`` that row's 6th (each unseen card equally likely, as the heuristic counts)."""
    rows = view.rows
    row, takes = predict(rows, card)
    if row is None or takes:
        return 1.0
    unseen = unseen_cards(view)
    if not unseen:
        return 0.0
    end = rows[row][-1]
    in_gap = sum(1 for other in unseen if end < other < card)
    return at_least(ROW_LIMIT - len(rows[row]), view.player_count - 1, in_gap / len(unseen))


def _row_reason(view: PlayerView, played: int, best: int) -> str:
    """The rows' points now, and why the saving to the end of the round is not their difference:
    each choice leaves another table for the turns that follow."""
    penalty = view.rules.penalty_of
    now_played, now_best = penalty(view.rows[played]), penalty(view.rows[best])
    if view.turn == view.rules.turns_per_round - 1 or not view.hand:  # nothing follows: the saving is the difference
        return ngettext("row {played} held {points} point, row {best} only {fewer}",
                        "row {played} held {points} points, row {best} only {fewer}", now_played).format(
            played=played + 1, points=now_played, best=best + 1, fewer=now_best)
    if now_best < now_played:
        return ngettext("row {played} holds {points} point now and row {best} only {fewer}; the turns that follow "
                        "change that difference, as each choice leaves another table",
                        "row {played} holds {points} points now and row {best} only {fewer}; the turns that follow "
                        "change that difference, as each choice leaves another table", now_played).format(
            played=played + 1, points=now_played, best=best + 1, fewer=now_best)
    return ngettext("row {best} holds {points} point now and row {played} holds {other}, but the table left by "
                    "taking row {best} costs less in the turns that follow",
                    "row {best} holds {points} points now and row {played} holds {other}, but the table left by "
                    "taking row {best} costs less in the turns that follow", now_best).format(
        best=best + 1, points=now_best, played=played + 1, other=now_played)
