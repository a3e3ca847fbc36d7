"""The strategy lab: many computer games without a window, and their summary
(``main.py simulate``, whose flags :mod:`cli.simulate` reads, runs :func:`simulate`).

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

import math
import time
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Generator, Iterator, Sequence

from game.players.options import DEFAULT_OPTIONS, AgentOptions
from .records import RecordsFile
from bots.bench import BenchState
from .runner import Task, chunk_size, cluster_chunk_size, play_chunk, run_chunks, run_chunks_on, tasks
from .totals import (
    ChunkTotals,
    HeadToHead,
    PlayerTally,
    Summary,
    mean_interval,
    new_summary,
    rotations,
    wilson_interval,
)
from game.kinds import is_bot_kind
from bots.command import check_kind
from game.rules import Rules

if TYPE_CHECKING:
    from cluster import Cluster

__all__ = ["simulate", "Summary", "PlayerTally", "HeadToHead", "rotations", "total_games",
           "mean_interval", "wilson_interval", "parse_kinds"]


def simulate(rules: Rules, kinds: Sequence[str], games: int, seed: int, record_to: RecordsFile | None = None,
             options: AgentOptions = DEFAULT_OPTIONS, jobs: int = 1, duplicate: bool = False,
             progress: Callable[[int], None] | None = None, bot_logs: Path | None = None,
             names: dict[str, str] | None = None, cluster: Cluster | None = None) -> Summary:
    """Play ``games`` deals; deal ``i`` is seeded ``game_seed(seed, i)``.

    Each deal is one game, or with ``duplicate`` one game per seat rotation.
    ``jobs`` worker processes share the games; the results are combined in
    deal order, so nothing but timings depends on ``jobs``.  ``progress`` is told the
    number of games played so far after each chunk (of :func:`total_games` in all).  ``names`` gives
    the name of a kind (a ``--bot NAME=COMMAND``) in the summary and the
    records, instead of ``Player N`` (or the kind, in duplicate runs).  With ``cluster`` the
    chunks are played by a Dask cluster's workers instead (:mod:`cluster`): the same
    summary and records, but for timings.  Games are made,
    played and counted chunk by chunk (see :mod:`lab.runner`): memory
    does not grow with ``games``.  ``RecordsWriteError`` if writing the
    records fails (the records written before stay whole).
    """
    summary = new_summary(rules.name, seed, kinds, duplicate, names)
    if any(is_bot_kind(kind) for kind in kinds):
        summary.bot_clock = "cpu" if options.bot_cpu_clock else "wall"
    chunks = _played_chunks(rules, kinds, seed, games, jobs, duplicate, options, record_to is not None, bot_logs,
                            names, cluster)
    start = time.perf_counter()
    try:
        for chunk in chunks:
            summary.add(chunk)
            if record_to is not None:
                record_to.write(chunk.records, chunk.games)
            if progress is not None:
                progress(summary.games)
    finally:
        chunks.close()  # a stopped run ends its workers now
    summary.seconds = time.perf_counter() - start
    return summary


def _played_chunks(rules: Rules, kinds: Sequence[str], seed: int, games: int, jobs: int, duplicate: bool,
                   options: AgentOptions, record: bool, bot_logs: Path | None, names: dict[str, str] | None,
                   cluster: Cluster | None) -> Generator[ChunkTotals, None, None]:
    """Each chunk's totals in order: from ``jobs`` local processes, or from ``cluster``; with bots,
    each played with the bots' first-answer streaks of the games before it (:class:`BenchOrder`)."""
    order = BenchOrder() if any(is_bot_kind(kind) for kind in kinds) else None
    if cluster is not None:
        threads = cluster.threads()
        size = cluster_chunk_size(kinds, duplicate, games, threads, record)
        made = tasks(rules, kinds, seed, games, jobs, duplicate, options, record, bot_logs, names, size)
        played = run_chunks_on(cluster, order.tasks(made) if order else made, 2 * threads)
    else:
        size = chunk_size(kinds, duplicate, games, jobs, record)
        made = tasks(rules, kinds, seed, games, jobs, duplicate, options, record, bot_logs, names)
        played = run_chunks(order.tasks(made) if order else made, jobs, math.ceil(games / size))
    return order.checked(played) if order else played


class BenchOrder:
    """Benching in game order, whoever plays the chunks: each chunk goes out with the bots'
    streaks known when it is made, and is played again here if the chunks before it (taken
    back in order) end with other streaks - only when a bot fails its first answers at a
    chunk's edge.  So which games a bot sits out never depends on ``jobs`` or a cluster."""

    def __init__(self) -> None:
        self.made: deque[Task] = deque()
        self.known: BenchState = ()
        """The streaks after the last chunk taken back."""

    def tasks(self, chunks: Iterator[Task]) -> Iterator[Task]:
        for task in chunks:
            task = task._replace(bench=self.known)
            self.made.append(task)
            yield task

    def checked(self, played: Generator[ChunkTotals, None, None]) -> Generator[ChunkTotals, None, None]:
        try:
            for totals in played:
                task = self.made.popleft()
                if task.bench != self.known:
                    totals = play_chunk(task._replace(bench=self.known))
                self.known = totals.bench
                yield totals
        finally:
            played.close()


def parse_kinds(text: str, rules: Rules) -> list[str]:
    """Player kinds from ``random,mc,bot:python3 mybot.py,...``; ``ValueError`` if a kind
    is unknown, a bot's program cannot be found, or the count does not suit the rules."""
    kinds = [kind.strip() for kind in text.split(",")]
    for kind in kinds:
        check_kind(kind)
    rules.check_player_count(len(kinds))
    return kinds


def total_games(kinds: Sequence[str], games: int, duplicate: bool) -> int:
    """Games a run of ``games`` deals plays: one per deal, or one per distinct seat rotation with ``duplicate``."""
    return games * len(rotations(kinds, duplicate))
