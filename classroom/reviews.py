"""Each student's review, computed in worker processes and sent to their phone.

When a class game ends, every student's decisions are reviewed by the same
review as ``main.py review`` (:mod:`game.review`, its default rollouts and
seed, so the figures are the same), one decision per task in a pool of
worker processes: the projector's process only hands the decisions out and
collects the answers, so it never stutters.  Students' decisions are queued
student after student, so the first review is ready after one student's
work and the others follow; each phone is told its progress meanwhile.

The workers never outlive the app: each watches its parent process and ends the moment
it is gone (``kill -9`` included, see :func:`_watch_parent`), and stopping never waits for
them - :meth:`ReviewService.close` ends them at once, mid-task, and a pool the app forgot to
close is ended at the interpreter's exit the same way (:mod:`multiprocessing.pool` terminates
its workers then; a ``concurrent.futures`` pool would wait for every running task).  Each
decision's task is still a :class:`concurrent.futures.Future`, settled by the pool's thread.

The ``review`` message a phone receives is built by
:func:`classroom.protocol.review_message` (``docs/class-protocol.md``).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from functools import partial
from multiprocessing import get_context, parent_process
from multiprocessing.pool import Pool
from typing import Any

from game.engine import RoundLog
from game.review import DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, DecisionPoint, decision_points
from game.review_models import review_at_table
from game.rules import Rules

WORKER_NICENESS = 3
"""How much lower the review workers' priority is than the app's (on systems that have one): the
projector goes first on a quiet laptop, and on a busy one the workers still get a fair share.
Measured with ``bench/class_reviews.py`` (30 students on two cores, other programs keeping the
load average at 7-15): beside six busy loops the last review came 3.1-18.2 s after its game at
niceness 0, 4.8-16.7 s at 3, 8.8-14.5 s at 5 and 3.7-27.5 s at 10 (in six, six, three and six
runs; when a review cost twenty times more, 10 made it 229 s); 1.3-3.3 s without the busy loops at
any of them, the projector's frames the same processor time at all."""
PARENT_GONE = 70
"""A worker's exit code when it ends because the app is gone (a review worker or the puzzle finder)."""


def review_workers() -> int:
    """Worker processes for the reviews: every core but none beyond two (the projector and the
    phones' server need the rest)."""
    return max(1, min(2, os.cpu_count() or 1))


def worker_started(niceness: int) -> None:
    """In each worker (the review's, and the class's puzzle finder's): its priority, Ctrl-C left
    to the app, and a watch on the app."""
    try:
        if niceness:
            os.nice(niceness)
    except (AttributeError, OSError):  # no niceness here: the same work at the same priority
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, name="parent watch", daemon=True).start()


def _watch_parent() -> None:
    """End this worker, whatever it is computing, once the process that started it is gone.

    ``multiprocessing`` gives a started process a sentinel on its parent (the end of a pipe
    only the parent holds open on POSIX, the parent's handle on Windows): it fires when the
    parent ends, however it ends.  Linux's ``PR_SET_PDEATHSIG`` would fire when the *thread*
    that started the pool ends, which may be long before the app does.
    """
    parent = parent_process()
    if parent is None:
        return
    parent.join()
    os._exit(PARENT_GONE)


@dataclass
class StudentReview:
    """One student's review being made: their decisions' tasks, in game order."""

    key: Any
    """Who it is for (the class game's own key: a table and a seat)."""
    seat: int
    tasks: list[Future[Decision]] = field(default_factory=list)
    sent_done: int = -1
    """How many were done when the phone was last told."""

    @property
    def total(self) -> int:
        return len(self.tasks)

    @property
    def done(self) -> int:
        return sum(1 for task in self.tasks if task.done())

    @property
    def ready(self) -> bool:
        return all(task.done() for task in self.tasks)

    def decisions(self) -> list[Decision]:
        """The reviewed decisions in game order (once :attr:`ready`; a task that failed is left out)."""
        return [task.result() for task in self.tasks if task.done() and task.exception() is None]

    def failed(self) -> bool:
        return any(task.done() and task.exception() is not None for task in self.tasks)


class ReviewService:
    """A pool of worker processes reviewing students' games, started when first needed."""

    def __init__(self, workers: int | None = None, rollouts: int = DEFAULT_ROLLOUTS,
                 seed: int = DEFAULT_SEED, niceness: int = WORKER_NICENESS) -> None:
        self.workers = workers or review_workers()
        self.rollouts = rollouts
        self.seed = seed
        self.niceness = niceness
        """How much lower than the app's the workers' priority is (0: the same)."""
        self._pool: Pool | None = None

    def _workers(self) -> Pool:
        if self._pool is None:
            self._pool = get_context("spawn").Pool(self.workers, initializer=worker_started,
                                                   initargs=(self.niceness,))
        return self._pool

    def review_game(self, rules: Rules, player_count: int, seed: int, rounds: Sequence[RoundLog],
                    students: Sequence[tuple[Any, int]], table: Sequence[str] = ()) -> list[StudentReview]:
        """Queue the review of each ``(key, seat)`` of a finished game, student after student, at
        ``table`` (what sat at each seat: :func:`game.review_models.review_at_table`; empty: the
        other seats as random players)."""
        made = []
        for key, seat in students:
            points = decision_points(rules, player_count, seed, rounds, [seat])
            made.append(self._queue(key, seat, points, tuple(table)))
        return made

    def _queue(self, key: Any, seat: int, points: Sequence[DecisionPoint], table: tuple[str, ...]) -> StudentReview:
        pool = self._workers()
        tasks: list[Future[Decision]] = []
        for point in points:
            task: Future[Decision] = Future()
            pool.apply_async(review_at_table, (point, table, self.rollouts, self.seed),
                             callback=partial(settle, task.set_result), error_callback=partial(settle, task.set_exception))
            tasks.append(task)
        return StudentReview(key, seat, tasks)

    def close(self) -> None:
        """End the workers now, mid-task if need be: what is queued or under way is dropped."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()


def settle(settle: Callable[[Any], None], value: Any) -> None:
    """Give a task its decision (or its error) from the pool's thread; a task someone cancelled
    meanwhile stays cancelled (an error here would stop the pool's thread)."""
    try:
        settle(value)
    except InvalidStateError:
        pass


def moved(reviews: Sequence[StudentReview]) -> list[StudentReview]:
    """The reviews whose progress moved since last asked (their phones are told then)."""
    found = []
    for review in reviews:
        done = review.done
        if done != review.sent_done:
            review.sent_done = done
            found.append(review)
    return found
