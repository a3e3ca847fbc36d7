"""A class game's seats whose phone has gone: an AI plays for them after a grace, until they are back.

Pure Python (no pygame).  A phone that leaves during a game (a closed tab, a
flat battery, a lost network) would leave its table waiting for ever without
``--time-limit``: its seat waits :attr:`classroom.guard.Limits.away_grace`
seconds for the phone to come back, then a computer player answers for it -
the projector and the table's phones are told - until the phone comes back
with its secret, which gives the student their seat again (also told).
The teacher's "give to an AI" is for good; this is only while the phone is away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from game.i18n import _


class Named(Protocol):
    """The table's game, as it names its players."""

    def name(self, player: int) -> str: ...


class AwayHost(Protocol):
    """What :class:`AwaySeats` needs of its class session."""

    notes: list[str]

    @property
    def table(self) -> Named: ...

    def answer_now(self, seat: int) -> None:
        """A computer player answers the seat's open question, if it has one."""


class AwaySeats:
    """Which seats' phones are away, since when, and which an AI plays for now."""

    def __init__(self, host: AwayHost, grace: float, clock: Callable[[], float], gone: Iterable[int] = ()) -> None:
        """``gone``: phone seats whose phone is not here when the game starts (e.g. a stopped game
        reopened): their grace starts now."""
        self.host = host
        self.grace = grace
        self.clock = clock
        self.since: dict[int, float] = {seat: clock() for seat in gone}
        """Seat -> when its phone left."""
        self.played_for: set[int] = set()
        """Seats an AI plays for until their phone is back."""

    def left(self, seat: int) -> None:
        self.since.setdefault(seat, self.clock())

    def back(self, seat: int) -> None:
        """The seat's phone is back: the student plays again (the table is told, if an AI played)."""
        self.since.pop(seat, None)
        if seat in self.played_for:
            self.played_for.discard(seat)
            self.host.notes.append(_("{name} is back and plays again").format(name=self.host.table.name(seat)))

    def playing_for(self, seat: int) -> bool:
        return seat in self.played_for

    def update(self, seats: Iterable[int]) -> bool:
        """The seats among ``seats`` (those students still play) whose grace is over: an AI plays for
        them from now on, and answers their open question; whether any was."""
        now = self.clock()
        changed = False
        for seat in seats:
            since = self.since.get(seat)
            if since is None or seat in self.played_for or now - since < self.grace:
                continue
            self.played_for.add(seat)
            self.host.notes.append(_("{name} left: an AI plays for them until they are back").format(
                name=self.host.table.name(seat)))
            self.host.answer_now(seat)
            changed = True
        return changed
