"""The class server over real loopback sockets: a whole game of simulated phones, and
hostile input (traversal, wrong codes, garbage, floods, oversize messages, many sockets)."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from tests.support.class_helpers import (
    CODE,
    cards_in,
    close_app,
    game_finished,
    in_game,
    lobby_of,
    open_class_app,
    play_clients,
    run_until,
    url_of,
)

from classroom.bridge import SeatJoined, SeatPlayed
from classroom.protocol import Play
from classroom.room import Room
from classroom.server import ClassServer, Limits
from classroom.simclient import SimClient
from game.record import parse_record


# ------------------------------------------------------------ a whole game
@pytest.mark.slow
def test_three_phones_and_a_spectator_play_a_whole_game_and_see_only_their_own_hands(tmp_path: Path) -> None:
    record_file = tmp_path / "class.jsonl"
    app = open_class_app(record_file, seed=7)
    try:
        url = url_of(app)
        phones = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Ana", "Ben", "Cy"))]
        background = play_clients(phones)
        run_until(app, lambda: len(lobby_of(app).server.room.taken_seats()) == 3)  # type: ignore[union-attr]
        room = lobby_of(app).server.room  # type: ignore[union-attr]
        lobby_of(app).start()
        assert in_game(app)
        watcher = SimClient(url, "test", "Watcher", play=False)  # joins after the start (any case of the code)
        watching = play_clients([watcher])
        deadline = time.monotonic() + 60  # only a hang reaches this
        while room.spectator_count() < 1:  # the game waits (no frame runs) until the watcher is in
            assert time.monotonic() < deadline
            time.sleep(0.01)
        run_until(app, lambda: game_finished(app), seconds=60)
        background.join()
        watching.join()
    finally:
        close_app()
    record = parse_record(record_file.read_text().splitlines()[0])
    assert record.mode == "class" and record.seed == 7
    assert [(p.name, p.kind) for p in record.players] == [("Ana", "human"), ("Ben", "human"), ("Cy", "human"),
                                                          ("AI 1", "random")]
    hands = record.rounds[0].deal.hands
    plays = [turn.plays for turn in record.rounds[0].turns]
    for phone in phones:
        final = phone.last_state
        assert final is not None and final["phase"] == "over"
        assert [p["score"] for p in final["players"]] == list(record.scores)
        assert final["winner_seats"] == list(record.winners)
        # what the phone played is what the record says it played, turn by turn
        assert [turn[phone.seat] for turn in plays] == _played(phone)
        _check_no_leak(phone.states, phone.seat, hands, plays)
    assert all(state["hand"] == [] and state["seat"] is None for state in watcher.states)
    _check_no_leak(watcher.states, None, hands, plays)
    assert watcher.last_state["phase"] == "over"


def _played(phone: SimClient) -> list[int]:
    """The card this phone had chosen each turn, from what it was shown."""
    played: dict[int, int] = {}
    for state in phone.states:
        if state["chosen"] is not None:
            played[state["turn"]] = state["chosen"]
    return [played[turn] for turn in sorted(played)]


def _check_no_leak(states: list[dict[str, Any]], seat: int | None, hands: Any, plays: Any) -> None:
    """No card of another seat's hand appears before that card was revealed."""
    assert states
    others = {card for index, hand in enumerate(hands) if index != seat for card in hand}
    for state in states:
        turn = state["turn"] - 1
        public = {card for turn_plays in plays[:turn] for card in turn_plays}
        if state["revealed"] or state["phase"] == "over":
            public.update(plays[min(turn, len(plays) - 1)])
        leaked = (cards_in(state) & others) - public
        assert not leaked, f"seat {seat} saw {sorted(leaked)} at turn {turn + 1}: {state}"
        if seat is not None:
            assert set(state["hand"]) <= set(hands[seat])


# ------------------------------------------------------ the server alone
@pytest.fixture
def server() -> Any:
    room = Room(4, CODE)
    class_server = ClassServer(room, host="127.0.0.1", port=0,
                               limits=Limits(join_timeout=3.0, rate=5.0, burst=25, max_connections=300))
    class_server.start()
    yield class_server
    class_server.stop()
    assert not class_server.running


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))  # only a hang reaches this


async def _session() -> aiohttp.ClientSession:
    return aiohttp.ClientSession()


