"""What the menu and the table's top bar call a mode at a table of N players."""

from __future__ import annotations


def mode_title(mode: str, players: int) -> str:
    """The menu's name of ``mode`` at a table of ``players``, e.g. "1 player vs 5 AIs"."""
    if mode == "hotseat":
        return f"{players} players, hot-seat"
    if mode == "demo":
        return f"Watch {players} AIs"
    others = players - 1
    return f"1 player vs {others} AI" + ("" if others == 1 else "s")


def table_title(mode: str, players: int) -> str:
    """What the table's top bar calls a game of ``mode`` (``class``, ``example``: as they are)."""
    if mode in ("solo", "hotseat", "demo"):
        return mode_title(mode, players)
    return {"class": "Class game"}.get(mode, mode)
