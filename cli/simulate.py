"""``main.py simulate``: many computer games without a window; the flags checked, the run
(:func:`lab.simulate.simulate`) started, its summary printed."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.players.options import DEFAULT_THINK_MS, AgentOptions
from . import stopping
from game.engine import new_seed
from cluster import ClusterError
from game.rules import Offered, Rules, rules_named

from .arguments import (add_rules_option, Commands, Error, add_bot_option, add_clock_option, add_cluster_option, with_cluster,
                        milliseconds_argument, games_argument, jobs_argument, path_argument, rollouts_argument,
                        seed_argument)
from .progress import Progress

if TYPE_CHECKING:
    from bots.seating import NamedBot
    from cluster import Cluster
    from lab.records import RecordsFile

MAX_JOBS_PER_CPU = 4
"""``--jobs`` may ask for at most this many worker processes per processor."""


def add_parser(commands: Commands) -> None:
    sim = commands.add_parser("simulate", help=_("play many computer games without a window"))
    sim.add_argument("--games", type=games_argument, default=1000, help=_("number of games (default 1000)"))
    sim.add_argument("--seed", type=seed_argument, help=_("seed of the run (default: drawn and printed)"))
    add_rules_option(sim, Offered.LAB)
    sim.add_argument("--players",
                     help=_("comma-separated player kinds, one per seat (default: the --bot bots, then random "
                            "up to 4 seats): random, heuristic, mc, a --bot NAME, or an external bot as "
                            "'bot:COMMAND' (phase line last, as the live arena) or 'bot-statement:COMMAND'"))
    add_bot_option(sim)
    add_clock_option(sim)
    add_cluster_option(sim)
    sim.add_argument("--record", type=path_argument, metavar="FILE",
                     help=_("write every game's record (JSON Lines) to FILE"))
    sim.add_argument("--append", action="store_true", help=_("add the records to FILE if it holds some already"))
    sim.add_argument("--overwrite", action="store_true", help=_("replace FILE if it holds records already"))
    sim.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    sim.add_argument("--think-ms", type=milliseconds_argument, default=DEFAULT_THINK_MS, metavar="MS",
                     help=_("thinking time per decision of mc players, in milliseconds "
                            "(default {ms})").format(ms=f"{DEFAULT_THINK_MS:g}"))
    sim.add_argument("--rollouts", type=rollouts_argument, metavar="N",
                     help=_("instead of --think-ms: mc players sample N deals per decision "
                            "(exactly reproducible on any machine)"))
    sim.add_argument("--jobs", type=jobs_argument, default=1, metavar="N",
                     help=_("worker processes (default 1); results do not depend on N"))
    sim.add_argument("--duplicate", action="store_true",
                     help=_("play every deal once per seat rotation and compare kinds deal by deal"))
    sim.add_argument("--bot-logs", type=path_argument, metavar="DIR",
                     help=_("save each external bot's debug output (its stderr) in DIR, "
                            "one file per game and seat"))
    sim.add_argument("--no-progress", action="store_true",
                     help=_("never show the progress bar (shown on stderr for runs over 2 s)"))
    sim.set_defaults(subparser=sim)


def run(args: argparse.Namespace) -> int:
    """Check the arguments (one-line errors, exit 2), run, print the summary."""
    from bots.seating import parse_named_bots, simulate_seats  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    parser_error: Error = args.subparser.error
    try:
        rules = rules_named(args.rules)
        named = parse_named_bots(args.bot)
        kinds = simulate_seats(args.players, named, rules)
        options = AgentOptions(think_ms=args.think_ms, rollouts=args.rollouts, bot_cpu_clock=args.clock == "cpu",
                               bot_folder=os.getcwd() if args.cluster else None)
    except ValueError as error:
        parser_error(str(error))
    check_jobs(args.jobs, parser_error)
    seed = new_seed() if args.seed is None else args.seed
    return with_cluster(args.cluster, _("simulate: {error}"),
                        lambda cluster: _run(args, rules, kinds, options, seed, named, cluster))


def _run(args: argparse.Namespace, rules: Rules, kinds: list[str], options: AgentOptions, seed: int,
         named: list[NamedBot], cluster: Cluster | None) -> int:
    """Run the checked simulation (on ``cluster`` if given) and print its summary."""
    from bots.seating import bot_names  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from lab.records import RecordsWriteError  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from lab.simulate import simulate, total_games  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    record_to = _open_outputs(args, args.subparser.error)
    bar = None if args.no_progress else Progress(total_games(kinds, args.games, args.duplicate))
    try:
        try:
            summary = simulate(rules, kinds, args.games, seed, record_to, options=options, jobs=args.jobs,
                               duplicate=args.duplicate, progress=bar.update if bar else None,
                               bot_logs=args.bot_logs, names=bot_names(named), cluster=cluster)
        finally:
            if bar is not None:
                bar.finish()
        if record_to is not None:
            record_to.close()
    except KeyboardInterrupt:
        _close_quietly(record_to)
        print(_("simulate: interrupted"), file=sys.stderr)  # after the bar's own line end
        return stopping.exit_code()
    except (RecordsWriteError, ClusterError) as error:
        _close_quietly(record_to)
        print(_("simulate: {error}").format(error=error), file=sys.stderr)
        return error.exit_code if isinstance(error, ClusterError) else 1
    print(json.dumps(summary.to_dict()) if args.json else summary.text())
    return 0


def _open_outputs(args: argparse.Namespace, parser_error: Error) -> RecordsFile | None:
    """Make the --bot-logs folder and open the --record file (if asked); one-line errors."""
    if args.bot_logs is not None:
        _make_folder(args.bot_logs, parser_error)
    if not args.record and (args.append or args.overwrite):
        parser_error(_("--append and --overwrite go with --record FILE"))
    return _open_record(args, parser_error) if args.record else None


def check_jobs(jobs: int, parser_error: Error) -> None:
    if jobs < 1:
        parser_error(_("--jobs must be at least 1, not {jobs}").format(jobs=jobs))
    if jobs > MAX_JOBS_PER_CPU * (os.cpu_count() or 1):
        parser_error(_("--jobs can be at most {most} here ({per_cpu} per processor), not {jobs}").format(
            most=MAX_JOBS_PER_CPU * (os.cpu_count() or 1), per_cpu=MAX_JOBS_PER_CPU, jobs=jobs))


def _make_folder(path: Path, parser_error: Error) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser_error(_("cannot create {path}: {problem}").format(path=path, problem=error.strerror or error))


def _open_record(args: argparse.Namespace, parser_error: Error) -> RecordsFile:
    from lab.records import RecordsFile, RecordsFileError  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        return RecordsFile(args.record, append=args.append, overwrite=args.overwrite)
    except RecordsFileError as error:
        parser_error(str(error))


def _close_quietly(record_to: RecordsFile | None) -> None:
    """Close the records file after a stop or an error already reported."""
    from lab.records import RecordsWriteError  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    if record_to is not None:
        try:
            record_to.close()
        except RecordsWriteError:
            pass
