"""History: stepping back and forward redraws each placement as it was; no hand leaks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import close_app, frames, key, open_app, play_by_keys, play_until, stage, table  # noqa: E402
from scenes.table.choosing import HAND_GUARD_SECONDS  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.table.layout import table_layout  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from live.session import Stage, TableSession  # noqa: E402


@pytest.fixture(autouse=True)
def display(tmp_path, monkeypatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    yield
    close_app()


def pixels() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def masked(data: bytes, size: tuple[int, int], rects: list[pygame.Rect]) -> bytes:
    """``data`` with ``rects`` blanked (the history marker and the history buttons)."""
    surface = pygame.image.frombytes(data, size, "RGB")
    for rect in rects:
        surface.fill((0, 0, 0), rect)
    return pygame.image.tobytes(surface, "RGB")


def region(rect: pygame.Rect, frame: bytes | None = None, size: tuple[int, int] | None = None) -> bytes:
    """The pixels of ``rect`` on screen now, or in a frame saved earlier by ``pixels()``."""
    if frame is None:
        return pygame.image.tobytes(pygame.display.get_surface().subsurface(rect), "RGB")
    saved = pygame.image.frombytes(frame, size, "RGB")
    return pygame.image.tobytes(saved.subsurface(rect), "RGB")


def snapshot(session: TableSession) -> tuple:
    game = session.game
    return (game.rows, tuple(game.scores), game.hands, game.turn, game.phase, session.stage,
            len(session.states), len(session.states))


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_stepping_back_and_forward_draws_the_live_frames_again() -> None:
    app = open_app(PlayOptions(mode="demo", seed=17, step_delay=0))
    scene = table(app)
    scene.auto = False
    session = scene.session
    assert session is not None
    live: dict[object, bytes] = {}
    frames(app)
    while len(session.states) < 11:
        key(pygame.K_SPACE)
        frames(app)
        if session.stage is Stage.PLACED:
            live[len(session.states) - 1] = pixels()
        if session.stage is Stage.REVEALED:           # a turn's cards, before the first placement
            live[f"revealed {len(session.states)}"] = pixels()
    assert session.stage is Stage.PLACED
    before = snapshot(session)
    size = pygame.display.get_surface().get_size()
    layout = table_layout(size)
    border = max(3, round(5 * layout.scale))
    marker = [layout.top_bar, layout.back_button, layout.live_button,
              pygame.Rect(0, 0, size[0], border), pygame.Rect(0, size[1] - border, size[0], border),
              pygame.Rect(0, 0, border, size[1]), pygame.Rect(size[0] - border, 0, border, size[1])]
    shown: list[object] = [10]

    def shown_key() -> object:
        return f"revealed {scene.cursor}" if scene.at_reveal else scene.cursor

    for _ in range(8):                       # back 6 placements and 2 reveals, across two turns
        key(pygame.K_LEFT)
        frames(app)
        shown.append(shown_key())
        frame = scene.last_frame
        assert frame is not None and frame.past and frame.hand_owner is None
        state = session.states[scene.cursor]
        assert frame.rows == (state.rows_before if scene.at_reveal else state.rows)
        assert frame.stage is (Stage.REVEALED if scene.at_reveal else Stage.PLACED)
        assert masked(pixels(), size, marker) == masked(live[shown_key()], size, marker)
        # The top bar carries the "looking back" marker, but its "Turn N of 7" is the past turn's:
        turn_text = pygame.Rect(border, border, layout.top_bar.width // 6, layout.top_bar.height - border)
        assert region(turn_text) == region(turn_text, live[shown_key()], size)
    assert shown == [10, 9, 8, "revealed 8", 7, 6, 5, 4, "revealed 4"]
    assert region(turn_text, live[7], size) != region(turn_text, live[8], size), "turn 2 and turn 3 differ there"
    assert snapshot(session) == before, "browsing history never changes the game"
    for _ in range(8):                       # and forward again, to the live game
        key(pygame.K_RIGHT)
        frames(app)
        assert masked(pixels(), size, marker) == masked(live[shown_key() if scene.cursor is not None else 10],
                                                        size, marker)
    assert scene.cursor is None and not scene.last_frame.past
    assert pixels() == live[10], "back at the live game: the very same frame"
    assert snapshot(session) == before

    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    frames(app)
    key(pygame.K_END)                        # End: straight back to the live game
    frames(app)
    assert scene.cursor is None and pixels() == live[10]
    key(pygame.K_SPACE)                      # and the game goes on
    frames(app)
    assert len(session.states) == 12


def test_history_is_reachable_while_a_human_chooses_and_hides_the_hand() -> None:
    app = open_app(PlayOptions(mode="solo", seed=4, step_delay=0))
    scene = table(app)
    session = scene.session
    frames(app)
    play_by_keys(app)                        # play a card
    frames(app)
    while session.stage is not Stage.CHOOSE:  # place the turn's cards; the next turn starts
        key(pygame.K_1 if session.stage is Stage.ROW_CHOICE else pygame.K_SPACE)
        frames(app)
    assert len(session.states) == 4 and scene.last_frame.hand_owner == 0
    key(pygame.K_PAGEUP)
    frames(app)
    assert scene.cursor == 3 and scene.last_frame.hand_owner is None and scene.last_frame.past
    key(pygame.K_LEFT)
    frames(app)
    assert scene.cursor == 2
    key(pygame.K_END)
    frames(app)
    assert scene.cursor is None and scene.last_frame.hand_owner == 0


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_hotseat_history_and_hints_never_show_a_hidden_hand() -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=3, step_delay=0, names=("Ann", "Bob", "Cy", "Di")))
    scene = table(app)
    session = scene.session
    curtain_before_choice: list[int] = []
    looked_back = 0
    hinted = 0

    def act(app: App) -> None:
        nonlocal looked_back
        st = session.stage
        if scene.cursor is not None:
            key(pygame.K_RIGHT if session.game.turn % 2 else pygame.K_END)
        elif st is Stage.CURTAIN:
            key(pygame.K_RETURN)
        elif st is Stage.CHOOSE:
            if session.game.turn == 1 and not scene.hints:
                key(pygame.K_h)              # hints on for the rest of the game
            if len(session.states) % 3 == 0 and session.states and looked_back < 40:
                looked_back += 1
                key(pygame.K_BACKSPACE)      # look back while a hand is on screen
                return
            if scene.selected is None:
                key(pygame.K_RIGHT)          # select the second card (a frame shows its hint) ...
                key(pygame.K_RIGHT)
            else:
                key(pygame.K_RETURN)         # ... then play it
        elif st is Stage.ROW_CHOICE:
            key(pygame.K_1 + session.game.turn % 4)
        else:
            if len(session.states) % 2 and looked_back < 40:
                looked_back += 1
                key(pygame.K_LEFT)
                return
            key(pygame.K_SPACE)

    def check(app: App) -> None:
        nonlocal hinted
        frame = table(app).last_frame if stage(app) is not None else None
        if frame is None:
            return
        if frame.curtain:
            assert frame.hand_owner is None and frame.hint_card is None
            curtain_before_choice.append(frame.chooser)
        if frame.past:
            assert frame.hand_owner is None and frame.hint_card is None
        if frame.hand_owner is not None:
            assert not frame.past and frame.stage is Stage.CHOOSE and frame.hand_owner == frame.chooser
            assert curtain_before_choice and curtain_before_choice[-1] == frame.chooser
        if frame.hint_card is not None:
            hinted += 1
            assert frame.hand_owner == frame.chooser
            assert frame.hint_card in session.game.hand(frame.chooser)
        if frame.stage is not Stage.CHOOSE:
            assert frame.hand_owner is None

    play_until(app, lambda a: stage(a) is None, act, check, dt=HAND_GUARD_SECONDS)
    assert len(session.states) == 28
    assert looked_back >= 10 and hinted >= 10


def test_hints_are_off_by_default_and_toggle_with_h() -> None:
    app = open_app(PlayOptions(mode="solo", seed=2, step_delay=0))
    scene = table(app)
    frames(app)
    assert scene.last_frame.hint_card is None
    key(pygame.K_h)
    key(pygame.K_RIGHT)                       # selects the first card
    key(pygame.K_RIGHT)                       # then the second
    frames(app)
    hand = scene.session.game.hand(0)
    assert scene.last_frame.hint_card == hand[1]
    key(pygame.K_h)
    frames(app)
    assert scene.last_frame.hint_card is None
