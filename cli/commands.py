"""``main.py``'s whole parser, and :func:`main`, which hands each command to its module."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import Sequence

from . import stopping
from game.i18n import _
from store.storage import default_history_path

from . import classroom, history, language, lessons, play, puzzles, replay, review, simulate, tournament
from .arguments import OneLineErrorParser
from .frozen import program_name


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog=program_name(),
        description=_("6 Takes! classroom simulator. With no command, opens the menu."),
        epilog=_("Every game finished in the app is saved in the history {path} "
                 "(the scoreboard reads it) unless --record names a file.").format(path=default_history_path()),
    )
    commands = parser.add_subparsers(dest="command", parser_class=OneLineErrorParser)
    play.add_parser(commands)
    classroom.add_parser(commands)
    replay.add_parser(commands)
    replay.add_example_parser(commands)
    history.add_parser(commands)
    lessons.add_parser(commands)
    simulate.add_parser(commands)
    review.add_parser(commands)
    tournament.add_parser(commands)
    puzzles.add_parser(commands)
    return parser


PRINTING = {"history": history.run, "lessons": lessons.run, "review": review.run, "tournament": tournament.run,
            "simulate": simulate.run, "puzzles": puzzles.run}
"""Commands that print and exit, and their runners (unless the command says it does not: ``prints``)."""
WINDOWED = {"play": play.options, "class": classroom.options, "example": replay.example_options,
            "replay": replay.options, "puzzles": puzzles.options}
"""Commands that open the app's window, and the options they give it (``puzzles``: without a subcommand)."""


OWN_PACKAGES = frozenset({"game", "bots", "lab", "tournament", "cluster", "classroom", "live", "store", "cli", "scenes"})


def _run_printing(prog: str, args: argparse.Namespace) -> int:
    """Run a command that prints; a Python package it needs and that is not installed (e.g.
    ``choix`` for tournaments) is one line naming it, not a traceback."""
    try:
        return PRINTING[args.command](args)
    except ModuleNotFoundError as error:
        package = (error.name or "").partition(".")[0]
        if not package or package in OWN_PACKAGES:
            raise
        print(_("{prog} {command}: needs the Python package {package}: pip install -r requirements.txt").format(
            prog=prog, command=args.command, package=package), file=sys.stderr)
        return 1


def escape_what_the_terminal_cannot_show() -> None:
    """Text the terminal's encoding has no character for (Turkish in an ASCII pipe) is written as
    escapes, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command of ``argv`` (the process's arguments if ``None``); its exit code.

    SIGINT, SIGTERM and SIGHUP stop any command as Ctrl-C does, with exit code 130, 143 or 129
    (see :mod:`cli.stopping`)."""
    escape_what_the_terminal_cannot_show()
    with stopping.handled():
        try:
            return _run(argv)
        except KeyboardInterrupt:
            print(_("main.py: interrupted"), file=sys.stderr)
            return stopping.exit_code()


def _run(argv: Sequence[str] | None) -> int:
    language.start(argv)
    parser = build_parser()
    language.add_option(parser)
    args = parser.parse_args(argv)
    if args.command in PRINTING and getattr(args, "prints", True):
        return _run_printing(parser.prog, args)
    from scenes.model.options import PlayOptions  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    options = WINDOWED[args.command](args) if args.command in WINDOWED else PlayOptions()
    if importlib.util.find_spec("pygame") is None:
        print(_("{prog}: the app's window needs pygame-ce: pip install -r requirements.txt").format(prog=parser.prog),
              file=sys.stderr)
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
    from scenes.app import run_app  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    with stopping.polite():  # the window's loop stops between two frames, keeping its game
        return run_app(options, stop_requested=stopping.requested)
