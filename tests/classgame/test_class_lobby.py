"""The projector's lobby and class table: the QR code scans, seats are freed and given to
AIs, the game starts by Enter or by itself, late seats are played by an AI, bad options
are one line."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from tests.support.app_helpers import click, key
from tests.support.class_helpers import (
    CODE,
    close_app,
    game_finished,
    in_game,
    lobby_of,
    open_class_app,
    play_clients,
    run_until,
    url_of,
)

from classroom.bridge import SeatPlayed
from classroom.protocol import Play
from classroom.simclient import SimClient
from game.record import parse_record
from scenes.classroom.table import ClassTableScene
from scenes.kit.confirm import ConfirmScene

PROJECT = Path(__file__).resolve().parents[2]
ZBARIMG = shutil.which("zbarimg")


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(ZBARIMG is None, reason="needs zbarimg (Debian: apt-get install zbar-tools)")
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_drawn_qr_code_scans_to_the_join_address_with_the_code(tmp_path: Path, size: tuple[int, int]) -> None:
    """Issue 25, item 10: a scan opens the page with the room code filled in."""
    app = open_class_app(tmp_path / "r.jsonl")
    try:
        pygame.display.set_mode(size)
        app.run_frame(0.0)
        shot = tmp_path / "lobby.png"
        pygame.image.save(pygame.display.get_surface(), str(shot))
        url = url_of(app)
        app.screens.end_lesson()  # the room closes with its lesson
    finally:
        close_app()
    found = subprocess.run([ZBARIMG, "--quiet", "--raw", str(shot)], capture_output=True, text=True, timeout=30)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == f"{url}/?code={CODE}"


def _join(url: str, names: list[str]) -> list[str]:
    """Join ``names`` and leave at once; their secrets."""
    import aiohttp

    async def main() -> list[str]:
        tokens = []
        async with aiohttp.ClientSession() as session:
            for name in names:
                async with session.ws_connect(url + "/ws") as ws:
                    await ws.send_json({"type": "join", "code": CODE, "name": name})
                    async for message in ws:
                        data = message.json()
                        if data["type"] == "welcome":
                            tokens.append(data["token"])
                            break
        return tokens
    return asyncio.run(main())


def test_the_teacher_frees_a_seat_with_a_click_and_starts_with_enter(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "r.jsonl")
    try:
        lobby = lobby_of(app)
        _join(url_of(app), ["Ana", "Ben"])
        room = lobby.room
        assert room is not None
        run_until(app, lambda: [s.name for s in room.seats()][:2] == ["Ana", "Ben"])
        app.run_frame(0.0)
        assert not any(seat.connected for seat in room.seats())  # they left: shown "not connected"
        layout = lobby._layout(pygame.display.get_surface().get_size())
        click(layout.free_buttons[0].center)
        app.run_frame(0.0)
        assert [s.name for s in room.seats()] == ["", "Ben", "", ""]
        room.join(CODE, "Cem")  # a student here now (Ben's phone left: within its grace, still listed)
        key(pygame.K_RETURN)
        app.run_frame(0.0)
        assert in_game(app)
        # only present students are seated: Ben, gone at the start, is not waited for
        assert [seat.kind for seat in app.manager.active.class_session.table.seats] == ["phone", "random", "random", "random"]  # type: ignore[union-attr]
        assert [s.name for s in room.seats()] == ["Cem", "", "", ""]
    finally:
        app.screens.end_session()
        close_app()


@pytest.mark.slow
def test_a_late_student_is_played_by_an_ai_and_the_projector_says_so(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    app = open_class_app(record, start_at=1, time_limit=0.3)
    try:
        ana = SimClient(url_of(app), CODE, "Ana", play=False)  # stays, but never plays
        phone = play_clients([ana])
        run_until(app, lambda: in_game(app), seconds=10)
        scene = app.manager.active
        assert isinstance(scene, ClassTableScene)
        run_until(app, lambda: bool(scene.class_session.notes), seconds=10)
        assert scene.class_session.notes[0] == "Time is up: an AI played for Ana"
        app.run_frame(0.0)
        owners = set()

        def over() -> bool:  # and on every frame: the projector shows no hand
            frame = scene.last_frame
            owners.add(frame.hand_owner if frame is not None else None)
            return game_finished(app)
        run_until(app, over, seconds=60)
        assert owners == {None}
        phone.join()
    finally:
        close_app()
    game = parse_record(record.read_text())
    assert game.mode == "class" and [p.kind for p in game.players] == ["human", "random", "random", "random"]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_teacher_gives_a_seat_to_an_ai_by_clicking_it(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "r.jsonl", start_at=2)
    try:
        url = url_of(app)
        ana = SimClient(url, CODE, "Ana")
        ben = SimClient(url, CODE, "Ben", play=False)  # asleep: never plays
        phones = play_clients([ana, ben])
        run_until(app, lambda: in_game(app), seconds=10)
        scene = app.manager.active
        assert isinstance(scene, ClassTableScene)
        run_until(app, lambda: 1 in scene.class_session.questions, seconds=10)
        session = scene.class_session
        click(scene.layout().seats[1].box.center)
        app.run_frame(0.0)
        assert isinstance(app.manager.active, ConfirmScene)
        card = session.table.game.hand(1)[0]
        session.door.inbox.put(SeatPlayed(1, Play(card)))  # as from Ben's phone
        run_until(app, lambda: card not in session.table.game.hand(1))  # taken in while the question is on screen
        # (and the game goes on under it: Ben may be asked his row already)
        key(pygame.K_n)  # keep Ben
        app.run_frame(0.0)
        assert session.phone_seats == (0, 1)
        run_until(app, lambda: 1 in session.questions)  # the next turn asks Ben again; he sleeps
        click(scene.layout().seats[1].box.center)
        app.run_frame(0.0)
        key(pygame.K_y)
        app.run_frame(0.0)
        assert scene.class_session.phone_seats == (0,)
        assert scene.class_session.notes[-1] == "An AI plays for Ben from now on"
        run_until(app, lambda: game_finished(app), seconds=60)
        phones.join()
    finally:
        close_app()
    assert ana.last_state is not None and ana.last_state["phase"] == "over"
    assert any(message.get("type") == "released" for _, message in ben.received)


@pytest.mark.slow
def test_a_taken_port_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run([sys.executable, "main.py", "class", "--port", str(port), "--exit-at-end"],
                                cwd=PROJECT, capture_output=True, text=True, timeout=60,
                                env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and f"cannot open the class room on port {port}" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["--port", "70000"], "--port must be from 0 to 65535"),
    (["--code", "a b"], "--code: a room code is 2-12 letters or digits"),
    (["--ai", "genius"], "unknown level 'genius' for --ai"),
    (["--start-at", "5"], "--start-at must be from 1 to 4"),
    (["--time-limit", "-1"], "--time-limit must be a number of seconds > 0"),
    (["--time-limit", "nan"], "argument --time-limit: expected a number of seconds, not 'nan'"),
])
@pytest.mark.slow
def test_bad_class_options_are_one_line(args: list[str], message: str) -> None:
    result = subprocess.run([sys.executable, "main.py", "class", *args], cwd=PROJECT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


def test_the_menu_opens_a_class_room_and_esc_closes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import functools

    import scenes.menu.class_button
    from tests.support.app_helpers import open_app
    from classroom.class_settings import ClassSettings

    monkeypatch.setattr(scenes.menu.class_button, "ClassSettings",
                        functools.partial(ClassSettings, port=0, host="127.0.0.1"))  # not the default port
    from scenes.classroom.lobby import LobbyScene
    from scenes.menu.scene import MenuScene
    from scenes.model.options import PlayOptions

    app = open_app(PlayOptions(record=tmp_path / "r.jsonl"))
    try:
        app.run_frame(0.0)
        key(pygame.K_c)
        app.run_frame(0.0)
        lobby = app.manager.active
        assert isinstance(lobby, LobbyScene) and lobby.server is not None
        assert lobby.server.running and lobby.join_url == f"http://127.0.0.1:{lobby.server.port}"
        key(pygame.K_ESCAPE)
        app.run_frame(0.0)
        assert isinstance(app.manager.active, MenuScene)
        assert not lobby.server.running
    finally:
        close_app()


def test_a_record_with_an_unknown_mode_is_refused() -> None:
    from game.engine import Game
    from game.play import make_agents, play_game
    from game.record import PlayerInfo, RecordError, record_game

    game = play_game(Game(seed=3), make_agents(["random"] * 4, 3))
    record = record_game(game, [PlayerInfo(f"P{i}", "random") for i in range(4)], mode="class")
    assert parse_record(record.to_json()).mode == "class"
    assert '"mode"' not in record_game(game, [PlayerInfo(f"P{i}", "random") for i in range(4)]).to_json()
    with pytest.raises(RecordError, match="'mode'"):
        parse_record(record.to_json().replace('"mode":"class"', '"mode":"party"'))


@pytest.mark.slow
def test_main_py_class_plays_a_whole_game_with_four_phones(tmp_path: Path) -> None:
    import os
    import random
    import re

    record = tmp_path / "class.jsonl"
    app = subprocess.Popen([sys.executable, "main.py", "class", "--port", "0", "--code", "ROOM", "--start-at", "4",
                            "--step-delay", "0", "--exit-at-end", "--record", str(record), "--seed", "9"],
                           cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    try:
        assert app.stdout is not None
        line = app.stdout.readline()
        found = re.fullmatch(r"class room ROOM: join at (http://\S+?:(\d+))(?: or .*)?\n", line)
        assert found, line
        url = f"http://127.0.0.1:{found.group(2)}"
        phones = [SimClient(url, "room", name, rng=random.Random(i)) for i, name in enumerate("ABCD")]
        play_clients(phones).join(60)
        assert app.wait(60) == 0, app.stderr.read() if app.stderr else ""
    finally:
        app.kill()
        app.wait()
    game = parse_record(record.read_text())
    assert game.mode == "class" and game.seed == 9 and [p.name for p in game.players] == list("ABCD")
    assert all(phone.last_state is not None and phone.last_state["phase"] == "over" for phone in phones)
