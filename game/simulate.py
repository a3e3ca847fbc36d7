"""The strategy lab: many computer games without a window, and their summary.

Games are independent given their seed (game ``i`` of a run seeded ``s`` is
seeded ``game_seed(s, i)``), so they can be shared out to worker processes
and put back in index order: the summary and the record file are the same
whatever the number of workers (timings aside; and a player that thinks to
a wall-clock budget only repeats itself with a budget in rollouts).

With ``duplicate``, every deal is played once per seat rotation, so every
kind plays every hand from every seat: most of the luck of the deal cancels
out when kinds are compared, deal by deal.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import time
from pathlib import Path
from typing import Callable, NoReturn, Sequence, TextIO

from .agent_options import DEFAULT_OPTIONS, AgentOptions
from .engine import new_seed
from .lab.records import RecordsFile, RecordsFileError, RecordsWriteError
from .lab.runner import chunk_size, rotations, run_chunks, tasks
from .lab.totals import (  # noqa: F401 - the summary's parts, as scripts import them from here
    HeadToHead,
    PlayerTally,
    Summary,
    mean_interval,
    new_summary,
    wilson_interval,
)
from .play import check_kind
from .rules import Rules, rules_named
from .seating import bot_names, parse_named_bots, simulate_seats

__all__ = ["simulate", "Summary", "PlayerTally", "HeadToHead", "Progress", "rotations",
           "mean_interval", "wilson_interval", "parse_kinds", "run_from_args"]

MAX_JOBS_PER_CPU = 4
"""``--jobs`` may ask for at most this many worker processes per processor."""
PROGRESS_AFTER_S = 2.0
"""A progress bar appears once a run has lasted this long (short runs stay quiet)."""


# ------------------------------------------------------------------ progress
class Progress:
    """A progress bar on stderr that appears only once a run has lasted a while.

    On a terminal it redraws one line; otherwise (a log file) it writes a line
    every tenth of the run.  Never on stdout, so ``--json`` stays clean.
    """

    def __init__(self, total: int, stream: TextIO | None = None, after_s: float = PROGRESS_AFTER_S) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.after_s = after_s
        self.start = time.perf_counter()
        self.shown = False
        self._last_draw = 0.0
        self._last_tenth = -1
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def update(self, done: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        if elapsed < self.after_s or self.total == 0:
            return
        fraction = done / self.total
        eta = elapsed / fraction - elapsed if fraction > 0 else 0.0
        if self._tty:
            if now - self._last_draw < 0.1 and done < self.total:
                return
            width = 30
            filled = int(width * fraction)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games, "
                              f"{elapsed:.0f} s, about {eta:.0f} s left ")
        else:
            tenth = int(10 * fraction)
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(f"{done}/{self.total} games, {elapsed:.0f} s, about {eta:.0f} s left\n")
        self._last_draw = now
        self.shown = True
        self.stream.flush()

    def finish(self) -> None:
        if self.shown and self._tty:
            self.stream.write("\n")
            self.stream.flush()


# ------------------------------------------------------------------ running
def simulate(
    rules: Rules,
    kinds: Sequence[str],
    games: int,
    seed: int,
    record_to: RecordsFile | None = None,
    options: AgentOptions = DEFAULT_OPTIONS,
    jobs: int = 1,
    duplicate: bool = False,
    progress: bool = False,
    bot_logs: Path | None = None,
    names: dict[str, str] | None = None,
) -> Summary:
    """Play ``games`` deals; deal ``i`` is seeded ``game_seed(seed, i)``.

    Each deal is one game, or with ``duplicate`` one game per seat rotation.
    ``jobs`` worker processes share the games; the results are combined in
    deal order, so nothing but timings depends on ``jobs``.  ``names`` gives
    the name of a kind (a ``--bot NAME=COMMAND``) in the summary and the
    records, instead of ``Player N`` (or the kind, in duplicate runs).  Games are made,
    played and counted chunk by chunk (see :mod:`game.lab.runner`): memory
    does not grow with ``games``.  ``RecordsWriteError`` if writing the
    records fails (the records written before stay whole).
    """
    summary = new_summary(rules.name, seed, kinds, duplicate, names)
    size = chunk_size(kinds, duplicate, games, jobs, record_to is not None)
    chunks = run_chunks(tasks(rules, kinds, seed, games, jobs, duplicate, options, record_to is not None, bot_logs,
                              names), jobs, math.ceil(games / size))
    total = games * (len(kinds) if duplicate else 1)
    bar = Progress(total) if progress else None
    start = time.perf_counter()
    try:
        for chunk in chunks:
            summary.add(chunk)
            if record_to is not None:
                record_to.write(chunk.records, chunk.games)
            if bar is not None:
                bar.update(summary.games)
    finally:
        chunks.close()  # a stopped run ends its workers now
        if bar is not None:
            bar.finish()
    summary.seconds = time.perf_counter() - start
    return summary


def parse_kinds(text: str, rules: Rules) -> list[str]:
    """Player kinds from ``random,mc,bot:python3 mybot.py,...``; ``ValueError`` if a kind
    is unknown, a bot's program cannot be found, or the count does not suit the rules."""
    kinds = [kind.strip() for kind in text.split(",")]
    for kind in kinds:
        check_kind(kind)
    rules.check_player_count(len(kinds))
    return kinds


