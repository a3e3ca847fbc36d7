"""Why a card went where it went: the numbers behind each placement, in words.

Screens call :func:`explain` with the rows as they were just before a
placement and the :class:`~game.engine.Placement` the engine returned; nothing
here decides anything, it only re-reads the rules' arithmetic for a learner.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .i18n import Part, _, ngettext, rich
from .engine import Placement, Rule, predict, target_row
from .rules import ROW_LIMIT, Rules


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
    return _("row {row}").format(row=row + 1)


def _points(penalty: int) -> str:
    return plain(points_parts(penalty))


def points_parts(penalty: int) -> list[Part]:
    """"1 point", "21 points": a counted phrase that sentences take as their ``{points}``."""
    # NOTE: penalty points (bull heads) counted, as a sentence's {points}: "Bob takes 5 cards, 21 points".
    return rich(ngettext("{count} point", "{count} points", penalty), count=penalty)


def cards_parts(count: int) -> list[Part]:
    """"1 card", "5 cards": a counted phrase that sentences take as their ``{cards}``."""
    # NOTE: cards counted, as a sentence's {cards}: "Bob takes 5 cards, 21 points".
    return rich(ngettext("{count} card", "{count} cards", count), count=count)


def follows(rows_after: Sequence[Sequence[int]], placement: Placement) -> int | None:
    """The card ``placement`` was put after (rules 1-2), read from the rows right after it."""
    row = rows_after[placement.row]
    return row[-2] if placement.rule is Rule.CLOSEST_ROW and len(row) > 1 else None


def caption_parts(placement: Placement, names: Sequence[str], after: int | None = None) -> list[Part]:
    """What one placement did, as words and numbers, e.g. "88 is the 6th card in row 3: Bob takes
    5 cards, 21 points" (the name said once: a caption fits the window in every language even with
    a long name); ``after``: the card the placed one follows (rules 1-2), if known."""
    fields: dict[str, int | str | list[Part]] = {
        "name": names[placement.player], "card": placement.card, "row": placement.row + 1,
        "cards": cards_parts(len(placement.taken)), "points": points_parts(placement.penalty)}
    if placement.rule is Rule.SIXTH_CARD:
        return rich(_("{card} is the 6th card in row {row}: {name} takes {cards}, {points}"), **fields)
    if placement.rule is Rule.LOW_CARD:
        return rich(_("{card} is lower than every row: {name} takes row {row}, {cards}, {points}"), **fields)
    if after is None:
        return rich(_("{name}'s {card} goes to row {row}"), **fields)
    # NOTE: {after} is the card the placed one is put after (the row's last card until now).
    return rich(_("{name}'s {card} goes to row {row}, after {after}"), after=after, **fields)


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
        return rich(_("{card} is lower than every row: you would pick a row to take"), card=card)
    if takes:
        taken = tuple(rows[row])
        return rich(_("{card} would be the 6th card in row {row}: you would take {cards}, {points}"),
                    card=card, row=row + 1, cards=cards_parts(len(taken)),
                    points=points_parts(rules.penalty_of(taken)))
    return rich(_("{card} would go to row {row}"), card=card, row=row + 1)


def explanation_lines(explanation: Explanation, names: Sequence[str]) -> list[str]:
    """A few short lines giving the rule that applied and its numbers."""
    placement = explanation.placement
    card, name = placement.card, names[placement.player]
    if placement.rule is Rule.LOW_CARD:
        return _low_card_lines(explanation, card, name)
    lines = [_comparison_line(explanation, card)]
    chosen = explanation.options[placement.row]
    lines.append(_("Rule 2: the smallest difference is row {row} ({card} - {last} = {difference}).").format(
        row=chosen.row + 1, card=card, last=chosen.last_card, difference=chosen.difference))
    if placement.rule is Rule.SIXTH_CARD:
        full = " ".join(str(c) for c in explanation.rows_before[placement.row])
        # NOTE: {full}: the row's cards, e.g. "33 42 50 57 64"; {points}: "21 points".
        lines.append(ngettext(
            "Rule 3: that row already holds {count} card ({full}); {card} would be its 6th, "
            "so {name} takes them ({points}) and {card} starts the row.",
            "Rule 3: that row already holds {count} cards ({full}); {card} would be its 6th, "
            "so {name} takes them ({points}) and {card} starts the row.", ROW_LIMIT).format(
            count=ROW_LIMIT, full=full, card=card, name=name, points=_points(placement.penalty)))
    else:
        lines.append(_("{card} becomes card {position} of row {row}.").format(
            card=card, position=chosen.length + 1, row=chosen.row + 1))
    return lines


def _comparison_line(explanation: Explanation, card: int) -> str:
    parts = []
    for option in explanation.options:
        if option.accepts:
            parts.append(_("row {row} ends {last} (+{difference})").format(
                row=option.row + 1, last=option.last_card, difference=option.difference))
        else:
            parts.append(_("row {row} ends {last} (too high)").format(row=option.row + 1, last=option.last_card))
    # NOTE: {rows}: each row's last card compared, e.g. "row 1 ends 21 (+2), row 2 ends 24 (too high)".
    return _("Rule 1: a row takes {card} only if its last card is lower: {rows}.").format(
        card=card, rows=", ".join(parts))


def _low_card_lines(explanation: Explanation, card: int, name: str) -> list[str]:
    ends = ", ".join(str(option.last_card) for option in explanation.options)
    # NOTE: one row's penalty sum in a list, e.g. "row 1: 9 points".
    sums = ", ".join(_("row {row}: {points}").format(row=o.row + 1, points=_points(o.penalty))
                     for o in explanation.options)
    chosen = explanation.placement.row
    cheapest = explanation.cheapest_rows
    if chosen not in cheapest:
        verdict = _("{name} chose row {row}, not the cheapest row; {card} starts that row.")
    elif len(cheapest) == 1:
        verdict = _("{name} chose row {row}, the cheapest row; {card} starts that row.")
    else:
        verdict = _("{name} chose row {row}, one of the cheapest rows; {card} starts that row.")
    return [
        # NOTE: {ends}: every row's last card, e.g. "21, 24, 57, 81".
        _("Rule 4: {card} is lower than every row's last card ({ends}).").format(card=card, ends=ends),
        # NOTE: {sums}: every row's penalty sum, e.g. "row 1: 9 points, row 2: 6 points".
        _("Its player must take a whole row. Penalty sums: {sums}.").format(sums=sums),
        verdict.format(name=name, row=chosen + 1, card=card),
    ]
