"""How many players sit at the table: 2-10 under the official rules, 4 under snap and codingame.

The count is chosen once (``play --players N``, as many ``--names`` as seats, or the menu's
seat count) and checked against the rules preset here; each mode then fills that many seats:
solo one human and computer players, hot-seat only humans, demo only computer players.
Pure Python, shared by the command line (``cli/players.py``) and the menu.
"""

from __future__ import annotations

from .i18n import _
from .kinds import HUMAN
from .rules import PRESETS, Rules

DEFAULT_PLAYERS = 4
"""Seats of a game when no count is chosen (the only count of ``snap`` and ``codingame``)."""
MIN_PLAYERS = min(rules.min_players for rules in PRESETS.values())
MAX_PLAYERS = max(rules.max_players for rules in PRESETS.values())
COMPUTER = "random"
"""The kind of a computer seat nobody chose a level for."""
MODES = ("solo", "hotseat", "demo")
"""The app's modes of a game at one computer."""
CLASS_MODE = "class"
"""A class game: students' seats played from their phones."""
ALL_MODES = (*MODES, CLASS_MODE)
"""Every mode a game is played in (a record or a kept game names one)."""


class PlayerCountError(ValueError):
    """A number of players no preset (or not the chosen one) allows."""


def check_players(players: int, rules: Rules) -> int:
    """``players`` if ``rules`` allow that many; :class:`PlayerCountError` saying which counts they do."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayerCountError(_("{lowest} to {highest} players can play, not {count}").format(
            lowest=MIN_PLAYERS, highest=MAX_PLAYERS, count=players))
    try:
        rules.check_player_count(players)
    except ValueError as problem:
        if fixed_count(rules):
            raise PlayerCountError(_("{problem} (--rules classic seats {lowest} to {highest})").format(
                problem=problem, lowest=MIN_PLAYERS, highest=MAX_PLAYERS)) from None
        raise PlayerCountError(str(problem)) from None
    return players


def fixed_count(rules: Rules) -> bool:
    """Whether ``rules`` allow only one number of players (snap, codingame: 4)."""
    return rules.min_players == rules.max_players


def fit_count(players: int, rules: Rules) -> int:
    """The allowed count nearest ``players`` (a count chosen under classic, kept when switching to snap)."""
    return max(rules.min_players, min(rules.max_players, players))


def computer_seats(mode: str, players: int = DEFAULT_PLAYERS) -> list[int]:
    """The seats of ``mode`` that computer players take at a table of ``players``."""
    return [seat for seat, kind in enumerate(mode_kinds(mode, players)) if kind != HUMAN]


def mode_kinds(mode: str, players: int) -> tuple[str, ...]:
    """Who sits where in ``mode`` at a table of ``players``: ``human`` or a computer player."""
    if mode == "hotseat":
        return (HUMAN,) * players
    if mode == "demo":
        return (COMPUTER,) * players
    return (HUMAN,) + (COMPUTER,) * (players - 1)


MODE_KINDS: dict[str, tuple[str, ...]] = {mode: mode_kinds(mode, DEFAULT_PLAYERS) for mode in MODES}
"""Each mode's seats at the default table, in order: a human, or a computer player (of the default level)."""
