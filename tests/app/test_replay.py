"""Replays: the same PNGs as the live game, one-line errors for bad records, the scoreboard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import ROOT, frames, history_records, key, open_app, table  # noqa: E402
from game.play import play_seeded_game  # noqa: E402
from game.record import PlayerInfo, read_records, record_game  # noqa: E402
from game.rules import SNAP  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from scenes.scoreboard.scene import ScoreboardScene  # noqa: E402

AIS = [PlayerInfo(f"AI {i}", "random") for i in range(1, 5)]


@pytest.fixture(autouse=True)
def data_dir(app_data_dir: Path) -> Path:
    return app_data_dir


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def record_line(seed: int) -> str:
    return record_game(play_seeded_game(SNAP, ["random"] * 4, seed), AIS).to_json()


@pytest.mark.slow
def test_replay_writes_the_same_pngs_as_the_live_game(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    live, replayed = tmp_path / "live", tmp_path / "replay"
    result = run_main("play", "--mode", "demo", "--seed", "31", "--step-delay", "0", "--exit-at-end",
                      "--record", str(record), "--screenshots", str(live))
    assert result.returncode == 0, result.stderr
    result = run_main("replay", str(record), "--screenshots", str(replayed), "--step-delay", "0", "--exit-at-end")
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in live.iterdir())
    assert len(names) == 28 and sorted(p.name for p in replayed.iterdir()) == names
    for name in names:
        a = pygame.image.load(str(live / name))
        b = pygame.image.load(str(replayed / name))
        assert a.get_size() == b.get_size() == (1280, 720)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), name
    assert len(read_records(record)) == 1, "a replay is not recorded again"


def test_replay_of_the_second_game_in_process(tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    path.write_text(record_line(3) + "\n" + record_line(4) + "\n")
    record = read_records(path)[1]
    app = open_app(PlayOptions(replay=record, step_delay=1.0))
    scene = table(app)
    assert scene.replay is not None and scene.cursor == 0 and scene.auto and scene.explain
    assert scene.info.seed == 4 and scene.info.mode == "demo"
    frames(app)
    assert scene.last_frame.rows == scene.replay.states[0].rows
    key(pygame.K_SPACE)                       # pause
    frames(app)
    assert not scene.auto
    key(pygame.K_RIGHT)
    frames(app)
    assert scene.cursor == 1 and scene.motion is not None   # the card glides to its row
    key(pygame.K_x)                            # any key skips the motion
    frames(app)
    assert scene.motion is None
    key(pygame.K_LEFT)
    frames(app)
    assert scene.cursor == 0 and not scene.last_frame.past  # a replay is not "the past"
    key(pygame.K_END)
    frames(app)
    assert scene.cursor == 27
    key(pygame.K_RIGHT)
    frames(app)
    results = app.manager.active
    assert isinstance(results, ResultsScene) and results.outcome.replayed
    assert list(results.outcome.game.scores) == list(record.scores)
    assert not (tmp_path / "data").exists(), "nothing was written"


@pytest.mark.slow
@pytest.mark.parametrize("bad, problem", [
    ('{"format": "6takes-record/1", "rules": "sn', "not valid JSON"),
    (None, "format is '6takes-record/0'"),
    ("illegal", "placement"),
])
def test_corrupt_records_are_one_line_errors_naming_the_line(tmp_path: Path, bad: str | None, problem: str) -> None:
    good = record_line(5)
    data = json.loads(good)
    if bad is None:
        data["format"] = "6takes-record/0"
        bad = json.dumps(data)
    elif bad == "illegal":
        placement = data["rounds"][0]["turns"][2]["placements"][1]
        placement["row"] = (placement["row"] + 1) % 4
        bad = json.dumps(data)
    path = tmp_path / "bad.jsonl"
    path.write_text(good + "\n" + bad + "\n")
    result = run_main("replay", str(path), "--game", "2")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert str(path) in result.stderr and "line 2" in result.stderr and problem in result.stderr
    result = run_main("replay", str(path), "--game", "1", "--step-delay", "0", "--exit-at-end")
    assert result.returncode == 0, "game 1 alone is checked: a broken line after it does not stop it"

    before = path.read_bytes()
    result = run_main("history", "import", str(path))
    assert result.returncode == 1 and "imported 1 game" in result.stdout
    assert result.stderr.count("\n") == 1 and "line 2" in result.stderr and problem in result.stderr
    app = open_app(PlayOptions())
    scoreboard = ScoreboardScene(app.ctx)
    assert [game.seed for game in scoreboard.games] == [5]
    assert scoreboard.note_count == 1 and "line 2:" in scoreboard.notes[0]
    app.manager.push(scoreboard)
    frames(app)
    assert path.read_bytes() == before, "importing never rewrites the file"


def test_scoreboard_from_the_menu_imports_the_old_records_file_once_newest_first(data_dir: Path) -> None:
    data_dir.mkdir()
    lines = [record_line(1), "not json at all", record_line(2), "", record_line(3)]
    (data_dir / "games.jsonl").write_text("\n".join(lines) + "\n")
    before = (data_dir / "games.jsonl").read_bytes()
    app = open_app(PlayOptions())
    frames(app)
    key(pygame.K_s)
    frames(app)
    board = app.manager.active
    assert isinstance(board, ScoreboardScene)
    assert [(game.number, game.seed) for game in board.games] == [(3, 3), (2, 2), (1, 1)]
    assert board.note_count == 1 and board.notes[0].endswith("line 2: not valid JSON at column 1: Expecting value")
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.manager.active.__class__.__name__ == "MenuScene"
    key(pygame.K_s)                           # the second time, nothing is imported again
    frames(app)
    assert app.manager.active.total == 3
    assert (data_dir / "games.jsonl").read_bytes() == before, "the old file is kept as it was"


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_finished_games_go_to_the_data_folder_and_replay_this_deal(data_dir: Path) -> None:
    app = open_app(PlayOptions(mode="demo", seed=8, step_delay=0))
    while not isinstance(app.manager.active, ResultsScene):
        frames(app)
    results = app.manager.active
    path = data_dir / "history.sqlite3"
    assert results.outcome.saved == f"Saved as game 1 of the history ({path})"
    assert [r.seed for r in history_records()] == [8]
    key(pygame.K_r)                           # Replay this deal: same seed, same seats
    frames(app)
    session = table(app).session
    assert session.game.seed == 8 and [s.name for s in session.seats] == ["AI 1", "AI 2", "AI 3", "AI 4"]
    assert session.mode == "demo"


def test_a_classic_replay_draws_classic_cards() -> None:
    """Card pictures follow the record's rules: 33 has 5 bull heads under classic rules, not 7."""
    from game.rules import CLASSIC

    game = play_seeded_game(CLASSIC, ["random"] * 4, 4)
    record = record_game(game, [PlayerInfo(f"P{i}", "random") for i in range(4)])
    app = open_app(PlayOptions(replay=record, step_delay=0))
    frames(app)
    scene = table(app)
    assert scene.art.rules is CLASSIC
    size = (80, 112)
    classic_33 = pygame.image.tobytes(scene.art.face(33, size), "RGBA")
    snap_33 = pygame.image.tobytes(scene.ctx.art.for_rules(SNAP).face(33, size), "RGBA")
    assert classic_33 != snap_33
    assert scene.ctx.art.for_rules(CLASSIC) is scene.art, "made once per preset"
