"""What a class game does for learning beyond the game itself: the class's predictions, each
student's review on their phone, the teacher's lesson report, and the class's own puzzles.

Pure Python (no pygame).  :class:`Learning` is what the teacher chose (``class --predict``,
``--no-review``, ``--report``, ``--class``); :class:`AfterGame` is a finished game's side of it:
the game's figures added to the lesson (its report, and the history:
:mod:`classroom.lesson_book`), with each student's key in the class; each student's review
queued in the review workers (:mod:`classroom.reviews`) and sent to their phone as it fills
in, and added to the lesson once ready; and, with a class, the review's clear decisions handed to
the puzzle finder's worker (:mod:`classroom.lesson_puzzles`), whose confirmed puzzles are
kept as the class's.  A stop before a review is in leaves it missing, never lost: the lesson's
games are in the history, and the review is made again from them.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass

from classroom.lesson_book import GameEntry, LessonBook
from classroom.lesson_puzzles import PuzzleFinder, clear_decisions
from classroom.protocol import review_message
from classroom.reviews import ReviewService, StudentReview, moved
from game.puzzles import Puzzle
from game.review import Decision

from live.session import Stage
from live.seats import PHONE
from .class_table import ClassTable


@dataclass(frozen=True)
class Learning:
    """The learning a class game's phones and the teacher get."""

    predict_seconds: float | None = None
    """The class predicts every placement, waiting that long at most (``None``: no predictions)."""
    reviews: ReviewService | None = None
    """Reviews each student's game for their phone when it ends (``None``: no reviews)."""
    lesson: LessonBook | None = None
    """The lesson (its report, kept in the history), which the game's figures and reviews are added to."""
    puzzles: PuzzleFinder | None = None
    """Finds the class's puzzles among its students' reviewed decisions (``None``: not - no class,
    no history, or no reviews)."""

    @property
    def report_problem(self) -> str:
        """Why the lesson report could not be written the last time it was (empty: it was)."""
        return self.lesson.problem if self.lesson is not None else ""


NO_LEARNING = Learning()


