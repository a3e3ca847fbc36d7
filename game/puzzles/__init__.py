"""Puzzles from real decisions: a reviewed decision with one clear answer, kept to be solved again.

* :mod:`~game.puzzles.puzzle` - :class:`Puzzle` (the position, every answer's expected points, the
  best one, the explanation, the source) and :class:`Verdict` (what an answer was worth);
* :mod:`~game.puzzles.finding` - which reviewed decisions become puzzles (the margins, the second
  review that must agree): :func:`puzzles_from_decisions`, :func:`puzzles_from_reviews` (a finished
  game's decisions reviewed elsewhere, in one call), :func:`puzzles_from_game`;
* :mod:`~game.puzzles.making` - puzzles from computer games (``main.py puzzles make``);
* :mod:`~game.puzzles.reading` - a puzzle's JSON read back, every field checked.

Pure like the rules core: nothing here opens a file or a database (the history keeps the
puzzles: :mod:`store.puzzles`).
"""

from .finding import (MIN_LEAD, MIN_LOSS, agrees, clear_answer, puzzles_from_decisions, puzzles_from_game,
                      puzzles_from_reviews)
from ..review import CARD, ROW
from .puzzle import LESSON, MADE, Puzzle, PuzzleAnswerError, PuzzleError, Source, Verdict
from .reading import puzzle_from_dict, puzzle_from_json

__all__ = ["CARD", "ROW", "LESSON", "MADE", "MIN_LEAD", "MIN_LOSS", "Puzzle", "PuzzleAnswerError", "PuzzleError",
           "Source", "Verdict", "agrees", "clear_answer", "puzzle_from_dict", "puzzle_from_json",
           "puzzles_from_decisions", "puzzles_from_game", "puzzles_from_reviews"]