def run_from_args(args: argparse.Namespace, parser_error: Callable[[str], NoReturn]) -> int:
    """``main.py simulate``: check the arguments, run, print the summary."""
    try:
        rules = rules_named(args.rules)
        named = parse_named_bots(args.bot)
        kinds = simulate_seats(args.players, named, rules)
        options = AgentOptions(think_ms=args.think_ms, rollouts=args.rollouts)
    except ValueError as error:
        parser_error(str(error))
    if args.jobs < 1:
        parser_error(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs > MAX_JOBS_PER_CPU * (os.cpu_count() or 1):
        parser_error(f"--jobs can be at most {MAX_JOBS_PER_CPU * (os.cpu_count() or 1)} here "
                     f"({MAX_JOBS_PER_CPU} per processor), not {args.jobs}")
    seed = new_seed() if args.seed is None else args.seed
    if args.bot_logs is not None:
        _make_folder(args.bot_logs, parser_error)
    if not args.record and (getattr(args, "append", False) or getattr(args, "overwrite", False)):
        parser_error("--append and --overwrite go with --record FILE")
    record_to = _open_record(args, parser_error) if args.record else None
    signal.signal(signal.SIGTERM, _interrupt)  # stopped from outside: clean up as on Ctrl-C
    try:
        summary = simulate(rules, kinds, args.games, seed, record_to, options=options, jobs=args.jobs,
                           duplicate=args.duplicate, progress=not args.no_progress,
                           bot_logs=args.bot_logs, names=bot_names(named))
        if record_to is not None:
            record_to.close()
    except KeyboardInterrupt:
        _close_quietly(record_to)
        print("\nsimulate: interrupted", file=sys.stderr)
        return 130
    except RecordsWriteError as error:
        _close_quietly(record_to)
        print(f"simulate: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.text())
    return 0


def _interrupt(_signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second request ends the run at once
    raise KeyboardInterrupt


def _make_folder(path: Path, parser_error: Callable[[str], NoReturn]) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser_error(f"cannot create {path}: {error.strerror or error}")


def _open_record(args: argparse.Namespace, parser_error: Callable[[str], NoReturn]) -> RecordsFile:
    try:
        return RecordsFile(args.record, append=getattr(args, "append", False),
                           overwrite=getattr(args, "overwrite", False))
    except RecordsFileError as error:
        parser_error(str(error))


def _close_quietly(record_to: RecordsFile | None) -> None:
    """Close the records file after a stop or an error already reported."""
    if record_to is not None:
        try:
            record_to.close()
        except RecordsWriteError:
            pass


if __name__ == "__main__":  # pragma: no cover - use main.py simulate
    sys.exit("use: python main.py simulate --help")
