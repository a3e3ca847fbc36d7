"""Scripted positions with known answers, made into puzzles the way a game's are: reviewed, filtered,
confirmed (:func:`game.puzzles.puzzles_from_decisions`).  Shared by the puzzles' tests and the screen tour."""

from __future__ import annotations

from game.engine import PlayerView
from game.puzzles import Puzzle, Source, puzzles_from_decisions
from game.review import CARD, ROW, DecisionPoint, review_point
from game.rules import ALL_CARDS, SNAP, Rules

LAST_TURN = 6
"""The last turn of a snap round: a row taken then costs exactly its points (nothing follows)."""
EXACT_ROWS = ((20, 21), (30, 55), (40, 44, 45), (50,))
"""Snap points 8, 14, 16 and 5: row 4 is best by 3 over row 1, and by 9 over row 2."""
FULL_ROWS = ((10, 11, 12, 13, 30), (40, 41, 42, 43, 50), (60, 61, 62, 63, 70), (90,))
"""Three full rows: their 6th card takes them; a card above 90 is the only safe one."""
CARD_HAND = (31, 32, 51, 71, 95)


def scripted_view(hand: tuple[int, ...], rows: tuple[tuple[int, ...], ...], turn: int, *,
                  card_to_place: int | None = None, revealed: tuple[int, ...] = (), rules: Rules = SNAP,
                  players: int = 4, scores: tuple[int, ...] | None = None) -> PlayerView:
    """Seat 0's view of a hand-made position, with earlier turns' plays made up from cards seen nowhere else."""
    used = {*hand, *(card for row in rows for card in row), *revealed}
    spare = [card for card in ALL_CARDS if card not in used]
    previous = tuple(tuple(spare[turn_index * players:(turn_index + 1) * players]) for turn_index in range(turn))
    return PlayerView(0, rules, players, 0, turn, hand, rows, scores or (0,) * players,
                      tuple(row[0] for row in rows), previous, revealed, card_to_place)


def row_point(rows: tuple[tuple[int, ...], ...] = EXACT_ROWS, played: int = 1) -> DecisionPoint:
    """Rule 4 on the last turn: seat 0's 5 fits no row (60, 61, 62 come after it)."""
    view = scripted_view((), rows, LAST_TURN, card_to_place=5, revealed=(5, 60, 61, 62))
    return DecisionPoint(0, 0, LAST_TURN, ROW, view, played)


def card_point(played: int = 31) -> DecisionPoint:
    return DecisionPoint(0, 0, LAST_TURN, CARD, scripted_view(CARD_HAND, FULL_ROWS, LAST_TURN), played)


def made_source(game: int = 1) -> Source:
    return Source.made(7, game, 0)


def puzzle_of(point: DecisionPoint, rollouts: int = 200, game: int = 1) -> Puzzle:
    """``point`` reviewed and made a puzzle (it must have one clear answer)."""
    found = puzzles_from_decisions([(point, review_point(point, rollouts))], lambda _point: made_source(game),
                                   rollouts=rollouts)
    assert len(found) == 1, "the scripted position has one clear answer"
    return found[0]


def row_puzzle() -> Puzzle:
    return puzzle_of(row_point())


def card_puzzle(rollouts: int = 200) -> Puzzle:
    return puzzle_of(card_point(), rollouts)
