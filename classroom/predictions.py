"""The class predicts: every phone not asked to act guesses each placement before it is shown.

Pure Python (no I/O, no clock of its own).  Before a placement is shown the
class game opens a :class:`PredictRound` for it, asking every participant
who is not asked to act (students at the table, watchers): "Where will Ana's
47 go?".  The placement waits until every one of them has answered, or the
round's time is up, or the teacher shows it at once.  When the engine makes
the placement the round is settled against it (:mod:`game.predict` scores
it, nothing here applies a rule): each guesser's verdict with the one-line
reason the explain panel gives, the class's answers as counts, and the
running :class:`~game.predict.Leaderboard`.

A participant is a key the class game chooses (``seat:2``, or a watcher's
key); names are only for showing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.engine import Placement, Rule
from game.explain import explain, explanation_lines
from game.predict import ClassRound, Leaderboard, Question, Verdict, check_guess, question_of, score
from game.rules import Rules
from store.kept_predictions import KeptPredictions, OpenRound, Tally

DEFAULT_SECONDS = 10.0
"""How long a placement waits for the class's predictions (``class --predict-seconds``)."""


@dataclass
class PredictRound:
    """One placement the class is guessing."""

    question: Question
    asked: dict[str, str]
    """Who is asked: key -> name."""
    opened_at: float
    guesses: dict[str, int] = field(default_factory=dict)
    shown_now: bool = False
    """The teacher showed the placement without waiting."""

    @property
    def answered(self) -> int:
        return len(self.guesses)

    def ready(self, now: float, seconds: float) -> bool:
        """Whether the placement may be shown: everyone answered, time is up, or the teacher said so."""
        return self.shown_now or len(self.guesses) >= len(self.asked) or now - self.opened_at >= seconds


@dataclass(frozen=True)
class Settled:
    """A round once its placement was made: the class's answers against the true one."""

    round: ClassRound
    names: Mapping[str, str]
    """Every participant asked (key -> name), answered or not."""
    verdicts: Mapping[str, Verdict]
    reason: str
    """The rule that placed the card, in the explain panel's words."""

    @property
    def answer(self) -> int:
        return next(iter(self.verdicts.values())).answer if self.verdicts else -1

    @property
    def right_share(self) -> tuple[int, int]:
        """(right, answered)."""
        return len(self.round.right), len(self.round.guesses)


def reason_line(rows_before: Sequence[Sequence[int]], placement: Placement, rules: Rules,
                names: Sequence[str]) -> str:
    """The explain panel's line naming the rule that placed the card (rule 2, 3 or 4)."""
    lines = explanation_lines(explain(rows_before, placement, rules), names)
    if placement.rule is Rule.LOW_CARD:
        return lines[0]
    return lines[2] if placement.rule is Rule.SIXTH_CARD else lines[1]


class ClassPredictions:
    """The class's predictions over one game."""

    def __init__(self, seconds: float = DEFAULT_SECONDS) -> None:
        self.seconds = seconds
        self.open: PredictRound | None = None
        self.last: Settled | None = None
        """The round settled last (the projector shows its answers until the next opens)."""
        self.leaderboard = Leaderboard()
        self.names: dict[str, str] = {}
        """Everyone ever asked: key -> name (for the standings)."""
        self._asked_questions: set[Question] = set()

    def opens(self, question: Question) -> bool:
        """Whether ``question`` is new (not asked yet in this game)."""
        return question not in self._asked_questions

    def ask(self, question: Question, asked: Mapping[str, str], now: float) -> PredictRound | None:
        """Open a round for ``question`` asking ``asked`` (nothing if nobody is asked)."""
        self._asked_questions.add(question)
        if not asked:
            return None
        self.open = PredictRound(question, dict(asked), now)
        self.names.update(asked)
        return self.open

    def also_ask(self, who: str, name: str) -> None:
        """Ask ``who`` the open question too (a watcher who came after it was asked)."""
        current = self.open
        if current is not None and who not in current.asked:
            current.asked[who] = name
            self.names[who] = name

    def stale(self, placement: tuple[int, int, int] | None) -> bool:
        """Whether a guess naming ``placement`` (round, turn, card) answers a placement that is not
        the one asked now (shown already, or never asked): it is refused, never counted for another."""
        current = self.open
        if current is None or placement is None:
            return placement is not None
        question = current.question
        return placement != (question.round, question.turn, question.card)

    def answer(self, who: str, guess: int, placement: tuple[int, int, int] | None = None) -> bool:
        """``who``'s guess for the open round; whether it was taken (asked, first answer, valid,
        and naming the open round's placement if it names one)."""
        current = self.open
        if current is None or who not in current.asked or who in current.guesses or self.stale(placement):
            return False
        try:
            current.guesses[who] = check_guess(guess)
        except (TypeError, ValueError):
            return False
        return True

    def still_here(self, present: set[str]) -> None:
        """Participants who left (a phone closed, a watcher gone) are waited for no more; their
        answer, if given, still counts."""
        current = self.open
        if current is not None:
            for who in [who for who in current.asked if who not in present and who not in current.guesses]:
                del current.asked[who]

    def waiting(self, now: float) -> bool:
        """Whether the next placement must still wait for guesses."""
        return self.open is not None and not self.open.ready(now, self.seconds)

    def show_now(self) -> None:
        """The teacher shows the placement without waiting for the rest."""
        if self.open is not None:
            self.open.shown_now = True

    def settle(self, placement: Placement, reason: str) -> Settled | None:
        """The engine made ``placement``: score the open round if it was about it."""
        current = self.open
        if current is None or current.question != question_of(placement):
            return None
        self.open = None
        class_round = ClassRound(placement, dict(current.guesses))
        self.leaderboard.add(class_round)
        for who in current.asked:
            if who not in current.guesses:
                self.leaderboard.asked[who] = self.leaderboard.asked.get(who, 0) + 1
                self.leaderboard.right.setdefault(who, 0)
        verdicts = {who: score(guess, placement) for who, guess in current.guesses.items()}
        self.last = Settled(class_round, dict(current.asked), verdicts, reason)
        return self.last

    def standings(self) -> list[tuple[str, int, int]]:
        """``(name, right, asked)`` of everyone asked, most right first."""
        return [(self.names.get(who, who), right, asked) for who, right, asked in self.leaderboard.ranking()]

    def right_of(self, who: str) -> tuple[int, int]:
        """(right, asked) of one participant."""
        return self.leaderboard.right.get(who, 0), self.leaderboard.asked.get(who, 0)

    def kept(self) -> KeptPredictions:
        """What a stopped game keeps of its predictions: each guesser's tally, the open round."""
        board, current = self.leaderboard, self.open
        tally = tuple(Tally(who, self.names.get(who, ""), board.right.get(who, 0), asked)
                      for who, asked in board.asked.items())
        if current is None:
            return KeptPredictions(tally)
        q = current.question
        return KeptPredictions(tally, OpenRound((q.round, q.turn, q.player, q.card), tuple(current.asked.items()),
                                                tuple(current.guesses.items())))

    def restore(self, kept: KeptPredictions, now: float) -> None:
        """A stopped game goes on: the predictions made before the stop count as if it had not
        stopped; the round open then is open again (its time starts again now)."""
        for entry in kept.tally:
            self.leaderboard.right[entry.key] = entry.right
            self.leaderboard.asked[entry.key] = entry.asked
            self.names[entry.key] = entry.name
        if kept.open is not None:
            question = Question(*kept.open.question)
            self.ask(question, dict(kept.open.asked), now)
            if self.open is not None:
                self.open.guesses.update(kept.open.guesses)
