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
from game.explain import Explanation, explain, takes_after_choice
from game.rules import Rules

from .session import Part

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
        return ("Any row may be taken; the cheapest is the safe choice",)
    take = caused[0]
    who = names[take.player]
    return ("Why? Now ", f"{who}'s ", take.card, " will take row ", take.row + 1, " (", take.penalty,
            _points(take.penalty), ")")


def join(parts: Sequence[Part]) -> str:
    return "".join(str(part) for part in parts)


def _cards(count: int) -> str:
    return "card" if count == 1 else "cards"


def _points(count: int) -> str:
    return " point" if count == 1 else " points"


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
    columns = tuple(
        Column((("Row ", o.row + 1), ("ends ", o.last_card),
                ("+", o.difference) if o.accepts else ("too high",)),
               chosen=o.row == chosen_row, ok=o.accepts)
        for o in facts.options
    )
    chosen = facts.options[chosen_row]
    if placement.rule is Rule.SIXTH_CARD:
        full: list[Part] = ["Row ", chosen_row + 1, " was full ("]
        for index, taken in enumerate(rows_before[chosen_row]):
            full += [", " if index else "", taken]
        full += [f"): {names[placement.player]} takes ", placement.penalty, _points(placement.penalty)]
        title: tuple[Part, ...] = ("Rule 3: ", card, " would be the 6th card of row ", chosen_row + 1)
        return ExplainPanel(title, columns, (tuple(full),))
    title = ("Rule 2: ", card, " goes after the closest lower last card")
    verdict = (("Smallest difference: ", card, " - ", chosen.last_card, " = ", chosen.difference,
                " in row ", chosen_row + 1),)
    return ExplainPanel(title, columns, verdict)


def _low_card_panel(facts: Explanation, rules: Rules, names: Sequence[str],
                    later: Sequence[tuple[int, int]]) -> ExplainPanel:
    """Rule 4: every row's sum, and whether the row taken was the cheapest (and why not)."""
    placement = facts.placement
    name = names[placement.player]
    chosen_row = placement.row
    cheapest = facts.cheapest_rows
    columns = tuple(
        Column((("Row ", o.row + 1), ("ends ", o.last_card), (o.penalty, _points(o.penalty))),
               chosen=o.row == chosen_row, ok=o.row in cheapest)
        for o in facts.options
    )
    title: tuple[Part, ...] = ("Rule 4: ", placement.card, " is lower than every row's last card")
    mine = facts.options[chosen_row]
    if chosen_row in cheapest:
        verdict: tuple[tuple[Part, ...], ...] = (
            (f"{name} takes the cheapest row, row ", chosen_row + 1, " (", mine.penalty,
             _points(mine.penalty), ")"),)
    else:
        best = facts.options[cheapest[0]]
        verdict = ((f"{name} took row ", chosen_row + 1, " (", mine.penalty, _points(mine.penalty),
                    "), not the cheapest: row ", best.row + 1, " (", best.penalty, ")"),)
        verdict += (_why_not_cheapest(facts.rows_before, placement, best.row, later, rules, names),)
    return ExplainPanel(title, columns, verdict)
