"""The reviews earlier lessons left missing (the app stopped while they were being made), made
while a new class lesson runs, and each of those lessons' reports written again once its
reviews are in.

The students of the lesson in progress come first: a missing review is queued only while the
review workers have nothing of theirs to do, one student at a time, so it never delays a phone
that waits for its review.  The same work is done at once, with a progress bar, by
``main.py lessons report``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.record import GameRecord
from game.rules import rules_named
from store.history import HistoryError, open_history
from store.lessons import lessons

from .lesson_book import LessonBook
from .reviews import ReviewService, StudentReview

LESSONS_LOOKED_AT = 20
"""How many of the latest lessons are looked at for missing reviews."""


@dataclass
class _Pending:
    book: LessonBook
    position: int
    record: GameRecord
    seat: int


@dataclass
class ReviewBacklog:
    """Missing reviews of earlier lessons, made when the workers are free."""

    service: ReviewService
    waiting: list[_Pending] = field(default_factory=list)
    making: list[tuple[_Pending, StudentReview]] = field(default_factory=list)

    @classmethod
    def of_history(cls, service: ReviewService, skip: Callable[[int], bool] = lambda number: False) -> ReviewBacklog:
        """The missing reviews of the latest lessons in the history (``skip``: lessons to leave,
        e.g. the one going on now)."""
        backlog = cls(service)
        try:
            with open_history(import_legacy=False) as history:
                numbers = [lesson.number for lesson in lessons(history)[:LESSONS_LOOKED_AT]]
        except (HistoryError, OSError):
            return backlog
        for number in numbers:
            book = None if skip(number) else LessonBook.reopen(number)
            if book is not None:
                backlog.waiting += [_Pending(book, position, record, seat)
                                    for position, record, seats in book.reviews_to_make() for seat in seats]
        return backlog

    @property
    def done(self) -> bool:
        return not self.waiting and not self.making

    def update(self, workers_free: bool) -> None:
        """Called every frame: a finished review goes to its lesson (its report written once the
        lesson has all its reviews); ``workers_free``: the next one may be queued."""
        for pending, review in list(self.making):
            if review.ready:
                self.making.remove((pending, review))
                if not review.failed():
                    pending.book.add_review(pending.position, pending.seat, review.decisions())
                if not any(other.book is pending.book for other in self.waiting) and \
                        not any(other.book is pending.book for other, _r in self.making):
                    pending.book.write()
        if workers_free and not self.making and self.waiting:
            pending = self.waiting.pop(0)
            record = pending.record
            [review] = self.service.review_game(rules_named(record.rules), len(record.players), record.seed,
                                                record.rounds, [(pending.seat, pending.seat)],
                                                [player.kind for player in record.players])
            self.making.append((pending, review))
