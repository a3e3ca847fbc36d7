"""Issue 49, item 2: a room of class 7b closed in its lobby leaves no lesson of the class, and the
menu's Class game then opens the class's next room (its name, its many tables), whatever the
last room did."""

from __future__ import annotations

import pygame
import pytest

from classroom.tables import AUTO
from store.history import open_history
from store.lessons import lessons
from scenes.classroom.lobby import LobbyScene
from scenes.menu.class_button import open_class_game
from scenes.menu.scene import MenuScene
from classroom.class_settings import ClassSettings
from scenes.model.options import PlayOptions
from tests.conftest import needs
from tests.support.app_helpers import close_app, frames, key, open_app

pytestmark = [needs("aiohttp"), needs("pygame")]


@pytest.mark.slow
def test_a_room_closed_in_its_lobby_leaves_no_lesson_and_the_next_room_is_the_class_s() -> None:
    app = open_app(PlayOptions())
    try:
        app.ctx.nav.open_class_room(ClassSettings(code="ROOM", port=0, class_name="7b", tables=AUTO))
        lobby = app.manager.active
        assert isinstance(lobby, LobbyScene) and lobby.server is not None
        frames(app)
        key(pygame.K_ESCAPE)  # closed before anything happened
        frames(app)
        assert isinstance(app.manager.active, MenuScene)
        open_class_game(app.ctx, "classic")  # the menu's Class game
        again = app.manager.active
        assert isinstance(again, LobbyScene)
        assert again.settings.class_name == "7b" and again.settings.many_tables
        key(pygame.K_ESCAPE)
        frames(app)
    finally:
        close_app()
    with open_history(import_legacy=False) as history:
        assert lessons(history) == []
