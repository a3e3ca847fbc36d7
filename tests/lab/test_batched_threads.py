"""Batched chunks played at once in one process's threads, as a Dask worker with ``--nthreads 2``
plays them, give the games each gives alone: the threads share no array the engine writes."""

from __future__ import annotations

import pytest

import threading

from lab.batched import batch_games, play_batched
from game.rules import CLASSIC

SEATING = ("heuristic", "random", "random", "heuristic")
DEALS = 1024


def _chunk(start: int) -> tuple[int, list[int], list[int], str | None]:
    """Deals ``start .. start + DEALS - 1`` of one run: games, penalties, wins and records."""
    totals = play_batched(CLASSIC, [SEATING], 7, start, start + DEALS, True, {}, None)
    return totals.games, list(totals.penalty), list(totals.wins), totals.records


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_two_batched_chunks_at_once_in_threads_play_the_games_they_play_alone() -> None:
    alone = [_chunk(0), _chunk(DEALS)]
    together: list[object] = [None, None]
    start = threading.Barrier(2)

    def play(index: int) -> None:
        start.wait()
        try:
            together[index] = _chunk(index * DEALS)
        except Exception as failure:  # noqa: BLE001 - the race shows as any numpy error: kept to compare
            together[index] = failure

    threads = [threading.Thread(target=play, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_each_thread_keeps_its_own_batch_players() -> None:
    mine = batch_games(CLASSIC, SEATING)
    theirs: list[object] = []
    thread = threading.Thread(target=lambda: theirs.append(batch_games(CLASSIC, SEATING)))
    thread.start()
    thread.join()
    assert batch_games(CLASSIC, SEATING) is mine and theirs[0] is not mine
