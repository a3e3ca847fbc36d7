"""The strategy lab: many computer games without a window, and their summary.

Games are independent given their seed (game ``i`` of a run seeded ``s`` is
seeded ``game_seed(s, i)``), so they can be shared out to worker processes
and put back in index order: the summary and the record file are the same
whatever the number of workers (timings aside; and a player that thinks to
a wall-clock budget only repeats itself with a budget in rollouts).

With ``duplicate``, every deal is played once per seat rotation, so every
kind plays every hand from every seat: most of the luck of the deal cancels
out when kinds are compared, deal by deal.
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Callable, Iterator, NamedTuple, NoReturn, Sequence, TextIO

from .agent_options import DEFAULT_OPTIONS, AgentOptions
from .agents import Agent
from .bot import BotTable, Disqualification, is_bot_kind
from .engine import Game, PlayerView, new_seed
from .play import check_kind, game_seed, make_agents, play_game
from .proctree import die_with_parent
from .record import PlayerInfo, record_game
from .rules import Rules, rules_named
from .seating import bot_names, parse_named_bots, simulate_seats

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal: the half-width of a 95% interval in standard errors."""
MAX_CHUNK = 64
"""Most games handed to a worker at once: small chunks keep Ctrl-C prompt even with
slow players (a game with an external bot can take a tenth of a second)."""
MAX_REPORTED = 3
"""Disqualification reports printed per bot (the count covers them all)."""
PROGRESS_AFTER_S = 2.0
"""A progress bar appears once a run has lasted this long (short runs stay quiet)."""


# ------------------------------------------------------------------ playing
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


class GameResult(NamedTuple):
    """What one game contributes to a summary (small, so workers send it back cheaply)."""

    kinds: tuple[str, ...]
    """Kind of each seat in this game (rotated in duplicate runs)."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    decisions: tuple[int, ...]
    decision_seconds: tuple[float, ...]
    longest_decision: tuple[float, ...]
    record: str | None
    """The game's record as one JSON line, if records are written."""
    disqualifications: tuple[Disqualification, ...] = ()
    """External bots disqualified in this game."""


class Task(NamedTuple):
    """A chunk of games for one worker: everything needed, picklable."""

    rules: str
    kinds: tuple[str, ...]
    seed: int
    indices: range
    """Deal indices; in duplicate runs each is played once per rotation."""
    duplicate: bool
    options: AgentOptions
    record: bool
    bot_logs: Path | None = None
    """Folder for the bots' debug output (one file per game and seat), if any."""
    names: tuple[tuple[str, str], ...] = ()
    """``(kind, name)`` of the bots named with ``--bot NAME=COMMAND``, for the records."""


def rotations(kinds: Sequence[str], duplicate: bool) -> list[tuple[str, ...]]:
    """Seat kinds of each game played on one deal: rotation ``r`` moves every kind ``r`` seats on."""
    count = len(kinds)
    if not duplicate:
        return [tuple(kinds)]
    return [tuple(kinds[(seat - shift) % count] for seat in range(count)) for shift in range(count)]


def play_one(rules: Rules, kinds: Sequence[str], seed: int, options: AgentOptions, record: bool,
             bot_logs: Callable[[int], Path | None] | None = None,
             names: dict[str, str] | None = None) -> GameResult:
    """Play one seeded game with timed agents and report it (every bot is killed at the end)."""
    with BotTable() as bots:
        agents = [TimedAgent(agent) for agent in make_agents(kinds, seed, options, bots, bot_logs)]
        game = play_game(Game(rules, len(kinds), seed), agents)
    text = None
    if record:
        players = [PlayerInfo((names or {}).get(kind, f"Player {seat + 1}"), kind) for seat, kind in enumerate(kinds)]
        text = record_game(game, players).to_json()
    return GameResult(
        tuple(kinds), tuple(game.scores), game.winners, len(game.rounds),
        tuple(a.decisions for a in agents), tuple(a.seconds for a in agents),
        tuple(a.longest for a in agents), text, tuple(bots.disqualifications),
    )


def play_task(task: Task) -> list[GameResult]:
    """Play a chunk of games in index order (top-level: worker processes import it)."""
    rules = rules_named(task.rules)
    results = []
    for index in task.indices:
        seed = game_seed(task.seed, index)
        for rotation, kinds in enumerate(rotations(task.kinds, task.duplicate)):
            logs = _bot_log_namer(task, index, rotation)
            results.append(play_one(rules, kinds, seed, task.options, task.record, logs, dict(task.names)))
    return results


def _bot_log_namer(task: Task, index: int, rotation: int) -> Callable[[int], Path | None] | None:
    """Names the debug-output file of each seat's bot: ``game00012-seat2.log``."""
    folder = task.bot_logs
    if folder is None:
        return None
    game_name = f"game{index + 1:05d}" + (f"-rotation{rotation + 1}" if task.duplicate else "")
    return lambda seat: folder / f"{game_name}-seat{seat + 1}.log"


