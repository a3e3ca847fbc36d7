"""What the table says about a game of rounds (classic rules: until someone reaches 66).

A SNAP game is one round, so "Turn 3 of 7" says it all.  A classic game needs
three more things on screen: which round this is, each player's total against
the end score, and when the game will end - after the round in which someone
reaches 66, not at once.
"""

from __future__ import annotations

from typing import Sequence

from game.rules import Rules

from .session import Part


def status_parts(rules: Rules, round_: int, turn: int) -> list[Part]:
    """The top bar's left part: "Turn 3 of 7", or "Round 2 - Turn 3 of 10" for a game of rounds."""
    parts: list[Part] = ["Turn ", turn + 1, " of ", rules.turns_per_round]
    if rules.end_score is not None or round_ > 0:
        parts = ["Round ", round_ + 1, "  -  ", *parts]
    return parts


def score_unit(rules: Rules) -> str:
    """What is written under each player's points: "points", or "of 66" when 66 ends the game."""
    return "points" if rules.end_score is None else f"of {rules.end_score}"


def end_note(rules: Rules, scores: Sequence[int], names: Sequence[str], over: bool = False,
             short: bool = False) -> list[Part]:
    """When the game ends, in a few words ([] for a one-round game); ``short``: in fewer."""
    end = rules.end_score
    if end is None:
        return []
    if over:
        return ["Game over: ", end, " reached"] if short else ["The game is over: someone reached ", end]
    reached = [name for name, score in zip(names, scores) if score >= end]
    if reached:
        who = reached[0] if len(reached) == 1 else f"{len(reached)} players"
        return ["Last round"] if short else [f"Last round: {who} reached ", end]
    return ["Rounds until ", end] if short else ["The game ends after the round in which someone reaches ", end]
