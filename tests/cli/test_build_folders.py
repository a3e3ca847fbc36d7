"""Issue 43: ``tools/build_app.py`` writes only into folders it made or that hold an earlier build of
its own (its ``.6takes-build`` file).  PyInstaller empties ``<dist>/6takes/`` and
``<work>/6takes/``: pointed at the data folder's parent it wiped the history.  Anything else is
refused in one line before anything is touched - before PyInstaller runs, so these tests are fast:
PyInstaller is replaced by a stand-in that notes it was run (the real build is test_build.py's)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
SCRIPT = PROJECT / "tools" / "build_app.py"


def load_build_app() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("build_app", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_app = load_build_app()
MARKER = build_app.MARKER


@pytest.fixture
def pyinstaller_runs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Each run of the stand-in PyInstaller: its arguments.  It makes the executable PyInstaller would."""
    runs: list[list[str]] = []

    def run(arguments: list[str]) -> None:
        runs.append(arguments)
        dist = Path(next(argument for argument in arguments if argument.startswith("--distpath="))
                    .partition("=")[2])
        (dist / "6takes").mkdir()
        (dist / "6takes" / ("6takes.exe" if sys.platform == "win32" else "6takes")).write_bytes(b"built")

    package = types.ModuleType("PyInstaller")
    entry = types.ModuleType("PyInstaller.__main__")
    entry.run = run  # type: ignore[attr-defined]
    package.__main__ = entry  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "PyInstaller", package)
    monkeypatch.setitem(sys.modules, "PyInstaller.__main__", entry)
    return runs


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], runs: list[list[str]]) -> str:
    assert build_app.main([*argv, "--no-zip"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("build_app.py: error: ") and "nothing was touched" in err, err
    assert runs == []
    return err


def contents(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def test_the_reproduction_of_the_issue_keeps_the_history(tmp_path: Path) -> None:
    """``W=$(mktemp -d); mkdir -p $W/6takes; touch $W/6takes/history.sqlite3;
    python tools/build_app.py --work $W --dist $(mktemp -d) --no-zip``, then ``ls $W/6takes``."""
    work, dist = tmp_path / "W", tmp_path / "dist"
    (work / "6takes").mkdir(parents=True)
    (work / "6takes" / "history.sqlite3").write_bytes(b"the class's games")
    dist.mkdir()
    result = subprocess.run([sys.executable, "tools/build_app.py", "--work", str(work), "--dist", str(dist), "--no-zip"],
                            cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"build_app.py: error: --work {work}: it holds files (6takes) but no earlier build "
                             f"(no {MARKER} file): choose a new or empty folder; nothing was touched\n")
    assert (work / "6takes" / "history.sqlite3").read_bytes() == b"the class's games"
    assert contents(dist) == []


@pytest.mark.parametrize("flag", ["--work", "--dist"])
def test_a_loop_of_links_is_one_line(flag: str, tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    other = "--dist" if flag == "--work" else "--work"
    result = subprocess.run([sys.executable, "tools/build_app.py", flag, str(tmp_path / "a"), other,
                             str(tmp_path / "new"), "--no-zip"], cwd=PROJECT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 2
    assert result.stderr == (f"build_app.py: error: {flag} {tmp_path / 'a'}: a loop of symbolic links; "
                             "nothing was touched\n")
    assert not (tmp_path / "new").exists()


def test_a_folder_holding_files_a_file_and_proc_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            pyinstaller_runs: list[list[str]]) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "history.sqlite3").write_bytes(b"games")
    (tmp_path / "notes.txt").write_text("notes")
    new = tmp_path / "new"
    assert "--dist" in refused(["--dist", str(tmp_path / "data"), "--work", str(new)], capsys, pyinstaller_runs)
    assert "not a folder" in refused(["--work", str(tmp_path / "notes.txt"), "--dist", str(new)], capsys,
                                     pyinstaller_runs)
    if sys.platform.startswith("linux"):
        assert "--work /proc: it holds files" in refused(["--work", "/proc", "--dist", str(new)], capsys,
                                                         pyinstaller_runs)
    assert not new.exists()  # the other folder, fine, was not made either
    assert (tmp_path / "data" / "history.sqlite3").read_bytes() == b"games"


def test_a_marker_that_is_a_link_is_no_marker(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              pyinstaller_runs: list[list[str]]) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / MARKER).write_text(build_app.MARKER_TEXT)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "history.sqlite3").write_bytes(b"games")
    (tmp_path / "data" / MARKER).symlink_to(tmp_path / "elsewhere" / MARKER)
    refused(["--dist", str(tmp_path / "data"), "--work", str(tmp_path / "work")], capsys, pyinstaller_runs)


def test_dist_and_work_may_not_be_one_folder_or_inside_what_the_build_empties(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], pyinstaller_runs: list[list[str]]) -> None:
    same = str(tmp_path / "out")
    assert "must be two folders" in refused(["--dist", same, "--work", same], capsys, pyinstaller_runs)
    inside = refused(["--dist", same, "--work", str(tmp_path / "out" / "6takes" / "work")], capsys, pyinstaller_runs)
    assert f"is inside {tmp_path / 'out' / '6takes'}, which the build empties" in inside
    assert not (tmp_path / "out").exists()


def test_an_empty_path_is_a_one_line_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_app.main(["--dist", "", "--no-zip"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "expected a folder, not an empty text" in err


def test_new_and_empty_folders_are_made_the_builds_own(tmp_path: Path, pyinstaller_runs: list[list[str]]) -> None:
    dist, work = tmp_path / "new" / "dist", tmp_path / "empty"
    work.mkdir()
    assert build_app.main(["--dist", str(dist), "--work", str(work), "--no-zip"]) == 0
    [arguments] = pyinstaller_runs
    assert f"--distpath={dist}" in arguments and f"--workpath={work}" in arguments
    assert (dist / MARKER).read_text() == (work / MARKER).read_text() == build_app.MARKER_TEXT


def test_a_folder_holding_an_earlier_build_is_built_into_again(tmp_path: Path,
                                                                pyinstaller_runs: list[list[str]]) -> None:
    dist, work = tmp_path / "dist", tmp_path / "work"
    assert build_app.main(["--dist", str(dist), "--work", str(work), "--no-zip"]) == 0
    (work / "6takes").mkdir()
    (work / "6takes.spec").write_text("# PyInstaller's")
    os.rename(dist / "6takes", dist / "6takes-old")  # what an earlier build left (the stand-in makes 6takes/)
    assert build_app.main(["--dist", str(dist), "--work", str(work), "--no-zip"]) == 0
    assert len(pyinstaller_runs) == 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_a_folder_that_cannot_be_made_is_one_line_even_with_a_line_break_in_its_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], pyinstaller_runs: list[list[str]]) -> None:
    assert build_app.main(["--dist", "/proc/no\nsuch", "--work", str(tmp_path / "work"), "--no-zip"]) == 1
    err = capsys.readouterr().err
    assert err == "build_app.py: error: '/proc/no\\nsuch': No such file or directory\n"
    assert pyinstaller_runs == []


def test_a_file_name_with_a_line_break_is_listed_on_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              pyinstaller_runs: list[list[str]]) -> None:
    (tmp_path / "odd").mkdir()
    (tmp_path / "odd" / "two\nlines").write_text("kept")
    assert "('two\\nlines')" in refused(["--dist", str(tmp_path / "odd"), "--work", str(tmp_path / "w")], capsys,
                                         pyinstaller_runs)
