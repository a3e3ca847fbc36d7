"""The class's warm-up on the projector, for the screen tour: puzzles being made (none stored yet),
then a card puzzle, a row puzzle and a ten-player classic puzzle, each asked while the class's
answers come in and then with the class's answers shown; and the lobby of a class (its name in
the heading) once the warm-up is over."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pygame
from tests.support.app_helpers import close_app, frames, key, open_app, run_until
from tests.support.puzzle_positions import card_puzzle, row_puzzle
from tests.support.screen_tour_puzzles import crowded_puzzle

from store.history import connection_of, open_history
from store.puzzles import add_puzzles
from scenes.app import App
from scenes.classroom.lobby import LobbyScene
from scenes.classroom.warmup import WarmupScene
from classroom.class_settings import ClassSettings
from scenes.model.options import PlayOptions
from live import making

Seen = Callable[[str], None]
CLASS = ClassSettings(port=0, host="127.0.0.1", code="K7QP", class_name="Maths 7b", seed=2, reviews=False)
STUDENTS = ("Ana", "Maximiliano Fernandez", "Zoe", "Eli", "Fay")


def tour_warmup(size: tuple[int, int], seen: Seen) -> None:
    _making(size, seen)
    with open_history(import_legacy=False) as history:
        connection_of(history).execute("DELETE FROM puzzles")
        add_puzzles(history, [card_puzzle(), row_puzzle(), crowded_puzzle()])
    app = open_app(PlayOptions(class_game=replace(CLASS, puzzles=3), step_delay=0), size=size)
    scene = _warmup(app)
    room = scene.warmup.room
    for name in STUDENTS:
        room.join(room.code, name)
    for _ in range(3):
        _one_puzzle(app, scene, seen)
    key(pygame.K_SPACE)  # after the last: the lobby
    run_until(app, lambda _app: isinstance(app.manager.active, LobbyScene), seconds=10)
    frames(app, 2)
    seen("class lobby: a class, after its warm-up")
    app.screens.end_lesson()
    close_app()
    with open_history(import_legacy=False) as history:
        connection_of(history).execute("DELETE FROM puzzles")


def _warmup(app: App) -> WarmupScene:
    frames(app)
    scene = app.manager.active
    assert isinstance(scene, WarmupScene), scene
    return scene


def _one_puzzle(app: App, scene: WarmupScene, seen: Seen) -> None:
    """The puzzle asked, three of five students answering; then the class's answers shown."""
    warmup = scene.warmup
    frames(app, 2)
    current = warmup.current
    assert current is not None and warmup.puzzles is not None
    puzzle = current.puzzle
    name = "a ten-player classic" if puzzle.view.player_count == 10 else f"a {puzzle.kind}"
    secrets = [secret for secret in warmup.room.secrets_of_seats() if secret]
    for index, who in enumerate(secrets[:3]):
        answer = puzzle.answers[index % len(puzzle.answers)] if index else puzzle.best
        assert warmup.puzzles.answer(who, STUDENTS[index], answer, puzzle.kind == "row") == ""
    frames(app, 2)
    seen(f"class warm-up: {name} puzzle, the class answering")
    key(pygame.K_SPACE)
    frames(app, 2)
    assert scene.last_frame.state == "shown"
    seen(f"class warm-up: {name} puzzle, the class's answers")
    key(pygame.K_SPACE)


def _making(size: tuple[int, int], seen: Seen) -> None:
    """No puzzle stored: the warm-up makes a few first (one game, few sampled deals: the words matter)."""
    with open_history(import_legacy=False) as history:
        connection_of(history).execute("DELETE FROM puzzles")
    games, rollouts = making.APP_GAMES, making.APP_ROLLOUTS
    making.APP_GAMES, making.APP_ROLLOUTS = 1, 20
    try:
        app = open_app(PlayOptions(class_game=replace(CLASS, puzzles=2), step_delay=0), size=size)
        scene = _warmup(app)
        assert scene.last_frame.state == "making"
        seen("class warm-up: puzzles being made")
        run_until(app, lambda _app: scene.warmup.making is None, seconds=300)
        key(pygame.K_ESCAPE)  # the teacher ends the warm-up
        run_until(app, lambda _app: isinstance(app.manager.active, LobbyScene), seconds=10)
        app.screens.end_lesson()
        close_app()
    finally:
        making.APP_GAMES, making.APP_ROLLOUTS = games, rollouts
