"""One puzzle: a real decision with one clear answer, as its player faced it, and where it came from.

A puzzle keeps the player's whole view at the moment of deciding (the engine's
:class:`~game.engine.PlayerView`: the rows, the hand, the scores, round and turn,
how many players, the rules, the cards seen so far), the kind of decision
(:data:`~game.review.CARD` or :data:`~game.review.ROW`), what was played then,
every answer's expected points to the end of the round (the confirming review's,
see :mod:`game.puzzles.finding`) and the best answer, what sat at the table, and each
opponent model's figures (:mod:`game.review_models`).  The explanation is the
review's own sentence (:func:`game.review.summary`) for that decision, made from
those figures in the language in use, so the same puzzle explains itself in
German on one screen and in English on another.

Format ``6takes-puzzle/1``: one JSON object (:meth:`Puzzle.to_dict`); reading one back
(:mod:`game.puzzles.reading`) checks every field, so a damaged or hand-edited history
gives a one-line :class:`PuzzleError`, never a crash later on a screen.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ..engine import PlayerView
from ..i18n import _
from ..review import Decision, reason_of, summary

FORMAT = "6takes-puzzle/1"
MADE = "made"
"""A puzzle made from computer games (``main.py puzzles make``)."""
LESSON = "lesson"
"""A puzzle made from a student's decision in a class game."""
ORIGINS = (MADE, LESSON)


class PuzzleError(ValueError):
    """A puzzle that cannot be read (damaged, or not a puzzle); the message says what is wrong."""


class PuzzleAnswerError(ValueError):
    """An answer that is not one of the puzzle's options (a screen never offers one)."""


@dataclass(frozen=True)
class Source:
    """Where a puzzle came from.  Never who: a seat number, not a name."""

    origin: str
    """:data:`MADE` or :data:`LESSON`."""
    game: int
    """Which game, from 1: of the ``make`` run, or of the lesson."""
    seat: int
    """Whose decision, as a seat number (from 0)."""
    seed: int | None = None
    """A made puzzle's run seed (``puzzles make --seed``)."""
    lesson: str = ""
    """A lesson puzzle's lesson (its key in the history)."""

    @staticmethod
    def made(seed: int, game: int, seat: int) -> Source:
        return Source(MADE, game, seat, seed=seed)

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"from": self.origin, "game": self.game, "seat": self.seat}
        if self.seed is not None:
            found["seed"] = self.seed
        if self.lesson:
            found["lesson"] = self.lesson
        return found


@dataclass(frozen=True)
class Verdict:
    """What one answer to a puzzle was worth."""

    answer: int
    best: int
    right: bool
    cost: float
    """The expected points the answer loses against the best one (0 when right)."""


Figures = tuple[tuple[int, float], ...]
"""``(answer, expected points to the end of the round)`` for every answer, ascending answer."""


