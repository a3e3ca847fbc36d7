"""Running totals of a simulation, and the summary they make: nothing per game is kept.

A chunk of games (played here or in a worker) adds up into one small
:class:`ChunkTotals`; the run folds each chunk into its :class:`Summary` as
it arrives, so memory is the same at ten games and at ten million.

In duplicate runs the per-kind comparison needs, per deal, the difference of
two kinds' mean penalties.  Those differences are rationals with a fixed
denominator (each kind sits the same number of seats in every deal), so
their sum and sum of squares are kept as exact integers: the mean and the
interval come out as if every difference had been kept.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from game.i18n import N_, _, ngettext
from bots.bench import BenchState, benched_line
from bots.failures import BENCHED, Disqualification, shown
from game.kinds import is_bot_kind

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal: the half-width of a 95% interval in standard errors."""
MAX_REPORTED = 3
"""Disqualification reports printed per bot (the count covers them all)."""


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


def rotations(kinds: Sequence[str], duplicate: bool) -> list[tuple[str, ...]]:
    """Seat kinds of each game played on one deal: rotation ``r`` moves every kind ``r`` seats on.

    Only distinct seatings are played: with ``random,random,random,random`` every rotation is the
    first (the same game four times), with ``heuristic,random,heuristic,random`` the third is the
    first.  Each kind still sits every seat equally often."""
    count = len(kinds)
    if not duplicate:
        return [tuple(kinds)]
    every = [tuple(kinds[(seat - shift) % count] for seat in range(count)) for shift in range(count)]
    return list(dict.fromkeys(every))


@dataclass
class ChunkTotals:
    """What a chunk of games adds to a run: small, so a worker sends it back cheaply.

    Lists are indexed by *slot*: the seat, or in duplicate runs the kind.
    """

    games: int
    slot_games: list[int]
    rounds: list[int]
    penalty: list[int]
    wins: list[int]
    decisions: list[int]
    decision_seconds: list[float]
    longest_decision: list[float]
    disqualified: list[tuple[int, Disqualification]] = field(default_factory=list)
    """``(slot, report)`` of every bot disqualified in the chunk."""
    pair_sums: list[list[int]] = field(default_factory=list)
    """Duplicate runs: per kind pair, ``[sum, sum of squares]`` of the scaled per-deal differences."""
    deals: int = 0
    records: str = ""
    """The chunk's record lines, each ending in a newline ("" if records are not written)."""
    bench: BenchState = ()
    """The bots' first-answer streaks after the chunk's last game (:mod:`bots.bench`)."""

    @classmethod
    def empty(cls, slots: int, pairs: int = 0) -> ChunkTotals:
        return cls(0, [0] * slots, [0] * slots, [0] * slots, [0] * slots, [0] * slots,
                   [0.0] * slots, [0.0] * slots, pair_sums=[[0, 0] for _ in range(pairs)])


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
    """The first reports of this seat's (or kind's) bots being disqualified."""
    disqualified: int = 0
    """How many times in all."""
    reasons: Counter[str] = field(default_factory=Counter)
    """How many times for each reason."""

    def disqualify(self, report: Disqualification) -> None:
        self.disqualified += 1
        self.reasons[report.reason] += 1
        if len(self.disqualifications) < MAX_REPORTED:
            self.disqualifications.append(report)

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
            **({"disqualifications": self.disqualified, "benched": self.reasons[BENCHED],
                "disqualified": [d.to_dict() for d in self.disqualifications]}
               if is_bot_kind(self.kind) else {}),
        }


@dataclass
class HeadToHead:
    """Kind ``first`` minus kind ``second``: mean penalty difference per deal (negative: ``first`` better).

    Each deal's difference is ``scaled / scale`` with an integer ``scaled``;
    only the count, sum and sum of squares of ``scaled`` are kept.
    """

    first: str
    second: str
    scale: int = 1
    names: tuple[str, str] | None = None
    """How the summary calls the two kinds (a ``--bot``'s NAME), if not by the kinds themselves."""
    deals: int = 0
    scaled_sum: int = 0
    scaled_squares: int = 0

    def interval(self) -> tuple[float, float, float]:
        """``(mean, low, high)`` of the per-deal differences, as :func:`mean_interval` gives."""
        n = self.deals
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = self.scaled_sum / (n * self.scale)
        if n == 1:
            return mean, mean, mean
        spread = n * self.scaled_squares - self.scaled_sum * self.scaled_sum  # exact: n * sum((x - mean)^2)
        variance = spread / (n * (n - 1) * self.scale * self.scale)
        half = Z95 * math.sqrt(variance / n)
        return mean, mean - half, mean + half

    def to_dict(self) -> dict[str, object]:
        mean, low, high = self.interval()
        return {"kinds": [self.first, self.second], "deals": self.deals,
                "mean_difference": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}


