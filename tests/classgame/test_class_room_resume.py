"""A room of many tables stopped mid-lesson loses nothing (issue 38, item 1): ``main.py class
--tables 3`` is stopped (SIGTERM) while table 1 is over and tables 2 and 3 are mid-game;
``main.py class --resume`` opens the room again, every phone gets its seat and hand back at its
own table, every table ends, every record is valid, and the lesson (its standings, its report)
counts every game once.

The app runs as a real process; the phones are raw WebSocket clients.  Every wait is on an event
(a message, a process's exit), with a deadline only a hang reaches."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from game.record import parse_record
from store.history import open_history
from store.kept import unfinished_games
from store.lessons import lessons
from tests.conftest import needs
from test_class_resume import Phone, in_background, played_to_the_end, running, start, stopped_by_sigterm, wait_for

pytestmark = [needs("aiohttp"), needs("pygame"), pytest.mark.slow]

NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kim", "Lea")


class RoomPhone(Phone):
    """A phone at a table of many: table 1 plays to the end, the others stop after turn 2 (until
    told to go on)."""

    def __init__(self, name: str, address: str) -> None:
        super().__init__(name)
        self.address = address
        """The phone's own address (each phone its own, as in a classroom)."""
        self.table: int | None = None
        self.go_on = False

    async def run(self, port: int) -> None:
        connector = aiohttp.TCPConnector(local_addr=(self.address, 0))
        async with aiohttp.ClientSession(connector=connector) as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                await ws.send_json({"type": "resume", "token": self.token} if self.token else
                                   {"type": "join", "code": "TEST", "name": self.name})
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    await self._receive(ws, message.json())
                    if self.done():
                        break
                self.closed_with = ws.close_code

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse, data: dict[str, Any]) -> None:
        if data["type"] == "welcome":  # (a place in the room before the start, a table's seat after)
            self.token = data["token"]
            return
        if data["type"] == "state" and data.get("table") is not None:
            assert (self.table, self.seat) in ((None, None), (data["table"], data["seat"])), \
                "a phone came back to another table or seat"
            self.table, self.seat = data["table"], data["seat"]
            self.playing_until = 99 if self.table == 1 or self.go_on else 2
        await super()._receive(ws, data)

    def over(self) -> bool:
        return bool(self.states) and self.states[-1]["phase"] == "over"

    def done(self) -> bool:
        """Its table's game is over and the class's ranks are in (every table is done)."""
        return self.over() and "class" in self.states[-1]


def test_a_room_of_three_tables_stopped_mid_lesson_goes_on_with_class_resume(tmp_path: Path) -> None:
    phones = [RoomPhone(name, f"127.0.0.{10 + index}") for index, name in enumerate(NAMES)]
    first, port = start(["--port", "0", "--code", "TEST", "--tables", "3", "--start-at", "12",
                         "--step-delay", "0", "--no-predict"], tmp_path)
    with running(first):
        playing = in_background(phones, port)  # type: ignore[arg-type]
        wait_for(lambda: all(phone.over() if phone.table == 1 else phone.waiting_at(3) for phone in phones)
                 and all(phone.table is not None for phone in phones), first)
        hands = {phone.name: phone.states[-1]["hand"] for phone in phones if phone.table != 1}
        err = stopped_by_sigterm(first, playing)
    assert first.returncode == 143, err
    assert all(phone.closed_with == 1012 for phone in phones), "every phone told the lesson goes on"
    places = {phone.name: (phone.table, phone.seat) for phone in phones}
    assert sorted(table for table, _seat in places.values()) == [1] * 4 + [2] * 4 + [3] * 4
    with open_history(tmp_path / "history.sqlite3", import_legacy=False) as history:
        assert len(list(history.record_lines())) == 1, "table 1's game was saved when it ended"
        [kept] = unfinished_games(history)
        assert '"6takes-unfinished-room/1"' in kept.state

    second, again = start(["--resume", "--step-delay", "0", "--exit-at-end"], tmp_path)
    with running(second):
        assert again == port, "the phones reconnect to the address they had"
        for phone in phones:
            phone.go_on, phone.states, phone.playing_until = True, [], 99
        err = played_to_the_end(second, in_background(phones, port), 240)  # type: ignore[arg-type]
    assert second.returncode == 0, err
    for phone in phones:
        assert (phone.table, phone.seat) == places[phone.name], "each phone at its own table and seat"
        assert phone.done(), phone.name
        if phone.table != 1:
            back = next(state for state in phone.states if state["ask"] == "card")
            assert back["turn"] == 3 and back["hand"] == hands[phone.name], "the same hand, where it was"
    ranks = sorted(phone.states[-1]["class"]["rank"] for phone in phones if "class" in phone.states[-1])
    assert len(ranks) == 12 and ranks[0] == 1, "every student ranked once in the class"

    with open_history(tmp_path / "history.sqlite3", import_legacy=False) as history:
        records = [parse_record(line) for line in history.record_lines()]
        assert unfinished_games(history) == [], "the room's last game dropped what was kept of it"
        [lesson] = lessons(history)
    assert sorted(record.table for record in records) == [1, 2, 3], "every table's game saved once"
    assert all(record.room == "TEST" and len(record.rounds[0].turns) == 7 for record in records)
    assert (lesson.games, lesson.students) == (3, 12), "the lesson counts every game once"
    rows = list(csv.reader(Path(lesson.report).with_suffix(".csv").open(encoding="utf-8")))
    assert sorted(row[1] for row in rows[1:]) == sorted(NAMES) and {row[2] for row in rows[1:]} == {"1"}
