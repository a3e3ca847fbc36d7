"""What the table says about a game of rounds (classic rules: until someone reaches 66).

A SNAP game is one round, so "Turn 3 of 7" says it all.  A classic game needs
three more things on screen: which round this is, each player's total against
the end score, and when the game will end - after the round in which someone
reaches 66, not at once.
"""

from __future__ import annotations

from typing import Sequence

from game.i18n import _, ngettext, rich
from game.rules import Rules

from game.i18n import Part


def status_parts(rules: Rules, round_: int, turn: int) -> list[Part]:
    """The top bar's left part: "Turn 3 of 7", or "Round 2 - Turn 3 of 10" for a game of rounds."""
    if rules.end_score is not None or round_ > 0:
        return rich(_("Round {round}  -  Turn {turn} of {turns}"), round=round_ + 1, turn=turn + 1,
                    turns=rules.turns_per_round)
    return rich(_("Turn {turn} of {turns}"), turn=turn + 1, turns=rules.turns_per_round)


def score_unit(rules: Rules) -> str:
    """What is written under each player's points: "points", or "of 66" when 66 ends the game."""
    # NOTE: under a player's points in a game that ends at {end} (66): "of 66".
    return _("points") if rules.end_score is None else _("of {end}").format(end=rules.end_score)


def end_note(rules: Rules, scores: Sequence[int], names: Sequence[str], over: bool = False,
             short: bool = False) -> list[Part]:
    """When the game ends, in a few words ([] for a one-round game); ``short``: in fewer."""
    end = rules.end_score
    if end is None:
        return []
    if over:
        if short:
            return rich(_("Game over: {end} reached"), end=end)
        return rich(_("The game is over: someone reached {end}"), end=end)
    reached = [name for name, score in zip(names, scores) if score >= end]
    if reached:
        if short:
            return [_("Last round")]
        if len(reached) == 1:
            return rich(_("Last round: {name} reached {end}"), name=reached[0], end=end)
        return rich(ngettext("Last round: {count} player reached {end}", "Last round: {count} players reached {end}",
                             len(reached)), count=len(reached), end=end)
    if short:
        return rich(_("Rounds until {end}"), end=end)
    return rich(_("The game ends after the round in which someone reaches {end}"), end=end)
