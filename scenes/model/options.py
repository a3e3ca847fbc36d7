"""What ``python main.py play`` (and the menu) asks the app to do.

Built by ``main.py`` from the command line; plain data, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.players.options import AgentOptions
from game.record import GameRecord, ReplayedRecord
from game.rules import DEFAULT_PRESET

if TYPE_CHECKING:
    from ..puzzles.practice import PracticeSettings
    from classroom.class_settings import ClassSettings

"""solo: one human against three AIs; hotseat: four humans; demo: four AIs."""


@dataclass(frozen=True)
class PlayOptions:
    """Options of one app session."""

    mode: str | None = None
    """One of MODES; ``None`` opens the menu."""
    seed: int | None = None
    """Seed of the first deal; ``None`` draws one (shown on screen, written in the record)."""
    names: tuple[str, ...] | None = None
    """Player names in seat order; ``None`` uses the defaults of the mode."""
    kinds: tuple[str, ...] | None = None
    """Who sits in each seat, in seat order: ``human``, a computer player kind
    (``random``, ``heuristic``, ``mc``) or ``bot:COMMAND`` / ``bot-statement:COMMAND``
    (an external bot program).  ``None`` uses the mode's defaults (random AIs)."""
    rules: str = DEFAULT_PRESET
    """Rules preset of the games played: ``snap`` (7 turns, one round) or ``classic``."""
    think_ms: float = 100.0
    """Thinking time per decision of ``mc`` players, in milliseconds."""
    bot_cpu_clock: bool = True
    """Time bots by the processor time of their process tree (``--clock cpu``), else by the wall clock."""
    record: Path | None = None
    """Append each finished game's record (format 6takes-record/1) here;
    ``None`` means the records file in the user's data folder."""
    replay: GameRecord | ReplayedRecord | None = None
    """Show this recorded game instead of playing (``main.py replay``; already checked
    and turned into table states when read from a file or the history)."""
    example: bool = False
    """Show the worked example of the rules, from its turn (``main.py example``)."""
    screenshots: Path | None = None
    """Save a PNG of the window after every placement into this folder."""
    step_delay: float = 1.0
    """Seconds between automatic placements (0 = as fast as frames allow)."""
    exit_at_end: bool = False
    """Close the app once the results screen is shown."""
    fullscreen: bool = False
    class_game: "ClassSettings | None" = None
    """Open a class room (``main.py class``): students play from their phones."""
    puzzles: "PracticeSettings | None" = None
    """Open the practice screen (``main.py puzzles``): puzzles alone, or a hot-seat table taking turns."""

    def agent_options(self) -> AgentOptions:
        """How the computer players of this session think, and how its bots are timed."""
        return AgentOptions(think_ms=self.think_ms, bot_cpu_clock=self.bot_cpu_clock)
