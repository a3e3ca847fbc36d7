"""Playing a tournament's games, here or in worker processes.

Work is handed out a deal at a time (its games not played yet); each game's
outcome comes back as soon as its deal is done and is stored at once, so an
interrupted tournament loses at most the deals under way.  Every game seats
fresh players: a bot starts anew in each game (a disqualification in one
game does not follow it to the next) and every process it started is ended
with the game.
"""

from __future__ import annotations

import signal
from multiprocessing import get_context
from typing import Callable, Iterator, NamedTuple, Sequence

from ..players.options import AgentOptions
from ..bots.referee import BotTable
from ..engine import Game
from ..play import game_seed, make_agents, play_game
from ..bots.proctree import ctrl_c_ignored, die_with_parent
from ..rules import rules_named
from .results import GameOutcome, ResultsStore
from .schedule import TABLE_SIZE, GameSlot, Schedule


class DealTask(NamedTuple):
    """The games of one deal still to play: everything a worker needs, picklable."""

    rules: str
    seed: int
    """The tournament's seed (deal ``d`` is seeded ``game_seed(seed, d)``)."""
    slots: tuple[GameSlot, ...]
    kinds: tuple[str, ...]
    """Every entrant's player kind, by entrant index."""
    options: AgentOptions


def play_slot(task: DealTask, slot: GameSlot) -> GameOutcome:
    """Play one game of the schedule; its bots are ended with it."""
    seed = game_seed(task.seed, slot.deal)
    kinds = [task.kinds[entrant] for entrant in slot.seats]
    with BotTable() as bots:
        game = play_game(Game(rules_named(task.rules), len(kinds), seed),
                         make_agents(kinds, seed, task.options, bots))
    reports = tuple({**d.to_dict(), "text": d.describe(str)} for d in bots.disqualifications)  # data: English
    return GameOutcome(slot.index, slot.seats, tuple(game.scores), len(game.rounds), game.winners, reports)


def play_deal(task: DealTask) -> list[GameOutcome]:
    """Every game of a task, in order (top level: worker processes import it)."""
    return [play_slot(task, slot) for slot in task.slots]


def run_deals(tasks: Sequence[DealTask], jobs: int) -> Iterator[list[GameOutcome]]:
    """Each task's outcomes as they finish, from ``jobs`` worker processes (1: this process)."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_deal(task)
        return
    # spawn: the same behaviour on every platform; workers import only ``game``.
    with ctrl_c_ignored():  # a Ctrl-C while the workers start is ours, never a worker's traceback
        pool = get_context("spawn").Pool(min(jobs, len(tasks)), initializer=_worker_started)
    try:
        yield from pool.imap_unordered(play_deal, tasks)
        pool.close()
    except BaseException:
        pool.terminate()  # Ctrl-C or an error: end the workers (each ends its bots) now
        raise
    finally:
        pool.join()


def _worker_started() -> None:
    """In each worker: Ctrl-C is the parent's to handle; the parent's terminate (SIGTERM),
    or the parent's death on Linux, becomes a normal exit that ends the worker's bots."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_signal)
    die_with_parent(signal.SIGTERM)


def _exit_on_signal(signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: ending the bots must not be cut short
    raise SystemExit(128 + signum)




def play_missing(schedule: Schedule, store: ResultsStore, rules: str, options: AgentOptions, jobs: int,
                 progress: Callable[[int], None] | None = None) -> None:
    """Play the games of ``schedule`` that ``store`` does not hold yet, storing each outcome as its
    deal ends; ``progress`` is told how many games are stored after each deal."""
    kinds = tuple(entrant.kind for entrant in schedule.entrants)
    tasks = []
    for deal in range(len(schedule.tables)):
        slots = tuple(schedule.slot(index) for index in
                      store.missing(range(deal * TABLE_SIZE, (deal + 1) * TABLE_SIZE)))
        if slots:
            tasks.append(DealTask(rules, schedule.seed, slots, kinds, options))
    for outcomes in run_deals(tasks, jobs):
        for outcome in outcomes:
            store.add(outcome)
        if progress is not None:
            progress(len(store.outcomes))
