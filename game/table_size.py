"""How many players sit at the table: 2-10 under the official rules, 4 under snap and codingame.

The count is chosen once (``play --players N``, as many ``--names`` as seats, or the menu's
seat count) and checked against the rules preset here; each mode then fills that many seats:
solo one human and computer players, hot-seat only humans, demo only computer players.
Pure Python, shared by the command line and the menu.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from .kinds import HUMAN
from .rules import PRESETS, Rules, rules_named

DEFAULT_PLAYERS = 4
"""Seats of a game when no count is chosen (the only count of ``snap`` and ``codingame``)."""
MIN_PLAYERS = min(rules.min_players for rules in PRESETS.values())
MAX_PLAYERS = max(rules.max_players for rules in PRESETS.values())
COMPUTER = "random"
"""The kind of a computer seat nobody chose a level for."""


class PlayerCountError(ValueError):
    """A number of players no preset (or not the chosen one) allows."""


def check_players(players: int, rules: Rules) -> int:
    """``players`` if ``rules`` allow that many; :class:`PlayerCountError` saying which counts they do."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PlayerCountError(f"{MIN_PLAYERS} to {MAX_PLAYERS} players can play, not {players}")
    try:
        rules.check_player_count(players)
    except ValueError as problem:
        more = f" (--rules classic seats {MIN_PLAYERS} to {MAX_PLAYERS})" if fixed_count(rules) else ""
        raise PlayerCountError(f"{problem}{more}") from None
    return players


def fixed_count(rules: Rules) -> bool:
    """Whether ``rules`` allow only one number of players (snap, codingame: 4)."""
    return rules.min_players == rules.max_players


def fit_count(players: int, rules: Rules) -> int:
    """The allowed count nearest ``players`` (a count chosen under classic, kept when switching to snap)."""
    return max(rules.min_players, min(rules.max_players, players))


def mode_kinds(mode: str, players: int) -> tuple[str, ...]:
    """Who sits where in ``mode`` at a table of ``players``: ``human`` or a computer player."""
    if mode == "hotseat":
        return (HUMAN,) * players
    if mode == "demo":
        return (COMPUTER,) * players
    return (HUMAN,) + (COMPUTER,) * (players - 1)


def mode_title(mode: str, players: int) -> str:
    """The menu's name of ``mode`` at a table of ``players``, e.g. "1 player vs 5 AIs"."""
    if mode == "hotseat":
        return f"{players} players, hot-seat"
    if mode == "demo":
        return f"Watch {players} AIs"
    others = players - 1
    return f"1 player vs {others} AI" + ("" if others == 1 else "s")


def add_players_option(parser: argparse.ArgumentParser) -> None:
    """``play --players N``."""
    parser.add_argument("--players", type=int, metavar="N",
                        help=f"players at the table: {MIN_PLAYERS}-{MAX_PLAYERS} under --rules classic, 4 under "
                             f"snap and codingame (default: as many as --names, else {DEFAULT_PLAYERS})")


def play_player_count(args: argparse.Namespace, names: Sequence[str] | None) -> int:
    """The table's size for ``play``: ``--players``, else one seat per ``--names`` entry, else
    :data:`DEFAULT_PLAYERS`; a one-line usage error (exit 2) for a count the rules do not allow."""
    error = args.subparser.error
    rules = rules_named(args.rules)
    players = args.players if args.players is not None else len(names) if names else DEFAULT_PLAYERS
    option = f"--players {players}:" if args.players is not None else f"--names gives {players} names, but"
    try:
        check_players(players, rules)
    except PlayerCountError as problem:
        error(f"{option} {problem}")
    if names and len(names) != players:
        error(f"--names gives {len(names)} names for {players} players")
    return players


def table_title(mode: str, players: int) -> str:
    """What the table's top bar calls a game of ``mode`` (``class``, ``example``: as they are)."""
    if mode in ("solo", "hotseat", "demo"):
        return mode_title(mode, players)
    return {"class": "Class game"}.get(mode, mode)
