"""The data one frame of the table is drawn from, and what a frame showed (for tests).

The scene builds a :class:`Frame` from the game's :class:`scenes.model.view.TableView`
and its own view state (hover, selection, the motion, the toggles); every
component draws from it and nothing else, so each one can be read alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.timeline import TableState

from ..kit.cards import CardArt
from ..kit.digits import DigitSprites
from .layout import TableLayout
from live.session import Preview, Stage
from live.thinker import BotStatus
from ..model.view import TableInfo, TableView



@dataclass(frozen=True)
class Frame:
    """What one frame of the table shows, and where."""

    layout: TableLayout
    view: TableView
    info: TableInfo
    art: CardArt
    sprites: DigitSprites
    mouse: tuple[int, int]
    replay: bool
    """A recorded game opened from the scoreboard is shown (the top bar says so)."""
    live: bool
    """The live game is shown (not a state of the history or of a replay)."""
    in_past: bool
    """A past placement of the live game is shown (history)."""
    choosing: bool
    """A human chooses a card from the hand on screen."""
    hand_owner: int | None
    """Whose hand this frame may show."""
    hand: tuple[int, ...]
    """That player's hand."""
    selected: int | None
    """The hand card selected to be played (index, within the hand)."""
    hint: Preview | None
    """With hints on: where the selected or hovered hand card would go."""
    motion: float | None
    """How far the card just placed has glided to its row (0-1), while it moves."""
    explain: bool
    hints: bool
    seat_details: tuple[tuple[str, ...], ...]
    """Under each seat's name: what it is and does now, longest first (the first that fits is drawn)."""
    bots: tuple[BotStatus | None, ...]
    """Each seat's bot, if it is one."""
    can_take_back: int | None
    """The human who may take their card back now (live game)."""
    auto: bool
    speed: str
    """Auto's delay, in words."""
    can_go_back: bool
    over: bool
    """The live game is over and on screen."""
    cursor: int | None
    """The shown state's index (history or replay)."""
    at_reveal: bool
    state_count: int
    shown_state: TableState | None
    """The placement on screen, if one is."""
    hides_preview: bool
    """Predict mode hides where the next card goes."""

    @property
    def scale(self) -> float:
        return self.layout.scale


@dataclass(frozen=True)
class FrameInfo:
    """What the last frame showed (read by tests: rows, whose hand, the curtain, the past)."""

    stage: Stage
    rows: tuple[tuple[int, ...], ...]
    hand_owner: int | None
    curtain: bool
    chooser: int | None
    past: bool = False
    """A past placement of the live game was shown (history)."""
    cursor: int | None = None
    """Index of the shown state, when one was shown (history or replay)."""
    explain: tuple[str, ...] = ()
    """The explain panel's lines, when it was drawn."""
    hint_card: int | None = None
    """The hand card whose target row the hints marked."""
    moving: bool = False
    seat_notes: tuple[str, ...] = ()
    """Per seat, the note drawn under a bot's name (its message, or that it plays randomly)."""
    bot_details: tuple[str, ...] = ()
    """The lines of the bot details box (the mouse is over a bot's seat)."""
    row_totals: tuple[int, ...] = ()
    """Each row's penalty total as drawn beside it."""
    scores: tuple[int, ...] = ()
    """Each seat's points as drawn."""
    top_bar: tuple[pygame.Rect, ...] = ()
    """What the top bar drew: where we are, the middle (title, note or marker), the game, "?"."""


def selected_index(selected: int | None, hand: Sequence[int]) -> int | None:
    """The selected hand card's index, kept within the hand (``None``: none selected, or no hand)."""
    return min(selected, len(hand) - 1) if selected is not None and hand else None
