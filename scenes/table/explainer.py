"""The explain panel's content: which rule placed the card, with its numbers.

Built from :func:`game.explain.explain` (the rules' arithmetic, not re-done
here) as short lines of words and numbers, so the table can stamp every
number with the digit sprites.  Layout: a title naming the rule, one column
per row (its last card and how the card compares), then the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.engine import Placement, Rule
from game.explain import Explanation, explain, points_parts, takes_after_choice
from game.i18n import _, rich
from game.rules import Rules

from game.i18n import Part

Rows = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Column:
    """One row compared with the card: three short lines."""

    lines: tuple[tuple[Part, ...], ...]
    chosen: bool
    """The row the card went to (or, under rule 4, the row taken)."""
    ok: bool
    """The row could take the card (rules 1-2) / is among the cheapest (rule 4)."""


@dataclass(frozen=True)
class ExplainPanel:
    title: tuple[Part, ...]
    columns: tuple[Column, ...]
    verdict: tuple[tuple[Part, ...], ...]

    def text_lines(self) -> list[str]:
        """The panel as plain text, one string per drawn line (columns read row by row)."""
        lines = [join(self.title)]
        for column in self.columns:
            lines.append("  ".join(join(line) for line in column.lines))
        lines.extend(join(line) for line in self.verdict)
        return lines


def _why_not_cheapest(rows_before: Rows, placement: Placement, cheapest: int, later: Sequence[tuple[int, int]],
                      rules: Rules, names: Sequence[str]) -> tuple[Part, ...]:
    """Why a player may take a dearer row: every card of the turn is face up, so they can see
    that with it another player's card will take a row (and with the cheapest it would not)."""
    chosen = takes_after_choice(rows_before, placement.card, placement.row, later, rules)
    other = takes_after_choice(rows_before, placement.card, cheapest, later, rules)
    caused = [take for take in chosen if take not in other and take.player != placement.player]
    if not caused:
        return (_("Any row may be taken; the cheapest is the safe choice"),)
    take = caused[0]
    # NOTE: why a player took a row that is not the cheapest: with it, another player's card takes a row.
    return tuple(rich(_("Why? Now {name}'s {card} will take row {row} ({points})"), name=names[take.player],
                      card=take.card, row=take.row + 1, points=points_parts(take.penalty)))


def join(parts: Sequence[Part]) -> str:
    return "".join(str(part) for part in parts)


def _row_head(row: int) -> tuple[Part, ...]:
    """A column's first line: "Row 2"."""
    return tuple(rich(_("Row {row}"), row=row + 1))


def _ends(last_card: int) -> tuple[Part, ...]:
    """A column's second line: the row's last card."""
    # NOTE: short (a column a quarter of the panel wide): the last card of a row, "ends 24".
    return tuple(rich(_("ends {card}"), card=last_card))


def explain_panel(rows_before: Rows, placement: Placement, rules: Rules, names: Sequence[str],
                  later: Sequence[tuple[int, int]] = ()) -> ExplainPanel:
    """The explanation of ``placement``, made on ``rows_before`` (the rows just before it);
    ``later``: the turn's cards placed after it ((player, card), lowest first), which say
    why a rule-4 choice that is not the cheapest row may still make sense."""
    facts = explain(rows_before, placement, rules)
    if placement.rule is Rule.LOW_CARD:
        return _low_card_panel(facts, rules, names, later)
    card = placement.card
    chosen_row = placement.row
    # NOTE: short (a column a quarter of the panel wide): the row's last card is higher than the card.
    too_high = _("too high")
    columns = tuple(
        Column((_row_head(o.row), _ends(o.last_card), ("+", o.difference) if o.accepts else (too_high,)),
               chosen=o.row == chosen_row, ok=o.accepts)
        for o in facts.options
    )
    chosen = facts.options[chosen_row]
    if placement.rule is Rule.SIXTH_CARD:
        full: list[Part] = []
        for index, taken in enumerate(rows_before[chosen_row]):
            full += [", " if index else "", taken]
        # NOTE: {cards}: the full row's five cards, "33, 42, 50, 57, 64"; {points}: "21 points".
        verdict = rich(_("Row {row} was full ({cards}): {name} takes {points}"), row=chosen_row + 1, cards=full,
                       name=names[placement.player], points=points_parts(placement.penalty))
        title = rich(_("Rule 3: {card} would be the 6th card of row {row}"), card=card, row=chosen_row + 1)
        return ExplainPanel(tuple(title), columns, (tuple(verdict),))
    title = rich(_("Rule 2: {card} goes after the closest lower last card"), card=card)
    verdict = rich(_("Smallest difference: {card} - {last} = {difference} in row {row}"), card=card,
                   last=chosen.last_card, difference=chosen.difference, row=chosen_row + 1)
    return ExplainPanel(tuple(title), columns, (tuple(verdict),))


def _low_card_panel(facts: Explanation, rules: Rules, names: Sequence[str],
                    later: Sequence[tuple[int, int]]) -> ExplainPanel:
    """Rule 4: every row's sum, and whether the row taken was the cheapest (and why not)."""
    placement = facts.placement
    name = names[placement.player]
    chosen_row = placement.row
    cheapest = facts.cheapest_rows
    columns = tuple(
        Column((_row_head(o.row), _ends(o.last_card), tuple(points_parts(o.penalty))),
               chosen=o.row == chosen_row, ok=o.row in cheapest)
        for o in facts.options
    )
    title = rich(_("Rule 4: {card} is lower than every row's last card"), card=placement.card)
    mine = facts.options[chosen_row]
    if chosen_row in cheapest:
        verdict: tuple[tuple[Part, ...], ...] = (tuple(rich(
            _("{name} takes the cheapest row, row {row} ({points})"), name=name, row=chosen_row + 1,
            points=points_parts(mine.penalty))),)
    else:
        best = facts.options[cheapest[0]]
        # NOTE: {best_points}: the cheapest row's penalty sum, a bare number: "row 2 (6)".
        verdict = (tuple(rich(_("{name} took row {row} ({points}), not the cheapest: row {best} ({best_points})"),
                              name=name, row=chosen_row + 1, points=points_parts(mine.penalty), best=best.row + 1,
                              best_points=best.penalty)),)
        verdict += (_why_not_cheapest(facts.rows_before, placement, best.row, later, rules, names),)
    return ExplainPanel(tuple(title), columns, verdict)
