"""Rules as data: the card penalties and the shape of a game, for each preset.

Three presets exist: ``snap`` (the classroom assignment, the default),
``classic`` (the official Amigo rules) and ``codingame`` (the official
penalties, 4 players, exactly 5 rounds: the game of the CodinGame arena).  Everything that differs between them
lives in a frozen :class:`Rules`, so the engine has no ``if preset == ...``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .i18n import N_, _

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
    """Its name on screens, in English (marked for translation: show it as ``_(rules.title)``)."""
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
    label: str = ""
    """Its name on a button, a few words (English, marked for translation)."""
    summary: str = ""
    """What sets it apart, in a clause (English, marked for translation): the commands' help."""
    offered: tuple[str, ...] = ()
    """Where it can be chosen (:class:`Offered`'s places); a record of any preset replays anywhere."""

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


class Offered:
    """The places a preset can be chosen in (:attr:`Rules.offered`)."""

    MENU = "menu"
    """The app's menu (its rules button) and the screens it opens."""
    PLAY = "play"
    """``main.py play``."""
    CLASS = "class"
    """``main.py class``: a class game."""
    EXAMPLE = "example"
    """``main.py example``: the worked example's penalty points."""
    LAB = "lab"
    """``main.py simulate``, ``tournament`` and ``puzzles make``: games without a window."""
    EVERYWHERE = (MENU, PLAY, CLASS, EXAMPLE, LAB)


SNAP = Rules(
    name="snap",
    title=N_("SNAP classroom rules"),
    penalties=_penalty_table(snap_penalty),
    min_players=4,
    max_players=4,
    turns_per_round=7,
    end_score=None,
    label=N_("SNAP, 7 turns"),
    summary=N_("the classroom rules, one round of 7 turns"),
    offered=Offered.EVERYWHERE,
)

CLASSIC = Rules(
    name="classic",
    title=N_("Classic (Amigo) rules"),
    penalties=_penalty_table(classic_penalty),
    min_players=2,
    max_players=10,
    turns_per_round=10,
    end_score=66,
    label=N_("Classic, to 66"),
    summary=N_("the official rules, rounds of 10 turns until someone has 66 points"),
    offered=Offered.EVERYWHERE,
)

CODINGAME = Rules(
    name="codingame",
    title=N_("CodinGame arena rules"),
    penalties=_penalty_table(classic_penalty),
    min_players=4,
    max_players=4,
    turns_per_round=10,
    end_score=None,
    round_count=5,
    label=N_("CodinGame, 5 rounds"),
    summary=N_("the official penalties, exactly 5 rounds of 10 turns, as on the CodinGame arena"),
    offered=(Offered.PLAY, Offered.LAB),
)
"""The game of the CodinGame "6 nimmt!" arena: always 4 players, the official
penalties, exactly 5 rounds of 10 turns with a new deal each."""

PRESETS: dict[str, Rules] = {SNAP.name: SNAP, CLASSIC.name: CLASSIC, CODINGAME.name: CODINGAME}


DEFAULT_PRESET = SNAP.name
"""The preset of every command and of the menu unless another is chosen."""


def presets_offered(place: str) -> list[str]:
    """The names of the presets that can be chosen in ``place`` (an :class:`Offered` place), in order."""
    return [name for name, rules in PRESETS.items() if place in rules.offered]


def presets_help(place: str) -> str:
    """The ``--rules`` flag's help for ``place``: each preset offered there and what sets it apart,
    in the active language."""
    # NOTE: one rules preset in a command's help: its name (snap, classic...), then what sets it apart
    return "; ".join(_("{name} (default): {summary}").format(name=name, summary=_(PRESETS[name].summary))
                     if name == DEFAULT_PRESET else
                     _("{name}: {summary}").format(name=name, summary=_(PRESETS[name].summary))
                     for name in presets_offered(place))


def rules_named(name: str) -> Rules:
    """The preset called ``name``; ``ValueError`` naming the known presets otherwise."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise ValueError(_("unknown rules {name} (known: {known})").format(name=repr(name), known=known)) from None
