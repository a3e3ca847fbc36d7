"""The table's inputs: keys and clicks turned into actions, by what the table shows.

The curtain, predict mode, the toggles, looking back, choosing a card (select,
then confirm), picking a row for rule 4, and stepping each take the input in
turn.  Clicks are tested against the rectangles the components are drawn in.
:class:`Controls` reads what the table shows as plain values (:class:`TableNow`)
and returns :class:`Action` values; the scene applies them
(:func:`scenes.table.scene.apply`).  Nothing here changes the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto

import pygame

from ..base import Input, InputKind
from live.session import Stage
from .choosing import HAND_GUARD_SECONDS, curtain_take_back_rect, hand_index_at
from .frame import selected_index
from .layout import TableLayout
from .rows import row_at


class Act(Enum):
    """What an input asks of the table."""

    LEAVE = auto()
    RULES = auto()
    TOGGLE_AUTO = auto()
    TOGGLE_EXPLAIN = auto()
    TOGGLE_HINTS = auto()
    FASTER = auto()
    SLOWER = auto()
    SKIP_MOTION = auto()
    BACK = auto()
    FORWARD = auto()
    STEP = auto()
    TO_LIVE = auto()
    GO_TO = auto()
    """``value``: the placement's index."""
    SELECT = auto()
    """``value``: the hand card's index, selected but not played."""
    CHOOSE = auto()
    """``value``: the card played."""
    PICK_ROW = auto()
    """``value``: the row taken (rule 4)."""
    TAKE_BACK = auto()
    KEEP_CARD = auto()
    DISMISS_CURTAIN = auto()


@dataclass(frozen=True)
class Action:
    act: Act
    value: int = 0


@dataclass(frozen=True)
class TableNow:
    """What the controls read of the table when an input comes: plain values, nothing to change."""

    layout: TableLayout
    curtained: bool
    taking_back: bool
    """A human is asked whether to take their card back (the curtain's question)."""
    can_take_back: bool
    frame_pending: bool
    """Something changed that no frame has shown yet."""
    moving: bool
    """A card is gliding to its row."""
    auto: bool
    browsing: bool
    """The history cursor is on a past placement."""
    in_past: bool
    stage: Stage | None
    hand: tuple[int, ...]
    selected: int | None
    too_soon: bool
    """An input on the hand or the curtain now could be a click meant for what came before."""
    clock: float
    predictor_takes: Callable[[Input, TableLayout], bool]
    """Predict mode's own inputs (its button, an answer): whether it took this one."""


ROW_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
            pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
FORWARD_KEYS = (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_PAGEDOWN)
BACK_KEYS = (pygame.K_LEFT, pygame.K_PAGEUP)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
PASS_THROUGH_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_a, pygame.K_e, pygame.K_h, *FASTER_KEYS, *SLOWER_KEYS)
"""Keys that skip the motion and also do their job (the others only skip it)."""
TOGGLE_KEYS = {pygame.K_a: Act.TOGGLE_AUTO, pygame.K_e: Act.TOGGLE_EXPLAIN, pygame.K_h: Act.TOGGLE_HINTS,
               **{key: Act.FASTER for key in FASTER_KEYS}, **{key: Act.SLOWER for key in SLOWER_KEYS}}
NOTHING: list[Action] = []


def clicked(inp: Input, rect: pygame.Rect) -> bool:
    return inp.kind is InputKind.CLICK and rect.collidepoint(inp.pos)


def act(kind: Act, value: int = 0) -> list[Action]:
    return [Action(kind, value)]


