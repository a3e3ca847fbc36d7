"""The class's warm-up in the lobby: a few puzzles every phone answers before the game.

Pure Python (no pygame).  The lesson (:mod:`.lesson`) holds the warm-up while it runs and pumps it
every frame: the phones' answers come in (checked by :mod:`classroom.class_puzzles`), each
phone is sent the puzzle as it stands for it, and the teacher's Space shows the class's answers
(each phone gets its verdict, the answers go to the lesson: its report and the history), then
asks the next puzzle.  After the last one the phones get the lobby again.

The puzzles are the class's own first (from its earlier lessons), then puzzles made from
computer games (:func:`store.puzzles.warmup_puzzles`); with none stored at all, a few are
made first, on a worker thread (:class:`live.making.MakingJob`), while the projector
says so.
"""

from __future__ import annotations

import queue
import random
from collections.abc import Callable

from classroom.bridge import WATCHER, Asked, Guessed, PuzzleAnswered
from classroom.class_puzzles import ClassPuzzles, PuzzleRound, puzzle_state, verdict_message
from classroom.lesson_book import LessonBook
from classroom.protocol import Error
from classroom.server import ClassServer
from classroom.table_door import TableDoor
from game.i18n import _
from game.rules import DEFAULT_PRESET
from store.history import HistoryError, open_history
from store.puzzles import warmup_puzzles
from store.students import PuzzleAnswer

from live import making
from live.making import MakingJob

BookOf = Callable[[], "LessonBook | None"]
"""The lesson the warm-up's answers go to (made when first asked for)."""


def tell_refused(server: ClassServer | TableDoor, event: Asked, problem: str = "") -> None:
    """Tell the phone that asked (a seat's, or a watcher's) why it is not taken (by default: no
    question is open, e.g. a puzzle's answer in the lobby, the game, a warm-up still making its
    puzzles)."""
    problem = problem or _("nothing is asked of you now")
    match event:
        case Guessed(seat=seat, who=who) | PuzzleAnswered(seat=seat, who=who) if seat == WATCHER:
            server.send_to(Error(problem), watcher=who)
        case _:
            server.tell(event.seat, problem)


class Warmup:
    """A warm-up of puzzles for the phones of one room."""

    def __init__(self, server: ClassServer, count: int, class_name: str, book: BookOf, *, seed: int | None = None,
                 rules: str = DEFAULT_PRESET) -> None:
        self.server = server
        self.room = server.room
        self.count = count
        self.class_name = class_name
        self._book = book
        self.rng = random.Random(seed)
        self.rules = rules
        """The rules of the games played to make puzzles when none are stored."""
        self.puzzles: ClassPuzzles | None = None
        self.making: MakingJob | None = None
        self.problem = ""
        """Why there is no puzzle (the history cannot be read, making them failed)."""
        self.over = False
        self._published: object = None
        self._load()

    # ------------------------------------------------------------ puzzles
    def _load(self) -> None:
        """The warm-up's puzzles from the history, or (none stored) a few made first."""
        try:
            with open_history(import_legacy=False) as history:
                found = warmup_puzzles(history, self.class_name, self.count, self.rng)
        except HistoryError as problem:
            self.problem = str(problem)
            return
        if found:
            self.puzzles = ClassPuzzles(found)
            self.puzzles.next(self.present())
        else:
            self.making = MakingJob(self.rules, making.APP_GAMES, self.rng.getrandbits(32),
                                    rollouts=making.APP_ROLLOUTS)

    @property
    def current(self) -> PuzzleRound | None:
        return self.puzzles.round if self.puzzles is not None else None

    def present(self) -> dict[str, str]:
        """Every phone joined now, by the secret of its place: its name."""
        secrets = self.room.secrets_of_seats()
        here = {secrets[seat.index]: seat.name for seat in self.room.seats() if seat.connected and seat.taken}
        here.update(self.server.watching)
        return here

    # ------------------------------------------------------------ the loop
    def pump(self) -> None:
        """One frame: puzzles being made, the phones' answers, each phone's state."""
        job = self.making
        if job is not None and job.finished:
            self.making = None
            self.problem = job.error or ""
            if not self.problem:
                self._load()
        while True:
            try:
                event = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            if isinstance(event, PuzzleAnswered):
                self._answer(event)
        puzzles = self.puzzles
        if puzzles is not None and not self.over:
            present = self.present()
            for who, name in present.items():
                puzzles.also_ask(who, name)
            puzzles.still_here(set(present))
            self.publish()

    def _answer(self, event: PuzzleAnswered) -> None:
        puzzles, request = self.puzzles, event.request
        problem = puzzles.answer(event.who, event.name, request.answer, request.is_row) if puzzles else ""
        if puzzles is None or problem:
            tell_refused(self.server, event, problem)

    def publish(self) -> None:
        """Each seat's phone its state of the puzzle (asked, or its answer), the watchers theirs."""
        current, puzzles = self.current, self.puzzles
        if current is None or puzzles is None:
            return
        secrets = self.room.secrets_of_seats()
        key = (current.number, current.shown, tuple(sorted(current.answers.items())), secrets, self.room.version)
        if key == self._published:
            return
        self._published = key
        of = len(puzzles.puzzles)
        seats = {seat: puzzle_state(current, of, seat, current.answers.get(secret))
                 for seat, secret in enumerate(secrets) if secret}
        self.server.show_puzzle(seats, puzzle_state(current, of, None))

    # ------------------------------------------------------------ the teacher
    def step(self) -> None:
        """Space: show the class's answers; then the next puzzle (after the last: the lobby)."""
        current, puzzles = self.current, self.puzzles
        if puzzles is None or current is None:
            if self.making is None:
                self.finish()
            return
        if not current.shown:
            self._show(current, puzzles)
        elif puzzles.next(self.present()) is None:
            self.finish()

    def _show(self, current: PuzzleRound, puzzles: ClassPuzzles) -> None:
        """The answers are shown: each phone that answered gets its verdict; every phone asked is
        counted in the lesson (an answer or none)."""
        verdicts = puzzles.show()
        secrets = self.room.secrets_of_seats()
        for who, verdict in verdicts.items():
            message = verdict_message(current, verdict)
            if who in secrets:
                self.server.send_to(message, seat=secrets.index(who))
            else:
                self.server.send_to(message, watcher=who)
        book = self._book()
        if book is not None:
            book.add_puzzle_answers([
                PuzzleAnswer(current.stored.id, self.room.students.key_of(who), name,
                             current.answers.get(who), who in verdicts and verdicts[who].right,
                             verdicts[who].cost if who in verdicts else None)
                for who, name in current.asked.items()])
        self.publish()

    def finish(self) -> None:
        """The warm-up is over: the phones get the lobby; the lesson's report is written."""
        if self.over:
            return
        self.over = True
        self.close()
        self.server.show_puzzle(None, None)
        book = self._book() if self.puzzles is not None else None
        if book is not None:
            book.write()

    def close(self) -> None:
        """The room closes (or the warm-up ends): puzzles being made stop after their game."""
        if self.making is not None:
            self.making.stop()
