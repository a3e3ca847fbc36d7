"""A class game's playthrough: every message each of 4 phones got, as text, the same every run.

As OpenSpiel keeps a playthrough of each game, ``tests/data/playthrough/class-snap-4-phones.txt``
holds a seeded class game (snap rules, seed 11, predictions on) played by four phones over real
WebSockets: for each phone, every message it received (``<``) and every message it sent (``>``),
one a line, in order (each seat's secret shows as ``<secret>``).  A change to the protocol - a
field added, renamed or moved, a message more or less - shows as a readable diff of that file, and
this test names the first phone and line that differ.

The run is deterministic: a fixed seed and room code, no step delay, a clock that does not move
(the predictions never time out), and the test drives everything in a fixed order - it runs the
class session's frames itself, waits after each until every phone has the state published for it,
then lets each phone that is asked something answer, one after the other (a phone's choice is its
own seeded random draw), waiting each time until the server has handed the answer to the app.

To write the golden file again after a deliberate protocol change (then read its diff)::

    SIXTAKES_REWRITE_PLAYTHROUGH=1 python -m pytest -q tests/classgame/test_class_playthrough.py
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
from collections.abc import Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import pytest

from classroom.protocol import (Join, Message, Play, Predict, PredictQuestion, State, TakeRow, encode,
                                     wire_fields_of)
from classroom.room import Room
from classroom.server import ClassServer
from game.rules import SNAP
from classroom.class_learning import Learning
from classroom.class_session import ClassSession, class_seats
from classroom.table_door import TableDoor
from live.session import Stage
from tests.support.waiting import eventually

pytestmark = pytest.mark.slow  # a server and a whole game

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "playthrough" / "class-snap-4-phones.txt"
REWRITE = "SIXTAKES_REWRITE_PLAYTHROUGH"
CODE = "GOLD"
SEED = 11
NAMES = ("Ana", "Ben", "Cem", "Dia")
T = TypeVar("T")


class Phone:
    """One phone over a real WebSocket: what it got and sent, as the playthrough's lines."""

    def __init__(self, name: str, seat: int) -> None:
        self.name = name
        self.rng = random.Random(seat)
        self.lines: list[str] = []
        self.received: list[dict[str, Any]] = []
        self.answered: set[tuple[Any, ...]] = set()
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reading: asyncio.Task[None] | None = None

    async def connect(self, session: aiohttp.ClientSession, url: str) -> None:
        self.ws = await session.ws_connect(url + "/ws", heartbeat=None)
        self.reading = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            data = json.loads(message.data)
            shown = {**data, "token": "<secret>"} if "token" in data else data
            self.lines.append("< " + json.dumps(shown, ensure_ascii=False, separators=(",", ":")))
            self.received.append(data)
        self.lines.append(f"-- closed {self.ws.close_code}")

    async def send(self, message: Message | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        self.lines.append("> " + text)
        assert self.ws is not None
        await self.ws.send_str(text)

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.received) if m["type"] == kind), None)

    def answer(self, state: dict[str, Any]) -> Message | None:
        """What this phone answers to ``state``, once per question (a seeded random choice)."""
        ask = state["ask"]
        question = (state["round"], state["turn"], ask, state["card_to_place"],
                    json.dumps(state.get("predict"), sort_keys=True))
        if ask is None or question in self.answered or (ask == "card" and state["chosen"] is not None):
            return None
        self.answered.add(question)
        if ask == "card":
            return Play(self.rng.choice(state["hand"]))
        if ask == "row":
            return TakeRow(self.rng.randrange(4))
        return Predict.of(self.rng.randrange(5), PredictQuestion(**state["predict"]))


