"""The menu's "Puzzles" button (key P): the practice screen for the people of the chosen mode.

Solo, one player practises; hot-seat, the humans of the menu's seats take turns,
by the names typed (a blank name is the seat's default, as when a game starts).
"""

from __future__ import annotations

from typing import Sequence

from game.kinds import HUMAN
from game.table_size import mode_kinds

from ..base import AppContext
from live.seats import default_names
from ..puzzles.practice import PracticeSettings


def practice_names(mode: str, typed: Sequence[str], levels: Sequence[str]) -> tuple[str, ...]:
    """The names of the human seats (``levels``: each seat's level, ``human`` for a person), when two
    or more people share the screen; none when one plays (or nobody: a demo practises alone)."""
    defaults = default_names(mode, mode_kinds(mode, len(levels)))
    humans = tuple(name.strip() or default for name, default, level in zip(typed, defaults, levels) if level == HUMAN)
    return humans if len(humans) > 1 else ()


def open_practice(ctx: AppContext, mode: str, typed: Sequence[str], levels: Sequence[str], rules: str) -> None:
    """Leave the menu for the practice screen (Esc there comes back)."""
    ctx.nav.practise_puzzles(PracticeSettings(practice_names(mode, typed, levels), ctx.options.seed, rules))
