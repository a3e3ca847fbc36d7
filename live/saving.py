"""Saving a finished game: in the history of the user's data folder, or appended to
``--record FILE``; a failure is one line on stderr and the app's exit code says so."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from game.i18n import _
from game.jsonl import problem_text
from game.record import GameRecord, PlayerInfo, append_record, record_game, utc_timestamp
from store.history import HistoryError, SavedWith, open_history
from store.kept import KeptToo
from store.outputs import check_output_file
from store.storage import default_history_path

from .session import TableSession

PROG = "main.py"


def error_line(message: str) -> None:
    """One line on stderr, prefixed with the program name."""
    print(_("main.py: error: {message}").format(message=message), file=sys.stderr)


def check_record_file(path: Path) -> None:
    """``OSError`` unless records can really be appended to ``path`` (checked before a game, not after)."""

    check_output_file(path)


def save_to_history(record: GameRecord, finishing: str | None = None, also: SavedWith | None = None) -> int | None:
    """Save ``record`` in the data folder's history (importing an old ``games.jsonl`` the
    first time, with a note on stderr per line that cannot be read); its game number.
    ``finishing``: the key it was kept under while unfinished, dropped in the same transaction;
    ``also``: what else its end writes, in that transaction too (a class game's lesson)."""

    notes: list[str] = []
    try:
        with open_history(notes=notes) as history:
            number = history.add(record, finishing, also.write if also is not None else None)
        if also is not None:
            also.saved()
        return number
    finally:
        for note in notes:
            print(f"{PROG}: " + _("note: not imported: {problem}").format(problem=note), file=sys.stderr)


class RecordSaver:
    """Writes each finished game where the options say, and remembers whether one failed."""

    def __init__(self, record: Path | None) -> None:
        self.record = record
        """``--record FILE``; ``None``: the history."""
        self.written = 0
        self.last_number: int | None = None
        """The number in the history of the game saved last (``None``: not saved there)."""
        self.failed = False
        """A finished game could not be written: the app's exit code says so."""

    def path(self) -> Path:
        """Where finished games go: ``--record FILE``, else the history in the user's data folder."""

        return self.record if self.record is not None else default_history_path()

    def save(self, session: TableSession, room: str | None = None, table: int | None = None,
             finishing: str | None = None, keeping: tuple[str, Callable[[], str]] | None = None,
             along: Callable[[], SavedWith | None] | None = None) -> str:
        """Save the game (the history, or ``--record FILE``); the line the results screen shows.
        ``room`` and ``table``: one table's game of a class room of many tables; ``finishing``:
        the key what this game finishes was kept under (default: the game's own); ``keeping``:
        the room's key and its state once this game is saved, kept in the same transaction;
        ``along``: what is written with the record (a class game's place in its lesson).

        A failure (disk full, permission lost, I/O error) is one line on stderr naming
        the file and the problem, and the app's exit code says so; games saved before
        are untouched (one transaction, or one synced write, per game)."""

        path = self.path()
        self.last_number = None
        players = [PlayerInfo(seat.name, seat.record_kind) for seat in session.seats]
        try:
            record = record_game(session.game, players, finished=utc_timestamp(),
                                 mode="class" if session.mode == "class" else None, room=room, table=table)
        except ValueError as exc:  # a name no record may hold (the command line and menu check them)
            return self._not_saved(path, str(exc))
        try:
            also = along() if along is not None else None
            saved = self._write(path, record, finishing or session.keep_key,
                                KeptToo(also, *keeping) if keeping is not None else also)
        except OSError as exc:
            return self._not_saved(path, problem_text(exc))
        except HistoryError as exc:
            return self._not_saved(path, str(exc).removeprefix(f"{path}: "))
        self.written += 1
        return saved

    def _write(self, path: Path, record: GameRecord, kept_as: str, also: SavedWith | None = None) -> str:

        if self.record is not None:
            append_record(path, record)
            return _("Saved to {path}").format(path=path)
        number = self.last_number = save_to_history(record, finishing=kept_as, also=also)
        return (_("Saved as game {number} of the history ({path})").format(number=number, path=path)
                if number is not None else _("Already in the history ({path})").format(path=path))

    def _not_saved(self, path: Path, problem: str) -> str:
        self.failed = True
        error_line(_("cannot write the record to {path}: {problem}").format(path=path, problem=problem))
        return _("Not saved: cannot write {path} ({problem})").format(path=path, problem=problem)