class Phones:
    """The phones' event loop on a thread of its own; the test calls into it and waits."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(60)  # only a hang reaches this

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class Driver:
    """The class game run frame by frame by the test, its phones answering in seat order."""

    def __init__(self, server: ClassServer, session: ClassSession, phones: list[Phone], runner: Phones) -> None:
        self.server, self.session, self.phones, self.runner = server, session, phones, runner
        self.events = 0
        """Events the server has handed to the app so far (the inbox's length once all were read)."""
        self.published: dict[int, State] = {}
        handed = server.publish

        def publish(seats: Mapping[int, State], public: State) -> None:
            self.published.update(seats)
            handed(seats, public)
        server.publish = publish  # type: ignore[method-assign]

    def frame(self) -> None:
        """One frame of the app: the phones' answers taken in, every phone's state sent; then
        until each phone has its own."""
        self.session.pump()
        self.events = 0
        for seat, state in self.published.items():
            phone, wanted = self.phones[seat], wire_fields_of(state)
            eventually(lambda phone=phone, wanted=wanted: phone.last("state") == wanted,  # type: ignore[misc]
                       seconds=60, what=f"{phone.name}'s state")

    def send(self, phone: Phone, message: Message | str, *, to_app: bool = True) -> None:
        """``phone`` sends ``message``; until the server has handed it to the app (or refused it)."""
        self.runner.run(phone.send(message))
        if to_app:
            self.events += 1
            eventually(lambda: self.server.inbox.qsize() == self.events, seconds=60, what="the server read it")

    def answers(self) -> bool:
        """Each phone asked something answers, in seat order; whether any did."""
        sent = False
        for phone in self.phones:
            state = phone.last("state")
            message = phone.answer(state) if state is not None else None
            if message is not None:
                self.send(phone, message)
                sent = True
        return sent

    def refused(self, phone: Phone, message: str, *, to_app: bool) -> None:
        """``phone`` sends what is refused; until its error arrives."""
        errors = len([m for m in phone.received if m["type"] == "error"])
        self.send(phone, message, to_app=to_app)
        if to_app:
            self.frame()
        eventually(lambda: len([m for m in phone.received if m["type"] == "error"]) > errors, seconds=60,
                   what=f"{phone.name}'s error")


def join_all(phones: list[Phone], runner: Phones, url: str) -> aiohttp.ClientSession:
    """The phones join one after the other; each waits for its welcome and everyone's lobby."""
    session = runner.run(_client_session())
    for index, phone in enumerate(phones):
        runner.run(phone.connect(session, url))
        runner.run(phone.send(Join(CODE, phone.name)))
        for other in phones[:index + 1]:
            joined = list(NAMES[:index + 1])
            eventually(lambda other=other, joined=joined: _lobby_names(other) == joined,  # type: ignore[misc]
                       seconds=60, what="the lobby")
    return session


async def _client_session() -> aiohttp.ClientSession:
    return aiohttp.ClientSession()


def _lobby_names(phone: Phone) -> list[str]:
    lobby = phone.last("lobby")
    return [player["name"] for player in lobby["players"] if player["name"]] if lobby else []


def play(driver: Driver) -> None:
    """The whole game: frames, answers and steps until it is over."""
    session, refused_once = driver.session, False
    for _step in range(2000):
        driver.frame()
        if session.table.stage is Stage.OVER:
            return
        if not refused_once and session.questions:
            refused_once = True  # a card not held (refused by the session), a card that is not a number
            ana = driver.phones[0]
            held = set(ana.last("state")["hand"])  # type: ignore[index]
            driver.refused(ana, Play(next(card for card in range(104, 0, -1) if card not in held)), to_app=True)
            driver.refused(ana, '{"type":"play","card":"27"}', to_app=False)
        if driver.answers():
            continue
        session.table.poll()  # the phones' cards taken in, as the table does every frame
        if session.table.can_advance and session.predictions_ready():
            session.table.advance()
    raise AssertionError("the game did not end")


def playthrough() -> str:
    """The playthrough of a fresh run, as the golden file holds it."""
    room = Room(len(NAMES), CODE)
    server = ClassServer(room, rules=SNAP, host="127.0.0.1", port=0)
    server.start()
    runner = Phones()
    phones = [Phone(name, seat) for seat, name in enumerate(NAMES)]
    try:
        client = join_all(phones, runner, f"http://127.0.0.1:{server.port}")
        room.start()
        session = ClassSession(class_seats(room, SNAP, "random"), TableDoor.whole_room(server), rules=SNAP, seed=SEED,
                               learning=Learning(predict_seconds=600.0), clock=lambda: 0.0)
        play(Driver(server, session, phones, runner))
        session.close()
        server.stop()
        hang_up(phones, runner, client)
    finally:
        server.stop()
        runner.close()
    return golden_text(["# A seeded class game of 4 phones (tests/classgame/test_class_playthrough.py): snap rules,",
                        f"# seed {SEED}, predictions on. For each phone, what it received (<) and sent (>), in order."],
                       phones)


def hang_up(phones: Sequence[Phone], runner: Phones, client: aiohttp.ClientSession) -> None:
    """Until each phone has read its last message (the server closed), then the phones' session closes."""
    for phone in phones:
        runner.run(asyncio.wait_for(phone.reading, 60))  # type: ignore[arg-type]
    runner.run(client.close())


def golden_text(head: list[str], phones: Sequence[Phone]) -> str:
    """The playthrough as its golden file holds it: ``head``, then each phone's lines."""
    return "\n".join(head + [line for phone in phones for line in ["", f"## {phone.name}", *phone.lines]]) + "\n"


def sections(text: str) -> dict[str, list[tuple[int, str]]]:
    """Each phone's lines with their line numbers in the file."""
    found: dict[str, list[tuple[int, str]]] = {}
    name = ""
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            name = line[3:]
            found[name] = []
        elif name and line:
            found[name].append((number, line))
    return found


def first_difference(expected: str, found: str) -> str | None:
    """The first phone and line where ``found`` differs from ``expected``, or ``None``."""
    want, got = sections(expected), sections(found)
    if list(want) != list(got):
        return f"the phones differ: {list(got)}, expected {list(want)}"
    for name in want:
        for index, (number, line) in enumerate(want[name]):
            if index >= len(got[name]):
                return f"{name}, line {number}: missing\n  expected: {line}"
            if got[name][index][1] != line:
                return f"{name}, line {number}:\n  expected: {line}\n  got:      {got[name][index][1]}"
        if len(got[name]) > len(want[name]):
            return f"{name}: more lines than expected, from\n  got: {got[name][len(want[name])][1]}"
    return None


def test_a_seeded_class_game_sends_every_phone_what_the_playthrough_says() -> None:
    fresh = playthrough()
    if os.environ.get(REWRITE):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(fresh, encoding="utf-8")
    difference = first_difference(GOLDEN.read_text(encoding="utf-8"), fresh)
    assert difference is None, f"{GOLDEN.name} (rewrite with {REWRITE}=1 if meant): {difference}"


def test_the_comparison_names_the_first_phone_and_line_that_differ() -> None:
    golden = "# head\n\n## Ana\n< a\n> b\n\n## Ben\n< c\n< d\n"
    assert first_difference(golden, golden) is None
    assert first_difference(golden, golden.replace("< d", "< e")) == \
        "Ben, line 9:\n  expected: < d\n  got:      < e"
    assert first_difference(golden, golden.replace("> b\n", "")).startswith("Ana, line 5: missing")
