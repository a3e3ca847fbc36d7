"""Why a card went where it went: the numbers behind each placement, in words.

Screens call :func:`explain` with the rows as they were just before a
placement and the :class:`~game.engine.Placement` the engine returned; nothing
here decides anything, it only re-reads the rules' arithmetic for a learner.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .i18n import Part
from .engine import Placement, Rule, predict, target_row
from .rules import ROW_LIMIT, Rules
from .text import noun_for


class RowOption(NamedTuple):
    """A row compared against the card (rule 1 and 2 arithmetic)."""

    row: int
    last_card: int
    difference: int
    """``card - last_card``; negative means the row cannot take the card (rule 1)."""
    length: int
    """Cards in the row before the placement."""
    penalty: int
    """Penalty sum of the row before the placement."""

    @property
    def accepts(self) -> bool:
        return self.difference > 0


class Explanation(NamedTuple):
    """The facts behind one placement."""

    placement: Placement
    rows_before: tuple[tuple[int, ...], ...]
    options: tuple[RowOption, ...]
    """Every row, in row order, compared with the card."""

    @property
    def rule(self) -> Rule:
        return self.placement.rule

    @property
    def accepting(self) -> tuple[RowOption, ...]:
        """Rows whose last card is lower than the card (rule 1)."""
        return tuple(option for option in self.options if option.accepts)

    @property
    def cheapest_rows(self) -> tuple[int, ...]:
        """Rows with the lowest penalty sum (what a careful player takes under rule 4)."""
        lowest = min(option.penalty for option in self.options)
        return tuple(option.row for option in self.options if option.penalty == lowest)


def explain(rows_before: Sequence[Sequence[int]], placement: Placement, rules: Rules) -> Explanation:
    """The comparison of ``placement.card`` with each row as it was before the placement."""
    rows = tuple(tuple(row) for row in rows_before)
    options = tuple(
        RowOption(index, row[-1], placement.card - row[-1], len(row), rules.penalty_of(row))
        for index, row in enumerate(rows)
    )
    return Explanation(placement, rows, options)


class Take(NamedTuple):
    """A later card of the turn that takes a row (rule 3), as a consequence of a choice."""

    player: int
    card: int
    row: int
    penalty: int


def takes_after_choice(rows_before: Sequence[Sequence[int]], card: int, row: int,
                       later: Sequence[tuple[int, int]], rules: Rules) -> list[Take]:
    """Rule 4 lookahead: the rows ``later`` cards ((player, card), lowest first) would take
    if ``card`` took ``row``.  Every card of a turn is revealed before the first is placed,
    so a player choosing a row can see this; it explains a choice that is not the cheapest."""
    rows = [list(r) for r in rows_before]
    rows[row] = [card]
    takes: list[Take] = []
    for player, next_card in later:
        target = target_row(rows, next_card)
        if target is None:
            break  # cannot happen after a rule-4 card (it is the turn's lowest): stop, say nothing
        if len(rows[target]) >= ROW_LIMIT:
            takes.append(Take(player, next_card, target, rules.penalty_of(rows[target])))
            rows[target] = [next_card]
        else:
            rows[target].append(next_card)
    return takes


def row_label(row: int) -> str:
    """Rows are numbered 1-4 for people (0-3 in the engine)."""
    return f"row {row + 1}"


def _points(penalty: int) -> str:
    return f"{penalty} point" if penalty == 1 else f"{penalty} points"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"




def follows(rows_after: Sequence[Sequence[int]], placement: Placement) -> int | None:
    """The card ``placement`` was put after (rules 1-2), read from the rows right after it."""
    row = rows_after[placement.row]
    return row[-2] if placement.rule is Rule.CLOSEST_ROW and len(row) > 1 else None


def caption_parts(placement: Placement, names: Sequence[str], after: int | None = None) -> list[Part]:
    """What one placement did, as words and numbers, e.g. "Bob's 88 is the 6th card in row 3:
    Bob takes 5 cards, 21 points"; ``after``: the card the placed one follows (rules 1-2), if known."""
    name = names[placement.player]
    row = placement.row + 1
    took = len(placement.taken)
    cards = noun_for(took, "card")
    points = noun_for(placement.penalty, "point")
    if placement.rule is Rule.SIXTH_CARD:
        return [f"{name}'s ", placement.card, " is the 6th card in row ", row,
                f": {name} takes ", took, f" {cards}, ", placement.penalty, f" {points}"]
    if placement.rule is Rule.LOW_CARD:
        return [f"{name}'s ", placement.card, f" is lower than every row: {name} takes row ", row,
                ", ", took, f" {cards}, ", placement.penalty, f" {points}"]
    if after is None:
        return [f"{name}'s ", placement.card, " goes to row ", row]
    return [f"{name}'s ", placement.card, " goes to row ", row, ", after ", after]


