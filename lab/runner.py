"""Running a simulation: chunks of games, here or in worker processes, in constant memory.

Game ``i`` of a run seeded ``s`` is seeded ``game_seed(s, i)``, so chunks of
consecutive games are independent.  Chunks are made one at a time as they
are needed (a billion games cost no more memory than ten), played in this
process or handed to a pool of workers a few at a time, and their totals
come back in chunk order, so the summary and the record file are the same
whatever the number of workers (timings aside).

How a chunk is played depends on who plays:

* only ``random`` and ``heuristic`` players: the batched engine, every game of the chunk
  at once (:mod:`lab.batched`);
* built-in players with ``mc`` among them: the engine, with a view built only for players
  that read one and only those players' decisions timed (``random`` players draw what
  they would draw in a batch: :mod:`game.batch.draws`);
* any other player (an external bot): the general path, unchanged (every
  player timed, the bots killed at the end of each game).
"""

from __future__ import annotations

import math
import queue
import signal
import time
from collections import deque
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from multiprocessing.context import SpawnContext
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Generator, Iterator, NamedTuple, Sequence

from game.players.options import AgentOptions
from game.players.agents import AGENT_KINDS, Agent, make_agent
from bots.bench import BenchState, KindStreaks
from bots.failures import Disqualification
from bots.referee import BotTable
from game.engine import Game, Phase, PlayerView, RoundLog
from game.play import game_seed, make_agents, play_game, players_rng
from bots.process import exit_on_sigterm
from bots.proctree import ctrl_c_ignored, die_with_parent
from game.rules import ROWS, Rules, rules_named
from game.batch.draws import game_key, place, uniform
from .batched import batch_chunk_size, is_batched, play_batched
from .text import players_text, record_head, record_text, round_text
from .totals import ChunkTotals, rotations
from cluster import next_result
from game.kinds import parse_bot_kind

if TYPE_CHECKING:
    from cluster import Cluster

BUILT_IN_CHUNK = 256
"""Most games of built-in players in one chunk, without ``mc``."""
SLOW_CHUNK = 64
"""Most games in one chunk with ``mc`` players or bots: small chunks keep Ctrl-C prompt
(a game with an external bot can take a tenth of a second)."""
CHUNKS_PER_WORKER = 32
"""Chunks a worker gets over a run, at least, when there are games enough: the load balances."""
AHEAD_PER_WORKER = 3
"""Chunks handed to the pool per worker before the first result is taken back."""


class Task(NamedTuple):
    """A chunk of games for one worker: everything needed, picklable."""

    rules: str
    kinds: tuple[str, ...]
    seed: int
    start: int
    stop: int
    """Deal indices ``start..stop-1``; in duplicate runs each is played once per rotation."""
    duplicate: bool
    options: AgentOptions
    record: bool
    bot_logs: Path | None = None
    """Folder for the bots' debug output (one file per game and seat), if any."""
    names: tuple[tuple[str, str], ...] = ()
    """``(kind, name)`` of the bots named with ``--bot NAME=COMMAND``, for the records."""
    bench: BenchState = ()
    """The bots' first-answer streaks before the chunk's first game (:mod:`bots.bench`)."""


def chunk_size(kinds: Sequence[str], duplicate: bool, deals: int, jobs: int, record: bool = False) -> int:
    """Deals per chunk: large for quick games, small for slow ones, a few per worker."""
    if is_batched(kinds):
        return batch_chunk_size(deals, jobs, record)
    if any(kind == "mc" or kind not in AGENT_KINDS for kind in kinds):
        most = SLOW_CHUNK if jobs > 1 else 1
    else:
        most = BUILT_IN_CHUNK
    if jobs > 1:
        most = min(most, math.ceil(deals / (jobs * CHUNKS_PER_WORKER)))
    return max(1, most)


def cluster_chunk_size(kinds: Sequence[str], duplicate: bool, deals: int, threads: int, record: bool = False) -> int:
    """Deals per chunk on a cluster: as large as one process's chunks (a shard's overhead is a
    few milliseconds of network), but small enough that every worker thread gets a few."""
    if is_batched(kinds):
        return batch_chunk_size(deals, threads, record)
    most = chunk_size(kinds, duplicate, deals, 1, record)
    if any(kind == "mc" or kind not in AGENT_KINDS for kind in kinds):
        most = SLOW_CHUNK
    return max(1, min(most, math.ceil(deals / (threads * CLUSTER_CHUNKS_PER_THREAD))))


