"""Chunks of games of ``random`` and ``heuristic`` players, played by the batched engine (:mod:`game.batch`).

A chunk's games are one batch per seat rotation (one rotation unless the run is
duplicate); their totals are summed as arrays, and with records each game's line is
written from the batch's log.  The games are the same however the run is cut into
chunks: each is a function of its seed alone (see :mod:`game.batch.draws`).
"""

from __future__ import annotations

import math
import threading
from typing import Sequence

import numpy as np
import numpy.typing as npt

from game.batch.games import BATCHED_KINDS, BatchGames, BatchResult
from game.play import _SEED_STEP
from game.engine import SEED_LIMIT
from game.rules import Rules
from .text import batch_round_texts, players_text, record_head, record_text
from .totals import ChunkTotals

BATCH_CHUNK = 4096
"""Most games of a batch in one chunk: the batched engine's speed levels off from a few thousand."""
BATCH_RECORDED_CHUNK = 2048
"""The same when records are written: a chunk's records are held until written (about 2 kB a game)."""
SMALLEST_BATCH_CHUNK = 2048
"""Chunks are cut no smaller for the workers' sake: a smaller batch costs more per game."""


def is_batched(kinds: Sequence[str]) -> bool:
    """Whether the batched engine plays games of these kinds."""
    return all(kind in BATCHED_KINDS for kind in kinds)


def batch_chunk_size(deals: int, workers: int, record: bool) -> int:
    """Deals per chunk of a batched run: large, but a few per worker when there are games enough."""
    most = BATCH_RECORDED_CHUNK if record else BATCH_CHUNK
    if workers > 1:
        most = min(most, max(SMALLEST_BATCH_CHUNK, math.ceil(deals / (workers * 8))))
    return max(1, most)


def game_seeds(run_seed: int, start: int, stop: int) -> npt.NDArray[np.uint64]:
    """:func:`game.play.game_seed` of games ``start .. stop - 1``, as an array."""
    index = np.arange(start, stop, dtype=np.uint64)
    return (np.uint64(run_seed % SEED_LIMIT) + index * np.uint64(_SEED_STEP)) & np.uint64(SEED_LIMIT - 1)


_KEPT = threading.local()
"""Each thread's own :class:`BatchGames`: a batch writes its generators' arrays as it plays, so
two chunks played at once (a Dask worker's threads) must never share one."""


def batch_games(rules: Rules, kinds: Sequence[str]) -> BatchGames:
    """One :class:`BatchGames` per preset and seating in this thread, kept (its generators' arrays are reused)."""
    kept: dict[tuple[str, tuple[str, ...]], BatchGames] = _KEPT.__dict__.setdefault("players", {})
    key = (rules.name, tuple(kinds))
    if key not in kept:
        kept[key] = BatchGames(rules, kinds)
    return kept[key]


def play_batched(rules: Rules, seatings: Sequence[tuple[str, ...]], run_seed: int, start: int, stop: int,
                 record: bool, names: dict[str, str], slots: Sequence[str] | None) -> ChunkTotals:
    """Play deals ``start .. stop - 1`` once per seating; ``slots`` (duplicate runs) are the kinds
    the totals are kept by, else they are kept by seat."""
    seeds = game_seeds(run_seed, start, stop)
    results = [batch_games(rules, seating).play(seeds, log=record) for seating in seatings]
    count = len(slots) if slots is not None else len(seatings[0])
    pairs = [(a, b) for i, a in enumerate(slots) for b in slots[i + 1:]] if slots is not None else []
    totals = ChunkTotals.empty(count, len(pairs))
    totals.deals = stop - start
    for seating, result in zip(seatings, results):
        _add_batch(totals, rules, seating, result, slots)
    if pairs:
        _add_pairs(totals, seatings, results, pairs)
    if record:
        totals.records = _records(rules, seatings, results, names)
    return totals


def _add_batch(totals: ChunkTotals, rules: Rules, seating: tuple[str, ...], result: BatchResult,
               slots: Sequence[str] | None) -> None:
    """One seating's games added up, seat by seat (or kind by kind)."""
    games = len(result.seeds)
    totals.games += games
    rounds = int(result.rounds.sum())
    winners = result.winners().sum(axis=1)
    heuristic = [seat for seat, kind in enumerate(seating) if kind == "heuristic"]
    for seat, kind in enumerate(seating):
        slot = seat if slots is None else list(slots).index(kind)
        totals.slot_games[slot] += games
        totals.rounds[slot] += rounds
        totals.penalty[slot] += int(result.scores[seat].sum())
        totals.wins[slot] += int(winners[seat])
        totals.decisions[slot] += rounds * rules.turns_per_round + int(result.row_choices[seat].sum())
        if seat in heuristic:
            totals.decision_seconds[slot] += result.heuristic_seconds / len(heuristic)
            totals.longest_decision[slot] = max(totals.longest_decision[slot], result.longest_heuristic)


def _add_pairs(totals: ChunkTotals, seatings: Sequence[tuple[str, ...]], results: Sequence[BatchResult],
               pairs: Sequence[tuple[str, str]]) -> None:
    """Duplicate runs: per deal, each kind's penalty over every rotation, and each pair's scaled difference."""
    kinds = seatings[0]
    by_kind: dict[str, npt.NDArray[np.int64]] = {kind: np.zeros(totals.deals, dtype=np.int64) for kind in kinds}
    for seating, result in zip(seatings, results):
        for seat, kind in enumerate(seating):
            by_kind[kind] += result.scores[seat]
    seats = {kind: kinds.count(kind) * len(seatings) for kind in kinds}
    for sums, (a, b) in zip(totals.pair_sums, pairs):
        scaled = by_kind[a] * seats[b] - by_kind[b] * seats[a]
        sums[0] += int(scaled.sum())
        sums[1] += int((scaled * scaled).sum())


def _records(rules: Rules, seatings: Sequence[tuple[str, ...]], results: Sequence[BatchResult],
             names: dict[str, str]) -> str:
    """Every game's record line, deal by deal and, within a deal, rotation by rotation."""
    head = record_head(rules.name)
    lines = [_lines(head, players_text(seating, names), result) for seating, result in zip(seatings, results)]
    return "".join(line + "\n" for deal in zip(*lines) for line in deal)


def _lines(head: str, players: str, result: BatchResult) -> list[str]:
    """One seating's record lines, game by game."""
    assert result.log is not None
    rounds: list[list[str]] = [[] for _ in result.seeds]
    for round_log in result.log:
        for game, text in zip(round_log.games.tolist(), batch_round_texts(round_log)):
            rounds[game].append(text)
    winners = result.winners()
    return [record_text(head, seed, players, texts, scores, [seat for seat, won in enumerate(won_by) if won])
            for seed, texts, scores, won_by in zip(result.seeds.tolist(), rounds, result.scores.T.tolist(),
                                                    winners.T.tolist())]
