"""Playing a tournament's games, here or in worker processes.

Work is handed out a deal at a time (its games not played yet); each game's
outcome comes back as soon as its deal is done and is stored at once, so an
interrupted tournament loses at most the deals under way.  Every game seats
fresh players: a bot starts anew in each game (a disqualification in one
game does not follow it to the next) and every process it started is ended
with the game.
"""

from __future__ import annotations

import queue
import signal
from multiprocessing import get_context
from typing import Any, Callable, Iterator, NamedTuple

from ..players.options import AgentOptions
from ..bots.failures import BENCHED, Disqualification, Sentence
from ..bots.referee import BotTable
from ..i18n import N_
from ..kinds import is_bot_kind, parse_bot_kind
from ..engine import Game
from ..play import game_seed, make_agents, play_game
from ..bots.proctree import ctrl_c_ignored, die_with_parent
from ..rules import rules_named
from .results import GameOutcome, ResultsStore
from .schedule import TABLE_SIZE, GameSlot, Schedule


BENCH_AFTER = 2
"""A bot that fails its first answer in this many of its games in a row is benched for the rest:
its seat is played at random, with a report saying why, and its program is not started again."""


class DealTask(NamedTuple):
    """The games of one deal still to play: everything a worker needs, picklable."""

    rules: str
    seed: int
    """The tournament's seed (deal ``d`` is seeded ``game_seed(seed, d)``)."""
    slots: tuple[GameSlot, ...]
    kinds: tuple[str, ...]
    """Every entrant's player kind, by entrant index."""
    options: AgentOptions
    streaks: tuple[int, ...] = ()
    """Each entrant's first answers failed in a row before this deal (see :class:`FirstAnswerStreaks`)."""
    hints: tuple[str, ...] = ()
    """Each entrant's last report hint, for the report of a benched bot."""


