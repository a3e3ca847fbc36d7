"""Each student's review, computed in worker processes and sent to their phone.

When a class game ends, every student's decisions are reviewed by the same
review as ``main.py review`` (:mod:`game.review`, its default rollouts and
seed, so the figures are the same), one decision per task in a pool of
worker processes: the projector's process only hands the decisions out and
collects the answers, so it never stutters.  Students' decisions are queued
student after student, so the first review is ready after one student's
work and the others follow; each phone is told its progress meanwhile.

The ``review`` message a phone receives is built by
:func:`game.classroom.protocol.review_message` (``docs/class-protocol.md``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from game.engine import RoundLog
from game.review import DEFAULT_ROLLOUTS, DEFAULT_SEED, Decision, DecisionPoint, decision_points, review_point
from game.rules import Rules

WORKER_NICENESS = 10
"""Review workers run at a lower priority than the projector (on systems that have one)."""


def review_workers() -> int:
    """Worker processes for the reviews: every core but none beyond two (the projector and the
    phones' server need the rest)."""
    return max(1, min(2, os.cpu_count() or 1))


def _worker_started() -> None:
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no niceness here: the same work at the same priority
        pass


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
                 seed: int = DEFAULT_SEED) -> None:
        self.workers = workers or review_workers()
        self.rollouts = rollouts
        self.seed = seed
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=get_context("spawn"),
                                             initializer=_worker_started)
        return self._pool

    def review_game(self, rules: Rules, player_count: int, seed: int, rounds: Sequence[RoundLog],
                    students: Sequence[tuple[Any, int]]) -> list[StudentReview]:
        """Queue the review of each ``(key, seat)`` of a finished game, student after student."""
        made = []
        for key, seat in students:
            points = decision_points(rules, player_count, seed, rounds, [seat])
            made.append(self._queue(key, seat, points))
        return made

    def _queue(self, key: Any, seat: int, points: Sequence[DecisionPoint]) -> StudentReview:
        pool = self._executor()
        return StudentReview(key, seat, [pool.submit(review_point, point, self.rollouts, self.seed)
                                         for point in points])

    def close(self) -> None:
        """Stop the workers (what is queued is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def moved(reviews: Sequence[StudentReview]) -> list[StudentReview]:
    """The reviews whose progress moved since last asked (their phones are told then)."""
    found = []
    for review in reviews:
        done = review.done
        if done != review.sent_done:
            review.sent_done = done
            found.append(review)
    return found


_shared: ReviewService | None = None


def shared_service(rollouts: int = DEFAULT_ROLLOUTS) -> ReviewService:
    """The process's one pool of review workers (started with the first review), reviewing with
    ``rollouts`` sampled deals per decision from now on (``class --review-rollouts``)."""
    global _shared
    if _shared is None:
        _shared = ReviewService()
    _shared.rollouts = rollouts
    return _shared


def close_shared_service() -> None:
    """Stop the process's review workers, if they were started (the app is ending)."""
    global _shared
    if _shared is not None:
        _shared.close()
        _shared = None
