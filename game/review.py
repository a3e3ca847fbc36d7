"""The post-game review: for each decision of a seat, what every option was likely to cost.

A decision is a card chosen (every card in the hand is an option) or, under
rule 4, a row taken (every row is an option).  Each is judged only from what
its player knew at that moment - the :class:`~game.engine.PlayerView` the
engine gave them, rebuilt by replaying the game's log - never from the
hidden hands: the opponents' future cards are sampled from the cards that
player had not seen, exactly as the ``mc`` player does (:mod:`game.mc`).

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
from typing import Iterator, Sequence

import numpy as np

from .batch.rollouts import Start, card_start, play_out, row_start, sample_worlds
from .engine import Game, Phase, PlayerView, RoundLog, predict
from .players.heuristic import at_least, unseen_cards
from .i18n import _, ngettext
from .rules import ROW_LIMIT, ROWS, Rules

DEFAULT_ROLLOUTS = 1000
"""Sampled worlds per decision by default: a whole 7-turn game of one seat reviews in
well under a second, and the means of close options are within about a tenth of a point."""
DEFAULT_SEED = 0
WORLDS_PER_BLOCK = 512
"""Worlds played at once (every option on each): a block of a hand's ten options is about 5,000
playouts, a few hundred kilobytes per array."""
WORTH_REVISITING = 0.5
"""Penalty points: a decision that lost at least this much is worth revisiting."""

CARD = "card"
ROW = "row"


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


def costliest(decisions: Sequence[Decision]) -> list[Decision]:
    """Decisions by loss, largest first (ties: game order)."""
    order = {id(d): index for index, d in enumerate(decisions)}
    return sorted(decisions, key=lambda d: (-d.loss, order[id(d)]))


def worth_revisiting(decisions: Sequence[Decision], threshold: float = WORTH_REVISITING) -> list[Decision]:
    """The decisions that lost at least ``threshold`` points, costliest first."""
    return [d for d in costliest(decisions) if d.loss >= threshold]


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


def card_means(view: PlayerView, rng: random.Random, rollouts: int) -> dict[int, float]:
    """Mean penalty to the end of the round of playing each card of the hand now."""
    start = card_start(view.rows, view.hand, view.rules)
    totals = _totals(start, view, view.rules.turns_per_round - view.turn, rng, rollouts)
    return {card: total / rollouts for card, total in zip(view.hand, totals)}


def row_means(view: PlayerView, rng: random.Random, rollouts: int) -> dict[int, float]:
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
    totals = _totals(start, view, turns, rng, rollouts)  # each playout counts the row taken now
    return {row: totals[row] / rollouts for row in range(ROWS)}


# ---------------------------------------------------------------- words
def _points(value: float) -> str:
    shown = f"{value:.1f}"
    return ngettext("{value} point", "{value} points", 1 if shown == "1.0" else 2).format(value=shown)


def summary(decision: Decision) -> str:
    """One sentence: what the better option would have saved, and why, e.g. "Playing 19
    instead of 27 would have saved about 4.2 points: 27 was likely to be the 6th card of row 2"."""
    if decision.kind == ROW:
        if decision.best == decision.played:
            return _("Taking row {row} was the best choice").format(row=decision.played + 1)
        return _("Taking row {best} instead of row {played} would have saved about {points}: {reason}").format(
            best=decision.best + 1, played=decision.played + 1, points=_points(decision.loss), reason=decision.reason)
    if len(decision.expected) == 1:
        return _("{card} was the last card: there was no choice").format(card=decision.played)
    if decision.best == decision.played:
        return _("{card} was the best card to play").format(card=decision.played)
    return _("Playing {best} instead of {played} would have saved about {points}: {reason}").format(
        best=decision.best, played=decision.played, points=_points(decision.loss), reason=decision.reason)


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
    penalty = view.rules.penalty_of
    now_played, now_best = penalty(view.rows[played]), penalty(view.rows[best])
    if now_best < now_played:
        return ngettext("row {played} held {points} point, row {best} only {fewer}",
                        "row {played} held {points} points, row {best} only {fewer}", now_played).format(
            played=played + 1, points=now_played, best=best + 1, fewer=now_best)
    return _("row {best} left a safer table for the rest of the round").format(best=best + 1)
