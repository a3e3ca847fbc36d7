"""What a puzzle teaches: its themes, decided from the position and the rules alone.

Each theme is a name (kept in the history and in ``puzzles list --json``, never translated), a
title and a one-line definition (in the language in use), and a test on the puzzle: the rows,
the hand, the card played then and the best answer.  A puzzle has every theme whose test it
passes (none, one or several), in the order of :data:`THEMES`.

* ``sixth-card`` - the card played was a row's 6th card; the best one was not;
* ``under-every-row`` - a card lower than every row: played, where the best one fits a row, or
  the best one, because every other takes more;
* ``cheapest-row`` - a card that fits no row: the best row to take is the one with the fewest points;
* ``not-the-cheapest-row`` - a card that fits no row: the best row to take is not the cheapest now;
* ``safe-high-card`` - the best card goes on a row with room to spare, safe this turn, and is
  higher than the card played;
* ``short-row`` - the best card goes on a short row (one or two cards), the card played on a long one;
* ``last-turn`` - the round's last turn: only this turn's placement counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import predict
from ..i18n import N_, _
from ..review import CARD, ROW, sixth_card_chance
from ..rules import ROW_LIMIT
from .puzzle import Puzzle

SAFE_CHANCE = 0.05
"""A card with less chance than this to be its row's 6th card this turn is safe."""
SHORT_ROW = 2
"""A row of at most this many cards is short (room for three more)."""
LONG_ROW = 4
"""A row of at least this many cards is long (its next card or the one after takes it)."""


@dataclass(frozen=True)
class Theme:
    """One thing a puzzle can teach."""

    name: str
    """Its name in the history and the JSON (never translated)."""
    title: str
    """A few words, marked for translation (:func:`title_of` translates)."""
    definition: str
    """One line saying what it is, marked for translation (:func:`definition_of` translates)."""
    test: Callable[[Puzzle], bool]


def _sixth_card(puzzle: Puzzle) -> bool:
    return puzzle.kind == CARD and predict(puzzle.rows, puzzle.played)[1] and not predict(puzzle.rows, puzzle.best)[1]


def _under_every_row(puzzle: Puzzle) -> bool:
    if puzzle.kind != CARD:
        return False
    played, best = predict(puzzle.rows, puzzle.played)[0], predict(puzzle.rows, puzzle.best)[0]
    return (played is None) != (best is None)


def _row_penalties(puzzle: Puzzle) -> list[int]:
    return [puzzle.view.rules.penalty_of(row) for row in puzzle.rows]


def _cheapest_row(puzzle: Puzzle) -> bool:
    return puzzle.kind == ROW and _row_penalties(puzzle)[puzzle.best] == min(_row_penalties(puzzle))


def _not_the_cheapest_row(puzzle: Puzzle) -> bool:
    return puzzle.kind == ROW and _row_penalties(puzzle)[puzzle.best] > min(_row_penalties(puzzle))


def _best_row_length(puzzle: Puzzle) -> int | None:
    row, takes = predict(puzzle.rows, puzzle.best)
    return None if row is None or takes else len(puzzle.rows[row])


def _safe_high_card(puzzle: Puzzle) -> bool:
    length = _best_row_length(puzzle)
    return (puzzle.kind == CARD and length is not None and length < ROW_LIMIT - 1 and puzzle.best > puzzle.played
            and sixth_card_chance(puzzle.view, puzzle.best) < SAFE_CHANCE)


def _short_row(puzzle: Puzzle) -> bool:
    if puzzle.kind != CARD:
        return False
    length = _best_row_length(puzzle)
    played = predict(puzzle.rows, puzzle.played)[0]
    return length is not None and length <= SHORT_ROW and played is not None and len(puzzle.rows[played]) >= LONG_ROW


def _last_turn(puzzle: Puzzle) -> bool:
    return puzzle.view.turn >= puzzle.view.rules.turns_per_round - 1


THEMES = (
    Theme("sixth-card", N_("The sixth card"), N_("The card played was a row's 6th card and took the row"),
          _sixth_card),
    Theme("under-every-row", N_("Under every row"),
          N_("A card lower than every row takes a row: play it, or keep it, at the right moment"), _under_every_row),
    Theme("cheapest-row", N_("The cheapest row"), N_("A card that fits no row: take the row with the fewest points"),
          _cheapest_row),
    Theme("not-the-cheapest-row", N_("Not the cheapest row"),
          N_("A card that fits no row: a row with more points now can leave a safer table"), _not_the_cheapest_row),
    Theme("safe-high-card", N_("A safe high card"),
          N_("A higher card on a row with room to spare is safe this turn"), _safe_high_card),
    Theme("short-row", N_("A short row"), N_("A card on a short row is safer than one on a row that is nearly full"),
          _short_row),
    Theme("last-turn", N_("The last turn"), N_("On the round's last turn only this turn's placement counts"),
          _last_turn),
)
"""Every theme, in the order a puzzle lists them."""
THEME_NAMES = tuple(theme.name for theme in THEMES)


def themes_of(puzzle: Puzzle) -> tuple[str, ...]:
    """The names of the themes ``puzzle`` teaches, in the order of :data:`THEMES`."""
    return tuple(theme.name for theme in THEMES if theme.test(puzzle))


def theme_named(name: str) -> Theme:
    """The theme called ``name``; ``KeyError`` for a name no theme has."""
    for theme in THEMES:
        if theme.name == name:
            return theme
    raise KeyError(name)


def title_of(name: str) -> str:
    """A theme's title in the language in use."""
    return _(theme_named(name).title)


def definition_of(name: str) -> str:
    """A theme's one-line definition in the language in use."""
    return _(theme_named(name).definition)


def themes_line(puzzle: Puzzle) -> str:
    """The puzzle's themes as one line for a screen, e.g. "Themes: The sixth card, The last turn" ("" for none)."""
    titles = [title_of(name) for name in themes_of(puzzle)]
    return _("Themes: {themes}").format(themes=", ".join(titles)) if titles else ""
