"""Puzzles made from the practice screen when none are stored: computer games played and reviewed
on a worker thread (the window stays responsive), each game's puzzles stored as soon as it is done,
so leaving early keeps what was made (the same work as ``main.py puzzles make``)."""

from __future__ import annotations

import threading

from game.engine import new_seed
from game.i18n import _
from game.puzzles.making import DEFAULT_KINDS, made_games
from game.review import DEFAULT_ROLLOUTS
from game.rules import rules_named
from store.history import HistoryError, open_history
from store.puzzles import add_puzzles

APP_GAMES = 5
"""Games the practice screen plays to make puzzles (about three puzzles a game)."""
APP_ROLLOUTS = DEFAULT_ROLLOUTS
"""Sampled deals per decision of their reviews (those of ``puzzles make``'s default)."""


class MakingJob:
    """Computer games played, reviewed and their puzzles stored, one game at a time."""

    def __init__(self, rules: str, games: int, seed: int | None = None, *, rollouts: int = DEFAULT_ROLLOUTS,
                 threaded: bool = True) -> None:
        self.rules = rules_named(rules)
        self.games = games
        self.seed = new_seed() if seed is None else seed
        self.rollouts = rollouts
        """Sampled deals per reviewed decision (the review's default: tests ask for fewer)."""
        self.played = 0
        """Games done so far."""
        self.found = 0
        """Puzzles stored so far."""
        self.error: str | None = None
        self.finished = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="puzzles", daemon=True)
            self._thread.start()
        else:
            self._run()

    def _run(self) -> None:
        try:
            with open_history(import_legacy=False) as history:
                for made in made_games(self.rules, DEFAULT_KINDS, self.games, self.seed, rollouts=self.rollouts):
                    self.found += add_puzzles(history, made.puzzles).added
                    self.played += 1
                    if self._stop.is_set():
                        return
        except HistoryError as problem:
            self.error = str(problem)
        except Exception as problem:  # shown on the screen rather than lost on a thread
            self.error = _("making puzzles failed: {problem}").format(problem=problem)
        finally:
            self.finished = True

    def stop(self) -> None:
        """Stop after the game being played (what was made stays stored)."""
        self._stop.set()

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the job to finish (tests); whether it has."""
        if self._thread is not None:
            self._thread.join(seconds)
        return self.finished
