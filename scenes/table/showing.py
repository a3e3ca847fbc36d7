"""What the table shows now: the live game or one of its states, as the history cursor says.

Pure (no pygame): the source (a live game or a replay) and the cursor
together answer which frame is on screen, which placement it shows, and
whose hand may be shown with it.
"""

from __future__ import annotations

from typing import Sequence

from game.timeline import TableState

from live.session import Stage
from ..model.view import TableView, view_of_reveal, view_of_state
from .cursor import History, Tape
from .source import TableSource


class Showing:
    """The source and the cursor over its states."""

    def __init__(self, source: TableSource, history: History) -> None:
        self.source = source
        self.history = history

    @property
    def states(self) -> Sequence[TableState]:
        return self.source.states

    @property
    def live(self) -> bool:
        """The live game is shown (not a state of the history or a replay)."""
        return self.history.index is None

    @property
    def in_past(self) -> bool:
        """Looking at an earlier placement of the live game (never true in a replay)."""
        return self.source.live_end is not None and self.history.index is not None

    @property
    def curtained(self) -> bool:
        """The live game is behind the hot-seat curtain."""
        return self.live and self.source.stage is Stage.CURTAIN

    @property
    def choosing(self) -> bool:
        """A human chooses a card from the hand on screen."""
        return self.live and self.source.stage is Stage.CHOOSE

    @property
    def at_the_end(self) -> bool:
        """The game's last placement is on screen: the live game once over, or a replay's last
        (so a replay draws its last frame as the live game did)."""
        index = self.history.index
        last = index is None or (index == len(self.states) - 1 and not self.history.at_reveal)
        return self.source.complete and last

    def tape(self) -> Tape:
        """The table as the history cursor needs to know it."""
        source = self.source
        return Tape([state.step for state in source.states], source.live_end,
                    live_placed=source.stage is Stage.PLACED, curtain=source.stage is Stage.CURTAIN)

    def can_go_back(self) -> bool:
        return self.history.can_go_back(self.tape())

    def view(self) -> TableView:
        """What the table shows now."""
        index, source = self.history.index, self.source
        if index is None:
            return source.live_view()
        if self.history.at_reveal:
            return view_of_reveal(self.states[index], source.info)
        final = index == len(self.states) - 1 and source.complete
        return view_of_state(self.states[index], source.info, final)

    def shown_state(self) -> TableState | None:
        """The placement on screen, if one is (none at a turn's reveal)."""
        index = self.history.index
        if index is not None:
            return None if self.history.at_reveal else self.states[index]
        if self.source.stage is Stage.PLACED and self.states:
            return self.states[-1]
        return None

    def hand_owner(self) -> int | None:
        """Whose hand this frame may show: the live game's rule, and nobody's in the past."""
        return self.source.hand_owner() if self.live else None

    def hand(self) -> tuple[int, ...]:
        owner = self.hand_owner()
        return self.source.hand(owner) if owner is not None else ()

    def phase(self) -> tuple[object, ...]:
        """What the hand's guard watches: a change means the table showed something new."""
        return (self.history.index, *self.source.phase())
