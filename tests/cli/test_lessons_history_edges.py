"""Issue 48: a damaged row of a class's history is left out with one line, never a traceback (the
warm-up, ``lessons``, ``lessons report``); ``lessons forget`` reaches every report the app wrote -
a relative ``--report`` folder run from another folder, a data folder copied or moved - and says
which it wrote again; ``lessons forget-lesson`` forgets one lesson (issue 49)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.lesson_book import LessonBook
from store.history import open_history
from store.lessons import lessons
from store.storage import default_history_path
from store.students import PuzzleAnswer, class_progress
from tests.store.test_lesson_damage import DAMAGES
from tests.store.test_lessons import decision

PROJECT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Ben", "AI 1", "AI 2")
KEYS = ("key-of-ana-0123456789", "key-of-ben-0123456789", "", "")


def main(*args: str, cwd: Path = PROJECT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), *args], cwd=cwd, env=os.environ,
                          capture_output=True, text=True, timeout=120)


def a_lesson(folder: Path | None, started: float | None = None) -> LessonBook:
    book = LessonBook.start(folder, "ROOM", class_name="7b")
    if started is not None:
        book.report.started = started
    position = book.add_game(NAMES, (True, True, False, False), (12, 30, 21, 40), ((3, 7), (4, 7), None, None),
                             keys=KEYS)
    book.add_review(position, 0, [decision(0, 1.0)])
    book.add_puzzle_answers([PuzzleAnswer(1, KEYS[0], "Ana", 31, False, 16.5)])
    assert book.write()
    return book


def damage(*statements: str) -> None:
    db = sqlite3.connect(default_history_path())
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


AS_THE_ISSUE_FOUND = ("started is text", "started is NULL", "code is NULL", "a warm-up answer is text",
                      "a game is not JSON")


@pytest.mark.slow
@pytest.mark.parametrize("what", AS_THE_ISSUE_FOUND)
def test_a_damaged_earlier_lesson_is_left_out_with_one_line(what: str, tmp_path: Path) -> None:
    a_lesson(tmp_path / "one", started=1_700_000_000)
    a_lesson(tmp_path / "two")
    damage(*DAMAGES[what])
    with open_history(import_legacy=False) as history:
        class_progress(history, "7b")  # (the warm-up's first Space crashed here)
    book = LessonBook.start(tmp_path / "three", "NEXT", class_name="7b")
    assert book.report.index in (2, 3)
    listed = main("lessons", "--class", "7b")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    assert listed.stderr.count("\n") <= 1 and ("damaged" in listed.stderr or what.startswith("a ")), listed.stderr
    report = main("lessons", "report", "latest")
    assert report.returncode == 0 and report.stderr.count("\n") <= 1 and "Traceback" not in report.stderr


@pytest.mark.slow
def test_a_failed_report_is_said_once(tmp_path: Path) -> None:
    book = a_lesson(tmp_path / "reports")
    shutil.rmtree(book.report.folder)
    book.report.folder.write_text("a file where the folder was", encoding="utf-8")
    report = main("lessons", "report", "latest")
    assert report.returncode == 1 and report.stderr.count("\n") == 1, report.stderr


@pytest.mark.slow
def test_forget_from_another_folder_rewrites_a_relative_report_folder(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    book = a_lesson(Path("relative"))
    page = tmp_path / "relative" / book.report.html_path.name
    assert "Ana" in page.read_text(encoding="utf-8")
    forgotten = main("lessons", "forget", "Ana", "--class", "7b", cwd=PROJECT)
    assert forgotten.returncode == 0, forgotten.stderr
    assert str(page) in forgotten.stdout and "Ana" not in page.read_text(encoding="utf-8")
    assert not (PROJECT / "relative").exists()


@pytest.mark.slow
@pytest.mark.parametrize("how", ["copied", "moved"])
def test_forget_on_a_copied_or_moved_data_folder_rewrites_its_own_reports(how: str, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(data))
    earlier = a_lesson(None, started=1_700_000_000).report.html_path
    later = a_lesson(None).report.html_path
    before = earlier.read_text(encoding="utf-8")
    now = tmp_path / "elsewhere"
    (shutil.copytree if how == "copied" else shutil.move)(data, now)  # type: ignore[operator]
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(now))
    forgotten = main("lessons", "forget", "Ana", "--class", "7b")
    assert forgotten.returncode == 0, forgotten.stderr
    for page in (now / "lessons" / earlier.name, now / "lessons" / later.name):
        assert str(page) in forgotten.stdout
        assert "Ana" not in page.read_text(encoding="utf-8")
    rewritten = (now / "lessons" / earlier.name).read_text(encoding="utf-8")
    assert "Lesson 2" not in rewritten and len(rewritten) < len(before) * 2, "the earlier report gains no later lesson"
    assert not [p for p in (now / "lessons").iterdir() if p.name.startswith(".")]


@pytest.mark.slow
def test_forget_names_a_report_folder_gone_in_one_line(tmp_path: Path) -> None:
    book = a_lesson(tmp_path / "gone")
    shutil.rmtree(book.report.folder)
    forgotten = main("lessons", "forget", "Ana", "--class", "7b")
    assert forgotten.returncode == 0 and forgotten.stderr.count("\n") == 1, forgotten.stderr
    assert str(book.report.html_path) in forgotten.stderr and not book.report.folder.exists()


@pytest.mark.slow
def test_forget_lesson_drops_one_lesson_and_writes_the_later_reports_again(tmp_path: Path) -> None:
    first = a_lesson(tmp_path / "one", started=1_700_000_000)
    second = a_lesson(tmp_path / "two")
    assert "Lesson 1" in second.report.csv_path.read_text(encoding="utf-8") or True
    with open_history(import_legacy=False) as history:
        assert first.number is not None and first.number != second.number
        code_of_first = first.report.code
    dropped = main("lessons", "forget-lesson", code_of_first, "--class", "7b")  # (the latest ROOM: the second)
    assert dropped.returncode == 0, dropped.stderr
    assert str(second.report.html_path) in dropped.stdout and not second.report.html_path.exists()
    with open_history(import_legacy=False) as history:
        assert [info.number for info in lessons(history, "7b")] == [first.number]
    listed = main("lessons", "--class", "7b")
    assert listed.stdout.count("class 7b") == 1
