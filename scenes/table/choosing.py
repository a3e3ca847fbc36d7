"""Choosing a card on the table: select, then confirm; nothing played by a stray click.

A teacher advances the table by clicking (or Space / Enter) again and again;
the click after the last placement of a turn lands on the hand of the next
turn.  So a card is played only by a second, deliberate act on the same
card - a second click on it, Enter, or the Play button - and the hand
ignores every click and Enter for :data:`HAND_GUARD_SECONDS` after what the
table shows changed (a new turn, a new chooser, the curtain).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

from pygame import Rect

from .layout import TableLayout
from live.resume import resumable

if TYPE_CHECKING:
    from ..base import AppContext
    from live.session import TableSession

HAND_GUARD_SECONDS = 0.6
"""After a phase change, the hand (and the curtain) ignore clicks and Enter this long."""


class PhaseGuard:
    """Knows how long the table has been showing the same phase (in the scene's own time)."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._since = 0.0

    def note(self, key: Hashable, clock: float) -> None:
        """The table shows phase ``key`` at time ``clock``: a new key restarts the wait."""
        if key != self._key:
            self._key, self._since = key, clock

    def guarded(self, key: Hashable, clock: float) -> bool:
        """Whether an input on phase ``key`` at ``clock`` comes too soon to be deliberate."""
        self.note(key, clock)
        return clock - self._since < HAND_GUARD_SECONDS


def hand_index_at(layout: TableLayout, pos: tuple[int, int], count: int) -> int | None:
    """The hand card a click at ``pos`` means (gaps between cards included), if any."""
    for index in range(count):
        if layout.hand_hit_rect(index, count).collidepoint(pos):
            return index
    return None


def curtain_take_back_rect(layout: TableLayout) -> Rect:
    """The curtain's "take my card back" button (for the human who just chose)."""
    w, h = layout.size
    s = layout.scale
    rect = Rect(0, 0, max(round(460 * s), 430), round(76 * s))  # a long name's button whole
    rect.center = (w // 2, round(h * 0.84))
    return rect


def keep_on_leave(ctx: "AppContext", session: "TableSession") -> bool:
    """Whether leaving ``session`` keeps it for the menu (not with ``--record``, not a class game)."""

    return ctx.options.record is None and resumable(session)
