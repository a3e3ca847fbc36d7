"""Whole games through the real app loop, driven by posted pygame events (headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import (  # noqa: E402
    click, close_app, frames, key, open_app, play_by_clicks, play_by_keys, play_until, stage, table,
    type_text,
)
from game.engine import Phase, Rule  # noqa: E402
from game.play import play_seeded_game  # noqa: E402
from game.rules import SNAP  # noqa: E402
from scenes.table.choosing import HAND_GUARD_SECONDS  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.menu.layout import menu_layout
from scenes.results.layout import results_layout
from scenes.table.layout import table_layout  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from live.session import row_penalties, Stage  # noqa: E402

SOLO_ROW_CHOICE_SEED = 2
"""Playing the lowest card every turn, the solo human meets rule 4 with this deal."""


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    yield
    close_app()


@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finished games are recorded in the user's data folder: keep it in a temporary folder."""
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


def size_of(app: App) -> tuple[int, int]:
    return pygame.display.get_surface().get_size()


def check_rows_match_engine(app: App) -> None:
    """After each frame that shows a placement, the drawn rows are the engine's rows:
    as the table reports them, and in pixels - each row slot shows that card's face."""
    scene = app.manager.stack[0]
    if stage(app) is Stage.PLACED and scene.last_frame is not None:
        rows = scene.session.game.rows
        assert scene.last_frame.rows == rows
        assert drawn_row_cards(app, rows) == rows


def drawn_row_cards(app: App, rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The cards whose faces the screen shows in the row slots, read back by comparing the
    middle of each slot with the faces of ``rows``' cards and of their neighbours."""
    screen = pygame.display.get_surface()
    layout = table_layout(screen.get_size())
    art = app.ctx.art
    seen = []
    for index, row in enumerate(rows):
        found = []
        for slot in range(len(row)):
            rect = layout.row_card_rect(index, slot)
            middle = rect.inflate(-rect.width // 3, -rect.height // 3)
            on_screen = pygame.image.tobytes(screen.subsurface(middle), "RGB")
            for card in sorted({row[slot], row[slot] - 1, row[slot] + 1} & set(range(1, 105))):
                face = art.face(card, rect.size).subsurface(middle.move(-rect.x, -rect.y))
                if pygame.image.tobytes(face, "RGBA")[3::4] == b"\xff" * (middle.width * middle.height) \
                        and pygame.image.tobytes(face, "RGB") == on_screen:
                    found.append(card)
                    break
        seen.append(tuple(found))
    return tuple(seen)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_solo_game_with_mouse_and_a_human_row_choice() -> None:
    app = open_app(PlayOptions(mode="solo", seed=SOLO_ROW_CHOICE_SEED, step_delay=0))
    scene = table(app)
    session = scene.session
    placements_seen: list[int] = []
    next_inputs = iter([pygame.K_SPACE, pygame.K_RETURN, pygame.K_RIGHT, None] * 100)

    def act(app: App) -> None:
        layout = table_layout(size_of(app))
        st = session.stage
        if st is Stage.CHOOSE:
            play_by_clicks(app, 0)  # the lowest card: invites rule 4
        elif st is Stage.ROW_CHOICE:
            penalties = row_penalties(session)
            click(layout.row_boxes[penalties.index(min(penalties))].center)
        else:
            k = next(next_inputs)
            if k is None:
                click(layout.rows_area.center)
            else:
                key(k)

    def check(app: App) -> None:
        check_rows_match_engine(app)
        if stage(app) is Stage.PLACED and (not placements_seen or placements_seen[-1] != len(session.states)):
            placements_seen.append(len(session.states))

    play_until(app, lambda a: stage(a) is None, act, check)
    assert isinstance(app.manager.active, ResultsScene)
    assert placements_seen == list(range(1, 29)), "each placement is shown on its own frame"
    assert any(p.rule is Rule.LOW_CARD and p.player == 0 for p in (state.placement for state in session.states))
    assert session.game.phase is Phase.GAME_OVER
    key(pygame.K_q)
    frames(app)
    assert app.exit_code == 0


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_hotseat_never_shows_a_hand_to_the_wrong_player() -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=3, step_delay=0, names=("Ann", "Bob", "Cy", "Di")))
    session = table(app).session
    curtain_before_choice: list[int] = []
    chosen_by: list[int] = []
    human_row_choices = 0

    def act(app: App) -> None:
        nonlocal human_row_choices
        st = session.stage
        if st is Stage.CURTAIN:
            key(pygame.K_RETURN)
        elif st is Stage.CHOOSE:
            chosen_by.append(session.chooser)
            play_by_keys(app, 1)
        elif st is Stage.ROW_CHOICE:
            human_row_choices += 1
            key(pygame.K_1 + session.game.turn % 4)
        else:
            key(pygame.K_SPACE)

    def check(app: App) -> None:
        check_rows_match_engine(app)
        frame = table(app).last_frame if stage(app) is not None else None
        if frame is None:
            return
        if frame.curtain:
            assert frame.hand_owner is None
            curtain_before_choice.append(frame.chooser)
        if frame.hand_owner is not None:
            assert frame.stage is Stage.CHOOSE and frame.hand_owner == frame.chooser
            assert curtain_before_choice and curtain_before_choice[-1] == frame.chooser
        if frame.stage is not Stage.CHOOSE:
            assert frame.hand_owner is None

    play_until(app, lambda a: stage(a) is None, act, check, dt=HAND_GUARD_SECONDS)
    assert isinstance(app.manager.active, ResultsScene)
    assert len(session.states) == 28
    assert human_row_choices >= 1
    assert sorted(set(chosen_by)) == [0, 1, 2, 3]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_demo_from_the_menu_with_mouse_reproduces_the_seeded_game() -> None:
    app = open_app(PlayOptions(seed=11, step_delay=0))
    layout = menu_layout(size_of(app))
    click(layout.modes[2].center)
    frames(app)
    click(layout.start.center)
    frames(app)
    session = table(app).session
    assert [s.kind for s in session.seats] == ["random"] * 4
    assert [s.name for s in session.seats] == ["AI 1", "AI 2", "AI 3", "AI 4"]
    play_until(app, lambda a: stage(a) is None, lambda a: None, check_rows_match_engine)
    expected = play_seeded_game(SNAP, ["random"] * 4, 11)
    assert session.game.scores == expected.scores
    assert isinstance(app.manager.active, ResultsScene)
    results = results_layout(size_of(app))
    click(results.buttons[2].center)  # Menu
    frames(app)
    assert app.manager.active.__class__.__name__ == "MenuScene"


