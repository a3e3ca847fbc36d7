"""Two to ten players under the classic rules: whole games through the app headless in every
mode, a ten-player replay pixel for pixel, one against one from the menu."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import hashlib  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import (  # noqa: E402
    close_app, frames, history_records, key, open_app, play_by_keys, play_until, run_until, stage, table,
)
from game.engine import Phase  # noqa: E402
from game.record import read_game  # noqa: E402
from game.table_size import mode_kinds  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.table.choosing import HAND_GUARD_SECONDS  # noqa: E402
from scenes.menu.scene import MenuScene  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from live.session import row_penalties, Stage  # noqa: E402

pytestmark = pytest.mark.slow  # whole games: left out of the fast tier (-m "not slow")

NAMES = ("Ana", "Ben", "Chloe", "Dimitri", "Esperanza", "Fatima", "Giovanni", "Hana", "Ivo", "Jun")


@pytest.fixture(autouse=True)
def data_dir(app_data_dir: Path) -> Path:
    return app_data_dir


def _act(app: App) -> None:
    """What the people at the table do: pass the curtain, play their second card, take the
    cheapest row, step through the placements."""
    session = table(app).session
    assert session is not None
    current = session.stage
    if current is Stage.CURTAIN:
        key(pygame.K_RETURN)
    elif current is Stage.CHOOSE:
        play_by_keys(app, 1)
    elif current is Stage.ROW_CHOICE:
        penalties = row_penalties(session)
        key(pygame.K_1 + penalties.index(min(penalties)))
    else:
        key(pygame.K_SPACE)


def _checked_act(app: App) -> None:
    _check_seats(app)
    _act(app)


def _check_seats(app: App) -> None:
    """Every frame of the table draws every seat's points, as the engine counts them."""
    if stage(app) is None:
        return
    scene = table(app)
    frame = scene.last_frame
    if frame is None or frame.curtain:
        return
    assert len(frame.scores) == len(scene.info.seats)
    if not frame.moving and scene.session is not None and frame.stage is not Stage.PLACED:
        assert list(frame.scores) == list(scene.session.game.scores)


@pytest.mark.parametrize("players", [2, 3, 6, 10])
@pytest.mark.parametrize("mode", ["solo", "hotseat", "demo"])
def test_a_whole_classic_game_with_each_count_in_each_mode(mode: str, players: int) -> None:
    names = NAMES[:players]
    app = open_app(PlayOptions(mode=mode, seed=40 + players, step_delay=0, rules="classic",
                               kinds=mode_kinds(mode, players), names=names))
    session = table(app).session
    assert session is not None and [seat.name for seat in session.seats] == list(names)
    play_until(app, lambda a: stage(a) is None, _act, _check_seats, dt=HAND_GUARD_SECONDS)
    assert isinstance(app.manager.active, ResultsScene)
    game = session.game
    assert game.phase is Phase.GAME_OVER and max(game.scores) >= 66
    assert len(session.states) == players * 10 * len(game.rounds)
    record = history_records()[-1]
    assert [p.name for p in record.players] == list(names)
    assert [p.kind for p in record.players] == list(mode_kinds(mode, players))


