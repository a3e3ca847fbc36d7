"""The class game's projector screens for the screen tour: the lobby with students joined (one
phone not connected, one watching), the class table waiting for their phones and its question
(give a seat to an AI), a ten-seat classic lobby that starts by itself, and the lobby that could
not open its port."""

from __future__ import annotations

import socket
from typing import Any, Callable

import pygame
from tests.support.app_helpers import click, close_app, frames, key, open_app, settle_thinking
from tests.support.waiting import eventually

from scenes.app import App
from classroom.class_settings import ClassSettings
from scenes.classroom.table import ClassTableScene
from scenes.classroom.lobby import LobbyScene, lobby_scene
from scenes.model.options import PlayOptions

Seen = Callable[[str], None]
STUDENTS = ("Ana", "Maximiliano Fernandez", "Zoe")


def tour_class(size: tuple[int, int], seen: Seen) -> None:
    """The lobbies: snap with three students, classic with ten seats, and one that cannot open."""
    app = _lobby_app(size, ClassSettings(port=0, host="127.0.0.1", code="K7QP"))
    _students_join(app)
    seen("class lobby")
    _class_table(app, seen)
    _class_predicts(size, seen)
    _many_tables(size, seen)
    _lobby_locked(size, seen)
    _class_games_kept(size, seen)
    app = _lobby_app(size, ClassSettings(port=0, host="127.0.0.1", code="K7QP", rules="classic", start_at=9))
    key(pygame.K_MINUS)  # ten seats to nine, then back: the keys the footer names
    key(pygame.K_PLUS)
    _students_join(app)
    seen("class lobby: ten seats, starts by itself")
    _close(app)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        app = open_app(PlayOptions(), size=size)  # the menu's Class game: the lobby says why it cannot open
        app.screens.show_lobby(lobby_scene(app.ctx, ClassSettings(port=taken.getsockname()[1], host="127.0.0.1")))
        frames(app)
        assert _lobby(app).server is None
        seen("class lobby: the port is taken")
        _close(app)


def _class_table(app: App, seen: Seen) -> None:
    """The game starts; the phones never answer: the table waits for them."""
    lobby = _lobby(app)
    lobby.start()
    scene = app.manager.active
    assert isinstance(scene, ClassTableScene), scene
    session = scene.class_session
    frames_until(app, lambda: session.questions, "the phones asked for cards")
    frames(app, 2)
    seen("class table: waiting for the phones")
    click(scene.layout().seats[0].box.center)
    frames(app)
    seen("class table: give a seat to an AI")
    key(pygame.K_y)
    frames(app, 3)
    seen("class table: a seat given to an AI")
    session.close()
    close_app()


def _class_predicts(size: tuple[int, int], seen: Seen) -> None:
    """The class predicts (one phone watching; AIs at the table): the projector shows the question
    and how many have answered, then the class's answers beside the true one."""
    app = _lobby_app(size, ClassSettings(port=0, host="127.0.0.1", code="K7QP", predict=True, seed=4))
    lobby = _lobby(app)
    assert lobby.server is not None
    lobby.server.connections.watching = {"secret": "Eli"}  # (as a connected watcher's phone is listed)
    lobby.start()
    scene = app.manager.active
    assert isinstance(scene, ClassTableScene), scene
    predictions = scene.class_session.predictions
    assert predictions is not None
    frames_until(app, lambda: predictions.open is not None, "a question to predict")
    frames(app, 2)
    assert scene.class_predict_frame.question
    seen("class table: the class predicts")
    predictions.answer("watch:secret", 1)
    frames_until(app, lambda: scene.class_predict_frame.counts, "the class's answers")
    assert scene.class_predict_frame.counts
    seen("class table: the class's answers")
    _to_the_results(app, predictions)
    seen("class results: the class predicted")
    app.screens.end_lesson()
    close_app()


def _to_the_results(app: App, predictions: Any) -> None:
    """The watcher answers every question (row 1) until the game's results show."""
    from scenes.classroom.table_results import ClassResultsScene

    def answered_to_the_results() -> bool:
        if predictions.open is not None:
            predictions.answer("watch:secret", 0)
        return isinstance(app.manager.active, ClassResultsScene)
    frames_until(app, answered_to_the_results, "the class results")
    frames(app, 2)


