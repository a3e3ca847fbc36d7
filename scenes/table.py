"""The table screen: rows, players, caption, explanation, and the hand or this turn's cards.

:class:`TableScene` is the controller and view; the game flow itself lives
in :class:`scenes.session.TableSession` (pure Python).  The scene turns
inputs into session actions, runs the Auto timer and the card motion in
``update(dt)``, and draws a :class:`scenes.view.TableView` - nothing here
decides where a card goes.

History and replays: every placement of the live game is kept as a
:class:`game.timeline.TableState`; the scene shows either the live game
(``cursor is None``) or one of those states.  A replay is the same scene
over the states of a record, with no live game behind it.  Live, past and
replayed placements are all drawn by :func:`scenes.view.view_of_state` from a
state, so they look the same pixel for pixel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.engine import Rule
from game.text import noun_for
from game.timeline import TableState

from . import classic, theme
from .base import AppContext, Input, InputKind, Scene
from .cards import LOOK_DIM, LOOK_GHOST, CardArt
from .confirm import ConfirmScene
from .digits import write_number
from .explainer import ExplainPanel, explain_panel
from .hand import HAND_GUARD_SECONDS, PhaseGuard, curtain_take_back_rect, hand_index_at, keep_on_leave
from .layout import TableLayout, table_layout
from .replay import Replay
from .session import MODE_TITLES, BotStatus, Part, Preview, Stage, TableSession, preview
from .view import TableInfo, TableView, info_of, live_view, view_of_reveal, view_of_state
from .widgets import draw_button, draw_marker, draw_panel, draw_rich, fit_segments, rich_width, wrap_rich

ROW_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
            pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
FORWARD_KEYS = (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_PAGEDOWN)
BACK_KEYS = (pygame.K_LEFT, pygame.K_PAGEUP)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
PASS_THROUGH_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_a, pygame.K_e, pygame.K_h, *FASTER_KEYS, *SLOWER_KEYS)
"""Keys that skip the motion and also do their job (the others only skip it)."""
DELAYS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0)
"""The auto-advance delays + and - step through (seconds per placement)."""
MOTION_SECONDS = 0.3
EXAMPLE_MODE = "example"
"""The mode of the worked example's replay (the top bar says what it is, not a seed)."""


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


@dataclass
class Motion:
    """The card just placed gliding to its row (and taken cards sliding to their player)."""

    elapsed: float = 0.0
    duration: float = MOTION_SECONDS

    @property
    def progress(self) -> float:
        t = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        return t * t * (3 - 2 * t)  # smoothstep: eased in and out

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


def shot_name(state: TableState) -> str:
    """The screenshot file of a placement: ``turn3-step2.png`` (``round2-`` first after round 1)."""
    name = f"turn{state.turn + 1}-step{state.step}.png"
    return f"round{state.round + 1}-{name}" if state.round > 0 else name


def fit_text(text: str, max_width: int, min_size: int = 12) -> str:
    """``text``, cut short with "..." where even at ``min_size`` it is wider than ``max_width``."""
    font = theme.font(min_size)
    if font.size(text)[0] <= max_width:
        return text
    while text and font.size(text + "...")[0] > max_width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap_text(text: str, size: int, max_width: int) -> list[str]:
    """``text`` broken into lines at most ``max_width`` wide (a word too long is cut)."""
    font = theme.font(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= max_width or not line:
            line = candidate if font.size(candidate)[0] <= max_width else fit_text(candidate, max_width, size)
        else:
            lines.append(line)
            line = word if font.size(word)[0] <= max_width else fit_text(word, max_width, size)
    if line:
        lines.append(line)
    return lines


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float, size: tuple[int, int]) -> pygame.Rect:
    cx = a.centerx + (b.centerx - a.centerx) * t
    cy = a.centery + (b.centery - a.centery) * t
    rect = pygame.Rect((0, 0), size)
    rect.center = (round(cx), round(cy))
    return rect


