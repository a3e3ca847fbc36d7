"""Issue 53: each puzzle is tagged by what it teaches, decided from the position and the rules; every
theme has a one-line definition and a position here that has it (and one that has not)."""

from __future__ import annotations

from game.puzzles.puzzle import Puzzle
from game.puzzles.themes import THEME_NAMES, THEMES, definition_of, themes_line, themes_of, title_of
from game.review import CARD, ROW
from tests.support.puzzle_positions import EXACT_ROWS, LAST_TURN, card_puzzle, made_source, row_puzzle, scripted_view

MIDDLE_ROWS = ((10, 11, 12, 13), (30, 31), (50, 51, 52, 53, 54), (70,))
"""Row 1 long, row 2 short, row 3 full, row 4 one card."""


def card_position(hand: tuple[int, ...], played: int, best: int, rows: tuple[tuple[int, ...], ...] = MIDDLE_ROWS,
                  turn: int = 2) -> Puzzle:
    """A card puzzle of seat 0 (the figures only name the best answer: themes never read them)."""
    options = tuple((card, 0.0 if card == best else 5.0) for card in sorted(hand))
    return Puzzle(CARD, scripted_view(hand, rows, turn), played, options, best, made_source())


def row_position(best: int) -> Puzzle:
    view = scripted_view((), EXACT_ROWS, LAST_TURN, card_to_place=5, revealed=(5, 60, 61, 62))
    options = tuple((row, 0.0 if row == best else 5.0) for row in range(4))
    return Puzzle(ROW, view, 1, options, best, made_source())


EXAMPLES = {
    "sixth-card": (card_position((55, 32), played=55, best=32), card_position((14, 32), played=14, best=32)),
    "under-every-row": (card_position((5, 32), played=5, best=32), card_position((14, 32), played=14, best=32)),
    "cheapest-row": (row_position(best=3), row_position(best=0)),
    "not-the-cheapest-row": (row_position(best=0), row_position(best=3)),
    "safe-high-card": (card_position((14, 80), played=14, best=80), card_position((33, 80), played=80, best=33)),
    "short-row": (card_position((14, 32), played=14, best=32), card_position((33, 14), played=33, best=14)),
    "last-turn": (row_position(best=3), card_position((14, 32), played=14, best=32)),
}
"""Each theme: a puzzle that teaches it, and one that does not."""


def test_every_theme_has_a_definition_and_a_position_with_it_and_one_without() -> None:
    assert sorted(EXAMPLES) == sorted(THEME_NAMES)
    for name, (having, lacking) in EXAMPLES.items():
        assert name in themes_of(having), (name, themes_of(having))
        assert name not in themes_of(lacking), (name, themes_of(lacking))
    for theme in THEMES:
        assert title_of(theme.name) and definition_of(theme.name) and "\n" not in definition_of(theme.name)


def test_the_known_puzzles_themes() -> None:
    # 31 was row 1's 6th card; 95 goes safely on row 4 (one card), on the round's last turn.
    assert themes_of(card_puzzle()) == ("sixth-card", "safe-high-card", "short-row", "last-turn")
    assert themes_of(row_puzzle()) == ("cheapest-row", "last-turn")  # row 4 held 5 points, the fewest
    assert themes_line(row_puzzle()) == "Themes: The cheapest row, The last turn"