CLUSTER_CHUNKS_PER_THREAD = 4
"""Chunks each worker thread of a cluster gets over a run, at least, when there are games enough."""


def tasks(rules: Rules, kinds: Sequence[str], seed: int, deals: int, jobs: int, duplicate: bool,
          options: AgentOptions, record: bool, bot_logs: Path | None,
          names: dict[str, str] | None = None, size: int | None = None) -> Iterator[Task]:
    """The run's chunks (``size`` deals each, or as :func:`chunk_size` says), made one at a time
    as they are asked for."""
    size = size or chunk_size(kinds, duplicate, deals, jobs, record)
    named = tuple((names or {}).items())
    for start in range(0, deals, size):
        yield Task(rules.name, tuple(kinds), seed, start, min(start + size, deals), duplicate, options,
                   record, bot_logs, named)


# ------------------------------------------------------------------ one chunk
def play_chunk(task: Task) -> ChunkTotals:
    """Play a chunk of games in index order (top-level: worker processes import it)."""
    rules = rules_named(task.rules)
    if is_batched(task.kinds):
        slots = list(dict.fromkeys(task.kinds)) if task.duplicate else None
        return play_batched(rules, rotations(task.kinds, task.duplicate), task.seed, task.start, task.stop,
                            task.record, dict(task.names), slots)
    return _general_chunk(rules, task)


@dataclass
class _Game:
    """One finished game, as the general path reports it."""

    kinds: tuple[str, ...]
    scores: list[int]
    winners: tuple[int, ...]
    rounds: int
    decisions: list[int]
    seconds: list[float]
    longest: list[float]
    log: Sequence[RoundLog]
    """The engine's log of the game's rounds (what its record writes down)."""
    disqualified: Sequence[Disqualification] = ()


def _general_chunk(rules: Rules, task: Task) -> ChunkTotals:
    kinds = task.kinds
    distinct = list(dict.fromkeys(kinds))
    slots = len(distinct) if task.duplicate else len(kinds)
    pairs = [(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1:]] if task.duplicate else []
    totals = ChunkTotals.empty(slots, len(pairs))
    records: list[str] = []
    head = record_head(rules.name)
    names = dict(task.names)
    general = any(kind not in AGENT_KINDS for kind in kinds)  # bots, and anything make_agents knows
    bench = KindStreaks(task.bench)
    for index in range(task.start, task.stop):
        seed = game_seed(task.seed, index)
        deal_totals = dict.fromkeys(distinct, 0)
        for rotation, seat_kinds in enumerate(rotations(kinds, task.duplicate)):
            if general:
                game = _play_with_bots(rules, seat_kinds, seed, task, _bot_log_namer(task, index, rotation), bench)
            else:
                game = _play_built_in(rules, seat_kinds, seed, task.options)
            if task.record:
                rounds_text = [round_text(r) for r in game.log]
                records.append(record_text(head, seed, players_text(seat_kinds, names), rounds_text,
                                           game.scores, game.winners))
            _add_game(totals, game, distinct if task.duplicate else None)
            for seat, kind in enumerate(seat_kinds):
                deal_totals[kind] += game.scores[seat]
        totals.deals += 1
        if pairs:
            seats = {kind: kinds.count(kind) * len(rotations(kinds, True)) for kind in distinct}
            for sums, (a, b) in zip(totals.pair_sums, pairs):
                scaled = deal_totals[a] * seats[b] - deal_totals[b] * seats[a]
                sums[0] += scaled
                sums[1] += scaled * scaled
    if records:
        records.append("")
        totals.records = "\n".join(records)
    totals.bench = bench.state()
    return totals


