"""Puzzles made from a class game's own decisions, found in a worker process.

When a student's review is ready (:mod:`.reviews`), the decisions it found one clear answer for
(:func:`game.puzzles.finding.clear_answer`: cheap, the review's own figures) are reviewed a second
time, with four times the sampled deals and another seed, and kept as puzzles of the class if
the second review agrees and the answer holds at the table that was played - the students as
``heuristic`` players, the computer seats by their kind (:func:`game.puzzles.puzzles_from_reviews`).  That second review is
the costly part - four reviews' worth for each clear decision - so it runs in one worker process
at a low priority, beside the review workers, never on the projector's thread: the app only
hands the decisions out and stores what comes back.  A puzzle's source names the lesson (its
number in the history), the game (its place in the lesson, from 1) and the seat; never a name.

The worker never outlives the app: it ends when the app's process is gone, and
:meth:`PuzzleFinder.close` ends it at once (what was not found yet is found again by nothing:
a class loses a few puzzles, never a lesson's figures).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from functools import partial
from multiprocessing import get_context
from multiprocessing.pool import Pool

from game.engine import RoundLog
from game.puzzles import LESSON, Puzzle, Source, clear_answer, puzzles_from_reviews
from game.review import DecisionPoint, Decision
from game.rules import Rules

from .reviews import WORKER_NICENESS, settle, worker_started

def clear_decisions(decisions: Sequence[Decision]) -> list[Decision]:
    """The decisions worth a second review: one clear answer in the first."""
    return [decision for decision in decisions if clear_answer(decision)]


def find_puzzles(rules: Rules, player_count: int, seed: int, rounds: Sequence[RoundLog],
                 decisions: Sequence[Decision], lesson: str, game: int, table: Sequence[str] = ()) -> list[Puzzle]:
    """The puzzles among a game's clear ``decisions`` that a second review confirms and that hold
    at ``table`` (what sat at each seat) under every opponent model (in the worker)."""
    def source_of(point: DecisionPoint) -> Source:
        return Source(LESSON, game, point.seat, lesson=lesson)

    return puzzles_from_reviews(rules, player_count, seed, rounds, decisions, source_of, table=table)


class PuzzleFinder:
    """One worker process confirming clear decisions, started when first needed."""

    def __init__(self, niceness: int = WORKER_NICENESS) -> None:
        self.niceness = niceness
        self._pool: Pool | None = None

    def find(self, rules: Rules, player_count: int, seed: int, rounds: Sequence[RoundLog],
             decisions: Sequence[Decision], lesson: str, game: int,
             table: Sequence[str] = ()) -> Future[list[Puzzle]]:
        """Queue the second review of ``decisions`` (the clear ones of a game's student, at ``table``:
        what sat at each seat); their puzzles come back in the future."""
        if self._pool is None:
            self._pool = get_context("spawn").Pool(1, initializer=worker_started, initargs=(self.niceness,))
        found: Future[list[Puzzle]] = Future()
        self._pool.apply_async(find_puzzles, (rules, player_count, seed, tuple(rounds), tuple(decisions), lesson,
                                              game, tuple(table)),
                               callback=partial(settle, found.set_result),
                               error_callback=partial(settle, found.set_exception))
        return found

    def close(self) -> None:
        """End the worker now (what it was finding is dropped)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()