def run_tasks(tasks: Sequence[Task], jobs: int) -> Iterator[list[GameResult]]:
    """Results of each task, in task order, from ``jobs`` worker processes (1: this process)."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_task(task)
        return
    # spawn: the same behaviour on every platform; workers import only ``game``.
    pool = get_context("spawn").Pool(min(jobs, len(tasks)), initializer=_worker_started)
    try:
        yield from pool.imap(play_task, tasks)
        pool.close()
    except BaseException:
        # Ctrl-C, or the run is stopped: end the workers now (each kills its bots on the
        # way out, see _worker_started) rather than waiting for the chunks under way.
        pool.terminate()
        raise
    finally:
        pool.join()


def _worker_started() -> None:
    """In each worker: leave Ctrl-C to the parent (which ends the pool), and turn the
    parent's terminate (SIGTERM) into a normal exit, so ``with BotTable()`` and
    ``atexit`` kill the worker's bot processes instead of orphaning them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_signal)
    die_with_parent(signal.SIGTERM)  # Linux: the parent killed outright ends us (and our bots) too


def _exit_on_signal(signum: int, _frame: object) -> None:
    # Stop once: the worker may be asked again (by the parent, and by a terminal's
    # signal to the whole group) while it is killing its bots; that must not cut it short.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def split(count: int, jobs: int) -> list[range]:
    """Deal indices ``0..count-1`` in consecutive chunks: a few per worker, to balance the load."""
    if jobs <= 1:
        size = 1
    else:
        size = max(1, min(math.ceil(count / (jobs * 32)), MAX_CHUNK))
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


# ------------------------------------------------------------------ summary
def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """95% interval of a proportion (Wilson's: sensible even at 0 or all successes)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


@dataclass
class PlayerTally:
    """Running totals of one seat (or, in duplicate runs, one kind) over a run."""

    name: str
    kind: str
    games: int = 0
    rounds: int = 0
    penalty: int = 0
    wins: int = 0
    decisions: int = 0
    decision_seconds: float = 0.0
    longest_decision: float = 0.0
    disqualifications: list[Disqualification] = field(default_factory=list)
    """Bots of this seat (or kind) disqualified, game after game."""

    def add(self, result: GameResult, seat: int) -> None:
        self.games += 1
        self.rounds += result.rounds
        self.penalty += result.scores[seat]
        self.wins += seat in result.winners
        self.decisions += result.decisions[seat]
        self.decision_seconds += result.decision_seconds[seat]
        self.longest_decision = max(self.longest_decision, result.longest_decision[seat])
        self.disqualifications.extend(d for d in result.disqualifications if d.seat == seat)

    @property
    def mean_penalty(self) -> float:
        return self.penalty / self.games if self.games else 0.0

    @property
    def mean_penalty_per_round(self) -> float:
        return self.penalty / self.rounds if self.rounds else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def decision_ms_mean(self) -> float:
        return 1000 * self.decision_seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, object]:
        low, high = wilson_interval(self.wins, self.games)
        return {
            "name": self.name,
            "kind": self.kind,
            "mean_penalty": round(self.mean_penalty, 3),
            "mean_penalty_per_round": round(self.mean_penalty_per_round, 3),
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "decision_ms_mean": round(self.decision_ms_mean, 3),
            "decision_ms_max": round(1000 * self.longest_decision, 3),
            **({"disqualifications": len(self.disqualifications),
                "disqualified": [d.to_dict() for d in self.disqualifications[:MAX_REPORTED]]}
               if is_bot_kind(self.kind) else {}),
        }


@dataclass
class HeadToHead:
    """Kind ``first`` minus kind ``second``: mean penalty difference per deal (negative: ``first`` better)."""

    first: str
    second: str
    differences: list[float] = field(default_factory=list)
    names: tuple[str, str] | None = None
    """How the summary calls the two kinds (a ``--bot``'s NAME), if not by the kinds themselves."""

    def to_dict(self) -> dict[str, object]:
        mean, low, high = mean_interval(self.differences)
        return {"kinds": [self.first, self.second], "deals": len(self.differences),
                "mean_difference": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}


@dataclass
class Summary:
    """What a run produced."""

    rules: str
    seed: int
    games: int = 0
    seconds: float = 0.0
    players: list[PlayerTally] = field(default_factory=list)
    duplicate: bool = False
    deals: int = 0
    head_to_head: list[HeadToHead] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list, repr=False)
    """Every game's result, in order (for scripts; not printed)."""

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "rules": self.rules,
            "seed": self.seed,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "players": [p.to_dict() for p in self.players],
        }
        if self.duplicate:
            data["duplicate"] = True
            data["deals"] = self.deals
            data["head_to_head"] = [h.to_dict() for h in self.head_to_head]
        return data

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def text(self) -> str:
        """A readable summary, one player (or, in duplicate runs, one kind) a line."""
        how = f", {self.deals} deals x every seat rotation" if self.duplicate else ""
        name_w = max([6, *(len(p.name) for p in self.players)])
        kind_w = max([4, *(len(p.kind) for p in self.players)])
        lines = [
            f"{self.games} games ({self.rules} rules, seed {self.seed}{how}) in "
            f"{self.seconds:.2f} s: {self.games_per_second:.0f} games/s",
            f"{'player':<{name_w}} {'kind':<{kind_w}} {'mean penalty':>12} {'per round':>9} {'wins':>7} "
            f"{'win rate (95% interval)':>24} {'ms/decision':>11} {'max ms':>8}",
        ]
        for p in self.players:
            low, high = wilson_interval(p.wins, p.games)
            rate = f"{100 * p.win_rate:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
            lines.append(
                f"{p.name:<{name_w}} {p.kind:<{kind_w}} {p.mean_penalty:>12.2f} {p.mean_penalty_per_round:>9.2f} "
                f"{p.wins:>7} {rate:>24} {p.decision_ms_mean:>11.2f} {1000 * p.longest_decision:>8.1f}")
        lines.append("(lowest penalty wins; a tie counts as a win for each tied player)")
        lines.extend(_disqualification_lines(self.players, self.games))
        for h in self.head_to_head:
            mean, low, high = mean_interval(h.differences)
            verdict = ("better" if high < 0 else "worse" if low > 0 else "no clear difference")
            first, second = h.names or (h.first, h.second)
            lines.append(f"{first} - {second}: {mean:+.2f} penalty per game "
                         f"(95% interval {low:+.2f} to {high:+.2f}; {first} {verdict})")
        return "\n".join(lines)


