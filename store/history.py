"""The app's history of finished games: an SQLite database in the data folder.

Why a database and not the records file it replaces: a game is saved in one
transaction (SQLite's write-ahead log makes it wholly there or not at all,
whatever happens to the process or the power), and the scoreboard asks for
one page of games, a name filter or per-player totals without reading - let
alone re-checking - every game ever played.  Each game keeps its record's
JSON line (format ``6takes-record/1``) next to the columns the scoreboard
queries, so ``export`` gives back exactly the lines that went in and a
replay checks the one record it opens.

Only checked records go in: the app's own (made by the engine) and imported
lines that replay correctly.  An older ``games.jsonl`` in the data folder is
imported once, in one transaction, with a note per line that cannot be read;
the file itself is left as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol, Sequence

from game.i18n import _, ngettext
from game.record import GameRecord, ReplayedRecord, RecordError, parse_timestamp, replay_text, scan_lines
from .storage import default_history_path, default_records_path

SCHEMA_VERSION = 2
"""1: games, records, seats, names, notes, meta (unfinished games came later, outside the versions);
2: puzzles."""
LEGACY_IMPORT_KEY = "imported games.jsonl"
BUSY_TIMEOUT_S = 10.0
"""How long a save waits for another app saving at the same moment."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,   -- the game's number on the scoreboard, in the order saved
    played   INTEGER,               -- when it ended (Unix seconds, UTC), NULL if the record has no time
    rules    TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    digest   BLOB NOT NULL UNIQUE   -- SHA-256 of the record line: the same game is never in twice
);
CREATE TABLE IF NOT EXISTS records (
    game     INTEGER PRIMARY KEY REFERENCES games(id),
    line     TEXT NOT NULL          -- the record, one line of JSON (format 6takes-record/1); kept apart
                                    -- so that paging through games never reads the records' pages
);
CREATE TABLE IF NOT EXISTS seats (
    game     INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    score    INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    played   INTEGER,               -- the game's, repeated so totals over a period read one index
    PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_by_time ON games(played);
CREATE INDEX IF NOT EXISTS seats_by_name ON seats(name, won, score, played);
CREATE INDEX IF NOT EXISTS seats_by_time ON seats(played, name, won, score);
CREATE TABLE IF NOT EXISTS names (
    name     TEXT PRIMARY KEY       -- every player name once: a name filter matches these, then the index
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS notes (
    id       INTEGER PRIMARY KEY,
    note     TEXT NOT NULL          -- a line of an imported file that could not be read, and why
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    id       INTEGER PRIMARY KEY,   -- the puzzle's number, in the order stored
    class    TEXT NOT NULL,         -- the class whose lesson it came from ('' for puzzles made from computer games)
    kind     TEXT NOT NULL,         -- card or row
    made     INTEGER NOT NULL,      -- when it was stored (Unix seconds)
    digest   BLOB NOT NULL,         -- SHA-256 of the position: the same puzzle is never in twice (per class)
    puzzle   TEXT NOT NULL,         -- JSON, format 6takes-puzzle/1 (game/puzzles/puzzle.py)
    UNIQUE (class, digest)
);
CREATE INDEX IF NOT EXISTS puzzles_by_class ON puzzles(class, id);
"""

_UNFINISHED = """
CREATE TABLE IF NOT EXISTS unfinished (
    slot     INTEGER PRIMARY KEY CHECK (slot = 1),  -- earlier versions' one unfinished game (moved on open)
    saved    INTEGER NOT NULL,
    state    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS unfinished_games (
    game     TEXT PRIMARY KEY,      -- which game started (a key drawn when it starts; kept on resume)
    saved    INTEGER NOT NULL,      -- when (Unix seconds)
    state    TEXT NOT NULL          -- JSON: seats, seed, rules and every decision so far (store/unfinished.py)
);
CREATE TABLE IF NOT EXISTS unfinished_set_aside (
    game     TEXT NOT NULL,         -- a kept game that could not be read or replayed (see store/kept.py)
    saved    INTEGER NOT NULL,
    state    TEXT NOT NULL,         -- as it was kept, for whoever wants to look at it
    problem  TEXT NOT NULL          -- why it was set aside
);
"""
_LESSONS = """
CREATE TABLE IF NOT EXISTS lessons (
    number   INTEGER PRIMARY KEY,   -- the lesson's number, in the order they started
    code     TEXT NOT NULL,         -- the room's code
    started  INTEGER NOT NULL,      -- when the room opened (Unix seconds)
    folder   TEXT NOT NULL,         -- where its report is written
    class    TEXT NOT NULL DEFAULT '',  -- the class's name, if the teacher gave one
    report   TEXT NOT NULL DEFAULT ''   -- the report's page, once written
);
CREATE TABLE IF NOT EXISTS lesson_games (
    lesson   INTEGER NOT NULL,      -- lessons.number
    position INTEGER NOT NULL,      -- the game's place in the lesson (0, 1, ...)
    game     INTEGER,               -- its number in the history (NULL: it could not be saved there)
    result   TEXT NOT NULL,         -- JSON: names, which seats are students, scores, predictions right/asked
    PRIMARY KEY (lesson, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lesson_reviews (
    lesson   INTEGER NOT NULL,
    position INTEGER NOT NULL,      -- the game (lesson_games.position)
    seat     INTEGER NOT NULL,
    decisions TEXT NOT NULL,        -- JSON: the student's reviewed decisions (game.review.Decision)
    PRIMARY KEY (lesson, position, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lesson_puzzles (
    lesson   INTEGER NOT NULL,      -- lessons.number: the lesson whose warm-up asked the puzzle
    puzzle   INTEGER NOT NULL,      -- puzzles.id
    student  TEXT NOT NULL,         -- the student's key in the class ('' in a lesson without a class)
    name     TEXT NOT NULL,         -- the name they played under in that lesson
    answer   INTEGER,               -- a card, or a row 0-3 (NULL: asked, not answered)
    right    INTEGER NOT NULL,      -- 1 if it was the best answer
    cost     REAL,                  -- expected points lost against the best answer (NULL: not answered)
    PRIMARY KEY (lesson, puzzle, student, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lesson_rewrites (
    lesson   INTEGER PRIMARY KEY,   -- a lesson whose report must be written again (a student or a lesson
                                    -- forgotten): deleted once it is; a kill before leaves it for the next run
    page     TEXT NOT NULL DEFAULT ''  -- a lesson forgotten whole: its report's page, to delete
);
"""
"""The class lessons (added after schema 2: :mod:`store.lessons`, the warm-up's answers
:mod:`store.students`)."""
_PRACTICE = """
CREATE TABLE IF NOT EXISTS practice_answers (
    player   TEXT NOT NULL,         -- the name on the practice screen ('' for one player alone)
    puzzle   INTEGER NOT NULL,      -- puzzles.id
    answered INTEGER NOT NULL,      -- when (Unix seconds)
    right    INTEGER NOT NULL       -- 1 if it was the best answer
);
"""
"""The practice screen's answers, each a rated game (added after schema 2: :mod:`store.ratings`)."""
_TOTALS_INDEXES = """
CREATE INDEX IF NOT EXISTS seats_by_name_kind ON seats(name, kind, won, score, played);
CREATE INDEX IF NOT EXISTS seats_by_time_kind ON seats(played, name, kind, won, score);
"""
"""The totals count computer players by level (added after schema 1: built once, on the first open)."""

_MOVE_OLD_UNFINISHED = ("INSERT OR IGNORE INTO unfinished_games (game, saved, state) "
                        "SELECT 'kept-before', saved * 1000000000, state FROM unfinished",
                        "DELETE FROM unfinished")
MOST_UNFINISHED = 5
"""Unfinished games kept at most: keeping one more lets the oldest go."""


@dataclass(frozen=True)
class KeptGame:
    """One unfinished game in the history."""

    game: str
    """The key of the game (:meth:`History.keep_unfinished`)."""
    saved: int
    """When it was last kept (Unix seconds)."""
    state: str
    """Its decisions so far (JSON, format ``6takes-unfinished/1``)."""


class SavedWith(Protocol):
    """What a finished game's save also writes, in its transaction (a class game's place in its lesson)."""

    def write(self, db: sqlite3.Connection, number: int | None) -> None:
        """Write it (``number``: the game's in the history; ``None``: it was there before)."""

    def saved(self) -> None:
        """The transaction is committed."""


class HistoryError(Exception):
    """The history cannot be opened, read or written; the message names the file and why."""


@dataclass(frozen=True)
class SeatResult:
    """One seat of a saved game."""

    name: str
    kind: str
    score: int
    won: bool


@dataclass(frozen=True)
class GameSummary:
    """What the scoreboard shows of one game (the record itself stays in the database)."""

    number: int
    """The game's number in the history (1 is the first saved)."""
    played: int | None
    """When it ended, in Unix seconds, if the record says."""
    rules: str
    seed: int
    seats: tuple[SeatResult, ...]
    mode: str | None = None
    """``"class"``: the class played it from their phones (else a game at one computer)."""
    table: int | None = None
    """Which table of a class room of many tables."""


@dataclass(frozen=True)
class PlayerTotals:
    """A player name's results over the games asked for."""

    name: str
    games: int
    wins: int
    mean_penalty: float


@dataclass(frozen=True)
class Query:
    """Which games: whose player names contain ``name`` (any case), ended at or after ``since``."""

    name: str = ""
    since: int | None = None
    """Unix seconds; ``None``: every game, including those with no time."""


@dataclass(frozen=True)
class ImportReport:
    """What an import did: games added, games already there, a note per unreadable line."""

    added: int
    already_there: int
    notes: tuple[str, ...]


def digest_of(line: str) -> bytes:
    return hashlib.sha256(line.encode("utf-8")).digest()


def played_of(record: GameRecord) -> int | None:
    return int(parse_timestamp(record.finished).timestamp()) if record.finished else None


class History:
    """One open history database.  Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        _check_regular_or_missing(path)
        try:
            self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                       check_same_thread=False)
        except sqlite3.Error as error:
            raise HistoryError(_cannot_open(path, error)) from None
        try:
            self._setup()
        except sqlite3.Error as error:
            self._db.close()
            raise HistoryError(_cannot_open(path, _problem(error))) from None

    def _setup(self) -> None:
        self._db.execute("PRAGMA busy_timeout = %d" % int(BUSY_TIMEOUT_S * 1000))
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")  # a saved game survives a power cut too
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(_("made by a newer version of this program (schema {version})").format(
                version=version))
        if version < SCHEMA_VERSION:
            with self._transaction():
                for statement in _statements(_SCHEMA):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        for statement in _statements(_UNFINISHED + _LESSONS + _PRACTICE + _TOTALS_INDEXES):  # added later; a no-op once there
            self._db.execute(statement)
        if self._db.execute("SELECT 1 FROM unfinished LIMIT 1").fetchone():
            with self._transaction():
                for statement in _MOVE_OLD_UNFINISHED:
                    self._db.execute(statement)

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    # ------------------------------------------------------------- writing
    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def add(self, record: GameRecord, finishing: str | None = None,
            also: Callable[[sqlite3.Connection, int | None], object] | None = None) -> int | None:
        """Save one finished game in one transaction; its number, or ``None`` if it was there.
        ``finishing``: the key the game was kept under while unfinished, dropped in the same
        transaction (a stop between the two can neither lose the game nor offer it again);
        ``also(connection, number)``: what else the game's end writes, in the same transaction (a
        class game's place in its lesson, with its students' keys).

        ``HistoryError`` naming the file and the problem (disk full, read-only,
        I/O error); the games saved before are untouched.
        """
        try:
            with self._transaction():
                if finishing is not None:
                    self._db.execute("DELETE FROM unfinished_games WHERE game = ?", [finishing])
                number = self._insert(record, record.to_json())
                if also is not None:
                    also(self._db, number)
                return number
        except sqlite3.Error as error:
            raise HistoryError(_("{path}: cannot save the game: {problem}").format(path=self.path,
                                                                                 problem=_problem(error))) from None

    def _insert(self, record: GameRecord, line: str) -> int | None:
        played = played_of(record)
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO games (played, rules, seed, digest) VALUES (?, ?, ?, ?)",
            (played, record.rules, record.seed, digest_of(line)))
        if cursor.rowcount == 0:
            return None
        number = cursor.lastrowid
        assert number is not None
        self._db.execute("INSERT INTO records (game, line) VALUES (?, ?)", (number, line))
        winners = set(record.winners)
        self._db.executemany("INSERT OR IGNORE INTO names (name) VALUES (?)",
                             [(player.name,) for player in record.players])
        self._db.executemany(
            "INSERT INTO seats (game, seat, name, kind, score, won, played) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(number, seat, player.name, player.kind, record.scores[seat], int(seat in winners), played)
             for seat, player in enumerate(record.players)])
        return number

    def import_lines(self, path: Path, *, legacy: bool = False) -> ImportReport:
        """Import every readable record of the JSON Lines file ``path`` in one transaction.

        Each line is checked like any record; a line that is not is noted
        (and kept in the history's notes), never imported.  ``legacy`` marks
        the data folder's old ``games.jsonl`` as imported in the same transaction.
        """
        added = already = 0
        notes: list[str] = []
        try:
            with self._transaction():
                for number, outcome in scan_lines(path):
                    if isinstance(outcome, str):
                        note = f"{path}: {outcome}" if number else outcome
                        notes.append(note)
                        self._db.execute("INSERT INTO notes (note) VALUES (?)", (note,))
                    elif self._insert(outcome, outcome.to_json()) is None:
                        already += 1
                    else:
                        added += 1
                if legacy:
                    self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                     (LEGACY_IMPORT_KEY, f"{added} games, {len(notes)} notes"))
        except sqlite3.Error as error:
            raise HistoryError(_("{path}: cannot import {file}: {problem}").format(
                path=self.path, file=path, problem=_problem(error))) from None
        return ImportReport(added, already, tuple(notes))

    def import_legacy_records(self) -> ImportReport | None:
        """The data folder's ``games.jsonl``, imported once (``None``: done before, or no file)."""
        legacy = default_records_path()
        if self._meta(LEGACY_IMPORT_KEY) is not None or not os.path.lexists(legacy):
            return None
        return self.import_lines(legacy, legacy=True)

    def _meta(self, key: str) -> str | None:
        row = self._read("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0][0] if row else None

    # ------------------------------------------------------------- reading
    def _read(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, tuple(args)).fetchall()
        except sqlite3.Error as error:
            raise HistoryError(_("{path}: cannot read the history: {problem}").format(
                path=self.path, problem=_problem(error))) from None

    def count(self, query: Query = Query()) -> int:
        """How many games ``query`` matches (a name filter counts through the seats' index)."""
        if query.name:
            conditions, args = _seat_conditions(query)
            return int(self._read(f"SELECT count(DISTINCT game) FROM seats {conditions}", args)[0][0])
        where, args = _games_where(query)
        return int(self._read(f"SELECT count(*) FROM games {where}", args)[0][0])

    def page(self, offset: int, limit: int, query: Query = Query()) -> list[GameSummary]:
        """Games ``offset`` to ``offset + limit`` of ``query``, newest first."""
        where, args = _games_where(query)
        rows = self._read(f"SELECT id, played, rules, seed FROM games {where} ORDER BY id DESC LIMIT ? OFFSET ?",
                          [*args, limit, offset])
        if not rows:
            return []
        numbers = [row[0] for row in rows]
        marks = ",".join("?" * len(numbers))
        seats: dict[int, list[SeatResult]] = {number: [] for number in numbers}
        seat_rows = self._read(
            f"SELECT game, name, kind, score, won FROM seats WHERE game IN ({marks}) ORDER BY game, seat", numbers)
        modes = self._modes(numbers, marks)
        try:
            for game, name, kind, score, won in seat_rows:
                seats[game].append(SeatResult(str(name), str(kind), int(score), bool(won)))
            return [GameSummary(int(number), played if isinstance(played, int) else None, str(rules),
                                int(seed), tuple(seats[number]), *modes.get(number, (None, None)))
                    for number, played, rules, seed in rows]
        except (TypeError, ValueError, KeyError) as error:
            raise self._damaged(error) from None

    def _modes(self, numbers: list[int], marks: str) -> dict[int, tuple[str | None, int | None]]:
        """Each class game's mode and table, read from its record (the other games have none)."""
        found: dict[int, tuple[str | None, int | None]] = {}
        for game, line in self._read(f"SELECT game, line FROM records WHERE game IN ({marks})", numbers):
            if isinstance(line, str) and '"mode"' in line:
                try:
                    data = json.loads(line)
                except ValueError:
                    continue
                table = data.get("table")
                found[int(game)] = (data.get("mode") if isinstance(data.get("mode"), str) else None,
                                    table if isinstance(table, int) and not isinstance(table, bool) else None)
        return found

    def _damaged(self, error: Exception) -> HistoryError:
        """A row no version of this program writes (the file was changed by hand, or damaged)."""
        return HistoryError(_("{path}: the history is damaged: a row holds {problem}").format(
            path=self.path, problem=error))

    def totals(self, query: Query = Query(), limit: int = 10) -> list[PlayerTotals]:
        """Per player over ``query``'s games: most wins first, then the lower mean penalty.  A person
        (or a bot) is their name; the computer players of each level are one line, "AI (random)":
        the "AI 1" of one game is not the "AI 1" of another."""
        conditions, args = _seat_conditions(query)
        rows = self._read(f"SELECT name, kind, count(*), sum(won), sum(score) FROM seats {conditions} "
                          "GROUP BY name, kind", args)
        merged: dict[str, list[int]] = {}
        try:
            for name, kind, games, wins, points in rows:
                who = _("AI ({level})").format(level=kind) if kind in COMPUTER_LEVELS else str(name)
                counts = merged.setdefault(who, [0, 0, 0])
                counts[0] += int(games)
                counts[1] += int(wins)
                counts[2] += int(points)
            found = [PlayerTotals(who, games, wins, points / games) for who, (games, wins, points) in merged.items()]
        except (TypeError, ValueError, ZeroDivisionError) as error:
            raise self._damaged(error) from None
        found.sort(key=lambda t: (-t.wins, t.mean_penalty, t.name))
        return found[:limit]

    def notes(self, limit: int = 3) -> tuple[int, list[str]]:
        """How many import notes there are, and the first ``limit`` of them."""
        count = self._read("SELECT count(*) FROM notes")[0][0]
        first = [str(row[0]) for row in self._read("SELECT note FROM notes ORDER BY id LIMIT ?", [limit])]
        return int(count), first

    def record_line(self, number: int) -> str:
        """The record of game ``number`` as its JSON line; ``HistoryError`` if there is none."""
        rows = self._read("SELECT line FROM records WHERE game = ?", [number])
        if not rows:
            total = self.count()
            raise HistoryError(ngettext("{path}: no game {number} in the history (it holds {total} game, "
                                        "numbered from 1)",
                                        "{path}: no game {number} in the history (it holds {total} games, "
                                        "numbered from 1)", total).format(path=self.path, number=number, total=total))
        return str(rows[0][0])

    def replay(self, number: int) -> ReplayedRecord:
        """Game ``number``, checked and turned into table states in one engine pass."""
        try:
            return replay_text(self.record_line(number))
        except RecordError as error:
            raise HistoryError(_("{path}: game {number}: {problem}").format(path=self.path, number=number,
                                                                          problem=error)) from None

    def record_lines(self) -> Iterator[str]:
        """Every game's record line, oldest first, read in batches (never all at once)."""
        last = 0
        while True:
            rows = self._read("SELECT game, line FROM records WHERE game > ? ORDER BY game LIMIT 500", [last])
            if not rows:
                return
            for number, line in rows:
                yield str(line)
                last = int(number)

    def integrity(self) -> str:
        """SQLite's own check of the file: ``"ok"`` when sound."""
        return "; ".join(str(row[0]) for row in self._read("PRAGMA integrity_check"))


def connection_of(history: History) -> sqlite3.Connection:
    """The open database of ``history``, for what is kept beside the games in a module of its own
    (``kept.py``, ``puzzles.py``...): the class does not grow with each thing the history keeps."""
    return history._db


def transaction(history: History) -> _Transaction:
    """One transaction on ``history``'s database (``BEGIN IMMEDIATE`` ... ``COMMIT``)."""
    return history._transaction()


def problem_of(error: sqlite3.Error) -> str:
    """What went wrong, in words (disk full, read-only...)."""
    return _problem(error)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            self._db.execute("COMMIT")
        else:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass


def _statements(script: str) -> list[str]:
    lines = [line.split("--")[0] for line in script.splitlines()]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]


_MATCHING_NAMES = "SELECT name FROM names WHERE name LIKE ? ESCAPE '\\'"
"""The few distinct names a filter matches; the seats are then found through their index."""


def _like(name: str) -> str:
    escaped = name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


COMPUTER_LEVELS = ("random", "heuristic", "mc")
"""The computer players' kinds as the history keeps them (their seats are counted by level)."""


def _seat_conditions(query: Query) -> tuple[str, list[object]]:
    return _conditions(query, f"name IN ({_MATCHING_NAMES})")


def _games_where(query: Query) -> tuple[str, list[object]]:
    return _conditions(query, f"EXISTS (SELECT 1 FROM seats WHERE game = games.id AND name IN ({_MATCHING_NAMES}))")


def _conditions(query: Query, by_name: str) -> tuple[str, list[object]]:
    """The ``WHERE`` clause of ``query`` (``by_name``: its name filter's condition) and its arguments."""
    parts: list[str] = []
    args: list[object] = []
    if query.name:
        parts.append(by_name)
        args.append(_like(query.name))
    if query.since is not None:
        parts.append("played >= ?")
        args.append(query.since)
    return ("WHERE " + " AND ".join(parts)) if parts else "", args


def _problem(error: sqlite3.Error) -> str:
    return str(error) or type(error).__name__


def _check_regular_or_missing(path: Path) -> None:
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if not path.parent.is_dir():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise HistoryError(_("{path}: cannot create the folder: {problem}").format(
                    path=path, problem=error.strerror or error)) from None
        return
    except OSError as error:
        raise HistoryError(_cannot_open(path, error.strerror or error)) from None
    if not stat.S_ISREG(mode):
        raise HistoryError(_cannot_open(path, _("not a regular file")))


def _cannot_open(path: Path, problem: object) -> str:
    return _("{path}: cannot open the history: {problem}").format(path=path, problem=problem)


def open_history(path: Path | None = None, *, import_legacy: bool = True,
                 notes: list[str] | None = None) -> History:
    """The history at ``path`` (default: the data folder's); on first use the folder's old
    ``games.jsonl`` is imported, and its notes appended to ``notes``.  ``HistoryError`` if
    it cannot be opened."""
    history = History(path or default_history_path())
    if import_legacy and path is None:
        try:
            report = history.import_legacy_records()
        except HistoryError:
            history.close()
            raise
        if report is not None and notes is not None:
            notes.extend(report.notes)
    return history


# ----------------------------------------------------------------- periods
PERIODS = ("all", "week", "today")
"""Time filters of the scoreboard: every game, the last 7 days, since midnight (local time)."""


def period_start(period: str, now: float | None = None) -> int | None:
    """The Unix time a period starts at (``None`` for ``all``)."""
    moment = datetime.fromtimestamp(time.time() if now is None else now).astimezone()
    if period == "all":
        return None
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "today":
        return int(midnight.timestamp())
    if period == "week":
        return int(midnight.timestamp()) - 6 * 86400
    raise ValueError(_("unknown period {period} (known: {known})").format(period=repr(period),
                                                                         known=", ".join(PERIODS)))
