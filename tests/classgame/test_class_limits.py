"""One student cannot stop the lesson: the class server's limits hold per resource, not per
WebSocket (real loopback sockets; several phones are told apart by their loopback address,
127.0.x.y, as phones on the room's Wi-Fi are by theirs).

No test here sleeps a fixed time or asserts a wall-clock bound: each waits for the event it
needs (with a generous deadline that only a hang reaches) and counts what happened."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from tests.support.waiting import eventually

import aiohttp
import pytest

from tests.conftest import needs
from classroom.room import Room, RoomError
from classroom.server import ClassServer, Limits
from classroom.guard import OWN_FILES

pytestmark = needs("aiohttp")

CODE = "TEST"
PROJECT = Path(__file__).resolve().parents[2]


def wait_for(done: Callable[[], bool], seconds: float = 20.0) -> None:
    """Until ``done()``; a hang fails after ``seconds`` (never reached when all is well)."""
    eventually(done, seconds=seconds)


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def serve(room: Room, **limits: Any) -> ClassServer:
    server = ClassServer(room, host="127.0.0.1", port=0, limits=Limits(**limits))
    server.start()
    return server


def session_from(address: str) -> aiohttp.ClientSession:
    """A browser on the phone whose address is ``address``."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=0))


async def receive(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        message = await ws.receive(timeout=20)
        assert message.type == aiohttp.WSMsgType.TEXT, message
        data = json.loads(message.data)
        if data["type"] == kind:
            return data


async def close_code(ws: aiohttp.ClientWebSocketResponse) -> int | None:
    """Read until the server closes; the code of its close frame."""
    while True:
        message = await ws.receive(timeout=20)
        if message.type == aiohttp.WSMsgType.CLOSE:
            return int(message.data)
        if message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            return ws.close_code


# ------------------------------------------------------------ watchers
@pytest.mark.slow
def test_three_hundred_watchers_from_one_laptop_never_lock_out_a_seat_a_watcher_or_a_new_student() -> None:
    room = Room(2, CODE)
    server = serve(room, max_watchers=100, joins_per_second=1000.0)  # (the pacing of joins: tested apart)
    try:
        async def scenario() -> None:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with session_from("127.0.0.2") as ana_phone, session_from("127.0.0.3") as laptop, \
                    session_from("127.0.0.4") as cem_phone, session_from("127.0.0.8") as eli_phone:
                async with ana_phone.ws_connect(url) as ana:
                    await ana.send_json({"type": "join", "code": CODE, "name": "Ana"})
                    token = (await receive(ana, "welcome"))["token"]
                    room.start()  # the game runs (Ana here: she is seated): whoever joins now watches
                eli = await eli_phone.ws_connect(url)  # an honest watcher, on an address of its own
                await eli.send_json({"type": "join", "code": CODE, "name": "Eli"})
                eli_token = (await receive(eli, "welcome"))["token"]
                watchers = []
                for i in range(300):
                    ws = await laptop.ws_connect(url)
                    await ws.send_json({"type": "join", "code": CODE, "name": f"W{i}"})
                    watchers.append(ws)
                await receive(watchers[-1], "welcome")
                assert server.watcher_count <= server.limits.max_watchers
                assert eli_token in server.watching  # the laptop made room with its own watchers only
                async with ana_phone.ws_connect(url) as back:  # Ana's seat comes back
                    await back.send_json({"type": "resume", "token": token})
                    assert (await receive(back, "welcome"))["seat"] == 0
                async with cem_phone.ws_connect(url) as cem:  # a new student still gets in
                    await cem.send_json({"type": "join", "code": CODE, "name": "Cem"})
                    assert (await receive(cem, "welcome"))["name"] == "Cem"
                for ws in [eli, *watchers]:
                    await ws.close()
        run(scenario())
        wait_for(lambda: server.watcher_count == 0 and room.spectator_count() == 0)  # their memory is freed
    finally:
        server.stop()


@pytest.mark.slow
def test_sixty_watchers_behind_one_address_all_watch_at_once() -> None:
    """A class behind a school's NAT: one address, and every phone watches (no phone pushes
    another out while the room has places)."""
    room = Room(1, CODE)
    room.start()
    server = serve(room)
    try:
        async def scenario() -> None:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with session_from("127.0.0.9") as school:
                watchers = [await school.ws_connect(url) for _ in range(60)]
                for i, ws in enumerate(watchers):
                    await ws.send_json({"type": "join", "code": CODE, "name": f"W{i}"})
                for ws in watchers:
                    assert (await receive(ws, "welcome"))["seat"] is None
                assert server.watcher_count == 60 and server.connections.refused == 0
                for ws in watchers:
                    await ws.close()
        run(scenario())
    finally:
        server.stop()


def test_the_room_keeps_its_longest_watchers_within_its_cap_and_lets_the_oldest_go() -> None:
    room = Room(1, CODE)
    server = serve(room, max_watchers=5)
    room.start()
    try:
        async def scenario() -> None:
            url = f"http://127.0.0.1:{server.port}/ws"
            sessions = [session_from(f"127.0.2.{i + 1}") for i in range(8)]
            try:
                sockets = []
                for i, session in enumerate(sessions):
                    ws = await session.ws_connect(url)
                    await ws.send_json({"type": "join", "code": CODE, "name": f"W{i}"})
                    await receive(ws, "welcome")
                    sockets.append(ws)
                for ws in sockets[:3]:  # the three longest-watching made room
                    assert (await receive(ws, "released"))["message"]
                    assert await close_code(ws) == 1008
                assert server.watcher_count == 5
                for ws in sockets:
                    await ws.close()
            finally:
                await asyncio.gather(*(session.close() for session in sessions))
        run(scenario())
    finally:
        server.stop()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_sockets_that_never_join_cannot_hold_the_room() -> None:
    room = Room(4, CODE)
    server = serve(room, max_connections=40)
    try:
        async def scenario() -> None:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with session_from("127.0.0.5") as laptop, session_from("127.0.0.6") as phone, \
                    session_from("127.0.0.10") as slow_typer:
                waiting = await slow_typer.ws_connect(url)  # a student's socket, opened before the flood
                silent = [await laptop.ws_connect(url) for _ in range(100)]  # never join
                async with phone.ws_connect(url) as ana:
                    await ana.send_json({"type": "join", "code": CODE, "name": "Ana"})
                    assert (await receive(ana, "welcome"))["seat"] == 0
                    assert server.connection_count <= server.limits.max_connections
                # the laptop made room with its own sockets only: the student's still joins
                await waiting.send_json({"type": "join", "code": CODE, "name": "Ben"})
                assert (await receive(waiting, "welcome"))["seat"] == 1
                for ws in [waiting, *silent]:
                    await ws.close()
        run(scenario())
    finally:
        server.stop()


# ------------------------------------------------------------ guesses and floods
def test_a_few_wrong_codes_close_the_connection() -> None:
    server = serve(Room(4, CODE))
    try:
        async def scenario() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                    for guess in ("AAAA", "BBBB", "CCCC"):
                        await ws.send_json({"type": "join", "code": guess, "name": "Eve"})
                        assert (await receive(ws, "error"))["message"] == "wrong room code"
                    assert await close_code(ws) == 1008
        run(scenario())
    finally:
        server.stop()


@pytest.mark.slow
def test_guesses_from_one_address_are_slowed_to_twenty_a_second_whatever_the_connections() -> None:
    server = serve(Room(4, CODE))
    answered = 0
    try:
        async def guesser(session: aiohttp.ClientSession, url: str, stop: float) -> None:
            nonlocal answered
            while time.monotonic() < stop:
                async with session.ws_connect(url) as ws:
                    for _ in range(server.limits.wrong_codes):
                        await ws.send_json({"type": "join", "code": "ZZZZ", "name": "Eve"})
                        message = await ws.receive(timeout=30)
                        if message.type != aiohttp.WSMsgType.TEXT or time.monotonic() >= stop:
                            break
                        answered += 1

        async def scenario() -> float:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with session_from("127.0.0.7") as laptop:
                started = time.monotonic()
                await asyncio.gather(*(guesser(laptop, url, started + 2.0) for _ in range(20)))
                return time.monotonic() - started
        elapsed = run(scenario())
    finally:
        server.stop()
    rate = server.limits.joins_per_second
    # the bucket's burst, then its rate: load can only make it fewer
    assert 0 < answered <= rate + rate * elapsed + 1, (answered, elapsed)


def test_binary_frames_count_against_the_rate_limit_and_close_with_1008() -> None:
    server = serve(Room(4, CODE))
    try:
        async def scenario() -> int:
            replies = 0
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                    await ws.send_json({"type": "join", "code": CODE, "name": "Ana"})
                    await receive(ws, "welcome")
                    for _ in range(2000):
                        if ws.closed:
                            break
                        try:
                            await ws.send_bytes(b"\x00" * 16)
                        except ConnectionError:
                            break
                    while True:
                        message = await ws.receive(timeout=20)
                        if message.type == aiohttp.WSMsgType.TEXT:
                            replies += json.loads(message.data)["type"] == "error"
                            continue
                        assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 1008, message
                        return replies
        replies = run(scenario())
    finally:
        server.stop()
    assert replies <= server.limits.burst + 2


# ------------------------------------------------------------ seats belong to present students
@pytest.mark.slow
def test_a_seat_whose_phone_left_before_the_start_is_freed_after_the_grace() -> None:
    room = Room(10, CODE)
    server = serve(room, seat_grace=0.5)
    try:
        async def ghosts() -> None:
            async with aiohttp.ClientSession() as session:
                for i in range(10):  # join, then close at once
                    async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                        await ws.send_json({"type": "join", "code": CODE, "name": f"Ghost {chr(65 + i)}"})
                        await receive(ws, "welcome")
        run(ghosts())
        wait_for(lambda: room.connected_seats() == ())  # what --start-at counts: nobody is here
        wait_for(lambda: not any(seat.taken for seat in room.seats()))

        async def student() -> dict[str, Any]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                    await ws.send_json({"type": "join", "code": CODE, "name": "Ana"})
                    return await receive(ws, "welcome")
        assert run(student())["seat"] == 0  # a real student sits, not watches
    finally:
        server.stop()


def test_a_seat_that_comes_back_within_the_grace_keeps_its_student() -> None:
    clock = [0.0]
    room = Room(4, CODE, clock=lambda: clock[0])
    ana = room.join(CODE, "Ana")
    room.disconnected(0)
    clock[0] = 9.0
    assert room.free_absent(10.0) == ()
    assert room.resume(ana.token).seat == 0
    room.disconnected(0)
    clock[0] = 30.0
    assert room.free_absent(10.0) == (0,)
    assert not room.seats()[0].taken


@pytest.mark.parametrize("second", ["Ana", "ana", "ANA", "Ána", " ana ", "A\u0301na", "ＡＮＡ"])
def test_a_name_is_unique_in_the_room_whatever_its_case_and_accents(second: str) -> None:
    room = Room(4, CODE)
    room.join(CODE, "Ana")
    with pytest.raises(RoomError, match="already in the room"):
        room.join(CODE, second)


@pytest.mark.parametrize("name", ["!!!", "...", "\u0301\u0301", "- _ -"])
def test_a_name_needs_a_visible_letter_or_digit(name: str) -> None:
    with pytest.raises(RoomError, match="letter or a digit"):
        Room(4, CODE).join(CODE, name)


@pytest.mark.parametrize("name", ["AI 1", "ai2", "AI  10", "Ai 3"])
def test_a_name_cannot_look_like_a_computer_seat(name: str) -> None:
    with pytest.raises(RoomError, match="computer seat"):
        Room(4, CODE).join(CODE, name)


def test_names_are_normalised_and_their_combining_marks_capped() -> None:
    room = Room(4, CODE)
    assert room.join(CODE, "Jose\u0301").name == "Jos\u00e9"  # NFC
    zalgo = room.join(CODE, "Z" + "\u0300" * 30 + "oe")
    assert zalgo.name == "Z\u0300\u0300\u0300oe"
    assert room.join(CODE, "AIden").name == "AIden" and room.join(CODE, "R2").name == "R2"


def test_a_refused_name_reaches_the_phone_in_the_class_language() -> None:
    from game import i18n
    from scenes.model.language import translations

    i18n.install("de", translations("de"))
    room = Room(4, CODE)
    server = serve(room)
    try:
        async def scenario() -> str:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                    await ws.send_json({"type": "join", "code": CODE, "name": "Ana"})
                    await receive(ws, "welcome")
                    async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as twin:
                        await twin.send_json({"type": "join", "code": CODE, "name": "ANA"})
                        return str((await receive(twin, "error"))["message"])
        message = run(scenario())
    finally:
        server.stop()
    assert "ANA" in message and "already" not in message


# ------------------------------------------------------------ the terminal
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_malformed_requests_are_a_few_lines_never_a_traceback() -> None:
    server = serve(Room(4, CODE))
    stream = io.StringIO()
    server.terminal.stream = stream
    started = time.monotonic()
    try:
        for i in range(200):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
                sock.sendall(b"\x16\x03\x01 NOT HTTP %d\r\n\r\n" % i if i % 2 else b"GET / HTTP/9.9\r\nX\r\n\r\n")
                try:
                    while sock.recv(4096):
                        pass
                except OSError:
                    pass
    finally:
        server.stop()
    elapsed = time.monotonic() - started
    text = stream.getvalue()
    assert "Traceback" not in text
    lines = text.splitlines()
    rate = server.limits.log_lines_per_second
    assert len(lines) <= rate + rate * elapsed + 1, (len(lines), elapsed)
    assert all(line.startswith("class server:") for line in lines)


# ------------------------------------------------------------ slow page requests
@pytest.mark.slow
@pytest.mark.slow
@needs("pygame")
def test_a_phone_loads_the_page_while_1100_half_sent_requests_are_held(tmp_path: Path) -> None:
    """The real app (``main.py class``) under the usual file limit of 1024."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2400:
        pytest.skip("this test opens 1,100 sockets of its own beside the server's 1024")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2400), hard))

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(tmp_path))
    app = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), "class", "--port", "0", "--code", CODE],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=limit_files,
                           text=True)
    held: list[socket.socket] = []
    try:
        assert app.stdout is not None
        port = int(re.search(r":(\d+)", app.stdout.readline()).group(1))  # type: ignore[union-attr]
        for _ in range(1100):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=10)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
                held.append(sock)
            except OSError:
                pass  # the server closed one of ours to make room: fine
        page = aiohttp_get(f"http://127.0.0.1:{port}/")
        assert "<html" in page
    finally:
        for sock in held:
            sock.close()
        app.terminate()
        _, err = app.communicate(timeout=60)
    assert "Traceback" not in err
    assert len(err.splitlines()) < 60, err[-2000:]


def aiohttp_get(url: str) -> str:
    """A phone's page load (with a phone's patience: it gives up after 10 s)."""
    async def get() -> str:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
            async with session.get(url) as response:
                assert response.status == 200
                return await response.text()
    return str(asyncio.run(get()))


@pytest.mark.parametrize("open_files", [256, 1024, 4096])
def test_the_limits_leave_the_app_its_files_beside_a_whole_burst_of_accepted_connections(open_files: int) -> None:
    """The server accepts up to its backlog at once before the guard counts them: connections the
    guard allows, a whole burst and the app's own files (its typeface at each size) fit the limit."""
    limits = Limits().fitted(open_files)
    assert limits.max_http + limits.backlog + OWN_FILES <= open_files
    assert limits.backlog >= 16 and limits.max_connections <= limits.max_http
