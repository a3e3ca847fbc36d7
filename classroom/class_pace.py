"""How a class table no screen steps is paced on: the lesson's pacer.

Pure Python (no pygame).  Every frame the lesson paces each live table but the one the screen on
top steps (:meth:`.class_session.ClassSession.pace`): a table of a room, or one table's game
under the join code, the rules or a question.  Its next card is placed once the step delay has
passed since the last change, never while the teacher steps by hand.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Pace:
    """One table's pace."""

    step_delay: float = 1.0
    """Seconds a placement stays before the next (the projector's table sets it every frame from
    its Auto clock; a room, from its step delay)."""
    waited: float = 0.0
    """Seconds since the last change that may step."""

    def due(self, dt: float, may_step: bool) -> bool:
        """``dt`` seconds passed: whether the next step is due (``may_step``: the table has one
        to take and the teacher does not step by hand; if not, the wait starts again)."""
        if not may_step:
            self.waited = 0.0
            return False
        self.waited += dt
        return self.waited >= self.step_delay
