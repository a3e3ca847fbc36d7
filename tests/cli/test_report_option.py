"""Issue 43: ``main.py class --report DIR`` is checked before the lesson starts, as every output is:
anything but a folder that takes a file is one line and exit code 2, and the lesson never starts.

The command runs in this process through ``cli.commands.main`` (what ``main.py`` calls) with the
app's window replaced by a stand-in that notes the lesson started; the documented command itself
runs once as the teacher types it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli.commands import main
from tests.conftest import needs
from tests.support.small_disk import fill, make_read_only, small_disk

PROJECT = Path(__file__).resolve().parents[2]
LONG_NAME = "a" * 300

pytestmark = needs("pygame")


@pytest.fixture
def lessons_started(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The options of every lesson the command started (instead of opening the window)."""
    import scenes.app

    started: list[object] = []

    def stand_in(options: object, **_: object) -> int:
        started.append(options)
        return 0

    monkeypatch.setattr(scenes.app, "run_app", stand_in)
    return started


def refused(report: str, capsys: pytest.CaptureFixture[str], started: list[object]) -> str:
    """The one line ``class --report report`` says; it must exit with code 2 before the lesson."""
    with pytest.raises(SystemExit) as stop:
        main(["class", "--report", report])
    err = capsys.readouterr().err
    assert (stop.value.code, err.count("\n"), started) == (2, 1, []), err
    return err


def test_a_new_folder_is_made_before_the_lesson(tmp_path: Path, lessons_started: list[object]) -> None:
    assert main(["class", "--report", str(tmp_path / "lessons" / "9b")]) == 0
    [options] = lessons_started
    assert options.class_game.report_dir == tmp_path / "lessons" / "9b"  # type: ignore[attr-defined]
    assert (tmp_path / "lessons" / "9b").is_dir()


def test_a_file_is_refused_and_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    lessons_started: list[object]) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"precious")
    err = refused(str(tmp_path / "history.sqlite3"), capsys, lessons_started)
    assert f"--report {tmp_path / 'history.sqlite3'}: a file, not a folder" in err
    assert (tmp_path / "history.sqlite3").read_bytes() == b"precious"


@pytest.mark.parametrize("what, make, words", [
    ("a device", lambda tmp: "/dev/null", "a device, not a folder"),
    ("a pipe", lambda tmp: (os.mkfifo(tmp / "pipe"), str(tmp / "pipe"))[1], "a pipe, not a folder"),
    ("a loop of links", lambda tmp: ((tmp / "a").symlink_to(tmp / "b"), (tmp / "b").symlink_to(tmp / "a"),
                                     str(tmp / "a"))[2], "Too many levels of symbolic links"),
    ("/proc", lambda tmp: "/proc", "no file can be written in it"),
    ("a folder in /proc", lambda tmp: "/proc/self/lessons", "cannot make it"),
    ("a name too long", lambda tmp: str(tmp / LONG_NAME), "File name too long"),
])
def test_what_is_not_a_folder_that_takes_a_file_is_refused(what: str, make, words: str, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                          capsys: pytest.CaptureFixture[str],
                                                          lessons_started: list[object]) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("/dev/null, FIFOs and /proc as on Linux")
    assert words in refused(make(tmp_path), capsys, lessons_started), what


def test_an_empty_path_is_refused(capsys: pytest.CaptureFixture[str], lessons_started: list[object]) -> None:
    """``--report ''`` (a shell variable not set) would be the current folder: refused, as
    ``history export ''`` is."""
    assert "argument --report: expected a path, not an empty text" in refused("", capsys, lessons_started)


def test_a_read_only_and_a_full_disk_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 lessons_started: list[object]) -> None:
    with small_disk(tmp_path / "full") as full, small_disk(tmp_path / "read-only") as read_only:
        (full / "lessons").mkdir()
        fill(full)
        (read_only / "lessons").mkdir()
        make_read_only(read_only)
        assert "No space left on device" in refused(str(full / "lessons"), capsys, lessons_started)
        assert "Read-only file system" in refused(str(read_only / "lessons"), capsys, lessons_started)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_documented_command_refuses_a_file_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "report.html").write_text("an older page")
    result = subprocess.run([sys.executable, str(PROJECT / "main.py"), "class", "--report", str(tmp_path / "report.html")],
                            capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, SDL_VIDEODRIVER="dummy", SIXTAKES_DATA_DIR=str(tmp_path)))
    assert result.returncode == 2
    assert result.stderr == (f"main.py class: error: --report {tmp_path / 'report.html'}: a file, not a folder "
                             "(see --help)\n")
    assert (tmp_path / "report.html").read_text() == "an older page"


@pytest.mark.parametrize("given", [True, False], ids=["--report DIR", "the default folder"])
def test_the_next_start_deletes_what_a_killed_write_left(given: bool, tmp_path: Path, lessons_started: list[object],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A report write killed between writing and renaming leaves ``.report-<pid>-...``; a
    ``.report-...`` of an earlier version has no process id: both go when the next lesson starts,
    the reports themselves stay."""
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "mine" if given else tmp_path / "data" / "lessons"
    folder.mkdir(parents=True)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a process id no process has now
    for name in (f".report-{gone.pid}-k2j4h1", ".report-q8z1x_ab", "lesson-2025-01-01-0900-ROOM.html"):
        (folder / name).write_text("<html>")
    assert main(["class", *(["--report", str(folder)] if given else [])]) == 0
    assert len(lessons_started) == 1
    assert sorted(path.name for path in folder.iterdir()) == ["lesson-2025-01-01-0900-ROOM.html"]
