"""Issue 44: a student across lessons - two lessons of the same class, the same phones (their keys)
and other names typed: the second lesson's report shows each student's two lessons, in its page
(a table and a chart each) and in its CSV (one row per student per lesson, with a Lesson column);
``lessons --class`` lists the class's lessons; a phone without a key gets one, a copied key is not
taken twice, and a room without a class gives no key."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from tests.support.class_helpers import (close_app, game_finished, in_game, lobby_of, open_class_app, play_clients,
                                         run_until, url_of)

from classroom.room import Room
from classroom.simclient import SimClient, phone_address
from classroom.students import new_key

PROJECT = Path(__file__).resolve().parents[2]
FIRST = ("Ana", "Ben", "Cem", "Dee")
SECOND = ("Anabel", "B", "Cemal", "Dee")
"""The same students next lesson, three of them under another name."""


def lesson(folder: Path, names: tuple[str, ...], keys: list[str], **settings: object) -> list[SimClient]:
    """One lesson of class 7b: the phones (with ``keys``, if any) join and play a game to the end; its
    report in ``folder`` (two lessons in the same minute in the same room would share a file name)."""
    app = open_class_app(None, class_name="7b", report_dir=folder, predict=True,  # type: ignore[arg-type]
                         predict_seconds=30, **settings)
    try:
        url = url_of(app)
        phones = [SimClient(url, "TEST", name, rng=random.Random(index), address=phone_address(index),
                            student=keys[index] if keys else "") for index, name in enumerate(names)]
        playing = play_clients(phones)
        run_until(app, lambda: all(phone.token for phone in phones))
        lobby_of(app).start()
        run_until(app, lambda: in_game(app))
        run_until(app, lambda: game_finished(app), seconds=120)
        app.screens.end_lesson()  # the teacher closes the room: the lesson's report is written
        playing.join(30)
    finally:
        close_app()
    return phones


def report_of(folder: Path) -> Path:
    [found] = folder.glob("lesson-*.csv")
    return found


@pytest.mark.slow
def test_the_second_lessons_report_shows_each_students_two_lessons(tmp_path: Path) -> None:
    first = lesson(tmp_path / "first", FIRST, [])
    keys = [phone.student for phone in first]
    assert all(keys) and len(set(keys)) == 4  # each phone got its own key
    second = lesson(tmp_path / "second", SECOND, keys)
    assert [phone.student for phone in second] == keys  # the keys they came with
    first_csv, second_csv = report_of(tmp_path / "first"), report_of(tmp_path / "second")
    header, *rows = list(csv.reader(io.StringIO(second_csv.read_text(encoding="utf-8"))))
    assert header[:3] == ["Lesson", "Date", "Rank"] and header[-1] == "Puzzles right"
    by_lesson = {(row[0], row[3]) for row in rows}
    assert by_lesson == {("1", name) for name in FIRST} | {("2", name) for name in SECOND}
    played = {(row[0], row[3]): row for row in rows}
    assert all(played["1", name][4] == "1" and played["2", new][4] == "1" for name, new in zip(FIRST, SECOND))
    assert all(played["2", name][2] for name in SECOND)  # this lesson's rank; an earlier lesson's has none
    page = second_csv.with_suffix(".html").read_text(encoding="utf-8")
    if os.environ.get("SIXTAKES_KEEP_REPORT"):
        Path(os.environ["SIXTAKES_KEEP_REPORT"]).write_text(page, encoding="utf-8")
    assert "Each student&#x27;s lessons of class 7b" in page or "Each student's lessons of class 7b" in page
    assert page.count("<section class=\"student\">") == 4 and page.count("<svg") == 8  # two charts each
    assert "<script" not in page and "http" not in page.replace("http://www.w3.org/2000/svg", "")
    for old, new in zip(FIRST, SECOND):  # each section: this lesson's name, both lessons' rows
        section = page[page.index(f"<h3>{new}</h3>"):].split("</section>")[0]
        assert f"<td>{old}</td>" in section and f"<td>{new}</td>" in section
    first_rows = list(csv.reader(io.StringIO(first_csv.read_text(encoding="utf-8"))))[1:]
    assert sorted(row[0] for row in first_rows) == ["1"] * 4  # the first lesson: no earlier one
    listed = subprocess.run([sys.executable, "main.py", "lessons", "--class", "7b", "--json"], cwd=PROJECT,
                            env=os.environ, capture_output=True, text=True, timeout=120, check=True)
    assert [(item["class"], item["students"], item["games"]) for item in json.loads(listed.stdout)] == \
        [("7b", 4, 1), ("7b", 4, 1)]
    text = subprocess.run([sys.executable, "main.py", "lessons", "--class", "7b"], cwd=PROJECT, env=os.environ,
                          capture_output=True, text=True, timeout=120, check=True).stdout
    assert text.count("class 7b") == 2
    other = subprocess.run([sys.executable, "main.py", "lessons", "--class", "8a"], cwd=PROJECT, env=os.environ,
                           capture_output=True, text=True, timeout=120, check=True).stdout
    assert other.startswith("No lesson of class 8a is kept in the history")


def test_a_key_is_given_kept_and_never_shared_and_none_without_a_class() -> None:
    room = Room(4, "TEST")
    room.students.tag = "a-class-tag"
    ana, ben, copy = room.join("TEST", "Ana"), room.join("TEST", "Ben"), room.join("TEST", "Cy")
    mine = new_key()
    assert room.students.take(ana.token, mine, room.held_secrets()) == mine  # the key the phone kept
    given = room.students.take(ben.token, "", room.held_secrets())
    assert given and given != mine  # none: a new one
    assert room.students.take(copy.token, mine, room.held_secrets()) not in ("", mine)  # a copied key: a new one
    assert room.students.take(ana.token, new_key(), room.held_secrets()) == mine  # the place keeps its key
    assert room.student_of(ana.seat or 0) == mine
    assert room.students.take(ben.token + "x", "<not a key>", room.held_secrets()) != "<not a key>"
    plain = Room(4, "TEST")
    dee = plain.join("TEST", "Dee")
    assert plain.students.take(dee.token, mine, plain.held_secrets()) == "" and plain.student_of(0) == ""
