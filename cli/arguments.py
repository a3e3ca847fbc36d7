"""The parser class and the argument types the commands share."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Callable, NoReturn, TypeAlias

from game.engine import SEED_LIMIT

Commands: TypeAlias = "argparse._SubParsersAction[Any]"
"""The type of ``main.py``'s subcommands, for annotations."""
Error = Callable[[str], NoReturn]
"""A parser's ``error``: prints one line and exits with code 2."""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def seed_argument(text: str) -> int:
    """A seed from the command line: a whole number in range(SEED_LIMIT)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None
    if not 0 <= seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to {SEED_LIMIT - 1}")
    return seed


def add_recorded_game_choice(parser: argparse.ArgumentParser, verb: str) -> None:
    """FILE, ``--history`` and ``--game K``: which recorded game a command opens (replay, review)."""
    parser.add_argument("file", type=Path, metavar="FILE", nargs="?",
                        help="a records file (format 6takes-record/1)")
    parser.add_argument("--history", action="store_true",
                        help=f"{verb} game K of the app's history (its number on the scoreboard) instead of a file")
    parser.add_argument("--game", type=positive_int, default=None, metavar="K",
                        help="which game of the file, counting from 1 (default: the first); "
                             "with --history, the game's number on the scoreboard (default: the latest)")

def _whole_number_from(text: str, lowest: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < lowest:
        raise argparse.ArgumentTypeError(f"expected a number >= {lowest}, not {value}")
    return value


def non_negative_int(text: str) -> int:
    """A count of 0 or more."""
    return _whole_number_from(text, 0)


def positive_int(text: str) -> int:
    """A count of 1 or more."""
    return _whole_number_from(text, 1)


def non_negative_number(unit: str) -> Callable[[str], float]:
    """An argument type: a finite number of ``unit`` (seconds, milliseconds) >= 0."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of {unit}, not {text!r}") from None
        if not 0 <= value < float("inf"):
            raise argparse.ArgumentTypeError(f"expected a number of {unit} >= 0, not {text}")
        return value
    return parse


seconds_argument = non_negative_number("seconds")
milliseconds_argument = non_negative_number("milliseconds")


def add_window_options(parser: argparse.ArgumentParser, end: str) -> None:
    """The options every command that opens a window shares; ``end``: when --exit-at-end closes."""
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="save a PNG of the window after every placement into DIR")
    parser.add_argument("--step-delay", type=seconds_argument, default=1.0, metavar="SECONDS",
                        help="delay between automatic placements (default 1.0; 0 = as fast as possible)")
    parser.add_argument("--exit-at-end", action="store_true", help=f"close the app {end}")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")


def add_bot_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", action="append", metavar="NAME=COMMAND",
                        help="seat an external bot named NAME (repeatable; see docs/bot-protocol.md), "
                             "e.g. --bot alice=\"python3 alice.py\"; COMMAND may start with 'bot-statement:'")


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
