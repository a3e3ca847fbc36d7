"""A room fair to a class behind one address, that no laptop can fill (issue 40).

Phones are told apart by their loopback address (127.0.0.0/8 reaches this computer): each
simulated phone has one of its own (``phone_address``) unless a test puts a class behind one
address on purpose.  No test here sleeps a fixed time or asserts a wall-clock bound: each waits
for the event it needs (with a deadline only a hang reaches) and counts what happened."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pygame
import pytest

from tests.conftest import needs
from tests.support.app_helpers import click, close_app, key
from tests.support.class_helpers import Background, lobby_of, open_class_app, run_until, url_of
from tests.support.waiting import eventually

from classroom.guard import ConnectionGuard, Limits, oldest_of_biggest
from classroom.room import Holder, Room, RoomError, RoomLockedError, place_to_share
from classroom.server import ClassServer
from classroom.simclient import SimClient, phone_address
from classroom.tables import plan_tables
from game.rules import SNAP

pytestmark = needs("aiohttp")

CODE = "TEST"
PROJECT = Path(__file__).resolve().parents[2]
SCHOOL = "127.0.9.1"
"""A school's network: every phone of the class behind this one address."""
LAPTOP = "127.0.8.1"
"""A laptop flooding the room from its own address."""


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 120))  # only a hang reaches this


def serve(room: Room, **limits: Any) -> ClassServer:
    server = ClassServer(room, host="127.0.0.1", port=0, limits=Limits(**limits))
    server.start()
    return server