def _many_tables(size: tuple[int, int], seen: Seen) -> None:
    """A room of many tables: 14 students join, the overview waits for their phones, one table
    opens full-size; then AIs take every seat and the class results follow."""
    from scenes.classroom.overview import OverviewScene
    from scenes.classroom.room_results import RoomResultsScene

    app = _lobby_app(size, ClassSettings(port=0, host="127.0.0.1", code="K7QP", tables=0, seed=5, predict=True))
    room = _lobby(app).room
    assert room is not None
    for number in range(14):
        room.join(room.code, ("Maximiliano Fernandez", "Ana", "Zoe")[number % 3] + f" {number + 1}")
    frames(app, 2)
    seen("class lobby: many tables")
    key(pygame.K_RETURN)
    frames(app, 3)
    overview = app.manager.active
    assert isinstance(overview, OverviewScene), overview
    seen("class overview: the tables wait for their phones")
    key(pygame.K_2)
    frames(app, 3)
    seen("class overview: a table opened")
    key(pygame.K_ESCAPE)
    frames(app, 2)
    for session in overview.tables.sessions:
        for seat in session.phone_seats:
            session.give_to_ai(seat)
    frames_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), "the class results", dt=0.5)
    seen("class results of many tables")
    overview.tables.close()
    close_app()


def _lobby_locked(size: tuple[int, int], seen: Seen) -> None:
    """A room of many tables for 30 students, most of them behind one address (a school's network),
    locked by the teacher (K); then a one-table lobby locked too (its Lock button lit)."""
    app = _lobby_app(size, ClassSettings(port=0, host="127.0.0.1", code="K7QP", tables=0, students=30))
    room = _lobby(app).room
    assert room is not None
    for number in range(12):
        room.join(room.code, ("Maximiliano Fernandez", "Ana", "Zoe")[number % 3] + f" {number + 1}", "10.1.2.3")
    room.join(room.code, "Cem", "10.1.2.77")
    key(pygame.K_k)
    frames(app, 2)
    assert room.locked
    seen("class lobby: many tables, locked, many from one address")
    _close(app)
    app = _lobby_app(size, ClassSettings(port=0, host="127.0.0.1", code="K7QP"))
    _students_join(app)
    key(pygame.K_k)
    frames(app, 2)
    seen("class lobby: locked")
    _close(app)


def _class_games_kept(size: tuple[int, int], seen: Seen) -> None:
    """The scoreboard once class games were played (their lesson reports named under the list),
    and the replay of the newest, a table of a room of many."""
    from scenes.scoreboard.scene import ScoreboardScene
    from scenes.table import TableScene

    app = open_app(PlayOptions(), size=size)
    frames(app)
    key(pygame.K_s)
    frames(app)
    board = app.manager.active
    assert isinstance(board, ScoreboardScene) and board.lessons, board
    seen("scoreboard: class games and their lesson reports")
    key(pygame.K_RETURN)
    frames(app, 3)
    assert isinstance(app.manager.active, TableScene) and app.manager.active.info.mode == "class"
    seen("replay of a class game")
    close_app()


def frames_until(app: App, done: Callable[[], object], what: str, dt: float = 0.05) -> None:
    """Frames of ``dt`` seconds until ``done()``; after each, the computer players' decisions asked
    are waited for (they think on a thread of their own: see :func:`settle_thinking`)."""
    def frame() -> None:
        frames(app, 1, dt)
        settle_thinking(app)
    eventually(done, seconds=300, what=what, between=frame, pause=0)


def _lobby_app(size: tuple[int, int], settings: ClassSettings) -> App:
    from dataclasses import replace

    settings = replace(settings, reviews=False)  # (the screens, not the students' reviews: no worker processes)
    app = open_app(PlayOptions(class_game=settings, step_delay=0), size=size)
    frames(app)
    return app


def _lobby(app: App) -> LobbyScene:
    scene = app.manager.active
    assert isinstance(scene, LobbyScene), scene
    return scene


def _students_join(app: App) -> None:
    room = _lobby(app).room
    assert room is not None
    for name in STUDENTS:
        room.join(room.code, name)
    room.disconnected(1)
    room.started = True  # a late phone watches
    room.join(room.code, "Late")
    room.started = False
    frames(app, 2)


def _close(app: App) -> None:
    app.screens.end_lesson()
    close_app()
