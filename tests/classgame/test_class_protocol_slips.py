"""Issue 38's protocol slips, each as an independent client saw it, fixed.

The session's slips are checked on the class session itself, with a stand-in for its server that
keeps what it was handed (no socket: the fast tier); the server's own (what ``welcome`` and
``released`` say) over real loopback sockets, in the slow tier.
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from classroom.bridge import WATCHER, Guessed, PhoneEvent, SeatPlayed, SeatTookRow
from classroom.protocol import Error, Message, Play, Predict, State, TakeRow, Verdict
from classroom.room import Room
from classroom.server import ClassServer, Limits
from classroom.tables import plan_tables
from game.rules import CLASSIC, SNAP, Rules
from classroom.class_learning import Learning
from classroom.class_room import RoomGame, RoomOfTables, TableSaved
from classroom.class_session import ClassSession, class_seats
from live.resume import resume_session
from live.session import Stage, TableSession
from tests.support.waiting import eventually

CODE = "SLIP"


class KeptServer:
    """What a class session talks to, keeping what it was handed instead of sending it."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.inbox: queue.Queue[PhoneEvent] = queue.Queue()
        self.watching: dict[str, str] = {}
        self.port, self.running = 0, True
        self.limits = Limits()
        self.published: list[tuple[dict[int, State], State]] = []
        self.sent: list[tuple[Message, int | None, str]] = []

    def publish(self, seats: Mapping[int, State], public: State) -> None:
        self.published.append((dict(seats), public))

    def send_to(self, message: Message, *, seat: int | None = None, watcher: str = "") -> None:
        self.sent.append((message, seat, watcher))

    def tell(self, seat: int, message: str) -> None:
        self.sent.append((Error(message), seat, ""))

    def release(self, seat: int, reason: str) -> None:
        pass

    def stop(self, timeout: float = 5.0, *, coming_back: bool = False) -> None:
        self.running = False

    def errors_to(self, seat: int | None = None, watcher: str = "") -> list[str]:
        return [m.message for m, s, w in self.sent if isinstance(m, Error) and (s, w) == (seat, watcher)]


def session_of(names: tuple[str, ...], rules: Rules = SNAP, seed: int = 5,
               predict: bool = False) -> tuple[ClassSession, KeptServer]:
    """A started class game: ``names`` hold the first seats from their phones, computer players the rest."""
    room = Room(4, CODE)
    for name in names:
        room.join(CODE, name)
    room.start()
    server = KeptServer(room)
    learning = Learning(predict_seconds=1000.0) if predict else Learning()
    session = ClassSession(class_seats(room, rules, "random"), server, rules=rules, seed=seed,  # type: ignore[arg-type]
                           learning=learning, clock=lambda: 0.0)
    return session, server


def answer_asked(session: ClassSession, server: KeptServer) -> None:
    """Each phone asked for a card plays its lowest; asked for a row, takes row 1."""
    for seat, question in list(session.questions.items()):
        server.inbox.put(SeatPlayed(seat, Play(min(question.view.hand))) if question.ask == "card"
                         else SeatTookRow(seat, TakeRow(0)))
    session.pump()
    computers_decided(session)


def guess_now(session: ClassSession, row: int) -> Predict:
    """A phone's guess of ``row`` for the placement the class is asked about now."""
    current = session.predicting.predictions.open  # type: ignore[union-attr]
    assert current is not None
    question = current.question
    return Predict(question.round + 1, question.turn + 1, question.card, row=row)


def computers_decided(session: ClassSession) -> None:
    """Until the computer players' decisions asked so far are taken in (their worker thread)."""
    def decided() -> bool:
        session.table.poll()
        return not [seat for seat in session.table.thinking_players if seat not in session.phone_seats]
    eventually(decided, seconds=60, what="the computer players' decisions")


# ------------------------------------------------------------------ predictions
def test_a_watcher_who_joins_while_a_question_is_open_and_answers_at_once_gets_its_verdict() -> None:
    session, server = session_of(("Ana",), predict=True)
    answer_asked(session, server)
    assert session.table.stage is Stage.REVEALED and not session.predictions_ready()  # the question is open
    server.watching = {"late-key": "Wes"}  # a watcher joins now, sees the question, answers at once
    server.inbox.put(Guessed(WATCHER, "Wes", "late-key", guess_now(session, 2)))
    server.inbox.put(Guessed(0, "Ana", "", guess_now(session, 1)))
    session.pump()
    assert server.errors_to(watcher="late-key") == []
    assert session.predictions_ready()
    session.table.advance()
    [late] = [message for message, _seat, watcher in server.sent if isinstance(message, Verdict)
              and watcher == "late-key"]
    assert late.guess == 2 and late.text
    assert ("Wes", int(late.right), 1) in session.predictions.standings()  # type: ignore[union-attr]