async def _receive(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        message = await ws.receive(timeout=60)  # only a hang reaches this
        assert message.type == aiohttp.WSMsgType.TEXT, message
        data = json.loads(message.data)
        if data["type"] == kind:
            return data


def raw_get(port: int, target: str) -> int:
    """The status code of ``GET target`` sent byte for byte (no client normalises the path)."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        reply = b""
        while b"\r\n" not in reply:
            chunk = sock.recv(4096)
            if not chunk:
                break
            reply += chunk
    return int(reply.split()[1])


def test_only_the_client_files_are_served(server: ClassServer) -> None:
    for good in ("/", "/index.html", "/app.js", "/style.css"):
        assert raw_get(server.port, good) == 200, good
    for bad in ("/../README.md", "/%2e%2e/README.md", "/..%2fREADME.md", "/%2e%2e%2fmain.py",
                "/web/index.html", "//etc/passwd", "/%2fetc%2fpasswd", "/etc/passwd", "/.", "/..",
                "/index.html/..", "/..\\main.py", "/%5c..%5cmain.py", "/C:/Windows/win.ini", "/nope.js"):
        assert raw_get(server.port, bad) in (400, 404), bad


def test_a_wrong_code_is_refused_and_garbage_is_answered_not_fatal(server: ClassServer) -> None:
    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                await ws.send_json({"type": "join", "code": "NOPE", "name": "Ana"})
                assert (await _receive(ws, "error"))["message"] == "wrong room code"
                for garbage in ("{", "[]", "null", '"join"', '{"type": 3}', '{"type": "dance"}',
                                "[" * 10000 + "]" * 10, '{"type": "play", "card": 12}'):
                    await ws.send_str(garbage[:4000])
                    await _receive(ws, "error")
                await ws.send_bytes(b"\x00\x01")
                await _receive(ws, "error")
                await ws.send_json({"type": "join", "code": CODE.lower(), "name": "Ana"})
                welcome = await _receive(ws, "welcome")
                assert welcome["seat"] == 0 and welcome["token"]
                for bad_card in ({"type": "play", "card": "12"}, {"type": "play", "card": True},
                                 {"type": "row", "row": 2.5}, {"type": "play"}):
                    await ws.send_json(bad_card)
                    assert "whole number" in (await _receive(ws, "error"))["message"]
    run(scenario())
    assert server.room.taken_seats() == (0,)


def test_a_second_device_needs_the_secret_and_the_secret_moves_the_seat(server: ClassServer) -> None:
    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with session.ws_connect(url) as first, session.ws_connect(url) as second:
                await first.send_json({"type": "join", "code": CODE, "name": "Ana"})
                token = (await _receive(first, "welcome"))["token"]
                await second.send_json({"type": "resume", "token": token[:-2] + "xx"})
                assert "unknown seat" in (await _receive(second, "error"))["message"]
                await second.send_json({"type": "join", "code": CODE, "name": "Eve"})
                assert (await _receive(second, "welcome"))["seat"] == 1  # never Ana's seat
                async with session.ws_connect(url) as reloaded:  # Ana's page, reloaded
                    await reloaded.send_json({"type": "resume", "token": token})
                    assert (await _receive(reloaded, "welcome"))["seat"] == 0
                    closed = await first.receive(timeout=60)
                    while closed.type == aiohttp.WSMsgType.TEXT:
                        closed = await first.receive(timeout=60)
                    assert _close_code(closed, first) == 1008
    run(scenario())


def _close_code(message: aiohttp.WSMessage, ws: aiohttp.ClientWebSocketResponse) -> int | None:
    """The code of the server's close frame as the client read it (``ws.close_code`` alone
    says 1006 when the server drops the socket before the client's close reply is written)."""
    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), message
    return message.data if message.type == aiohttp.WSMsgType.CLOSE else ws.close_code