class AfterGame:
    """A class game once it is over: the lesson report and the students' reviews."""

    def __init__(self, session: ClassTable, learning: Learning) -> None:
        """``session``: the :class:`~.class_session.ClassSession` (its seats, game, server, notes)."""
        self.session = session
        self.learning = learning
        self.reviews: list[StudentReview] = []
        self.started = False
        self.counted = False
        """The game's figures are in the lesson (its save wrote them, or the first frame over did)."""
        self.position = 0
        """The game's place in the lesson (once added)."""
        self.finding: list[Future[list[Puzzle]]] = []
        """The class's puzzles being found in this game's reviews (second reviews in the finder's worker)."""
        room = session.room
        self.keys_at_start = tuple(room.student_of(seat) for seat in range(len(room.secrets_of_seats())))
        """Each seat's student key when the game started (a seat given to an AI later loses its phone's)."""

    def update(self) -> None:
        """Called every frame: at the game's end its figures go to the report and the reviews are
        queued; each review is sent to its phone whenever it moved on, and to the report once ready."""
        session, learning = self.session, self.learning
        if session.table.stage is not Stage.OVER:
            return
        if not self.started:
            self.started = True
            self._add_game()
            self._queue_reviews([seat for seat, kind in enumerate(session.table.seats) if kind.kind == PHONE])
        for review in moved(self.reviews):
            session.door.send_to(review_message(review), seat=review.seat)
            if review.ready and learning.lesson is not None and not review.failed():
                learning.lesson.add_review(self.position, review.seat, review.decisions())
                self._write()
                self._find_puzzles(review.decisions())
        self._keep_found_puzzles()

    @property
    def table(self) -> tuple[str, ...]:
        """What sat at each seat (``phone`` for a student, or a computer player's kind): the
        reviews and the puzzles judge each decision against it."""
        return tuple(seat.kind for seat in self.session.table.seats)

    def _find_puzzles(self, decisions: list[Decision]) -> None:
        """A student's clear decisions to the puzzle finder (the second review, in its worker)."""
        finder, lesson, session = self.learning.puzzles, self.learning.lesson, self.session
        clear = clear_decisions(decisions)
        if finder is not None and lesson is not None and lesson.key and clear:
            self.finding.append(finder.find(session.table.rules, len(session.table.seats), session.table.game.seed, session.table.game.rounds,
                                            clear, lesson.key, self.position + 1, self.table))

    def _keep_found_puzzles(self) -> None:
        """The puzzles found so far kept as the class's (a failed search loses those puzzles only)."""
        lesson = self.learning.lesson
        for found in [found for found in self.finding if found.done()]:
            self.finding.remove(found)
            if lesson is not None and not found.cancelled() and found.exception() is None:
                lesson.add_puzzles(found.result())

    def entry(self) -> GameEntry | None:
        """The game's figures for the lesson, written by the transaction that saves its record
        (asked by the save, once the game is over; ``None``: no lesson, or counted already)."""
        lesson = self.learning.lesson
        if lesson is None or self.counted:
            return None
        self.counted = True
        entry = lesson.enter_game(*self._figures())
        self.position = entry.position
        return entry

    def _add_game(self) -> None:
        lesson, session = self.learning.lesson, self.session
        if lesson is None:
            return
        if not self.counted:
            self.counted = True
            names, students, scores, predicted, keys = self._figures()
            self.position = lesson.add_game(names, students, scores, predicted, session.table.record_number, keys)
        else:  # (written again if its save could not write it: the history was busy, the disk full)
            lesson.keep_game(self.position, session.table.record_number)
        self._write()

    def _figures(self) -> tuple[list[str], list[bool], list[int], list[tuple[int, int] | None], list[str]]:
        """Names, which seats are students, scores, predictions, and each student's key in the class."""
        session = self.session
        predictions = session.predictions
        students = [seat.kind == PHONE for seat in session.table.seats]
        at_start = self.keys_at_start
        keys = [(session.room.student_of(seat) or (at_start[seat] if seat < len(at_start) else "")) if student else ""
                for seat, student in enumerate(students)]
        predicted: list[tuple[int, int] | None] = [predictions.right_of(f"seat:{seat}") for seat in
                                                   range(len(session.table.seats))] if predictions is not None else []
        return [seat.name for seat in session.table.seats], students, list(session.table.game.scores), predicted, keys

    def resume(self, position: int) -> None:
        """A stopped lesson goes on: this game, over before the stop, is game ``position`` of the
        lesson already; the reviews it has not got yet are made again."""
        self.started, self.counted, self.position = True, True, position
        lesson, session = self.learning.lesson, self.session
        if lesson is not None and session.table.stage is Stage.OVER:
            self._queue_reviews([seat for seat, kind in enumerate(session.table.seats)
                                 if kind.kind == PHONE and (position, seat) not in lesson.reviewed])

    def _queue_reviews(self, seats: list[int]) -> None:
        reviews, session = self.learning.reviews, self.session
        if reviews is not None and seats:
            self.reviews = reviews.review_game(session.table.rules, len(session.table.seats), session.table.game.seed,
                                               session.table.game.rounds, [(seat, seat) for seat in seats],
                                               self.table)

    def flush(self) -> None:
        """The app stops: a game over whose figures are not in the lesson yet is added (its reviews
        stay to be made), and the report is written again."""
        if self.session.table.stage is not Stage.OVER or self.learning.lesson is None:
            return
        if not self.started:
            self.started = True
            self._add_game()
        else:
            self._write()

    def _write(self) -> None:
        lesson = self.learning.lesson
        assert lesson is not None
        if not lesson.write() and lesson.problem not in self.session.notes:
            self.session.notes.append(lesson.problem)
