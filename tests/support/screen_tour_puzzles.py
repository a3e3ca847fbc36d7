"""The practice screen's part of the screen tour: no puzzle yet, puzzles being made, a card puzzle
(asked, a card chosen, answered wrong), a row puzzle (answered right), a hot-seat table of long names,
and a classic puzzle of ten players with a full hand."""

from __future__ import annotations

from typing import Callable

import pygame

from game.engine import PlayerView
from game.puzzles import Puzzle, Source
from game.review import CARD
from game.rules import CLASSIC
from store.history import connection_of, open_history
from store.puzzles import add_puzzles
from scenes.app import App
from scenes.model.options import PlayOptions
from live import making
from scenes.puzzles.practice import PracticeSettings
from scenes.puzzles.scene import PuzzleScene
from tests.support.app_helpers import close_app, frames, key, open_app, run_until
from tests.support.puzzle_positions import card_puzzle, row_puzzle

Seen = Callable[[str], None]
LONG_NAMES = ("Maximiliano Fernandez", "Henrietta", "Alexandra")


def crowded_puzzle() -> Puzzle:
    """A classic position of ten players, a full hand and a long line of scores (made up: its screen
    is the matter here, not its figures)."""
    hand = (3, 17, 28, 39, 46, 57, 68, 79, 88, 99)
    rows = ((10,), (33, 34, 35), (60, 61, 62, 64, 65), (90,))
    view = PlayerView(0, CLASSIC, 10, 2, 0, hand, rows, (12, 40, 38, 55, 61, 27, 9, 44, 63, 58),
                      (10, 33, 60, 90), (), (), None)
    options = tuple((card, round(2.0 + (card % 7) * 0.9 + (card == 3) * 9, 4)) for card in hand)
    best = min(options, key=lambda option: option[1])[0]
    return Puzzle(CARD, view, 3, options, best, Source.made(1, 1, 0))


def tour_puzzles(size: tuple[int, int], seen: Seen) -> None:
    _none_yet(size, seen)
    with open_history(import_legacy=False) as history:
        connection_of(history).execute("DELETE FROM puzzles")
        add_puzzles(history, [card_puzzle(50), row_puzzle(), crowded_puzzle()])
    _alone(size, seen)
    _taking_turns(size, seen)
    with open_history(import_legacy=False) as history:
        connection_of(history).execute("DELETE FROM puzzles")


def _scene(app: App) -> PuzzleScene:
    scene = app.manager.active
    assert isinstance(scene, PuzzleScene), scene
    return scene


def _none_yet(size: tuple[int, int], seen: Seen) -> None:
    """No puzzle stored: the offer; then a few made (one game, few sampled deals: the words matter)."""
    with open_history(import_legacy=False) as history:
        connection_of(history).execute("DELETE FROM puzzles")
    games, rollouts = making.APP_GAMES, making.APP_ROLLOUTS
    making.APP_GAMES, making.APP_ROLLOUTS = 1, 20
    try:
        app = open_app(PlayOptions(puzzles=PracticeSettings(seed=2)), size=size)
        frames(app)
        seen("puzzles: none yet")
        scene = _scene(app)
        key(pygame.K_m)
        frames(app)
        seen("puzzles: being made")
        run_until(app, lambda _app: scene.making is None, seconds=300)
        close_app()
    finally:
        making.APP_GAMES, making.APP_ROLLOUTS = games, rollouts


def _alone(size: tuple[int, int], seen: Seen) -> None:
    """Each puzzle asked, one chosen and answered (the card puzzle: the lowest card, wrong)."""
    app = open_app(PlayOptions(puzzles=PracticeSettings(seed=5)), size=size)
    frames(app)
    scene = _scene(app)
    for _ in range(3):
        kind = scene.practice.puzzle.kind if scene.practice else "none"
        crowded = scene.practice is not None and scene.practice.puzzle.view.player_count == 10
        name = "classic, ten players" if crowded else kind
        seen(f"puzzles: a {name} puzzle")
        key(pygame.K_4 if kind == "row" else pygame.K_RIGHT)
        frames(app)
        seen(f"puzzles: a {name} puzzle, chosen")
        key(pygame.K_RETURN)
        frames(app)
        seen(f"puzzles: a {name} puzzle, answered")
        key(pygame.K_RETURN)
        frames(app)
    close_app()


def _taking_turns(size: tuple[int, int], seen: Seen) -> None:
    app = open_app(PlayOptions(puzzles=PracticeSettings(LONG_NAMES, seed=6)), size=size)
    frames(app)
    seen("puzzles: taking turns")
    for _ in range(2):
        key(pygame.K_RIGHT)
        key(pygame.K_RETURN)
        frames(app)
        seen("puzzles: taking turns, answered")
        key(pygame.K_SPACE)
        frames(app)
    close_app()
