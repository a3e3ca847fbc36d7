"""Unfinished games kept in the history, so that the menu (and ``class --resume``) can resume
them; and the ones that cannot be read or replayed, set aside.

What is kept is the JSON of :mod:`store.unfinished` (one game) under the game's key,
replaced as the game goes on; at most :data:`MOST_UNFINISHED` are kept (keeping one more lets the
oldest go).  A kept game that turns out damaged (a hand-edited file, a disk error, a newer
program's) is never deleted: it moves to ``unfinished_set_aside`` with the reason, and the menu
no longer offers it.  Saving a finished game drops what was kept of it in the same transaction
(:meth:`store.history.History.add`).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

from game.i18n import _
from .history import (MOST_UNFINISHED, History, HistoryError, KeptGame, SavedWith, connection_of, problem_of,
                      transaction)


def keep_unfinished(history: History, game: str, state: str) -> int:
    """Keep ``state`` (JSON) as game ``game``'s unfinished state, replacing what was kept of
    that game; the oldest others beyond :data:`MOST_UNFINISHED` go.  How many went."""
    db = connection_of(history)
    try:
        with transaction(history):
            db.execute("INSERT OR REPLACE INTO unfinished_games (game, saved, state) VALUES (?, ?, ?)",
                       (game, time.time_ns(), state))
            dropped = db.execute("DELETE FROM unfinished_games WHERE game NOT IN "
                                 "(SELECT game FROM unfinished_games ORDER BY saved DESC LIMIT ?)", [MOST_UNFINISHED])
            return int(dropped.rowcount)
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot keep the unfinished game: {problem}").format(
            path=history.path, problem=problem_of(error))) from None


def unfinished_games(history: History) -> list[KeptGame]:
    """The unfinished games kept, the latest kept first."""
    try:
        rows = connection_of(history).execute(
            "SELECT game, saved, state FROM unfinished_games ORDER BY saved DESC").fetchall()
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot read the history: {problem}").format(
            path=history.path, problem=problem_of(error))) from None
    return [KeptGame(str(game), int(saved) // 1_000_000_000, str(state)) for game, saved, state in rows]


def drop_unfinished(history: History, game: str) -> None:
    """Forget game ``game``'s unfinished state."""
    _change(history, ("DELETE FROM unfinished_games WHERE game = ?", [game]))


def set_aside(history: History, game: str, problem: str) -> None:
    """Game ``game``'s kept state cannot be read or replayed: it moves, as it was, beside the others
    with ``problem``, and is offered no more."""
    _change(history, ("INSERT INTO unfinished_set_aside (game, saved, state, problem) "
                      "SELECT game, saved, state, ? FROM unfinished_games WHERE game = ?", [problem, game]),
            ("DELETE FROM unfinished_games WHERE game = ?", [game]))


def set_aside_games(history: History) -> list[tuple[str, str]]:
    """The games set aside so far: (key, why), the latest first."""
    rows = connection_of(history).execute(
        "SELECT game, problem FROM unfinished_set_aside ORDER BY rowid DESC").fetchall()
    return [(str(game), str(problem)) for game, problem in rows]


def _change(history: History, *statements: tuple[str, list[object]]) -> None:
    db = connection_of(history)
    try:
        with transaction(history):
            for sql, args in statements:
                db.execute(sql, args)
    except sqlite3.Error as error:
        raise HistoryError(_("{path}: cannot update the history: {problem}").format(
            path=history.path, problem=problem_of(error))) from None


class KeptToo:
    """What a finished game's save writes (``also``), and the room of tables it is a table of kept
    again as it is once that game is saved - in the save's transaction: a kill between the two
    would resume the table and save its game a second time."""

    def __init__(self, also: SavedWith | None, room: str, state: Callable[[], str]) -> None:
        self.also = also
        self.room = room
        """The room's key among the unfinished games."""
        self.state = state

    def write(self, db: sqlite3.Connection, number: int | None) -> None:
        if self.also is not None:
            self.also.write(db, number)
        db.execute("INSERT OR REPLACE INTO unfinished_games (game, saved, state) VALUES (?, ?, ?)",
                   (self.room, time.time_ns(), self.state()))

    def saved(self) -> None:
        if self.also is not None:
            self.also.saved()
