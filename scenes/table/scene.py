"""The table screen: it composes the table's components and turns inputs into actions.

The game flow lives in the source (:mod:`scenes.table.source`): a live game
(:class:`scenes.model.session.TableSession`) or a replayed record, behind one
protocol, so this scene never asks which it shows.  The scene keeps view
state only - the history cursor and Auto's clock (:mod:`scenes.table.cursor`),
the card motion, the selected hand card, the toggles - builds each frame's
:class:`scenes.table.frame.Frame` and has :class:`scenes.table.painter.TablePainter`
draw it; :class:`scenes.table.controls.Controls` turns inputs into its actions.
Nothing here decides where a card goes, and ``draw`` changes nothing.

Every placement is kept as a :class:`game.timeline.TableState`; live, past and
replayed placements are all drawn by :func:`scenes.model.view.view_of_state` from a
state, so they look the same pixel for pixel.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.i18n import _
from game.timeline import TableState

from ..model import classic
from .predictor import Predictor
from ..base import AppContext, Input, Scene
from ..kit.cards import CardArt
from .choosing import PhaseGuard, hand_index_at
from .layout import TableLayout, table_layout
from ..model.replay import Replay
from ..model.session import Preview, Stage, TableSession, preview
from ..model.view import TableView
from . import players
from .controls import Controls
from .curtain import draw_curtain
from .cursor import AutoClock, History, Move
from .frame import Frame, FrameInfo, selected_index
from .motion import Motion
from .painter import TablePainter, curtain_info, top_bar_rects
from .showing import Showing
from .source import LiveSource, ReplaySource, TableSource


def shot_name(state: TableState) -> str:
    """The screenshot file of a placement: ``turn3-step2.png`` (``round2-`` first after round 1)."""
    name = f"turn{state.turn + 1}-step{state.step}.png"
    return f"round{state.round + 1}-{name}" if state.round > 0 else name


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
        self.source = source_of(session, replay)
        self.info = self.source.info
        states = self.source.states
        start = first if self.source.live_end is None else None
        self.history = History(start, at_reveal and start is not None and states[first].step == 1)
        self.shown = Showing(self.source, self.history)
        self.clock_auto = AutoClock(auto, ctx.options.step_delay)
        """Auto: steps on by itself after a delay (key A; + and - change the delay)."""
        self.explain = explain if explain is not None else (self.source.plays_states or self.info.mode == "demo")
        """The explain panel is shown (key E)."""
        self.hints = False
        """Hints for learners (key H): where the hovered / selected hand card would go."""
        self.motion: Motion | None = None
        self.selected: int | None = None
        """The hand card chosen to be played (index), until it is confirmed: a second click on
        it, Enter or Play (nothing is selected when a hand is first shown)."""
        self.guard = PhaseGuard()
        """Clicks and Enter right after the table changed phase are not meant for the hand."""
        self.frame_pending = True
        """Something changed that no frame has shown yet: ignore inputs that act on it
        (e.g. a second Enter must not lift a curtain nobody has seen)."""
        shown = self.shown.shown_state() if start is not None and states else None
        self._screenshot = shot_name(shown) if shown is not None else None
        self.clock = 0.0
        """Seconds shown so far (animates "thinking...")."""
        self.painter = TablePainter(self.info)
        self.predictor = Predictor(self)
        """Predict mode (key P): guess each placement before it is shown."""
        self.controls = Controls(self)
        self.on_leave: Callable[[], None] | None = None
        """Esc's way back from a replay opened from the scoreboard (whose top bar says *Replay*)."""

    # ------------------------------------------------------------ queries
    # What other screens and the tests read, under the names they have always had:
    session = property(lambda self: self.source.session, doc="The live game (None in a replay).")
    replay = property(lambda self: self.source.replay, doc="The replayed record (None in a live game).")
    delay = property(lambda self: self.clock_auto.delay, doc="Auto's delay (seconds per placement).")
    timer = property(lambda self: self.clock_auto.elapsed, doc="Seconds the frame has waited for Auto.")
    live_stage = property(lambda self: self.source.stage, doc="What the live game shows and waits for.")
    _bg = property(lambda self: self.painter.background.image, doc="The still layer as last rendered.")

    @property
    def cursor(self) -> int | None:
        """The shown state's index, or ``None`` for the live game."""
        return self.history.index

    @property
    def at_reveal(self) -> bool:
        """The moment before the shown turn's first placement: its cards revealed, none placed."""
        return self.history.at_reveal

    @property
    def states(self) -> Sequence[TableState]:
        return self.source.states

    @property
    def in_past(self) -> bool:
        return self.shown.in_past

    @property
    def auto(self) -> bool:
        return self.clock_auto.on

    @auto.setter
    def auto(self, on: bool) -> None:
        self.clock_auto.on = on

    @property
    def game_in_progress(self) -> bool:
        return self.source.live_end is not None and self.source.stage is not Stage.OVER

    @property
    def art(self) -> CardArt:
        """Card pictures for the rules of the game on the table (a classic replay shows classic penalties)."""
        return self.ctx.art.for_rules(self.info.rules)

    def view(self) -> TableView:
        return self.shown.view()

    def can_go_back(self) -> bool:
        return self.shown.can_go_back()

    def layout(self) -> TableLayout:
        surface = pygame.display.get_surface()
        return table_layout(surface.get_size() if surface is not None else (1280, 720), len(self.info.seats))

    def _seat_detail(self, view: TableView, player: int) -> str:
        return players.seat_detail(self.info, view, player, "." * (1 + int(self.clock * 3) % 3))

    def _seat_details(self, view: TableView, player: int) -> tuple[str, ...]:
        """What a seat is and does, longest first: a narrow seat shows what it does only."""
        return players.seat_details(self.info, view, player, "." * (1 + int(self.clock * 3) % 3),
                                    self._seat_detail(view, player))

    def speed_label(self) -> str:
        return self.clock_auto.label

    def frame(self, size: tuple[int, int]) -> Frame:
        """Everything a frame of the table at ``size`` is drawn from."""
        return frame_of(self, size)

    @property
    def last_frame(self) -> FrameInfo | None:
        """What the frame on screen shows (worked out from the same data it was drawn from)."""
        surface = pygame.display.get_surface()
        if surface is None:
            return None
        if self.shown.curtained:
            return curtain_info(self.source.chooser)
        return self.painter.frame_info(self.frame(surface.get_size()))

    def top_bar_rects(self) -> tuple[pygame.Rect, ...]:
        """Where the top bar shows where we are, the middle, the game, and "?"."""
        return top_bar_rects(self.frame(self.layout().size))

    # ----------------------------------------------------------- actions
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        self.controls.handle(inp)

    def toggle_auto(self) -> None:
        """Switch automatic stepping on or off (the Auto button, key A; Space pauses)."""
        self.clock_auto.toggle()

    def change_speed(self, faster: bool) -> None:
        """+ / -: a shorter or longer auto-advance delay, within 0.25 s to 5 s."""
        self.clock_auto.change_speed(faster)

    def show_rules(self) -> None:
        """F1 / "?": the rules screen over the table; closing it leaves the game as it was."""
        self.ctx.nav.show_rules(self.info.rules)

    def back(self) -> None:
        """One placement back (pauses auto-advance: the class is looking at something)."""
        if self.moved(self.history.back(self.shown.tape())):
            self.clock_auto.pause()

    def forward(self) -> None:
        """One placement forward: through the history, then the live game (or the replay's end)."""
        if self.predictor.may_advance():
            self.moved(self.history.forward(self.shown.tape(), self.source.plays_states))

    def to_live(self) -> None:
        """End: back to the live game (in a replay: its last placement)."""
        self.moved(self.history.to_live(self.shown.tape()))

    def go_to(self, index: int) -> None:
        self.moved(self.history.go_to(index, self.shown.tape()))

    def moved(self, move: Move) -> bool:
        """Do what a move of the history cursor (or of the live game) asks; whether anything moved."""
        if move is Move.STEP:
            self.step()
            return True
        if move is Move.NONE:
            return False
        self.clock_auto.restart()
        self.frame_pending = True
        if move is Move.END:
            self.source.finish(self.ctx.nav)
            return True
        self.motion = None
        if move is Move.PLACED:
            self.placed()
        return True

    def step(self) -> None:
        """One step forward: place the next card, ask for a row, or start the next turn."""
        if self.cursor is not None:
            self.forward()
            return
        source = self.source
        if self.frame_pending or not source.can_advance or not self.predictor.may_advance():
            return
        self.clock_auto.restart()
        placement = source.advance()
        self.frame_pending = True
        if placement is not None:
            self.placed()
        elif source.stage is Stage.OVER:
            source.finish(self.ctx.nav)

    def placed(self) -> None:
        """A new placement is on screen: maybe animate it; screenshot it once it stands still."""
        self.frame_pending = True
        state = self.shown.shown_state()
        self.predictor.placed(state)
        if state is not None:
            self._screenshot = shot_name(state)
            self.motion = Motion() if self.delay > 0 else None

    def ask_leave(self) -> None:
        nav = self.ctx.nav
        if self.on_leave is not None:  # a replay opened from a list: back to the list
            self.on_leave()
            return
        note = self.source.leave_note(self.ctx)
        if note is None:
            nav.go_menu()
            return
        nav.ask(_("Leave this game?"), note, yes_label=_("Leave"), no_label=_("Keep playing"), on_yes=nav.go_menu)

    # -------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.guard.note(self.shown.phase(), self.clock)  # what this frame's inputs changed, as of their time
        self.clock += dt
        before = self.source.stage
        if self.source.poll() and self.source.stage is not before:
            self.clock_auto.restart()  # e.g. the AIs' cards are in: show them revealed for a full delay
            self.frame_pending = True
        self.guard.note(self.shown.phase(), self.clock)
        if self.motion is not None:
            self.motion.elapsed += dt
            if self.motion.done:
                self.motion = None
            return
        if self.frame_pending or (self.cursor is None and not self.source.can_advance):
            return
        if self.clock_auto.tick(dt):
            self.forward()

    def frame_presented(self) -> str | None:
        self.frame_pending = False
        if self.motion is not None:
            return None  # the screenshot waits until the card stands in its row
        name, self._screenshot = self._screenshot, None
        return name

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        if self.shown.curtained:
            live = self.source.live_view()
            draw_curtain(surface, table_layout(surface.get_size(), len(self.info.seats)), self.info,
                         classic.status_parts(self.info.rules, live.round, live.turn),
                         self.source.chooser or 0, self.source.can_take_back, self.mouse, self.ctx.sprites,
                         asking=self.source.taking_back)
            return
        frame = self.frame(surface.get_size())
        bar = self.painter.draw(surface, frame)
        self.predictor.draw(surface, frame.layout, (*bar.rects, frame.layout.help_button))


