"""A class lesson: the room open on the projector, from its lobby (and its warm-up) to its last deal.

Pure Python (no pygame).  The app holds the lesson while a class room is open
and pumps it every frame, whatever screen is on top (the table, its results, a
question, the rules, the join code, the warm-up's puzzles): the phones' messages
reach their game or the warm-up, every table (one, or many) steps on at its
pace, each student's review reaches their phone.  The lesson outlives its games:
the next deal is played in the same room (the same code, the phones in their
seats), and the lesson's report and history (:class:`LessonBook`) are made once,
by the warm-up or the first game, whichever comes first.
"""

from __future__ import annotations

import queue
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from classroom.backlog import ReviewBacklog
from classroom.bridge import PuzzleAnswered
from classroom.lesson_book import LessonBook
from classroom.server import ClassServer
from classroom.tables import DUPLICATE, one_table_plan, plan_tables
from game.players.options import AgentOptions
from game.rules import rules_named

from .class_room import RoomGame, RoomOfTables, SaveTable
from .class_session import ClassSession
from .class_settings import ClassSettings
from .class_warmup import Warmup, tell_refused
from .workers import LessonWorkers
from .kept_rooms import room_progress, room_state
from live.resume import ToKeep

@dataclass
class Lesson:
    """One class room: its server (code, port, phones), the teacher's choices, the join addresses,
    and the game played in it now (``None`` in the lobby)."""

    server: ClassServer
    settings: ClassSettings
    addresses: Sequence[str]
    play: RoomOfTables | None = field(default=None)
    """The deal played now, at one table or many (``None``: in the lobby)."""
    moved: bool = False
    """A stopped lesson reopened on another port than its phones knew (the old one was taken)."""
    backlog: ReviewBacklog | None = None
    """Reviews earlier lessons left missing, made while the workers are free (started with the
    first frame, if the lesson has reviews)."""
    keep: bool = True
    """The lesson is kept in the history (not with ``--record FILE``)."""
    book: LessonBook | None = None
    """The lesson's report and place in the history, once the warm-up or the first game made it."""
    warmup: Warmup | None = None
    """The class's warm-up of puzzles, while it runs (before the first game)."""
    workers: LessonWorkers = field(default_factory=LessonWorkers)
    """The lesson's review workers and puzzle finder (they end with it)."""

    def lesson_book(self) -> LessonBook:
        """The lesson's book, made the first time it is needed."""
        if self.book is None:
            self.book = self.settings.lesson_book(self.code, self.keep)
        return self.book

    def start_warmup(self, count: int) -> Warmup | None:
        """The class's warm-up of ``count`` puzzles, in the lobby (``None``: a game has started)."""
        if self.play is not None or not self.server.running:
            return None
        if self.warmup is None or self.warmup.over:
            self.warmup = Warmup(self.server, count, self.settings.class_name, self.lesson_book,
                                 seed=self.settings.seed, rules=self.settings.rules)
        return self.warmup

    def deal(self, options: AgentOptions, step_delay: float, save: SaveTable) -> RoomOfTables:
        """The teacher starts the class game as the lesson's settings say: the students who are
        here take their seats (at many tables, split between them), computer players the others,
        and every table is dealt (``options``: the computer players'; ``step_delay``: the room's
        pace; ``save``: how each finished table's game is saved).  The warm-up, if any, ends."""
        settings, room = self.settings, self.server.room
        if self.warmup is not None:
            self.warmup.finish()
        students = room.start()  # (only present students are seated: a phone gone now leaves its seat to an AI)
        if settings.many_tables:
            shuffle = random.Random(settings.seed) if settings.shuffle else None
            plan = plan_tables(students, settings.table_size, settings.tables or 0, shuffle)
        else:
            plan = one_table_plan(len(room.seats()))
        game = RoomGame(rules_named(settings.rules), settings.ai, settings.seed,
                        settings.deals == DUPLICATE or not settings.many_tables, options, settings.time_limit,
                        step_delay, settings.learning(room.spectator_count() + len(plan.watchers), room.code,
                                                      self.workers, keep=self.keep, lesson=self.book))
        return RoomOfTables(self.server, plan, game, save)

    @property
    def code(self) -> str:
        return self.server.room.code

    @property
    def join_address(self) -> str:
        return self.addresses[0] if self.addresses else ""

    def pump(self, dt: float, shown: object | None = None) -> None:
        """One frame: the phones' messages to the game (before the start the room tracks who is
        here), the computer players for late seats, each phone's view, the reviews; every table
        paced on but the one ``shown`` (the screen on top steps it: see :meth:`ClassSession.pace`),
        so a game goes on under the join code, the rules or a question."""
        play, warmup = self.play, self.warmup
        if play is not None:
            play.pump(dt, shown)
        elif warmup is not None and not warmup.over:
            warmup.pump()
        else:
            self._drain()
        self._make_missing_reviews()

    def _make_missing_reviews(self) -> None:
        """Earlier lessons' missing reviews, while this lesson's students wait for none."""
        if self.backlog is None:
            if not self.settings.reviews:
                return
            self.backlog = ReviewBacklog.of_history(self.workers.reviews)
        if not self.backlog.done:
            waiting = any(not review.ready for session in self.sessions() for review in session.reviews)
            self.backlog.update(workers_free=not waiting)

    def _drain(self) -> None:
        """Before the start phones have nothing to play: what they send is dropped (a puzzle's
        answer is told so: no puzzle is open)."""
        while True:
            try:
                event = self.server.inbox.get_nowait()
            except queue.Empty:
                return
            if isinstance(event, PuzzleAnswered):
                tell_refused(self.server, event)

    def to_keep(self) -> ToKeep | None:
        """What the history keeps of the deal played now (``None``: none is, or it is over)."""
        tables = self.play
        if tables is None or tables.closed:
            return None
        return ToKeep(tables.keep_key, room_progress(tables), tables.done, lambda: room_state(tables).to_json())

    def end_game(self) -> None:
        """The game played now is left (the room stays open for the next)."""
        if self.play is not None:
            self.play.close(stop_server=False)

    def sessions(self) -> list[ClassSession]:
        """Every table's game played now."""
        return list(self.play.sessions) if self.play is not None else []

    def close(self) -> None:
        """The teacher leaves the room (or the app stops): every game over is in the lesson and its
        report is written again; a game not over is kept (its phones are told it goes on); the
        room closes."""
        for session in self.sessions():
            session.after_game.flush()
        if self.warmup is not None:
            self.warmup.close()
        tables = self.play
        if tables is not None:
            tables.close(stop_server=False)
            self.server.stop(coming_back=not tables.done)  # kept: its phones are told it goes on
        self.server.stop()
        self.workers.close()