class Controls:
    """The inputs of one table scene."""

    def __init__(self) -> None:
        self.selected_by_enter = -HAND_GUARD_SECONDS
        """When Enter last selected a card (the next Enter must wait a moment to play it)."""

    def actions(self, inp: Input, now: TableNow) -> list[Action]:
        """What ``inp`` asks of the table as it is ``now``, in order."""
        if now.moving and inp.kind in (InputKind.KEY, InputKind.CLICK):
            # any key skips the motion; only the keys that do not step act too
            if not inp.is_key(*PASS_THROUGH_KEYS) and not self._pauses(inp, now):
                return act(Act.SKIP_MOTION)
            return [Action(Act.SKIP_MOTION), *self._acting(inp, now)]
        return self._acting(inp, now)

    def _acting(self, inp: Input, now: TableNow) -> list[Action]:
        if inp.is_key(pygame.K_ESCAPE):
            return act(Act.LEAVE)
        layout = now.layout
        if now.curtained:
            return self._curtain(inp, now)
        if now.predictor_takes(inp, layout):
            return NOTHING
        if self._pauses(inp, now):
            return act(Act.TOGGLE_AUTO)  # Space with Auto on always pauses it, whatever is on screen
        if inp.is_key(pygame.K_F1) or clicked(inp, layout.help_button):
            return act(Act.RULES)
        if inp.kind is InputKind.KEY and inp.key in TOGGLE_KEYS:
            return act(TOGGLE_KEYS[inp.key])
        if now.browsing:
            return self._browsing(inp, layout, now)
        return self._live(inp, now)

    @staticmethod
    def _pauses(inp: Input, now: TableNow) -> bool:
        """Space while Auto runs: it pauses Auto (and only that), so a teacher can count on it."""
        return inp.is_key(pygame.K_SPACE) and now.auto and not now.curtained

    def _live(self, inp: Input, now: TableNow) -> list[Action]:
        layout = now.layout
        if now.stage is Stage.CHOOSE:
            if inp.is_key(pygame.K_PAGEUP, pygame.K_BACKSPACE):
                return act(Act.BACK)
            return self._choose(inp, now)
        if now.stage is Stage.ROW_CHOICE:
            if inp.is_key(*BACK_KEYS) or clicked(inp, layout.back_button):
                return act(Act.BACK)
            return self._row_choice(inp, now)
        if now.stage in (Stage.REVEALED, Stage.PLACED, Stage.THINKING):
            return self._stepping(inp, layout, now)
        return NOTHING

    @staticmethod
    def _stepping(inp: Input, layout: TableLayout, now: TableNow) -> list[Action]:
        """Cards are placed: step, look back, Auto (while an AI thinks "Next" has nothing to do yet)."""
        if now.can_take_back and (inp.is_key(pygame.K_BACKSPACE) or clicked(inp, layout.next_button)):
            return act(Act.TAKE_BACK)  # "Take back": the human chooses again
        if inp.is_key(*BACK_KEYS) or clicked(inp, layout.back_button):
            return act(Act.BACK)
        if clicked(inp, layout.auto_button):
            return act(Act.TOGGLE_AUTO)
        if clicked(inp, layout.live_button):
            return NOTHING
        if inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or inp.kind is InputKind.CLICK:
            return act(Act.STEP)
        return NOTHING

    @staticmethod
    def _curtain(inp: Input, now: TableNow) -> list[Action]:
        if now.frame_pending:
            return NOTHING
        take_back = inp.is_key(pygame.K_BACKSPACE) or clicked(inp, curtain_take_back_rect(now.layout))
        if now.taking_back:  # "Ana: take your card back?"
            if take_back:
                return act(Act.KEEP_CARD)
            if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER) and not now.too_soon:
                return act(Act.TAKE_BACK)
            return NOTHING
        if take_back:
            return act(Act.TAKE_BACK) if now.can_take_back else NOTHING
        if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or inp.kind is InputKind.CLICK:
            return NOTHING if now.too_soon else act(Act.DISMISS_CURTAIN)
        return NOTHING

    @staticmethod
    def _browsing(inp: Input, layout: TableLayout, now: TableNow) -> list[Action]:
        if inp.is_key(*BACK_KEYS, pygame.K_BACKSPACE) or clicked(inp, layout.back_button):
            return act(Act.BACK)
        if inp.is_key(pygame.K_END) or (clicked(inp, layout.live_button) and now.in_past):
            return act(Act.TO_LIVE)
        if inp.is_key(pygame.K_HOME):
            return act(Act.GO_TO, 0)
        if clicked(inp, layout.auto_button):
            return act(Act.TOGGLE_AUTO)
        if inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or clicked(inp, layout.next_button):
            return act(Act.FORWARD)
        return NOTHING

    def _choose(self, inp: Input, now: TableNow) -> list[Action]:
        """Select a card (click it, Left / Right), then play it: click it again, Enter, or Play."""
        hand = now.hand
        if not hand:
            return NOTHING
        count = len(hand)
        selected = selected_index(now.selected, hand)
        if inp.is_key(pygame.K_LEFT):
            return act(Act.SELECT, (selected - 1) % count if selected is not None else count - 1)
        if inp.is_key(pygame.K_RIGHT):
            return act(Act.SELECT, (selected + 1) % count if selected is not None else 0)
        if inp.is_key(pygame.K_HOME):
            return act(Act.SELECT, 0)
        if inp.is_key(pygame.K_END):
            return act(Act.SELECT, count - 1)
        if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter_on_hand(hand, selected, now)
        if inp.kind is InputKind.CLICK and not now.too_soon:
            return self._click_on_hand(inp, hand, selected, now)
        return NOTHING

    @staticmethod
    def _click_on_hand(inp: Input, hand: tuple[int, ...], selected: int | None, now: TableNow) -> list[Action]:
        """A click selects a card; a click on the selected card, or on Play, plays it."""
        index = hand_index_at(now.layout, inp.pos, len(hand))
        if clicked(inp, now.layout.play_button) and selected is not None:
            return act(Act.CHOOSE, hand[selected])
        if index is not None and index == selected:
            return act(Act.CHOOSE, hand[index])
        if index is not None:
            return act(Act.SELECT, index)
        return NOTHING

    def _enter_on_hand(self, hand: tuple[int, ...], selected: int | None, now: TableNow) -> list[Action]:
        """Enter selects the first card, then plays the selected one."""
        if now.too_soon or now.clock - self.selected_by_enter < HAND_GUARD_SECONDS:
            return NOTHING  # Enter held down or hammered to step on does not select and play at once
        if selected is None:
            self.selected_by_enter = now.clock  # Enter with nothing selected selects; the next Enter plays
            return act(Act.SELECT, 0)
        return act(Act.CHOOSE, hand[selected])

    @staticmethod
    def _row_choice(inp: Input, now: TableNow) -> list[Action]:
        row: int | None = None
        if inp.kind is InputKind.KEY:
            row = ROW_KEYS.get(inp.key)
        elif inp.kind is InputKind.CLICK:
            row = row_at(now.layout, inp.pos)
        return act(Act.PICK_ROW, row) if row is not None else NOTHING
