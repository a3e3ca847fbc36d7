"""Students' and puzzles' ratings, replayed from the warm-up answers the history keeps (table
``lesson_puzzles``; :mod:`game.puzzles.rating` says how), and which missed puzzles are due again.

Nothing here is stored beside the answers: the ratings follow from them, lesson after lesson, so a
forgotten student's answers take their rating with them, and the same history always gives the
same ratings.  A student is rated within their class (their key there); a puzzle across every
class that answered it.

**Spaced return**: a puzzle the class missed (one student or more answered it wrong) comes back
once enough of the class's lessons have passed since it was last asked: 1 after the first time
it was missed, then 2, then 4 (twice as long each time it is missed again); a puzzle answered
right by everyone who answered it is not due.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from game.i18n import _
from game.puzzles.puzzle import Puzzle, PuzzleError
from game.puzzles.rating import Game, Rating, Ratings, predicted_rating, replay
from game.puzzles.reading import puzzle_from_json
from game.puzzles.themes import themes_of
from .history import History
from .lessons import damaged, read_rows, whole, writing

_ANSWERS = ("SELECT p.lesson, l.class, p.student, p.puzzle, p.right FROM lesson_puzzles p "
            "JOIN lessons l ON l.number = p.lesson WHERE p.answer IS NOT NULL AND p.student != '' {where} "
            "ORDER BY p.lesson, p.puzzle, p.student")


def _games(history: History, class_name: str | None) -> list[tuple[int, list[Game]]]:
    """Every answered warm-up puzzle (of ``class_name``'s lessons, when given), lesson by lesson; a
    student is named by class and key."""
    where, args = ("AND l.class = ?", [class_name]) if class_name is not None else ("", [])
    lessons: dict[int, list[Game]] = {}
    for lesson, name, student, puzzle, right in read_rows(history, _ANSWERS.format(where=where), args):
        if not all(whole(value) for value in (lesson, puzzle, right)):  # hand-edited or damaged: left out
            damaged(history, _("a warm-up answer of lesson {number}").format(number=lesson), repr((puzzle, right))[:80])
            continue
        lessons.setdefault(lesson, []).append(Game(student_key(str(name), str(student)), puzzle, bool(right)))
    return sorted(lessons.items())


def start_ratings(history: History, puzzles: Iterable[int]) -> dict[int, Rating]:
    """Each puzzle's starting rating, predicted from its difficulty (a damaged one starts at the middle)."""
    wanted = sorted(set(puzzles))
    found = {number: predicted_rating(puzzle) for number, puzzle in _read_puzzles(history, wanted)}
    return {number: found.get(number, Rating(1500.0, 350.0)) for number in wanted}


def _read_puzzles(history: History, numbers: Sequence[int]) -> Iterator[tuple[int, Puzzle]]:
    """The puzzles ``numbers`` that can be read (a damaged one is left out here), 500 at a time."""
    for first in range(0, len(numbers), 500):
        chunk = numbers[first:first + 500]
        marks = ",".join("?" * len(chunk))
        for number, text in read_rows(history, f"SELECT id, puzzle FROM puzzles WHERE id IN ({marks})", chunk):
            try:
                yield int(number), puzzle_from_json(str(text))
            except PuzzleError:
                continue


def ratings_of(history: History, class_name: str | None = None) -> Ratings:
    """The ratings after every lesson (of ``class_name`` only, when given: its students' and, as that
    class met them, the puzzles')."""
    lessons = _games(history, class_name)
    return replay(lessons, start_ratings(history, (game.puzzle for _lesson, games in lessons for game in games)))


def student_key(class_name: str, key: str) -> str:
    """How a student is named among the ratings: their class and their key in it."""
    return f"{class_name}/{key}"


def puzzle_rating(ratings: Ratings, history: History, puzzle: int) -> Rating:
    """A puzzle's rating: as its answers moved it, or as its difficulty predicts (never answered)."""
    return ratings.puzzles.get(puzzle) or start_ratings(history, [puzzle])[puzzle]


def due_again(history: History, class_name: str) -> list[int]:
    """The puzzles the class missed that are due again now (see the module's docstring), longest
    waiting first."""
    lesson_index = {int(number): index for index, (number,) in enumerate(read_rows(
        history, "SELECT number FROM lessons WHERE class = ? ORDER BY started, number", [class_name]))}
    asked: dict[int, list[tuple[int, bool]]] = {}
    rows = read_rows(history, "SELECT p.lesson, p.puzzle, MIN(p.right) FROM lesson_puzzles p JOIN lessons l "
                              "ON l.number = p.lesson WHERE l.class = ? AND p.answer IS NOT NULL "
                              "GROUP BY p.lesson, p.puzzle", [class_name])
    for lesson, puzzle, all_right in rows:
        if whole(puzzle) and lesson in lesson_index:  # (a damaged answer is left out, as by the ratings)
            asked.setdefault(puzzle, []).append((lesson_index[lesson], not all_right))
    now = len(lesson_index)
    due = [(now - last, puzzle) for puzzle, times in asked.items()
           for last, missed, gap in [_spacing(sorted(times))] if missed and now - last >= gap]
    return [puzzle for _waited, puzzle in sorted(due, key=lambda item: (-item[0], item[1]))]


def _spacing(times: Sequence[tuple[int, bool]]) -> tuple[int, bool, int]:
    """When a puzzle was last asked (a lesson's place), whether the class missed it then, and how many
    lessons must pass before it comes back: 1, doubled for each earlier miss."""
    last, missed = times[-1]
    misses = sum(1 for _index, wrong in times if wrong)
    return last, missed, 2 ** max(0, misses - 1)


@dataclass(frozen=True)
class ClassLearning:
    """What a class's warm-ups say of each student and of the class: the ratings after each lesson,
    and the answers right per theme (:mod:`game.puzzles.themes`)."""

    steps: dict[str, list[tuple[int, Rating]]]
    """Each student's rating (by key in the class) after each lesson they answered in: ``(lesson, rating)``."""
    themes: dict[str, dict[str, tuple[int, int]]]
    """Each student's answers per theme: ``theme -> (right, answered)``."""
    class_themes: dict[str, tuple[int, int]]
    """The whole class's answers per theme."""


def class_learning(history: History, class_name: str) -> ClassLearning:
    """The ratings and the themes of ``class_name``'s warm-up answers so far."""
    ratings = ratings_of(history, class_name)
    prefix = student_key(class_name, "")
    steps = {key[len(prefix):]: found for key, found in ratings.steps.items() if key.startswith(prefix)}
    rows = read_rows(history, "SELECT p.student, p.puzzle, p.right FROM lesson_puzzles p JOIN lessons l "
                              "ON l.number = p.lesson WHERE l.class = ? AND p.answer IS NOT NULL AND p.student != ''",
                     [class_name])
    rows = [row for row in rows if whole(row[1])]  # (a damaged answer is left out, as by the ratings)
    taught = _themes(history, {puzzle for _student, puzzle, _right in rows})
    themes: dict[str, dict[str, tuple[int, int]]] = {}
    everyone: dict[str, tuple[int, int]] = {}
    for student, puzzle, right in rows:
        for theme in taught.get(puzzle, ()):
            for counts in (themes.setdefault(str(student), {}), everyone):
                done, asked = counts.get(theme, (0, 0))
                counts[theme] = (done + bool(right), asked + 1)
    return ClassLearning(steps, themes, everyone)


def _themes(history: History, puzzles: set[int]) -> dict[int, tuple[str, ...]]:
    """What each puzzle teaches (a puzzle that cannot be read teaches nothing here)."""
    return {number: themes_of(puzzle) for number, puzzle in _read_puzzles(history, sorted(puzzles))}


DAY = 86_400
"""The practice screen's answers of one day are one rating period."""


def add_practice_answer(history: History, player: str, puzzle: int, right: bool, when: int) -> None:
    """One answer on the practice screen, kept for the player's rating."""
    with writing(history) as db:
        db.execute("INSERT INTO practice_answers (player, puzzle, answered, right) VALUES (?, ?, ?, ?)",
                   (player, puzzle, when, int(right)))


def practice_ratings(history: History) -> Ratings:
    """The practice screen's players' ratings (by the name they answer under), a day a rating period."""
    days: dict[int, list[Game]] = {}
    for player, puzzle, answered, right in read_rows(
            history, "SELECT player, puzzle, answered, right FROM practice_answers ORDER BY answered, rowid"):
        if whole(puzzle) and whole(answered):  # (a damaged answer is left out)
            days.setdefault(answered // DAY, []).append(Game(str(player), puzzle, bool(right)))
    lessons = sorted(days.items())
    return replay(lessons, start_ratings(history, (game.puzzle for _day, games in lessons for game in games)))
