"""A room of many tables: who sits where, which deal each table plays, the class standings.

Pure Python (no I/O).  When the teacher starts a room of many tables, the
students who joined (room seats, in join order or shuffled) are split into
tables as even as can be - a table short of students is filled with computer
players - and each table gets its seed: the room's seed at every table for
duplicate deals (the same hands by seat and the same starting rows at every
table, as in duplicate bridge), or one seed per table drawn from it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import SEED_LIMIT
from game.record import MAX_TABLES

AUTO = 0
"""``--tables auto``: as many tables as the students fill."""
DUPLICATE = "same"
DIFFERENT = "different"
DEAL_CHOICES = (DUPLICATE, DIFFERENT)
MAX_PHONES = 60
"""The most students a room of many tables seats (more watch)."""


@dataclass(frozen=True)
class TablePlan:
    """Who sits at each table: a room seat (a student) or ``None`` (a computer player), by table seat."""

    tables: tuple[tuple[int | None, ...], ...]
    watchers: tuple[int, ...] = ()
    """Students for whom no table had a seat (``--tables N`` too few): they watch."""

    def place_of(self, room_seat: int) -> tuple[int, int] | None:
        """(table, seat at that table) of a student, or ``None`` if they sit at none."""
        for table, seats in enumerate(self.tables):
            if room_seat in seats:
                return table, seats.index(room_seat)
        return None


def one_table_plan(seats: int) -> TablePlan:
    """A room of one table: its ``seats`` room seats are the table's (a computer player plays one
    no student took)."""
    return TablePlan((tuple(range(seats)),))


def table_count(students: int, table_size: int, wanted: int = AUTO) -> int:
    """How many tables: ``wanted``, or (auto) as few as seat every student, at least one."""
    if wanted != AUTO:
        return max(1, min(wanted, MAX_TABLES))
    return max(1, min(MAX_TABLES, -(-students // table_size)))


def plan_tables(students: Sequence[int], table_size: int, tables: int = AUTO,
                shuffle: random.Random | None = None) -> TablePlan:
    """Split ``students`` (room seats, in join order) into tables of ``table_size`` seats: as even
    as can be, students first at each table and computer players after them; ``shuffle`` mixes
    the order first.  Students beyond the tables' seats watch."""
    order = list(students)
    if shuffle is not None:
        shuffle.shuffle(order)
    count = table_count(len(order), table_size, tables)
    seated, watchers = order[:count * table_size], order[count * table_size:]
    base, extra = divmod(len(seated), count)
    plan: list[tuple[int | None, ...]] = []
    start = 0
    for table in range(count):
        size = base + (1 if table < extra else 0)
        at_table: list[int | None] = list(seated[start:start + size])
        plan.append(tuple(at_table + [None] * (table_size - size)))
        start += size
    return TablePlan(tuple(plan), tuple(watchers))


def table_seeds(seed: int, count: int, duplicate: bool) -> tuple[int, ...]:
    """Each table's seed: ``seed`` everywhere for duplicate deals, else one drawn per table."""
    if duplicate:
        return (seed,) * count
    rng = random.Random(seed)
    return tuple(rng.randrange(SEED_LIMIT) for _ in range(count))


@dataclass(frozen=True)
class TableResult:
    """One table as the standings need it."""

    names: tuple[str, ...]
    students: tuple[bool, ...]
    """Which seats students play."""
    scores: tuple[int, ...]
    over: bool
    predicted: tuple[tuple[int, int] | None, ...] = ()
    """Each seat's predictions, (right, asked), if the class predicted (else empty)."""


@dataclass(frozen=True)
class Standing:
    """One student's place in the class."""

    name: str
    table: int
    """0-based; shown as ``table + 1``."""
    seat: int
    points: int
    rank: int
    """1 = fewest points in the class (tied students share a rank)."""
    seat_rank: int | None
    """With duplicate deals: the rank among the students who held the same seat's cards."""
    predicted: tuple[int, int] | None = None
    """(right, asked) of the student's predictions, if the class predicted."""


def class_standings(tables: Sequence[TableResult], duplicate: bool) -> tuple[Standing, ...]:
    """Every student by points (fewest first; ties share a rank, then table and seat order)."""
    rows = [(table.scores[seat], t, seat, table.names[seat])
            for t, table in enumerate(tables) for seat in range(len(table.names)) if table.students[seat]]
    rows.sort()
    by_seat: dict[int, list[int]] = {}
    for points, _t, seat, _name in rows:
        by_seat.setdefault(seat, []).append(points)
    return tuple(
        Standing(name, t, seat, points, rank_among([r[0] for r in rows], points),
                 rank_among(by_seat[seat], points) if duplicate else None,
                 tables[t].predicted[seat] if tables[t].predicted else None)
        for points, t, seat, name in rows)


def best_predictors(standings: Sequence[Standing], count: int = 3) -> list[tuple[str, int, int]]:
    """The students with the most right predictions (then fewer asked, then name): (name, right, asked)."""
    found = [(s.name, *s.predicted) for s in standings if s.predicted is not None and s.predicted[1]]
    return sorted(found, key=lambda entry: (-entry[1], entry[2], entry[0]))[:count]


def rank_among(points: Sequence[int], mine: int) -> int:
    """1 + how many of ``points`` are fewer than ``mine``."""
    return 1 + sum(1 for other in points if other < mine)


@dataclass(frozen=True)
class SeatComparison:
    """Duplicate deals: who did best with one seat's cards, across the tables."""

    seat: int
    best: tuple[tuple[str, int], ...]
    """The fewest points with these cards: (name, table) of every player (student or AI) who took them."""
    points: int
    worst: int


def seat_comparison(tables: Sequence[TableResult]) -> tuple[SeatComparison, ...]:
    """For each seat: the fewest points any table took with its cards, who took them, and the most."""
    if not tables:
        return ()
    found: list[SeatComparison] = []
    for seat in range(len(tables[0].names)):
        held = [(table.scores[seat], (table.names[seat], t)) for t, table in enumerate(tables)
                if seat < len(table.scores)]
        best = min(points for points, _ in held)
        found.append(SeatComparison(seat, tuple(who for points, who in held if points == best), best,
                                    max(points for points, _ in held)))
    return tuple(found)
