"""The parser class and the argument types the commands share."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeAlias

from game.engine import SEED_LIMIT
from game.rules import DEFAULT_PRESET, presets_help, presets_offered
from game.i18n import N_, _

if TYPE_CHECKING:
    from cluster import Cluster

Commands: TypeAlias = "argparse._SubParsersAction[Any]"
"""The type of ``main.py``'s subcommands, for annotations."""
Error = Callable[[str], NoReturn]
"""A parser's ``error``: prints one line and exits with code 2."""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{prog}: error: {message} (see --help)").format(prog=self.prog, message=message) + "\n")


WHOLE_NUMBER = re.compile(r"-?[0-9]+")
"""A whole number as a command line takes it: ASCII digits, a minus sign before them at most."""
DECIMAL_NUMBER = re.compile(r"-?[0-9]*\.?[0-9]+")
"""A number with decimals as a command line takes it: ASCII digits and one decimal point."""


def parse_whole_number(text: str) -> int:
    """``text`` as a whole number, or ``ValueError``: every number flag of every command is read
    here.  ``int()`` alone takes other scripts' digits ("١٢"), spaces, "_" and "+", and
    ``str.isdigit()`` passes "²", which ``int()`` then refuses with a traceback."""
    if WHOLE_NUMBER.fullmatch(text) is None:
        raise ValueError(text)
    return int(text)


def parse_decimal_number(text: str) -> float:
    """``text`` as a finite number (``0.5``, ``2``, ``.25``), or ``ValueError``; not "nan", "inf",
    "1e3", other scripts' digits or spaces (``float()`` takes them all)."""
    if DECIMAL_NUMBER.fullmatch(text) is None:
        raise ValueError(text)
    return float(text)


def whole_number_argument(text: str) -> int:
    """An argument type: a whole number, its range checked by the command (``--port``, ``--seats``)."""
    try:
        return parse_whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a whole number, not {text}").format(text=repr(text))) from None


def seconds_number_argument(text: str) -> float:
    """An argument type: a number of seconds, its range checked by the command (``--time-limit``)."""
    try:
        return parse_decimal_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of seconds, not {text}").format(
            text=repr(text))) from None


def path_argument(text: str) -> Path:
    """An argument type: the path of a file or a folder.  An empty one (a shell variable not set) is
    refused, not read as the current folder."""
    if not text:
        raise argparse.ArgumentTypeError(_("expected a path, not an empty text"))
    return Path(text)


def seed_argument(text: str) -> int:
    """A seed from the command line: a whole number in range(SEED_LIMIT)."""
    try:
        seed = parse_whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("seed must be a whole number, not {text}").format(text=repr(text))) from None
    if not 0 <= seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError(_("seed must be from 0 to {highest}").format(highest=SEED_LIMIT - 1))
    return seed


def add_recorded_game_choice(parser: argparse.ArgumentParser, history_help: str) -> None:
    """FILE, ``--history`` and ``--game K``: which recorded game a command opens (replay, review);
    ``history_help``: what ``--history`` does, in the command's words."""
    parser.add_argument("file", type=path_argument, metavar="FILE", nargs="?",
                        help=_("a records file (format 6takes-record/1)"))
    parser.add_argument("--history", action="store_true", help=history_help)
    parser.add_argument("--game", type=game_number_argument, default=None, metavar="K",
                        help=_("which game of the file, counting from 1 (default: the first); "
                               "with --history, the game's number on the scoreboard (default: the latest)"))

def _whole_number_from(text: str, lowest: int, highest: int | None = None) -> int:
    value = whole_number_argument(text)
    if value < lowest:
        raise argparse.ArgumentTypeError(_("expected a number >= {lowest}, not {value}").format(
            lowest=lowest, value=value))
    if highest is not None and value > highest:
        raise argparse.ArgumentTypeError(_("expected a number from {lowest} to {highest}, not {value}").format(
            lowest=lowest, highest=highest, value=value))
    return value


