"""Player kinds: who plays a seat, parsed once where it enters (a command line, the menu, a
record) into a small typed value, and written back as the text records hold.

* :class:`Human` - ``human``: a person at this computer (or on a phone, in a class game);
* :class:`Level` - a built-in computer player: ``random``, ``heuristic``, ``mc``;
* :class:`Bot` - an external program: ``bot:COMMAND`` (the phase line last, as the live
  arena sends it), ``bot-statement:COMMAND`` (first, as the published statement says) or
  ``bot-phase-last:COMMAND`` (an older name of ``bot:``).

Pure parsing: running bots is :mod:`bots`' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .i18n import _
from .players.agents import AGENT_KINDS

HUMAN = "human"
"""Kind of a seat played by a person at this computer."""
BOT_KIND = "bot"
"""Agent kind of a bot reading the phase line last, as the live CodinGame arena sends it."""
BOT_STATEMENT_KIND = "bot-statement"
"""Agent kind of a bot reading the phase line first, as the arena's published statement says."""
BOT_PHASE_LAST_KIND = "bot-phase-last"
"""Another name of :data:`BOT_KIND` (the phase line last), kept for older command lines."""
BOT_PREFIXES = (BOT_PHASE_LAST_KIND, BOT_STATEMENT_KIND, BOT_KIND)
"""Every bot prefix (``PREFIX:COMMAND``), longest first so none shadows another."""
KNOWN_COMPUTER_KINDS = (*AGENT_KINDS, "bot:COMMAND", "bot-statement:COMMAND")
"""What an error message lists as the kinds a computer seat can have."""


@dataclass(frozen=True)
class Human:
    """A person choosing through the app."""

    @property
    def text(self) -> str:
        return HUMAN


@dataclass(frozen=True)
class Level:
    """A built-in computer player."""

    name: str
    """One of :data:`game.players.agents.AGENT_KINDS`."""

    @property
    def text(self) -> str:
        return self.name


@dataclass(frozen=True)
class Bot:
    """An external bot program (see ``docs/bot-protocol.md``)."""

    command: str
    """Its command line, split as a shell would when it starts."""
    phase_last: bool = True
    """The order of a question's lines: the phase line last (the live arena) or first (the statement)."""
    prefix: str = BOT_KIND
    """The prefix it was written with (kept, so a kind's text reads back as it was given)."""

    @classmethod
    def in_order(cls, command: str, phase_last: bool = True) -> Bot:
        """The bot running ``command`` with the lines in the given order."""
        return cls(command, phase_last, BOT_KIND if phase_last else BOT_STATEMENT_KIND)

    @property
    def text(self) -> str:
        return f"{self.prefix}:{self.command}"


PlayerKind = Union[Human, Level, Bot]
"""Who plays a seat."""


def parse_bot(text: str) -> Bot | None:
    """The bot of ``bot:COMMAND``, ``bot-statement:COMMAND`` or ``bot-phase-last:COMMAND``;
    ``None`` for anything else.  ``ValueError`` if the prefix is there but the command is empty."""
    for prefix in BOT_PREFIXES:
        if text.startswith(prefix + ":"):
            command = text[len(prefix) + 1:].strip()
            if not command:
                raise ValueError(_("{prefix}: needs a command, e.g. '{prefix}:python3 mybot.py'").format(prefix=prefix))
            return Bot(command, prefix != BOT_STATEMENT_KIND, prefix)
    return None


def parse_kind(text: str, *, human: bool = True) -> PlayerKind:
    """The kind ``text`` names (``human`` only if ``human`` is allowed); ``ValueError`` saying
    why for anything else.  A bot's program is not looked for here (see
    :func:`bots.command.check_command`)."""
    bot = parse_bot(text)
    if bot is not None:
        return bot
    if text in AGENT_KINDS:
        return Level(text)
    if human and text == HUMAN:
        return Human()
    raise ValueError(_("unknown player kind {kind} (known: {known})").format(
        kind=repr(text), known=", ".join(KNOWN_COMPUTER_KINDS)))


def parse_bot_kind(text: str) -> tuple[str, bool] | None:
    """``(command, phase_last)`` of a bot kind (see :func:`parse_bot`), ``None`` for anything else."""
    bot = parse_bot(text)
    return None if bot is None else (bot.command, bot.phase_last)


def is_bot_kind(kind: str) -> bool:
    """Whether ``kind`` names an external bot (``bot:``, ``bot-statement:`` or ``bot-phase-last:COMMAND``)."""
    return kind.startswith(tuple(prefix + ":" for prefix in BOT_PREFIXES))
