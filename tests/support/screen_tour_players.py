"""The screens of larger and smaller tables for the screen tour: the menu with ten seats, a
ten-player table (revealed, placed and explained, then its results) and a two-player one."""

from __future__ import annotations

from typing import Callable

import pygame
from tests.support.app_helpers import close_app, frames, key, open_app, play_by_keys, play_until, stage, table

from game.table_size import mode_kinds
from scenes.app import App
from scenes.model.options import PlayOptions
from live.session import Stage

Seen = Callable[[str], None]
NAMES = ("Alexandra", "Benjamin", "Charlotte", "Dominique", "Emmanuel", "Francesca", "Gabriel", "Henrietta",
         "Isabella", "Maximiliano Fernandez")


def tour_players(size: tuple[int, int], seen: Seen) -> None:
    """The menu at ten seats, then tables of ten and of two."""
    app = open_app(PlayOptions(rules="classic"), size=size)
    for _ in range(6):
        key(pygame.K_PLUS)
    frames(app)
    seen("menu: ten seats")
    close_app()
    for players, mode in ((10, "solo"), (2, "demo")):
        _table(size, seen, players, mode)


def _table(size: tuple[int, int], seen: Seen, players: int, mode: str) -> None:
    app = open_app(PlayOptions(mode=mode, seed=11, step_delay=0, rules="classic", kinds=mode_kinds(mode, players),
                               names=NAMES[:players]), size=size)
    scene = table(app)
    scene.auto = False
    frames(app)
    seen(f"{players} players: first view")
    key(pygame.K_e)
    play_until(app, lambda a: bool(scene.session and scene.session.states) or stage(a) is None, _act)
    frames(app)
    seen(f"{players} players: placed")
    play_until(app, lambda a: stage(a) is None, _act, dt=0.7)
    frames(app)
    seen(f"{players} players: results")
    close_app()


def _act(app: App) -> None:
    """The human plays the lowest card and takes row 1; Space places the next card."""
    current = stage(app)
    if current is Stage.CHOOSE:
        play_by_keys(app)
    elif current is Stage.ROW_CHOICE:
        key(pygame.K_1)
    else:
        key(pygame.K_SPACE)
