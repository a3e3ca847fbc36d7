"""The command-line behaviour of ``main.py play``: records, screenshots, errors, exit codes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import ROOT, close_app, frames, key, open_app  # noqa: E402
from game.play import play_seeded_game  # noqa: E402
from game.record import read_records  # noqa: E402
from game.rules import SNAP  # noqa: E402
from scenes.app import run_app  # noqa: E402
from scenes.kit.digits import DIGITS_DIR  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402

@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finished games are recorded in the user's data folder: keep it in a temporary folder."""
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


EXPECTED_SHOTS = [f"turn{t}-step{s}.png" for t in range(1, 8) for s in range(1, 5)]


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_demo_command_line_writes_a_record_and_28_screenshots(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    shots = tmp_path / "shots" / "deep"
    result = run_main("play", "--mode", "demo", "--seed", "5", "--step-delay", "0", "--exit-at-end",
                      "--record", str(record), "--screenshots", str(shots))
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in shots.iterdir()) == sorted(EXPECTED_SHOTS)
    image = pygame.image.load(str(shots / "turn7-step4.png"))
    assert image.get_size() == (1280, 720)
    records = read_records(record)
    assert len(records) == 1
    game_record = records[0]
    assert game_record.seed == 5
    assert [p.kind for p in game_record.players] == ["random"] * 4
    assert [p.name for p in game_record.players] == ["AI 1", "AI 2", "AI 3", "AI 4"]
    assert list(game_record.scores) == play_seeded_game(SNAP, ["random"] * 4, 5).scores


@pytest.mark.slow
def test_record_is_appended_and_kinds_are_human_or_random(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    for mode in ("demo", "demo"):
        code = run_app(PlayOptions(mode=mode, seed=7, step_delay=0, exit_at_end=True, record=record))
        assert code == 0
    assert len(read_records(record)) == 2


def test_missing_digit_sprite_is_one_line_naming_the_file(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "digits"
    folder.mkdir()
    for digit in range(10):
        if digit != 7:
            shutil.copy(DIGITS_DIR / f"{digit}.png", folder / f"{digit}.png")
    code = run_app(PlayOptions(mode="demo", step_delay=0, exit_at_end=True), digits_dir=folder)
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "7.png" in err


def test_unreadable_digit_sprite(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "digits"
    shutil.copytree(DIGITS_DIR, folder)
    (folder / "3.png").write_bytes(b"not a png")
    assert run_app(PlayOptions(mode="demo"), digits_dir=folder) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "3.png" in err


def test_unwritable_screenshot_dir_is_one_line_and_exit_2(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code = run_app(PlayOptions(mode="demo", screenshots=blocker / "shots"))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "shots" in err


def test_closing_the_window_mid_game_asks_then_exits_1_and_records_nothing(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "g.jsonl"
    app = open_app(PlayOptions(mode="solo", seed=1, record=record))
    frames(app, 3)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert app.exit_code is None                  # asked first, as Esc does
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)                                   # a second close request closes
    close_app()
    assert app.exit_code == 1
    assert capsys.readouterr().err.strip() == "game closed before the end: not recorded"  # --record: no history
    assert not record.exists()


def test_closing_from_the_menu_exits_0(capsys) -> None:  # type: ignore[no-untyped-def]
    app = open_app(PlayOptions())
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    close_app()
    assert app.exit_code == 0
    assert capsys.readouterr().err == ""


def test_escape_asks_before_leaving_a_game() -> None:
    app = open_app(PlayOptions(mode="solo", seed=1))
    frames(app)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.manager.active.__class__.__name__ == "ConfirmScene"
    key(pygame.K_n)
    frames(app)
    assert app.manager.active.__class__.__name__ == "TableScene"
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_y)
    frames(app)
    assert app.manager.active.__class__.__name__ == "MenuScene"
    close_app()


def test_record_path_that_is_a_folder_is_refused_before_the_game(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    code = run_app(PlayOptions(mode="demo", seed=5, step_delay=0, exit_at_end=True, record=tmp_path))
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"cannot write records to {tmp_path}" in err[0]


@pytest.mark.slow
def test_a_record_that_cannot_be_written_at_the_end_gives_exit_1(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import live.saving

    def refuse(path: object, record: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(live.saving, "append_record", refuse)
    code = run_app(PlayOptions(mode="demo", seed=5, step_delay=0, exit_at_end=True, record=tmp_path / "g.jsonl"))
    assert code == 1
    assert "cannot write the record" in capsys.readouterr().err


@pytest.mark.slow
def test_no_usable_display_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver", "SIXTAKES_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "play", "--mode", "demo"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "cannot open a window" in out.stderr
