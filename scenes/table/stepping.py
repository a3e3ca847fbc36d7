"""How the table moves on: which placement it shows, stepping forward and back, Auto's clock, the
card gliding to its row, and the frame a change waits to be shown in.

:class:`Stepping` is the table scene's clock (no pygame): the scene hands it the inputs that
move (Next, Back, End, Home...) and the time; it asks the game for its next placement when
the live game is shown, and the navigator for what follows the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.timeline import TableState

from live.session import Stage
from .cursor import AutoClock, History, Move
from .motion import Motion

if TYPE_CHECKING:
    from ..base import Navigator
    from .predictor import Predictor
    from .showing import Showing
    from .source import TableSource


def shot_name(state: TableState) -> str:
    """The screenshot file of a placement: ``turn3-step2.png`` (``round2-`` first after round 1)."""
    name = f"turn{state.turn + 1}-step{state.step}.png"
    return f"round{state.round + 1}-{name}" if state.round > 0 else name


def always() -> bool:
    return True


class Stepping:
    """The shown placement and how it moves on."""

    def __init__(self, source: TableSource, history: History, shown: Showing, clock_auto: AutoClock,
                 predictor: Predictor, nav: Navigator) -> None:
        self.source = source
        self.history = history
        self.shown = shown
        self.clock_auto = clock_auto
        self.predictor = predictor
        self.nav = nav
        self.may_step: Callable[[], bool] = always
        """Whether the live game may show its next placement now (a class may still be predicting it)."""
        self.finished = False
        """What follows the live game's end was shown (once: coming back to its end shows it again
        only by a step)."""
        self.motion: Motion | None = None
        self.frame_pending = True
        """Something changed that no frame has shown yet: ignore inputs that act on it
        (e.g. a second Enter must not lift a curtain nobody has seen)."""
        shown_state = shown.shown_state() if history.index is not None and source.states else None
        self.screenshot = shot_name(shown_state) if shown_state is not None else None
        """The placement a frame shows once it stands still, to save as a screenshot."""

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
            self.finish()
            return True
        self.motion = None
        if move is Move.PLACED:
            self.placed()
        return True

    def step(self) -> None:
        """One step forward: place the next card, ask for a row, or start the next turn."""
        if self.history.index is not None:
            self.forward()
            return
        source = self.source
        if self.frame_pending or not source.can_advance or not self.predictor.may_advance() or not self.may_step():
            return
        self.clock_auto.restart()
        placement = source.advance()
        self.frame_pending = True
        if placement is not None:
            self.placed()
        elif source.stage is Stage.OVER:
            self.finish()

    def finish(self) -> None:
        self.finished = True
        self.source.finish(self.nav)

    def placed(self) -> None:
        """A new placement is on screen: maybe animate it; screenshot it once it stands still."""
        self.frame_pending = True
        state = self.shown.shown_state()
        self.predictor.placed(state)
        if state is not None:
            self.screenshot = shot_name(state)
            self.motion = Motion() if self.clock_auto.delay > 0 else None

    def tick(self, dt: float) -> None:
        """``dt`` seconds passed: the card glides on, or Auto steps when its delay is up."""
        if self.motion is not None:
            self.motion.elapsed += dt
            if self.motion.done:
                self.motion = None
            return
        if self.frame_pending:
            return
        if self.history.index is None and self.source.stage is Stage.OVER and not self.finished:
            self.finish()  # the game ended while another screen covered this one (the lesson paced it)
            return
        if self.history.index is None and not self.source.can_advance:
            return
        if self.clock_auto.tick(dt):
            self.forward()

    def presented(self) -> str | None:
        """A frame was shown: the screenshot to save, once the card stands in its row."""
        self.frame_pending = False
        if self.motion is not None:
            return None
        name, self.screenshot = self.screenshot, None
        return name
