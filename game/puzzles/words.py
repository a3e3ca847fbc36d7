"""A puzzle's question and verdict in words, as parts (numbers stay numbers): the practice screen
stamps the numbers with its digit sprites, the class's phones get the same sentence as text
(:func:`text_of`).  One place for these sentences, in the language in use."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import Part, _, ngettext, rich
from ..review import ROW
from .puzzle import Puzzle, Verdict


def points(value: float) -> list[Part]:
    """Expected points as they are written: one decimal, its digits as numbers (``2.4``)."""
    whole, _dot, tenth = f"{value:.1f}".partition(".")
    return [int(whole), ".", int(tenth)]


def text_of(parts: Sequence[Part]) -> str:
    return "".join(map(str, parts))


def question_words(puzzle: Puzzle) -> list[Part]:
    """What is asked: which card, or (the card fits no row) which row."""
    if puzzle.kind == ROW:
        return rich(_("Your {card} fits no row: which row do you take?"), card=puzzle.card or 0)
    return [_("What would you play?")]


def verdict_words(puzzle: Puzzle, verdict: Verdict) -> list[Part]:
    """Right, or what the answer cost against the best one."""
    if verdict.right:
        if puzzle.kind == ROW:
            return rich(_("Right! Row {row} was the best choice"), row=verdict.best + 1)
        return rich(_("Right! {card} was the best card"), card=verdict.best)
    # NOTE: what a wrong answer cost, e.g. "2.4 points" (expected points to the end of the round, one decimal).
    cost = ngettext("{points} point", "{points} points", 1 if f"{verdict.cost:.1f}" == "1.0" else 2)
    if puzzle.kind == ROW:
        template = _("Not the best: row {answer} costs about {cost} more than row {best} by the end of the round")
        return rich(template, answer=verdict.answer + 1, best=verdict.best + 1,
                    cost=rich(cost, points=points(verdict.cost)))
    template = _("Not the best: {answer} costs about {cost} more than {best} by the end of the round")
    return rich(template, answer=verdict.answer, best=verdict.best, cost=rich(cost, points=points(verdict.cost)))
