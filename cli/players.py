"""``play --players N``: the table's size from ``--players`` or ``--names``, checked against the
rules (see :mod:`game.table_size`); one-line usage errors."""

from __future__ import annotations

import argparse
from typing import Sequence

from game.i18n import _
from game.kinds import HUMAN
from game.rules import rules_named
from game.table_size import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, PlayerCountError, check_players, mode_kinds

from .arguments import whole_number_argument


def add_players_option(parser: argparse.ArgumentParser) -> None:
    """``play --players N``."""
    parser.add_argument("--players", type=whole_number_argument, metavar="N",
                        help=_("players at the table: {lowest}-{highest} under --rules classic, 4 under "
                               "snap and codingame (default: as many as --names, else {default})").format(
                            lowest=MIN_PLAYERS, highest=MAX_PLAYERS, default=DEFAULT_PLAYERS))


def play_player_count(args: argparse.Namespace, names: Sequence[str] | None) -> int:
    """The table's size for ``play``: ``--players``, else one seat per ``--names`` entry (the mode's
    humans only named: :data:`DEFAULT_PLAYERS`), else :data:`DEFAULT_PLAYERS`; a one-line usage
    error (exit 2) for a count the rules do not allow."""
    error = args.subparser.error
    rules = rules_named(args.rules)
    players = args.players if args.players is not None else seats_named(args.mode, names) if names else DEFAULT_PLAYERS
    try:
        check_players(players, rules)
    except PlayerCountError as problem:
        if args.players is not None:
            error(_("--players {count}: {problem}").format(count=players, problem=problem))
        error(_("--names gives {count} names, but {problem}").format(count=players, problem=problem))
    if names and len(names) not in (players, humans_of(args.mode, players)):
        error(_("--names gives {names} names for {players} players").format(names=len(names), players=players))
    return players


def humans_of(mode: str, players: int) -> int:
    """How many people play ``mode`` at a table of ``players``."""
    return mode_kinds(mode, players).count(HUMAN)


def seats_named(mode: str, names: Sequence[str]) -> int:
    """The seats ``--names`` stands for: the default table when it names only the mode's humans
    (``--mode solo --names Ana``), else one seat per name."""
    return DEFAULT_PLAYERS if 0 < len(names) == humans_of(mode, DEFAULT_PLAYERS) < DEFAULT_PLAYERS else len(names)


def name_humans(names: Sequence[str], kinds: Sequence[str], defaults: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name: ``names`` in seat order when there is one per seat, else the humans'
    names in turn and the other seats' ``defaults``."""
    if len(names) == len(kinds):
        return tuple(names)
    given = iter(names)
    return tuple(next(given) if kind == HUMAN else default for kind, default in zip(kinds, defaults))
