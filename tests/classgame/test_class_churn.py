"""Reconnect churn: phones that open, join and close sockets again and again are all answered (issue 51).

A phone on a weak signal reconnects often; a lesson of 30 phones opens hundreds of connections.
The server once lost count of connections that closed between two of its looks at them: each
such connection stayed counted against the cap of open connections, and once the cap was
reached every new one was closed unanswered (or a phone's handshake in flight was closed to
make room).  No test here sleeps a fixed time or asserts a wall-clock bound."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import needs

from classroom.guard import ConnectionGuard, Limits

pytestmark = needs("aiohttp")

PROJECT = Path(__file__).resolve().parents[2]


class _Handler(asyncio.Protocol):
    """A web server's handler as aiohttp's behaves: it keeps its transport while connected."""

    def __init__(self) -> None:
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None


def test_a_connection_that_closed_is_no_longer_counted_against_the_cap() -> None:
    """40 connections open and close one after the other against a cap of 8: none holds a place
    once closed, none is refused, and the guard counts none open at the end."""
    guard = ConnectionGuard(Limits(max_http=8))
    handlers: list[_Handler] = []

    def make() -> _Handler:
        handlers.append(_Handler())
        return handlers[-1]

    async def churn() -> list[bytes]:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(guard.protocol_factory(make), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        answers = []
        for _ in range(40):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            await writer.wait_closed()
            answers.append(await reader.read())  # a refused one would be told 503
            while any(handler.transport for handler in handlers):  # the server's side of the close
                await asyncio.sleep(0)
        server.close()
        return answers
    answers = asyncio.run(asyncio.wait_for(churn(), 60))
    assert guard.refused == 0 and guard.closed == 0 and not any(answers)
    assert guard.open_count == 0


@pytest.mark.slow
def test_the_churn_bench_answers_every_connection_in_its_small_mode() -> None:
    """``bench/class_churn.py --smoke``: phones on two addresses open, join and close sockets
    for a while; every one is answered (the bench exits non-zero otherwise)."""
    import subprocess

    done = subprocess.run([sys.executable, "bench/class_churn.py", "--smoke"], cwd=PROJECT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failed" in done.stdout


def test_every_refusal_and_close_of_the_server_is_documented() -> None:
    """docs/class-protocol.md's table of refusals lists every close (code and reason) and HTTP
    status of the protocol module, and nothing else."""
    from classroom.protocol import CLOSES, HTTP_REFUSALS, RELEASED_CODE

    text = (PROJECT / "docs" / "class-protocol.md").read_text(encoding="utf-8")
    section = text.split("### Refusals and closes", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    rows = {tuple(cell.strip().strip("`") for cell in line.strip("|").split("|")[:2])
            for line in section.splitlines() if line.startswith("| ") and "---" not in line}
    rows.discard(("refusal", "reason"))
    expected = {(f"close {close.code}", close.reason or "(none)") for close in CLOSES}
    expected |= {(f"HTTP {status}", reason) for status, reason in HTTP_REFUSALS.items()}
    expected |= {(f"close {RELEASED_CODE}", "the `released` message's text"), ("close 1009", "(aiohttp's)")}
    assert rows == expected


@pytest.mark.slow
def test_the_load_bench_counts_every_card_at_every_phone_in_its_small_mode() -> None:
    """``bench/class_load.py --smoke``: 8 phones at 2 tables play a lesson; every card played
    reaches every phone of its table (the bench exits non-zero otherwise)."""
    import subprocess

    done = subprocess.run([sys.executable, "bench/class_load.py", "--smoke"], cwd=PROJECT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "p99_ms" in done.stdout


def test_a_card_is_shown_to_a_phone_by_the_first_state_without_its_player_waiting() -> None:
    """The load bench's measure: from the card sent to the first state read after it that shows
    it (its player no longer waiting, or another turn) - not an earlier state, not another table's."""
    sys.path.insert(0, str(PROJECT / "bench"))
    from class_load import shown_at

    played = (10.0, "Ana", 1, 2, 3)
    seen = [(9.9, 1, 2, 3, ()), (10.1, 2, 2, 3, ()), (10.2, 1, 2, 3, ("Ana", "Cem")), (10.3, 1, 2, 3, ("Cem",))]
    assert shown_at(played, seen) == 10.3
    assert shown_at(played, [(10.4, 1, 2, 4, ("Ana",))]) == 10.4  # the turn is over
    assert shown_at(played, seen[:3]) is None


@pytest.mark.slow
def test_a_verdict_sent_while_the_phone_was_away_arrives_when_it_comes_back() -> None:
    """A weak signal: the phone's connection is gone when its verdict is sent; its resume says
    how many kept messages it had (none), and the verdict comes with the table."""
    import aiohttp

    from classroom.protocol import Verdict
    from classroom.room import Room
    from classroom.server import ClassServer
    from tests.classgame.test_class_fair_room import receive

    room = Room(4, "WEAK")
    server = ClassServer(room, host="127.0.0.1", port=0)
    server.start()
    url = f"http://127.0.0.1:{server.port}/ws"

    async def phone() -> tuple[dict[str, Any], dict[str, Any]]:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url) as ws:
                await ws.send_json({"type": "join", "code": "WEAK", "name": "Ana"})
                token = (await receive(ws, "welcome"))["token"]
            while room.connected_seats():  # the server saw it go
                await asyncio.sleep(0.01)
            server.send_to(Verdict(1, 2, 47, 1, 1, True, "right", "rule 2"), seat=0)
            server.send_to(Verdict(1, 3, 55, 0, 4, False, "wrong", "rule 3"), seat=0)
            async with session.ws_connect(url) as ws:
                await ws.send_json({"type": "resume", "token": token, "mail": 1})  # it had the first
                return await receive(ws, "welcome"), await receive(ws, "verdict")
    try:
        welcome, verdict = asyncio.run(asyncio.wait_for(phone(), 60))
    finally:
        server.stop()
    assert welcome["seat"] == 0 and (verdict["turn"], verdict["card"]) == (3, 55)  # only the one it lacked
