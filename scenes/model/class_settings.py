"""How a class room is opened: :class:`ClassSettings`, from ``main.py class`` (``cli/classroom.py``)
or the menu's Class game.

Kept light (standard library and ``game`` only) because ``main.py`` builds
every command's parser on each run.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.classroom.room import DEFAULT_PORT, TABLE_SEATS, seats_for
from game.classroom.tables import DUPLICATE, MAX_PHONES
from game.rules import rules_named



@dataclass(frozen=True)
class ClassSettings:
    """How a class room is opened (``main.py class``, or the menu's Class game)."""

    rules: str = "snap"
    port: int = DEFAULT_PORT
    host: str = "0.0.0.0"
    """Listen on every address of this computer (phones reach it over the room's Wi-Fi)."""
    code: str | None = None
    """The room code; ``None`` draws one."""
    ai: str = "random"
    """Level of the computer players in empty seats, and of those that answer for late seats."""
    start_at: int | None = None
    """Start by itself once this many seats are taken."""
    time_limit: float | None = None
    """Seconds a seat has to choose before a computer player chooses for it (``None``: wait)."""
    seed: int | None = None
    seats: int | None = None
    """Seats of the room; ``None``: as many as the rules allow (snap 4, classic 10)."""
    resume: bool = False
    """Reopen the latest stopped class game instead of a new room."""
    tables: int | None = None
    """Many tables (``class --tables``): how many (``0``: as many as the students fill); ``None``:
    one table, as many seats as :attr:`seats`."""
    table_size: int = TABLE_SEATS
    """Seats at each of many tables (snap: 4; classic: 2-10)."""
    shuffle: bool = False
    """Many tables: students are seated in a shuffled order, not in join order."""
    deals: str = DUPLICATE
    """Many tables: ``same`` (every table plays the same deal) or ``different``."""

    @property
    def many_tables(self) -> bool:
        return self.tables is not None

    @property
    def seat_count(self) -> int:
        """The room's seats: a table's, or with many tables a place for every student."""
        if self.many_tables:
            return MAX_PHONES
        return seats_for(rules_named(self.rules), self.seats)
