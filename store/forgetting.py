"""One student of a class forgotten everywhere the history keeps them (``main.py lessons forget``).

Who: every seat of the class's lessons that a student played under the name, and every seat of
the same student under another name (their key: the same phone, another name typed).  What goes,
in one transaction:

- their seat in each lesson's games: the name becomes :data:`FORGOTTEN` (each classmate keeps
  their own points, ranks and predictions: a game is everyone's), no longer a student's seat,
  without key or predictions;
- their reviews, their warm-up answers, and the class's puzzles made from their decisions;
- the games' records in the history (the scoreboard, replays, exports): the seat keeps its cards
  and points, under the name :data:`FORGOTTEN` - a record without a name at each seat is not a
  record, and a game without that seat would not replay.

The lessons whose reports name the student are listed in the same transaction (table
``lesson_rewrites``), and their reports on disk written again from the history afterwards (by the
command), each struck off the list once written: a kill in between leaves the list for the next
run to finish.  Files the teacher made elsewhere (an export, a copy of a report) are theirs to
delete.

A whole lesson is forgotten the same way (:func:`forget_lesson`): its games' places, reviews,
warm-up answers and the puzzles made from it are deleted, its report's page listed to delete, and
the class's later lessons (whose reports count it among the earlier ones) listed to write again.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.puzzles.puzzle import LESSON
from game.record import PlayerInfo, RecordError, parse_record
from .history import History, digest_of
from .lessons import LessonGame, LessonInfo, lesson_games, lessons, read_rows, whole, writing
from .puzzles import readable_puzzles
from .students import lesson_puzzle_answers

FORGOTTEN = "Forgotten"
"""The name a forgotten student's seat takes in the lessons and the records (records stay English)."""

Matches = Callable[[str], bool]
"""Whether a name is the one the teacher gave (case and accents as the class's room compares them)."""


@dataclass(frozen=True)
class Seat:
    """A seat a forgotten student played: a game of a lesson."""

    lesson: int
    game: LessonGame
    seat: int


@dataclass(frozen=True)
class Forgotten:
    """What forgetting a student deleted or renamed."""

    lessons: tuple[int, ...]
    """The lessons they were in (their reports are to be written again)."""
    seats: int
    """Game seats renamed."""
    reviews: int
    answers: int
    """Warm-up answers deleted."""
    puzzles: int
    """The class's puzzles made from their decisions, deleted."""
    records: int
    """Game records whose seat was renamed."""


def forget_student(history: History, class_name: str, matches: Matches) -> Forgotten:
    """Forget the student of ``class_name`` named as ``matches`` says (every key they had)."""
    numbers = [info.number for info in lessons(history, class_name)]
    games = {number: lesson_games(history, number) for number in numbers}
    answers = {number: lesson_puzzle_answers(history, number) for number in numbers}
    keys = {game.key_of(seat) for found in games.values() for game in found
            for seat, name in enumerate(game.names) if game.students[seat] and matches(name)}
    keys |= {answer.student for found in answers.values() for answer in found if matches(answer.name)}
    keys.discard("")

    def theirs(name: str, key: str) -> bool:
        return matches(name) or key in keys

    seats = [Seat(number, game, seat) for number in numbers for game in games[number]
             for seat, name in enumerate(game.names) if game.students[seat] and theirs(name, game.key_of(seat))]
    gone = [(number, answer) for number in numbers for answer in answers[number] if theirs(answer.name, answer.student)]
    touched = sorted({seat.lesson for seat in seats} | {number for number, _answer in gone})
    with writing(history) as db:
        db.executemany("INSERT OR IGNORE INTO lesson_rewrites (lesson) VALUES (?)", [(n,) for n in touched])
        reviews = sum(_forget_seat(db, seat) for seat in seats)
        records = sum(_rename_in_record(history, db, seat) for seat in seats)
        puzzles = _delete_puzzles(history, db, class_name, seats)
        for number, answer in gone:
            db.execute("DELETE FROM lesson_puzzles WHERE lesson = ? AND puzzle = ? AND student = ? AND name = ?",
                       (number, answer.puzzle, answer.student, answer.name))
    return Forgotten(tuple(touched), len(seats), reviews, len(gone), puzzles, records)


def _forget_seat(db: sqlite3.Connection, found: Seat) -> int:
    """The seat renamed in its lesson's game, no longer a student's; its review deleted (1 if there was one)."""
    game, seat = found.game, found.seat
    row = db.execute("SELECT result FROM lesson_games WHERE lesson = ? AND position = ?",
                     (found.lesson, game.position)).fetchone()
    if row is None:
        return 0
    result = json.loads(row[0])
    result["names"][seat] = _free_name(result["names"], seat)
    result["students"][seat] = False
    if seat < len(result.get("predicted", [])):
        result["predicted"][seat] = None
    if seat < len(result.get("keys", [])):
        result["keys"][seat] = ""
    db.execute("UPDATE lesson_games SET result = ? WHERE lesson = ? AND position = ?",
               (json.dumps(result), found.lesson, game.position))
    cursor = db.execute("DELETE FROM lesson_reviews WHERE lesson = ? AND position = ? AND seat = ?",
                        (found.lesson, game.position, seat))
    return cursor.rowcount


