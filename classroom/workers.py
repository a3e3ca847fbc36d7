"""The lesson's worker processes: the students' reviews and the class's puzzle finder.

Pure Python (no pygame).  The lesson makes them and owns them (:class:`~.lesson.Lesson`): each
starts its processes when first needed (a lesson without reviews starts none), and they end with
the lesson - the teacher leaves the room, or the app stops - at once, mid-task.  What they had
not finished is dropped: a review the history misses is made by a later lesson's backlog
(:mod:`.backlog`), a puzzle not confirmed yet is not found.
"""

from __future__ import annotations

from game.review import DEFAULT_ROLLOUTS

from .lesson_puzzles import PuzzleFinder
from .reviews import ReviewService


class LessonWorkers:
    """The review workers and the puzzle finder of one lesson."""

    def __init__(self, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        """``rollouts``: sampled deals per decision of the students' reviews (``class --review-rollouts``)."""
        self.reviews = ReviewService(rollouts=rollouts)
        self.finder = PuzzleFinder()

    def close(self) -> None:
        """End every worker now (what they were doing is dropped)."""
        self.reviews.close()
        self.finder.close()
