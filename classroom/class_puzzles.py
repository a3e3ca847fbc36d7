"""The class's warm-up: puzzles asked of every phone in the lobby, one at a time.

Pure Python (no I/O, no clock).  The teacher opens a lesson with a few puzzles
(``class --puzzles N``, or a key in the lobby): each is asked of every phone joined
(students and watchers alike, and whoever joins while it is open); each phone
answers once (a card, or a row 0-3: :meth:`ClassPuzzles.answer` checks it is one of
the puzzle's answers); the teacher shows the answers when they like, and each phone
that answered gets its verdict - judged by the puzzle itself
(:meth:`~game.puzzles.Puzzle.verdict`: no rule is written here).  Then the next
puzzle, until the last.

A participant is the secret of the phone's place (its token): it stays the same
through a reload, and the class game finds the student's key and name by it.  The
phones are never told whose decision a puzzle was.

The messages are :mod:`.protocol`'s: a ``state`` whose phase is ``puzzle`` (:func:`puzzle_state`)
and a ``puzzle_verdict`` (:func:`verdict_message`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.i18n import _
from game.puzzles import ROW, Puzzle, PuzzleAnswerError, Verdict
from game.puzzles.themes import themes_line
from game.puzzles.words import question_words, text_of, verdict_words
from store.puzzles import StoredPuzzle

from .protocol import PUZZLE_PHASE, PuzzleQuestion, PuzzleVerdict, State

DEFAULT_PUZZLES = 3
"""Puzzles the lobby's warm-up key asks when ``class --puzzles`` did not say how many."""
ASK = "puzzle"
"""A phone's ``state.ask`` while it is to answer the puzzle."""


@dataclass
class PuzzleRound:
    """One puzzle the class is answering (or has answered)."""

    stored: StoredPuzzle
    number: int
    """Which puzzle of the warm-up, from 1."""
    asked: dict[str, str]
    """Who is asked: the phone's secret -> its name."""
    answers: dict[str, int] = field(default_factory=dict)
    shown: bool = False
    """The teacher has shown the class's answers."""

    @property
    def puzzle(self) -> Puzzle:
        return self.stored.puzzle

    def counts(self) -> tuple[tuple[int, int], ...]:
        """How many gave each answer, for every answer of the puzzle (in its order: cards up, rows 0-3)."""
        given = Counter(self.answers.values())
        return tuple((answer, given[answer]) for answer in self.puzzle.answers)

    def verdicts(self) -> dict[str, Verdict]:
        return {who: self.puzzle.verdict(answer) for who, answer in self.answers.items()}

    @property
    def right(self) -> int:
        best = self.puzzle.best
        return sum(1 for answer in self.answers.values() if answer == best)


class ClassPuzzles:
    """A warm-up's puzzles, asked one after the other."""

    def __init__(self, puzzles: Sequence[StoredPuzzle]) -> None:
        self.puzzles = list(puzzles)
        self.index = -1
        """Which puzzle is asked (``-1``: none yet)."""
        self.round: PuzzleRound | None = None

    @property
    def done(self) -> bool:
        """Every puzzle was asked and its answers shown (or there was none)."""
        return self.index >= len(self.puzzles) - 1 and (self.round is None or self.round.shown)

    def next(self, asked: Mapping[str, str]) -> PuzzleRound | None:
        """Ask the next puzzle of everyone in ``asked`` (``None``: there is none left)."""
        if self.index + 1 >= len(self.puzzles):
            return None
        self.index += 1
        self.round = PuzzleRound(self.puzzles[self.index], self.index + 1, dict(asked))
        return self.round

    def also_ask(self, who: str, name: str) -> None:
        """A phone that joined while the puzzle is open is asked it too."""
        current = self.round
        if current is not None and not current.shown and who not in current.asked:
            current.asked[who] = name

    def still_here(self, present: set[str]) -> None:
        """Phones gone before answering are no longer counted as asked (their answer, if given, still is)."""
        current = self.round
        if current is not None and not current.shown:
            for who in [who for who in current.asked if who not in present and who not in current.answers]:
                del current.asked[who]

    def answer(self, who: str, name: str, value: int, row: bool) -> str:
        """``who``'s answer (a card, or with ``row`` a row 0-3); ``""`` if taken, else why not."""
        current = self.round
        if current is None or current.shown:
            return _("nothing is asked of you now")
        if who in current.answers:
            return _("you have answered this puzzle")
        if row != (current.puzzle.kind == ROW):
            return _("pick a row, not a card") if current.puzzle.kind == ROW else _("choose a card, not a row")
        try:
            current.puzzle.verdict(value)
        except PuzzleAnswerError:
            return _("{answer} is not an answer to this puzzle").format(answer=value + 1 if row else value)
        current.asked.setdefault(who, name)
        current.answers[who] = value
        return ""

    def show(self) -> dict[str, Verdict]:
        """The teacher shows the class's answers: each answer's verdict (by who gave it)."""
        current = self.round
        if current is None or current.shown:
            return {}
        current.shown = True
        return current.verdicts()


def question_of(current: PuzzleRound, of: int, answered: int | None = None) -> PuzzleQuestion:
    """The ``puzzle`` field of a phone's state: the position and the question, never whose it was."""
    puzzle = current.puzzle
    return PuzzleQuestion(current.stored.id, puzzle.kind, tuple(tuple(row) for row in puzzle.rows),
                          tuple(puzzle.hand), text_of(question_words(puzzle)), current.number, of,
                          card=puzzle.card if puzzle.kind == ROW else None, answered=answered)


def puzzle_state(current: PuzzleRound, of: int, seat: int | None, answered: int | None = None) -> State:
    """A phone's state while the class answers ``current``: asked until it has answered (a
    watcher's page remembers its own answer, as with predictions)."""
    puzzle = current.puzzle
    view = puzzle.view
    rules = view.rules
    return State(PUZZLE_PHASE, rules.name, view.round + 1, view.turn + 1, rules.turns_per_round, (),
                 tuple(tuple(row) for row in view.rows), tuple(map(rules.penalty_of, view.rows)), (), (), False, False,
                 "", (), (), (), seat=seat, ask=None if answered is not None or current.shown else ASK,
                 puzzle=question_of(current, of, answered))


def verdict_message(current: PuzzleRound, verdict: Verdict) -> PuzzleVerdict:
    """What one phone is told of its answer once the class's answers are shown."""
    puzzle = current.puzzle
    return PuzzleVerdict(current.stored.id, verdict.answer, verdict.best, verdict.right, round(verdict.cost, 1),
                         text_of(verdict_words(puzzle, verdict)),
                         puzzle.explanation_for(verdict.answer), themes_line(puzzle))