def whole_number(lowest: int, highest: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``lowest`` to ``highest``."""
    def parse(text: str) -> int:
        return _whole_number_from(text, lowest, highest)
    return parse


# Every number a command takes has a range (docs/teaching.md lists them under "Playing: the app"); the limits
# are far beyond any sensible use and short of a run that never ends.
MAX_GAMES = 1_000_000_000
MAX_ROLLOUTS = 100_000
MAX_JOBS = 256
MAX_GAME_NUMBER = 1_000_000_000
MAX_THINK_MS = 60_000.0
MAX_STEP_DELAY = 60.0
MAX_TIME_LIMIT = 3600.0
games_argument = whole_number(0, MAX_GAMES)
tournament_games_argument = whole_number(1, MAX_GAMES)
rollouts_argument = whole_number(1, MAX_ROLLOUTS)
jobs_argument = whole_number(1, MAX_JOBS)
game_number_argument = whole_number(1, MAX_GAME_NUMBER)


def non_negative_number(not_a_number: str, negative: str, highest: float) -> Callable[[str], float]:
    """An argument type: a finite number from 0 to ``highest``; the two messages (marked with
    ``N_``, ``{text}`` the value given) name its unit (seconds, milliseconds)."""
    def parse(text: str) -> float:
        try:
            value = parse_decimal_number(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_(not_a_number).format(text=repr(text))) from None
        if not 0 <= value < float("inf"):
            raise argparse.ArgumentTypeError(_(negative).format(text=text))
        if value > highest:
            raise argparse.ArgumentTypeError(_("expected a number from {lowest} to {highest}, not {value}").format(
                lowest=0, highest=f"{highest:g}", value=text))
        return value
    return parse


seconds_argument = non_negative_number(N_("expected a number of seconds, not {text}"),
                                       N_("expected a number of seconds >= 0, not {text}"), MAX_STEP_DELAY)
milliseconds_argument = non_negative_number(N_("expected a number of milliseconds, not {text}"),
                                            N_("expected a number of milliseconds >= 0, not {text}"), MAX_THINK_MS)


EXIT_HELP = {"once the results screen is shown": N_("close the app once the results screen is shown"),
             "after the last placement": N_("close the app after the last placement")}
"""``--exit-at-end``'s help for each ``end`` a command gives :func:`add_window_options`."""


def add_window_options(parser: argparse.ArgumentParser, end: str) -> None:
    """The options every command that opens a window shares; ``end``: when --exit-at-end closes."""
    exit_help = _(EXIT_HELP[end]) if end in EXIT_HELP else f"close the app {end}"
    parser.add_argument("--screenshots", type=path_argument, metavar="DIR",
                        help=_("save a PNG of the window after every placement into DIR"))
    parser.add_argument("--step-delay", type=seconds_argument, default=1.0, metavar="SECONDS",
                        help=_("delay between automatic placements (default 1.0; 0 = as fast as possible)"))
    parser.add_argument("--exit-at-end", action="store_true", help=exit_help)
    parser.add_argument("--fullscreen", action="store_true", help=_("start in fullscreen (F11 toggles)"))


CLOCKS = ("cpu", "wall")
"""How bots' time limits are counted (``--clock``): processor time, or wall-clock time."""


def add_clock_option(parser: argparse.ArgumentParser) -> None:
    """``--clock cpu|wall``: every command that seats bots takes it, ``cpu`` by default."""
    parser.add_argument("--clock", choices=CLOCKS, default="cpu",
                        help=_("cpu (default): bots' time limits count the processor time they use, so a busy "
                               "computer never makes a bot too slow and a rerun gives the same games; wall: "
                               "wall-clock time, as on the arena"))


def add_cluster_option(parser: argparse.ArgumentParser) -> None:
    """``--cluster ADDRESS``: the run's shards on a Dask scheduler's workers instead of --jobs."""
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help=_("play the shards on the workers of the Dask scheduler at ADDRESS "
                               "(e.g. tcp://lab-server:8786) instead of --jobs local processes; the same "
                               "seed gives the same results"))


def with_cluster(address: str | None, error_line: str, run: Callable[[Cluster | None], int]) -> int:
    """``run`` with the cluster of ``--cluster`` (``None`` without it), closed after.  An address
    where no scheduler answers is one line (``error_line`` with its ``{error}``) and exit code 2.
    ``ModuleNotFoundError`` without ``dask[distributed]``."""
    from cluster import Cluster, ClusterError  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        cluster = Cluster(address) if address is not None else None
    except ClusterError as problem:
        print(error_line.format(error=problem), file=sys.stderr)
        return problem.exit_code
    try:
        return run(cluster)
    finally:
        if cluster is not None:
            cluster.close()


def add_bot_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", action="append", metavar="NAME=COMMAND",
                        help=_("seat an external bot named NAME (repeatable; see docs/bot-protocol.md), "
                               "e.g. --bot alice=\"python3 alice.py\"; COMMAND may start with 'bot-statement:'"))


def add_rules_option(parser: argparse.ArgumentParser, place: str) -> None:
    """``--rules``: the presets offered in ``place`` (``game.rules.Offered``), each in the help
    with what sets it apart (one source: :data:`game.rules.PRESETS`)."""
    parser.add_argument("--rules", choices=presets_offered(place), default=DEFAULT_PRESET, help=presets_help(place))
