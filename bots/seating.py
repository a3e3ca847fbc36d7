"""Named bots (``--bot NAME=COMMAND`` on the command line) and the seats of ``simulate``.

A bot's command can hold anything a shell command can (commas, ``=``,
quotes), so each bot gets its own option instead of a place in a
comma-separated list; its NAME is what summaries, the table, records and
tournament standings show instead of the command.

* ``NAME=COMMAND`` seats COMMAND in the live arena's order (``bot:``);
* ``NAME=bot-statement:COMMAND`` in the published statement's order.

Pure parsing: nothing is started here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.players.agents import AGENT_KINDS
from game.i18n import _
from .command import check_command, check_kind
from game.kinds import HUMAN, Bot, parse_bot
from game.rules import Rules
from game.text import InvalidNameError, check_name

DEFAULT_TABLE = 4
"""Seats filled (with ``random`` players after the bots) when no ``--players`` is given."""


@dataclass(frozen=True)
class NamedBot:
    """One ``--bot NAME=COMMAND``."""

    name: str
    """Shown instead of the command."""
    bot: Bot

    @property
    def kind(self) -> str:
        """``bot:COMMAND`` or ``bot-statement:COMMAND``: the player kind to seat, as text."""
        return self.bot.text

    @property
    def command(self) -> str:
        return self.bot.command


def parse_named_bot(text: str) -> NamedBot:
    """``NAME=COMMAND`` (COMMAND may start with ``bot:`` or ``bot-statement:``); ``ValueError``
    saying why for a missing ``=``, a bad name, or a program that cannot be found."""
    name, equals, command = text.partition("=")
    name = name.strip()
    if not equals or not command.strip():
        raise ValueError(_("--bot {text}: expected NAME=COMMAND, e.g. --bot alice=\"python3 alice.py\"").format(
            text=repr(text)))
    try:
        check_name(name)
    except InvalidNameError as problem:
        raise ValueError(_("--bot {text}: the name {problem}").format(text=repr(text), problem=problem)) from None
    bot = parse_bot(command.strip()) or Bot.in_order(command.strip())
    check_command(bot.command)
    return NamedBot(name, bot)


BUILT_IN_KINDS = frozenset({HUMAN, *AGENT_KINDS})
"""Names a ``--bot`` may not take: they already name a kind of player."""


def parse_named_bots(texts: Sequence[str] | None) -> list[NamedBot]:
    """Every ``--bot``, in order; ``ValueError`` for a bad one or a name given twice."""
    bots = [parse_named_bot(text) for text in texts or ()]
    seen: set[str] = set()
    for bot in bots:
        if bot.name.casefold() in seen:
            raise ValueError(_("--bot: the name {name} is given twice").format(name=repr(bot.name)))
        if bot.name.casefold() in BUILT_IN_KINDS:
            raise ValueError(_("--bot: the name {name} is a built-in level; choose another name").format(
                name=repr(bot.name)))
        seen.add(bot.name.casefold())
    return bots


def simulate_seats(players: str | None, bots: Sequence[NamedBot], rules: Rules) -> list[str]:
    """Player kinds of ``simulate``: ``--players`` (whose entries may be a ``--bot``'s NAME),
    or without it the bots then ``random`` players up to a table of four (or the rules' minimum).

    ``ValueError`` for an unknown kind, a bot not seated, or a count the rules do not allow.
    """
    by_name = {bot.name.casefold(): bot.kind for bot in bots}
    if players is None:
        kinds = [bot.kind for bot in bots]
        kinds += ["random"] * max(0, max(DEFAULT_TABLE, rules.min_players) - len(kinds))
    else:
        kinds = []
        for entry in (part.strip() for part in players.split(",")):
            kinds.append(by_name.get(entry.casefold(), entry))
        unseated = [bot.name for bot in bots if bot.kind not in kinds]
        if unseated:
            raise ValueError(_("--bot {name} has no seat: name it in --players "
                               "(e.g. --players {name},random,random,random) or leave --players out").format(
                name=unseated[0]))
    for kind in kinds:
        check_kind(kind)
    rules.check_player_count(len(kinds))
    return kinds


def bot_names(bots: Sequence[NamedBot]) -> dict[str, str]:
    """Each named bot's kind and name (the first name, if two bots run the same command)."""
    names: dict[str, str] = {}
    for bot in bots:
        names.setdefault(bot.kind, bot.name)
    return names


def name_bot_seats(names: Sequence[str], kinds: Sequence[str], bots: Sequence[NamedBot]) -> tuple[str, ...]:
    """``names`` with each named bot's seat (the first seat of its kind not named yet) renamed."""
    named = list(names)
    taken: set[int] = set()
    for bot in bots:
        seat = next((s for s, kind in enumerate(kinds) if kind == bot.kind and s not in taken), None)
        if seat is not None:
            named[seat] = bot.name
            taken.add(seat)
    return tuple(named)
