"""Issue 25, item 3: "New deal" after a class game plays in the same room: the same code and
port, the students in their seats, their phones showing the new hands without rejoining."""

from __future__ import annotations

import pytest

import random
from pathlib import Path

import pygame

from tests.support.app_helpers import key
from tests.support.class_helpers import (CODE, close_app, game_finished, in_game, lobby_of, open_class_app, play_clients,
                           run_until, url_of)
from tests.conftest import needs
from classroom.simclient import SimClient
from scenes.classroom.table import ClassTableScene

pytestmark = [needs("aiohttp"), needs("pygame")]


@pytest.mark.slow
def test_new_deal_keeps_the_room_its_code_and_the_phones_in_their_seats(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=5)
    try:
        url = url_of(app)
        phones = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Ana", "Ben"))]
        playing = play_clients(phones)  # plays until the first game is over
        run_until(app, lambda: len(lobby_of(app).server.room.taken_seats()) == 2  # type: ignore[union-attr]
                  and all(phone.token for phone in phones))  # each phone has read its welcome (its seat)
        lobby = lobby_of(app)
        server, seats = lobby.server, {phone.name: phone.seat for phone in phones}
        lobby.start()
        run_until(app, lambda: game_finished(app), seconds=120)
        playing.join(30)
        first_hands = {phone.name: phone.states[1]["hand"] for phone in phones}
        key(pygame.K_p)  # New deal
        run_until(app, lambda: in_game(app))
        again = [SimClient(url, CODE, phone.name, rng=random.Random(7), token=phone.token)
                 for phone in phones]  # the same phones, reconnecting with their secrets
        second = play_clients(again)  # once the new deal is on: a phone back on the last results would stop there
        table = app.manager.active
        assert isinstance(table, ClassTableScene)
        assert table.class_session.door.server is server and server.running and server.room.code == CODE
        assert [seat.name for seat in table.class_session.table.seats][:2] == ["Ana", "Ben"]

        def first_ask(phone: SimClient) -> dict | None:
            """The new game's first card asked of ``phone`` (it may have played it since: a loaded
            machine shows the test a later state)."""
            return next((s for s in phone.states if s.get("ask") == "card" and s.get("phase") == "playing"), None)

        run_until(app, lambda: all(first_ask(p) is not None for p in again))
        for phone in again:
            assert phone.seat == seats[phone.name]
            assert len(first_ask(phone)["hand"]) == 10  # type: ignore[index]
        assert {p.name: first_ask(p)["hand"] for p in again} != first_hands  # type: ignore[index]  # a new deal
        run_until(app, lambda: game_finished(app), seconds=120)
        second.join(30)
    finally:
        close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_q_shows_the_join_qr_code_again_big_and_any_key_goes_back(tmp_path: Path) -> None:
    """Issue 25, item 12: a late student scans the code from the projector during the game."""
    import shutil
    import subprocess

    from scenes.classroom.join_again import JoinAgainScene

    app = open_class_app(tmp_path / "class.jsonl", seed=5)
    try:
        url = url_of(app)
        lobby_of(app).start()
        run_until(app, lambda: in_game(app))
        table = app.manager.active
        key(pygame.K_q)
        app.run_frame(0.02)
        shown = app.manager.active
        assert isinstance(shown, JoinAgainScene) and shown.qr_text == f"{url}/?code={CODE}"
        shot = tmp_path / "join-again.png"
        pygame.image.save(pygame.display.get_surface(), str(shot))
        zbarimg = shutil.which("zbarimg")
        if zbarimg is not None:
            found = subprocess.run([zbarimg, "--quiet", "--raw", str(shot)], capture_output=True, text=True,
                                   timeout=30)
            assert found.stdout.strip() == f"{url}/?code={CODE}"
        key(pygame.K_SPACE)
        app.run_frame(0.02)
        assert app.manager.active is table
    finally:
        close_app()
