"""Every stop keeps the game, several unfinished games are kept, and files are written only where
they belong (issue: "One student cannot stop the lesson").

Processes are waited for on the event itself (a game kept, an exit), never for a fixed time."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from tests.support.waiting import eventually

import pygame
import pytest
from tests.support.app_helpers import close_app, frames, key, open_app

from tests.conftest import needs
from store.history import MOST_UNFINISHED, open_history
from store.kept import unfinished_games
from scenes.menu.scene import MenuScene
from scenes.model.options import PlayOptions
from scenes.menu.resume_list import ResumeListScene
from scenes.table import TableScene

PROJECT = Path(__file__).resolve().parents[2]


def main_py(*args: str, data: Path, env: dict[str, str] | None = None, **popen: object) -> subprocess.Popen[str]:
    environ = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data),
                   **(env or {}))
    return subprocess.Popen([sys.executable, str(PROJECT / "main.py"), *args], cwd=PROJECT, env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)  # type: ignore[arg-type]


def run_main(*args: str, data: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    process = main_py(*args, data=data, env=env)
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def kept_games(data: Path) -> list[dict[str, object]]:
    path = data / "history.sqlite3"
    if not path.exists():
        return []
    with open_history(path, import_legacy=False) as history:
        return [json.loads(kept.state) for kept in unfinished_games(history)]


def wait_for(done, process: subprocess.Popen[str], seconds: float = 60) -> None:  # type: ignore[no-untyped-def]
    def running() -> bool:
        assert process.poll() is None, process.communicate()
        return True

    eventually(done, seconds=seconds, pause=0.02, alive=running)


# ------------------------------------------------------------ every stop keeps the game
@pytest.mark.slow
@needs("pygame")
@pytest.mark.parametrize("name, code", [("SIGTERM", 143), ("SIGINT", 130), ("SIGHUP", 129)])
def test_a_stop_signal_ends_the_app_keeping_its_game(tmp_path: Path, name: str, code: int) -> None:
    app = main_py("play", "--mode", "hotseat", "--seed", "3", data=tmp_path)
    try:
        wait_for(lambda: kept_games(tmp_path), app)  # kept from its first frame: a crash loses nothing
        app.send_signal(getattr(signal, name))
        _, err = app.communicate(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == code, err
    assert "Traceback" not in err and "kept" in err
    [kept] = kept_games(tmp_path)
    assert kept["mode"] == "hotseat" and kept["seed"] == 3


@pytest.mark.slow
@pytest.mark.parametrize("name, code", [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_stop_signal_ends_a_printing_command_too(tmp_path: Path, name: str, code: int) -> None:
    run = main_py("simulate", "--games", "1000000000", "--no-progress", "--record", str(tmp_path / "g.jsonl"),
                  data=tmp_path)
    try:
        wait_for(lambda: (tmp_path / "g.jsonl").exists() and (tmp_path / "g.jsonl").stat().st_size > 0, run)
        run.send_signal(getattr(signal, name))
        _, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    assert run.returncode == code and "Traceback" not in err and "interrupted" in err


# ------------------------------------------------------------ several unfinished games
def _leave_a_game(app, mode: str, seed: int) -> None:  # type: ignore[no-untyped-def]
    app.screens.start_game(mode, ["Ana", "Ben", "Cy", "Dan"] if mode == "hotseat" else ["A", "B", "C", "D"], seed,
                   kinds=None)
    frames(app)
    app.screens.go_menu()
    frames(app)


@needs("pygame")
def test_starting_a_new_game_never_drops_the_one_before_and_the_menu_lists_them(app_data_dir: Path) -> None:
    app = open_app(PlayOptions())
    _leave_a_game(app, "hotseat", 11)
    _leave_a_game(app, "demo", 12)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.resume_label == "2 unfinished games"
    key(pygame.K_u)
    frames(app)
    chooser = app.manager.active
    assert isinstance(chooser, ResumeListScene)
    assert [kept.game.mode for kept in chooser.kept] == ["demo", "hotseat"]  # the latest first
    key(pygame.K_2)
    frames(app)
    table = app.manager.active
    assert isinstance(table, TableScene) and table.session is not None
    assert table.session.mode == "hotseat" and table.session.game.seed == 11
    app.screens.go_menu()  # the resumed game is kept again under its own key: still two, not three
    frames(app)
    assert len(app.screens.unfinished_games()) == 2


@needs("pygame")
def test_at_most_five_are_kept_and_the_oldest_goes_with_a_word(app_data_dir: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    app = open_app(PlayOptions())
    for seed in range(MOST_UNFINISHED + 2):
        _leave_a_game(app, "demo", 100 + seed)
    kept = app.screens.unfinished_games()
    assert [k.game.seed for k in kept] == [100 + seed for seed in reversed(range(2, MOST_UNFINISHED + 2))]
    assert capsys.readouterr().err.count("the oldest unfinished game was let go") == 2


@needs("pygame")
def test_a_game_lost_in_turn_one_is_the_one_resume_offers(app_data_dir: Path) -> None:
    app = open_app(PlayOptions())
    _leave_a_game(app, "hotseat", 21)
    app.screens.start_game("demo", ["A", "B", "C", "D"], 22)
    frames(app)  # the window is destroyed now, as a crash would: nothing is asked, nothing closes
    close_app()
    again = open_app(PlayOptions())
    assert [k.game.seed for k in again.screens.unfinished_games()] == [22, 21]


# ------------------------------------------------------------ files only where they belong
@pytest.mark.slow
def test_an_export_onto_the_history_itself_is_refused_and_the_history_stays(tmp_path: Path) -> None:
    assert run_main("simulate", "--games", "3", "--seed", "1", "--record", str(tmp_path / "g.jsonl"),
                    data=tmp_path).returncode == 0
    assert run_main("history", "import", str(tmp_path / "g.jsonl"), data=tmp_path).returncode == 0
    database = tmp_path / "history.sqlite3"
    for target in (database, Path(str(database) + "-wal"), Path(str(database) + "-journal")):
        result = run_main("history", "export", str(target), data=tmp_path)
        assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
        assert "history database" in result.stderr and "Traceback" not in result.stderr
    with open_history(database, import_legacy=False) as history:
        assert len(list(history.record_lines())) == 3


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_page_or_records_onto_a_pipe_or_device_are_refused_and_it_stays_what_it_was(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    tournament = run_main("tournament", "--include", "random,heuristic,random2,heuristic2", "--games", "4",
                          "--html", str(pipe), data=tmp_path)
    assert tournament.returncode == 2, tournament.stderr
    tournament = run_main("tournament", "--bot", f"x={sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}",
                          "--include", "random,heuristic,mc", "--games", "4", "--html", str(pipe), data=tmp_path)
    assert tournament.returncode == 2 and "pipe" in tournament.stderr, tournament.stderr
    assert pipe.is_fifo()
    simulate = run_main("simulate", "--games", "1", "--record", str(pipe), data=tmp_path)
    assert simulate.returncode == 2 and "pipe" in simulate.stderr and pipe.is_fifo()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(not Path("/proc/version").exists(), reason="needs Linux /proc")
def test_a_records_file_that_refuses_writes_is_one_line(tmp_path: Path) -> None:
    result = run_main("simulate", "--games", "1", "--record", "/proc/version", data=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_text_the_terminal_cannot_encode_is_escaped(tmp_path: Path) -> None:
    result = run_main("--lang", "tr", "--help", data=tmp_path, env={"PYTHONIOENCODING": "ascii", "LANG": "tr_TR.UTF-8"})
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "\\u0131" in result.stdout  # "kullanım" written as an escape


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["review", "--rollouts", "1000000000000000000000000000000", "x.jsonl"],
    ["simulate", "--games", "99999999999"],
    ["simulate", "--jobs", "100000"],
    ["simulate", "--think-ms", "1e12"],
    ["play", "--step-delay", "1e9"],
    ["tournament", "--include", "random,heuristic,mc,random", "--games", "9999999999"],
    ["class", "--time-limit", "1e9"],
    ["class", "--port", "70000"],
    ["replay", "x.jsonl", "--game", "99999999999"],
])
def test_every_number_has_a_range(tmp_path: Path, args: list[str]) -> None:
    result = run_main(*args, data=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.parametrize("name", ["random", "Heuristic", "mc", "human"])
def test_a_bot_cannot_take_the_name_of_a_built_in_level(tmp_path: Path, name: str) -> None:
    bot = f"{name}={sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}"
    result = run_main("simulate", "--games", "1", "--bot", bot, data=tmp_path)
    assert result.returncode == 2 and "built-in level" in result.stderr, result.stderr
