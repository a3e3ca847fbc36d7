"""Handing a tournament's deals out - to this process, to worker processes, or to a Dask
cluster - and taking them back in deal order, so the results never depend on who played them.

Whether a bot is benched in a game depends on its games before (in index order), which a worker
may not know yet when it starts a deal: each shard goes out with the streaks known then, and a
deal is taken back only once every deal before it is in; if the streaks it was played with turn
out different from the true ones (only when a bot fails its first answers), it is played again
with those.  Each deal's outcomes are stored as it is taken back, so an interrupted tournament
loses at most the deals under way.
"""

from __future__ import annotations

import math
import queue
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterator

from cluster import next_finished, next_result
from game.players.options import AgentOptions
from .results import GameOutcome, ResultsStore
from .runner import DealTask, FirstAnswerStreaks, play_deals, play_deals_on_worker, start_pool
from .schedule import TABLE_SIZE, Schedule

if TYPE_CHECKING:
    from cluster import Cluster

AHEAD_PER_WORKER = 2
"""Shards handed out per worker (process or cluster thread) and not yet taken back."""
SHARD_GAMES = 200
"""Games in a shard sent to a cluster (fewer when there are not enough for every thread)."""

Submit = Callable[[Callable[[Any], Any], Any, Callable[[Any], None], Callable[[BaseException], None]], None]
"""``submit(function, task, done, failed)``: run ``function(task)`` somewhere and call back."""


class DealQueue:
    """The deals of a schedule: which to play, with what streaks, and taking them back in order."""

    def __init__(self, schedule: Schedule, store: ResultsStore, rules: str, options: AgentOptions) -> None:
        self.schedule = schedule
        self.store = store
        self.rules = rules
        self.options = options
        self.kinds = tuple(entrant.kind for entrant in schedule.entrants)
        self.streaks = FirstAnswerStreaks(len(schedule.entrants))
        self.next_deal = 0
        """The first deal not taken back yet."""
        self.total = len(schedule.tables)

    def task(self, deal: int) -> DealTask | None:
        """Deal ``deal``'s games not stored yet, with the streaks known now (``None``: all stored)."""
        slots = tuple(self.schedule.slot(index) for index in
                      self.store.missing(range(deal * TABLE_SIZE, (deal + 1) * TABLE_SIZE)))
        if not slots:
            return None
        known, hints = self.streaks.for_task()
        return DealTask(self.rules, self.schedule.seed, slots, self.kinds, self.options, known, hints)

    def take_stored(self) -> None:
        """Fold in the deals already in the results (from an earlier run), in order."""
        while self.next_deal < self.total and self.task(self.next_deal) is None:
            self._fold(self.next_deal)
            self.next_deal += 1

    def _fold(self, deal: int) -> None:
        for index in range(deal * TABLE_SIZE, (deal + 1) * TABLE_SIZE):
            if index in self.store.outcomes:
                self.streaks.add(self.store.outcomes[index])

    def _at_table(self, deal: int, task: DealTask) -> tuple[tuple[int, str], ...]:
        return tuple((task.streaks[entrant], task.hints[entrant]) for entrant in self.schedule.tables[deal])

    def take_back(self, deal: int, used: DealTask, outcomes: list[GameOutcome]) -> DealTask | None:
        """Store the outcomes of ``deal`` (the next in order); ``None``, or the task to play again."""
        again = self.task(deal)
        assert again is not None
        if self._at_table(deal, again) != self._at_table(deal, used):
            return again
        for outcome in outcomes:
            self.store.add(outcome)
        self._fold(deal)
        self.next_deal += 1
        self.take_stored()
        return None


def play_missing(schedule: Schedule, store: ResultsStore, rules: str, options: AgentOptions, jobs: int,
                 progress: Callable[[int], None] | None = None, cluster: Cluster | None = None) -> None:
    """Play the games of ``schedule`` that ``store`` does not hold yet - here, in ``jobs`` worker
    processes, or on ``cluster`` - storing each deal's outcomes once every deal before it is
    stored; ``progress`` is told how many games are stored after each deal."""
    deals = DealQueue(schedule, store, rules, options)
    deals.take_stored()
    for _ in _in_order(deals, jobs, cluster):
        if progress is not None:
            progress(len(store.outcomes))


def _in_order(deals: DealQueue, jobs: int, cluster: Cluster | None) -> Iterator[int]:
    if cluster is not None:
        threads = cluster.threads()
        missing = deals.total - deals.next_deal
        shard = max(1, min(SHARD_GAMES // TABLE_SIZE, math.ceil(missing / threads)))
        # One shard per worker thread at a time: the scheduler gives each to an idle thread (shards
        # queued ahead on a busy worker would leave another idle at the end).
        yield from _handed_out(deals, cluster.submit, play_deals_on_worker, threads * shard, shard, cluster.address)
        return
    if jobs <= 1:
        while deals.next_deal < deals.total:
            deal = deals.next_deal
            task = deals.task(deal)
            assert task is not None
            while task is not None:
                [(used, outcomes)] = play_deals((task,))
                task = deals.take_back(deal, used, outcomes)
            yield deal
        return
    pool = start_pool(jobs)
    try:
        def submit(function: Callable[[Any], Any], task: Any, done: Callable[[Any], None],
                   failed: Callable[[BaseException], None]) -> None:
            pool.apply_async(function, (task,), callback=done, error_callback=failed)

        yield from _handed_out(deals, submit, play_deals, jobs * AHEAD_PER_WORKER, 1, "")
        pool.close()
    except BaseException:
        pool.terminate()  # Ctrl-C or an error: end the workers (each ends its bots) now
        raise
    finally:
        pool.join()


def _handed_out(deals: DealQueue, submit: Submit, play: Callable[[Any], Any], window: int, shard: int,
                address: str) -> Iterator[int]:
    """Shards of up to ``shard`` deals handed out through ``submit``, up to ``window`` deals ahead,
    taken back in deal order (a deal played with the wrong streaks goes out again alone)."""
    done: queue.Queue[tuple[tuple[int, ...], object]] = queue.Queue()
    out: set[int] = set()
    finished: dict[int, tuple[DealTask, list[GameOutcome]]] = {}
    handed = deals.next_deal

    def hand_out(numbers: list[int], tasks: list[DealTask]) -> None:
        out.update(numbers)
        deliver = partial(_deliver, done, tuple(numbers))
        submit(play, tuple(tasks), deliver, deliver)

    while deals.next_deal < deals.total:
        while handed < deals.total and len(out) < window:
            numbers: list[int] = []
            tasks: list[DealTask] = []
            while handed < deals.total and len(numbers) < shard:
                task = deals.task(handed)
                if task is not None:
                    numbers.append(handed)
                    tasks.append(task)
                handed += 1
            if numbers:
                hand_out(numbers, tasks)
        numbers_done, played = next_result(done, address) if address else next_finished(done, lambda error: error)
        for deal, result in zip(numbers_done, played):
            out.discard(deal)
            finished[deal] = result
        while deals.next_deal in finished:
            deal = deals.next_deal
            used, outcomes = finished.pop(deal)
            again = deals.take_back(deal, used, outcomes)
            if again is not None:
                hand_out([deal], [again])
                break
            yield deal


def _deliver(done: queue.Queue[tuple[tuple[int, ...], object]], numbers: tuple[int, ...], found: object) -> None:
    done.put((numbers, found))