class TableScene(Scene):
    """The main screen of a game (``session``), or of a replayed record (``replay``)."""

    def __init__(self, ctx: AppContext, session: TableSession | None, auto: bool = False, *,
                 replay: Replay | None = None, explain: bool | None = None, first: int = 0,
                 at_reveal: bool = False) -> None:
        """``first``: the placement a replay opens at (its index among all placements);
        ``at_reveal``: at the moment its turn's cards were revealed, before it."""
        super().__init__(ctx)
        if (session is None) == (replay is None):
            raise ValueError("give a live session or a replay")
        self.session = session
        self.replay = replay
        self.info: TableInfo = replay.info if replay is not None else info_of(session)  # type: ignore[arg-type]
        self.auto = auto
        self.delay = ctx.options.step_delay
        self.timer = 0.0
        self.explain = explain if explain is not None else (replay is not None or self.info.mode == "demo")
        """The explain panel is shown (key E)."""
        self.hints = False
        """Hints for learners (key H): where the hovered / selected hand card would go."""
        self.cursor: int | None = first if replay is not None else None
        """The shown state's index, or ``None`` for the live game."""
        self.at_reveal = at_reveal and replay is not None and replay.states[first].step == 1
        """With a cursor on a turn's first placement: the moment before it, the turn's cards
        revealed and none placed yet."""
        self.motion: Motion | None = None
        self.selected: int | None = None
        """The hand card chosen to be played (index), until it is confirmed: a second click on
        it, Enter or Play (nothing is selected when a hand is first shown)."""
        self.guard = PhaseGuard()
        self._selected_by_enter = -HAND_GUARD_SECONDS
        """When Enter last selected a card (the next Enter must wait a moment to play it)."""
        """Clicks and Enter right after the table changed phase are not meant for the hand."""
        self._frame_pending = True
        """Something changed that no frame has shown yet: ignore inputs that act on it
        (e.g. a second Enter must not lift a curtain nobody has seen)."""
        self._screenshot: str | None = (shot_name(replay.states[first])
                                        if replay is not None and replay.states and not self.at_reveal else None)
        self.last_frame: FrameInfo | None = None
        self._drawn_totals: tuple[int, ...] = ()
        self._top_rects: tuple[pygame.Rect, ...] = ()
        self._drawn_scores: tuple[int, ...] = ()
        self.clock = 0.0
        """Seconds shown so far (animates "thinking...")."""
        self._bg: pygame.Surface | None = None
        self._bg_size: tuple[int, int] = (0, 0)
        self._panel_cache: tuple[tuple[int, TableState | None], ExplainPanel | None] | None = None
        self._panel_image: tuple[tuple[tuple[int, int], ExplainPanel | None], pygame.Surface] | None = None
        from .predictor import Predictor

        self.predictor = Predictor(self)
        """Predict mode (key P): guess each placement before it is shown."""

    # ------------------------------------------------------------ queries
    @property
    def art(self) -> CardArt:
        """Card pictures for the rules of the game on the table (a classic replay shows
        classic penalties)."""
        return self.ctx.art.for_rules(self.info.rules)

    @property
    def game_in_progress(self) -> bool:
        return self.session is not None and self.session.stage is not Stage.OVER

    @property
    def states(self) -> Sequence[TableState]:
        if self.replay is not None:
            return self.replay.states
        assert self.session is not None
        return self.session.states

    @property
    def in_past(self) -> bool:
        """Looking at an earlier placement of the live game (never true in a replay)."""
        return self.session is not None and self.cursor is not None

    @property
    def live_stage(self) -> Stage:
        return self.session.stage if self.session is not None else Stage.PLACED

    def _live_index(self) -> int:
        """The index the live frame corresponds to (the state on screen, or one past the end)."""
        assert self.session is not None
        states = self.session.states
        return len(states) - 1 if self.session.stage is Stage.PLACED else len(states)

    def view(self) -> TableView:
        """What the table shows now."""
        if self.cursor is not None and self.at_reveal:
            return view_of_reveal(self.states[self.cursor], self.info)
        if self.cursor is not None:
            states = self.states
            final = self.cursor == len(states) - 1 and (
                self.replay is not None or (self.session is not None and self.session.game.is_over))
            return view_of_state(states[self.cursor], self.info, final)
        assert self.session is not None
        return live_view(self.session, self.info)

    def shown_state(self) -> TableState | None:
        """The placement on screen, if one is (none at a turn's reveal)."""
        if self.cursor is not None and self.at_reveal:
            return None
        if self.cursor is not None:
            return self.states[self.cursor]
        if self.session is not None and self.session.stage is Stage.PLACED and self.session.states:
            return self.session.states[-1]
        return None

    def can_go_back(self) -> bool:
        if self.cursor is not None:
            return self.cursor > 0 or not self.at_reveal
        if self.session is None or self.session.stage is Stage.CURTAIN:
            return False
        return self._live_index() > 0 or self.session.stage is Stage.PLACED

    def layout(self) -> TableLayout:
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else (1280, 720)
        return table_layout(size)

    def _hand_owner(self) -> int | None:
        """Whose hand this frame may show: the live game's rule, and nobody's in the past."""
        if self.session is None or self.cursor is not None:
            return None
        return self.session.hand_owner

    def _hand(self) -> tuple[int, ...]:
        owner = self._hand_owner()
        return self.session.game.hand(owner) if owner is not None and self.session is not None else ()

    def _choosing(self) -> bool:
        return self.cursor is None and self.live_stage is Stage.CHOOSE

    def _hovered_hand_index(self, layout: TableLayout) -> int | None:
        if not self._choosing():
            return None
        return hand_index_at(layout, self.mouse, len(self._hand()))

    def _phase_key(self) -> tuple[object, ...]:
        """What the hand's guard watches: a change means the table showed something new."""
        session = self.session
        if session is None:
            return (self.cursor,)
        return (self.cursor, session.stage, session.chooser, len(session.states), session.game.turn)

    def _too_soon(self) -> bool:
        """An input on the hand or the curtain now could be a click meant for what came before."""
        return self.guard.guarded(self._phase_key(), self.clock)

    def _row_at(self, layout: TableLayout, pos: tuple[int, int]) -> int | None:
        for index, box in enumerate(layout.row_boxes):
            if box.collidepoint(pos):
                return index
        return None

    def hint_preview(self) -> Preview | None:
        """With hints on: where the selected (or hovered) hand card would go now."""
        if not self.hints or not self._choosing() or self.session is None:
            return None
        hand = self._hand()
        index = self._hovered_hand_index(self.layout())
        if index is None:
            index = self.selected
        if not hand or index is None:
            return None
        return preview(self.session.game.rows, hand[min(index, len(hand) - 1)])

    # ------------------------------------------------------------- input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if self.motion is not None and inp.kind in (InputKind.KEY, InputKind.CLICK):
            self.motion = None  # any key skips the motion; only the keys that do not step act too
            if not inp.is_key(*PASS_THROUGH_KEYS):
                return
        if inp.is_key(pygame.K_ESCAPE):
            self._ask_leave()
            return
        layout = self.layout()
        if self.cursor is None and self.live_stage is Stage.CURTAIN:
            self._handle_curtain(inp)
            return
        if self.predictor.handle_event(inp, layout):
            return
        if inp.is_key(pygame.K_F1) or (inp.kind is InputKind.CLICK and layout.help_button.collidepoint(inp.pos)):
            self.show_rules()
            return
        if self._handle_toggles(inp, layout):
            return
        if self.cursor is not None:
            self._handle_browsing(inp, layout)
            return
        stage = self.live_stage
        if stage is Stage.CHOOSE:
            if inp.is_key(pygame.K_PAGEUP, pygame.K_BACKSPACE):
                self.back()
            else:
                self._handle_choose(inp, layout)
        elif stage is Stage.ROW_CHOICE:
            if inp.is_key(*BACK_KEYS) or self._clicked(inp, layout.back_button):
                self.back()
            else:
                self._handle_row_choice(inp, layout)
        elif self.session is not None and stage in (Stage.REVEALED, Stage.PLACED, Stage.THINKING):
            # while an AI thinks "Next" has nothing to do yet, but looking back and Auto work
            if self.session.can_take_back is not None and (
                    inp.is_key(pygame.K_BACKSPACE) or self._clicked(inp, layout.next_button)):
                self.session.take_back()  # "Take back": the human chooses again
                self.selected = None
                self._frame_pending = True
            elif inp.is_key(*BACK_KEYS) or self._clicked(inp, layout.back_button):
                self.back()
            elif self._clicked(inp, layout.auto_button):
                self.toggle_auto()
            elif self._clicked(inp, layout.live_button):
                pass
            elif inp.is_key(pygame.K_SPACE) and self.auto:
                self.toggle_auto()  # Space pauses auto-advance
            elif inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or inp.kind is InputKind.CLICK:
                self.step()

    @staticmethod
    def _clicked(inp: Input, rect: pygame.Rect) -> bool:
        return inp.kind is InputKind.CLICK and rect.collidepoint(inp.pos)

    def _handle_toggles(self, inp: Input, layout: TableLayout) -> bool:
        if inp.is_key(pygame.K_a):
            self.toggle_auto()
        elif inp.is_key(pygame.K_e):
            self.explain = not self.explain
        elif inp.is_key(pygame.K_h):
            self.hints = not self.hints
        elif inp.is_key(*FASTER_KEYS):
            self.change_speed(faster=True)
        elif inp.is_key(*SLOWER_KEYS):
            self.change_speed(faster=False)
        else:
            return False
        return True

    def _handle_curtain(self, inp: Input) -> None:
        if self._frame_pending or self.session is None:
            return
        layout = self.layout()
        if inp.is_key(pygame.K_BACKSPACE) or self._clicked(inp, curtain_take_back_rect(layout)):
            if self.session.can_take_back is not None:
                self.session.take_back()
                self.selected = None
                self._frame_pending = True
            return
        if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or inp.kind is InputKind.CLICK:
            if self._too_soon():
                return
            self.session.dismiss_curtain()
            self.selected = None
            self._frame_pending = True

    def _handle_browsing(self, inp: Input, layout: TableLayout) -> None:
        if inp.is_key(*BACK_KEYS, pygame.K_BACKSPACE) or self._clicked(inp, layout.back_button):
            self.back()
        elif inp.is_key(pygame.K_END) or (self._clicked(inp, layout.live_button) and self.in_past):
            self.to_live()
        elif inp.is_key(pygame.K_HOME):
            self.go_to(0)
        elif self._clicked(inp, layout.auto_button):
            self.toggle_auto()
        elif inp.is_key(pygame.K_SPACE) and self.auto:
            self.toggle_auto()
        elif inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or self._clicked(inp, layout.next_button):
            self.forward()

    def _handle_choose(self, inp: Input, layout: TableLayout) -> None:
        """Select a card (click it, Left / Right), then play it: click it again, Enter, or Play."""
        hand = self._hand()
        if not hand:
            return
        count = len(hand)
        selected = min(self.selected, count - 1) if self.selected is not None else None
        self.selected = selected
        if inp.is_key(pygame.K_LEFT):
            self.selected = (selected - 1) % count if selected is not None else count - 1
        elif inp.is_key(pygame.K_RIGHT):
            self.selected = (selected + 1) % count if selected is not None else 0
        elif inp.is_key(pygame.K_HOME):
            self.selected = 0
        elif inp.is_key(pygame.K_END):
            self.selected = count - 1
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            if self._too_soon() or self.clock - self._selected_by_enter < HAND_GUARD_SECONDS:
                return  # Enter held down or hammered to step on does not select and play at once
            if selected is None:
                self.selected = 0  # Enter with nothing selected selects; the next Enter plays
                self._selected_by_enter = self.clock
            else:
                self._choose(hand[selected])
        elif inp.kind is InputKind.CLICK:
            if self._too_soon():
                return
            index = hand_index_at(layout, inp.pos, count)
            if self._clicked(inp, layout.play_button) and selected is not None:
                self._choose(hand[selected])
            elif index is not None and index == selected:
                self._choose(hand[index])
            elif index is not None:
                self.selected = index

    def _handle_row_choice(self, inp: Input, layout: TableLayout) -> None:
        row: int | None = None
        if inp.kind is InputKind.KEY:
            row = ROW_KEYS.get(inp.key)
        elif inp.kind is InputKind.CLICK:
            row = self._row_at(layout, inp.pos)
        if row is not None and not self._frame_pending and self.session is not None:
            self.session.pick_row(row)
            self._placed()

    def _choose(self, card: int) -> None:
        if self._frame_pending or self.session is None:
            return
        self.session.choose(card)
        self.selected = None
        self.timer = 0.0
        self._frame_pending = True

    # ----------------------------------------------------------- actions
    def toggle_auto(self) -> None:
        """Switch automatic stepping on or off (the Auto button, key A; Space pauses)."""
        self.auto = not self.auto
        self.timer = 0.0

    def change_speed(self, faster: bool) -> None:
        """+ / -: a shorter or longer auto-advance delay, within 0.25 s to 5 s."""
        if faster:
            shorter = [d for d in DELAYS if d < self.delay - 1e-9]
            self.delay = shorter[-1] if shorter else min(self.delay, DELAYS[0])
        else:
            longer = [d for d in DELAYS if d > self.delay + 1e-9]
            self.delay = longer[0] if longer else DELAYS[-1]
        self.timer = 0.0

    def show_rules(self) -> None:
        """F1 / "?": the rules screen over the table; closing it leaves the game as it was."""
        from .rules_screen import RulesScene

        self.ctx.manager.push(RulesScene(self.ctx, self.info.rules))

    def back(self) -> None:
        """One placement back (pauses auto-advance: the class is looking at something)."""
        if not self.can_go_back():
            return
        states = self.states
        if self.cursor is None and self.live_stage is Stage.PLACED and states[-1].step == 1:
            self.cursor, self.at_reveal = len(states) - 1, True  # this turn's cards, none placed yet
        elif self.cursor is None:
            self.cursor = self._live_index() - 1
        elif not self.at_reveal and states[self.cursor].step == 1:
            self.at_reveal = True
        else:
            self.cursor, self.at_reveal = self.cursor - 1, False
        self.auto = False
        self._shown_changed()

    def forward(self) -> None:
        """One placement forward: through the history, then the live game (or the replay's end)."""
        if not self.predictor.may_advance():
            return
        if self.cursor is None:
            self.step()
            return
        if self.at_reveal:  # the turn's cards were revealed: now the first one is placed
            self.at_reveal = False
            self._shown_changed()
            if self.replay is None and self.cursor >= self._live_index():
                self.cursor = None
            else:
                self._placed()
            return
        if self.cursor + 1 < len(self.states) and self.states[self.cursor + 1].step == 1:
            self.cursor, self.at_reveal = self.cursor + 1, True  # a new turn: its cards revealed first
            self._shown_changed()
            return
        if self.replay is not None:
            if self.cursor + 1 < len(self.replay.states):
                self.cursor += 1
                self._shown_changed()
                self._placed()
            else:
                self.timer = 0.0
                self._frame_pending = True
                self.ctx.nav.replay_over(self.replay)
            return
        self.cursor += 1
        if self.cursor >= self._live_index():
            self.cursor = None
        self._shown_changed()

    def to_live(self) -> None:
        """End: back to the live game (in a replay: its last placement)."""
        self.at_reveal = False
        if self.replay is not None:
            self.go_to(len(self.replay.states) - 1)
        elif self.cursor is not None:
            self.cursor = None
            self._shown_changed()

    def go_to(self, index: int) -> None:
        states = self.states
        if not states:
            return
        index = max(0, min(index, len(states) - 1))
        self.at_reveal = False
        if self.session is not None and index >= self._live_index():
            self.cursor = None
        else:
            self.cursor = index
        self._shown_changed()

    def _shown_changed(self) -> None:
        self.motion = None
        self.timer = 0.0
        self._frame_pending = True

    def step(self) -> None:
        """One step forward: place the next card, ask for a row, or start the next turn."""
        if self.cursor is not None:
            self.forward()
            return
        session = self.session
        if self._frame_pending or session is None or not session.can_advance or not self.predictor.may_advance():
            return
        self.timer = 0.0
        placement = session.advance()
        self._frame_pending = True
        if placement is not None:
            self._placed()
        elif session.stage is Stage.OVER:
            self.ctx.nav.game_over(session)

    def _placed(self) -> None:
        """A new placement is on screen: maybe animate it; screenshot it once it stands still."""
        self._frame_pending = True
        state = self.shown_state()
        self.predictor.placed(state)
        if state is None:
            return
        self._screenshot = shot_name(state)
        self.motion = Motion() if self.delay > 0 else None

    def _ask_leave(self) -> None:
        nav = self.ctx.nav
        if self.replay is not None:
            nav.go_menu()
            return
        manager = self.ctx.manager
        self.ctx.manager.push(ConfirmScene(
            self.ctx, "Leave this game?", ("It is kept unfinished: the menu offers to resume it."
                                           if self.session is not None and keep_on_leave(self.ctx, self.session)
                                           else "It is not finished, so it will not be recorded."),
            yes_label="Leave", no_label="Keep playing",
            on_yes=nav.go_menu, on_no=manager.pop,
        ))

    # -------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.guard.note(self._phase_key(), self.clock)  # what this frame's inputs changed, as of their time
        self.clock += dt
        if self.session is not None:
            before = self.session.stage
            if self.session.poll() and self.session.stage is not before:
                self.timer = 0.0  # e.g. the AIs' cards are in: show them revealed for a full delay
                self._frame_pending = True
        self.guard.note(self._phase_key(), self.clock)
        if self.motion is not None:
            self.motion.elapsed += dt
            if self.motion.done:
                self.motion = None
            return
        if not self.auto or self._frame_pending:
            return
        if self.cursor is None and (self.session is None or not self.session.can_advance):
            return
        self.timer += dt
        if self.timer >= self.delay:
            self.forward()

    def frame_presented(self) -> str | None:
        self._frame_pending = False
        if self.motion is not None:
            return None  # the screenshot waits until the card stands in its row
        name, self._screenshot = self._screenshot, None
        return name

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        layout = table_layout(surface.get_size())
        if self.cursor is None and self.live_stage is Stage.CURTAIN and self.session is not None:
            self._draw_curtain(surface, layout)
            self.last_frame = FrameInfo(Stage.CURTAIN, (), None, True, self.session.chooser)
            return
        view = self.view()
        surface.blit(self._background(layout), (0, 0))
        self._draw_top_bar(surface, layout, view)
        hint = self.hint_preview()
        drawn_rows = self._draw_rows(surface, layout, view, hint)
        seat_notes = self._draw_players(surface, layout, view)
        self._draw_caption(surface, layout, view, hint)
        hand_owner, panel = self._draw_bottom(surface, layout, view)
        self._draw_hints(surface, layout, view)
        if self.in_past:
            self._draw_past_frame(surface, layout)
        bot_details = self._draw_bot_details(surface, layout)
        self.predictor.draw(surface, layout)
        self.last_frame = FrameInfo(
            view.stage, drawn_rows, hand_owner, False, view.chooser, past=self.in_past, cursor=self.cursor,
            explain=tuple(panel.text_lines()) if panel is not None else (),
            hint_card=hint.card if hint is not None else None, moving=self.motion is not None,
            bot_details=bot_details, seat_notes=seat_notes, row_totals=self._drawn_totals,
            scores=self._drawn_scores, top_bar=self._top_rects,
        )

    def _background(self, layout: TableLayout) -> pygame.Surface:
        """Everything that never changes during a game at this size, drawn once.

        Filling the window and drawing ~40 rounded boxes costs more than all
        the cards together, so they are rendered into one cached layer.
        """
        if self._bg is not None and self._bg_size == layout.size:
            return self._bg
        s = layout.scale
        bg = pygame.Surface(layout.size).convert() if pygame.display.get_surface() else pygame.Surface(layout.size)
        bg.fill(theme.FELT)
        pygame.draw.rect(bg, theme.BAR, layout.top_bar)
        for index, box in enumerate(layout.row_boxes):
            draw_panel(bg, box, theme.FELT_DARK, radius=round(10 * s))
            for slot in range(6):
                rect = layout.row_card_rect(index, slot)
                colour = theme.SLOT if slot < 5 else (120, 70, 60)
                pygame.draw.rect(bg, colour, rect, width=max(2, round(2 * s)), border_radius=max(3, rect.width // 9))
            rect = layout.row_card_rect(index, 5)
            if theme.font(layout.font_small).size("takes")[0] <= rect.width - 4:
                theme.blit_text(bg, "6th", layout.font_small, (170, 110, 96),
                                center=(rect.centerx, rect.centery - layout.font_small // 3))
                theme.blit_text(bg, "takes", layout.font_small, (170, 110, 96),
                                center=(rect.centerx, rect.centery + layout.font_small // 3))
            elif theme.font(layout.font_small).size("6th")[0] <= rect.width - 4:
                theme.blit_text(bg, "6th", layout.font_small, (170, 110, 96), center=rect.center)
        for parts in layout.seats:
            draw_panel(bg, parts.box, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
            theme.blit_text(bg, classic.score_unit(self.info.rules), layout.font_small, theme.TEXT_DIM,
                            center=(parts.score.centerx, parts.score.centery + round(22 * s)))
            card = parts.card
            pygame.draw.rect(bg, theme.FELT_DARK, card, width=max(2, round(2 * s)), border_radius=max(3, card.width // 9))
        pygame.draw.rect(bg, theme.BAR, layout.caption, border_radius=round(10 * s))
        self._bg, self._bg_size = bg, layout.size
        return bg

    def _status_parts(self, view: TableView | None = None) -> list[Part]:
        turn = view.turn if view is not None else (self.session.shown_turn if self.session else 0)
        round_ = view.round if view is not None else (self.session.game.round if self.session else 0)
        return classic.status_parts(self.info.rules, round_, turn)

    def _draw_top_bar(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> None:
        """Where we are (left), what game this is (right), and in the middle the game's name, the
        classic end note or the "looking back" marker - each in the room left between the two
        sides, shortened or dropped rather than drawn over them."""
        bar = layout.top_bar
        s = layout.scale
        sprites = self.ctx.sprites
        gap = round(14 * s)
        status = draw_rich(surface, self._status_parts(view), layout.font_status, theme.TEXT, sprites,
                           midleft=(bar.left + round(16 * s), bar.centery))
        info = self.info
        help_rect = layout.help_button
        draw_button(surface, help_rect, "?", theme.text_px(30, s), hovered=help_rect.collidepoint(self.mouse))
        size = layout.font_small
        mode = MODE_TITLES.get(info.mode, info.mode)
        choices: list[list[Part]] = [[mode, "   Seed ", info.seed], [mode], []]
        if info.mode == EXAMPLE_MODE:
            choices = [["The worked example of the rules"], ["Worked example"], []]
        half = (help_rect.left - gap - status.right - gap) * 2 // 3  # the middle keeps a third or more
        parts = next(c for c in choices if rich_width(c, size, sprites) <= half)
        label = pygame.Rect(help_rect.left - gap, bar.top, 0, bar.height)
        if parts:
            width = rich_width(parts, size, sprites)
            label = draw_rich(surface, parts, size, theme.TEXT_DIM, sprites, midleft=(help_rect.left - gap - width,
                                                                                      bar.centery))
        room = pygame.Rect(status.right + gap, bar.top, label.left - gap - status.right - gap, bar.height)
        note = classic.end_note(self.info.rules, view.scores, self.info.names(),
                                over=self.session is not None and self.session.game.is_over and self.cursor is None)
        if self.in_past:
            middle = self._draw_past_marker(surface, layout, room)
        elif note and rich_width(note, size, sprites) <= room.width:
            middle = draw_rich(surface, note, size, theme.ACCENT, sprites, center=room.center)
        else:
            title = theme.text("6 Takes!", layout.font_status + round(4 * s), theme.ACCENT, bold=True)
            middle = title.get_rect(center=bar.center)
            if not room.contains(middle):
                middle.center = room.center
            if room.contains(middle):
                surface.blit(title, middle)
            else:
                middle = pygame.Rect(room.left, bar.centery, 0, 0)  # no room: the name of the game can go
        self._top_rects = (status, middle, label, help_rect)

    def _draw_past_marker(self, surface: pygame.Surface, layout: TableLayout, room: pygame.Rect) -> pygame.Rect:
        """The history marker in the top bar: which placement of how many, and how to get back
        (shorter where the bar is narrow)."""
        assert self.cursor is not None
        s = layout.scale
        bar = layout.top_bar
        where: list[Part] = ["placement ", self.cursor + 1, " of ", len(self.states)]
        if self.at_reveal:
            where = ["turn ", self.states[self.cursor].turn + 1, ": cards revealed"]
        size = layout.font_small
        pad = round(28 * s)
        choices = (["LOOKING BACK  -  ", *where, "  -  End: back to now"], ["LOOKING BACK  -  ", *where],
                   ["BACK  -  ", *where], ["LOOKING BACK"])
        parts = next((c for c in choices if rich_width(c, size, self.ctx.sprites) + pad <= room.width), choices[-1])
        width = rich_width(parts, size, self.ctx.sprites)
        pill = pygame.Rect(0, 0, width + pad, bar.height - round(12 * s))
        pill.center = room.center
        pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
        draw_rich(surface, parts, size, theme.INK, self.ctx.sprites, center=pill.center)
        return pill

    def _draw_past_frame(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """An amber frame around the window: this is the past, not the game now."""
        width = max(3, round(5 * layout.scale))
        pygame.draw.rect(surface, theme.ACCENT, surface.get_rect(), width=width)

    def _draw_rows(self, surface: pygame.Surface, layout: TableLayout, view: TableView,
                   hint: Preview | None) -> tuple[tuple[int, ...], ...]:
        art = self.art
        s = layout.scale
        rows = view.rows
        rules = self.info.rules
        last = view.last
        moving = self.motion is not None and last is not None and view.rows_before is not None
        choosing_row = view.stage is Stage.ROW_CHOICE and self.cursor is None
        hovered_row = self._row_at(layout, self.mouse) if choosing_row else None
        shown_preview = hint
        if (shown_preview is None and view.can_advance and view.upcoming is not None and not moving
                and not self.predictor.hides_preview):
            shown_preview = preview(rows, view.upcoming[1])  # where "Next" will put the next card
            if shown_preview.row is None:
                shown_preview = None
        totals: list[int] = []
        for index, row in enumerate(rows):
            box = layout.row_boxes[index]
            edge = None
            if choosing_row:
                edge = theme.ACCENT if index == hovered_row else theme.TEXT_DIM
            elif shown_preview is not None and shown_preview.row == index:
                edge = theme.DANGER if shown_preview.takes else theme.ACCENT
            elif shown_preview is not None and shown_preview.row is None:
                edge = theme.DANGER
            if edge is not None:
                pygame.draw.rect(surface, edge, box, width=max(2, round(3 * s)), border_radius=round(10 * s))
            landing = moving and last is not None and last.row == index and view.rows_before is not None
            total = rules.penalty_of(view.rows_before[index] if landing and view.rows_before else row)
            totals.append(total)  # a row's total changes when the flying card lands, not before
            self._draw_row_label(surface, layout, index, total, choosing_row)
            if moving and last is not None and last.row == index:
                continue
            for slot, card in enumerate(row):
                rect = layout.row_card_rect(index, slot)
                surface.blit(art.face(card, rect.size), rect)
            if last is not None and last.row == index:
                self._draw_last_placement(surface, layout, view, index, len(row))
            crossed = last is not None and last.row == index and bool(last.taken)
            if shown_preview is not None and shown_preview.row == index and not crossed:
                slot = 5 if shown_preview.takes else len(row)
                rect = layout.row_card_rect(index, slot)
                surface.blit(art.face(shown_preview.card, rect.size, LOOK_GHOST), rect)
        if moving:
            self._draw_motion(surface, layout, view)
        self._drawn_totals = tuple(totals)
        return rows

    def _draw_motion(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> None:
        """Mid-motion: the placed card between its player's spot and its row; taken cards
        on their way from the row to the player's seat."""
        assert self.motion is not None and view.last is not None and view.rows_before is not None
        art = self.art
        t = self.motion.progress
        last = view.last
        row = last.row
        before = view.rows_before[row]
        size = layout.card_size
        seat = layout.seats[last.player]
        if last.taken:
            for slot, card in enumerate(before):
                start = layout.row_card_rect(row, slot)
                rect = _lerp_rect(start, seat.box, t, size)
                surface.blit(art.face(card, size), rect)
            target = layout.row_card_rect(row, 0)
        else:
            for slot, card in enumerate(before):
                rect = layout.row_card_rect(row, slot)
                surface.blit(art.face(card, size), rect)
            target = layout.row_card_rect(row, len(before))
        rect = _lerp_rect(seat.card, target, t, size)
        surface.blit(art.face(last.card, size), rect)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(8 * layout.scale), round(8 * layout.scale)),
                         width=max(3, round(4 * layout.scale)), border_radius=max(4, rect.width // 7))

    def _draw_row_label(self, surface: pygame.Surface, layout: TableLayout, index: int, penalty: int,
                        choosing_row: bool) -> None:
        label = layout.row_labels[index]
        s = layout.scale
        colour = theme.ACCENT if choosing_row else theme.TEXT
        theme.blit_text(surface, f"Row {index + 1}", layout.font_label, colour,
                        center=(label.centerx, label.centery - round(16 * s)))
        icon_h = round(24 * s)
        icon = self.art.bull(icon_h, theme.TEXT_DIM, theme.FELT_DARK)
        digits_h = round(24 * s)
        number_rect = write_number(surface, penalty, (label.centerx + round(14 * s), label.centery + round(18 * s)),
                                   digits_h, sprites=self.ctx.sprites, colour=colour)
        surface.blit(icon, icon.get_rect(midright=(number_rect.left - round(4 * s), number_rect.centery)))

    def _draw_last_placement(self, surface: pygame.Surface, layout: TableLayout, view: TableView,
                             row: int, length: int) -> None:
        """Ring the card just placed; after a take, show the taken cards crossed out beside it."""
        last = view.last
        assert last is not None
        s = layout.scale
        rect = layout.row_card_rect(row, length - 1)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(10 * s), round(10 * s)),
                         width=max(3, round(5 * s)), border_radius=max(4, rect.width // 7))
        if last.rule is Rule.CLOSEST_ROW:
            return
        art = self.art
        for offset, card in enumerate(last.taken):
            slot = layout.row_card_rect(row, length + offset)
            small = slot.inflate(-round(slot.width * 0.2), -round(slot.height * 0.2))
            surface.blit(art.face(card, small.size, LOOK_DIM), small)
            pygame.draw.line(surface, theme.DANGER, small.topleft, small.bottomright, max(3, round(4 * s)))
        end = layout.row_card_rect(row, max(5, length + len(last.taken) - 1))
        x = end.right + round(14 * s)
        name = self.info.name(last.player)
        taken, size = theme.fit_label(f"taken by {name}", layout.font_label, layout.row_boxes[row].right - x - round(8 * s))
        theme.blit_text(surface, taken, size, theme.DANGER, bottomleft=(x, end.centery))
        draw_rich(surface, [last.penalty, " " + noun_for(last.penalty, "point")], size, theme.DANGER, self.ctx.sprites,
                  midleft=(x, end.centery + size // 2 + round(2 * s)))

    def _draw_players(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> tuple[str, ...]:
        """The seats' boxes; returns the note drawn under each bot's name ("" for the others)."""
        notes: list[str] = []
        art = self.art
        sprites = self.ctx.sprites
        s = layout.scale
        upcoming = view.upcoming
        next_player = upcoming[0] if upcoming is not None else None
        placed = view.placed_players()
        choosing = view.stage in (Stage.CHOOSE, Stage.CURTAIN, Stage.THINKING)
        scores: list[int] = []
        for player, parts in enumerate(layout.seats):
            seat = self.info.seats[player]
            is_next = player == next_player
            is_last = view.last is not None and view.last.player == player
            edge = theme.ACCENT if is_next else (theme.GOOD if choosing and player == view.chooser else None)
            if edge is not None:
                pygame.draw.rect(surface, edge, parts.box, width=max(2, round(4 * s)), border_radius=round(10 * s))
            if is_next:
                draw_marker(surface, parts.marker, theme.ACCENT)
            detail = self._seat_detail(view, player)
            detail_colour = theme.ACCENT if is_last and view.last and view.last.penalty else theme.TEXT_DIM
            if player in view.thinking:
                detail_colour = theme.GOOD
            bot = self.session.bot_status(player) if self.session is not None else None
            notes.append(self._draw_bot_lines(surface, layout, parts.lines, seat.name, detail, detail_colour, bot)
                         if bot is not None else "")
            if bot is None:
                name, name_size = theme.fit_label(seat.name, layout.font_name, parts.name.width)
                theme.blit_text(surface, name, name_size, theme.TEXT, midleft=(parts.name.left, parts.name.centery))
                detail, detail_size = theme.fit_label(detail, layout.font_small, parts.detail.width)
                theme.blit_text(surface, detail, detail_size, detail_colour,
                                midleft=(parts.detail.left, parts.detail.centery))
            score = view.scores[player]
            if self.motion is not None and is_last and view.last is not None:
                score -= view.last.penalty  # the points count once the taken cards arrive
            scores.append(score)
            write_number(surface, score, (parts.score.centerx, parts.score.centery - round(8 * s)),
                         round(36 * s), sprites=sprites, colour=theme.TEXT)
            card_rect = parts.card
            if view.turn_cards:
                card = view.turn_cards[player]
                look = LOOK_DIM if player in placed and not is_last else "normal"
                surface.blit(art.face(card, card_rect.size, look), card_rect)
            elif choosing and view.chosen[player]:
                surface.blit(art.back(card_rect.size), card_rect)
        self._drawn_scores = tuple(scores)
        return tuple(notes)

    def _draw_bot_lines(self, surface: pygame.Surface, layout: TableLayout, lines: tuple[pygame.Rect, ...],
                        name: str, detail: str, detail_colour: theme.Colour, bot: BotStatus) -> str:
        """A bot's seat: its name, what it does, and its last message - or why it lost its seat."""
        name_rect, detail_rect, note_rect = lines
        small = layout.font_small
        name, name_size = theme.fit_label(name, theme.text_px(min(layout.font_name, round(name_rect.height * 1.05))),
                                          name_rect.width)
        theme.blit_text(surface, name, name_size, theme.TEXT, midleft=(name_rect.left, name_rect.centery))
        if bot.disqualified:
            detail, detail_colour = "disqualified: " + bot.disqualified, theme.DANGER
            note, note_colour = "now plays randomly", theme.DANGER
        else:
            note, note_colour = (f'"{bot.message}"' if bot.message else "(no message)"), theme.TEXT
        size = theme.text_px(min(small, round(detail_rect.height * 1.05)))
        detail, detail_size = theme.fit_label(detail, size, detail_rect.width)
        theme.blit_text(surface, detail, detail_size, detail_colour, midleft=(detail_rect.left, detail_rect.centery))
        note, note_size = theme.fit_label(note, size, note_rect.width)
        theme.blit_text(surface, note, note_size,
                        note_colour if bot.message or bot.disqualified else theme.TEXT_DIM,
                        midleft=(note_rect.left, note_rect.centery))
        return note

    def _draw_bot_details(self, surface: pygame.Surface, layout: TableLayout) -> tuple[str, ...]:
        """The mouse is over a bot's seat: its command, last message, disqualification and the
        end of its debug output, in a box beside the seat."""
        if self.session is None:
            return ()
        player = next((p for p, parts in enumerate(layout.seats) if parts.box.collidepoint(self.mouse)), None)
        bot = self.session.bot_status(player) if player is not None else None
        if player is None or bot is None:
            return ()
        s = layout.scale
        size = layout.font_small
        width = round(560 * s)
        pad = round(12 * s)
        text_w = width - 2 * pad
        lines: list[tuple[str, theme.Colour]] = [(f"{self.info.name(player)}: {bot.command}", theme.ACCENT)]
        lines.append((f'Last message: "{bot.message}"' if bot.message else "No message yet", theme.TEXT))
        if bot.detail:
            lines += [(line, theme.DANGER) for line in wrap_text(bot.detail + "; it now plays randomly.",
                                                                 size, text_w)]
        lines.append(("Debug output (stderr), last lines:" if bot.stderr_tail else "No debug output (stderr)",
                      theme.TEXT_DIM))
        lines += [(fit_text(line, text_w, size), theme.TEXT) for line in bot.stderr_tail[-4:]]
        line_h = theme.font(size).get_linesize()
        box = pygame.Rect(0, 0, width, len(lines) * line_h + 2 * pad)
        seat_box = layout.seats[player].box
        box.topright = (seat_box.left - round(10 * s), seat_box.top)
        if box.bottom > layout.caption.bottom:
            box.bottom = layout.caption.bottom
        draw_panel(surface, box, theme.BAR, theme.ACCENT, radius=round(10 * s), width=max(2, round(2 * s)))
        y = box.top + pad
        for text, colour in lines:
            text, fitted = theme.fit_label(text, size, text_w)
            theme.blit_text(surface, text, fitted, colour, topleft=(box.left + pad, y))
            y += line_h
        return tuple(text for text, _ in lines)

    def _thinking_dots(self) -> str:
        return "." * (1 + int(self.clock * 3) % 3)

    def _seat_detail(self, view: TableView, player: int) -> str:
        seat = self.info.seats[player]
        who = seat.label if not seat.is_human else ("you" if not self.info.uses_curtain else "human")
        if player in view.thinking:
            return f"{who} - thinking{self._thinking_dots()}"
        if view.stage in (Stage.CHOOSE, Stage.CURTAIN, Stage.THINKING):
            if view.chosen[player]:
                return f"{who} - chosen"
            return f"{who} - choosing..."
        last = view.last
        if last is not None and last.player == player and last.penalty:
            return f"{who} - took {len(last.taken)} {noun_for(len(last.taken), 'card')}"
        return who

    def _draw_caption(self, surface: pygame.Surface, layout: TableLayout, view: TableView,
                      hint: Preview | None) -> None:
        parts = list(view.caption)
        hand = self._hand() if self._choosing() else ()
        if hand and self.selected is not None and hint is None:
            who = parts[0].split(":")[0] if parts and isinstance(parts[0], str) else "Your turn"
            parts = [f"{who}: play ", hand[min(self.selected, len(hand) - 1)],
                     "?  Click it again, press Enter, or click Play"]
        if hint is not None and self.session is not None:
            parts = parts + ["  -  "] + self.session.preview_caption(hint.card)
        if not parts:
            return
        rect = layout.caption
        colour = theme.ACCENT if view.stage in (Stage.ROW_CHOICE, Stage.CHOOSE) else theme.TEXT
        if view.last is not None and view.last.penalty:
            colour = (255, 190, 170)
        draw_rich(surface, parts, layout.font_caption, colour, self.ctx.sprites,
                  center=rect.center, max_width=rect.width - round(24 * layout.scale))

    def _draw_bottom(self, surface: pygame.Surface, layout: TableLayout,
                     view: TableView) -> tuple[int | None, ExplainPanel | None]:
        """The chooser's hand, or this turn's cards, the explanation (or the solo hand) and the
        buttons; returns whose hand was drawn and the explanation drawn."""
        art = self.art
        s = layout.scale
        if self._choosing():
            hand = self._hand()
            hovered = self._hovered_hand_index(layout)
            selected = min(self.selected, len(hand) - 1) if self.selected is not None and hand else None
            for index, card in enumerate(hand):
                rect = layout.hand_card_rect(index, len(hand))
                if index == selected:
                    rect = rect.move(0, -round(14 * s))
                surface.blit(art.face(card, rect.size), rect)
                if index == selected:
                    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(8 * s), round(8 * s)),
                                     width=max(3, round(5 * s)), border_radius=max(4, rect.width // 8))
                elif index == hovered:
                    pygame.draw.rect(surface, theme.TEXT, rect.inflate(round(6 * s), round(6 * s)),
                                     width=max(2, round(2 * s)), border_radius=max(4, rect.width // 8))
            play = f"Play {hand[selected]}" if selected is not None else "Play"
            draw_button(surface, layout.play_button, play, theme.text_px(32, s), enabled=selected is not None,
                        hovered=layout.play_button.collidepoint(self.mouse), key_hint="Enter")
            return self._hand_owner(), None
        self._draw_queue(surface, layout, view)
        drawn_owner = None
        panel = None
        owner = self._hand_owner()
        if self.explain and (view.last is not None or owner is None):
            panel = self._draw_explain(surface, layout, view)
        elif owner is not None and self.session is not None:
            hand = self.session.game.hand(owner)
            area = layout.small_hand_area
            if hand:
                theme.blit_text(surface, "Your hand", layout.font_small, theme.TEXT_DIM,
                                midtop=(area.centerx, area.top))
            for index, card in enumerate(hand):
                rect = layout.small_hand_rect(index, len(hand))
                surface.blit(art.face(card, rect.size), rect)
            drawn_owner = owner
        self._draw_buttons(surface, layout, view)
        return drawn_owner, panel

    def _explanation(self, view: TableView) -> ExplainPanel | None:
        state = self.shown_state()
        key = (id(self.states), state)
        if self._panel_cache is not None and self._panel_cache[0] == key:
            return self._panel_cache[1]
        panel = None
        if state is not None and view.last is not None:
            later = sorted(enumerate(state.revealed), key=lambda pc: pc[1])[state.step:]
            panel = explain_panel(state.rows_before, state.placement, self.info.rules, self.info.names(), later)
        self._panel_cache = (key, panel)
        return panel

    def _draw_explain(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> ExplainPanel | None:
        """The explain panel, rendered once per placement and size (it is text-heavy)."""
        panel = self._explanation(view)
        key = (layout.size, panel)
        if self._panel_image is None or self._panel_image[0] != key:
            image = pygame.Surface(layout.explain_area.size)
            if pygame.display.get_surface() is not None:
                image = image.convert()
            image.fill(theme.FELT)
            self._render_explain(image, layout, panel)
            self._panel_image = (key, image)
        surface.blit(self._panel_image[1], layout.explain_area)
        return panel

    def _render_explain(self, surface: pygame.Surface, layout: TableLayout, panel: ExplainPanel | None) -> None:
        """The rule, one column per row with its numbers, the verdict (drawn at the origin)."""
        area = pygame.Rect((0, 0), layout.explain_area.size)
        s = layout.scale
        sprites = self.ctx.sprites
        draw_panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
        pad = round(10 * s)
        inner = area.inflate(-2 * pad, -2 * pad)
        if panel is None:
            theme.blit_text(surface, "Explain (E): why each card goes where it goes", layout.font_small,
                            theme.TEXT_DIM, center=inner.center)
            return
        size = theme.text_px(27, s)
        title = wrap_rich(panel.title, size, sprites, inner.width)
        verdict = [line for parts in panel.verdict for line in wrap_rich(parts, size, sprites, inner.width)]
        room = max(1, inner.height // theme.font(size).get_linesize())
        columns = len(title) + 3 + len(verdict) <= room
        if not columns:  # a small window: the rule and the verdict, not each row's numbers
            title = title[:max(1, room - len(verdict))]
            verdict = verdict[:max(0, room - len(title))]
        line_h = inner.height / (len(title) + len(verdict) + (3 if columns else 0))
        y = inner.top + line_h / 2
        for title_line in title:
            draw_rich(surface, title_line, size, theme.ACCENT, sprites, midleft=(inner.left, round(y)),
                      max_width=inner.width)
            y += line_h
        col_w = inner.width / len(panel.columns)
        for index, column in enumerate(panel.columns if columns else ()):
            cx = inner.left + col_w * (index + 0.5)
            cell = pygame.Rect(round(inner.left + col_w * index + 2), round(y - line_h / 2),
                               round(col_w - 4), round(3 * line_h))
            if column.chosen:
                pygame.draw.rect(surface, theme.FELT_LIGHT, cell, border_radius=round(6 * s))
                pygame.draw.rect(surface, theme.ACCENT, cell, width=max(1, round(2 * s)), border_radius=round(6 * s))
            colour = theme.TEXT if column.ok or column.chosen else theme.TEXT_DIM
            for line_index, line in enumerate(column.lines):
                draw_rich(surface, line, size, theme.ACCENT if column.chosen and line_index == 0 else colour,
                          sprites, center=(round(cx), round(y + line_h * line_index)), max_width=cell.width - 4)
        y += 3 * line_h if columns else 0
        for verdict_line in verdict:
            draw_rich(surface, verdict_line, size, theme.TEXT, sprites, midleft=(inner.left, round(y)),
                      max_width=inner.width)
            y += line_h

    def _draw_queue(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> None:
        art = self.art
        s = layout.scale
        order = view.placement_order()
        done = view.done
        for index, (player, card) in enumerate(order):
            rect = layout.queue_card_rect(index)
            look = LOOK_DIM if index < done - 1 or (index == done - 1 and view.stage is not Stage.PLACED) else "normal"
            surface.blit(art.face(card, rect.size, look), rect)
            is_next = index == done and view.stage in (Stage.REVEALED, Stage.PLACED, Stage.ROW_CHOICE)
            is_last = index == done - 1 and view.stage is Stage.PLACED
            if is_next or is_last:
                colour = theme.ACCENT if is_last else theme.TEXT
                pygame.draw.rect(surface, colour, rect.inflate(round(8 * s), round(8 * s)),
                                 width=max(3, round(4 * s)), border_radius=max(4, rect.width // 8))
            name = self.info.name(player)
            name, size = theme.fit_label(name, layout.font_small, rect.width + round(8 * s))
            theme.blit_text(surface, name, size, theme.TEXT if is_next or is_last else theme.TEXT_DIM,
                            midtop=(rect.centerx, rect.bottom + round(6 * s)))

    def speed_label(self) -> str:
        if self.delay <= 0:
            return "no delay"
        return f"{self.delay:g} s"

    def _draw_buttons(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> None:
        size = theme.text_px(30, layout.scale)
        small = theme.text_px(26, layout.scale)
        if self.cursor is None and self.session is not None and self.session.can_take_back is not None:
            draw_button(surface, layout.next_button, "Take back", size,
                        hovered=layout.next_button.collidepoint(self.mouse), key_hint="Backspace")
        else:
            draw_button(surface, layout.next_button, view.next_label, size, enabled=view.can_advance,
                        hovered=layout.next_button.collidepoint(self.mouse), key_hint="Space / Enter / ->")
        auto = "Auto: on" if self.auto else "Auto: off"
        draw_button(surface, layout.auto_button, auto, size, toggled=self.auto,
                    hovered=layout.auto_button.collidepoint(self.mouse),
                    key_hint=f"A   +/- speed: {self.speed_label()}")
        draw_button(surface, layout.back_button, "Back", small, enabled=self.can_go_back(),
                    hovered=layout.back_button.collidepoint(self.mouse), key_hint="<-")
        draw_button(surface, layout.live_button, "Now", small, enabled=self.in_past,
                    hovered=layout.live_button.collidepoint(self.mouse), key_hint="End")

    def _draw_hints(self, surface: pygame.Surface, layout: TableLayout, view: TableView) -> None:
        stage = view.stage
        toggles = f"E: explain   H: hints ({'on' if self.hints else 'off'})   F1: rules   Esc: leave"
        if self._choosing():
            hint = "Click a card, then click it again or Enter to play    PgUp: look back    |    " + toggles
        elif stage is Stage.ROW_CHOICE and self.cursor is None:
            hint = "Click a row or press 1-4 to take it    Left: look back    |    " + toggles
        else:
            hint = "Next: Space / Enter / Right    Back: Left    A: auto    +/-: speed    |    " + toggles
        hint = fit_segments(hint, layout.font_small, layout.hints.width - round(20 * layout.scale))
        theme.blit_text(surface, hint, layout.font_small, theme.TEXT_DIM, center=layout.hints.center)

    def _draw_curtain(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Cover the whole window: nobody's hand shows while the laptop changes hands."""
        assert self.session is not None
        surface.fill(theme.CURTAIN)
        w, h = surface.get_size()
        s = layout.scale
        name = self.session.name(self.session.chooser or 0)
        draw_rich(surface, self._status_parts(), layout.font_status, theme.TEXT_DIM, self.ctx.sprites,
                  center=(w // 2, round(h * 0.22)))
        title = f"Pass to {name}"
        size = theme.fit_size(title, theme.text_px(110, s), w - round(80 * s))
        theme.blit_text(surface, title, size, theme.ACCENT, bold=True, center=(w // 2, round(h * 0.42)))
        theme.blit_text(surface, f"{name}: press Enter when ready (or click)", theme.text_px(44, s), theme.TEXT,
                        center=(w // 2, round(h * 0.58)))
        theme.blit_text(surface, "Everyone else, please look away while a card is chosen.", theme.text_px(30, s),
                        theme.TEXT_DIM, center=(w // 2, round(h * 0.68)))
        back = self.session.can_take_back
        if back is not None:
            rect = curtain_take_back_rect(layout)
            draw_button(surface, rect, f"{self.session.name(back)}: take my card back", theme.text_px(28, s),
                        hovered=rect.collidepoint(self.mouse), key_hint="Backspace")