def caption(placement: Placement, names: Sequence[str], after: int | None = None) -> str:
    """:func:`caption_parts` as plain text."""
    return plain(caption_parts(placement, names, after))


def plain(parts: Sequence[Part]) -> str:
    """Caption parts as one line of text."""
    return "".join(str(part) for part in parts)


def preview_parts(rows: Sequence[Sequence[int]], rules: Rules, card: int) -> list[Part]:
    """What would happen to ``card`` if it were placed on ``rows`` now, told to its chooser."""
    row, takes = predict(rows, card)
    if row is None:
        return [card, " is lower than every row: you would pick a row to take"]
    if takes:
        taken = tuple(rows[row])
        penalty = rules.penalty_of(taken)
        return [card, " would be the 6th card in row ", row + 1, ": you would take ",
                len(taken), f" {noun_for(len(taken), 'card')}, ", penalty, f" {noun_for(penalty, 'point')}"]
    return [card, " would go to row ", row + 1]


def explanation_lines(explanation: Explanation, names: Sequence[str]) -> list[str]:
    """A few short lines giving the rule that applied and its numbers."""
    placement = explanation.placement
    card, name = placement.card, names[placement.player]
    if placement.rule is Rule.LOW_CARD:
        return _low_card_lines(explanation, card, name)
    lines = [_comparison_line(explanation, card)]
    chosen = explanation.options[placement.row]
    lines.append(f"Rule 2: the smallest difference is {row_label(chosen.row)} "
                 f"({card} - {chosen.last_card} = {chosen.difference}).")
    if placement.rule is Rule.SIXTH_CARD:
        full = " ".join(str(c) for c in explanation.rows_before[placement.row])
        lines.append(f"Rule 3: that row already holds {ROW_LIMIT} cards ({full}); {card} would be "
                     f"its 6th, so {name} takes them ({_points(placement.penalty)}) and {card} starts the row.")
    else:
        lines.append(f"{card} becomes card {chosen.length + 1} of {row_label(chosen.row)}.")
    return lines


def _comparison_line(explanation: Explanation, card: int) -> str:
    parts = []
    for option in explanation.options:
        label = f"{row_label(option.row)} ends {option.last_card}"
        if option.accepts:
            parts.append(f"{label} (+{option.difference})")
        else:
            parts.append(f"{label} (too high)")
    return f"Rule 1: a row takes {card} only if its last card is lower: " + ", ".join(parts) + "."


def _low_card_lines(explanation: Explanation, card: int, name: str) -> list[str]:
    ends = ", ".join(str(option.last_card) for option in explanation.options)
    sums = ", ".join(f"{row_label(o.row)}: {_points(o.penalty)}" for o in explanation.options)
    chosen = explanation.placement.row
    cheapest = explanation.cheapest_rows
    if chosen in cheapest:
        verdict = "the cheapest row" if len(cheapest) == 1 else "one of the cheapest rows"
    else:
        verdict = "not the cheapest row"
    return [
        f"Rule 4: {card} is lower than every row's last card ({ends}).",
        f"Its player must take a whole row. Penalty sums: {sums}.",
        f"{name} chose {row_label(chosen)}, {verdict}; {card} starts that row.",
    ]
