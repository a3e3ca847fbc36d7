"""A class game goes on under the join code (issue 52): the teacher shows the join QR code again
(key Q) for a late student, and the game underneath keeps placing cards at its pace - one
table's game to its end, or the table of a room the projector had open full-size - exactly as
when no screen covers it; closing the code shows where the game is now.

The app runs headless on the test's thread, the phones are simulated beside it (real
WebSockets); every wait is on the game's own state, with a deadline only a hang reaches."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from classroom.simclient import SimClient
from scenes.classroom.join_again import JoinAgainScene
from scenes.classroom.overview import overview_layout
from scenes.classroom.room_results import RoomResultsScene
from scenes.classroom.table import ClassTableScene
from live.session import Stage
from tests.conftest import needs
from tests.support.app_helpers import click, key
from tests.support.class_helpers import (CODE, close_app, game_finished, in_game, lobby_of, open_class_app,
                                         play_clients, run_until, url_of)
from test_class_tables import room_of_two_tables

pytestmark = [needs("aiohttp"), needs("pygame"), pytest.mark.slow]


@pytest.fixture(autouse=True)
def display():  # type: ignore[no-untyped-def]
    yield
    close_app()


def covered_by_the_join_code(app) -> bool:  # type: ignore[no-untyped-def]
    assert isinstance(app.manager.active, JoinAgainScene), "the join code stays until a key closes it"
    return True


def test_one_tables_game_plays_to_its_end_under_the_join_code(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=5, step_delay=0.05)
    url = url_of(app)
    phones = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Ana", "Ben"))]
    playing = play_clients(phones)
    run_until(app, lambda: len(lobby_of(app).server.room.taken_seats()) == 2)  # type: ignore[union-attr]
    lobby_of(app).start()
    run_until(app, lambda: in_game(app))
    table = app.manager.active
    assert isinstance(table, ClassTableScene)
    session = table.class_session
    key(pygame.K_q)
    app.run_frame(0.02)
    shown = len(session.table.states)
    run_until(app, lambda: covered_by_the_join_code(app) and session.table.stage is Stage.OVER, seconds=180)
    assert session.table.game.is_over and len(session.table.states) > shown, "the placements went on under the code"
    key(pygame.K_SPACE)  # the code closes: the table shows the end, then the results
    run_until(app, lambda: game_finished(app), seconds=60)
    playing.join(30)
    assert all(phone.last_state is not None and phone.last_state["phase"] == "over" for phone in phones)


def test_a_rooms_open_table_goes_on_under_the_join_code(tmp_path: Path) -> None:
    app, background = room_of_two_tables(tmp_path)
    tables = app.manager.active.tables
    click(overview_layout(pygame.display.get_surface().get_size(), 2).tiles[1].center)
    app.run_frame(0.02)
    opened = app.manager.active
    assert isinstance(opened, ClassTableScene) and tables.opened == 1
    key(pygame.K_q)
    app.run_frame(0.02)
    assert tables.opened is None, "covered, the open table is paced like every other"
    run_until(app, lambda: covered_by_the_join_code(app) and all(s.table.stage is Stage.OVER for s in tables.sessions),
              seconds=180, dt=None)
    key(pygame.K_SPACE)
    app.run_frame(0.02)
    assert app.manager.active is opened and tables.opened == 1
    key(pygame.K_ESCAPE)
    run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=60)
    key(pygame.K_ESCAPE)
    app.run_frame(0.02)
    background.join(30)
