"""``python main.py tournament``: the command line of a bot tournament.

    python main.py tournament --bot alice="python3 alice.py" --bot bob="./bob" \\
        --include random,heuristic,mc --games 2000 --jobs 2 --out class-cup --html cup.html
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from game.i18n import _, ngettext
from game.players.options import AgentOptions
from game.players.agents import AGENT_KINDS
from . import stopping
from game.engine import new_seed
from game.rules import Offered, Rules, rules_named
from tournament.schedule import TABLE_SIZE, Entrant, Schedule

from cluster import BAD_ADDRESS, ClusterError

from .arguments import (add_rules_option, Commands, Error, add_clock_option, add_cluster_option, with_cluster, jobs_argument,
                        path_argument, rollouts_argument, seed_argument, tournament_games_argument)
from .progress import Progress

if TYPE_CHECKING:
    from cluster import Cluster
    from tournament.results import ResultsStore
    from tournament.standings import Standing

DEFAULT_GAMES = 1000
DEFAULT_ROLLOUTS = 200
"""``mc`` entrants think to a fixed number of sampled deals, so their games (and the
standings) repeat exactly on any machine and after a resume."""


def add_parser(commands: Commands) -> argparse.ArgumentParser:
    """Add ``tournament`` to the subcommands of ``main.py``."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "tournament", help=_("a bot tournament: tables of four, duplicate deals, ratings, a leaderboard"),
        description=_("Plays tables of four drawn from the entrants so every pair meets about equally "
                      "often, every deal once per seat rotation, and ranks the entrants by a rating "
                      "fitted to all the games at once. Interrupted (Ctrl-C), it continues where it stopped when run again with the "
                      "same arguments and --out."))
    parser.add_argument("--bot", action="append", metavar="NAME=COMMAND",
                        help=_("an entrant: a bot program named NAME (repeatable; see docs/bot-protocol.md); "
                               "COMMAND may start with 'bot-statement:' for the statement's order"))
    parser.add_argument("--include", metavar="LEVEL[,LEVEL...]",
                        help=_("built-in computer players as entrants: {levels}").format(levels=", ".join(AGENT_KINDS)))
    add_rules_option(parser, Offered.LAB)
    parser.add_argument("--games", type=tournament_games_argument, default=DEFAULT_GAMES, metavar="N",
                        help=_("games to play (default {games}), rounded up to whole deals of "
                               "{rotations} seat rotations").format(games=DEFAULT_GAMES, rotations=TABLE_SIZE))
    parser.add_argument("--seed", type=seed_argument, help=_("seed of the tournament (default: drawn, or the one "
                                                             "the --out folder's tournament was started with)"))
    parser.add_argument("--jobs", type=jobs_argument, default=1, metavar="N",
                        help=_("worker processes (default 1); the standings do not depend on N"))
    parser.add_argument("--out", type=path_argument, metavar="DIR",
                        help=_("keep the results in DIR (resumable) and write standings.json and "
                               "standings.html there"))
    parser.add_argument("--json", action="store_true", help=_("print the standings as one JSON object"))
    parser.add_argument("--html", type=path_argument, metavar="FILE", help=_("write the leaderboard page to FILE"))
    parser.add_argument("--rollouts", type=rollouts_argument, default=DEFAULT_ROLLOUTS, metavar="N",
                        help=_("sampled deals per decision of mc entrants (default {rollouts})").format(
                            rollouts=DEFAULT_ROLLOUTS))
    add_clock_option(parser)
    add_cluster_option(parser)
    parser.add_argument("--no-progress", action="store_true", help=_("never show the progress bar"))
    parser.set_defaults(subparser=parser)
    return parser


def entrants_from(args: argparse.Namespace) -> list[Entrant]:
    """The bots, then the built-in levels; ``ValueError`` for a bad one, a name used twice or
    fewer than four."""
    from bots.seating import parse_named_bots  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    entrants = [Entrant(bot.name, bot.kind) for bot in parse_named_bots(args.bot)]
    for level in (part.strip() for part in (args.include or "").split(",")):
        if not level:
            continue
        if level not in AGENT_KINDS:
            raise ValueError(_("--include: unknown level {level} (known: {known})").format(
                level=repr(level), known=", ".join(AGENT_KINDS)))
        entrants.append(Entrant(level, level))
    names = [entrant.name.casefold() for entrant in entrants]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(_("two entrants are named {name}: give each --bot its own NAME").format(name=repr(name)))
    if len(entrants) < TABLE_SIZE:
        raise ValueError(_("a tournament needs at least {least} entrants (--bot, --include), not {count}").format(
            least=TABLE_SIZE, count=len(entrants)))
    return entrants


def run(args: argparse.Namespace) -> int:
    """Check the arguments, play the games not played yet, print and write the standings."""
    from tournament.results import stored_seed  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from tournament.standings import require_ratings_package  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    require_ratings_package()  # its package's absence is one line, at once
    entrants, rules = checked_settings(args, args.subparser.error)
    seed = args.seed if args.seed is not None else stored_seed(args.out)
    seed = seed if seed is not None else new_seed()
    settings = {"rules": rules.name, "seed": seed, "rollouts": args.rollouts, "clock": args.clock,
                "entrants": [[entrant.name, entrant.kind] for entrant in entrants]}
    return with_cluster(args.cluster, _("tournament: {error}"),
                        lambda cluster: _run(args, entrants, rules, seed, settings, cluster))