def _add_game(totals: ChunkTotals, game: _Game, distinct: list[str] | None) -> None:
    totals.games += 1
    winners = game.winners
    for seat, kind in enumerate(game.kinds):
        slot = seat if distinct is None else distinct.index(kind)
        totals.slot_games[slot] += 1
        totals.rounds[slot] += game.rounds
        totals.penalty[slot] += game.scores[seat]
        totals.wins[slot] += seat in winners
        totals.decisions[slot] += game.decisions[seat]
        totals.decision_seconds[slot] += game.seconds[seat]
        if game.longest[seat] > totals.longest_decision[slot]:
            totals.longest_decision[slot] = game.longest[seat]
    for report in game.disqualified:
        seat = report.seat
        totals.disqualified.append((seat if distinct is None else distinct.index(game.kinds[seat]), report))


def _play_built_in(rules: Rules, kinds: Sequence[str], seed: int, options: AgentOptions) -> _Game:
    """A game of built-in players through the engine.

    ``random`` players draw what they draw in the batched engine (:func:`game.batch.draws.uniform`
    at their place), without a view or a clock; the others are made in seat order as
    :func:`~game.play.make_agents` makes them (an ``mc`` player splits its generator off the
    players' generator at that moment) and timed.
    """
    count = len(kinds)
    game = Game(rules, count, seed)
    rng = players_rng(seed)
    key = game_key(seed)
    turns = rules.turns_per_round
    agents: list[Agent | None] = [None if kind == "random" else make_agent(kind, rng, options) for kind in kinds]
    decisions = [0] * count
    seconds = [0.0] * count
    longest = [0.0] * count
    clock = time.perf_counter
    view = game.view
    place_next = game.place_next
    hand = game.hand
    seats = range(count)
    while True:
        phase = game.phase
        if phase is Phase.PLACE_CARD:
            place_next()
        elif phase is Phase.CHOOSE_CARDS:
            cards = []
            for seat in seats:
                agent = agents[seat]
                if agent is None:
                    held = hand(seat)
                    cards.append(held[int(uniform(key, place(game.round, game.turn, seat, count, turns)) * len(held))])
                    decisions[seat] += 1
                else:
                    cards.append(_timed(agent.choose_card, view(seat), seat, decisions, seconds, longest, clock))
            game.play_cards(cards)
        elif phase is Phase.CHOOSE_ROW:
            chooser = game.awaiting_row_choice
            assert chooser is not None
            agent = agents[chooser]
            if agent is None:
                row = int(uniform(key, place(game.round, game.turn, count, count, turns)) * ROWS)
                decisions[chooser] += 1
            else:
                row = _timed(agent.choose_row, view(chooser), chooser, decisions, seconds, longest, clock)
            game.choose_row(chooser, row)
        else:
            break
    return _Game(tuple(kinds), game.scores, game.winners, len(game.rounds), decisions, seconds, longest,
                 game.rounds)


def _timed(decide: Callable[[PlayerView], int], view: PlayerView, seat: int, decisions: list[int],
           seconds: list[float], longest: list[float], clock: Callable[[], float]) -> int:
    start = clock()
    answer = decide(view)
    spent = clock() - start
    decisions[seat] += 1
    seconds[seat] += spent
    if spent > longest[seat]:
        longest[seat] = spent
    return answer


class TimedAgent:
    """An agent whose decisions are timed (for ``decision_ms_mean``/``max``)."""

    def __init__(self, agent: Agent) -> None:
        self.kind = agent.kind
        self._agent = agent
        self.decisions = 0
        self.seconds = 0.0
        self.longest = 0.0

    def choose_card(self, view: PlayerView) -> int:
        start = time.perf_counter()
        card = self._agent.choose_card(view)
        self._count(time.perf_counter() - start)
        return card

    def choose_row(self, view: PlayerView) -> int:
        start = time.perf_counter()
        row = self._agent.choose_row(view)
        self._count(time.perf_counter() - start)
        return row

    def _count(self, seconds: float) -> None:
        self.decisions += 1
        self.seconds += seconds
        if seconds > self.longest:
            self.longest = seconds