def _disqualification_lines(players: Sequence[PlayerTally], games: int) -> list[str]:
    """Per bot: how often it was disqualified, and the first reports."""
    lines = []
    for p in players:
        if not is_bot_kind(p.kind):
            continue
        count = len(p.disqualifications)
        reasons = Counter(d.reason for d in p.disqualifications)
        why = ", ".join(f"{n} {reason}" for reason, n in reasons.most_common())
        lines.append(f"{p.name} ({p.kind}): disqualified in {count} of {p.games} games"
                     + (f" ({why})" if why else ""))
        lines.extend(f"  {d.describe()}" for d in p.disqualifications[:MAX_REPORTED])
    return lines


class Tallies:
    """Adds up game results: by seat, or by kind in duplicate runs."""

    def __init__(self, summary: Summary, kinds: Sequence[str], names: dict[str, str] | None = None) -> None:
        self.summary = summary
        self.kinds = list(dict.fromkeys(kinds))  # distinct kinds, in seat order
        names = names or {}
        if summary.duplicate:
            summary.players = [PlayerTally(names.get(kind, kind), kind) for kind in self.kinds]
            summary.head_to_head = [HeadToHead(a, b, names=(names.get(a, a), names.get(b, b)))
                                    for i, a in enumerate(self.kinds)
                                    for b in self.kinds[i + 1:]]
        else:
            summary.players = [PlayerTally(names.get(kind, f"Player {seat + 1}"), kind)
                               for seat, kind in enumerate(kinds)]
        self._deal_games: list[GameResult] = []
        self._per_deal = len(kinds) if summary.duplicate else 1

    def add(self, result: GameResult) -> None:
        summary = self.summary
        summary.games += 1
        summary.results.append(result)
        for seat, kind in enumerate(result.kinds):
            tally = summary.players[self.kinds.index(kind) if summary.duplicate else seat]
            tally.add(result, seat)
        if summary.duplicate:
            self._deal_games.append(result)
            if len(self._deal_games) == self._per_deal:
                self._close_deal()

    def _close_deal(self) -> None:
        """Record each kind pair's difference of mean penalty over this deal's games."""
        totals = dict.fromkeys(self.kinds, 0)
        seats = dict.fromkeys(self.kinds, 0)
        for result in self._deal_games:
            for seat, kind in enumerate(result.kinds):
                totals[kind] += result.scores[seat]
                seats[kind] += 1
        for pair in self.summary.head_to_head:
            pair.differences.append(totals[pair.first] / seats[pair.first]
                                    - totals[pair.second] / seats[pair.second])
        self.summary.deals += 1
        self._deal_games = []


