"""A lesson is kept in the history as it goes (issue 38, item 4): its games with each student's
points and predictions, each student's reviewed decisions; the report written again from the
history alone is the report the lesson wrote, and a review a stop left missing is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from classroom.lesson_book import LessonBook
from game.review import Decision
from store.history import open_history
from store.lessons import decision_json, decision_of, lessons
from store.unfinished import UnfinishedError, parse_unfinished
from tests.store.test_kept_damage import kept_with

NAMES = ("Ana", "Ben", "AI 1", "AI 2")
STUDENTS = (True, True, False, False)


def decision(seat: int, loss: float) -> Decision:
    return Decision(seat, 0, 2, "card", 40, 12, ((12, 1.5), (40, 1.5 + loss)), loss, ((5,), (20, 21), (33,), (60,)),
                    (12, 40, 77), None, (), "12 fits row 2")


def test_a_decision_reads_back_as_it_was() -> None:
    kept = decision(1, 2.25)
    assert decision_of(decision_json(kept)) == kept


def test_the_report_written_again_from_the_history_is_the_lessons_own(tmp_path: Path) -> None:
    book = LessonBook.start(tmp_path / "reports", "ROOM")
    assert book.number is None, "a lesson is kept once something happened in it"
    first = book.add_game(NAMES, STUDENTS, (12, 30, 21, 40), ((5, 7), (2, 7), None, None), record=1)
    assert book.number is not None
    book.add_review(first, 0, [decision(0, 0.0), decision(0, 3.0)])
    second = book.add_game(("Ben", "Ana", "AI 1", "AI 2"), STUDENTS, (9, 14, 22, 31), (), record=2)
    book.add_review(second, 1, [decision(1, 1.0)])
    assert book.write()
    written = book.report.html_path.read_text(encoding="utf-8"), book.report.csv_path.read_text(encoding="utf-8")

    again = LessonBook.reopen(book.number)
    assert again is not None
    assert [(g.position, g.game, g.scores) for g in again.games] == [(0, 1, (12, 30, 21, 40)), (1, 2, (9, 14, 22, 31))]
    assert again.report.lines() == book.report.lines()
    assert [(game.position, seat) for game, seat in again.missing_reviews()] == [(0, 1), (1, 0)]
    assert again.write()
    assert (again.report.html_path.read_text(encoding="utf-8"),
            again.report.csv_path.read_text(encoding="utf-8")) == written
    with open_history(import_legacy=False) as history:
        [info] = lessons(history)
    assert (info.code, info.games, info.students, info.report) == ("ROOM", 2, 2, str(book.report.html_path))


def test_without_a_history_the_report_alone_is_kept(tmp_path: Path) -> None:
    book = LessonBook.start(tmp_path, "ROOM", keep=False)
    book.add_game(NAMES, STUDENTS, (1, 2, 3, 4))
    assert book.number is None and book.write()
    with open_history(import_legacy=False) as history:
        assert lessons(history) == []


@pytest.mark.parametrize("predictions", [
    None,
    {"tally": [["seat:0", "Ana", 2, 5], ["watch:abc", "Mo", 0, 1]], "open": None},
    {"tally": [], "open": {"question": [0, 2, 1, 40], "asked": [["seat:0", "Ana"], ["seat:1", "Ben"]],
                           "guesses": [["seat:1", 4]]}},
])
def test_a_class_games_predictions_read_back_as_they_were_kept(predictions: object) -> None:
    kept = parse_unfinished(kept_with(predictions=predictions))
    again = json.loads(kept.to_json())
    assert again.get("predictions") == predictions


@pytest.mark.parametrize("damage", [
    {"tally": [["seat:0", "Ana", 1]], "open": None},
    {"tally": [["seat:0", "Ana", -1, 2]], "open": None},
    {"tally": "all of them"},
    {"tally": [], "open": {"question": [0, 2, 1], "asked": [], "guesses": []}},
    {"tally": [], "open": {"question": [0, 2, 1, 40], "asked": [["seat:0", "Ana"]], "guesses": [["seat:0", 9]]}},
    {"tally": [], "open": {"question": [0, 2, 1, 40], "asked": [["seat:0", "Ana"]], "guesses": [["seat:0", True]]}},
])
def test_damaged_predictions_are_a_damaged_kept_game(damage: object) -> None:
    with pytest.raises(UnfinishedError, match="predictions"):
        parse_unfinished(kept_with(predictions=damage))


def test_a_class_game_stopped_before_its_lesson_was_kept_keeps_its_class() -> None:
    """Its lesson is not in the history yet (nothing happened in it): the kept room names the class,
    so that its resumed lesson is the class's."""
    room = parse_unfinished(kept_with(room_class="7b", room_lesson=None)).room
    assert room is not None and (room.class_name, room.lesson) == ("7b", None)
    again = parse_unfinished(json.dumps({**json.loads(kept_with()), "room": room.to_dict()})).room
    assert again is not None and again.class_name == "7b"
    with pytest.raises(UnfinishedError):
        parse_unfinished(kept_with(room_class=["7b"]))
