"""Player kinds as text (``human``, ``random``, ``bot:COMMAND``...): the parsing that the pure
rules core needs, apart from :mod:`game.bot`, which runs the bot processes."""

from __future__ import annotations

BOT_KIND = "bot"
"""Agent kind of a bot reading the phase line last, as the live CodinGame arena sends it."""
BOT_STATEMENT_KIND = "bot-statement"
"""Agent kind of a bot reading the phase line first, as the arena's published statement says."""
BOT_PHASE_LAST_KIND = "bot-phase-last"
"""Another name of :data:`BOT_KIND` (the phase line last), kept for older command lines."""
BOT_PREFIXES = (BOT_PHASE_LAST_KIND, BOT_STATEMENT_KIND, BOT_KIND)
"""Every bot prefix (``PREFIX:COMMAND``), longest first so none shadows another."""


def parse_bot_kind(text: str) -> tuple[str, bool] | None:
    """``(command, phase_last)`` for ``bot:COMMAND`` (the live arena's order, phase line last),
    ``bot-statement:COMMAND`` (the published statement's order, phase line first) or
    ``bot-phase-last:COMMAND`` (same as ``bot:``); ``None`` for anything else.

    ``ValueError`` if the prefix is there but the command is empty.
    """
    for kind in BOT_PREFIXES:
        phase_last = kind != BOT_STATEMENT_KIND
        prefix = kind + ":"
        if text.startswith(prefix):
            command = text[len(prefix):].strip()
            if not command:
                raise ValueError(f"{kind}: needs a command, e.g. '{kind}:python3 mybot.py'")
            return command, phase_last
    return None


def is_bot_kind(kind: str) -> bool:
    """Whether ``kind`` names an external bot (``bot:``, ``bot-statement:`` or ``bot-phase-last:COMMAND``)."""
    return kind.startswith(tuple(prefix + ":" for prefix in BOT_PREFIXES))
