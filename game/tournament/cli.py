"""``python main.py tournament``: the command line of a bot tournament.

    python main.py tournament --bot alice="python3 alice.py" --bot bob="./bob" \\
        --include random,heuristic,mc --games 2000 --jobs 2 --out class-cup --html cup.html
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Sequence, TextIO

from ..agent_options import AgentOptions
from ..agents import AGENT_KINDS
from ..engine import SEED_LIMIT, new_seed
from ..rules import PRESETS, rules_named
from ..seating import parse_named_bots
from .schedule import TABLE_SIZE, Entrant, Schedule

if TYPE_CHECKING:
    from .results import ResultsStore

DEFAULT_GAMES = 1000
DEFAULT_ROLLOUTS = 200
"""``mc`` entrants think to a fixed number of sampled deals, so their games (and the
standings) repeat exactly on any machine and after a resume."""
PROGRESS_AFTER_S = 2.0

Error = Callable[[str], NoReturn]


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``tournament`` to the subcommands of ``main.py``."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "tournament", help="a bot tournament: tables of four, duplicate deals, ratings, a leaderboard",
        description="Plays tables of four drawn from the entrants so every pair meets about equally "
                    "often, every deal once per seat rotation, and ranks the entrants by an openskill "
                    "rating. Interrupted (Ctrl-C), it continues where it stopped when run again with the "
                    "same arguments and --out.")
    parser.add_argument("--bot", action="append", metavar="NAME=COMMAND",
                        help="an entrant: a bot program named NAME (repeatable; see docs/bot-protocol.md); "
                             "COMMAND may start with 'bot-statement:' for the statement's order")
    parser.add_argument("--include", metavar="LEVEL[,LEVEL...]",
                        help=f"built-in computer players as entrants: {', '.join(AGENT_KINDS)}")
    parser.add_argument("--rules", choices=list(PRESETS), default="snap",
                        help="rules preset (default snap); codingame: the arena's 5 rounds of 10 turns")
    parser.add_argument("--games", type=_count, default=DEFAULT_GAMES, metavar="N",
                        help=f"games to play (default {DEFAULT_GAMES}), rounded up to whole deals of "
                             f"{TABLE_SIZE} seat rotations")
    parser.add_argument("--seed", type=_seed, help="seed of the tournament (default: drawn, or the one "
                                                   "the --out folder's tournament was started with)")
    parser.add_argument("--jobs", type=_count, default=1, metavar="N",
                        help="worker processes (default 1); the standings do not depend on N")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="keep the results in DIR (resumable) and write standings.json and "
                             "standings.html there")
    parser.add_argument("--json", action="store_true", help="print the standings as one JSON object")
    parser.add_argument("--html", type=Path, metavar="FILE", help="write the leaderboard page to FILE")
    parser.add_argument("--rollouts", type=_count, default=DEFAULT_ROLLOUTS, metavar="N",
                        help=f"sampled deals per decision of mc entrants (default {DEFAULT_ROLLOUTS})")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="cpu (default): bots' time limits count the processor time they use, so a busy "
                             "computer never makes a bot too slow and a rerun gives the same games; wall: "
                             "wall-clock time, as on the arena")
    parser.add_argument("--no-progress", action="store_true", help="never show the progress bar")
    parser.set_defaults(subparser=parser)
    return parser


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to {SEED_LIMIT - 1}")
    return value


def entrants_from(args: argparse.Namespace) -> list[Entrant]:
    """The bots, then the built-in levels; ``ValueError`` for a bad one, a name used twice or
    fewer than four."""
    entrants = [Entrant(bot.name, bot.kind) for bot in parse_named_bots(args.bot)]
    for level in (part.strip() for part in (args.include or "").split(",")):
        if not level:
            continue
        if level not in AGENT_KINDS:
            raise ValueError(f"--include: unknown level {level!r} (known: {', '.join(AGENT_KINDS)})")
        entrants.append(Entrant(level, level))
    names = [entrant.name.casefold() for entrant in entrants]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"two entrants are named {name!r}: give each --bot its own NAME")
    if len(entrants) < TABLE_SIZE:
        raise ValueError(f"a tournament needs at least {TABLE_SIZE} entrants (--bot, --include), "
                         f"not {len(entrants)}")
    return entrants


def run(args: argparse.Namespace, error: Error) -> int:
    """Check the arguments, play the games not played yet, print and write the standings."""
    from . import report
    from .results import ResultsStore, TournamentFolderError
    from .standings import standings

    try:
        entrants = entrants_from(args)
        rules = rules_named(args.rules)
        rules.check_player_count(TABLE_SIZE)
    except ValueError as problem:
        error(str(problem))
    if args.jobs > 4 * (os.cpu_count() or 1):
        error(f"--jobs {args.jobs} is more than 4 x the {os.cpu_count() or 1} processors")
    if args.out is not None and args.out.exists() and not args.out.is_dir():
        error(f"--out {args.out} is not a folder")
    if args.html is not None and not (args.html.parent.is_dir() and os.access(args.html.parent, os.W_OK)):
        error(f"--html {args.html}: no folder {args.html.parent} to write it in")
    seed = args.seed if args.seed is not None else _stored_seed(args.out)
    seed = seed if seed is not None else new_seed()
    settings = {"rules": rules.name, "seed": seed, "rollouts": args.rollouts, "clock": args.clock,
                "entrants": [[entrant.name, entrant.kind] for entrant in entrants]}
    store = ResultsStore(args.out)
    try:
        store.open(settings)
    except TournamentFolderError as problem:
        error(str(problem))
    schedule = Schedule(entrants, args.games, seed)
    signal.signal(signal.SIGTERM, _interrupt)  # stopped from outside: as Ctrl-C
    start = time.perf_counter()
    already = schedule.games - len(store.missing(range(schedule.games)))  # a resumed tournament's
    options = AgentOptions(rollouts=args.rollouts, bot_cpu_clock=args.clock == "cpu")
    try:
        _play(schedule, store, rules.name, options, args.jobs,
              Progress(schedule.games, already) if not args.no_progress else None)
    except KeyboardInterrupt:
        done = schedule.games - len(store.missing(range(schedule.games)))
        where = f"; run the same command again to continue (results in {args.out})" if args.out else ""
        print(f"\ntournament: interrupted after {done} of {schedule.games} games{where}", file=sys.stderr)
        return 130
    finally:
        store.close()
    seconds = time.perf_counter() - start
    table = standings(entrants, store.in_order(schedule.games))
    info = {"rules": rules.name, "games": schedule.games, "seed": seed, "entrants": len(entrants),
            "deals": len(schedule.tables)}
    try:
        _write_outputs(args, table, info)
    except OSError as problem:
        print(f"main.py: error: {problem.filename or ''}: {problem.strerror or problem}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.to_dict(table, info)))
    else:
        print(report.text(table, info))
        played = schedule.games - already
        print(f"({played} games played in {seconds:.1f} s"
              + (f"; {already} were already in {args.out}" if already else "") + ")")
    return 0


def _play(schedule: Schedule, store: ResultsStore, rules: str, options: AgentOptions, jobs: int,
          progress: "Progress | None") -> None:
    from .runner import DealTask, run_deals

    kinds = tuple(entrant.kind for entrant in schedule.entrants)
    tasks = []
    for deal in range(len(schedule.tables)):
        slots = tuple(schedule.slot(index) for index in
                      store.missing(range(deal * TABLE_SIZE, (deal + 1) * TABLE_SIZE)))
        if slots:
            tasks.append(DealTask(rules, schedule.seed, slots, kinds, options))
    try:
        for outcomes in run_deals(tasks, jobs):
            for outcome in outcomes:
                store.add(outcome)
            if progress is not None:
                progress.update(len(store.outcomes))
    finally:
        if progress is not None:
            progress.finish()


def _write_outputs(args: argparse.Namespace, table: Sequence[Any], info: dict[str, Any]) -> None:
    from . import report

    data = json.dumps(report.to_dict(table, info), indent=1) + "\n"
    page = report.page(table, info)
    if args.out is not None:
        _write_atomically(args.out / "standings.json", data)
        _write_atomically(args.out / "standings.html", page)
    if args.html is not None:
        _write_atomically(args.html, page)


def _write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file renamed at the end; ``OSError`` naming ``path`` if it fails."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as problem:
        temporary.unlink(missing_ok=True)
        raise OSError(problem.errno, problem.strerror, str(path)) from None


def _stored_seed(folder: Path | None) -> int | None:
    """The seed a tournament in ``folder`` was started with, if there is one."""
    if folder is None:
        return None
    try:
        seed = json.loads((folder / "tournament.json").read_text(encoding="utf-8")).get("seed")
    except (OSError, ValueError, AttributeError):
        return None
    return seed if isinstance(seed, int) else None


def _interrupt(_signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise KeyboardInterrupt


class Progress:
    """A progress bar on stderr, once a run has lasted a moment (stdout stays clean for ``--json``)."""

    def __init__(self, total: int, done_before: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.done_before = done_before
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.shown = False
        self._last = -1
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def update(self, done: int) -> None:
        elapsed = time.perf_counter() - self.start
        if elapsed < PROGRESS_AFTER_S or self.total == 0:
            return
        new = done - self.done_before
        rate = new / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else 0.0
        step = done * 100 // self.total if self._tty else done * 10 // self.total
        if step == self._last and done < self.total:
            return
        self._last = step
        if self._tty:
            filled = 30 * done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} games, "
                              f"{elapsed:.0f} s, about {left:.0f} s left ")
        else:
            self.stream.write(f"{done}/{self.total} games, {elapsed:.0f} s, about {left:.0f} s left\n")
        self.shown = True
        self.stream.flush()

    def finish(self) -> None:
        if self.shown and self._tty:
            self.stream.write("\n")
            self.stream.flush()
