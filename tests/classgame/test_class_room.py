"""The class room and the observations: seats, secrets, what each viewer may see."""

from __future__ import annotations

import sys
from concurrent.futures import Future
from pathlib import Path

import pytest

from classroom.observation import PublicTable, public_observation, seat_observation
from classroom.protocol import wire_fields_of
from classroom.room import Room, RoomError, check_code
from game.engine import Game
from game.rules import CLASSIC, SNAP
from tests.conftest import needs

PROJECT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@needs("aiohttp")
def test_the_classroom_package_never_imports_pygame() -> None:
    import subprocess

    code = ("import sys, classroom.server, classroom.simclient; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=PROJECT).returncode == 0


def test_students_take_the_free_seats_in_order_then_watch() -> None:
    room = Room(4, "abcd")
    assert room.code == "ABCD"
    joined = [room.join("abcd", name) for name in ("Ana", "Ben", "Cy", "Di")]
    assert [j.seat for j in joined] == [0, 1, 2, 3]
    assert len({j.token for j in joined}) == 4
    late = room.join("ABCD", "Eve")
    assert late.spectator and room.spectator_count() == 1
    assert [s.name for s in room.seats()] == ["Ana", "Ben", "Cy", "Di"]


def test_a_wrong_code_or_a_bad_name_is_refused() -> None:
    room = Room(4, "ABCD")
    with pytest.raises(RoomError, match="wrong room code"):
        room.join("ABCE", "Ana")
    with pytest.raises(RoomError, match="wrong room code"):
        room.join(None, "Ana")  # type: ignore[arg-type]
    for name in ("", "   ", "x" * 25, "a\x00b", 42):
        with pytest.raises(RoomError, match="the name"):
            room.join("ABCD", name)  # type: ignore[arg-type]
    assert room.taken_seats() == ()


def test_the_secret_gives_the_seat_back_and_nothing_else_does() -> None:
    room = Room(4, "ABCD")
    ana = room.join("ABCD", "Ana")
    room.disconnected(0)
    assert room.seats()[0].connected is False
    other = room.join("ABCD", "Mallory")
    assert other.seat == 1  # a disconnected seat is not free: only its secret opens it
    again = room.resume(ana.token)
    assert again.seat == 0 and again.name == "Ana" and room.seats()[0].connected
    for token in ("", "nope", ana.token[:-1], None):
        with pytest.raises(RoomError, match="unknown seat"):
            room.resume(token)  # type: ignore[arg-type]


def test_after_the_start_newcomers_watch_and_a_freed_secret_is_void() -> None:
    room = Room(4, "ABCD")
    ana = room.join("ABCD", "Ana")
    ben = room.join("ABCD", "Ben")
    room.free(1)
    with pytest.raises(RoomError):
        room.resume(ben.token)
    assert room.start() == (0,)
    assert room.join("ABCD", "Cy").spectator
    room.give_to_ai(0)
    with pytest.raises(RoomError):
        room.resume(ana.token)
    assert room.taken_seats() == ()


@pytest.mark.parametrize("code", ["a", "ABCDEFGHIJKLM", "AB CD", "ÄBC", "AB-C"])
def test_room_codes_are_short_letters_and_digits(code: str) -> None:
    with pytest.raises(ValueError):
        check_code(code)


def _table(game: Game, names: tuple[str, ...]) -> PublicTable:
    return PublicTable("playing", game.rules, names, (True,) * len(names), (True,) * len(names), game.round,
                       game.turn, game.rows, tuple(game.scores), game.revealed, game.waiting_for, False, "")


@pytest.mark.parametrize("rules, players", [(SNAP, 4), (CLASSIC, 7)])
def test_an_observation_holds_its_own_hand_and_no_other(rules, players) -> None:
    game = Game(rules, players, seed=11)
    names = tuple(f"P{i}" for i in range(players))
    table = _table(game, names)
    for seat in range(players):
        observation = wire_fields_of(seat_observation(table, game.view(seat), "card", None))
        assert observation["hand"] == list(game.hand(seat))
        others = {card for other in range(players) if other != seat for card in game.hand(other)}
        shown = set(observation["hand"]) | {c for row in observation["rows"] for c in row}
        assert not shown & others
    spectator = wire_fields_of(public_observation(table))
    assert spectator["hand"] == [] and spectator["seat"] is None
    assert spectator["rows"] == [list(row) for row in game.rows]
    assert spectator["row_penalties"] == [rules.penalty_of(row) for row in game.rows]


def test_phone_seats_answer_later_through_the_session_hook() -> None:
    from classroom.class_session import PhoneAgent
    from live.session import Stage, TableSession
    from live.seats import PHONE, Seat

    asked: dict[int, tuple[str, Future]] = {}

    def ask(seat: int, question: str, view) -> Future:
        future: Future = Future()
        asked[seat] = (question, future)
        return future

    seats = (Seat("Ana", PHONE), Seat("AI 1", "random"), Seat("Ben", PHONE), Seat("AI 2", "random"))
    agents = [PhoneAgent(0, ask), None, PhoneAgent(2, ask), None]
    import random

    from game.players.agents import make_agent

    agents[1] = make_agent("random", random.Random(1))
    agents[3] = make_agent("random", random.Random(2))
    session = TableSession(seats, seed=5, mode="class", agents=agents, threaded=False)
    assert sorted(asked) == [0, 2] and asked[0][0] == "card"
    assert session.stage is Stage.THINKING and session.thinking_players == (0, 2)
    assert session.caption() == ["Ana and Ben are choosing a card..."]
    assert session.hand_owner is None  # the projector never shows a phone's hand
    asked[0][1].set_result(session.game.hand(0)[0])
    session.poll()
    assert session.thinking_players == (2,)
    asked[2][1].set_result(session.game.hand(2)[-1])
    session.poll()
    assert session.stage is Stage.REVEALED
    assert seats[0].label == "phone" and seats[0].record_kind == "human"
