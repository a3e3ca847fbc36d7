"""The test oracle the batched rollouts (:mod:`game.batch.rollouts`) are checked against: the
rules and the rollout policy played one playout at a time, card by card, in plain Python.

A table here is three small lists indexed by row (:data:`game.batch.rollouts.Table`):
``ends[r]`` the last card of row ``r`` (the only card rules 1-2 look at), ``counts[r]`` how many
cards it holds (rule 3), ``sums[r]`` its total penalty (what taking it costs).  The placement
below writes the engine's rules once more for that representation, on purpose: an oracle
written apart from what it checks.  ``tests/players/test_one_playout.py`` checks it against
the engine card by card on thousands of random positions; ``tests/players/test_batch_rollouts.py``
checks every batched playout ends with exactly the penalty this one does.
"""

from __future__ import annotations

from typing import Callable, Sequence

from game.batch.rollouts import GAP_WEIGHT, LOW_CARD_SURCHARGE, Table
from game.rules import ROW_LIMIT, ROWS

ROW_BITS_PER_CHOICE = 2
"""Rule-4 row choices of modelled opponents are read two bits at a time
(four rows) from one random integer drawn per playout."""


def place_card(table: Table, penalties: Sequence[int], card: int, low_row: int) -> tuple[int, int]:
    """Place one card by rules 1-4; return ``(row, penalty taken)``.

    ``low_row`` is the row taken if the card fits no row (rule 4); it is
    ignored otherwise.  :func:`rollout` inlines it.
    """
    ends, counts, sums = table
    best = -1
    best_end = 0
    for row in range(ROWS):
        end = ends[row]
        if best_end < end < card:
            best_end = end
            best = row
    if best < 0 or counts[best] == ROW_LIMIT:
        row = low_row if best < 0 else best
        taken = sums[row]
        ends[row] = card
        counts[row] = 1
        sums[row] = penalties[card]
        return row, taken
    ends[best] = card
    counts[best] += 1
    sums[best] += penalties[card]
    return best, 0


def place_turn(
    table: Table,
    penalties: Sequence[int],
    plays: Sequence[int],
    choose_low_row: Callable[[int, int], int],
) -> list[int]:
    """Place one turn's cards (``plays[p]`` is player p's card) lowest first.

    ``choose_low_row(player, card)`` answers rule 4 when a card fits no row.
    Returns the penalty each player took this turn.
    """
    taken = [0] * len(plays)
    ends = table[0]
    for card, player in sorted(zip(plays, range(len(plays)))):
        low_row = choose_low_row(player, card) if card < min(ends) else 0
        taken[player] += place_card(table, penalties, card, low_row)[1]
    return taken


RiskTable = Sequence[Sequence[float]]
"""``risk[missing][gap]``: chance that at least ``missing`` opponents' cards land
in a gap of ``gap`` below a card (see :func:`game.batch.rollouts.risk_table`)."""


def greedy_card(hand: Sequence[int], ends: Sequence[int], counts: Sequence[int],
                sums: Sequence[int], risk: RiskTable) -> int:
    """The rollout policy's card: the lowest expected penalty this turn, looking one card deep.

    A card that fits no row costs the cheapest row; a card that would be a
    row's 6th costs that row; any other card costs its row times the chance
    that enough opponents' cards slip in front of it (``risk``, from
    :func:`game.batch.rollouts.risk_table`).  Among equal costs the card closest above its row's
    end wins.  As a player on its own this scores about as well as the
    ``heuristic`` kind, at a few microseconds a call, which makes it a far
    better model of the player's own later turns than random play.
    """
    e0, e1, e2, e3 = ends
    best_card = hand[0]
    best_cost = 1e9
    for card in hand:
        gap = card
        row = -1
        if e0 < card:
            gap = card - e0
            row = 0
        if e1 < card and card - e1 < gap:
            gap = card - e1
            row = 1
        if e2 < card and card - e2 < gap:
            gap = card - e2
            row = 2
        if e3 < card and card - e3 < gap:
            gap = card - e3
            row = 3
        if row < 0:
            cost = min(sums) + LOW_CARD_SURCHARGE
        else:
            cost = sums[row] * risk[ROW_LIMIT - counts[row]][gap] + gap * GAP_WEIGHT
        if cost < best_cost:
            best_cost = cost
            best_card = card
    return best_card


def cheapest_row(sums: Sequence[int], counts: Sequence[int]) -> int:
    """Rule 4 for the rollout policy: the row with the lowest penalty, then the fewest cards."""
    best = 0
    best_key = (sums[0], counts[0])
    for row in range(1, ROWS):
        key = (sums[row], counts[row])
        if key < best_key:
            best_key = key
            best = row
    return best


def rollout(
    table: Table,
    penalties: Sequence[int],
    hand: list[int],
    first: int | None,
    others: Sequence[int],
    opponents: int,
    turns: int,
    row_bits: int,
    risk: RiskTable,
    trace: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = None,
) -> int:
    """Play the rest of a round on ``table``; return the penalty the player takes.

    ``hand`` is the player's hand (consumed); ``first`` is the card the
    player plays this turn (``None``: choose it like later turns).  Opponents
    are modelled as random players: a uniformly random card each turn is the
    same as a random order fixed in advance, so ``others`` lists the cards
    they will play, ``opponents`` cards a turn for ``turns`` turns (with
    ``turns * opponents`` cards drawn from the unseen pool this is an exact
    sample of random opponents).  Their rule-4 rows are read from
    ``row_bits``.  The player's own later cards follow :func:`greedy_card`
    and rule 4 :func:`cheapest_row`.

    Because the opponents' whole future is fixed before the call, playing
    every candidate card against the same ``others`` and ``row_bits`` compares
    candidates on the same luck (common random numbers).

    ``trace``, if given, receives ``(cards, low rows)`` per turn - the turn's
    cards in placement order (the player's is the one not taken from
    ``others``) and the rows chosen under rule 4, in order - so tests can
    replay a playout through the engine.
    """
    ends, counts, sums = table
    taken = 0
    index = 0
    for turn in range(turns):
        if turn == 0 and first is not None:
            mine = first
            hand.remove(first)
        else:
            mine = greedy_card(hand, ends, counts, sums, risk) if len(hand) > 1 else hand[0]
            hand.remove(mine)
        cards = [mine, *others[index:index + opponents]]
        index += opponents
        cards.sort()
        low_rows: list[int] = []
        for card in cards:
            e0, e1, e2, e3 = ends
            best = -1
            best_end = 0
            if best_end < e0 < card:
                best_end = e0
                best = 0
            if best_end < e1 < card:
                best_end = e1
                best = 1
            if best_end < e2 < card:
                best_end = e2
                best = 2
            if best_end < e3 < card:
                best = 3
            if best >= 0 and counts[best] < ROW_LIMIT:
                ends[best] = card
                counts[best] += 1
                sums[best] += penalties[card]
                continue
            if best < 0:
                if card == mine:
                    best = cheapest_row(sums, counts)
                else:
                    best = row_bits & 3
                    row_bits >>= ROW_BITS_PER_CHOICE
                low_rows.append(best)
            if card == mine:
                taken += sums[best]
            ends[best] = card
            counts[best] = 1
            sums[best] = penalties[card]
        if trace is not None:
            trace.append((tuple(cards), tuple(low_rows)))
    return taken
