"""The table's screens the rest of the tour does not reach: a hot-seat turn with a card
selected and hints on, the curtain offering to take that card back, a hot-seat row choice (rule 4, naming who picks), a table of bots
with one bot's details under the mouse (its message, then one that crashed and now plays
randomly), and a classic game's last round."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Callable

import pygame
from tests.support.app_helpers import close_app, frames, key, look, move, open_app, run_until, table

from bots.process import close_all_bots
from scenes.table.layout import table_layout
from scenes.model.options import PlayOptions
from live.session import Stage

Seen = Callable[[str], None]
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples' / 'heuristic_bot.py'))}"
CRASH_BOT = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'tests' / 'bots' / 'crash_bot.py'))}"
HOTSEAT_ROW_CHOICE_SEED = 2
"""A hot-seat game in which a player's lowest card is lower than every row within a few turns."""


def tour_table(size: tuple[int, int], seen: Seen) -> None:
    """The hot-seat turn and row choice, the bots' details, the classic last round."""
    _hotseat_row_choice(size, seen)
    _bot_details(size, seen)
    _last_round(size, seen)


def _hotseat_row_choice(size: tuple[int, int], seen: Seen) -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=HOTSEAT_ROW_CHOICE_SEED, step_delay=0), size=size)
    scene = table(app)
    session = scene.session
    assert session is not None
    look(app)
    key(pygame.K_RETURN)
    look(app)
    key(pygame.K_h)
    key(pygame.K_HOME)
    frames(app)
    seen("hot-seat: a card selected, hints on")
    key(pygame.K_h)
    key(pygame.K_RETURN)
    frames(app)
    assert session.stage is Stage.CURTAIN and scene.source.can_take_back is not None
    seen("hot-seat: the curtain with a take-back button")
    for _ in range(400):
        stage = session.stage
        if stage is Stage.ROW_CHOICE or session.game.is_over:
            break
        if stage is Stage.CURTAIN:
            look(app)
            key(pygame.K_RETURN)
        elif stage is Stage.CHOOSE:
            look(app)
            key(pygame.K_HOME)
            key(pygame.K_RETURN)
        else:
            key(pygame.K_SPACE)
        frames(app)
    assert session.stage is Stage.ROW_CHOICE, "this seed has a hot-seat row choice"
    frames(app)
    seen("hot-seat: rule 4, a player picks a row")
    close_app()


def _bot_details(size: tuple[int, int], seen: Seen) -> None:
    """A bot's details under the mouse, then a crashed bot's (its seat says it now plays randomly)."""
    kinds = ("random", "bot:" + EXAMPLE_BOT, "bot:" + CRASH_BOT, "random")
    app = open_app(PlayOptions(mode="demo", seed=3, step_delay=0, kinds=kinds, think_ms=5), size=size)
    scene = table(app)
    session = scene.session
    assert session is not None
    scene.auto = False
    try:
        run_until(app, lambda _app: session.stage is Stage.REVEALED and bool(session.bot_status(2).disqualified),
                  seconds=30)
        for seat in (1, 2):
            move(table_layout(size).seats[seat].box.center)
            frames(app)
            seen(f"bot details of seat {seat + 1}")
    finally:
        close_app()
        close_all_bots()


def _last_round(size: tuple[int, int], seen: Seen) -> None:
    """A classic game once someone has reached 66: the top bar says this round is the last."""
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=0, rules="classic"), size=size)
    scene = table(app)
    scene.auto = False
    session = scene.session
    assert session is not None
    while max(session.game.scores) < 66 and not session.game.is_over:
        key(pygame.K_SPACE)
        frames(app)
    frames(app)
    seen("classic: the last round")
    close_app()