def clock_note(clock: str) -> str:
    """The line that says how bots were timed, for every report that seats bots."""
    if clock == "cpu":
        return _("(bots timed by the processor time of their whole process tree; start-up is free)")
    return _("(bots timed by the wall clock; start-up is free)")


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
    rotations: int = 1
    """Duplicate runs: the distinct seat rotations each deal is played in."""
    seats: int = 0
    """Duplicate runs: the seats of a game (more than ``rotations`` when some rotations repeat)."""
    head_to_head: list[HeadToHead] = field(default_factory=list)
    bot_clock: str | None = None
    """How the bots' time limits were counted (``cpu`` or ``wall``), when bots played."""

    def add(self, chunk: ChunkTotals) -> None:
        """Fold a chunk's totals in (chunks may come in any order: only sums are kept)."""
        self.games += chunk.games
        self.deals += chunk.deals
        for slot, tally in enumerate(self.players):
            tally.games += chunk.slot_games[slot]
            tally.rounds += chunk.rounds[slot]
            tally.penalty += chunk.penalty[slot]
            tally.wins += chunk.wins[slot]
            tally.decisions += chunk.decisions[slot]
            tally.decision_seconds += chunk.decision_seconds[slot]
            tally.longest_decision = max(tally.longest_decision, chunk.longest_decision[slot])
        for slot, report in chunk.disqualified:
            self.players[slot].disqualify(report)
        for pair, (total, squares) in zip(self.head_to_head, chunk.pair_sums):
            pair.deals += chunk.deals
            pair.scaled_sum += total
            pair.scaled_squares += squares

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
            data["rotations"] = self.rotations
            data["head_to_head"] = [h.to_dict() for h in self.head_to_head]
        if self.bot_clock is not None:
            data["bot_clock"] = self.bot_clock
        return data

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def _title(self) -> str:
        """The summary's first line: how many games of which run, in how long."""
        values = {"games": self.games, "rules": self.rules, "seed": self.seed, "deals": self.deals,
                  "seconds": f"{self.seconds:.2f}", "pace": f"{self.games_per_second:.0f}",
                  "rotations": self.rotations}
        if self.duplicate and self.rotations < self.seats:
            title = _("{games} games ({rules} rules, seed {seed}, {deals} deals x {rotations} distinct seat "
                      "rotations: the others repeat them) in {seconds} s: {pace} games/s")
        elif self.duplicate:
            title = _("{games} games ({rules} rules, seed {seed}, {deals} deals x every seat rotation) in "
                      "{seconds} s: {pace} games/s")
        else:
            title = _("{games} games ({rules} rules, seed {seed}) in {seconds} s: {pace} games/s")
        return title.format(**values)

    def text(self) -> str:
        """A readable summary, one player (or, in duplicate runs, one kind) a line."""
        head = [_(header).format(confidence=confidence()) for header, _width in _COLUMNS]
        name_w = max([len(head[0]), *(len(p.name) for p in self.players)])
        kind_w = max([len(head[1]), *(len(p.kind) for p in self.players)])
        w = [max(width, len(header)) for header, (_english, width) in zip(head, _COLUMNS)]
        lines = [self._title(),
                 f"{head[0]:<{name_w}} {head[1]:<{kind_w}} {head[2]:>{w[2]}} {head[3]:>{w[3]}} {head[4]:>{w[4]}} "
                 f"{head[5]:>{w[5]}} {head[6]:>{w[6]}} {head[7]:>{w[7]}}"]
        for p in self.players:
            low, high = wilson_interval(p.wins, p.games)
            rate = f"{100 * p.win_rate:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
            lines.append(
                f"{p.name:<{name_w}} {p.kind:<{kind_w}} {p.mean_penalty:>{w[2]}.2f} "
                f"{p.mean_penalty_per_round:>{w[3]}.2f} {p.wins:>{w[4]}} {rate:>{w[5]}} "
                f"{p.decision_ms_mean:>{w[6]}.2f} {1000 * p.longest_decision:>{w[7]}.1f}")
        lines += [_("(lowest penalty wins; a tie counts as a win for each tied player)")] + (
            [clock_note(self.bot_clock)] if self.bot_clock is not None else []) + _disqualification_lines(self.players)
        for h in self.head_to_head:
            mean, low, high = h.interval()
            first, second = h.names or (h.first, h.second)
            if high < 0:
                verdict = _("{first} - {second}: {mean} penalty per game ({confidence} interval {low} to {high}; "
                            "{first} better)")
            elif low > 0:
                verdict = _("{first} - {second}: {mean} penalty per game ({confidence} interval {low} to {high}; "
                            "{first} worse)")
            else:
                verdict = _("{first} - {second}: {mean} penalty per game ({confidence} interval {low} to {high}; "
                            "{first} no clear difference)")
            lines.append(verdict.format(first=first, second=second, mean=f"{mean:+.2f}", low=f"{low:+.2f}",
                                        high=f"{high:+.2f}", confidence=confidence()))
        return "\n".join(lines + _benched_lines(self.players))