# ------------------------------------------------------------------ progress
class Progress:
    """A progress bar on stderr that appears only once a run has lasted a while.

    On a terminal it redraws one line; otherwise (a log file) it writes a line
    every tenth of the run.  Never on stdout, so ``--json`` stays clean.
    """

    def __init__(self, total: int, stream: TextIO | None = None, after_s: float = PROGRESS_AFTER_S) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.after_s = after_s
        self.start = time.perf_counter()
        self.shown = False
        self._last_draw = 0.0
        self._last_tenth = -1
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def update(self, done: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        if elapsed < self.after_s or self.total == 0:
            return
        fraction = done / self.total
        eta = elapsed / fraction - elapsed if fraction > 0 else 0.0
        if self._tty:
            if now - self._last_draw < 0.1 and done < self.total:
                return
            width = 30
            filled = int(width * fraction)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games, "
                              f"{elapsed:.0f} s, about {eta:.0f} s left ")
        else:
            tenth = int(10 * fraction)
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(f"{done}/{self.total} games, {elapsed:.0f} s, about {eta:.0f} s left\n")
        self._last_draw = now
        self.shown = True
        self.stream.flush()

    def finish(self) -> None:
        if self.shown and self._tty:
            self.stream.write("\n")
            self.stream.flush()


# ------------------------------------------------------------------ running
def simulate(
    rules: Rules,
    kinds: Sequence[str],
    games: int,
    seed: int,
    record_to: TextIO | None = None,
    options: AgentOptions = DEFAULT_OPTIONS,
    jobs: int = 1,
    duplicate: bool = False,
    progress: bool = False,
    bot_logs: Path | None = None,
    names: dict[str, str] | None = None,
) -> Summary:
    """Play ``games`` deals; deal ``i`` is seeded ``game_seed(seed, i)``.

    Each deal is one game, or with ``duplicate`` one game per seat rotation.
    ``jobs`` worker processes share the games; the results are combined in
    deal order, so nothing but timings depends on ``jobs``.
    """
    summary = Summary(rules.name, seed, duplicate=duplicate)
    tallies = Tallies(summary, kinds, names)
    tasks = [Task(rules.name, tuple(kinds), seed, chunk, duplicate, options, record_to is not None, bot_logs,
                  tuple((names or {}).items()))
             for chunk in split(games, jobs)]
    total = games * (len(kinds) if duplicate else 1)
    bar = Progress(total) if progress else None
    start = time.perf_counter()
    try:
        for results in run_tasks(tasks, jobs):
            for result in results:
                tallies.add(result)
                if record_to is not None and result.record is not None:
                    record_to.write(result.record + "\n")
            if bar is not None:
                bar.update(summary.games)
    finally:
        if bar is not None:
            bar.finish()
    summary.seconds = time.perf_counter() - start
    return summary


def parse_kinds(text: str, rules: Rules) -> list[str]:
    """Player kinds from ``random,mc,bot:python3 mybot.py,...``; ``ValueError`` if a kind
    is unknown, a bot's program cannot be found, or the count does not suit the rules."""
    kinds = [kind.strip() for kind in text.split(",")]
    for kind in kinds:
        check_kind(kind)
    rules.check_player_count(len(kinds))
    return kinds


def run_from_args(args: argparse.Namespace, parser_error: Callable[[str], NoReturn]) -> int:
    """``main.py simulate``: check the arguments, run, print the summary."""
    try:
        rules = rules_named(args.rules)
        named = parse_named_bots(args.bot)
        kinds = simulate_seats(args.players, named, rules)
        options = AgentOptions(think_ms=args.think_ms, rollouts=args.rollouts)
    except ValueError as error:
        parser_error(str(error))
    if args.jobs < 1:
        parser_error(f"--jobs must be at least 1, not {args.jobs}")
    seed = new_seed() if args.seed is None else args.seed
    if args.bot_logs is not None:
        _make_folder(args.bot_logs, parser_error)
    record_to = _open_record(args.record, parser_error) if args.record else None
    signal.signal(signal.SIGTERM, _interrupt)  # stopped from outside: clean up as on Ctrl-C
    try:
        summary = simulate(rules, kinds, args.games, seed, record_to, options=options, jobs=args.jobs,
                           duplicate=args.duplicate, progress=not args.no_progress,
                           bot_logs=args.bot_logs, names=bot_names(named))
    except KeyboardInterrupt:
        print("\nsimulate: interrupted", file=sys.stderr)
        return 130
    finally:
        if record_to is not None:
            record_to.close()
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.text())
    return 0


def _interrupt(_signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second request ends the run at once
    raise KeyboardInterrupt


def _make_folder(path: Path, parser_error: Callable[[str], NoReturn]) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser_error(f"cannot create {path}: {error.strerror or error}")


def _open_record(path: Path, parser_error: Callable[[str], NoReturn]) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8", newline="\n")
    except OSError as error:
        parser_error(f"cannot write {path}: {error.strerror or error}")


if __name__ == "__main__":  # pragma: no cover - use main.py simulate
    sys.exit("use: python main.py simulate --help")
