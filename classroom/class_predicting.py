"""A class game's predictions on the phones: who is asked, their answers in, the verdicts out.

Pure Python (no pygame).  The rules of a round (who may answer, when the placement may be shown,
how it is scored) are :mod:`classroom.predictions`; this is the class game's side of them:
it asks the phones of :class:`~.class_session.ClassSession` (students not asked to act, and the
room's watchers), adds the question to their observations, and sends each guesser its verdict
once the engine has made the placement.
"""

from __future__ import annotations

from dataclasses import replace

from classroom.predictions import ClassPredictions, reason_line
from classroom.protocol import State, predict_question, verdict_message
from classroom.bridge import WATCHER, Guessed
from game.engine import Placement
from game.i18n import _
from game.predict import Question

from live.session import Stage
from .class_table import ClassTable


class PhonePredictions:
    """The predictions of one class game (one table)."""

    def __init__(self, session: ClassTable, seconds: float) -> None:
        """``session``: the :class:`~.class_session.ClassSession` whose phones predict."""
        self.session = session
        self.predictions = ClassPredictions(seconds)

    def upcoming(self) -> Question | None:
        """The placement the table's next step makes, as a question (``None``: it makes none)."""
        session = self.session
        upcoming = session.table.upcoming if session.table.stage in (Stage.REVEALED, Stage.PLACED) else None
        if upcoming is None or len(session.table.placements) == len(session.table.seats):
            return None
        return Question(session.table.game.round, session.table.game.turn, *upcoming)

    def asked_now(self) -> dict[str, str]:
        """Who is asked to predict now: key -> name (connected students not asked to act, watchers)."""
        session = self.session
        infos = session.room.seats()
        asked = {f"seat:{seat}": session.table.name(seat) for seat in session.phone_seats
                 if seat not in session.questions and seat < len(infos) and infos[seat].connected}
        asked.update((f"watch:{token}", name) for token, name in session.door.watching.items())
        return asked

    def ready(self) -> bool:
        """The table would show the next placement now: the class is asked about it first (once;
        the answers to the placement on screen stay until then); whether it may be shown now
        (everyone asked answered, time is up, or the teacher said so)."""
        predictions, clock = self.predictions, self.session.clock
        question = self.upcoming()
        if question is not None and predictions.opens(question):
            predictions.ask(question, self.asked_now(), clock())
        return not predictions.waiting(clock())

    def show_now(self) -> bool:
        if self.predictions.open is None:
            return False
        self.predictions.show_now()
        return True

    def take(self, event: Guessed) -> bool:
        """A phone's guess; whether it was taken.  A watcher who came after the question was asked
        sees it too (the watchers share one state): its answer counts, and it gets its verdict.
        A guess that is not taken (no question open, not asked, answered already) is told so."""
        watcher = event.seat == WATCHER
        who = f"watch:{event.who}" if watcher else f"seat:{event.seat}"
        if watcher and event.who in self.session.door.watching:
            self.predictions.also_ask(who, event.name)
        guess = event.request
        if self.predictions.answer(who, guess.guess, guess.placement):
            return True
        self.session.refuse(event, _("this prediction is for a placement shown already")
                            if self.predictions.stale(guess.placement) else _("nothing is asked of you now"))
        return False

    def follow_who_is_here(self) -> None:
        """Phones that left are waited for no more; a watcher who came while the question is open is
        asked it and waited for, like every phone asked when it opened."""
        current = self.predictions.open
        if current is None:
            return
        here = self.asked_now()
        for who, name in here.items():
            if who.startswith("watch:"):
                self.predictions.also_ask(who, name)
        self.predictions.still_here(set(here) | set(current.guesses))

    def settle(self, placement: Placement, rows_before: tuple[tuple[int, ...], ...]) -> None:
        """The engine made ``placement``: score the round, tell each guesser."""
        session = self.session
        names = [seat.name for seat in session.table.seats]
        settled = self.predictions.settle(placement, reason_line(rows_before, placement, session.table.rules, names))
        if settled is None:
            return
        for who, verdict in settled.verdicts.items():
            message = verdict_message(verdict, settled.reason, names)
            kind, _colon, key = who.partition(":")
            if kind == "seat":
                session.door.send_to(message, seat=int(key))
            else:
                session.door.send_to(message, watcher=key)

    def ask_in(self, seats: dict[int, State], public: State) -> State:
        """The open question in the observations: ``ask: "predict"`` for whoever has not answered
        (watchers keep their own answer), ``predicted`` for a seat that has; the public one returned."""
        current = self.predictions.open
        if current is None:
            return public
        question = predict_question(current.question, [seat.name for seat in self.session.table.seats])
        for seat, observation in seats.items():
            who = f"seat:{seat}"
            if who in current.guesses:
                seats[seat] = replace(observation, predict=question, predicted=current.guesses[who])
            elif who in current.asked:
                seats[seat] = replace(observation, predict=question, ask="predict")
        return replace(public, ask="predict", predict=question)

    def key(self) -> object:
        """What the phones are shown of the predictions (they are sent again when it changes)."""
        current = self.predictions.open
        return None if current is None else (current.question, tuple(sorted(current.guesses)))