_COLUMNS = ((N_("player"), 6), (N_("kind"), 4), (N_("mean penalty"), 12), (N_("per round"), 9), (N_("wins"), 7),
            (N_("win rate ({confidence} interval)"), 24), (N_("ms/decision"), 11), (N_("max ms"), 8))
"""The summary's columns: heading, and the least width (the English heading's, or its values')."""


def _disqualification_lines(players: Sequence[PlayerTally]) -> list[str]:
    """Per bot: how often it was disqualified, and the first reports."""
    lines = []
    for p in players:
        if not is_bot_kind(p.kind):
            continue
        why = ", ".join(f"{n} {shown(reason)}" for reason, n in p.reasons.most_common())
        line = ngettext("{name} ({kind}): disqualified in {count} of {games} game",
                        "{name} ({kind}): disqualified in {count} of {games} games", p.games).format(
            name=p.name, kind=p.kind, count=p.disqualified, games=p.games)
        lines.append(f"{line} ({why})" if why else line)
        lines.extend(f"  {d.describe()}" for d in p.disqualifications)
    return lines


def _benched_lines(players: Sequence[PlayerTally]) -> list[str]:
    """The summary's last lines: each bot benched, and in how many games (:mod:`bots.bench`)."""
    return [benched_line(p.name, p.kind, p.reasons[BENCHED]) for p in players if p.reasons[BENCHED]]


def confidence() -> str:
    """"95%", as the language in use writes it (in "95% interval")."""
    # NOTE: the confidence level of the intervals, as in "95% interval"
    return _("95%")


def new_summary(rules: str, seed: int, kinds: Sequence[str], duplicate: bool,
                names: dict[str, str] | None = None) -> Summary:
    """An empty summary with a tally per seat, or per distinct kind in duplicate runs;
    ``names`` names some kinds (``--bot NAME=COMMAND``) instead of ``Player N`` or the kind."""
    names = names or {}
    summary = Summary(rules, seed, duplicate=duplicate)
    if duplicate:
        distinct = list(dict.fromkeys(kinds))
        seats = Counter(kinds)
        summary.players = [PlayerTally(names.get(kind, kind), kind) for kind in distinct]
        summary.rotations = len(rotations(kinds, duplicate))
        summary.seats = len(kinds)
        summary.head_to_head = [HeadToHead(a, b, seats[a] * seats[b] * summary.rotations ** 2,
                                           names=(names.get(a, a), names.get(b, b)))
                                for i, a in enumerate(distinct) for b in distinct[i + 1:]]
    else:
        summary.players = [PlayerTally(names.get(kind, f"Player {seat + 1}"), kind)
                           for seat, kind in enumerate(kinds)]
    return summary
