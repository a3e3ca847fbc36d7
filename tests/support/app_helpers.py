"""Helpers to drive the real app loop headlessly with posted pygame events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if "SIXTAKES_DATA_DIR" not in os.environ:  # a safety net: tests set their own folder
    import tempfile

    os.environ["SIXTAKES_DATA_DIR"] = tempfile.mkdtemp(prefix="sixtakes-tests-")

import sys
from pathlib import Path
from concurrent.futures import wait
from typing import Callable

import pygame

from tests.support.waiting import eventually

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bots.process import close_all_bots  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from live.session import Stage, TableSession  # noqa: E402
from scenes.table import TableScene  # noqa: E402

MAX_FRAMES = 3000


def open_app(options: PlayOptions, size: tuple[int, int] | None = None) -> App:
    """Start the display and font modules (never audio) and build the app."""
    pygame.display.init()
    pygame.font.init()
    app = App(options)
    _opened.append(app)
    if size is not None:
        resize(app, size)
    return app


_opened: list[App] = []
"""The apps a test opened, ended by :func:`close_app`."""


def close_app() -> None:
    while _opened:  # as the app does when it ends: its lesson's review workers stop with it
        _opened.pop().screens.end_lesson()
    close_all_bots()
    pygame.font.quit()
    pygame.display.quit()


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frame(0.0)


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def move(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def type_text(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def table(app: App) -> TableScene:
    scene = app.manager.stack[0]
    assert isinstance(scene, TableScene), scene
    return scene


def frames(app: App, count: int = 1, dt: float = 0.0) -> None:
    for _ in range(count):
        app.run_frame(dt)
        if app.exit_code is not None:
            return


def settle_thinking(app: App, seconds: float = 60.0) -> None:
    """Wait until the computer players' decisions asked so far are made (at most ``seconds``).

    A loop that runs frames back to back starves the players' thinking thread: every frame lets
    go of the interpreter lock and takes it again many times, so the thread that waits for it may
    not get it for a long while (hundreds of frames; on a slow machine the rest of a game).  A loop
    waiting for a game to go on waits for the decisions themselves instead.  A phone's answer
    comes from the phone: it is not waited for."""
    tables = [session.table for session in app.screens.lesson.sessions()] if app.screens.lesson is not None else []
    scene = app.manager.active
    if isinstance(scene, TableScene) and isinstance(getattr(scene.source, "session", None), TableSession):
        tables.append(scene.source.session)
    thinking = [future for table in tables for player, future in list(table.players.thinking.items())
                if not getattr(table.players.agents[player], "answers_later", False)]
    wait(thinking, timeout=seconds)


def play_until(app: App, done: Callable[[App], bool], act: Callable[[App], None],
               check: Callable[[App], None] | None = None, dt: float = 0.0) -> int:
    """Run frames of ``dt`` seconds, letting ``act`` post inputs, until ``done``; ``check`` runs
    after every frame."""
    for count in range(MAX_FRAMES):
        if done(app) or app.exit_code is not None:
            return count
        act(app)
        app.run_frame(dt)
        settle_thinking(app)
        if check is not None:
            check(app)
    raise AssertionError("the game did not finish in time")


def stage(app: App) -> Stage | None:
    scene = app.manager.stack[0]
    return scene.session.stage if isinstance(scene, TableScene) else None


def run_until(app: App, done: Callable[[App], bool], act: Callable[[App], None] | None = None,
              seconds: float = 30.0, dt: float = 0.0) -> int:
    """Like :func:`play_until` for games where computer players think on another thread:
    after each frame, their decisions asked are waited for (:func:`settle_thinking`).
    ``seconds`` only bounds a hung game; nothing here depends on how fast a decision is."""
    count = 0

    def frame() -> None:
        nonlocal count
        if act is not None:
            act(app)
        app.run_frame(dt)
        settle_thinking(app)
        count += 1

    eventually(lambda: done(app) or app.exit_code is not None, seconds=seconds, between=frame, pause=0.002,
               what=f"the app ({count} frames)")
    return count


def history_records() -> list:
    """Every game saved in the data folder's history, oldest first, as checked records."""
    from store.history import open_history
    from game.record import parse_record

    with open_history(import_legacy=False) as history:
        return [parse_record(line) for line in history.record_lines()]


def look(app: App) -> None:
    """A person takes a moment to look (the hand and the curtain ignore hurried inputs)."""
    from scenes.table.choosing import HAND_GUARD_SECONDS

    app.run_frame(HAND_GUARD_SECONDS)


def play_by_keys(app: App, right: int = 0) -> None:
    """Look at the hand, select card ``right`` (0: the lowest) and play it with Enter."""
    look(app)
    key(pygame.K_HOME)
    for _ in range(right):
        key(pygame.K_RIGHT)
    key(pygame.K_RETURN)


def play_by_clicks(app: App, index: int = 0) -> None:
    """Look at the hand, then click card ``index`` twice: select, then play."""
    from scenes.table.layout import table_layout

    look(app)
    scene = table(app)
    assert scene.session is not None
    count = len(scene.session.game.hand(scene.session.chooser or 0))
    rect = table_layout(pygame.display.get_surface().get_size()).hand_card_rect(index, count)
    move(rect.center)
    click(rect.center)
    click(rect.center)
