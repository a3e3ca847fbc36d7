"""``main.py class``: the whole class plays from their phones.  Its options, checked into
:class:`classroom.class_settings.ClassSettings` (which the menu's Class game shares)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from classroom.predictions import DEFAULT_SECONDS
from classroom.room import DEFAULT_PORT, TABLE_SEATS, check_code, seats_for
from classroom.tables import AUTO, DEAL_CHOICES, DUPLICATE, MAX_PHONES
from game.i18n import _
from game.players.agents import AGENT_KINDS
from game.players.options import DEFAULT_THINK_MS
from game.rules import Offered, rules_named
from game.table_size import MAX_PLAYERS, MIN_PLAYERS

from .arguments import (MAX_TIME_LIMIT, Commands, add_rules_option, add_window_options, milliseconds_argument,
                        parse_whole_number, path_argument, rollouts_argument, seconds_number_argument, seed_argument,
                        whole_number, whole_number_argument)
from game.review_terms import DEFAULT_ROLLOUTS

if TYPE_CHECKING:
    from classroom.class_settings import ClassSettings
    from scenes.model.options import PlayOptions

MOST_PUZZLES = 20
"""``class --puzzles`` at most: a warm-up, not a lesson."""


def add_parser(commands: Commands) -> None:
    add_class_arguments(commands.add_parser(
        "class", help=_("the whole class plays: students join from their phones"),
        description=_("Open a class room: the window shows a room code, the join address and its QR "
                      "code; students open it on their phones, type the code and a name, and play the "
                      "seats; empty seats are played by AIs.")))


def options(args: argparse.Namespace) -> PlayOptions:
    from scenes.model.options import PlayOptions  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    return PlayOptions(class_game=class_settings(args, args.subparser.error), rules=args.rules, seed=args.seed,
                       record=args.record, screenshots=args.screenshots, step_delay=args.step_delay,
                       exit_at_end=args.exit_at_end, fullscreen=args.fullscreen, think_ms=args.think_ms)


def add_class_arguments(parser: argparse.ArgumentParser) -> None:
    add_rules_option(parser, Offered.CLASS)
    parser.add_argument("--seats", type=whole_number_argument, metavar="N",
                        help=_("seats at the table: 4 under snap, {low}-{high} under classic "
                               "(default: 4 under snap, {high} under classic); AIs play the empty ones").format(
                            low=MIN_PLAYERS, high=MAX_PLAYERS))
    add_table_arguments(parser)
    parser.add_argument("--port", type=whole_number_argument, default=DEFAULT_PORT,
                        help=_("TCP port of the join address (default {port}; 0: any free port)").format(
                            port=DEFAULT_PORT))
    parser.add_argument("--code", help=_("the room code (2-12 letters or digits; default: 4 drawn at random)"))
    parser.add_argument("--ai", default="random", metavar="LEVEL",
                        help=_("level of the computer players in empty seats and of those that play for a late "
                               "student: random (default), heuristic or mc"))
    parser.add_argument("--start-at", type=whole_number_argument, metavar="N",
                        help=_("start by itself once N seats are taken (default: the teacher presses Enter)"))
    parser.add_argument("--time-limit", type=seconds_number_argument, metavar="SECONDS",
                        help=_("seconds a student has to choose before an AI chooses for them (default: wait)"))
    add_learning_arguments(parser)
    parser.add_argument("--seed", type=seed_argument, help=_("reproduce a deal (shown on screen)"))
    parser.add_argument("--resume", action="store_true",
                        help=_("reopen the latest stopped class game: the same room code, and each phone "
                               "back at its seat"))
    parser.add_argument("--record", type=path_argument, metavar="FILE",
                        help=_("append the finished game's record (JSON Lines) to FILE instead of the history"))
    parser.add_argument("--think-ms", type=milliseconds_argument, default=DEFAULT_THINK_MS, metavar="MS",
                        help=_("thinking time per decision of mc players (default {ms})").format(
                            ms=f"{DEFAULT_THINK_MS:g}"))
    add_window_options(parser, "once the results screen is shown")
    parser.set_defaults(subparser=parser)


def add_learning_arguments(parser: argparse.ArgumentParser) -> None:
    """The class's predictions, the students' reviews, the lesson report."""
    parser.add_argument("--predict", action=argparse.BooleanOptionalAction, default=None,
                        help=_("every phone not asked to act predicts where each card goes before it is shown "
                               "(default: on if some phones only watch)"))
    parser.add_argument("--predict-seconds", type=seconds_number_argument, default=DEFAULT_SECONDS, metavar="SECONDS",
                        help=_("the longest a placement waits for the class's predictions (default {seconds})"
                               ).format(seconds=f"{DEFAULT_SECONDS:g}"))
    parser.add_argument("--no-review", dest="reviews", action="store_false",
                        help=_("do not send each student their review when their game ends (it is computed on "
                               "this computer's spare cores)"))
    parser.add_argument("--review-rollouts", type=rollouts_argument, default=DEFAULT_ROLLOUTS, metavar="R",
                        help=_("sampled deals per decision of the students' reviews (default {rollouts}, as "
                               "main.py review; fewer: sooner on a slow computer, less sure)").format(
                            rollouts=DEFAULT_ROLLOUTS))
    parser.add_argument("--report", type=path_argument, metavar="DIR",
                        help=_("write the lesson report (an HTML page to print and a CSV) to DIR (default: "
                               "lessons/ in the data folder)"))
    parser.add_argument("--class", dest="class_name", metavar="NAME",
                        help=_("the class whose lesson this is: each student is known across its lessons by their "
                               "phone, the report shows their progress, and the class's own puzzles are made from its "
                               "games (default: none)"))
    parser.add_argument("--puzzles", type=whole_number(1, MOST_PUZZLES), metavar="N",
                        help=_("open the lesson with a warm-up of N puzzles (1-{most}) every phone answers: the "
                               "class's own first, else puzzles made from computer games").format(most=MOST_PUZZLES))


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """A room of many tables: --tables, --table-size, --shuffle, --deals."""
    parser.add_argument("--tables", metavar="N|auto",
                        help=_("many tables: the students are split into tables when the game starts, AIs fill "
                               "the short ones, every table plays at its own pace; auto: as many as the students "
                               "fill (default: one table)"))
    parser.add_argument("--table-size", type=whole_number_argument, metavar="N",
                        help=_("with --tables: seats at each table (snap: 4; classic: {low}-{high}, default 4)"
                               ).format(low=MIN_PLAYERS, high=MAX_PLAYERS))
    parser.add_argument("--shuffle", action="store_true",
                        help=_("with --tables: seat the students in a shuffled order (default: in the order they "
                               "joined)"))
    parser.add_argument("--students", type=whole_number(1, MAX_PHONES), metavar="N",
                        help=_("with --tables: the most students the room takes, 1-{highest} (default {highest}); "
                               "more watch").format(highest=MAX_PHONES))
    parser.add_argument("--deals", choices=DEAL_CHOICES, default=DUPLICATE,
                        help=_("with --tables: same (default: every table plays the same deal, to compare how "
                               "each handled the same cards) or different"))


def class_settings(args: argparse.Namespace, error: Callable[[str], NoReturn]) -> ClassSettings:
    """The checked settings of ``main.py class`` (one-line errors through ``error``)."""
    from classroom.class_settings import ClassSettings  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    if not 0 <= args.port <= 65535:
        error(_("--port must be from 0 to 65535, not {port}").format(port=args.port))
    code = None
    if args.code is not None:
        try:
            code = check_code(args.code)
        except ValueError as problem:
            error(f"--code: {problem}")
    if args.ai not in AGENT_KINDS:
        error(_("unknown level {level} for --ai (known: {known})").format(level=repr(args.ai),
                                                                         known=", ".join(AGENT_KINDS)))
    try:
        seats = seats_for(rules_named(args.rules), args.seats)
    except ValueError as problem:
        error(f"--seats {args.seats}: {problem}")
    most = (args.students or MAX_PHONES) if args.tables is not None else seats
    if args.start_at is not None and not 1 <= args.start_at <= most:
        error(_("--start-at must be from 1 to {seats}, not {value}").format(seats=most, value=args.start_at))
    if args.time_limit is not None and not 0 < args.time_limit <= MAX_TIME_LIMIT:
        error(_("--time-limit must be a number of seconds > 0, not {value}").format(value=args.time_limit)
              if not 0 < args.time_limit < float("inf") else
              _("expected a number from {lowest} to {highest}, not {value}").format(
                  lowest=0, highest=f"{MAX_TIME_LIMIT:g}", value=f"{args.time_limit:g}"))
    if not 1 <= args.predict_seconds <= MAX_TIME_LIMIT:
        error("--predict-seconds: " + _("expected a number from {lowest} to {highest}, not {value}").format(
            lowest=1, highest=f"{MAX_TIME_LIMIT:g}", value=f"{args.predict_seconds:g}"))
    tables, table_size = table_options(args, error)
    return ClassSettings(rules=args.rules, port=args.port, code=code, ai=args.ai, start_at=args.start_at,
                         time_limit=args.time_limit, seed=args.seed, seats=args.seats, resume=args.resume,
                         tables=tables, table_size=table_size, shuffle=args.shuffle, deals=args.deals,
                         students=args.students,
                         predict=args.predict, predict_seconds=args.predict_seconds, reviews=args.reviews,
                         review_rollouts=args.review_rollouts,
                         report_dir=report_folder(args.report, error), class_name=class_option(args, error),
                         puzzles=args.puzzles or 0)


def class_option(args: argparse.Namespace, error: Callable[[str], NoReturn]) -> str:
    """``--class NAME`` checked as a name is (one line and exit 2 if it cannot be one); ``""``: none."""
    from classroom.class_settings import checked_class_name  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    if args.class_name is None:
        return ""
    try:
        return checked_class_name(args.class_name)
    except ValueError as problem:
        error(_("--class: the name {problem}").format(problem=problem))


def report_folder(folder: Path | None, error: Callable[[str], NoReturn]) -> Path | None:
    """``--report DIR`` made ready before the lesson starts, checked as every output folder is (a
    folder that takes a file, made if missing: :func:`store.outputs.check_output_folder`), else
    one line and exit 2.  The temporary files a killed write left in the report folder go."""
    from classroom.report import clean_leftovers, default_report_dir  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from game.jsonl import problem_text  # noqa: PLC0415 - as above
    from store.outputs import check_output_folder, shown_path  # noqa: PLC0415 - as above

    if folder is not None:
        try:
            check_output_folder(folder)
        except OSError as problem:
            error(_("--report {folder}: {problem}").format(folder=shown_path(folder), problem=problem_text(problem)))
    clean_leftovers(folder or default_report_dir())
    return folder


def table_options(args: argparse.Namespace, error: Callable[[str], NoReturn]) -> tuple[int | None, int]:
    """``--tables`` (``None``: one table; 0: auto) and ``--table-size``, checked together."""
    many = ("--table-size", args.table_size is not None), ("--shuffle", args.shuffle), \
        ("--deals", args.deals != DUPLICATE), ("--students", args.students is not None)
    if args.tables is None:
        for flag, given in many:
            if given:
                error(_("{flag} needs --tables").format(flag=flag))
        return None, TABLE_SEATS
    if args.seats is not None or args.resume:
        error(_("--tables cannot go with {flag}").format(flag="--seats" if args.seats is not None else "--resume"))
    tables = tables_count(args.tables, error)
    size = TABLE_SEATS if args.table_size is None else args.table_size
    try:
        rules_named(args.rules).check_player_count(size)
    except ValueError as problem:
        error(f"--table-size {size}: {problem}")
    return tables, size


def tables_count(text: str, error: Callable[[str], NoReturn]) -> int:
    """``--tables auto`` (:data:`AUTO`) or a number of tables."""
    if text.strip().lower() == "auto":
        return AUTO
    try:
        tables = parse_whole_number(text.strip())
    except ValueError:
        tables = 0
    if not 1 <= tables <= MAX_PHONES // 2:
        error(_("--tables must be auto or a number from 1 to {highest}, not {value}").format(
            highest=MAX_PHONES // 2, value=repr(text)))
    return tables