async def receive(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        message = await ws.receive(timeout=60)
        assert message.type == aiohttp.WSMsgType.TEXT, message
        data: dict[str, Any] = message.json()
        if data["type"] == kind:
            return data


# ------------------------------------------------------------ fair shares
def test_the_address_holding_the_most_gives_up_its_oldest() -> None:
    items = [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("a", 5)]
    assert oldest_of_biggest(items, lambda item: item[0]) == ("a", 1)
    assert oldest_of_biggest(items[:4], lambda item: item[0], newcomer="b") == ("a", 1)  # a: 2, b: 1 + 1
    assert oldest_of_biggest([("b", 2), ("a", 3)], lambda item: item[0], newcomer="a") == ("a", 3)
    assert oldest_of_biggest([("b", 2), ("a", 3)], lambda item: item[0]) == ("b", 2)  # equals: the oldest
    assert oldest_of_biggest([], lambda item: item[0]) is None


def test_a_place_is_shared_only_when_it_makes_the_room_fairer() -> None:
    flood = [Holder(seat, LAPTOP, True, seat) for seat in range(4)]
    assert place_to_share(flood, "127.0.0.5") == 3  # the laptop's newest
    mixed = [Holder(0, "a", True, 0), Holder(1, "b", True, 1)]
    assert place_to_share(mixed, "c") is None  # a swap between equals changes nothing: c watches
    gone = [Holder(0, "a", False, 0), Holder(1, "a", True, 1), Holder(2, "a", True, 2)]
    assert place_to_share(gone, "b") == 0  # a place whose phone is gone first


def test_a_flood_of_joins_takes_the_places_of_its_own_address_only() -> None:
    room = Room(4, CODE)
    for i in range(4):
        room.join(CODE, f"Bot {i}", LAPTOP)
    honest = [room.join(CODE, name, f"127.0.0.{i + 2}") for i, name in enumerate(["Ana", "Ben", "Cem"])]
    assert [joined.seat for joined in honest] == [3, 2, 1]
    assert [joined.moved.name for joined in honest if joined.moved] == ["Bot 3", "Bot 2", "Bot 1"]
    assert room.join(CODE, "Dan", "127.0.0.9").seat is None  # 1 each, the laptop too: Dan watches
    moved = honest[0].moved
    assert moved is not None and room.resume(moved.token).seat is None  # the bot's secret: a watcher's now


# ------------------------------------------------------------ the teacher: lock, remove, see
def test_a_locked_room_takes_no_new_student_and_every_secret_still_comes_back() -> None:
    room = Room(4, CODE)
    ana = room.join(CODE, "Ana")
    room.disconnected(0)
    room.lock(True)
    with pytest.raises(RoomLockedError, match="locked"):
        room.join(CODE, "Ben")
    assert room.resume(ana.token).seat == 0
    room.lock(False)
    assert room.join(CODE, "Ben").seat == 1


def test_the_room_says_which_address_most_joined_from_and_who_joined_last() -> None:
    room = Room(8, CODE)
    for i in range(5):
        room.join(CODE, f"S{i}", SCHOOL)
    room.join(CODE, "Ana", "127.0.0.2")
    assert room.shared_address() == (SCHOOL, 5)
    assert room.newest_student() == 5
    room.free(5)
    assert room.newest_student() == 4


@pytest.mark.parametrize("name", ["\u3164", "\u115f\u1160", "\uffa0", "\u3164 \u3164", "\u034f", "\ufe0f"])
def test_a_name_of_invisible_letters_only_is_refused(name: str) -> None:
    with pytest.raises(RoomError, match="letter or a digit"):
        Room(4, CODE).join(CODE, name)


def test_invisible_letters_do_not_make_a_name_new() -> None:
    room = Room(4, CODE)
    room.join(CODE, "Ana")
    with pytest.raises(RoomError, match="already in the room"):
        room.join(CODE, "Ana\u3164")


# ------------------------------------------------------------ ghosts
def test_only_present_students_are_seated_at_the_start() -> None:
    room = Room(4, CODE)
    room.join(CODE, "Ana")
    room.join(CODE, "Ghost")
    room.disconnected(1)  # gone a moment ago: its grace before the start is not over
    assert room.connected_seats() == (0,)  # what --start-at counts...
    assert room.start() == (0,)  # ... is what starts
    assert [seat.name for seat in room.seats()] == ["Ana", "", "", ""]


# ------------------------------------------------------------ the unanswered handshake
class _Protocol:
    """An aiohttp handler as the guard sees it (the guard watches when its connection is made)."""

    def __init__(self) -> None:
        self.transport: Any = None
        self.force_closed = False

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def force_close(self) -> None:
        self.force_closed = True


class _Transport:
    def __init__(self) -> None:
        self.closed = False

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.2", 40000)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


def test_the_guard_never_closes_a_connection_whose_transport_is_not_made_yet() -> None:
    """The event loop makes a protocol, then hands it its transport one turn later; a protocol
    closed in between was left open and deaf (aiohttp ignores what a closed handler reads): its
    phone's handshake was never answered."""
    made: list[_Protocol] = []

    def make() -> Any:
        made.append(_Protocol())
        return made[-1]
    guard = ConnectionGuard(Limits(max_http=2))
    factory = guard.protocol_factory(make)
    watched = [factory(), factory()]  # two accepted in one turn: neither has its transport yet
    third = factory()  # over the cap: no connection that can be closed yet
    assert not any(protocol.force_closed for protocol in made)
    assert len(made) == 2 and guard.refused == 1  # refused (503, then closed), not left deaf
    for protocol in watched:
        protocol.connection_made(_Transport())
    factory()  # now the oldest pending one makes room, through its transport
    assert made[0].transport.closed and not made[0].force_closed
    del third


@pytest.mark.slow
def test_every_handshake_is_answered_while_phones_join_and_leave() -> None:
    """60 phones join and leave 10 times each against a small connection cap, so the guard makes
    room all the time: every handshake gets its answer (the socket, a refusal or a close)."""
    room = Room(4, CODE)
    room.start()
    server = serve(room, max_http=32, max_connections=24)
    outcomes: list[str] = []

    async def phone(index: int) -> None:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(phone_address(index), 0),
                                                                        limit=0)) as session:
            for round_ in range(10):
                try:
                    # only a hang reaches this deadline (aiohttp's own is 300 s)
                    ws = await asyncio.wait_for(session.ws_connect(f"http://127.0.0.1:{server.port}/ws"), 60)
                except TimeoutError:
                    outcomes.append("unanswered")
                    continue
                except (aiohttp.ClientError, ConnectionError):
                    outcomes.append("refused")
                    continue
                outcomes.append("open")
                try:  # (the guard may close it to make room for another: an answer too)
                    await ws.send_json({"type": "join", "code": CODE, "name": f"P{index}-{round_}"})
                    await ws.receive(timeout=60)
                except (aiohttp.ClientError, ConnectionError):
                    pass
                await ws.close()

    async def churn() -> None:
        await asyncio.gather(*(phone(index) for index in range(60)))
    try:
        run(churn())
    finally:
        server.stop()
    assert len(outcomes) == 600
    assert outcomes.count("unanswered") == 0, outcomes.count("unanswered")
    assert outcomes.count("open") > 0