def _free_name(names: list[str], seat: int) -> str:
    """:data:`FORGOTTEN`, numbered if another seat of the game has it already."""
    others = {name for index, name in enumerate(names) if index != seat}
    number = 1
    name = FORGOTTEN
    while name in others:
        number += 1
        name = f"{FORGOTTEN} {number}"
    return name


def _rename_in_record(history: History, db: sqlite3.Connection, found: Seat) -> int:
    """The seat's name in the game's record (its line, its digest, the seats and names tables);
    1 if the record was renamed."""
    number, seat = found.game.game, found.seat
    row = db.execute("SELECT line FROM records WHERE game = ?", (number,)).fetchone() if number is not None else None
    if row is None:
        return 0
    try:
        record = parse_record(row[0])
    except RecordError:
        return 0
    names = [player.name for player in record.players]
    if seat >= len(names) or names[seat] == FORGOTTEN:
        return 0
    old = names[seat]
    players = list(record.players)
    players[seat] = PlayerInfo(_free_name(names, seat), players[seat].kind)
    line = replace(record, players=tuple(players)).to_json()
    db.execute("UPDATE records SET line = ? WHERE game = ?", (line, number))
    db.execute("UPDATE games SET digest = ? WHERE id = ?", (digest_of(line), number))
    db.execute("UPDATE seats SET name = ? WHERE game = ? AND seat = ?", (players[seat].name, number, seat))
    db.execute("INSERT OR IGNORE INTO names (name) VALUES (?)", (players[seat].name,))
    if db.execute("SELECT 1 FROM seats WHERE name = ? LIMIT 1", (old,)).fetchone() is None:
        db.execute("DELETE FROM names WHERE name = ?", (old,))
    return 1


def _delete_puzzles(history: History, db: sqlite3.Connection, class_name: str, seats: list[Seat]) -> int:
    """The class's puzzles made from the forgotten seats' decisions (a puzzle's source: its lesson,
    its game from 1, its seat)."""
    sources = {(str(seat.lesson), seat.game.position + 1, seat.seat) for seat in seats}
    doomed = [stored.id for stored in readable_puzzles(history, class_name)
              if stored.puzzle.source.origin == LESSON
              and (stored.puzzle.source.lesson, stored.puzzle.source.game, stored.puzzle.source.seat) in sources]
    for number in doomed:
        db.execute("DELETE FROM puzzles WHERE id = ?", (number,))
    return len(doomed)


@dataclass(frozen=True)
class LessonForgotten:
    """What forgetting a whole lesson deleted."""

    games: int
    answers: int
    puzzles: int
    later: int
    """The class's later lessons, whose reports are to be written again."""


def forget_lesson(history: History, lesson: LessonInfo) -> LessonForgotten:
    """Forget ``lesson`` whole (one transaction): its games' places in it, their reviews, its warm-up
    answers, the class's puzzles made from it; its report's page and the class's later lessons
    listed for :func:`to_rewrite`.  The games' records stay in the history (the scoreboard's)."""
    number = lesson.number
    later = [info.number for info in lessons(history, lesson.class_name)
             if (info.started, info.number) > (lesson.started, number)] if lesson.class_name else []
    doomed = [stored.id for stored in readable_puzzles(history, lesson.class_name)
              if stored.puzzle.source.origin == LESSON and stored.puzzle.source.lesson == str(number)]
    with writing(history) as db:
        games = db.execute("DELETE FROM lesson_games WHERE lesson = ?", (number,)).rowcount
        db.execute("DELETE FROM lesson_reviews WHERE lesson = ?", (number,))
        answers = db.execute("DELETE FROM lesson_puzzles WHERE lesson = ?", (number,)).rowcount
        db.executemany("DELETE FROM puzzles WHERE id = ?", [(puzzle,) for puzzle in doomed])
        db.execute("DELETE FROM lessons WHERE number = ?", (number,))
        db.execute("INSERT OR REPLACE INTO lesson_rewrites (lesson, page) VALUES (?, ?)", (number, lesson.report))
        db.executemany("INSERT OR IGNORE INTO lesson_rewrites (lesson) VALUES (?)", [(n,) for n in later])
    return LessonForgotten(games, answers, len(doomed), len(later))


def to_rewrite(history: History) -> list[tuple[int, str]]:
    """The reports a forget listed and did not finish (a kill): (lesson, ``""``) to write again,
    (lesson, its page) of a lesson forgotten whole, to delete."""
    rows = read_rows(history, "SELECT lesson, page FROM lesson_rewrites ORDER BY lesson")
    return [(number, page) for number, page in rows if whole(number) and isinstance(page, str)]


def rewritten(history: History, lesson: int) -> None:
    """Lesson ``lesson``'s report is written again (or its page deleted): struck off the list."""
    with writing(history) as db:
        db.execute("DELETE FROM lesson_rewrites WHERE lesson = ?", (lesson,))
