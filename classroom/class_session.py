"""The class game's model: a table's game (its :class:`~live.session.TableSession`, the one a
local game has) whose student seats answer from phones.

Pure Python (no pygame).  A :class:`ClassSession` holds the table's session and the class's
parts around it: the phones' questions, their views, predictions, reviews.  A student's seat is
played by a :class:`PhoneAgent`: when the table asks it for a card or a row it answers at once
with a ``Future`` (the table's ``answers_later`` hook) and the question waits in
:attr:`ClassSession.questions` until the phone answers.  Every frame the
table calls :meth:`ClassSession.pump`, which takes in what the phones sent
(checked against the engine's hand and rows before it is passed on), lets a
computer player answer for a seat whose time is up or that the teacher gave
away, and hands each phone its own observation.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import assert_never

from game.players.options import DEFAULT_OPTIONS, AgentOptions
from game.players.agents import Agent, make_agent
from classroom.bridge import Asked, Guessed, PhoneEvent, PuzzleAnswered, SeatJoined, SeatLeft, SeatPlayed, SeatTookRow
from classroom.lesson_book import GameEntry
from classroom.observation import PublicTable
from classroom.predictions import ClassPredictions
from classroom.protocol import State
from classroom.reviews import StudentReview
from classroom.room import Room
from classroom.table_door import TableDoor
from game.engine import Placement, PlayerView, new_seed
from game.i18n import _
from game.play import make_player, players_rng
from game.rules import Rules
from game.table_size import CLASS_MODE
from store.unfinished import KeptRoom, UnfinishedGame

from .class_away import AwaySeats
from .class_learning import NO_LEARNING, AfterGame, Learning
from .class_pace import Pace
from .class_predicting import PhonePredictions
from .class_views import PhoneViews
from .class_warmup import tell_refused
from live.resume import unfinished_of_session
from live.session import Rows, Stage, TableSession
from live.seats import PHONE, Seat
from live.thinker import Thinker

_FALLBACK_SALT = 0x6C62272E
"""Seeds the computer player that answers for a late or given-away seat, apart from the others."""


@dataclass
class Question:
    """A card or a row asked of a phone, not answered yet."""

    seat: int
    ask: str
    """``"card"`` or ``"row"``."""
    future: Future[int]
    view: PlayerView
    asked_at: float


class PhoneAgent:
    """A student's seat: the answer comes later, from their phone."""

    kind = PHONE
    answers_later = True

    def __init__(self, seat: int, ask: Callable[[int, str, PlayerView], Future[int]]) -> None:
        self.seat = seat
        self._ask = ask

    def choose_card(self, view: PlayerView) -> Future[int]:
        return self._ask(self.seat, "card", view)

    def choose_row(self, view: PlayerView) -> Future[int]:
        return self._ask(self.seat, "row", view)


def class_seats(room: Room, rules: Rules, level: str, seats: Sequence[int | None] | None = None
                ) -> tuple[Seat, ...]:
    """The game's seats when it starts: students where they sat, computer players (numbered) in
    the others.  ``seats``: the room seats of one table of many (``None``: a computer player);
    by default every seat of the room."""
    infos = room.seats()
    made: list[Seat] = []
    ais = 0
    for seat in range(len(infos)) if seats is None else seats:
        if seat is not None and infos[seat].taken and not infos[seat].ai:
            made.append(Seat(infos[seat].name, PHONE))
        else:
            ais += 1
            made.append(Seat(_("AI {number}").format(number=ais), level))
    return tuple(made)


def answer_problem(event: SeatPlayed | SeatTookRow, question: Question | None, given_away: bool,
                   hand: tuple[int, ...]) -> str:
    """Why a phone's card or row (a whole number, a row 0-3: :mod:`classroom.protocol` checked that)
    cannot be taken now, or ``""``: ``question`` is the one open for its seat, ``given_away`` says
    the teacher gave the seat to a computer player, ``hand`` is the seat's."""
    if question is None or given_away:
        return _("nothing is asked of you now")
    match event:
        case SeatPlayed() if question.ask != "card":
            return _("pick a row, not a card")
        case SeatPlayed(request=request) if request.card not in hand:
            return _("you do not hold card {card}").format(card=request.card)
        case SeatTookRow() if question.ask != "row":
            return _("choose a card, not a row")
    return ""


