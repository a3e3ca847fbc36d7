"""The app finds its own files from any folder, and the one-folder build (``tools/build_app.py``)
is the whole app: help in two languages, a demo game recorded, the class game's phone page.

The same four checks run against ``main.py`` started from another folder (fast) and against the
build copied to another folder (slow: PyInstaller makes it, about a minute)."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import needs
from game.record import read_records

PROJECT = Path(__file__).resolve().parents[2]
DATA_FOLDERS = {"sprites", "locale", "web"}


def environment(data: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data),
                PYTHONDONTWRITEBYTECODE="1")


def run(command: list[str], where: Path, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=where, env=environment(data), capture_output=True, text=True, timeout=600)


# ------------------------------------------------------------------ the four checks
def check_help_in_english_and_german(app: list[str], where: Path, data: Path) -> None:
    english = run([*app, "--help"], where, data)
    assert english.returncode == 0, english.stderr
    assert "With no command, opens the menu." in english.stdout
    german = run([*app, "--lang", "de", "--help"], where, data)
    assert german.returncode == 0, german.stderr
    assert "Ohne Befehl" in german.stdout, german.stdout


def check_a_demo_game_is_recorded(app: list[str], where: Path, data: Path) -> None:
    record = data / "demo.jsonl"
    played = run([*app, "play", "--mode", "demo", "--seed", "5", "--step-delay", "0", "--exit-at-end",
                  "--record", str(record)], where, data)
    assert played.returncode == 0, played.stderr
    games = read_records(record)  # the record reader checks every placement against the rules
    assert len(games) == 1 and games[0].seed == 5


def check_the_class_game_serves_the_phone_page(app: list[str], where: Path, data: Path) -> None:
    server = subprocess.Popen([*app, "class", "--port", "0", "--code", "ROOM"], cwd=where, env=environment(data),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # the join address, once the server listens
        found = re.search(r":(\d+)", line)
        assert found, (line, server.stderr.read() if server.stderr else "")
        base = f"http://127.0.0.1:{found.group(1)}"
        with urllib.request.urlopen(base + "/", timeout=60) as answer:
            page = answer.read().decode()
        assert "<title>6 Takes! - class game</title>" in page
        with urllib.request.urlopen(base + "/app.js", timeout=60) as answer:
            assert b"WebSocket" in answer.read()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
    assert server.returncode == 128 + signal.SIGTERM


# ------------------------------------------------------------------ from another folder
@pytest.mark.slow
@needs("pygame")
def test_main_py_started_from_another_folder_finds_its_files(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app = [sys.executable, str(PROJECT / "main.py")]
    check_help_in_english_and_german(app, elsewhere, tmp_path)
    check_a_demo_game_is_recorded(app, elsewhere, tmp_path)


@pytest.mark.slow
@needs("aiohttp")
@needs("pygame")
def test_the_class_game_started_from_another_folder_serves_its_phone_page(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    check_the_class_game_serves_the_phone_page([sys.executable, str(PROJECT / "main.py")], elsewhere, tmp_path)


def relative_resource_paths(source: str) -> list[tuple[int, str]]:
    """String literals naming a data folder (``"web"``, ``"sprites/digits"``) outside a
    ``resource(...)`` call, and ``open("...")`` of a relative literal path: each a path that
    would depend on the folder the app was started from."""
    tree = ast.parse(source)
    in_resource = {id(argument) for node in ast.walk(tree) if isinstance(node, ast.Call)
                   and getattr(node.func, "id", getattr(node.func, "attr", None)) == "resource"
                   for argument in node.args}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and not Path(first.value).is_absolute():
                found.append((node.lineno, first.value))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_resource:
            head = re.split(r"[/\\]", node.value, maxsplit=1)[0]
            if head in DATA_FOLDERS and "\n" not in node.value and " " not in node.value:
                found.append((node.lineno, node.value))
    return found


@pytest.mark.slow
def test_no_module_opens_a_file_by_a_path_relative_to_the_working_folder() -> None:
    problems = []
    for package in ("game", "bots", "lab", "tournament", "cluster", "classroom", "live", "store", "cli", "scenes"):
        for path in sorted((PROJECT / package).rglob("*.py")):
            for line, text in relative_resource_paths(path.read_text(encoding="utf-8")):
                problems.append(f"{path.relative_to(PROJECT)}:{line}: {text!r}")
    assert not problems, "use game.resources.resource(): " + "; ".join(problems)


def test_the_relative_path_check_finds_what_it_looks_for() -> None:
    found = relative_resource_paths('open("sprites/digits/0.png")\nPath("web") / "app.js"\nresource("web")\n')
    assert [text for _, text in found] == ["sprites/digits/0.png", "sprites/digits/0.png", "web"]


# ------------------------------------------------------------------ the build
@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build, made once and copied to a folder that is not where it was made."""
    pytest.importorskip("PyInstaller", reason="needs PyInstaller: pip install -r requirements-build.txt")
    made = tmp_path_factory.mktemp("made")
    built = subprocess.run([sys.executable, str(PROJECT / "tools" / "build_app.py"), "--dist", str(made / "dist"),
                            "--work", str(made / "work")], cwd=made, capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stderr[-3000:]
    assert list((made / "dist").glob("6takes-*-*.zip")), built.stdout
    assert (made / "dist" / ".6takes-build").is_file() and (made / "work" / ".6takes-build").is_file()
    again = subprocess.run([sys.executable, str(PROJECT / "tools" / "build_app.py"), "--dist", str(made / "dist"),
                            "--work", str(made / "work")], cwd=made, capture_output=True, text=True, timeout=1800)
    assert again.returncode == 0, again.stderr[-3000:]  # its own folders: built into again
    copied = tmp_path_factory.mktemp("copied") / "6takes"
    shutil.copytree(made / "dist" / "6takes", copied, symlinks=True)
    shutil.rmtree(made)
    return copied


def executable(build: Path) -> list[str]:
    return [str(build / ("6takes.exe" if sys.platform == "win32" else "6takes"))]


@pytest.mark.slow
def test_the_build_shows_help_in_english_and_german(build: Path, tmp_path: Path) -> None:
    check_help_in_english_and_german(executable(build), tmp_path, tmp_path)
    assert run([*executable(build), "--help"], tmp_path, tmp_path).stdout.startswith("usage: 6takes")


@pytest.mark.slow
def test_the_build_plays_a_demo_game_to_its_end_and_records_it(build: Path, tmp_path: Path) -> None:
    check_a_demo_game_is_recorded(executable(build), tmp_path, tmp_path)


@pytest.mark.slow
def test_the_build_serves_the_phone_page(build: Path, tmp_path: Path) -> None:
    check_the_class_game_serves_the_phone_page(executable(build), tmp_path, tmp_path)


def without_timings(summary: str) -> dict[str, object]:
    """``simulate --json``'s summary less what the clock measured."""
    found = json.loads(summary)
    for key in ("seconds", "games_per_second"):
        found.pop(key, None)
    return found


@pytest.mark.slow
def test_the_build_runs_worker_processes_and_bots(build: Path, tmp_path: Path) -> None:
    """``simulate --jobs 2`` starts the build again for its workers; a bot's tournament starts
    its watchdog with ``6takes -c``: both work without Python."""
    simulated = run([*executable(build), "simulate", "--games", "4000", "--jobs", "2", "--seed", "1", "--json"],
                    tmp_path, tmp_path)
    assert simulated.returncode == 0, simulated.stderr
    local = run([sys.executable, str(PROJECT / "main.py"), "simulate", "--games", "4000", "--jobs", "2",
                 "--seed", "1", "--json"], tmp_path, tmp_path)
    assert without_timings(simulated.stdout) == without_timings(local.stdout)
    bot = f"{sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}"
    played = run([*executable(build), "tournament", "--bot", f"mine={bot}", "--include", "random,heuristic,mc",
                  "--rollouts", "10", "--games", "4", "--seed", "2", "--out", str(tmp_path / "t"), "--no-progress"],
                 tmp_path, tmp_path)
    assert played.returncode == 0, played.stderr
    assert re.search(r"\bmine\b.*\b4\b", played.stdout), played.stdout


@pytest.mark.slow
def test_the_build_carries_the_typeface(build: Path) -> None:
    """The screens' font travels with the build (else they would fall back to pygame's own, wider)."""
    from scenes.kit.theme import FONT_FILES

    for name in FONT_FILES.values():
        assert list(build.rglob(name)), name


@pytest.mark.slow
def test_the_build_draws_the_lesson_reports_chart(build: Path, tmp_path: Path) -> None:
    """A class's progress chart (pygal and its style sheets) drawn by the build itself."""
    code = ("from classroom.progress import chart_svg; from store.students import LessonFigures; "
            "lessons = [LessonFigures(1, i, 0, 'Ana', 1, 9, 2.0, 7, i, 7, 1, 2) for i in (1, 2)]; "
            "print(chart_svg(1, 'Ana', lessons))")
    drawn = run([*executable(build), "-c", code], tmp_path, tmp_path)
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout.startswith("<svg") and "stroke-dasharray" in drawn.stdout and "<script" not in drawn.stdout
