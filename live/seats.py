"""Who sits at a table: a :class:`Seat` (a name and a kind), the menu's levels, and the
seats of each mode.  Pure Python, below the session and its computer players."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Sequence

from bots.command import split_command
from game.i18n import _
from game.kinds import HUMAN, Bot, Human, PlayerKind, parse_bot_kind, parse_kind
from bots.command import check_kind as check_player_kind
from game.table_size import MODE_KINDS
from game.text import NAME_LIMIT

BOT = "bot"
"""The menu's name for a bot seat (its kind is ``bot:COMMAND``)."""
PHONE = "phone"
"""A student playing from a phone in the class mode (a human in records)."""
LEVELS = ("random", "heuristic", "mc", BOT)
"""What an AI seat of the menu can be, in the order a click cycles through them."""
LEVEL_NOTES = {"random": "easy", "heuristic": "medium", "mc": "strong", BOT: "your program"}
INTERPRETERS = {"python", "python3", "py", "pypy", "pypy3", "node", "ruby", "perl", "php", "java",
                "sh", "bash", "lua", "Rscript", "dotnet", "deno", "bun"}
MAX_NAME = NAME_LIMIT
"""A name typed in the menu stops growing here: the limit every other way in checks."""


@dataclass(frozen=True)
class Seat:
    """One player at the table."""

    name: str
    kind: str
    """``human``, an agent kind such as ``random`` or ``mc``, ``bot:COMMAND``, or ``phone`` (the
    text records hold; :attr:`player` is it parsed, once)."""
    player: PlayerKind | None = field(init=False, repr=False, compare=False)
    """The kind parsed when the seat is made (``None``: a kind no one knows; seating it fails)."""

    def __post_init__(self) -> None:
        try:
            player: PlayerKind | None = Human() if self.kind == PHONE else parse_kind(self.kind)
        except ValueError:
            player = None
        object.__setattr__(self, "player", player)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def bot(self) -> Bot | None:
        """The external program that plays this seat, if one does."""
        return self.player if isinstance(self.player, Bot) else None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    @property
    def label(self) -> str:
        """What sits here, in a word or two: ``human``, ``AI (mc)``, ``bot``."""
        if self.is_human:
            return HUMAN
        if self.is_bot:
            return BOT
        if self.kind == PHONE:
            return PHONE
        return f"AI ({self.kind})"

    @property
    def record_kind(self) -> str:
        """The kind records hold: a student on a phone is a human."""
        return HUMAN if self.kind == PHONE else self.kind


def bot_command(kind: str) -> str | None:
    """The command of a ``bot:`` / ``bot-statement:`` / ``bot-phase-last:`` kind, else ``None`` (also for an empty one)."""
    try:
        parsed = parse_bot_kind(kind)
    except ValueError:
        return None
    return parsed[0] if parsed is not None else None


def bot_name(command: str) -> str:
    """A player name for a bot: its program, e.g. ``heuristic_bot`` for ``python3 bots/heuristic_bot.py``.

    An interpreter (``python3``, ``node`` ...) is skipped for the script it runs.
    """
    try:
        args = split_command(command)
    except ValueError:
        args = command.split() or ["bot"]
    program = args[0]
    stem = os.path.splitext(os.path.basename(program.replace("\\", "/")))[0]
    if stem.rstrip("0123456789.") in INTERPRETERS or stem in INTERPRETERS:
        scripts = [arg for arg in args[1:] if not arg.startswith("-")]
        if scripts:
            program = scripts[0]
    name = os.path.splitext(os.path.basename(program.replace("\\", "/")))[0] or "bot"
    return name[:MAX_NAME]


def check_kind(kind: str) -> None:
    """``ValueError`` (saying why) unless ``kind`` can sit at the table: a human, a known
    computer player kind, or a bot whose program can be found."""
    if kind != HUMAN:
        check_player_kind(kind)


def default_names(mode: str, kinds: Sequence[str] | None = None) -> tuple[str, ...]:
    """Player 1-4 for humans, AI 1-3 (or 1-4 in demo) for computer players, a bot's program
    for a bot; ``kinds`` default to the mode's."""
    names: list[str] = []
    humans = ais = 0
    for kind in (kinds if kinds is not None else MODE_KINDS[mode]):
        command = bot_command(kind)
        if kind == HUMAN:
            humans += 1
            names.append(_("Player {number}").format(number=humans))
        elif command is not None:
            ais += 1
            names.append(bot_name(command))
        else:
            ais += 1
            names.append(_("AI {number}").format(number=ais))
    return tuple(names)


def seats_for(mode: str, names: Sequence[str] | None = None,
              kinds: Sequence[str] | None = None) -> tuple[Seat, ...]:
    """The four seats of ``mode``: ``kinds`` (the mode's when ``None``), named ``names``
    (defaults when ``None``)."""
    chosen_kinds = tuple(kinds) if kinds is not None else MODE_KINDS[mode]
    chosen = tuple(names) if names is not None else default_names(mode, chosen_kinds)
    return tuple(Seat(name, kind) for name, kind in zip(chosen, chosen_kinds))


def human_seats(seats: Sequence[Seat]) -> tuple[int, ...]:
    """Indices of the seats people play."""
    return tuple(i for i, seat in enumerate(seats) if seat.is_human)


def uses_curtain(seats: Sequence[Seat]) -> bool:
    """More than one human shares the screen: hide hands between their turns."""
    return len(human_seats(seats)) > 1
