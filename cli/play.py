"""``main.py play``: a game in a window, its seats from ``--mode``, ``--ai``, ``--bots`` and ``--bot``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Sequence

from game.players.options import DEFAULT_THINK_MS
from game.players.agents import AGENT_KINDS
from game.i18n import _, ngettext
from game.kinds import Bot, Level, PlayerKind, parse_bot
from store.storage import default_history_path
from game.table_size import DEFAULT_PLAYERS, MODES, mode_kinds
from game.text import NAME_LIMIT, InvalidNameError, check_name

from game.rules import Offered
from .arguments import (add_rules_option, Commands, Error, add_bot_option, add_clock_option, add_window_options, milliseconds_argument,
                        path_argument, seed_argument)
from .players import add_players_option, name_humans, play_player_count

if TYPE_CHECKING:
    from scenes.model.options import PlayOptions


def add_parser(commands: Commands) -> None:
    play = commands.add_parser("play", help=_("start a game in a window"))
    play.add_argument("--mode", choices=list(MODES), default="solo",
                      help=_("solo: you against 3 random AIs; hotseat: 4 humans on one "
                             "computer; demo: watch 4 AIs (default: solo); --players N changes the 4"))
    play.add_argument("--seed", type=seed_argument, help=_("reproduce a deal (shown on screen)"))
    play.add_argument("--names", help=_("comma-separated player names: one per human (solo: yours) or "
                                        "one per seat in seat order, each 1-{limit} characters").format(limit=NAME_LIMIT))
    add_players_option(play)
    play.add_argument("--record", type=path_argument, metavar="FILE",
                      help=_("append the finished game's record (JSON Lines) to FILE instead of "
                             "saving it in the history ({path})").format(path=default_history_path()))
    add_window_options(play, "once the results screen is shown")
    play.add_argument("--ai", metavar="LEVEL[,LEVEL...]",
                      help=_("level of the computer players: random (default), heuristic or mc; "
                             "one level for all, or one per computer seat"))
    play.add_argument("--bots", nargs="+", metavar="COMMAND",
                      help=_("external bot programs (see docs/bot-protocol.md) taking the computer "
                             "seats in order, e.g. --bots \"python3 mybot.py\"; prefix a command with "
                             "'bot-statement:' for bots that read the phase line first"))
    add_bot_option(play)
    add_clock_option(play)
    add_rules_option(play, Offered.PLAY)
    play.add_argument("--think-ms", type=milliseconds_argument, default=DEFAULT_THINK_MS, metavar="MS",
                      help=_("thinking time per decision of mc players (default {ms})").format(
                          ms=f"{DEFAULT_THINK_MS:g}"))
    play.set_defaults(subparser=play)


def options(args: argparse.Namespace) -> PlayOptions:
    """The app's options for ``play``; one-line errors (exit 2) for a bad flag."""
    from scenes.model.options import PlayOptions  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    names = parse_names(args.names, args.subparser.error) if args.names is not None else None
    players = play_player_count(args, names)
    kinds, names = play_seats(args, names, players)
    kinds = kinds or (mode_kinds(args.mode, players) if players != DEFAULT_PLAYERS else None)
    return PlayOptions(
        mode=args.mode, seed=args.seed, names=names, record=args.record,
        screenshots=args.screenshots, step_delay=args.step_delay,
        exit_at_end=args.exit_at_end, fullscreen=args.fullscreen,
        kinds=kinds,
        rules=args.rules, think_ms=args.think_ms, bot_cpu_clock=args.clock == "cpu",
    )


def seat_kinds(mode: str, levels: str | None, bots: Sequence[str] | None,
               error: Error, players: int = DEFAULT_PLAYERS) -> tuple[str, ...] | None:
    """Each seat's kind from ``--ai`` and ``--bots`` (``None``: the mode's defaults)."""
    from game.table_size import computer_seats  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    if levels is None and not bots:
        return None
    ai_seats = computer_seats(mode, players)
    if not ai_seats:
        error(_("--ai and --bots need computer seats; --mode {mode} has none").format(mode=mode))
    kinds: list[str | PlayerKind] = list(mode_kinds(mode, players))
    chosen = [level.strip() for level in levels.split(",")] if levels is not None else ["random"]
    if len(chosen) == 1:
        chosen *= len(ai_seats)
    if len(chosen) != len(ai_seats):
        error(_("--ai needs 1 level or {seats} (one per computer seat), not {count}").format(
            seats=len(ai_seats), count=len(chosen)))
    for level in chosen:
        if level not in AGENT_KINDS:
            error(_("unknown level {level} for --ai (known: {known})").format(
                level=repr(level), known=", ".join(AGENT_KINDS)))
    for seat, level in zip(ai_seats, chosen):
        kinds[seat] = Level(level)
    for seat, command in zip(ai_seats, bots or ()):
        kinds[seat] = bot_of(command, error)
    if bots and len(bots) > len(ai_seats):
        error(ngettext("{bots} bots for {seats} computer seat in --mode {mode}",
                       "{bots} bots for {seats} computer seats in --mode {mode}", len(ai_seats)).format(
            bots=len(bots), seats=len(ai_seats), mode=mode))
    return tuple(kind if isinstance(kind, str) else kind.text for kind in kinds)


def bot_of(command: str, error: Error) -> Bot:
    """The bot of a ``--bots`` COMMAND (``bot-statement:COMMAND`` and the like as given), its program found."""
    from bots.command import check_command  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        bot = parse_bot(command) or Bot.in_order(command)
        check_command(bot.command)
    except ValueError as problem:
        error(str(problem))
    return bot


def play_seats(args: argparse.Namespace, names: tuple[str, ...] | None, players: int = DEFAULT_PLAYERS
               ) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
    """Seat kinds and names of ``play``: ``--ai``, ``--bots``, then each ``--bot NAME=COMMAND``
    (its NAME shown instead of the command)."""
    from bots.seating import name_bot_seats, parse_named_bots  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from live.seats import default_names  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        named = parse_named_bots(args.bot)
    except ValueError as problem:
        args.subparser.error(str(problem))
    bots = [*(args.bots or ()), *(bot.kind for bot in named)]
    kinds = seat_kinds(args.mode, args.ai, bots, args.subparser.error, players)
    if names is not None:
        seated = kinds if kinds is not None else mode_kinds(args.mode, players)
        names = name_humans(names, seated, default_names(args.mode, seated))
    if named and kinds is not None:
        names = name_bot_seats(names or default_names(args.mode, kinds), kinds, named)
    return kinds, names


def parse_names(text: str, error: Error) -> tuple[str, ...]:
    """``--names``: comma-separated names, one per seat, each checked (see :func:`game.text.check_name`)."""
    names = tuple(name.strip() for name in text.split(","))
    for seat, name in enumerate(names, start=1):
        try:
            check_name(name)
        except InvalidNameError as problem:
            error(_("--names: name {seat} {problem}").format(seat=seat, problem=problem))
    return names
