"""The practice screen's model, no pygame: the puzzles in turn, who answers, and the running count.

Alone, one player answers puzzle after puzzle.  At a hot-seat table the players
take turns: each turn is a new puzzle for the next player, and each player's
count of right answers (of those asked) runs on.  The puzzles come in an order
drawn once from the seed; after the last one a new order is drawn, so practice
can go on.  An answer is checked (:class:`~game.puzzles.PuzzleAnswerError` for
one that is not an option: the screen never offers it), then judged by the
puzzle itself (:meth:`~game.puzzles.Puzzle.verdict`): no rule is written here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Sequence

from game.i18n import _
from game.puzzles import Puzzle, PuzzleAnswerError, Verdict
from game.puzzles.rating import START_RATING, predicted_rating
from game.rules import DEFAULT_PRESET
from store.history import History
from store.puzzles import StoredPuzzle
from store.ratings import practice_ratings, ratings_of

MAX_PLAYERS = 10
"""Players who may take turns at one screen (the menu's largest table)."""


@dataclass(frozen=True)
class PracticeSettings:
    """What ``main.py puzzles`` (or the menu) asks of the practice screen."""

    names: tuple[str, ...] = ()
    """Who takes turns: none or one name, practice alone; two or more, a hot-seat table."""
    seed: int | None = None
    """The order of the puzzles, and the games played to make some when none are stored (``None``: new
    ones each time)."""
    rules: str = DEFAULT_PRESET
    """The rules of the games played to make puzzles when none are stored."""


LEVEL_STEP = 100.0
"""Rating points: puzzles within one step of the players' level are drawn among equals."""


@dataclass(frozen=True)
class Levels:
    """The ratings the practice screen draws its order by: each player's (by name) and each puzzle's."""

    players: Mapping[str, float]
    puzzles: Mapping[int, float]

    def level(self, names: Sequence[str]) -> float:
        """The players' mean rating (a new player: the start)."""
        return sum(self.players.get(name, START_RATING) for name in names) / max(1, len(names))

    def puzzle(self, stored: StoredPuzzle) -> float:
        """A puzzle's rating: as answers moved it, or as its difficulty predicts."""
        found = self.puzzles.get(stored.id)
        return found if found is not None else predicted_rating(stored.puzzle).rating


def practice_levels(history: History, puzzles: Sequence[StoredPuzzle]) -> Levels:
    """The practice's players' ratings and the puzzles' (moved by every class's and player's answers)."""
    practice, classes = practice_ratings(history), ratings_of(history)
    moved = {**{number: rating.rating for number, rating in classes.puzzles.items()},
             **{number: rating.rating for number, rating in practice.puzzles.items()}}
    return Levels({name: rating.rating for name, rating in practice.students.items()},
                  {stored.id: moved[stored.id] for stored in puzzles if stored.id in moved})


@dataclass
class Player:
    """One player's running count."""

    name: str
    asked: int = 0
    right: int = 0


@dataclass
class Practice:
    """Puzzles one at a time, the players answering in turn."""

    puzzles: Sequence[StoredPuzzle]
    players: list[Player]
    rng: random.Random
    order: list[int] = field(default_factory=list)
    """Indices into :attr:`puzzles`, in the order they are asked this time through."""
    index: int = 0
    """Which of :attr:`order` is asked now."""
    turn: int = 0
    """Which player answers now."""
    verdict: Verdict | None = None
    """The answer to the puzzle on screen, once given."""

    levels: Levels = field(default_factory=lambda: Levels({}, {}))
    """The ratings the order is drawn by."""

    @staticmethod
    def start(puzzles: Sequence[StoredPuzzle], names: Sequence[str], seed: int | None = None,
              levels: Levels | None = None) -> Practice:
        """Practice over ``puzzles`` (at least one) for ``names`` (none: one player, unnamed), nearest
        the players' level first (``levels``)."""
        if not puzzles:
            raise ValueError("practice needs at least one puzzle")
        players = [Player(name) for name in names[:MAX_PLAYERS]] or [Player("")]
        practice = Practice(list(puzzles), players, random.Random(seed), levels=levels or Levels({}, {}))
        practice.order = practice._new_order()
        return practice

    def _new_order(self) -> list[int]:
        """A new order of the puzzles, nearest the players' level first (in steps of
        :data:`LEVEL_STEP` rating points, drawn at random within a step); never the one just asked
        first again (with two or more)."""
        order = list(range(len(self.puzzles)))
        self.rng.shuffle(order)
        level = self.levels.level([player.name for player in self.players])
        order.sort(key=lambda index: abs(self.levels.puzzle(self.puzzles[index]) - level) // LEVEL_STEP)
        if self.order and len(order) > 1 and order[0] == self.order[-1]:
            order.append(order.pop(0))
        return order

    @property
    def shown(self) -> StoredPuzzle:
        return self.puzzles[self.order[self.index]]

    @property
    def puzzle(self) -> Puzzle:
        return self.shown.puzzle

    @property
    def player(self) -> Player:
        return self.players[self.turn]

    @property
    def taking_turns(self) -> bool:
        return len(self.players) > 1

    @property
    def answered(self) -> bool:
        return self.verdict is not None

    def answer(self, answer: int) -> Verdict:
        """Answer the puzzle on screen; its verdict, counted for the player whose turn it is.
        ``PuzzleAnswerError`` if ``answer`` is not an option or the puzzle was answered already."""
        if self.verdict is not None:
            raise PuzzleAnswerError(_("this puzzle was answered already"))
        verdict = self.puzzle.verdict(answer)
        self.verdict = verdict
        self.player.asked += 1
        self.player.right += verdict.right
        return verdict

    def next(self) -> None:
        """The next puzzle, for the next player (after the last puzzle, a new order)."""
        self.verdict = None
        self.turn = (self.turn + 1) % len(self.players)
        self.index += 1
        if self.index == len(self.order):
            self.index = 0
            self.order = self._new_order()
