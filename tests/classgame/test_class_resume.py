"""A stopped class game goes on: ``main.py class`` is stopped (SIGTERM) after two turns, ``main.py
class --resume`` opens the room again with the same code on the same port, the phones come back to
their seats and hands with their secrets, and the game finishes with a valid record.

The app runs as a real process; the phones are raw WebSocket clients.  Every wait is on an event
(a message, a process's exit), with a deadline only a hang reaches."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from tests.support.waiting import eventually

import aiohttp
import pytest

from tests.conftest import needs
from store.history import open_history
from store.kept import unfinished_games
from game.record import parse_record

pytestmark = [needs("aiohttp"), needs("pygame"), pytest.mark.slow]

PROJECT = Path(__file__).resolve().parents[2]
CODE = "TEST"
NAMES = ("Ana", "Ben", "Cem", "Dana")


class Phone:
    """A student's phone: joins (or resumes with its secret), plays its lowest card while
    ``playing_until`` allows, takes row 1 when asked."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.token: str | None = None
        self.seat: int | None = None
        self.states: list[dict[str, Any]] = []
        self.closed_with: int | None = None
        self.playing_until = 99
        """The last turn this phone plays a card in (it stays, silent, after that)."""
        self.played: dict[int, int] = {}
        """The card played at each turn."""

    async def run(self, port: int) -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                if self.token:
                    await ws.send_json({"type": "resume", "token": self.token})
                else:
                    await ws.send_json({"type": "join", "code": CODE, "name": self.name})
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    await self._receive(ws, json.loads(message.data))
                    if self.states and self.states[-1]["phase"] == "over":
                        break
                self.closed_with = ws.close_code

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse, data: dict[str, Any]) -> None:
        if data["type"] == "welcome":
            assert self.seat in (None, data["seat"]), "a phone came back to another seat"
            self.token, self.seat = data["token"], data["seat"]
        elif data["type"] == "state":
            self.states.append(data)
            if data["ask"] == "card" and data["chosen"] is None and data["turn"] <= self.playing_until:
                self.played[data["turn"]] = min(data["hand"])
                await ws.send_json({"type": "play", "card": self.played[data["turn"]]})
            elif data["ask"] == "row":
                await ws.send_json({"type": "row", "row": 0})

    def waiting_at(self, turn: int) -> bool:
        """Asked for a card at ``turn`` (and not playing it)."""
        return any(s["turn"] == turn and s["ask"] == "card" for s in self.states)


def start(args: list[str], data: Path) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data))
    app = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), "class", *args], cwd=PROJECT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert app.stdout is not None
    line = app.stdout.readline()
    found = re.search(r":(\d+)", line)
    assert found, (line, app.communicate(timeout=30))
    return app, int(found.group(1))


def in_background(phones: list[Phone], port: int) -> threading.Thread:
    async def all_of_them() -> None:
        await asyncio.gather(*(phone.run(port) for phone in phones))
    thread = threading.Thread(target=asyncio.run, args=(all_of_them(),), daemon=True)
    thread.start()
    return thread


@contextmanager
def running(app: subprocess.Popen[str]) -> Iterator[subprocess.Popen[str]]:
    """The app, killed on the way out if the test failed while it ran."""
    try:
        yield app
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()


def stopped_by_sigterm(app: subprocess.Popen[str], playing: threading.Thread) -> str:
    """The teacher's laptop stops the app (SIGTERM): its stderr, once it and its phones are done."""
    app.send_signal(signal.SIGTERM)
    _, err = app.communicate(timeout=60)
    playing.join(60)
    assert not playing.is_alive()
    return err


def played_to_the_end(app: subprocess.Popen[str], playing: threading.Thread, seconds: float) -> str:
    """The app's stderr once it has ended by itself (``--exit-at-end``) and its phones are done."""
    _, err = app.communicate(timeout=seconds)
    playing.join(60)
    return err


def wait_for(done, app: subprocess.Popen[str], seconds: float = 120) -> None:  # type: ignore[no-untyped-def]
    eventually(done, seconds=seconds, pause=0.02, alive=lambda: _running(app))


def _running(app: subprocess.Popen[str]) -> bool:
    assert app.poll() is None, app.communicate()
    return True


def test_a_class_game_stopped_by_sigterm_goes_on_with_class_resume(tmp_path: Path) -> None:
    phones = [Phone(name) for name in NAMES]
    for phone in phones:
        phone.playing_until = 2
    first, port = start(["--port", "0", "--code", CODE, "--start-at", "4", "--step-delay", "0"], tmp_path)
    with running(first):
        playing = in_background(phones, port)
        wait_for(lambda: all(phone.waiting_at(3) for phone in phones), first)  # two turns played
        hands = {phone.name: phone.states[-1]["hand"] for phone in phones}
        err = stopped_by_sigterm(first, playing)
    assert first.returncode == 143, err
    assert all(phone.closed_with == 1012 for phone in phones), "the phones are told the game goes on"
    seats = {phone.name: phone.seat for phone in phones}

    second, again = start(["--resume", "--step-delay", "0", "--exit-at-end"], tmp_path)
    with running(second):
        assert again == port, "the phones reconnect to the address they had"
        for phone in phones:
            phone.playing_until, phone.states = 99, []
        err = played_to_the_end(second, in_background(phones, port), 180)
    assert second.returncode == 0, err
    for phone in phones:
        assert phone.seat == seats[phone.name]
        back = next(state for state in phone.states if state["ask"] == "card")
        assert back["turn"] == 3 and back["hand"] == hands[phone.name], "the same hand, where it was"
        assert phone.states[-1]["phase"] == "over"
    with open_history(tmp_path / "history.sqlite3", import_legacy=False) as history:
        [line] = list(history.record_lines())
        assert unfinished_games(history) == [], "a finished game is no longer offered to resume"
    game = parse_record(line)
    assert game.mode == "class" and [p.name for p in game.players] == list(NAMES)
    assert [p.kind for p in game.players] == ["human"] * 4
    turns = game.rounds[0].turns
    assert len(turns) == 7
    for phone in phones:
        assert [turn.plays[seats[phone.name]] for turn in turns] == [phone.played[t] for t in range(1, 8)]