# ------------------------------------------------------------ a class behind one address
@pytest.mark.slow
@pytest.mark.parametrize("one_address", [True, False], ids=["one-address", "thirty-addresses"])
def test_thirty_phones_all_sit_at_tables_with_no_tap_dropped(one_address: bool) -> None:
    """30 students load the page and tap Join at once, behind a school's one address or from an
    address each: every tap is answered with a seat, none has to be sent again, and every
    student sits at a table and plays it to the end."""
    from classroom.class_room import RoomGame, RoomOfTables, TableSaved

    room = Room(60, CODE)
    room.many_tables = True
    server = serve(room)
    clients = [SimClient(f"http://127.0.0.1:{server.port}", CODE, f"S{i:02}", address=SCHOOL if one_address
                         else phone_address(i), load_page=True) for i in range(30)]
    try:
        phones = Background(_play_each_on_own_browser(clients))
        eventually(lambda: all(client.token for client in clients), seconds=60)
        assert all(client.seat is not None for client in clients)  # a seat each, none watching
        assert sum(client.unanswered for client in clients) == 0  # no tap dropped, none sent again
        assert server.connections.refused == 0 and server.guard.closed == 0
        plan = plan_tables(room.start(), 4)
        assert not plan.watchers and sorted(s for table in plan.tables for s in table if s is not None) == \
            sorted(client.seat for client in clients)
        tables = RoomOfTables(server, plan, RoomGame(rules=SNAP, seed=3, step_delay=0.0),  # type: ignore[arg-type]
                              save=lambda *_args: TableSaved(True, ""))
        eventually(lambda: tables.done, between=lambda: tables.pump(0.05), seconds=120)
        tables.close(stop_server=False)
        phones.join(60)
        for client in clients:  # every phone played its own table to the end
            last = client.last_state
            assert last is not None and last["phase"] == "over" and last["table"] >= 1 and last["seat"] is not None
    finally:
        server.stop()


async def _play_each_on_own_browser(clients: list[SimClient]) -> None:
    await asyncio.gather(*(client.run() for client in clients))


@pytest.mark.slow
def test_joins_of_one_address_are_paced_right_code_or_wrong() -> None:
    room = Room(60, CODE)
    room.many_tables = True
    server = serve(room)
    answered: list[float] = []
    try:
        async def flood() -> float:
            loop = asyncio.get_running_loop()
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(LAPTOP, 0),
                                                                            limit=0)) as laptop:
                sockets = [await laptop.ws_connect(f"http://127.0.0.1:{server.port}/ws") for _ in range(65)]
                started = loop.time()
                for i, ws in enumerate(sockets):
                    await ws.send_json({"type": "join", "code": CODE, "name": f"Bot {i}"})
                for ws in sockets:
                    await receive(ws, "welcome")
                    answered.append(loop.time())
                elapsed = loop.time() - started
                for ws in sockets:
                    await ws.close()
                return elapsed
        elapsed = run(flood())
    finally:
        server.stop()
    rate = server.limits.joins_per_second
    # the bucket's burst, then its rate: the 65 answers cannot come faster (load only slows them)
    assert elapsed >= (65 - rate) / rate * 0.95, elapsed


