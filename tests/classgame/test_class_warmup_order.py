"""Issue 49: the lobby's choices and the warm-up in any order give what the README promises.
``class --class 7b --puzzles 1`` opens a room of one table with its warm-up at once; eight raw phones
join during the warm-up (four seats, four watchers); after it the teacher chooses many tables (T) and
everyone predicts (P): every phone that joined plays at a table."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from tests.support.app_helpers import key
from tests.support.class_helpers import CODE, close_app, lobby_of, open_class_app, play_clients, run_until
from tests.support.puzzle_positions import card_puzzle

from classroom.simclient import SimClient, phone_address
from store.history import open_history
from store.puzzles import add_puzzles
from scenes.classroom.lobby import LobbyScene
from scenes.classroom.room_results import RoomResultsScene
from scenes.classroom.warmup import WarmupScene

pytestmark = pytest.mark.slow  # a server, eight phones and a whole room of tables

NAMES = ("Ana", "Ben", "Cem", "Dee", "Eda", "Fin", "Gul", "Hal")


def test_students_who_joined_during_the_warm_up_play_when_many_tables_are_chosen_after_it(tmp_path: Path) -> None:
    with open_history(import_legacy=False) as history:
        add_puzzles(history, [card_puzzle()])
    app = open_class_app(tmp_path / "lesson.jsonl", puzzles=1, class_name="7b", seed=3, predict=None,
                         report_dir=tmp_path / "reports")
    try:
        scene = app.manager.active
        assert isinstance(scene, WarmupScene) and lobby_of_below(app).room.seat_count == 4
        clients = [SimClient(url_of_lobby(app), CODE, name, rng=random.Random(index), address=phone_address(index))
                   for index, name in enumerate(NAMES)]
        phones = play_clients(clients)
        run_until(app, lambda: scene.last_frame.answered == len(NAMES) and scene.last_frame.asked == len(NAMES),
                  seconds=60)
        assert lobby_of_below(app).room.spectator_count() == 4  # (one table: four seats, four watch)
        key(pygame.K_SPACE)  # the class's answers
        run_until(app, lambda: all(client.puzzle_verdicts for client in clients))
        key(pygame.K_SPACE)  # the warm-up is over: the lobby
        run_until(app, lambda: isinstance(app.manager.active, LobbyScene))
        key(pygame.K_t)  # many tables
        key(pygame.K_p)  # everyone predicts
        run_until(app, lambda: lobby_of(app).room.spectator_count() == 0 and lobby_of(app).settings.predict is True)
        key(pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=240, dt=None)
        for client in clients:
            asked = [state for state in client.states if state.get("ask") == "card"]  # a seat at a table, not watching
            assert asked and asked[-1]["table"] is not None, client.name
        phones.join(30)
    finally:
        close_app()


def lobby_of_below(app: object) -> LobbyScene:
    """The lobby under the warm-up."""
    lobby = app.manager.stack[-2]  # type: ignore[attr-defined]
    assert isinstance(lobby, LobbyScene), lobby
    return lobby


def url_of_lobby(app: object) -> str:
    return f"http://127.0.0.1:{lobby_of_below(app).server.port}"  # type: ignore[union-attr]