def _play_with_bots(rules: Rules, kinds: Sequence[str], seed: int, task: Task,
                    bot_logs: Callable[[int], Path | None] | None, bench: KindStreaks) -> _Game:
    """A game with external bots: every player timed, every bot killed at the end; a benched bot's
    seat played at random."""
    with BotTable() as bots:
        agents = [TimedAgent(agent) for agent in make_agents(bench.seated(kinds), seed, task.options, bots, bot_logs)]
        game = play_game(Game(rules, len(kinds), seed), agents)
    return _Game(tuple(kinds), game.scores, game.winners, len(game.rounds),
                 [a.decisions for a in agents], [a.seconds for a in agents], [a.longest for a in agents],
                 game.rounds, tuple(bench.after_game(kinds, bots.disqualifications)))


def _bot_log_namer(task: Task, index: int, rotation: int) -> Callable[[int], Path | None] | None:
    """Names the debug-output file of each seat's bot: ``game00012-seat2.log``."""
    folder = task.bot_logs
    if folder is None:
        return None
    game_name = f"game{index + 1:05d}" + (f"-rotation{rotation + 1}" if task.duplicate else "")
    return lambda seat: folder / f"{game_name}-seat{seat + 1}.log"


# ------------------------------------------------------------------ on a cluster
def play_chunk_on_worker(task: Task) -> ChunkTotals:
    """A chunk on a cluster's worker: its bots' programs must be there, then it is played."""
    from cluster import check_bots_here, run_in_helper  # noqa: PLC0415 - Dask's helpers load only on a cluster's worker, never for a local run

    bots = [parsed[0] for parsed in map(parse_bot_kind, task.kinds) if parsed is not None]
    check_bots_here(bots, task.options.bot_folder)
    return run_in_helper(play_chunk, task) if bots else play_chunk(task)


def run_chunks_on(cluster: Cluster, chunks: Iterator[Task], window: int) -> Generator[ChunkTotals, None, None]:
    """Each chunk's totals, in chunk order, from a Dask cluster, ``window`` chunks handed out at
    a time (:class:`~cluster.ClusterError` if the cluster fails the run)."""
    results: queue.Queue[tuple[int, object]] = queue.Queue()
    finished: dict[int, ChunkTotals] = {}
    made = given = 0
    more = True
    while True:
        while more and made - given < window:
            task = next(chunks, None)
            if task is None:
                more = False
                break
            deliver = partial(_deliver, results, made)
            cluster.submit(play_chunk_on_worker, task, deliver, deliver)
            made += 1
        if given == made:
            return
        while given not in finished:
            key, found = next_result(results, cluster.address)
            finished[key] = found
        yield finished.pop(given)
        given += 1


def _deliver(results: queue.Queue[tuple[int, object]], key: int, found: object) -> None:
    results.put((key, found))


# ------------------------------------------------------------------ many chunks
def run_chunks(chunks: Iterator[Task], jobs: int, chunk_count: int) -> Generator[ChunkTotals, None, None]:
    """Each chunk's totals, in chunk order, from ``jobs`` worker processes (1: this process).

    A worker that sends totals back gets the next chunk, so a worker slowed
    down by other programs does less and holds nobody up; totals that arrive
    early wait to be put in order.  At most ``AHEAD_PER_WORKER`` chunks per
    worker are handed out and not yet taken back, so neither the chunks nor
    their results pile up.  While the workers start (a new interpreter each),
    this process plays chunks itself.  Each worker has its own pipe and shares
    no lock with the others: ending them (Ctrl-C, a write error) is just
    ending their processes.
    """
    if jobs <= 1 or chunk_count <= 1:
        for task in chunks:
            yield play_chunk(task)
        return
    # spawn: the same behaviour on every platform; workers import only ``game``.
    context = get_context("spawn")
    workers: list[_Worker] = []
    try:
        workers = [_Worker(context) for _ in range(min(jobs, chunk_count))]
        yield from _InOrder(chunks, workers).results()
        for worker in workers:
            worker.finish()
    finally:
        # Ctrl-C, a write error, or the end: any worker still running ends now (each kills
        # its bots on the way out, see _worker_started) rather than finishing its chunks.
        for worker in workers:
            worker.stop()


