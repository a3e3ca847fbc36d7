"""The table screen: it composes the table's components and turns inputs into actions.

The game flow lives in the source (:mod:`scenes.table.source`): a live game
(:class:`scenes.session.TableSession`) or a replayed record, behind one
protocol, so this scene never asks which it shows.  The scene keeps only
view state - which placement is shown (the history cursor), Auto's timer, the
card motion, the selected hand card, the toggles - builds each frame's
:class:`scenes.table.frame.Frame` and asks every component to draw from it.
Nothing here decides where a card goes, and ``draw`` changes nothing.

History and replays: every placement is kept as a
:class:`game.timeline.TableState`; the scene shows either the live game
(``cursor is None``) or one of those states.  Live, past and replayed
placements are all drawn by :func:`scenes.view.view_of_state` from a state,
so they look the same pixel for pixel.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.timeline import TableState

from .. import classic
from ..base import AppContext, Input, InputKind, Scene
from ..cards import CardArt
from ..confirm import ConfirmScene
from ..hand import HAND_GUARD_SECONDS, PhaseGuard, curtain_take_back_rect, hand_index_at
from ..layout import TableLayout, table_layout
from ..replay import Replay
from ..session import Preview, Stage, TableSession, preview
from ..view import TableInfo, TableView, view_of_reveal, view_of_state
from . import bot_details, caption, players, rows
from .background import Background
from .buttons import draw_buttons
from .curtain import draw_curtain
from .explain_panel import ExplainArea, shows_explanation
from .frame import Frame, FrameInfo
from .hand import draw_hand, draw_small_hand
from .hints import draw_hints
from .motion import Motion
from .past import draw_past_frame
from .queue import draw_queue
from .source import LiveSource, ReplaySource, TableSource
from .top_bar import draw_top_bar, place_top_bar

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


def shot_name(state: TableState) -> str:
    """The screenshot file of a placement: ``turn3-step2.png`` (``round2-`` first after round 1)."""
    name = f"turn{state.turn + 1}-step{state.step}.png"
    return f"round{state.round + 1}-{name}" if state.round > 0 else name


def _clicked(inp: Input, rect: pygame.Rect) -> bool:
    return inp.kind is InputKind.CLICK and rect.collidepoint(inp.pos)


def source_of(session: TableSession | None, replay: Replay | None) -> TableSource:
    """The source of a live ``session`` or of a ``replay`` (exactly one is given)."""
    if session is not None and replay is None:
        return LiveSource(session)
    if replay is not None and session is None:
        return ReplaySource(replay)
    raise ValueError("give a live session or a replay")


class TableScene(Scene):
    """The main screen of a game (``session``), or of a replayed record (``replay``)."""

    def __init__(self, ctx: AppContext, session: TableSession | None, auto: bool = False, *,
                 replay: Replay | None = None, explain: bool | None = None, first: int = 0,
                 at_reveal: bool = False) -> None:
        """``first``: the placement a replay opens at (its index among all placements);
        ``at_reveal``: at the moment its turn's cards were revealed, before it."""
        super().__init__(ctx)
        self.source: TableSource = source_of(session, replay)
        self.info: TableInfo = self.source.info
        self.auto = auto
        self.delay = ctx.options.step_delay
        self.timer = 0.0
        self.explain = explain if explain is not None else (self.source.plays_states or self.info.mode == "demo")
        """The explain panel is shown (key E)."""
        self.hints = False
        """Hints for learners (key H): where the hovered / selected hand card would go."""
        states = self.source.states
        self.cursor: int | None = first if self.source.live_end is None else None
        """The shown state's index, or ``None`` for the live game."""
        self.at_reveal = at_reveal and self.cursor is not None and states[first].step == 1
        """With a cursor on a turn's first placement: the moment before it, the turn's cards
        revealed and none placed yet."""
        self.motion: Motion | None = None
        self.selected: int | None = None
        """The hand card chosen to be played (index), until it is confirmed: a second click on
        it, Enter or Play (nothing is selected when a hand is first shown)."""
        self.guard = PhaseGuard()
        """Clicks and Enter right after the table changed phase are not meant for the hand."""
        self._selected_by_enter = -HAND_GUARD_SECONDS
        """When Enter last selected a card (the next Enter must wait a moment to play it)."""
        self._frame_pending = True
        """Something changed that no frame has shown yet: ignore inputs that act on it
        (e.g. a second Enter must not lift a curtain nobody has seen)."""
        self._screenshot: str | None = (shot_name(states[first])
                                        if self.cursor is not None and states and not self.at_reveal else None)
        self.clock = 0.0
        """Seconds shown so far (animates "thinking...")."""
        self.background = Background(self.info.rules)
        self.explain_area = ExplainArea(self.info)
        from ..predictor import Predictor

        self.predictor = Predictor(self)
        """Predict mode (key P): guess each placement before it is shown."""

    # ------------------------------------------------------------ queries
    @property
    def session(self) -> TableSession | None:
        """The live game (``None`` in a replay), for the screens that follow and for tests."""
        return self.source.session

    @property
    def replay(self) -> Replay | None:
        """The replayed record (``None`` in a live game)."""
        return self.source.replay

    @property
    def art(self) -> CardArt:
        """Card pictures for the rules of the game on the table (a classic replay shows
        classic penalties)."""
        return self.ctx.art.for_rules(self.info.rules)

    @property
    def game_in_progress(self) -> bool:
        return self.source.live_end is not None and self.source.stage is not Stage.OVER

    @property
    def states(self) -> Sequence[TableState]:
        return self.source.states

    @property
    def in_past(self) -> bool:
        """Looking at an earlier placement of the live game (never true in a replay)."""
        return self.source.live_end is not None and self.cursor is not None

    @property
    def live_stage(self) -> Stage:
        return self.source.stage

    @property
    def _bg(self) -> pygame.Surface | None:
        """The still layer as last rendered."""
        return self.background.image

    def _is_live(self, index: int) -> bool:
        """Whether the state ``index`` is (or is past) what the live frame shows."""
        end = self.source.live_end
        return end is not None and index >= end

    def view(self) -> TableView:
        """What the table shows now."""
        if self.cursor is not None and self.at_reveal:
            return view_of_reveal(self.states[self.cursor], self.info)
        if self.cursor is not None:
            states = self.states
            final = self.cursor == len(states) - 1 and self.source.complete
            return view_of_state(states[self.cursor], self.info, final)
        return self.source.live_view()

    def shown_state(self) -> TableState | None:
        """The placement on screen, if one is (none at a turn's reveal)."""
        if self.cursor is not None and self.at_reveal:
            return None
        if self.cursor is not None:
            return self.states[self.cursor]
        if self.source.stage is Stage.PLACED and self.states:
            return self.states[-1]
        return None

    def can_go_back(self) -> bool:
        if self.cursor is not None:
            return self.cursor > 0 or not self.at_reveal
        end = self.source.live_end
        if end is None or self.source.stage is Stage.CURTAIN:
            return False
        return end > 0 or self.source.stage is Stage.PLACED

    def layout(self) -> TableLayout:
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else (1280, 720)
        return table_layout(size, len(self.info.seats))

    def _hand_owner(self) -> int | None:
        """Whose hand this frame may show: the live game's rule, and nobody's in the past."""
        return self.source.hand_owner() if self.cursor is None else None

    def _hand(self) -> tuple[int, ...]:
        owner = self._hand_owner()
        return self.source.hand(owner) if owner is not None else ()

    def _choosing(self) -> bool:
        return self.cursor is None and self.live_stage is Stage.CHOOSE

    def _selected_index(self, hand: Sequence[int]) -> int | None:
        return min(self.selected, len(hand) - 1) if self.selected is not None and hand else None

    def _phase_key(self) -> tuple[object, ...]:
        """What the hand's guard watches: a change means the table showed something new."""
        return (self.cursor, *self.source.phase())

    def _too_soon(self) -> bool:
        """An input on the hand or the curtain now could be a click meant for what came before."""
        return self.guard.guarded(self._phase_key(), self.clock)

    def hint_preview(self) -> Preview | None:
        """With hints on: where the selected (or hovered) hand card would go now."""
        if not self.hints or not self._choosing():
            return None
        hand = self._hand()
        index = hand_index_at(self.layout(), self.mouse, len(hand))
        if index is None:
            index = self.selected
        if not hand or index is None:
            return None
        return preview(self.source.game.rows, hand[min(index, len(hand) - 1)])

    def _thinking_dots(self) -> str:
        return "." * (1 + int(self.clock * 3) % 3)

    def _seat_detail(self, view: TableView, player: int) -> str:
        return players.seat_detail(self.info, view, player, self._thinking_dots())

    def speed_label(self) -> str:
        if self.delay <= 0:
            return "no delay"
        return f"{self.delay:g} s"

    def frame(self, size: tuple[int, int]) -> Frame:
        """Everything a frame of the table at ``size`` is drawn from."""
        view = self.view()
        hand = self._hand()
        live = self.cursor is None
        return Frame(
            layout=table_layout(size, len(self.info.seats)), view=view, info=self.info, art=self.art, sprites=self.ctx.sprites,
            mouse=self.mouse, live=live, in_past=self.in_past, choosing=self._choosing(),
            hand_owner=self._hand_owner(), hand=hand, selected=self._selected_index(hand),
            hint=self.hint_preview(), motion=self.motion.progress if self.motion is not None else None,
            explain=self.explain, hints=self.hints,
            seat_details=tuple(self._seat_detail(view, p) for p in range(len(self.info.seats))),
            bots=tuple(self.source.bot_status(p) for p in range(len(self.info.seats))),
            can_take_back=self.source.can_take_back, auto=self.auto, speed=self.speed_label(),
            can_go_back=self.can_go_back(), over=shows_the_end(self), cursor=self.cursor,
            at_reveal=self.at_reveal, state_count=len(self.states), shown_state=self.shown_state(),
            hides_preview=self.predictor.hides_preview,
        )

    def _curtained(self) -> bool:
        return self.cursor is None and self.live_stage is Stage.CURTAIN

    @property
    def last_frame(self) -> FrameInfo | None:
        """What the frame on screen shows (worked out from the same data it was drawn from)."""
        surface = pygame.display.get_surface()
        if surface is None:
            return None
        if self._curtained():
            return FrameInfo(Stage.CURTAIN, (), None, True, self.source.chooser)
        frame = self.frame(surface.get_size())
        view = frame.view
        drawn_owner = frame.hand_owner if frame.choosing or not shows_explanation(frame) else None
        return FrameInfo(
            view.stage, view.rows, drawn_owner, False, view.chooser, past=frame.in_past, cursor=self.cursor,
            explain=self.explain_area.lines(frame), hint_card=frame.hint.card if frame.hint is not None else None,
            moving=frame.motion is not None, bot_details=tuple(text for text, _ in bot_details.detail_lines(frame)),
            seat_notes=players.seat_notes(frame), row_totals=rows.row_totals(frame),
            scores=players.shown_scores(frame), top_bar=self.top_bar_rects(frame),
        )

    def top_bar_rects(self, frame: Frame | None = None) -> tuple[pygame.Rect, ...]:
        """Where the top bar shows where we are, the middle, the game, and "?"."""
        frame = frame or self.frame(self.layout().size)
        return (*place_top_bar(frame).rects, frame.layout.help_button)

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
        if self._curtained():
            self._handle_curtain(inp)
        elif self.predictor.handle_event(inp, layout):
            return
        elif inp.is_key(pygame.K_F1) or _clicked(inp, layout.help_button):
            self.show_rules()
        elif self._handle_toggles(inp):
            return
        elif self.cursor is not None:
            self._handle_browsing(inp, layout)
        elif self.live_stage is Stage.CHOOSE:
            if inp.is_key(pygame.K_PAGEUP, pygame.K_BACKSPACE):
                self.back()
            else:
                self._handle_choose(inp, layout)
        elif self.live_stage is Stage.ROW_CHOICE:
            if inp.is_key(*BACK_KEYS) or _clicked(inp, layout.back_button):
                self.back()
            else:
                self._handle_row_choice(inp, layout)
        elif self.live_stage in (Stage.REVEALED, Stage.PLACED, Stage.THINKING):
            self._handle_stepping(inp, layout)

    def _handle_stepping(self, inp: Input, layout: TableLayout) -> None:
        """Cards are placed: step, look back, Auto (while an AI thinks "Next" has nothing to do yet)."""
        if self.source.can_take_back is not None and (
                inp.is_key(pygame.K_BACKSPACE) or _clicked(inp, layout.next_button)):
            self.source.take_back()  # "Take back": the human chooses again
            self.selected = None
            self._frame_pending = True
        elif inp.is_key(*BACK_KEYS) or _clicked(inp, layout.back_button):
            self.back()
        elif _clicked(inp, layout.auto_button):
            self.toggle_auto()
        elif _clicked(inp, layout.live_button):
            pass
        elif inp.is_key(pygame.K_SPACE) and self.auto:
            self.toggle_auto()  # Space pauses auto-advance
        elif inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or inp.kind is InputKind.CLICK:
            self.step()

    def _handle_toggles(self, inp: Input) -> bool:
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
        if self._frame_pending:
            return
        if inp.is_key(pygame.K_BACKSPACE) or _clicked(inp, curtain_take_back_rect(self.layout())):
            if self.source.can_take_back is not None:
                self.source.take_back()
                self.selected = None
                self._frame_pending = True
            return
        if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or inp.kind is InputKind.CLICK:
            if self._too_soon():
                return
            self.source.dismiss_curtain()
            self.selected = None
            self._frame_pending = True

    def _handle_browsing(self, inp: Input, layout: TableLayout) -> None:
        if inp.is_key(*BACK_KEYS, pygame.K_BACKSPACE) or _clicked(inp, layout.back_button):
            self.back()
        elif inp.is_key(pygame.K_END) or (_clicked(inp, layout.live_button) and self.in_past):
            self.to_live()
        elif inp.is_key(pygame.K_HOME):
            self.go_to(0)
        elif _clicked(inp, layout.auto_button):
            self.toggle_auto()
        elif inp.is_key(pygame.K_SPACE) and self.auto:
            self.toggle_auto()
        elif inp.is_key(pygame.K_SPACE, *FORWARD_KEYS) or _clicked(inp, layout.next_button):
            self.forward()

    def _handle_choose(self, inp: Input, layout: TableLayout) -> None:
        """Select a card (click it, Left / Right), then play it: click it again, Enter, or Play."""
        hand = self._hand()
        if not hand:
            return
        count = len(hand)
        selected = self.selected = self._selected_index(hand)
        if inp.is_key(pygame.K_LEFT):
            self.selected = (selected - 1) % count if selected is not None else count - 1
        elif inp.is_key(pygame.K_RIGHT):
            self.selected = (selected + 1) % count if selected is not None else 0
        elif inp.is_key(pygame.K_HOME):
            self.selected = 0
        elif inp.is_key(pygame.K_END):
            self.selected = count - 1
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter_on_hand(hand, selected)
        elif inp.kind is InputKind.CLICK and not self._too_soon():
            index = hand_index_at(layout, inp.pos, count)
            if _clicked(inp, layout.play_button) and selected is not None:
                self._choose(hand[selected])
            elif index is not None and index == selected:
                self._choose(hand[index])
            elif index is not None:
                self.selected = index

    def _enter_on_hand(self, hand: tuple[int, ...], selected: int | None) -> None:
        """Enter selects the first card, then plays the selected one."""
        if self._too_soon() or self.clock - self._selected_by_enter < HAND_GUARD_SECONDS:
            return  # Enter held down or hammered to step on does not select and play at once
        if selected is None:
            self.selected = 0  # Enter with nothing selected selects; the next Enter plays
            self._selected_by_enter = self.clock
        else:
            self._choose(hand[selected])

    def _handle_row_choice(self, inp: Input, layout: TableLayout) -> None:
        row: int | None = None
        if inp.kind is InputKind.KEY:
            row = ROW_KEYS.get(inp.key)
        elif inp.kind is InputKind.CLICK:
            row = rows.row_at(layout, inp.pos)
        if row is not None and not self._frame_pending:
            self.source.pick_row(row)
            self._placed()

    def _choose(self, card: int) -> None:
        if self._frame_pending:
            return
        self.source.choose(card)
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
        from ..rules_screen import RulesScene

        self.ctx.manager.push(RulesScene(self.ctx, self.info.rules))

    def back(self) -> None:
        """One placement back (pauses auto-advance: the class is looking at something)."""
        if not self.can_go_back():
            return
        states = self.states
        if self.cursor is None and self.live_stage is Stage.PLACED and states[-1].step == 1:
            self.cursor, self.at_reveal = len(states) - 1, True  # this turn's cards, none placed yet
        elif self.cursor is None:
            self.cursor = (self.source.live_end or 0) - 1
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
        elif self.at_reveal:  # the turn's cards were revealed: now the first one is placed
            self.at_reveal = False
            self._shown_changed()
            if self._is_live(self.cursor):
                self.cursor = None
            else:
                self._placed()
        elif self.cursor + 1 < len(self.states) and self.states[self.cursor + 1].step == 1:
            self.cursor, self.at_reveal = self.cursor + 1, True  # a new turn: its cards revealed first
            self._shown_changed()
        elif self._is_live(self.cursor + 1):
            self.cursor = None
            self._shown_changed()
        elif self.cursor + 1 >= len(self.states):
            self.timer = 0.0
            self._frame_pending = True
            self.source.finish(self.ctx.nav)
        else:
            self.cursor += 1
            self._shown_changed()
            if self.source.plays_states:
                self._placed()

    def to_live(self) -> None:
        """End: back to the live game (in a replay: its last placement)."""
        self.at_reveal = False
        if self.source.live_end is None:
            self.go_to(len(self.states) - 1)
        elif self.cursor is not None:
            self.cursor = None
            self._shown_changed()

    def go_to(self, index: int) -> None:
        states = self.states
        if not states:
            return
        index = max(0, min(index, len(states) - 1))
        self.at_reveal = False
        self.cursor = None if self._is_live(index) else index
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
        source = self.source
        if self._frame_pending or not source.can_advance or not self.predictor.may_advance():
            return
        self.timer = 0.0
        placement = source.advance()
        self._frame_pending = True
        if placement is not None:
            self._placed()
        elif source.stage is Stage.OVER:
            source.finish(self.ctx.nav)

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
        note = self.source.leave_note(self.ctx)
        if note is None:
            nav.go_menu()
            return
        manager = self.ctx.manager
        manager.push(ConfirmScene(self.ctx, "Leave this game?", note, yes_label="Leave", no_label="Keep playing",
                                  on_yes=nav.go_menu, on_no=manager.pop))

    # -------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.guard.note(self._phase_key(), self.clock)  # what this frame's inputs changed, as of their time
        self.clock += dt
        before = self.source.stage
        if self.source.poll() and self.source.stage is not before:
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
        if self.cursor is None and not self.source.can_advance:
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
        if self._curtained():
            layout = table_layout(surface.get_size(), len(self.info.seats))
            live = self.source.live_view()
            draw_curtain(surface, layout, self.info, classic.status_parts(self.info.rules, live.round, live.turn),
                         self.source.chooser or 0, self.source.can_take_back, self.mouse, self.ctx.sprites)
            return
        frame = self.frame(surface.get_size())
        self.background.draw(surface, frame.layout)
        bar = place_top_bar(frame)
        draw_top_bar(surface, frame, bar)
        rows.draw_rows(surface, frame)
        players.draw_players(surface, frame)
        caption.draw_caption(surface, frame)
        self._draw_bottom(surface, frame)
        draw_hints(surface, frame)
        draw_past_frame(surface, frame)
        bot_details.draw_bot_details(surface, frame)
        self.predictor.draw(surface, frame.layout, (*bar.rects, frame.layout.help_button))

    def _draw_bottom(self, surface: pygame.Surface, frame: Frame) -> None:
        """The chooser's hand; or this turn's cards, the explanation (or the solo hand) and the buttons."""
        if frame.choosing:
            draw_hand(surface, frame)
            return
        draw_queue(surface, frame)
        if shows_explanation(frame):
            self.explain_area.draw(surface, frame)
        elif frame.hand_owner is not None:
            draw_small_hand(surface, frame)
        draw_buttons(surface, frame)


def shows_the_end(scene: TableScene) -> bool:
    """The game's last placement is on screen: the live game once over, or a replay's last (so a
    replay draws its last frame as the live game did)."""
    last = scene.cursor is None or (scene.cursor == len(scene.states) - 1 and not scene.at_reveal)
    return scene.source.complete and last