def test_a_prediction_with_predictions_off_is_answered() -> None:
    session, server = session_of(("Ana",))
    server.inbox.put(Guessed(0, "Ana", "", Predict(1, 1, 5, row=1)))
    server.inbox.put(Guessed(WATCHER, "Wes", "key", Predict(1, 1, 5, row=1)))
    session.pump()
    assert server.errors_to(seat=0) == ["nothing is asked of you now"]
    assert server.errors_to(watcher="key") == ["nothing is asked of you now"]


def test_a_watchers_prediction_when_nothing_is_asked_is_answered_as_a_seats_is() -> None:
    session, server = session_of(("Ana",), predict=True)
    server.watching = {"key": "Wes"}
    server.inbox.put(Guessed(WATCHER, "Wes", "key", Predict(1, 1, 5, row=1)))  # the cards are still being chosen
    session.pump()
    assert server.errors_to(watcher="key") == ["this prediction is for a placement shown already"]


# ------------------------------------------------------------------ one moment per state
class KeptRoomServer(KeptServer):
    """A room of many tables' server, keeping what it was handed."""

    def seat_at_tables(self, places: Mapping[int, tuple[int, int]], watching: frozenset[int]) -> None:
        pass

    def publish_some(self, seats: Mapping[int, State], public: State | None) -> None:
        pass


def test_a_guess_at_a_rooms_table_is_checked_against_the_placement_it_names() -> None:
    """Routed to its table, a student's guess still names the placement it answers: a late one is
    refused there as at a one-table game (it once arrived without it and counted for the next)."""
    room = Room(60, CODE)
    room.many_tables = True
    for i in range(6):
        room.join(CODE, f"S{i}")
    room.start()
    server = KeptRoomServer(room)
    game = RoomGame(rules=SNAP, seed=4, step_delay=0.0, learning=Learning(predict_seconds=1000.0))
    tables = RoomOfTables(server, plan_tables(range(6), 4), game, save=lambda *_args: TableSaved(True, ""))  # type: ignore[arg-type]
    session = tables.sessions[1]  # tables of 3 and a computer player: room seats 3-5 are table 2's seats 0-2

    def answer_and_pump() -> None:
        for seat, question in list(session.questions.items()):
            server.inbox.put(SeatPlayed(3 + seat, Play(min(question.view.hand))) if question.ask == "card"
                             else SeatTookRow(3 + seat, TakeRow(0)))
        tables.pump(0.0)
    eventually(lambda: session.predicting.predictions.open is not None,  # type: ignore[union-attr]
               between=answer_and_pump, what="the class asked where a card goes")
    now = guess_now(session, 0)
    server.inbox.put(Guessed(4, "S4", "", replace(now, turn=now.turn + 1)))  # names another placement
    tables.pump(0.0)
    assert server.errors_to(seat=4) == ["this prediction is for a placement shown already"]
    server.inbox.put(Guessed(4, "S4", "", now))
    tables.pump(0.0)
    assert "seat:1" in session.predicting.predictions.open.guesses  # type: ignore[union-attr]
    tables.close()


def test_every_state_at_a_new_classic_round_is_of_one_moment() -> None:
    session, server = session_of(("Ana", "Ben"), rules=CLASSIC, seed=3)
    for _step in range(500):
        if session.table.game.round == 1 and session.questions:
            break  # the phones are asked their first card of the second round
        answer_asked(session, server)
        if session.table.can_advance:
            session.table.advance()
        session.pump()
    rounds = session.table.game.rounds
    mixed = []
    for seats, public in server.published:
        for state in (*seats.values(), public):
            deal = rounds[state.round - 1].deal
            dealt = {card for hand in deal.hands for card in hand}
            on_table = {card for row in state.rows for card in row}
            if not set(state.revealed) <= dealt or set(state.hand) & on_table or \
                    (state.seat is not None and not set(state.hand) <= set(deal.hands[state.seat])):
                mixed.append((state.round, state.turn, state.hand, state.revealed, state.rows))
    assert len({state.round for _seats, state in server.published}) == 2, "the second round began"
    assert mixed == []