def test_menu_names_are_typed_and_used() -> None:
    app = open_app(PlayOptions(step_delay=0))
    key(pygame.K_2)           # hot-seat
    frames(app)
    layout = menu_layout(size_of(app))
    click(layout.names[1].center)
    for _ in range(8):
        key(pygame.K_BACKSPACE)
    type_text("Bob")
    key(pygame.K_RETURN)       # next field
    frames(app)
    click(layout.start.center)
    frames(app)
    session = table(app).session
    assert [s.name for s in session.seats] == ["Player 1", "Bob", "Player 3", "Player 4"]
    assert session.stage is Stage.CURTAIN


def test_a_typed_name_replaces_the_default_and_the_next_lesson_offers_it_again() -> None:
    """Issue 25, item 5: typing into "Player 1" gives "Ana", not "Player 1Ana"; Esc leaves the
    field (the footer says so) instead of quitting; the names come back after a restart."""
    from scenes.menu.scene import MenuScene
    from scenes.menu.view import TYPING_HINTS

    app = open_app(PlayOptions(step_delay=0))
    key(pygame.K_2)           # hot-seat
    frames(app)
    layout = menu_layout(size_of(app))
    click(layout.names[0].center)
    type_text("Ana")
    key(pygame.K_RETURN)      # next field: Player 2 stays
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.names["hotseat"][:2] == ["Ana", "Player 2"]
    assert menu.focused_name == 1 and "Esc: done" in TYPING_HINTS
    key(pygame.K_ESCAPE)      # leaves the field: the app is still there
    frames(app)
    assert app.exit_code is None and menu.focused_name is None
    click(layout.start.center)
    frames(app)
    assert [s.name for s in table(app).session.seats][:2] == ["Ana", "Player 2"]
    close_app()
    again = open_app(PlayOptions(step_delay=0))   # the next lesson
    key(pygame.K_2)
    frames(again)
    menu = again.manager.active
    assert isinstance(menu, MenuScene) and menu.names["hotseat"][:2] == ["Ana", "Player 2"]
    close_app()
