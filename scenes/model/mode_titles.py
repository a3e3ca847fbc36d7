"""What the menu and the table's top bar call a mode at a table of N players."""

from __future__ import annotations

from game.i18n import _, ngettext
from game.table_size import CLASS_MODE, MODES


def mode_title(mode: str, players: int) -> str:
    """The menu's name of ``mode`` at a table of ``players``, e.g. "1 player vs 5 AIs"."""
    if mode == "hotseat":
        return ngettext("{players} player, hot-seat", "{players} players, hot-seat", players).format(players=players)
    if mode == "demo":
        return ngettext("Watch {players} AI", "Watch {players} AIs", players).format(players=players)
    others = players - 1
    return ngettext("1 player vs {others} AI", "1 player vs {others} AIs", others).format(others=others)


def class_title(table: int | None = None) -> str:
    """A class game in a word or two, where a recorded one is listed or replayed: "class, table 2"
    (a table of a room of many), or "class"."""
    if table:
        # NOTE: a game the class played from their phones, at table {number} of a room of many (in a
        # narrow column of the scoreboard, and in a replay's top bar)
        return _("class, table {number}").format(number=table)
    # NOTE: a game the class played from their phones (in a narrow column of the scoreboard)
    return _("class")


def table_title(mode: str, players: int) -> str:
    """What the table's top bar calls a game of ``mode`` (``class``, ``example``: as they are)."""
    if mode in MODES:
        return mode_title(mode, players)
    return _("Class game") if mode == CLASS_MODE else mode