# ------------------------------------------------------------ a flood, then an honest class
@pytest.mark.slow
def test_a_flood_from_one_address_leaves_every_honest_phone_a_table_seat_and_the_teacher_locks_and_removes(
        tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "r.jsonl", tables=0)
    flood: list[aiohttp.ClientWebSocketResponse] = []
    try:
        lobby = lobby_of(app)
        room = lobby.room
        assert room is not None
        url = url_of(app)

        async def bots() -> None:
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(LAPTOP, 0),
                                                                            limit=0)) as laptop:
                for i in range(70):
                    ws = await laptop.ws_connect(url + "/ws")
                    await ws.send_json({"type": "join", "code": CODE, "name": f"Bot {i}"})
                    flood.append(ws)
                for ws in flood:
                    await receive(ws, "welcome")
                flood_in.set()
                await asyncio.get_running_loop().run_in_executor(None, honest_done.wait)  # the bots stay connected while the class joins and the lesson starts
                for ws in flood:
                    await ws.close()
        import threading

        flood_in, honest_done = threading.Event(), threading.Event()
        laptop = Background(bots())
        run_until(app, flood_in.is_set, seconds=120)  # 70 joins (beyond 30 places, 2 a second): 60 places and 10 watchers, all the laptop's
        assert sum(seat.taken for seat in room.seats()) == 60
        assert room.shared_address() == (LAPTOP, 60)
        honest = [SimClient(url, CODE, f"Student {i}", address=phone_address(i)) for i in range(10)]
        phones = play_clients_each_own(honest)
        run_until(app, lambda: all(client.token for client in honest))
        assert all(client.seat is not None for client in honest)  # every honest phone holds a place
        assert room.shared_address() == (LAPTOP, 50)
        key(pygame.K_k)  # the teacher locks the room
        app.run_frame(0.0)
        assert room.locked
        late = SimClient(url, CODE, "Late", address=phone_address(40))
        Background(_play_each_on_own_browser([late])).join(60)
        assert late.seat is None and any(m["type"] == "error" and "locked" in m["message"]
                                         for _t, m in late.received)
        newest = room.newest_student()
        key(pygame.K_BACKSPACE)  # the teacher removes the last to join
        app.run_frame(0.0)
        assert newest is not None and not room.seats()[newest].taken
        layout = lobby._layout(pygame.display.get_surface().get_size())
        click(layout.lock.center)  # the Lock button opens the room again
        app.run_frame(0.0)
        assert not room.locked
        key(pygame.K_RETURN)
        app.run_frame(0.0)
        tables = app.screens.lesson.play  # type: ignore[union-attr]
        assert tables is not None
        seated = {seat for table in tables.plan.tables for seat in table if seat is not None}
        assert {client.seat for client in honest if client.seat != newest} <= seated
        honest_done.set()
        laptop.join(60)
        tables.close()
        phones.join(60)
    finally:
        close_app()


def play_clients_each_own(clients: list[SimClient]) -> Background:
    """Phones that play, each from its own address (its own browser)."""
    return Background(_play_each_on_own_browser(clients))


