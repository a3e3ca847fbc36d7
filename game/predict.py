"""Predict, then reveal: a learner's guess of where a revealed card goes, scored by the engine.

Before a placement is shown, the learner answers "Where will Ana's 27 go?"
with a row (0-3), meaning the card ends in that row without taking it, or
with :data:`TAKES`, meaning its player takes a row (the card is a row's 6th
card, rule 3, or lower than every row, rule 4).  The engine's
:class:`~game.engine.Placement` is the answer: :func:`answer_of` reads it,
and nothing here applies a rule.

The same data serves one learner at the table (:class:`Tally`) and a whole
class predicting on their own screens (:class:`ClassRound` for one
placement, :class:`Leaderboard` for a game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, NamedTuple, Sequence

from .engine import Placement
from .i18n import Part, _, rich
from .rules import ROWS

TAKES = ROWS
"""The guess "its player takes a row" (rows are 0-3, so 4 is free)."""
GUESSES = tuple(range(ROWS)) + (TAKES,)
"""Every answer a learner may give."""


class InvalidGuessError(ValueError):
    """A guess that is neither a row 0-3 nor :data:`TAKES`."""


class Question(NamedTuple):
    """One placement still to be shown: whose card it is, and which card."""

    round: int
    turn: int
    player: int
    card: int

    def parts(self, names: Sequence[str]) -> list[Part]:
        """"Where will Ana's 27 go?", the card a number (stamped with the digit sprites)."""
        return rich(_("Where will {name}'s {card} go?"), name=names[self.player], card=self.card)

    def text(self, names: Sequence[str]) -> str:
        """"Where will Ana's 27 go?"."""
        return _plain(self.parts(names))


def check_guess(guess: int) -> int:
    """``guess`` if it is a row 0-3 or :data:`TAKES`; :class:`InvalidGuessError` otherwise."""
    if guess.__class__ is not int or guess not in GUESSES:
        raise InvalidGuessError(f"a guess is a row 0-{ROWS - 1} or {TAKES} (takes a row), not {guess!r}")
    return guess


def answer_of(placement: Placement) -> int:
    """The right guess for ``placement``: :data:`TAKES` if its player took cards, else its row."""
    return TAKES if placement.taken else placement.row


def question_of(placement: Placement) -> Question:
    """The question ``placement`` answers."""
    return Question(placement.round, placement.turn, placement.player, placement.card)


def is_right(guess: int, placement: Placement) -> bool:
    """Whether ``guess`` is what happened."""
    return check_guess(guess) == answer_of(placement)


def guess_text(guess: int) -> str:
    """A guess in words: "row 2" or "takes a row"."""
    return _("takes a row") if check_guess(guess) == TAKES else _("row {row}").format(row=guess + 1)


def _plain(parts: Sequence[Part]) -> str:
    return "".join(str(part) for part in parts)


class Verdict(NamedTuple):
    """One guess, scored."""

    question: Question
    guess: int
    answer: int
    right: bool

    def parts(self, names: Sequence[str]) -> list[Part]:
        """:meth:`text` as words and numbers."""
        fields: dict[str, int | str] = {"name": names[self.question.player], "card": self.question.card,
                                        "row": self.answer + 1, "guess": self.guess + 1}
        if self.right:
            template = (_("Right: {name}'s {card} took a row") if self.answer == TAKES
                        else _("Right: {name}'s {card} went to row {row}"))
        elif self.answer == TAKES:
            template = _("Not quite: {name}'s {card} took a row (you said row {guess})")
        elif self.guess == TAKES:
            template = _("Not quite: {name}'s {card} went to row {row} (you said it takes a row)")
        else:
            template = _("Not quite: {name}'s {card} went to row {row} (you said row {guess})")
        return rich(template, **fields)

    def text(self, names: Sequence[str]) -> str:
        """E.g. "Right: Ana's 27 went to row 2" or "Not quite: Ana's 27 took a row (you said row 2)"."""
        return _plain(self.parts(names))


def score(guess: int, placement: Placement) -> Verdict:
    """The verdict of ``guess`` on ``placement``."""
    answer = answer_of(placement)
    return Verdict(question_of(placement), check_guess(guess), answer, guess == answer)


@dataclass
class Tally:
    """One learner's guesses in a game: "7 of 9 right"."""

    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def right(self) -> int:
        return sum(1 for verdict in self.verdicts if verdict.right)

    @property
    def total(self) -> int:
        return len(self.verdicts)

    def add(self, verdict: Verdict) -> Verdict:
        self.verdicts.append(verdict)
        return verdict

    def text(self) -> str:
        return _("{right} of {total} right").format(right=self.right, total=self.total)


@dataclass(frozen=True)
class ClassRound:
    """A whole class's guesses of one placement, and how many got it right."""

    placement: Placement
    guesses: Mapping[str, int]
    """Guess by participant (players and spectators alike)."""

    @property
    def right(self) -> tuple[str, ...]:
        answer = answer_of(self.placement)
        return tuple(sorted(who for who, guess in self.guesses.items() if guess == answer))

    @property
    def counts(self) -> dict[int, int]:
        """How many chose each answer (every answer listed, zeros included)."""
        counts = {guess: 0 for guess in GUESSES}
        for guess in self.guesses.values():
            counts[check_guess(guess)] += 1
        return counts


@dataclass
class Leaderboard:
    """Right guesses per participant over a game, for the class's leaderboard at the end."""

    right: dict[str, int] = field(default_factory=dict)
    asked: dict[str, int] = field(default_factory=dict)

    def add(self, round_: ClassRound) -> None:
        correct = set(round_.right)
        for who in round_.guesses:
            self.asked[who] = self.asked.get(who, 0) + 1
            self.right[who] = self.right.get(who, 0) + (who in correct)

    def ranking(self) -> list[tuple[str, int, int]]:
        """``(participant, right, asked)``, most right first (then fewer asked, then name)."""
        return sorted(((who, self.right[who], self.asked[who]) for who in self.asked),
                      key=lambda entry: (-entry[1], entry[2], entry[0]))


@dataclass(frozen=True)
class PredictorPlace:
    """One place of the class's best predictors: everyone with the same score shares it."""

    rank: int
    """1 for the most right (then fewer asked); those tied share a rank, the next rank skips them."""
    right: int
    asked: int
    names: tuple[str, ...]
    """Everyone at this place, by name: one name, or a tie."""


def best_predictor_places(entries: Sequence[tuple[str, int, int]], places: int = 3) -> list[PredictorPlace]:
    """The best predictors among ``entries`` ``(name, right, asked)``: every one ranked within the
    first ``places`` (most right, then fewer asked), those with the same score together.  A tie is
    never cut short: five tied at 6 of 28 for the third place are five (a screen names them, or
    counts them where they are too many to name)."""
    ranked = sorted((entry for entry in entries if entry[2]), key=lambda entry: (-entry[1], entry[2], entry[0]))
    found: list[PredictorPlace] = []
    for position, (name, right, asked) in enumerate(ranked):
        if found and (found[-1].right, found[-1].asked) == (right, asked):
            last = found[-1]
            found[-1] = PredictorPlace(last.rank, right, asked, (*last.names, name))
        elif position < places:
            found.append(PredictorPlace(position + 1, right, asked, (name,)))
        else:
            break
    return found
