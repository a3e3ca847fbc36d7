"""Predict mode of the table (key P): ask where the next card goes, then reveal and score.

The table asks its :class:`Predictor` before every step forward
(:meth:`Predictor.may_advance`): with predict on, a step that would reveal a
placement not yet guessed stops and shows the question instead.  An answer
(1-4, T, a click on a row or on the prompt's buttons) is kept and the step is
taken; when the table shows the placement (:meth:`Predictor.placed`) the
guess is scored against the engine's placement (:mod:`game.predict`).

Nothing here knows a rule: the question is the next card the session or the
replay will place, the answer is the placement the engine made.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.predict import TAKES, Question, Tally, Verdict, question_of, score
from game.timeline import TableState

from ..base import AppContext, Input, InputKind
from .layout import TableLayout
from .predict_panel import PredictFrame, answer_at, draw_predict, predict_button, predict_frame
from live.session import Stage



class PredictHost(Protocol):
    """What predict mode uses of the table screen it is part of."""

    ctx: AppContext
    source: Any
    shown: Any
    info: Any
    explain: bool
    mouse: tuple[int, int]

    @property
    def cursor(self) -> Any: ...
    @property
    def at_reveal(self) -> bool: ...
    @property
    def in_past(self) -> bool: ...
    def layout(self) -> TableLayout: ...
    def top_bar_rects(self) -> tuple[pygame.Rect, ...]: ...
    def forward(self) -> None: ...

ANSWER_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
               pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3, pygame.K_t: TAKES}

class Predictor:
    """Predict mode of one table scene."""

    def __init__(self, scene: PredictHost) -> None:
        self.scene = scene
        self.on = scene.ctx.predicting.on
        self.guesses: dict[Question, int] = {}
        """Answers given, by question (a step back and forward again is not asked twice)."""
        self.verdicts: dict[Question, Verdict] = {}
        self.asking: Question | None = None
        self.class_guesses = False
        """The class predicts on their phones (a class game): the preview stays hidden too."""
        if self.on:
            self.tally  # noqa: B018 - made now, not by the first frame that shows it

    # ------------------------------------------------------------ state
    @property
    def button_rect(self) -> pygame.Rect:
        """The Predict toggle, where the frame on screen has it (beside the top bar's parts)."""
        rects = self.scene.top_bar_rects()
        return predict_button(self.scene.layout(), rects[0], rects[2])

    @property
    def last_frame(self) -> PredictFrame:
        """What the frame on screen shows of predict mode."""
        return predict_frame(self)

    @property
    def game(self) -> object:
        return self.scene.source.game

    @property
    def tally(self) -> Tally:
        return self.scene.ctx.predicting.tally_for(self.game)

    def upcoming(self) -> Question | None:
        """The placement the next step forward would show, if it is a new one."""
        scene = self.scene
        source = scene.source
        cursor = scene.cursor
        if cursor is None:
            upcoming = source.upcoming if source.stage in (Stage.REVEALED, Stage.PLACED) else None
            return Question(source.game.round, source.game.turn, *upcoming) if upcoming is not None else None
        if not source.plays_states:
            return None  # a live game's past is only looked at
        states = source.states
        if scene.at_reveal:  # the turn's cards are shown: its first placement next
            return question_of(states[cursor].placement)
        if cursor + 1 < len(states) and states[cursor + 1].step > 1:
            return question_of(states[cursor + 1].placement)
        return None  # the next step reveals a turn's cards, or ends the replay

    def question(self) -> Question | None:
        """The question on screen now: asked, still unanswered, and still the next placement."""
        if not self.on or self.asking is None:
            return None
        if self.asking != self.upcoming() or self.asking in self.guesses:
            return None
        return self.asking

    def verdict(self) -> Verdict | None:
        """The verdict of the placement on screen, if it was guessed."""
        state = self.scene.shown.shown_state()
        return self.verdicts.get(question_of(state.placement)) if state is not None else None

    @property
    def hides_preview(self) -> bool:
        """With predict on (or the class predicting) the table does not show where the next card will go."""
        return self.on or self.class_guesses

    # ----------------------------------------------------------- hooks
    def may_advance(self) -> bool:
        """Whether the table may step forward now; if not, the question is asked instead."""
        if not self.on:
            return True
        question = self.upcoming()
        if question is None or question in self.guesses:
            return True
        self.asking = question
        return False

    def placed(self, state: TableState | None) -> None:
        """The table shows a new placement: score its guess, once."""
        if state is None:
            return
        question = question_of(state.placement)
        guess = self.guesses.get(question)
        if guess is not None and question not in self.verdicts:
            self.verdicts[question] = self.tally.add(score(guess, state.placement))

    def class_predicts(self) -> None:
        """A class table whose class predicts on their phones: the preview stays hidden, and the
        projector's own predict mode is off (one question at a time, the class's)."""
        self.class_guesses = True
        self.on = False
        self.asking = None

    def toggle(self) -> None:
        """P: predict mode on or off - not while the class predicts on their phones (a class table's
        projector asks nothing then; the button says the class predicts)."""
        if self.class_guesses:
            return
        self.on = not self.on
        self.scene.ctx.predicting.on = self.on
        self.asking = None
        if self.on:
            self.tally  # noqa: B018 - the results show "0 of 0" rather than nothing once it is on
            self.scene.explain = True  # each reveal comes with its explanation

    def answer(self, guess: int) -> None:
        """The learner's answer to the question on screen; the placement is then revealed."""
        question = self.question()
        if question is None:
            return
        self.guesses[question] = guess
        self.asking = None
        self.scene.forward()

    def handle_event(self, inp: Input, layout: TableLayout) -> bool:
        """P or the Predict button toggles; an answer key or click answers.  Whether consumed."""
        if inp.is_key(pygame.K_p) or (inp.kind is InputKind.CLICK and self.button_rect.collidepoint(inp.pos)):
            self.toggle()
            return True
        if self.question() is None:
            return False
        guess: int | None = None
        if inp.kind is InputKind.KEY:
            guess = ANSWER_KEYS.get(inp.key)
        elif inp.kind is InputKind.CLICK:
            guess = answer_at(layout, inp.pos)
        if guess is None:  # any other input works as usual (a step forward asks again)
            return False
        self.answer(guess)
        return True

    def draw(self, surface: pygame.Surface, layout: TableLayout, top_bar: tuple[pygame.Rect, ...]) -> None:
        draw_predict(surface, layout, self, top_bar)