def _run(args: argparse.Namespace, entrants: list[Entrant], rules: Rules, seed: int, settings: dict[str, Any],
         cluster: Cluster | None) -> int:
    """Play the missing games (on ``cluster`` if given), then print and write the standings."""
    from tournament.results import ResultsStore, TournamentFolderError  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from tournament.standings import standings  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    error: Error = args.subparser.error
    store = ResultsStore(args.out)
    try:
        store.open(settings)
    except TournamentFolderError as problem:
        error(str(problem))
    schedule = Schedule(entrants, args.games, seed)
    start = time.perf_counter()
    already = schedule.games - len(store.missing(range(schedule.games)))  # a resumed tournament's
    try:
        play(args, schedule, store, rules.name, already, cluster)
    except (KeyboardInterrupt, ClusterError) as stop:
        if isinstance(stop, ClusterError):
            print(_("tournament: {error}").format(error=stop), file=sys.stderr)
            if stop.exit_code == BAD_ADDRESS:  # no worker can play: running it again would fail again
                return stop.exit_code
        done = schedule.games - len(store.missing(range(schedule.games)))
        if args.out:
            stopped = _("tournament: interrupted after {done} of {games} games; run the same command again "
                        "to continue (results in {out})").format(done=done, games=schedule.games, out=args.out)
        else:
            stopped = _("tournament: interrupted after {done} of {games} games").format(done=done, games=schedule.games)
        print(stopped, file=sys.stderr)  # after the bar's own line end
        return stop.exit_code if isinstance(stop, ClusterError) else stopping.exit_code()
    finally:
        store.close()
    seconds = time.perf_counter() - start
    table = standings(entrants, store.in_order(schedule.games))
    info = {"rules": rules.name, "games": schedule.games, "seed": seed, "entrants": len(entrants),
            "deals": len(schedule.tables), "clock": args.clock}
    return report(args, table, info, timing_line(schedule.games - already, seconds, already, args.out))


def timing_line(played: int, seconds: float, already: int, out: Path | None) -> str:
    """How many games this run played and how long it took (and how many a resumed one found)."""
    if already:
        return ngettext("({played} game played in {seconds} s; {already} were already in {out})",
                        "({played} games played in {seconds} s; {already} were already in {out})", played).format(
            played=played, seconds=f"{seconds:.1f}", already=already, out=out)
    return ngettext("({played} game played in {seconds} s)", "({played} games played in {seconds} s)",
                    played).format(played=played, seconds=f"{seconds:.1f}")


def checked_settings(args: argparse.Namespace, error: Error) -> tuple[list[Entrant], Rules]:
    """The entrants and rules; one-line errors (exit 2) for them or for a bad --jobs, --out or --html."""
    from store.outputs import check_output_file  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        entrants = entrants_from(args)
        rules = rules_named(args.rules)
        rules.check_player_count(TABLE_SIZE)
    except ValueError as problem:
        error(str(problem))
    if args.jobs > 4 * (os.cpu_count() or 1):
        error(_("--jobs {jobs} is more than 4 x the {cpus} processors").format(jobs=args.jobs,
                                                                               cpus=os.cpu_count() or 1))
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        error(_("--out {out} is not a folder").format(out=args.out))
    if args.html is not None and not (args.html.parent.is_dir() and os.access(args.html.parent, os.W_OK)):
        error(_("--html {html}: no folder {folder} to write it in").format(html=args.html, folder=args.html.parent))
    if args.html is not None:
        try:
            check_output_file(args.html)
        except OSError as problem:
            error(f"--html {args.html}: {problem.strerror or problem}")
    return entrants, rules


def play(args: argparse.Namespace, schedule: Schedule, store: ResultsStore, rules: str, already: int,
         cluster: Cluster | None = None) -> None:
    """Play the games ``store`` does not hold yet, with a progress bar unless --no-progress."""
    from tournament.dispatch import play_missing  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    options = AgentOptions(rollouts=args.rollouts, bot_cpu_clock=args.clock == "cpu",
                           bot_folder=os.getcwd() if cluster is not None else None)
    bar = Progress(schedule.games, done_before=already) if not args.no_progress else None
    try:
        play_missing(schedule, store, rules, options, args.jobs, bar.update if bar else None, cluster)
    finally:
        if bar is not None:
            bar.finish()


def report(args: argparse.Namespace, table: Sequence[Standing], info: dict[str, Any], timing: str) -> int:
    """Write the standings where asked and print them (text, with ``timing``, or JSON)."""
    from tournament import report as reports  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from tournament.outputs import write_outputs  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        write_outputs(table, info, folder=args.out, html=args.html)
    except OSError as problem:
        print(_("main.py: error: {message}").format(message=f"{problem.filename or ''}: {problem.strerror or problem}"),
              file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(reports.to_dict(table, info)))
    else:
        print(reports.text(table, info))
        print(timing)
    return 0
