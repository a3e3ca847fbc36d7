"""Which placement the table shows, and Auto's clock: pure data, no pygame.

:class:`History` is the cursor over a game's states: the live game
(``index is None``), a state, or the moment before a turn's first placement
(its cards revealed, none placed).  Back, forward, home and end move it and
say what the table must do (:class:`Move`).  :class:`AutoClock` counts the
time a frame has been on screen and says when Auto steps on; + and - change
its delay.  Both are fed the table as data (:class:`Tape`) and time as
numbers, so a test drives them without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from game.i18n import _

DELAYS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0)
"""The auto-advance delays + and - step through (seconds per placement)."""


@dataclass(frozen=True)
class Tape:
    """What the cursor needs to know of the table: each state's step in its turn (1 = a turn's
    first placement), where the live frame is, and what the live game shows."""

    steps: Sequence[int]
    live_end: int | None
    """The state index the live frame corresponds to (one past the end while nothing new is
    placed); ``None``: there is no live frame (a replay)."""
    live_placed: bool = False
    """The live game shows a placement (its last state)."""
    curtain: bool = False
    """The live game is behind the hot-seat curtain."""

    def is_live(self, index: int) -> bool:
        return self.live_end is not None and index >= self.live_end


class Move(Enum):
    """What a cursor move asks of the table."""

    NONE = "none"
    """Nothing to do (e.g. back at the first state)."""
    SHOWN = "shown"
    """Another frame is shown: the motion stops, Auto's clock starts again."""
    PLACED = "placed"
    """Another frame is shown and a placement appears on it, as it happens."""
    STEP = "step"
    """The live game is shown: the live game steps on."""
    END = "end"
    """Past the last state: the game or replay is over."""


@dataclass
class History:
    """The cursor: which state is shown (``None``: the live game)."""

    index: int | None = None
    at_reveal: bool = False
    """With an index on a turn's first placement: the moment before it."""

    @property
    def live(self) -> bool:
        return self.index is None

    def can_go_back(self, tape: Tape) -> bool:
        if self.index is not None:
            return self.index > 0 or not self.at_reveal
        if tape.live_end is None or tape.curtain:
            return False
        return tape.live_end > 0 or tape.live_placed

    def back(self, tape: Tape) -> Move:
        """One placement back: a turn's first placement goes back to its reveal first."""
        if not self.can_go_back(tape):
            return Move.NONE
        count = len(tape.steps)
        if self.index is None and tape.live_placed and tape.steps[-1] == 1:
            self.index, self.at_reveal = count - 1, True  # this turn's cards, none placed yet
        elif self.index is None:
            self.index = (tape.live_end or 0) - 1
        elif not self.at_reveal and tape.steps[self.index] == 1:
            self.at_reveal = True
        else:
            self.index, self.at_reveal = self.index - 1, False
        return Move.SHOWN

    def forward(self, tape: Tape, plays_states: bool) -> Move:
        """One placement forward, through the states, then the live game (or the end).
        ``plays_states``: the states are shown as they happen (a replay), not looked back at."""
        index = self.index
        if index is None:
            return Move.STEP
        if self.at_reveal:  # the turn's cards were revealed: now the first one is placed
            self.at_reveal = False
            if tape.is_live(index):
                self.index = None
                return Move.SHOWN
            return Move.PLACED
        if index + 1 < len(tape.steps) and tape.steps[index + 1] == 1:
            self.index, self.at_reveal = index + 1, True  # a new turn: its cards revealed first
            return Move.SHOWN
        if tape.is_live(index + 1):
            self.index = None
            return Move.SHOWN
        if index + 1 >= len(tape.steps):
            return Move.END
        self.index = index + 1
        return Move.PLACED if plays_states else Move.SHOWN

    def to_live(self, tape: Tape) -> Move:
        """End: back to the live game (without one: the last state)."""
        self.at_reveal = False
        if tape.live_end is None:
            return self.go_to(len(tape.steps) - 1, tape)
        if self.index is None:
            return Move.NONE
        self.index = None
        return Move.SHOWN

    def go_to(self, index: int, tape: Tape) -> Move:
        """Show state ``index`` (clamped); the live game where that is what it shows."""
        if not tape.steps:
            return Move.NONE
        index = max(0, min(index, len(tape.steps) - 1))
        self.at_reveal = False
        self.index = None if tape.is_live(index) else index
        return Move.SHOWN


@dataclass
class AutoClock:
    """Auto: step on once a frame has been on screen ``delay`` seconds."""

    on: bool = False
    delay: float = 1.0
    elapsed: float = 0.0
    """Seconds the frame has been on screen."""

    def restart(self) -> None:
        """Something new is on screen: wait a full delay from now."""
        self.elapsed = 0.0

    def toggle(self) -> None:
        self.on = not self.on
        self.elapsed = 0.0

    def pause(self) -> None:
        """Looking back: the class looks at something, Auto stops."""
        self.on = False

    def change_speed(self, faster: bool) -> None:
        """A shorter or longer delay, within 0.25 s to 5 s."""
        if faster:
            shorter = [d for d in DELAYS if d < self.delay - 1e-9]
            self.delay = shorter[-1] if shorter else min(self.delay, DELAYS[0])
        else:
            longer = [d for d in DELAYS if d > self.delay + 1e-9]
            self.delay = longer[0] if longer else DELAYS[-1]
        self.elapsed = 0.0

    def tick(self, dt: float) -> bool:
        """``dt`` more seconds on screen (call only while the table could step); whether Auto
        steps now."""
        if not self.on:
            return False
        self.elapsed += dt
        return self.elapsed >= self.delay

    @property
    def label(self) -> str:
        if self.delay <= 0:
            return _("no delay")
        # NOTE: the decimal mark of a number such as 0.5 (a comma in many languages).
        mark = _(".")
        return _("{seconds} s").format(seconds=f"{self.delay:g}".replace(".", mark))