def _shots(app: App, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Every screenshot the app takes, by name: a digest of its pixels (nothing is written)."""
    taken: dict[str, str] = {}

    def save(surface: pygame.Surface, path: str) -> None:
        taken[Path(path).name] = hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()

    monkeypatch.setattr(pygame.image, "save", save)
    return taken


def test_a_ten_player_replay_is_pixel_identical_to_its_live_game(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "ten.jsonl"
    common = {"screenshots": tmp_path / "shots", "step_delay": 0.0, "exit_at_end": True}
    (tmp_path / "shots").mkdir()  # as run_app's check makes it (open_app starts past that check)
    app = open_app(PlayOptions(mode="demo", seed=5, rules="classic", kinds=mode_kinds("demo", 10),
                               names=NAMES, record=record, **common))  # type: ignore[arg-type]
    live = _shots(app, monkeypatch)
    play_until(app, lambda a: False, lambda a: None)
    assert app.exit_code == 0
    close_app()
    app = open_app(PlayOptions(replay=read_game(record, 1), **common))  # type: ignore[arg-type]
    replayed = _shots(app, monkeypatch)
    play_until(app, lambda a: False, lambda a: None)
    assert app.exit_code == 0
    turns = len(read_game(record, 1).record.rounds) * 10
    assert len(live) == 10 * turns and "turn10-step10.png" in live
    assert replayed == live


def test_one_against_one_heuristic_from_the_menu_plays_to_66() -> None:
    app = open_app(PlayOptions(step_delay=0, seed=12))
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.player_count == 4
    key(pygame.K_r)                                  # classic rules
    key(pygame.K_MINUS)
    key(pygame.K_MINUS)
    key(pygame.K_MINUS)                              # 2 is the fewest
    frames(app)
    assert menu.rules == "classic" and menu.player_count == 2
    menu.focus = menu.items().index("kind:1")
    key(pygame.K_l)                                  # random -> heuristic
    frames(app)
    assert menu.seat_kinds() == ["human", "heuristic"]
    menu.focus = menu.items().index("start")
    key(pygame.K_RETURN)
    frames(app)
    session = table(app).session
    assert session is not None and [seat.kind for seat in session.seats] == ["human", "heuristic"]
    # The heuristic thinks on a worker thread: run_until lets its answers come back between frames.
    run_until(app, lambda a: stage(a) is None, _checked_act, seconds=180, dt=HAND_GUARD_SECONDS)
    assert isinstance(app.manager.active, ResultsScene)
    assert session.game.phase is Phase.GAME_OVER and max(session.game.scores) >= 66
    key(pygame.K_m)                                  # the menu offers the same table again
    frames(app)
    again = app.manager.active
    assert isinstance(again, MenuScene) and again.player_count == 2 and again.seat_kinds() == ["human", "heuristic"]


def test_snap_keeps_four_seats_and_says_so() -> None:
    app = open_app(PlayOptions(step_delay=0))
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.rules == "snap"
    key(pygame.K_PLUS)
    frames(app)
    assert menu.player_count == 4 and "more" not in menu.items() and "fewer" not in menu.items()
    key(pygame.K_r)                                  # classic: the count can change, and is kept...
    key(pygame.K_PLUS)
    key(pygame.K_PLUS)
    frames(app)
    assert menu.player_count == 6 and {"more", "fewer"} <= set(menu.items())
    assert [item for item in menu.items() if item.startswith("name:")] == [f"name:{i}" for i in range(6)]
    key(pygame.K_r)                                  # ...while snap shows its four
    frames(app)
    assert menu.player_count == 4
    key(pygame.K_r)
    frames(app)
    assert menu.player_count == 6


def test_the_results_title_names_a_tie_or_counts_a_long_one() -> None:
    from scenes.results.scene import winners_title

    open_app(PlayOptions())
    assert winners_title(["Ana"], 72, 1220)[0] == "Ana wins!"
    assert winners_title(["Ana", "Ben", "Chloe"], 72, 1220)[0] == "Tie: Ana, Ben and Chloe win!"
    many = [f"Player number {i}" for i in range(1, 8)]
    title, size = winners_title(many, 72, 1220)
    assert title == "Tie: 7 players win!" and size == 72


def test_a_six_player_hot_seat_game_is_kept_and_resumed_behind_the_curtain() -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=6, rules="classic", kinds=mode_kinds("hotseat", 6),
                               names=NAMES[:6]))
    frames(app)
    session = table(app).session
    assert session is not None and session.stage is Stage.CURTAIN
    frames(app, 1, dt=1.0)
    key(pygame.K_RETURN)                             # Ana is ready
    frames(app, 1, dt=1.0)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)                             # ... and plays a card: secret
    frames(app)
    chosen = session.game.chosen_cards
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_y)                                  # Leave: back to the menu, the game kept
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.player_count == 6 and menu.mode == "hotseat"
    assert menu.resume_label == "6 players, hot-seat, turn 1"
    key(pygame.K_u)
    frames(app)
    resumed = table(app).session
    assert resumed is not None and [seat.name for seat in resumed.seats] == list(NAMES[:6])
    assert resumed.stage is Stage.CURTAIN and resumed.chooser == 1 and resumed.game.chosen_cards == chosen
    assert resumed.rules.name == "classic"