def frame_of(scene: TableScene, size: tuple[int, int]) -> Frame:
    """Everything a frame of ``scene``'s table at ``size`` is drawn from."""
    shown, source, seats = scene.shown, scene.source, range(len(scene.info.seats))
    view, hand = shown.view(), shown.hand()
    return Frame(
        layout=table_layout(size, len(scene.info.seats)), view=view, info=scene.info, art=scene.art,
        sprites=scene.ctx.sprites,
        mouse=scene.mouse, live=shown.live, in_past=shown.in_past, choosing=shown.choosing,
        hand_owner=shown.hand_owner(), hand=hand, selected=selected_index(scene.selected, hand),
        hint=hint_preview(scene), motion=scene.motion.progress if scene.motion is not None else None,
        replay=scene.on_leave is not None,
        explain=scene.explain, hints=scene.hints, seat_details=tuple(scene._seat_details(view, p) for p in seats),
        bots=tuple(source.bot_status(p) for p in seats), can_take_back=source.can_take_back, auto=scene.auto,
        speed=scene.speed_label(), can_go_back=shown.can_go_back(), over=shown.at_the_end,
        cursor=scene.cursor, at_reveal=scene.at_reveal, state_count=len(scene.states),
        shown_state=shown.shown_state(), hides_preview=scene.predictor.hides_preview,
    )


def hint_preview(scene: TableScene) -> Preview | None:
    """With hints on: where the hovered (or else the selected) hand card would go now."""
    if not scene.hints or not scene.shown.choosing:
        return None
    hand = scene.shown.hand()
    index = hand_index_at(scene.layout(), scene.mouse, len(hand))
    index = scene.selected if index is None else index
    if not hand or index is None:
        return None
    return preview(scene.source.game.rows, hand[min(index, len(hand) - 1)])
