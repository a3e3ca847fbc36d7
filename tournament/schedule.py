"""Who plays which deal, from which seat.

A tournament is a sequence of **deals**, each played once per seat rotation
(four games: duplicate play), so each of the four entrants at the table plays
every hand of the deal from every seat.  The tables are drawn so every pair
of entrants meets about equally often: each new table starts with an entrant
who has played least, then adds, one at a time, the entrant who has met
those already seated least (then: who has played least), ties broken by the
tournament's seed.  The schedule of the first deals does not depend on how
many deals follow, so a longer rerun extends a shorter one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

TABLE_SIZE = 4
"""Players at every table (the arena's and the classroom's game)."""
_SCHEDULE_SALT = 0x7AB1E5
"""Mixed into the tournament's seed for the schedule's generator (apart from the deals')."""


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament."""

    name: str
    """Shown in the standings (a bot's ``--bot NAME``, or a built-in level's name)."""
    kind: str
    """The player kind to seat: ``random``, ``heuristic``, ``mc``, ``bot:COMMAND``..."""


@dataclass(frozen=True)
class GameSlot:
    """One game of the schedule."""

    index: int
    """The game's number in the tournament, from 0."""
    deal: int
    """The deal it plays, from 0 (games ``4d`` to ``4d+3`` share deal ``d``)."""
    rotation: int
    """Which seat rotation of the deal (0-3)."""
    seats: tuple[int, ...]
    """The entrant (an index into the entrants) in each seat."""


def deals_for(games: int) -> int:
    """Deals needed for ``games`` games: whole deals, each once per rotation."""
    return -(-games // TABLE_SIZE)


def draw_tables(entrant_count: int, deals: int, seed: int) -> list[tuple[int, ...]]:
    """The entrants at each deal's table (in the seat order of its first rotation)."""
    if entrant_count < TABLE_SIZE:
        raise ValueError(f"a tournament needs at least {TABLE_SIZE} entrants, not {entrant_count}")
    rng = random.Random(seed ^ _SCHEDULE_SALT)
    played = [0] * entrant_count
    met = [[0] * entrant_count for _ in range(entrant_count)]
    tables = []
    for _ in range(deals):
        order = list(range(entrant_count))
        rng.shuffle(order)  # the tie-break among equals
        table = [min(order, key=lambda e: played[e])]
        while len(table) < TABLE_SIZE:
            table.append(min((e for e in order if e not in table),
                             key=lambda e: (sum(met[e][t] for t in table), played[e])))
        rng.shuffle(table)
        for a in table:
            played[a] += 1
            for b in table:
                if a != b:
                    met[a][b] += 1
        tables.append(tuple(table))
    return tables


class Schedule:
    """Every game of a tournament: its deal, its rotation and who sits where."""

    def __init__(self, entrants: Sequence[Entrant], games: int, seed: int) -> None:
        self.entrants = tuple(entrants)
        self.games = deals_for(games) * TABLE_SIZE
        """Games played: ``games`` rounded up to whole deals."""
        self.seed = seed
        self.tables = draw_tables(len(self.entrants), deals_for(games), seed)

    def slot(self, index: int) -> GameSlot:
        """Game ``index``: rotation ``r`` moves every entrant of the deal ``r`` seats on."""
        deal, rotation = divmod(index, TABLE_SIZE)
        table = self.tables[deal]
        seats = tuple(table[(seat - rotation) % TABLE_SIZE] for seat in range(TABLE_SIZE))
        return GameSlot(index, deal, rotation, seats)

    def pair_meetings(self) -> dict[tuple[int, int], int]:
        """How many deals each pair of entrants (``a < b``) shares."""
        counts = {(a, b): 0 for a in range(len(self.entrants)) for b in range(a + 1, len(self.entrants))}
        for table in self.tables:
            for a in table:
                for b in table:
                    if a < b:
                        counts[a, b] += 1
        return counts
