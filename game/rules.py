"""Rules as data: the card penalties and the shape of a game, for each preset.

Three presets exist: ``snap`` (the classroom assignment, the default),
``classic`` (the official Amigo rules) and ``codingame`` (the official
penalties, 4 players, exactly 5 rounds: the game of the CodinGame arena).  Everything that differs between them
lives in a frozen :class:`Rules`, so the engine has no ``if preset == ...``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .i18n import _

LOWEST_CARD = 1
HIGHEST_CARD = 104
ALL_CARDS: tuple[int, ...] = tuple(range(LOWEST_CARD, HIGHEST_CARD + 1))
ROWS = 4
"""Number of rows on the table."""
ROW_LIMIT = 5
"""A row holds at most this many cards; the 6th card takes them."""
HAND_SIZE = 10
"""Cards dealt to each player at the start of a round."""


def snap_penalty(card: int) -> int:
    """Penalty of a card in the classroom (SNAP) table."""
    if card == 55:
        return 9
    if card % 11 == 0:
        return 7
    if card % 10 == 0:
        return 5
    if card % 5 == 0:
        return 4
    return 3


def classic_penalty(card: int) -> int:
    """Penalty ("bull heads") of a card under the official Amigo rules."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def _penalty_table(penalty: Callable[[int], int]) -> tuple[int, ...]:
    """Penalties indexed by card number (index 0 is unused and holds 0)."""
    return (0,) + tuple(penalty(card) for card in ALL_CARDS)


@dataclass(frozen=True)
class Rules:
    """One rules preset: everything about a game that is not chosen by a player."""

    name: str
    """Preset name as used on the command line and in records."""
    title: str
    """Human-readable name for screens."""
    penalties: tuple[int, ...]
    """Penalty of each card, indexed by card number (index 0 unused)."""
    min_players: int
    max_players: int
    turns_per_round: int
    """Turns played in one round (each turn every player plays one card)."""
    end_score: int | None
    """The game ends after the round in which someone reaches this total;
    ``None`` means the game is a single round (or :attr:`round_count` rounds)."""
    round_count: int | None = None
    """When set, the game is exactly this many rounds, whatever the scores."""

    def penalty(self, card: int) -> int:
        """Penalty of ``card`` under these rules."""
        return self.penalties[card]

    def penalty_of(self, cards: "tuple[int, ...] | list[int]") -> int:
        """Total penalty of some cards."""
        table = self.penalties
        return sum(table[card] for card in cards)

    @property
    def deck_penalty(self) -> int:
        """Total penalty of all 104 cards."""
        return sum(self.penalties)

    def check_player_count(self, count: int) -> None:
        """Raise ``ValueError`` if ``count`` players cannot play under these rules."""
        if not self.min_players <= count <= self.max_players:
            if self.min_players == self.max_players:
                raise ValueError(_("{rules} rules need exactly {players} players, not {count}").format(
                    rules=self.name, players=self.min_players, count=count))
            raise ValueError(_("{rules} rules need {lowest} to {highest} players, not {count}").format(
                rules=self.name, lowest=self.min_players, highest=self.max_players, count=count))


SNAP = Rules(
    name="snap",
    title="SNAP classroom rules",
    penalties=_penalty_table(snap_penalty),
    min_players=4,
    max_players=4,
    turns_per_round=7,
    end_score=None,
)

CLASSIC = Rules(
    name="classic",
    title="Classic (Amigo) rules",
    penalties=_penalty_table(classic_penalty),
    min_players=2,
    max_players=10,
    turns_per_round=10,
    end_score=66,
)

CODINGAME = Rules(
    name="codingame",
    title="CodinGame arena rules",
    penalties=_penalty_table(classic_penalty),
    min_players=4,
    max_players=4,
    turns_per_round=10,
    end_score=None,
    round_count=5,
)
"""The game of the CodinGame "6 nimmt!" arena: always 4 players, the official
penalties, exactly 5 rounds of 10 turns with a new deal each."""

PRESETS: dict[str, Rules] = {SNAP.name: SNAP, CLASSIC.name: CLASSIC, CODINGAME.name: CODINGAME}


def rules_named(name: str) -> Rules:
    """The preset called ``name``; ``ValueError`` naming the known presets otherwise."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise ValueError(_("unknown rules {name} (known: {known})").format(name=repr(name), known=known)) from None