# ------------------------------------------------------------------ resume
def test_after_a_resume_chosen_reads_the_card_chosen_before_the_stop() -> None:
    session, server = session_of(("Ana", "Ben"))
    card = min(session.table.game.hand(0))
    server.inbox.put(SeatPlayed(0, Play(card)))
    session.pump()
    computers_decided(session)
    assert session.observations()[0][0].chosen == card
    kept = session.kept()
    session.close()
    again = KeptServer(server.room)
    made: list[ClassSession] = []

    def make(seats: Any, stand_ins: Any, thinker: Any) -> TableSession:
        made.append(ClassSession(seats, again, rules=SNAP, seed=kept.seed, stand_ins=stand_ins,  # type: ignore[arg-type]
                                 thinker=thinker))
        return made[0].table
    resume_session(kept, make=make)
    seats, _public = made[0].observations()
    assert seats[0].chosen == card and seats[0].ask is None
    assert seats[1].chosen is None and seats[1].ask == "card"
    assert card not in seats[1].hand and card in seats[0].hand  # still secret, still Ana's until revealed


# ------------------------------------------------------------------ the server's slips
def _serve(room: Room, **limits: Any) -> ClassServer:
    server = ClassServer(room, host="127.0.0.1", port=0, limits=Limits(**limits))
    server.start()
    return server


async def _next(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    while True:
        message = await ws.receive(timeout=60)  # only a hang reaches this
        assert message.type == aiohttp.WSMsgType.TEXT, message
        data: dict[str, Any] = message.json()
        if data["type"] == kind:
            return data


@pytest.mark.slow
def test_after_a_resume_at_a_room_of_many_tables_welcome_and_state_name_the_same_seat() -> None:
    room = Room(60, CODE)
    room.many_tables = True
    server = _serve(room)
    try:
        async def join_all() -> list[str]:
            async with aiohttp.ClientSession() as session:
                tokens = []
                for i in range(6):
                    async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                        await ws.send_json({"type": "join", "code": CODE, "name": f"S{i}"})
                        tokens.append((await _next(ws, "welcome"))["token"])
                return tokens
        tokens = asyncio.run(join_all())
        for token in tokens:  # (their phones are here at the start, as a class's are; they leave after)
            room.resume(token)
        room.start()
        plan = plan_tables(range(6), 4)  # tables of 3: room seat 4 is table 2's seat 1
        tables = RoomOfTables(server, plan, RoomGame(rules=SNAP, seed=4, step_delay=0.0),  # type: ignore[arg-type]
                              save=lambda *_args: TableSaved(True, ""))

        async def come_back() -> tuple[dict[str, Any], dict[str, Any]]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                    await ws.send_json({"type": "resume", "token": tokens[4]})
                    welcome = await _next(ws, "welcome")
                    tables.pump(0.0)
                    return welcome, await _next(ws, "state")
        welcome, state = asyncio.run(come_back())
        assert (welcome["seat"], welcome["table"]) == (1, 2)
        assert (state["seat"], state["table"]) == (1, 2)
        tables.close()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_watcher_released_when_the_room_is_full_is_of_the_address_holding_the_most() -> None:
    room = Room(2, CODE)
    room.start()
    server = _serve(room, max_watchers=3)
    try:
        async def scenario() -> dict[str, Any]:
            url = f"http://127.0.0.1:{server.port}/ws"
            connector = aiohttp.TCPConnector(local_addr=("127.0.3.1", 0))
            async with aiohttp.ClientSession() as loner, aiohttp.ClientSession(connector=connector) as laptop:
                first = await loner.ws_connect(url)  # the longest-watching, alone on its address
                await first.send_json({"type": "join", "code": CODE, "name": "W0"})
                await _next(first, "welcome")
                sockets = []
                for i in (1, 2, 3):
                    ws = await laptop.ws_connect(url)
                    await ws.send_json({"type": "join", "code": CODE, "name": f"W{i}"})
                    await _next(ws, "welcome")
                    sockets.append(ws)
                released = await _next(sockets[0], "released")  # the laptop's longest-watching
                assert "W0" in server.watching.values()  # not the longest-watching of all: it is alone
                return released
        released = asyncio.run(scenario())
        assert released["message"] == "the room is full: this phone stopped watching"
        eventually(lambda: server.watcher_count == 0)
    finally:
        server.stop()
