"""Issue 43: the lesson report's folder passed its check when the lesson started, and fails later
(the disk fills, the folder is taken away): the teacher sees one note on the projector and one
line on the terminal, the lesson goes on, and a report already written is never left half
written.  Temporary files a killed write left behind are deleted at the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.report import LessonReport, clean_leftovers
from tests.conftest import PROJECT, needs
from tests.support.small_disk import fill, small_disk

PROBLEM = "the lesson report could not be written to "


def a_lesson(folder: Path) -> LessonReport:
    report = LessonReport(folder, "K7QP", started=0)
    report.add_game(["Ana", "Ben", "AI 1", "AI 2"], [True, True, False, False], [10, 4, 7, 4])
    return report


def report_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if PROBLEM in line]


def test_a_folder_taken_away_is_one_line_on_the_terminal_and_the_lesson_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "lessons"
    report = a_lesson(folder)
    assert report.write() and capsys.readouterr().err == ""
    os.rename(folder, tmp_path / "moved")
    folder.write_text("a file where the folder was")
    assert not report.write() and not report.write()  # twice: still one line
    assert report_lines(capsys.readouterr().err) == [
        f"main.py: note: {PROBLEM}{folder}: File exists"]
    assert report.problem == f"{PROBLEM}{folder}: File exists"
    folder.unlink()
    assert report.write() and report.problem == "" and capsys.readouterr().err == ""  # back: written again
    os.rename(folder, tmp_path / "moved again")
    folder.write_text("and again")
    assert not report.write() and len(report_lines(capsys.readouterr().err)) == 1  # a new failure: a new line



def test_a_folder_named_with_a_line_break_is_still_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "9b\nlessons"
    report = a_lesson(folder)
    folder.write_text("a file")
    assert not report.write()
    assert capsys.readouterr().err == f"main.py: note: {PROBLEM}{str(folder)!r}: File exists\n"

def test_a_full_disk_keeps_the_report_written_before_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with small_disk(tmp_path / "disk", kilobytes=64) as disk:
        report = a_lesson(disk / "lessons")
        assert report.write()
        written = report.html_path.read_bytes(), report.csv_path.read_bytes()
        fill(disk)
        report.add_game(["Ana", "Ben", "AI 1", "AI 2"], [True, True, False, False], [3, 9, 7, 4])
        assert not report.write()
        assert report_lines(capsys.readouterr().err) == [
            f"main.py: note: {PROBLEM}{disk / 'lessons'}: No space left on device"]
        assert (report.html_path.read_bytes(), report.csv_path.read_bytes()) == written
        assert sorted(path.name for path in (disk / "lessons").iterdir()) == sorted(
            [report.html_path.name, report.csv_path.name])  # no temporary file left


# ------------------------------------------------------------------ leftovers of a killed write
KILLED_WHILE_WRITING = """
import os, signal, sys
from pathlib import Path
from classroom import report

def held(source, target):  # the page is written, not yet renamed: the moment a kill leaves a file behind
    print("writing", flush=True)
    signal.pause()

os.replace = held
report.LessonReport(Path(sys.argv[1]), "KILL").write()
"""


def killed_while_writing(folder: Path) -> subprocess.Popen[str]:
    """A process writing a lesson report to ``folder``, held between writing and renaming."""
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WHILE_WRITING, str(folder)], cwd=PROJECT,
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
    return writer


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.startswith(".report-"))


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_write_in_progress_is_left_alone_and_a_killed_one_cleaned(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    writer = killed_while_writing(folder)
    try:
        [in_progress] = leftovers(folder)
        assert in_progress.startswith(f".report-{writer.pid}-")
        assert clean_leftovers(folder) == 0 and leftovers(folder) == [in_progress]  # its writer still runs
    finally:
        writer.kill()
        writer.wait()
    (folder / ".report-q8z1x_ab").write_text("<html>half")  # as an earlier version named them
    assert clean_leftovers(folder) == 2 and leftovers(folder) == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_the_next_lesson_cleans_a_killed_write_at_its_first_write(tmp_path: Path) -> None:
    """The menu's class game writes its report to the default folder: its first write cleans."""
    folder = tmp_path / "lessons"
    writer = killed_while_writing(folder)
    writer.kill()
    writer.wait()
    assert len(leftovers(folder)) == 1
    assert a_lesson(folder).write() and leftovers(folder) == []


# ------------------------------------------------------------------ a whole class game
@pytest.mark.slow
@needs("aiohttp")
@needs("pygame")
def test_a_class_game_whose_report_fails_shows_a_note_and_says_it_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], drawn: list[str]) -> None:
    from tests.support.class_helpers import close_app, game_finished, lobby_of, open_class_app, run_until

    folder = tmp_path / "lessons"
    app = open_class_app(tmp_path / "class.jsonl", report_dir=folder)
    try:
        run_until(app, lambda: lobby_of(app).server is not None)
        lobby_of(app).start()
        folder.write_text("a file where the folder was")  # the folder fails once the lesson is on
        run_until(app, lambda: game_finished(app), seconds=120)
        run_until(app, lambda: any(PROBLEM in label for label in drawn), seconds=30)
    finally:
        close_app()
    assert len(report_lines(capsys.readouterr().err)) == 1
    assert (tmp_path / "class.jsonl").read_text().count("\n") == 1  # the game itself was saved


@pytest.mark.slow
@needs("aiohttp")
@needs("pygame")
def test_the_class_results_of_many_tables_say_the_report_failed(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import pygame

    from scenes.classroom.room_results import RoomResultsScene
    from tests.support.app_helpers import key
    from tests.support.class_helpers import close_app, lobby_of, open_class_app, run_until

    folder = tmp_path / "lessons"
    app = open_class_app(tmp_path / "class.jsonl", report_dir=folder, tables=1)
    try:
        run_until(app, lambda: lobby_of(app).server is not None)
        folder.write_text("a file where the folder was")
        key(pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=120)
        saved = app.manager.active.saved_line()  # type: ignore[attr-defined]
    finally:
        close_app()
    assert saved == f"{PROBLEM}{folder}: File exists"
    assert len(report_lines(capsys.readouterr().err)) == 1