class FirstAnswerStreaks:
    """How many games in a row each entrant has failed its first answer, over the games taken in
    index order: what decides that a bot is benched (:data:`BENCH_AFTER`)."""

    def __init__(self, entrant_count: int) -> None:
        self.streaks = [0] * entrant_count
        self.hints = [""] * entrant_count

    def add(self, outcome: GameOutcome) -> None:
        failed = {report.get("seat"): report for report in outcome.disqualified if report.get("first_answer")}
        for seat, entrant in enumerate(outcome.seats):
            report = failed.get(seat)
            self.streaks[entrant] = self.streaks[entrant] + 1 if report is not None else 0
            if report is not None:
                self.hints[entrant] = str(report.get("hint", ""))

    def benched(self, entrant: int) -> bool:
        return self.streaks[entrant] >= BENCH_AFTER

    def for_task(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        return tuple(min(streak, BENCH_AFTER) for streak in self.streaks), tuple(self.hints)


def play_slot(task: DealTask, slot: GameSlot, streaks: FirstAnswerStreaks | None = None) -> GameOutcome:
    """Play one game of the schedule; its bots are ended with it.  A benched bot's seat is played
    at random (its program not started), with a report."""
    seed = game_seed(task.seed, slot.deal)
    benched = {seat for seat, entrant in enumerate(slot.seats)
               if streaks is not None and streaks.benched(entrant) and is_bot_kind(task.kinds[entrant])}
    kinds = ["random" if seat in benched else task.kinds[entrant] for seat, entrant in enumerate(slot.seats)]
    with BotTable() as bots:
        game = play_game(Game(rules_named(task.rules), len(kinds), seed),
                         make_agents(kinds, seed, task.options, bots))
    found = list(bots.disqualifications) + [
        bench_report(seat, task.kinds[slot.seats[seat]], streaks.hints[slot.seats[seat]] if streaks else "")
        for seat in sorted(benched)]
    reports = tuple({**d.to_dict(), "text": d.describe(str)} for d in found)  # data: English
    return GameOutcome(slot.index, slot.seats, tuple(game.scores), len(game.rounds), game.winners, reports)


def bench_report(seat: int, kind: str, hint: str) -> Disqualification:
    """Why a benched bot's seat played at random: it failed its first answer in too many games
    in a row; the hint of its last failure comes along."""
    parsed = parse_bot_kind(kind)
    return Disqualification(seat, parsed[0] if parsed else kind, 0, 0, BENCHED, Sentence(
        N_("it failed its first answer in {count} games in a row, so it sits out the rest of the tournament"),
        count=BENCH_AFTER), "", (), hint, first_answer=True)


def play_deal(task: DealTask) -> list[GameOutcome]:
    """Every game of a task, in order (top level: worker processes import it)."""
    streaks = FirstAnswerStreaks(len(task.kinds))
    if task.streaks:
        streaks.streaks, streaks.hints = list(task.streaks), list(task.hints)
    outcomes = []
    for slot in task.slots:
        outcome = play_slot(task, slot, streaks)
        streaks.add(outcome)
        outcomes.append(outcome)
    return outcomes


class _Deals:
    """The deals still to play, handed out a window ahead and taken back in deal order.

    Whether a bot is benched in a game depends on its games before (in index order), which a
    worker may not know yet when it starts a deal: each deal goes out with the streaks known
    then, and is taken back only once every deal before it is in; if the streaks it was played
    with turn out different from the true ones, it is played again with those.  So the games
    never depend on how many workers play them (this only happens when a bot fails its first
    answers).
    """

    def __init__(self, schedule: Schedule, store: ResultsStore, make_task: Callable[[int, FirstAnswerStreaks],
                 DealTask | None]) -> None:
        self.schedule = schedule
        self.store = store
        self.make_task = make_task
        self.streaks = FirstAnswerStreaks(len(schedule.entrants))
        self.next_deal = 0
        """The first deal not taken back yet."""

    def take_stored(self) -> None:
        """Fold in the deals already in the results (from an earlier run), in order."""
        while self.next_deal < len(self.schedule.tables) and self.make_task(self.next_deal, self.streaks) is None:
            self._fold(self.next_deal)
            self.next_deal += 1

    def _fold(self, deal: int) -> None:
        for index in range(deal * TABLE_SIZE, (deal + 1) * TABLE_SIZE):
            if index in self.store.outcomes:
                self.streaks.add(self.store.outcomes[index])

    def take_back(self, deal: int, task: DealTask, outcomes: list[GameOutcome]) -> DealTask | None:
        """Store the outcomes of ``deal`` (the next in order); ``None``, or the task to play again."""
        again = self.make_task(deal, self.streaks)
        assert again is not None
        if (again.streaks, again.hints) != (task.streaks, task.hints):
            return again
        for outcome in outcomes:
            self.store.add(outcome)
        self._fold(deal)
        self.next_deal += 1
        self.take_stored()
        return None


def play_missing(schedule: Schedule, store: ResultsStore, rules: str, options: AgentOptions, jobs: int,
                 progress: Callable[[int], None] | None = None) -> None:
    """Play the games of ``schedule`` that ``store`` does not hold yet, storing each deal's outcomes
    once every deal before it is stored; ``progress`` is told how many games are stored after each deal."""
    kinds = tuple(entrant.kind for entrant in schedule.entrants)

    def make_task(deal: int, streaks: FirstAnswerStreaks) -> DealTask | None:
        slots = tuple(schedule.slot(index) for index in
                      store.missing(range(deal * TABLE_SIZE, (deal + 1) * TABLE_SIZE)))
        if not slots:
            return None
        at_table = set(schedule.tables[deal])
        known, hints = streaks.for_task()
        return DealTask(rules, schedule.seed, slots, kinds, options,
                        tuple(known[e] if e in at_table else 0 for e in range(len(kinds))),
                        tuple(hints[e] if e in at_table else "" for e in range(len(kinds))))

    deals = _Deals(schedule, store, make_task)
    deals.take_stored()
    for _ in run_in_order(deals, jobs):
        if progress is not None:
            progress(len(store.outcomes))


def run_in_order(deals: _Deals, jobs: int) -> Iterator[int]:
    """Play the missing deals here (``jobs`` 1) or in ``jobs`` worker processes, a window ahead;
    yields each deal as it is stored."""
    total = len(deals.schedule.tables)
    if jobs <= 1:
        while deals.next_deal < total:
            deal = deals.next_deal
            task = deals.make_task(deal, deals.streaks)
            assert task is not None
            while task is not None:
                task = deals.take_back(deal, task, play_deal(task))
            yield deal
        return
    with ctrl_c_ignored():  # a Ctrl-C while the workers start is ours, never a worker's traceback
        pool = get_context("spawn").Pool(jobs, initializer=_worker_started)
    try:
        yield from _pooled(deals, pool, jobs * AHEAD_PER_WORKER)
        pool.close()
    except BaseException:
        pool.terminate()  # Ctrl-C or an error: end the workers (each ends its bots) now
        raise
    finally:
        pool.join()


AHEAD_PER_WORKER = 2
"""Deals handed out per worker and not yet taken back."""


def _pooled(deals: _Deals, pool: Any, window: int) -> Iterator[int]:
    done: queue.Queue[tuple[int, DealTask, list[GameOutcome] | BaseException]] = queue.Queue()
    out: dict[int, DealTask] = {}
    finished: dict[int, tuple[DealTask, list[GameOutcome]]] = {}
    total = len(deals.schedule.tables)
    handed = deals.next_deal

    def hand_out(deal: int, task: DealTask) -> None:
        out[deal] = task
        pool.apply_async(play_deal, (task,), callback=lambda found: done.put((deal, task, found)),
                         error_callback=lambda error: done.put((deal, task, error)))

    while deals.next_deal < total:
        while handed < total and len(out) < window:
            task = deals.make_task(handed, deals.streaks)
            if task is not None:
                hand_out(handed, task)
            handed += 1
        deal, task, found = _next_done(done)
        if isinstance(found, BaseException):
            raise found
        del out[deal]
        finished[deal] = (task, found)
        while deals.next_deal in finished:
            deal = deals.next_deal
            task, found = finished.pop(deal)
            again = deals.take_back(deal, task, found)
            if again is not None:
                hand_out(deal, again)
                break
            yield deal


def _next_done(done: queue.Queue[Any]) -> Any:
    """The next finished deal; a Ctrl-C while waiting stays a KeyboardInterrupt."""
    while True:
        try:
            return done.get(timeout=0.25)
        except queue.Empty:
            continue


def _worker_started() -> None:
    """In each worker: Ctrl-C is the parent's to handle; the parent's terminate (SIGTERM),
    or the parent's death on Linux, becomes a normal exit that ends the worker's bots."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_signal)
    die_with_parent(signal.SIGTERM)


def _exit_on_signal(signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: ending the bots must not be cut short
    raise SystemExit(128 + signum)