class ClassSession:
    """One class game: the table's session, and the phones that play its student seats."""

    def __init__(self, seats: Sequence[Seat], door: TableDoor, *, rules: Rules, level: str = "random",
                 seed: int | None = None, options: AgentOptions = DEFAULT_OPTIONS,
                 time_limit: float | None = None, clock: Callable[[], float] = time.monotonic,
                 stand_ins: Sequence[Agent | None] | None = None, thinker: Thinker | None = None,
                 learning: Learning = NO_LEARNING) -> None:
        """``stand_ins`` and ``thinker``: players that repeat a stopped game's decisions until the
        table's ``take_own_players`` seats the phones and computer players (see :mod:`live.resume`).
        ``learning``: the class's predictions, the students' reviews, the lesson report."""
        seed = new_seed() if seed is None else seed
        self.level = level
        self.door = door
        """The table's side of the room's server: its phones only."""
        self.room = door.room
        self.time_limit = time_limit
        self.clock = clock
        self.questions: dict[int, Question] = {}
        self.chosen: dict[int, int] = {}
        """The card each phone played this turn, until the cards are revealed."""
        self.teacher_steps = False
        """Auto is off: the table shows the next placement when the teacher presses Space (the
        projector's table sets it every frame), so what it waits for is the teacher."""
        self.pacing = Pace()
        """How the lesson paces this table when no screen steps it (:meth:`pace`)."""
        self.given_to_ai: set[int] = set()
        self.learning = learning
        self.after_game = AfterGame(self, learning)
        self.predicting = PhonePredictions(self, learning.predict_seconds) \
            if learning.predict_seconds is not None else None
        """The class's predictions of each placement (``None``: off)."""
        self.notes: list[str] = []
        """What the projector and phones are told, e.g. "Time is up: an AI played for Ana"."""
        self._fallback = make_agent(level, random.Random(seed ^ _FALLBACK_SALT), options)
        self.views = PhoneViews(self)
        """What each phone is shown, built from the moment on screen."""
        own = self._players(seats, seed, options)
        self.away = self._away_seats(seats)
        self.table = TableSession(seats, seed=seed, rules=rules, mode=CLASS_MODE, options=options,
                                  agents=own if stand_ins is None else stand_ins, threaded=True, thinker=thinker,
                                  own_agents=own, placed=self._placed)
        """The table's game, stepped by the projector's screen or paced by the room."""

    def _players(self, seats: Sequence[Seat], seed: int, options: AgentOptions) -> list[Agent]:
        """Each seat's own player: its phone, or a computer player."""
        rng = players_rng(seed)
        return [PhoneAgent(index, self._asked) if seat.kind == PHONE  # type: ignore[misc]
                else make_player(seat.kind, seat=index, player_count=len(seats), rng=rng, options=options)
                for index, seat in enumerate(seats)]

    def _away_seats(self, seats: Sequence[Seat]) -> AwaySeats:
        """Seats whose phone has gone: an AI plays for them after a grace, until they are back (the
        grace of those not connected at the start - a stopped game reopened - starts now)."""
        infos = self.room.seats()
        gone = (i for i, seat in enumerate(seats) if seat.kind == PHONE and not infos[i].connected)
        return AwaySeats(self, self.door.limits.away_grace, self.clock, gone)

    @property
    def predictions(self) -> ClassPredictions | None:
        """The class's predictions of this game (``None``: off)."""
        return self.predicting.predictions if self.predicting is not None else None

    def kept_room(self) -> KeptRoom:
        """What opens this game's room again as it is (its code, port and seats' secrets)."""
        learning = self.learning
        return KeptRoom(self.room.code, self.door.port, self.room.secrets_of_seats(), self.level,
                        self.time_limit, tuple(sorted(self.given_to_ai)),
                        learning.lesson.number if learning.lesson is not None else None, learning.predict_seconds,
                        learning.reviews is not None, learning.lesson.class_name if learning.lesson is not None else "")

    # ------------------------------------------------------------ phones
    def _asked(self, seat: int, ask: str, view: PlayerView) -> Future[int]:
        future: Future[int] = Future()
        if ask == "card":
            self.chosen.pop(seat, None)
        self.questions[seat] = Question(seat, ask, future, view, self.clock())
        if seat in self.given_to_ai or self.away.playing_for(seat):
            self._answer_by_ai(seat, note=None)
        return future

    def answer_now(self, seat: int) -> None:
        """A computer player answers the seat's open question (its phone has been away too long)."""
        if seat in self.questions:
            self._answer_by_ai(seat, note=None)

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """Seats students still play (not given to a computer player)."""
        return tuple(i for i, seat in enumerate(self.table.seats) if seat.kind == PHONE and i not in self.given_to_ai)

    def pump(self) -> bool:
        """Take in what phones sent, answer for late seats, send each phone its view; whether
        anything changed."""
        changed = False
        while True:
            try:
                event = self.door.inbox.get_nowait()
            except queue.Empty:
                break
            changed = self._take(event) or changed
        if self.table.stage is not Stage.OVER:
            changed = self.away.update(self.phone_seats) or changed
        if self.time_limit is not None:
            now = self.clock()
            for seat, question in list(self.questions.items()):
                if now - question.asked_at >= self.time_limit:
                    self._answer_by_ai(seat, note=_("Time is up: an AI played for {name}").format(
                        name=self.table.name(seat)))
                    changed = True
        if self.predicting is not None:
            self.predicting.follow_who_is_here()
        self.publish()
        self.send_reviews()
        return changed

    def send_reviews(self) -> None:
        """Once the game is over: its figures to the lesson report, each student's review sent to
        their phone as it fills in (called every frame, also by the results screen)."""
        self.after_game.update()

    @property
    def reviews(self) -> list[StudentReview]:
        """Each student's review, queued when the game ended."""
        return self.after_game.reviews

    def _take(self, event: PhoneEvent) -> bool:
        match event:
            case SeatJoined() | SeatLeft() if self.table.stage is Stage.OVER:
                return False  # the game is over: nobody plays for anyone any more
            case SeatJoined(seat=seat):
                self.away.back(seat)
                return True
            case SeatLeft(seat=seat):
                self.away.left(seat)
                return True
            case Guessed():
                if self.predicting is None:
                    self.refuse(event, _("nothing is asked of you now"))
                    return False
                return self.predicting.take(event)
            case SeatPlayed() | SeatTookRow():
                return self._take_answer(event)
            case PuzzleAnswered():  # no puzzle is open in a game
                self.refuse(event, _("nothing is asked of you now"))
                return False
            case _:
                assert_never(event)

    def _take_answer(self, event: SeatPlayed | SeatTookRow) -> bool:
        """A phone's card or row for the question asked of its seat; whether it was taken."""
        question = self.questions.get(event.seat)
        problem = answer_problem(event, question, event.seat in self.given_to_ai, self.table.game.hand(event.seat))
        if problem or question is None:
            self.refuse(event, problem)
            return False
        if isinstance(event, SeatPlayed):
            answer = self.chosen[event.seat] = event.request.card
        else:
            answer = event.request.row
        del self.questions[event.seat]
        question.future.set_result(answer)
        return True

    def refuse(self, event: Asked, message: str) -> None:
        """Tell the phone that sent ``event`` (a seat's, or a watcher's) why it was not taken."""
        tell_refused(self.door, event, message)

    def pace(self, dt: float) -> None:
        """The lesson's pacer for a table no screen steps now (see :mod:`.class_pace`): ``dt``
        seconds passed; the next card once its delay is up and the class has predicted it."""
        table = self.table
        table.poll()
        if self.pacing.due(dt, not self.teacher_steps and table.can_advance) and self.predictions_ready():
            self.pacing.waited = 0.0
            table.advance()

    # -------------------------------------------------------- predictions
    def predictions_ready(self) -> bool:
        """The table would show the next placement now: whether it may (see :class:`.class_predicting.PhonePredictions`)."""
        return self.predicting is None or self.predicting.ready()

    def show_prediction_now(self) -> bool:
        """The teacher's Space: show the placement the class is predicting without waiting."""
        return self.predicting is not None and self.predicting.show_now()

    def _placed(self, placement: Placement, rows_before: Rows) -> None:
        """The engine made ``placement``: the class's predictions of it are scored."""
        if self.predicting is not None:
            self.predicting.settle(placement, rows_before)

    def _answer_by_ai(self, seat: int, note: str | None) -> None:
        question = self.questions.pop(seat)
        if question.ask == "card":
            answer = self._fallback.choose_card(question.view)
            self.chosen[seat] = answer
        else:
            answer = self._fallback.choose_row(question.view)
        if note is not None:
            self.notes.append(note)
        question.future.set_result(answer)

    def give_to_ai(self, seat: int) -> None:
        """The teacher gives a student's seat to a computer player for the rest of the game."""
        if seat not in self.phone_seats:
            return
        self.given_to_ai.add(seat)
        self.room.give_to_ai(seat)
        self.door.release(seat, _("the teacher gave your seat to a computer player"))
        self.notes.append(_("An AI plays for {name} from now on").format(name=self.table.name(seat)))
        if seat in self.questions:
            self._answer_by_ai(seat, note=None)

    # ------------------------------------------------------ observations
    def public_table(self) -> PublicTable:
        """The table as the projector shows it now (never a hand)."""
        return self.views.public_table()

    def observations(self) -> tuple[dict[int, State], State]:
        """Each student seat's observation, and the spectators' (see :class:`.class_views.PhoneViews`)."""
        return self.views.observations()

    def saved_with(self) -> GameEntry | None:
        """The game's place in its lesson, written with its record."""
        return self.after_game.entry()

    def publish(self, force: bool = False) -> None:
        """Send the observations if anything they show may have changed."""
        self.views.publish(force)

    def kept(self) -> UnfinishedGame:
        """What opens this game again as it is (with its room and the class's predictions)."""
        predicting = self.predicting
        return unfinished_of_session(self.table, self.kept_room(),
                                     predicting.predictions.kept() if predicting is not None else None)

    def close(self) -> None:
        """The game is over or left: the phones get the last table (the room stays open: the
        lesson plays the next deal in it, or closes it)."""
        if not self.table.closed:
            for question in self.questions.values():
                question.future.cancel()
            self.publish(force=True)
        self.table.close()
