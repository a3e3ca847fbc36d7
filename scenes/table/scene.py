"""The table screen: it composes the table's components and turns inputs into actions.

The game flow lives in the source (:mod:`scenes.table.source`): a live game
(:class:`live.session.TableSession`) or a replayed record, behind one
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
from live.session import Preview, Stage, TableSession, preview
from ..model.view import TableView
from . import players
from .controls import Act, Action, Controls, TableNow
from .curtain import draw_curtain
from .cursor import AutoClock, History
from .frame import Frame, FrameInfo, selected_index
from .painter import TablePainter, curtain_info, top_bar_rects
from .motion import Motion
from .showing import Showing
from .stepping import Stepping
from .source import LiveSource, ReplaySource, TableSource


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
                 at_reveal: bool = False, source: TableSource | None = None) -> None:
        """``first``: the placement a replay opens at (its index among all placements);
        ``at_reveal``: at the moment its turn's cards were revealed, before it; ``source``: the
        game's own source (a table of a room of many: its end is not the lesson's)."""
        super().__init__(ctx)
        self.source = source or source_of(session, replay)
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
        self.selected: int | None = None
        """The hand card chosen to be played (index), until it is confirmed: a second click on
        it, Enter or Play (nothing is selected when a hand is first shown)."""
        self.guard = PhaseGuard()
        """Clicks and Enter right after the table changed phase are not meant for the hand."""
        self.clock = 0.0
        """Seconds shown so far (animates "thinking...")."""
        self.painter = TablePainter(self.info)
        self.predictor = Predictor(self)
        """Predict mode (key P): guess each placement before it is shown."""
        self.stepping = Stepping(self.source, self.history, self.shown, self.clock_auto, self.predictor, ctx.nav)
        """Which placement is shown and how it moves on."""
        self.controls = Controls()
        self.back_to_list: Callable[[], None] | None = None
        """Esc's way back from a replay opened from the scoreboard (whose top bar says *Replay*)."""

    # ------------------------------------------------------------ queries
    # What other screens and the tests read, under the names they have always had:
    @property
    def session(self) -> TableSession | None:
        """The live game (None in a replay)."""
        return self.source.session

    @property
    def replay(self) -> Replay | None:
        """The replayed record (None in a live game)."""
        return self.source.replay

    @property
    def delay(self) -> float:
        """Auto's delay (seconds per placement)."""
        return self.clock_auto.delay

    @property
    def motion(self) -> Motion | None:
        """The card gliding to its row, if one is."""
        return self.stepping.motion

    @property
    def frame_pending(self) -> bool:
        """A change no frame has shown yet."""
        return self.stepping.frame_pending

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
        return table_layout(self.size, len(self.info.seats))

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
        if pygame.display.get_surface() is None:
            return None
        if self.shown.curtained:
            return curtain_info(self.source.chooser)
        return self.painter.frame_info(self.frame(self.size))

    def top_bar_rects(self) -> tuple[pygame.Rect, ...]:
        """Where the top bar shows where we are, the middle, the game, and "?"."""
        return top_bar_rects(self.frame(self.layout().size))

    # ----------------------------------------------------------- actions
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        for action in self.controls.actions(inp, table_now(self)):
            apply(self, action)

    def select(self, index: int) -> None:
        """A hand card is selected (not played yet)."""
        self.selected = index

    def toggle_explain(self) -> None:
        self.explain = not self.explain

    def toggle_hints(self) -> None:
        self.hints = not self.hints

    def choose(self, card: int) -> None:
        """The chooser plays ``card``."""
        if not self.frame_pending:
            self.source.choose(card)
            self.clock_auto.restart()
            self._changed_hand()

    def pick_row(self, row: int) -> None:
        """Rule 4: the human whose card fits no row takes ``row``."""
        if not self.frame_pending:
            self.source.pick_row(row)
            self.stepping.placed()

    def take_back(self) -> None:
        """The last human who chose takes their card back and chooses again."""
        self.source.take_back()
        self._changed_hand()

    def keep_card(self) -> None:
        """The curtain's question: the human keeps the card they chose."""
        self.source.keep_card()
        self.stepping.frame_pending = True

    def dismiss_curtain(self) -> None:
        """The named human is at the keyboard: their hand shows."""
        self.source.dismiss_curtain()
        self._changed_hand()

    def _changed_hand(self) -> None:
        self.selected = None
        self.stepping.frame_pending = True

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
        self.stepping.back()

    def forward(self) -> None:
        self.stepping.forward()

    def step(self) -> None:
        self.stepping.step()

    def go_to(self, index: int) -> None:
        self.stepping.go_to(index)

    def ask_leave(self) -> None:
        nav = self.ctx.nav
        if self.back_to_list is not None:  # a replay opened from a list: back to the list
            self.back_to_list()
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
            self.stepping.frame_pending = True
        self.guard.note(self.shown.phase(), self.clock)
        self.stepping.tick(dt)

    def frame_presented(self) -> str | None:
        return self.stepping.presented()

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


def table_now(scene: TableScene) -> TableNow:
    """What the controls read of the table when an input comes."""
    source, shown = scene.source, scene.shown
    return TableNow(
        layout=scene.layout(), curtained=shown.curtained, taking_back=source.taking_back is not None,
        can_take_back=source.can_take_back is not None, frame_pending=scene.frame_pending,
        moving=scene.motion is not None, auto=scene.auto, browsing=scene.cursor is not None, in_past=scene.in_past,
        stage=scene.source.stage, hand=shown.hand(), selected=scene.selected,
        too_soon=scene.guard.guarded(shown.phase(), scene.clock), clock=scene.clock,
        predictor_takes=scene.predictor.handle_event)


def apply(scene: TableScene, action: Action) -> None:
    """Do what an input asked (:mod:`.controls` says which) through the scene's own methods."""
    if action.act in SIMPLE_ACTIONS:
        SIMPLE_ACTIONS[action.act](scene)
    else:
        VALUE_ACTIONS[action.act](scene, action.value)


SIMPLE_ACTIONS: dict[Act, Callable[[TableScene], None]] = {
    Act.LEAVE: lambda scene: scene.ask_leave(), Act.RULES: lambda scene: scene.show_rules(),
    Act.TOGGLE_AUTO: lambda scene: scene.toggle_auto(), Act.TOGGLE_EXPLAIN: lambda scene: scene.toggle_explain(),
    Act.TOGGLE_HINTS: lambda scene: scene.toggle_hints(), Act.FASTER: lambda scene: scene.change_speed(faster=True),
    Act.SLOWER: lambda scene: scene.change_speed(faster=False),
    Act.SKIP_MOTION: lambda scene: setattr(scene.stepping, "motion", None),
    Act.BACK: lambda scene: scene.back(), Act.FORWARD: lambda scene: scene.forward(),
    Act.STEP: lambda scene: scene.step(), Act.TO_LIVE: lambda scene: scene.stepping.to_live(),
    Act.TAKE_BACK: lambda scene: scene.take_back(), Act.KEEP_CARD: lambda scene: scene.keep_card(),
    Act.DISMISS_CURTAIN: lambda scene: scene.dismiss_curtain(),
}
"""The actions that take no value, and what each asks of the scene (a class table's own step...)."""
VALUE_ACTIONS: dict[Act, Callable[[TableScene, int], None]] = {
    Act.GO_TO: lambda scene, index: scene.go_to(index), Act.SELECT: lambda scene, index: scene.select(index),
    Act.CHOOSE: lambda scene, card: scene.choose(card), Act.PICK_ROW: lambda scene, row: scene.pick_row(row),
}


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
        replay=scene.back_to_list is not None,
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
