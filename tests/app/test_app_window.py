"""Resizing, fullscreen, layout and drawing: the game survives, the frame stays cheap."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import click, close_app, frames, key, open_app, play_by_keys, resize, table  # noqa: E402
from scenes.kit.layout import dialog_layout
from scenes.menu.layout import menu_layout
from scenes.results.layout import results_layout
from scenes.table.layout import table_layout  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from live.session import Stage, TableSession
from live.seats import seats_for


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    yield
    close_app()


@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finished games are recorded in the user's data folder: keep it in a temporary folder."""
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


def snapshot(session: TableSession) -> tuple:
    game = session.game
    return (game.seed, game.rows, tuple(game.scores), game.hands, game.turn, session.stage, len(session.states))


def test_resize_and_fullscreen_keep_the_game() -> None:
    app = open_app(PlayOptions(mode="solo", seed=1, step_delay=0))
    scene = table(app)
    session = scene.session
    frames(app)
    play_by_keys(app)          # play the lowest card
    frames(app)
    key(pygame.K_SPACE)        # first placement
    frames(app)
    before = snapshot(session)

    resize(app, (1600, 900))
    assert pygame.display.get_surface().get_size() == (1600, 900)
    assert table(app) is scene and snapshot(session) == before
    assert scene.last_frame is not None and scene.last_frame.rows == session.game.rows

    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1024, y=640))
    frames(app)
    assert pygame.display.get_surface().get_size() == (1024, 640)
    assert snapshot(session) == before

    key(pygame.K_F11)
    frames(app)
    assert app.fullscreen and table(app) is scene and snapshot(session) == before
    key(pygame.K_F11)
    frames(app)
    assert not app.fullscreen
    assert pygame.display.get_surface().get_size() == (1024, 640)
    assert snapshot(session) == before

    # clicks still land where things are drawn at the new size
    assert session.stage is Stage.PLACED and session.can_advance
    layout = table_layout((1024, 640))
    click(layout.next_button.center)
    frames(app)
    assert len(session.states) == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768), (800, 600), (2560, 1080)])
def test_layouts_fit_the_window(size: tuple[int, int]) -> None:
    screen = pygame.Rect((0, 0), size)
    t = table_layout(size)
    for row in range(4):
        for slot in range(6):
            assert t.rows_area.contains(t.row_card_rect(row, slot))
    for count in range(1, 11):
        for index in range(count):
            assert screen.contains(t.hand_card_rect(index, count))
    for index in range(9):
        assert t.small_hand_area.contains(t.small_hand_rect(index, 9))
    assert not t.rows_area.colliderect(t.panel)
    assert not t.caption.colliderect(t.bottom)
    assert not t.queue_area.colliderect(t.small_hand_area)
    assert not t.small_hand_area.colliderect(t.next_button)
    m = menu_layout(size)
    for rect in (*m.modes, *m.names, m.start, m.quit):
        assert screen.contains(rect)
    r = results_layout(size)
    for rect in (*r.lines, *r.buttons):
        assert screen.contains(rect)
    assert screen.contains(dialog_layout(size).box)


def test_frames_reuse_cached_card_pictures() -> None:
    app = open_app(PlayOptions(mode="demo", seed=9, step_delay=100))
    frames(app, 2)
    art = app.ctx.art
    cached = art.cache_size
    frames(app, 5)
    assert art.cache_size == cached


def test_auto_waits_for_the_delay_given_by_update() -> None:
    app = open_app(PlayOptions(mode="demo", seed=9, step_delay=1.0))
    scene = table(app)
    frames(app)
    assert scene.session.stage is Stage.REVEALED
    scene.update(0.6)
    assert scene.session.stage is Stage.REVEALED
    scene.update(0.6)
    assert scene.session.stage is Stage.PLACED


def test_demo_session_matches_the_engine_game() -> None:
    from game.play import play_seeded_game
    from game.rules import SNAP

    session = TableSession(seats_for("demo"), seed=21, mode="demo")
    while session.stage is not Stage.OVER:
        session.advance()
    assert session.game.scores == play_seeded_game(SNAP, ["random"] * 4, 21).scores
    assert len(session.states) == 28


def test_the_key_that_opens_the_scoreboard_types_nothing_into_its_filter(app_data_dir: Path) -> None:
    """S in the menu opens the scoreboard; the "s" the same keystroke types (SDL sends the key,
    then its text) is not the start of a name to filter by."""
    from scenes.scoreboard.scene import ScoreboardScene

    app = open_app(PlayOptions())
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="s"))
    frames(app)
    board = app.manager.active
    assert isinstance(board, ScoreboardScene) and board.name_filter == ""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    frames(app)
    assert board.name_filter == "a", "what is typed on the scoreboard itself is kept"