class _InOrder:
    """Chunks handed out to the workers, a window ahead, and their totals put back in order."""

    def __init__(self, chunks: Iterator[Task], workers: list[_Worker]) -> None:
        self.chunks = chunks
        self.workers = workers
        self.window = len(workers) * AHEAD_PER_WORKER
        self.made = 0
        """Chunks taken from ``chunks`` (handed out or played here)."""
        self.given = 0
        """Chunks put back in order and yielded."""
        self.finished: dict[int, ChunkTotals] = {}
        self.more = True

    def results(self) -> Generator[ChunkTotals, None, None]:
        self.hand_out()
        self.play_while_starting()
        while self.given < self.made or self.more:
            if self.given in self.finished:
                yield self.finished.pop(self.given)
                self.given += 1
                self.hand_out()
                continue
            for worker in _answering([worker for worker in self.workers if worker.busy()]):
                index, totals = worker.receive()
                self.finished[index] = totals
            self.hand_out()

    def hand_out(self) -> None:
        """Give chunks to the least busy workers while the window allows."""
        while self.more and self.made - self.given < self.window:
            task = next(self.chunks, None)
            if task is None:
                self.more = False
                return
            min(self.workers, key=_Worker.busy).send(self.made, task)
            self.made += 1

    def play_while_starting(self) -> None:
        """The workers are still starting (a new interpreter each): play chunks here meanwhile."""
        while self.more and not any(worker.has_answer() for worker in self.workers):
            here = next(self.chunks, None)
            if here is None:
                self.more = False
            else:
                self.finished[self.made] = play_chunk(here)
                self.made += 1


def _answering(workers: list[_Worker]) -> list[_Worker]:
    """The workers with an answer waiting, once there is at least one."""
    ready = set(wait([worker.connection for worker in workers]))
    return [worker for worker in workers if worker.connection in ready]


class _Worker:
    """A worker process playing the chunks it is sent through its own pipe, in order."""

    def __init__(self, context: SpawnContext) -> None:
        self.connection, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child,), daemon=True)
        with ctrl_c_ignored():  # a Ctrl-C while the worker starts is the parent's, never a worker's traceback
            self._process.start()
        child.close()
        self._finishing = False
        self._under_way: deque[int] = deque()

    def send(self, index: int, task: Task) -> None:
        """Hand out chunk number ``index``."""
        self.connection.send(task)
        self._under_way.append(index)

    def busy(self) -> int:
        """Chunks handed out to this worker and not yet taken back."""
        return len(self._under_way)

    def has_answer(self) -> bool:
        """Whether an answer is waiting (without waiting for one)."""
        return self.connection.poll()

    def receive(self) -> tuple[int, ChunkTotals]:
        """The number and totals of the oldest chunk under way (waiting for them if need be)."""
        try:
            answer: object = self.connection.recv()
        except (EOFError, OSError):
            raise RuntimeError(f"a worker process ended unexpectedly (exit code {self._process.exitcode})") from None
        if not isinstance(answer, ChunkTotals):
            raise RuntimeError(f"a worker process failed: {answer}")
        return self._under_way.popleft(), answer

    def finish(self) -> None:
        """Tell the worker there is nothing more to do."""
        self.connection.send(None)
        self._finishing = True

    def stop(self) -> None:
        """Wait a moment for a worker told to finish; end it at once otherwise."""
        if self._finishing:
            self._process.join(timeout=5)
        if self._process.exitcode is None:
            self._process.terminate()
            self._process.join(timeout=10)
        if self._process.exitcode is None:
            self._process.kill()
            self._process.join()
        self.connection.close()


def _serve(connection: Connection) -> None:
    """A worker's life: play each chunk received and send its totals back, until told to stop."""
    _worker_started()
    while True:
        try:
            task = connection.recv()
        except EOFError:
            return
        if task is None:
            return
        try:
            answer: ChunkTotals | str = play_chunk(task)
        except Exception as error:  # reported by the parent; the worker itself stays sane
            answer = f"{type(error).__name__}: {error}"
        connection.send(answer)


def _worker_started() -> None:
    """In each worker: leave Ctrl-C to the parent (which ends the workers), and turn the
    parent's terminate (SIGTERM) into a normal exit, so ``with BotTable()`` and
    ``atexit`` kill the worker's bot processes instead of orphaning them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_on_sigterm()
    die_with_parent(signal.SIGTERM)  # Linux: the parent killed outright ends us (and our bots) too
