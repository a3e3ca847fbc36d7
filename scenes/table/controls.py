"""The table's inputs: keys and clicks turned into the scene's actions, by what the table shows.

The curtain, predict mode, the toggles, looking back, choosing a card (select,
then confirm), picking a row for rule 4, and stepping each take the input in
turn.  Clicks are tested against the rectangles the components are drawn in.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ..base import Input, InputKind
from .choosing import HAND_GUARD_SECONDS, curtain_take_back_rect, hand_index_at
from .layout import TableLayout
from ..model.session import Stage
from .frame import selected_index
from .rows import row_at



class ControlledTable(Protocol):
    """What the inputs may read and do of the table scene (:class:`scenes.table.scene.TableScene`)."""

    source: Any
    shown: Any
    predictor: Any
    guard: Any
    clock_auto: Any
    motion: Any
    clock: float
    explain: bool
    hints: bool
    selected: int | None
    frame_pending: bool

    @property
    def auto(self) -> bool: ...
    @property
    def cursor(self) -> Any: ...
    @property
    def in_past(self) -> bool: ...
    @property
    def live_stage(self) -> Stage | None: ...
    def layout(self) -> TableLayout: ...
    def ask_leave(self) -> None: ...
    def show_rules(self) -> None: ...
    def back(self) -> None: ...
    def forward(self) -> None: ...
    def step(self) -> None: ...
    def go_to(self, index: int) -> None: ...
    def to_live(self) -> None: ...
    def toggle_auto(self) -> None: ...
    def change_speed(self, faster: bool) -> None: ...
    def placed(self) -> None: ...

ROW_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
            pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
FORWARD_KEYS = (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_PAGEDOWN)
BACK_KEYS = (pygame.K_LEFT, pygame.K_PAGEUP)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
PASS_THROUGH_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_a, pygame.K_e, pygame.K_h, *FASTER_KEYS, *SLOWER_KEYS)
"""Keys that skip the motion and also do their job (the others only skip it)."""


def clicked(inp: Input, rect: pygame.Rect) -> bool:
    return inp.kind is InputKind.CLICK and rect.collidepoint(inp.pos)


class Controls:
    """The inputs of one table scene."""

    def __init__(self, scene: ControlledTable) -> None:
        self.scene = scene
        self.selected_by_enter = -HAND_GUARD_SECONDS
        """When Enter last selected a card (the next Enter must wait a moment to play it)."""

    def too_soon(self) -> bool:
        """An input on the hand or the curtain now could be a click meant for what came before."""
        scene = self.scene
        return scene.guard.guarded(scene.shown.phase(), scene.clock)

    def handle(self, inp: Input) -> None:
        scene = self.scene
        if scene.motion is not None and inp.kind in (InputKind.KEY, InputKind.CLICK):
            scene.motion = None  # any key skips the motion; only the keys that do not step act too
            if not inp.is_key(*PASS_THROUGH_KEYS) and not self._pauses(inp):
                return
        if inp.is_key(pygame.K_ESCAPE):
            scene.ask_leave()
            return
        layout = scene.layout()
        if scene.shown.curtained:
            self._curtain(inp, layout)
        elif scene.predictor.handle_event(inp, layout):
            return
        elif self._pauses(inp):
            scene.toggle_auto()  # Space with Auto on always pauses it, whatever is on screen
        elif inp.is_key(pygame.K_F1) or clicked(inp, layout.help_button):
            scene.show_rules()
        elif self._toggles(inp):
            return
        elif scene.cursor is not None:
            self._browsing(inp, layout)
        else:
            self._live(inp, layout)

    def _pauses(self, inp: Input) -> bool:
        """Space while Auto runs: it pauses Auto (and only that), so a teacher can count on it."""
        return inp.is_key(pygame.K_SPACE) and self.scene.auto and not self.scene.shown.curtained

    def _live(self, inp: Input, layout: TableLayout) -> None:
        scene = self.scene
        stage = scene.live_stage
        if stage is Stage.CHOOSE:
            if inp.is_key(pygame.K_PAGEUP, pygame.K_BACKSPACE):
                scene.back()
            else:
                self._choose(inp, layout)
        elif stage is Stage.ROW_CHOICE:
            if inp.is_key(*BACK_KEYS) or clicked(inp, layout.back_button):
                scene.back()
            else:
                self._row_choice(inp, layout)
        elif stage in (Stage.REVEALED, Stage.PLACED, Stage.THINKING):
            self._stepping(inp, layout)

    def _stepping(self, inp: Input, layout: TableLayout) -> None:
        """Cards are placed: step, look back, Auto (while an AI thinks "Next" has nothing to do yet)."""
        scene = self.scene
        if scene.source.can_take_back is not None and (
                inp.is_key(pygame.K_BACKSPACE) or clicked(inp, layout.next_button)):
            self.take_back()  # "Take back": the human chooses again
        elif inp.is_key(*BACK_KEYS) or clicked(inp, layout.back_button):
            scene.back()
        elif clicked(inp, layout.auto_button):
            scene.toggle_auto()
        elif clicked(inp, layout.live_button):
            pass
        elif inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or inp.kind is InputKind.CLICK:
            scene.step()

    def _toggles(self, inp: Input) -> bool:
        scene = self.scene
        if inp.is_key(pygame.K_a):
            scene.toggle_auto()
        elif inp.is_key(pygame.K_e):
            scene.explain = not scene.explain
        elif inp.is_key(pygame.K_h):
            scene.hints = not scene.hints
        elif inp.is_key(*FASTER_KEYS):
            scene.change_speed(faster=True)
        elif inp.is_key(*SLOWER_KEYS):
            scene.change_speed(faster=False)
        else:
            return False
        return True

    def _curtain(self, inp: Input, layout: TableLayout) -> None:
        scene = self.scene
        if scene.frame_pending:
            return
        if scene.source.taking_back is not None:  # "Ana: take your card back?"
            if inp.is_key(pygame.K_BACKSPACE) or clicked(inp, curtain_take_back_rect(layout)):
                scene.source.keep_card()
                scene.frame_pending = True
            elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER) and not self.too_soon():
                self.take_back()
        elif inp.is_key(pygame.K_BACKSPACE) or clicked(inp, curtain_take_back_rect(layout)):
            if scene.source.can_take_back is not None:
                self.take_back()
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or inp.kind is InputKind.CLICK:
            if not self.too_soon():
                self.dismiss_curtain()

    def _browsing(self, inp: Input, layout: TableLayout) -> None:
        scene = self.scene
        if inp.is_key(*BACK_KEYS, pygame.K_BACKSPACE) or clicked(inp, layout.back_button):
            scene.back()
        elif inp.is_key(pygame.K_END) or (clicked(inp, layout.live_button) and scene.in_past):
            scene.to_live()
        elif inp.is_key(pygame.K_HOME):
            scene.go_to(0)
        elif clicked(inp, layout.auto_button):
            scene.toggle_auto()
        elif inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or clicked(inp, layout.next_button):
            scene.forward()

    def _choose(self, inp: Input, layout: TableLayout) -> None:
        """Select a card (click it, Left / Right), then play it: click it again, Enter, or Play."""
        scene = self.scene
        hand = scene.shown.hand()
        if not hand:
            return
        count = len(hand)
        selected = scene.selected = selected_index(scene.selected, hand)
        if inp.is_key(pygame.K_LEFT):
            scene.selected = (selected - 1) % count if selected is not None else count - 1
        elif inp.is_key(pygame.K_RIGHT):
            scene.selected = (selected + 1) % count if selected is not None else 0
        elif inp.is_key(pygame.K_HOME):
            scene.selected = 0
        elif inp.is_key(pygame.K_END):
            scene.selected = count - 1
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter_on_hand(hand, selected)
        elif inp.kind is InputKind.CLICK and not self.too_soon():
            index = hand_index_at(layout, inp.pos, count)
            if clicked(inp, layout.play_button) and selected is not None:
                self.choose(hand[selected])
            elif index is not None and index == selected:
                self.choose(hand[index])
            elif index is not None:
                scene.selected = index

    def _enter_on_hand(self, hand: tuple[int, ...], selected: int | None) -> None:
        """Enter selects the first card, then plays the selected one."""
        scene = self.scene
        if self.too_soon() or scene.clock - self.selected_by_enter < HAND_GUARD_SECONDS:
            return  # Enter held down or hammered to step on does not select and play at once
        if selected is None:
            scene.selected = 0  # Enter with nothing selected selects; the next Enter plays
            self.selected_by_enter = scene.clock
        else:
            self.choose(hand[selected])

    def _row_choice(self, inp: Input, layout: TableLayout) -> None:
        row: int | None = None
        if inp.kind is InputKind.KEY:
            row = ROW_KEYS.get(inp.key)
        elif inp.kind is InputKind.CLICK:
            row = row_at(layout, inp.pos)
        if row is not None:
            self.pick_row(row)

    # ----------------------------------------------------------- actions
    def choose(self, card: int) -> None:
        """The chooser plays ``card``."""
        scene = self.scene
        if scene.frame_pending:
            return
        scene.source.choose(card)
        scene.selected = None
        scene.clock_auto.restart()
        scene.frame_pending = True

    def pick_row(self, row: int) -> None:
        """Rule 4: the human whose card fits no row takes ``row``."""
        scene = self.scene
        if not scene.frame_pending:
            scene.source.pick_row(row)
            scene.placed()

    def take_back(self) -> None:
        """The last human who chose takes their card back and chooses again."""
        self.scene.source.take_back()
        self.scene.selected = None
        self.scene.frame_pending = True

    def dismiss_curtain(self) -> None:
        """The named human is at the keyboard: their hand shows."""
        self.scene.source.dismiss_curtain()
        self.scene.selected = None
        self.scene.frame_pending = True
