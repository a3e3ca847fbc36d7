"""The explain panel on the worked example, the rules screen, speed, pause and motion."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import close_app, frames, key, open_app, table  # noqa: E402
from game.engine import Rule  # noqa: E402
from game.scenarios import WORKED_EXAMPLE_PLAYS, WORKED_EXAMPLE_ROW_CHOICE, worked_example_game  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.model.replay import replay_of_game  # noqa: E402
from scenes.rules.scene import RulesScene  # noqa: E402
from live.session import Stage
from live.seats import Seat
from scenes.table import TableScene  # noqa: E402

NAMES = ("Alice", "Bob", "Celia", "David")


@pytest.fixture(autouse=True)
def display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    yield
    close_app()


def worked_example_scene(app) -> TableScene:  # type: ignore[no-untyped-def]
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    game.choose_row(2, WORKED_EXAMPLE_ROW_CHOICE)
    while game.next_placement is not None:
        game.place_next()
    seats = tuple(Seat(name, "human") for name in NAMES)
    scene = TableScene(app.ctx, None, replay=replay_of_game(game, seats))
    app.manager.switch(scene)
    return scene


def test_explain_panel_on_the_worked_example_turn() -> None:
    app = open_app(PlayOptions(step_delay=0))
    scene = worked_example_scene(app)
    assert scene.explain and scene.replay is not None and len(scene.replay.states) == 12
    shown = []
    for index in range(8, 12):
        scene.go_to(index)
        frames(app)
        frame = scene.last_frame
        assert frame.hand_owner is None
        shown.append((scene.replay.states[index].placement.rule, list(frame.explain)))
    assert shown == [
        (Rule.LOW_CARD, [
            "Rule 4: 7 is lower than every row's last card",
            "Row 1  ends 21  9 points",
            "Row 2  ends 24  6 points",
            "Row 3  ends 57  18 points",
            "Row 4  ends 81  9 points",
            "Celia took row 4 (9 points), not the cheapest: row 2 (6)",
            "Why? Now Bob's 88 will take row 3 (21 points)",
        ]),
        (Rule.CLOSEST_ROW, [
            "Rule 2: 23 goes after the closest lower last card",
            "Row 1  ends 21  +2",
            "Row 2  ends 24  too high",
            "Row 3  ends 57  too high",
            "Row 4  ends 7  +16",
            "Smallest difference: 23 - 21 = 2 in row 1",
        ]),
        (Rule.CLOSEST_ROW, [
            "Rule 2: 64 goes after the closest lower last card",
            "Row 1  ends 23  +41",
            "Row 2  ends 24  +40",
            "Row 3  ends 57  +7",
            "Row 4  ends 7  +57",
            "Smallest difference: 64 - 57 = 7 in row 3",
        ]),
        (Rule.SIXTH_CARD, [
            "Rule 3: 88 would be the 6th card of row 3",
            "Row 1  ends 23  +65",
            "Row 2  ends 24  +64",
            "Row 3  ends 64  +24",
            "Row 4  ends 7  +81",
            "Row 3 was full (33, 42, 50, 57, 64): Bob takes 21 points",
        ]),
    ]
    key(pygame.K_e)                            # E hides the panel
    frames(app)
    assert scene.last_frame.explain == ()


def test_explain_is_off_by_default_in_solo_and_on_in_demo() -> None:
    app = open_app(PlayOptions(mode="solo", seed=1, step_delay=0))
    assert not table(app).explain
    close_app()
    app = open_app(PlayOptions(mode="demo", seed=1, step_delay=0))
    assert table(app).explain


def test_rules_screen_leaves_the_game_exactly_as_it_was() -> None:
    app = open_app(PlayOptions(mode="demo", seed=6, step_delay=0.5))
    scene = table(app)
    for _ in range(3):
        scene.update(1.0)
        frames(app)
        scene.update(1.0)
    session = scene.session
    before = (session.game.rows, len(session.states), session.stage, scene.clock_auto.elapsed, scene.auto)
    key(pygame.K_F1)
    frames(app, 20, dt=1.0)                    # time passes on the rules screen
    assert isinstance(app.manager.active, RulesScene)
    assert (session.game.rows, len(session.states), session.stage, scene.clock_auto.elapsed, scene.auto) == before
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.manager.active is scene
    assert (session.game.rows, len(session.states), session.stage) == before[:3]


def test_rules_screen_from_the_menu() -> None:
    app = open_app(PlayOptions())
    frames(app)
    key(pygame.K_F1)
    frames(app)
    assert isinstance(app.manager.active, RulesScene)
    key(pygame.K_RETURN)
    frames(app)
    assert app.manager.active.__class__.__name__ == "MenuScene"


def test_speed_keys_and_space_pause() -> None:
    app = open_app(PlayOptions(mode="demo", seed=2, step_delay=1.0))
    scene = table(app)
    frames(app)
    key(pygame.K_PLUS)
    frames(app)
    assert scene.delay == 0.75
    for _ in range(10):
        key(pygame.K_PLUS)
    frames(app)
    assert scene.delay == 0.25
    for _ in range(20):
        key(pygame.K_MINUS)
    frames(app)
    assert scene.delay == 5.0
    assert scene.speed_label() == "5 s"
    key(pygame.K_SPACE)                        # pauses auto-advance
    frames(app)
    assert not scene.auto
    scene.update(10.0)
    assert scene.session.stage is Stage.REVEALED
    key(pygame.K_a)
    frames(app)
    assert scene.auto


def test_motion_then_the_screenshot(tmp_path: Path) -> None:
    app = open_app(PlayOptions(mode="demo", seed=2, step_delay=1.0, screenshots=tmp_path))
    scene = table(app)
    frames(app)
    scene.update(1.0)                          # the first placement
    frames(app)
    assert scene.motion is not None and scene.last_frame.moving
    assert app.screenshots_saved == [], "no screenshot mid-motion"
    frames(app, 1, dt=0.2)
    assert scene.motion is not None
    frames(app, 1, dt=0.2)
    assert scene.motion is None
    frames(app)
    assert [p.name for p in app.screenshots_saved] == ["turn1-step1.png"]
    scene.update(1.0)
    frames(app)
    assert scene.motion is not None
    key(pygame.K_x)                            # any key skips
    frames(app)
    assert scene.motion is None and len(app.screenshots_saved) == 2
    key(pygame.K_LEFT)                         # no motion while browsing history
    frames(app)
    key(pygame.K_RIGHT)
    frames(app)
    assert scene.motion is None


def test_no_motion_with_no_delay() -> None:
    app = open_app(PlayOptions(mode="demo", seed=2, step_delay=0))
    scene = table(app)
    frames(app)
    frames(app)
    assert scene.session.states and scene.motion is None


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.parametrize("moment", ["at once", "mid-move", "between cards"])
def test_space_with_auto_on_always_pauses_and_places_nothing(moment: str) -> None:
    """Issue 25, item 7: whatever is on screen - a demo just started, a card in the middle of its
    move, the pause between two cards - Space with Auto on pauses Auto and does nothing else."""
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=1.0))
    scene = table(app)
    if moment != "at once":
        frames(app, 40, dt=0.1)  # Auto has placed some cards
        while (scene.motion is not None) != (moment == "mid-move"):
            frames(app, 1, dt=0.02)
    assert scene.auto
    shown = (len(scene.session.states), scene.session.stage)
    key(pygame.K_SPACE)
    frames(app)
    assert not scene.auto
    assert (len(scene.session.states), scene.session.stage) == shown
    frames(app, 30, dt=0.5)  # paused: nothing moves on
    assert (len(scene.session.states), scene.session.stage) == shown
    key(pygame.K_SPACE)  # Auto off: Space places the next card
    frames(app, 3, dt=0.02)
    assert len(scene.session.states) > shown[0] or scene.session.stage is not shown[1]
    close_app()
