"""Issue 25, item 6: a class room whose port is taken opens on the next free port and says so;
a room that cannot open at all says why, and Esc or a click goes back to the menu."""

from __future__ import annotations

import socket
from pathlib import Path

import pygame

from tests.support.app_helpers import click, close_app, frames, key, open_app
from tests.conftest import needs
from classroom.room import DEFAULT_PORT
from scenes.classroom.lobby import LobbyScene
from scenes.menu.scene import MenuScene
from classroom.class_settings import ClassSettings
from scenes.model.options import PlayOptions

pytestmark = [needs("aiohttp"), needs("pygame")]


def test_the_usual_port_taken_opens_the_room_on_the_next_free_one(tmp_path: Path) -> None:
    with socket.socket() as taken:
        try:
            taken.bind(("0.0.0.0", DEFAULT_PORT))
            taken.listen()
        except OSError:
            pass  # something else holds it already: taken either way
        app = open_app(PlayOptions())
        app.ctx.nav.open_class_room(ClassSettings(code="ROOM"))  # the menu's Class game
        try:
            lobby = app.manager.active
            assert isinstance(lobby, LobbyScene) and lobby.server is not None
            port = lobby.server.port
            assert DEFAULT_PORT < port < DEFAULT_PORT + 10
            assert lobby.note.startswith(f"Port {DEFAULT_PORT} is in use (another class game?): this room is on port ")
            assert lobby.note.endswith(f" {port}") and f":{port}" in lobby.join_url
            frames(app)
            pygame.image.save(pygame.display.get_surface(), str(tmp_path / "lobby-other-port.png"))
        finally:
            close_app()


def test_a_room_that_cannot_open_says_why_and_a_click_goes_back_to_the_menu() -> None:
    app = open_app(PlayOptions())  # the menu's Class game, on an address that is not this computer's
    app.ctx.nav.open_class_room(ClassSettings(port=0, host="203.0.113.1", code="ROOM"))
    try:
        lobby = app.manager.active
        assert isinstance(lobby, LobbyScene) and lobby.server is None
        assert lobby.problem.startswith("cannot open the class room on port 0: ")
        click((5, 5))
        frames(app)
        assert isinstance(app.manager.active, MenuScene)
        assert app.exit_code is None
        key(pygame.K_ESCAPE)
    finally:
        close_app()
