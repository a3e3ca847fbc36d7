"""A human-like computer player, and what any player can know about the unseen cards.

The ``heuristic`` player plays like a careful beginner who counts cards:

* For each card in hand it estimates the penalty that card risks this turn:

  - a card lower than every row will take a row (rule 4): it costs the
    cheapest row;
  - a card that would be a row's 6th card takes that row (rule 3): it costs
    the row;
  - otherwise the card is only in danger if enough opponents' cards land
    between the row's end and it to fill the row first.  Each opponent plays
    one card, which lies in that gap with probability *(unseen cards in the
    gap) / (all unseen cards)*; the chance that at least the missing number
    do is binomial, and the card costs that chance times the row.

* It plays the card with the lowest risk; among equally safe cards the one
  closest above its row's end (fewest cards can slip in front of it).
* Under rule 4 it takes the row with the lowest penalty (then the shortest).

It needs no search and decides in well under a millisecond.
"""

from __future__ import annotations

import random
from math import comb

from .options import AgentOptions
from ..engine import PlayerView, closest_row
from ..rules import ALL_CARDS, ROW_LIMIT, ROWS


def seen_cards(view: PlayerView) -> set[int]:
    """Every card this player has seen this round: own hand, starting rows and all plays."""
    seen = set(view.hand)
    seen.update(view.starting_rows)
    for plays in view.previous_plays:
        seen.update(plays)
    seen.update(view.revealed)
    return seen


def unseen_cards(view: PlayerView) -> list[int]:
    """Cards that may be in an opponent's hand (or not dealt), in ascending order.

    The rows hold only starting cards and played cards, so the hand, the
    starting rows and the plays are everything a player has seen.
    """
    seen = seen_cards(view)
    return [card for card in ALL_CARDS if card not in seen]


def at_least(k: int, n: int, p: float) -> float:
    """Probability of at least ``k`` successes in ``n`` trials of chance ``p``."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


def card_risks(view: PlayerView) -> list[tuple[float, int, int]]:
    """``(expected penalty, gap, card)`` for each card of the hand, as described above."""
    rows = view.rows
    table = view.rules.penalties
    ends = [row[-1] for row in rows]
    sums = [sum(table[card] for card in row) for row in rows]
    cheapest = min(sums)
    unseen = unseen_cards(view)
    opponents = view.player_count - 1
    risks = []
    for card in view.hand:
        row = closest_row(ends, card)
        if row < 0:
            risks.append((float(cheapest), 0, card))
            continue
        gap = card - ends[row]
        if len(rows[row]) == ROW_LIMIT:
            risks.append((float(sums[row]), gap, card))
            continue
        in_gap = sum(1 for other in unseen if ends[row] < other < card)
        chance = at_least(ROW_LIMIT - len(rows[row]), opponents, in_gap / len(unseen)) if unseen else 0.0
        risks.append((chance * sums[row], gap, card))
    return risks


def heuristic_card(view: PlayerView) -> int:
    """The card with the lowest estimated risk (ties: the closest to its row's end)."""
    return min(card_risks(view))[2]


def heuristic_row(view: PlayerView) -> int:
    """Rule 4: the row with the lowest penalty, then the fewest cards, then the first."""
    table = view.rules.penalties
    return min(range(ROWS), key=lambda r: (sum(table[c] for c in view.rows[r]), len(view.rows[r]), r))


class HeuristicAgent:
    """The ``heuristic`` kind: the rules of thumb above, deterministic given the view."""

    kind = "heuristic"

    def __init__(self, rng: random.Random, options: AgentOptions | None = None) -> None:
        """``rng`` and ``options`` are accepted like every agent's but not needed."""

    def choose_card(self, view: PlayerView) -> int:
        return heuristic_card(view)

    def choose_row(self, view: PlayerView) -> int:
        return heuristic_row(view)