@dataclass(frozen=True)
class Puzzle:
    """A decision with one clear answer, as its player faced it (see the module's docstring)."""

    kind: str
    """:data:`CARD` (which card to play) or :data:`ROW` (which row to take, rule 4)."""
    view: PlayerView
    """Everything the player knew when deciding: no other hand."""
    played: int
    """What the player chose then (a card, or a row from 0): the explanation says why it was worse."""
    options: tuple[tuple[int, float], ...]
    """``(answer, expected points to the end of the round)`` for every answer, ascending answer."""
    best: int
    """The answer with the fewest expected points."""
    source: Source
    table: tuple[str, ...] = ()
    """What sat at each seat of the game (a kind: ``phone`` for a student, ``random``, ``heuristic``,
    ...): the table's model plays the other seats so (empty: not known, every other seat a student)."""
    models: tuple[tuple[str, Figures], ...] = ()
    """Each opponent model's figures (:mod:`game.review_models`: ``random``, ``heuristic``,
    ``table``), in that order; empty: the puzzle was not checked against the models yet."""

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        return self.view.rows

    @property
    def hand(self) -> tuple[int, ...]:
        return self.view.hand

    @property
    def card(self) -> int | None:
        """For a row puzzle: the player's card that fits no row."""
        return self.view.card_to_place

    @property
    def answers(self) -> tuple[int, ...]:
        return tuple(answer for answer, _points in self.options)

    def expected(self, answer: int) -> float:
        """The expected points of ``answer``; :class:`PuzzleAnswerError` if it is not an option."""
        for option, points in self.options:
            if option == answer:
                return points
        raise PuzzleAnswerError(_("{answer} is not an answer to this puzzle (answers: {answers})").format(
            answer=answer, answers=", ".join(map(str, self.answers))))

    def verdict(self, answer: int) -> Verdict:
        """Right when ``answer`` is the best one, else what it costs against the best."""
        cost = round(self.expected(answer) - self.expected(self.best), 4)
        return Verdict(answer, self.best, answer == self.best, max(0.0, cost))

    def decision(self, answer: int | None = None) -> Decision:
        """The decision as the review judged it (its figures: this puzzle's options): the game's
        own choice, or ``answer`` in its place."""
        view = self.view
        played = self.played if answer is None else answer
        loss = round(self.expected(played) - self.expected(self.best), 4)
        return Decision(view.player, view.round, view.turn, self.kind, played, self.best, self.options, loss,
                        view.rows, view.hand, view.card_to_place, view.revealed,
                        reason_of(view, self.kind, played, self.best))

    @property
    def explanation(self) -> str:
        """The review's sentence for the game's own choice, in the language in use."""
        return summary(self.decision())

    @property
    def game_explanation(self) -> str:
        """The review's sentence for the game's own choice, named as the game's (the class's
        answers on the projector are many)."""
        # NOTE: a puzzle's "Why" on the projector; {sentence} is the review's, e.g. "Playing 95 instead of 31 would
        # have saved about 16.5 points by the end of the round: 31 was the 6th card of row 1"
        return _("In the game this puzzle comes from: {sentence}").format(sentence=self.explanation)

    def explanation_for(self, answer: int) -> str:
        """Why ``answer`` is worse than the best one (the review's sentence); for the best answer
        itself, the game's own choice named as such."""
        return summary(self.decision(answer)) if answer != self.best else self.game_explanation

    def digest(self) -> bytes:
        """SHA-256 of the position alone (not its figures nor its source): the same puzzle twice
        has the same digest."""
        figures = ("options", "best", "source", "table", "models")
        position = {key: value for key, value in self.to_dict().items() if key not in figures}
        return hashlib.sha256(json.dumps(position, sort_keys=True).encode("utf-8")).digest()

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as one JSON object (format :data:`FORMAT`)."""
        view = self.view
        return {"format": FORMAT, "kind": self.kind, "rules": view.rules.name, "players": view.player_count,
                "seat": view.player, "round": view.round, "turn": view.turn,
                "rows": [list(row) for row in view.rows], "hand": list(view.hand), "scores": list(view.scores),
                "starting_rows": list(view.starting_rows),
                "previous_plays": [list(plays) for plays in view.previous_plays],
                "revealed": list(view.revealed), "card": view.card_to_place, "played": self.played,
                "best": self.best, "options": {str(answer): points for answer, points in self.options},
                "source": self.source.to_dict(), "table": list(self.table),
                "models": {name: {str(answer): points for answer, points in figures} for name, figures in self.models}}


def puzzle_from_decision(decision: Decision, view: PlayerView, source: Source, table: tuple[str, ...] = (),
                         models: tuple[tuple[str, Figures], ...] = ()) -> Puzzle:
    """The puzzle of a reviewed ``decision`` made from ``view`` (at ``table``, with each model's figures)."""
    return Puzzle(decision.kind, view, decision.played, decision.expected, decision.best, source, table, models)