# ------------------------------------------------------------ the command line
@pytest.mark.slow
def test_students_goes_with_tables_and_takes_a_whole_number_in_range() -> None:
    for args, problem in ((["--students", "30"], "--students needs --tables"),
                          (["--tables", "auto", "--students", "61"], "expected a number from 1 to 60, not 61"),
                          (["--tables", "auto", "--students", "x"], "expected a whole number, not 'x'")):
        done = subprocess.run([sys.executable, str(PROJECT / "main.py"), "class", *args], capture_output=True,
                              text=True, timeout=60, cwd=PROJECT)
        assert done.returncode == 2 and problem in done.stderr, (args, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


# ------------------------------------------------------------ a student who leaves during a game
def test_a_phone_away_longer_than_the_grace_is_played_for_and_gets_its_seat_back_when_it_returns() -> None:
    from tests.classgame.test_class_protocol_slips import KeptServer

    from classroom.bridge import SeatJoined, SeatLeft, SeatPlayed
    from classroom.protocol import Play
    from classroom.class_session import ClassSession, class_seats

    now = [0.0]
    room = Room(4, CODE)
    room.join(CODE, "Ana")
    room.join(CODE, "Ben")
    room.start()
    server = KeptServer(room)
    session = ClassSession(class_seats(room, SNAP, "random"), server, rules=SNAP, seed=5,  # type: ignore[arg-type]
                           clock=lambda: now[0])
    grace = server.limits.away_grace
    eventually(lambda: {0, 1} <= set(session.questions), between=session.table.poll)  # both asked for a card
    server.inbox.put(SeatLeft(1))  # Ben's phone goes (no --time-limit)
    session.pump()
    now[0] = grace - 0.5
    session.pump()
    assert 1 in session.questions and session.notes == []  # his grace is not over: the table waits for him
    now[0] = grace
    session.pump()
    assert 1 not in session.questions and 1 in session.chosen  # an AI played his card...
    assert session.notes == ["Ben left: an AI plays for them until they are back"]  # ... and the table is told
    assert session.observations()[1].notes[-1] == session.notes[-1]  # (the table's phones see it)
    server.inbox.put(SeatJoined(1, "Ben"))  # his phone comes back with its secret
    session.pump()
    assert session.notes[-1] == "Ben is back and plays again"
    assert not session.away.playing_for(1)
    server.inbox.put(SeatPlayed(0, Play(min(session.questions[0].view.hand))))
    session.pump()

    def next_turn_asks_ben() -> bool:
        session.table.poll()
        if session.table.can_advance:
            session.table.advance()
        return 1 in session.questions
    eventually(next_turn_asks_ben)  # the next card is his own choice again
    session.close()


@pytest.mark.slow
def test_ghosts_before_the_start_are_not_seated_and_every_table_ends_without_a_time_limit(tmp_path: Path) -> None:
    from scenes.classroom.room_results import RoomResultsScene

    app = open_class_app(tmp_path / "r.jsonl", tables=0)
    try:
        room = lobby_of(app).room
        assert room is not None
        url = url_of(app)

        async def ghosts() -> None:
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(LAPTOP, 0))) as laptop:
                for i in range(10):  # join, then close at once
                    async with laptop.ws_connect(url + "/ws") as ws:
                        await ws.send_json({"type": "join", "code": CODE, "name": f"Ghost {i}"})
                        await receive(ws, "welcome")
        Background(ghosts()).join(60)
        students = [SimClient(url, CODE, f"Student {i}", address=phone_address(i)) for i in range(6)]
        phones = play_clients_each_own(students)
        run_until(app, lambda: all(client.token for client in students))
        ghost_seats = {seat.index for seat in room.seats() if seat.name.startswith("Ghost")}
        assert len(ghost_seats) == 10  # still within their grace: listed, shown not connected
        key(pygame.K_RETURN)
        app.run_frame(0.0)
        tables = app.screens.lesson.play  # type: ignore[union-attr]
        assert tables is not None
        seated = {seat for table in tables.plan.tables for seat in table if seat is not None}
        assert seated == {client.seat for client in students}  # no ghost seated
        assert len(tables.plan.tables) == 2  # 6 present students: two tables, not four
        run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=120, dt=0.05)
        assert tables.done
        tables.close()
        phones.join(60)
        assert all(client.last_state and client.last_state["phase"] == "over" for client in students)
    finally:
        close_app()
