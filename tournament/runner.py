"""Playing a tournament's games: a shard of deals, in this process, a worker process or on a
cluster's worker (:mod:`tournament.dispatch` hands the shards out and takes them back).

Every game seats fresh players: a bot starts anew in each game (a disqualification in one game
does not follow it to the next) and every process it started is ended with the game; a bot that
fails its first answer in :data:`~bots.bench.BENCH_AFTER` games in a row is benched.
"""

from __future__ import annotations

import signal
from multiprocessing import get_context
from typing import Any, NamedTuple

from game.players.options import AgentOptions
from bots.bench import BENCH_AFTER, SITS_OUT_TOURNAMENT, bench_report
from bots.referee import BotTable
from game.kinds import is_bot_kind, parse_bot_kind
from game.engine import Game
from game.play import game_seed, make_agents, play_game
from bots.process import exit_on_sigterm
from bots.proctree import ctrl_c_ignored, die_with_parent
from game.rules import rules_named
from .results import GameOutcome
from .schedule import GameSlot


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
        """Every entrant's streak (counted up to :data:`BENCH_AFTER`) and last hint."""
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
        bench_report(seat, task.kinds[slot.seats[seat]], streaks.hints[slot.seats[seat]] if streaks else "",
                     SITS_OUT_TOURNAMENT)
        for seat in sorted(benched)]
    reports = tuple({**d.to_dict(), "text": d.describe(str)} for d in found)  # data: English
    return GameOutcome(slot.index, slot.seats, tuple(game.scores), len(game.rounds), game.winners, reports)


def play_deals(tasks: tuple[DealTask, ...]) -> list[tuple[DealTask, list[GameOutcome]]]:
    """Every game of a shard of deals, in order (top level: worker processes import it).  The
    first-answer streaks flow from deal to deal; each deal comes back with the streaks it was
    played with, so the caller can check them (see :mod:`tournament.dispatch`)."""
    if not tasks:
        return []
    streaks = FirstAnswerStreaks(len(tasks[0].kinds))
    if tasks[0].streaks:
        streaks.streaks, streaks.hints = list(tasks[0].streaks), list(tasks[0].hints)
    played = []
    for task in tasks:
        known, hints = streaks.for_task()
        used = task._replace(streaks=known, hints=hints)
        outcomes = []
        for slot in task.slots:
            outcome = play_slot(task, slot, streaks)
            streaks.add(outcome)
            outcomes.append(outcome)
        played.append((used, outcomes))
    return played


def play_deals_on_worker(tasks: tuple[DealTask, ...]) -> list[tuple[DealTask, list[GameOutcome]]]:
    """A shard on a cluster's worker: its bots' programs must be there, then it is played."""
    from cluster import check_bots_here  # noqa: PLC0415 - the cluster's module loads only with --cluster

    from cluster import run_in_helper  # noqa: PLC0415 - the cluster's module loads only with --cluster

    bots = [parsed[0] for parsed in map(parse_bot_kind, tasks[0].kinds) if parsed is not None] if tasks else []
    check_bots_here(bots, tasks[0].options.bot_folder if tasks else None)
    return run_in_helper(play_deals, tasks) if bots else play_deals(tasks)


def start_pool(jobs: int) -> Any:
    """A pool of ``jobs`` worker processes for :func:`play_deals` (spawned: the same everywhere)."""
    with ctrl_c_ignored():  # a Ctrl-C while the workers start is ours, never a worker's traceback
        return get_context("spawn").Pool(jobs, initializer=_worker_started)


def _worker_started() -> None:
    """In each worker: Ctrl-C is the parent's to handle; the parent's terminate (SIGTERM),
    or the parent's death on Linux, becomes a normal exit that ends the worker's bots."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_on_sigterm()
    die_with_parent(signal.SIGTERM)