@pytest.mark.slow
def test_oversize_messages_floods_and_silent_sockets_are_closed_and_others_go_on(server: ClassServer) -> None:
    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with session.ws_connect(url) as good:
                await good.send_json({"type": "join", "code": CODE, "name": "Ana"})
                await _receive(good, "welcome")
                async with session.ws_connect(url) as big:
                    await big.send_str(json.dumps({"type": "join", "code": CODE, "name": "x" * 5000}))
                    assert _close_code(await big.receive(timeout=60), big) == 1009
                async with session.ws_connect(url) as flood:
                    for _ in range(100):
                        if flood.closed:
                            break
                        await flood.send_str("{}")
                    message = await flood.receive(timeout=60)
                    while message.type == aiohttp.WSMsgType.TEXT:
                        message = await flood.receive(timeout=60)
                    assert _close_code(message, flood) == 1008
                async with session.ws_connect(url) as silent:  # never joins
                    assert _close_code(await silent.receive(timeout=60), silent) == 1008
                await good.send_json({"type": "play", "card": 5})  # still served
                assert isinstance(server.inbox.get(timeout=60), SeatJoined)
                assert server.inbox.get(timeout=60) == SeatPlayed(0, Play(5))
    run(scenario())


@pytest.mark.slow
def test_two_hundred_connections_and_half_open_sockets_do_not_stop_the_room(server: ClassServer) -> None:
    half_open = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(20)]
    for sock in half_open:
        sock.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\n")  # and never the rest
    try:
        async def scenario() -> None:
            # 200 phones, each from its own address (as on the room's Wi-Fi)
            sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.1.{i + 1}", 0)))
                        for i in range(200)]
            try:
                url = f"http://127.0.0.1:{server.port}/ws"
                sockets = await asyncio.gather(*(session.ws_connect(url) for session in sessions))
                await asyncio.gather(*(ws.send_json({"type": "join", "code": CODE, "name": f"S{i}"})
                                       for i, ws in enumerate(sockets)))
                welcomes = await asyncio.gather(*(_receive(ws, "welcome") for ws in sockets))
                assert sorted(w["seat"] for w in welcomes if w["seat"] is not None) == [0, 1, 2, 3]
                assert server.room.spectator_count() == 196
                await asyncio.gather(*(ws.close() for ws in sockets))
            finally:
                await asyncio.gather(*(session.close() for session in sessions))
        run(scenario())
    finally:
        for sock in half_open:
            sock.close()
    assert raw_get(server.port, "/") == 200


def test_the_server_stops_listening_with_the_game(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "r.jsonl")
    try:
        port = lobby_of(app).server.port  # type: ignore[union-attr]
        assert raw_get(port, "/") == 200
        app.screens.end_lesson()  # the room closes with its lesson
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
    finally:
        close_app()


def _masked_text_frame(text: str) -> bytes:
    """One WebSocket text frame as a client must send it (masked), for messages under 126 bytes."""
    payload = text.encode()
    assert len(payload) < 126
    mask = b"\x01\x02\x03\x04"
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@pytest.mark.slow
def test_a_phone_that_stops_answering_is_disconnected_and_its_seat_kept() -> None:
    room = Room(4, CODE)
    server = ClassServer(room, host="127.0.0.1", port=0, limits=Limits(heartbeat=0.3))
    server.start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
            sock.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            assert b" 101 " in sock.recv(4096).split(b"\r\n")[0] + b" "
            sock.sendall(_masked_text_frame(json.dumps({"type": "join", "code": CODE, "name": "Ana"})))
            deadline = time.monotonic() + 60  # only a hang reaches this
            while not room.seats()[0].connected:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            # the socket stays open but never answers a ping (a phone asleep, a dropped Wi-Fi)
            while room.seats()[0].connected:
                assert time.monotonic() < deadline, "a silent phone was never disconnected"
                time.sleep(0.01)
        assert room.seats()[0].name == "Ana"  # the seat waits for its secret
    finally:
        server.stop()


def test_the_page_shows_the_penalties_of_game_rules_and_keeps_no_table_of_its_own(server: ClassServer) -> None:
    from game.rules import PRESETS

    async def fetch() -> Any:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{server.port}/rules.json") as response:
                assert response.status == 200
                return await response.json()
    tables = run(fetch())
    for name, rules in PRESETS.items():
        assert tables[name]["penalties"][1:] == [rules.penalty(card) for card in range(1, 105)]
        assert tables[name]["levels"] == sorted(set(tables[name]["penalties"][1:]))
    script = (Path(__file__).resolve().parents[2] / "web" / "app.js").read_text()
    assert "% 11" not in script and "55" not in script and "% 5" not in script, "a penalty rule in the page"
