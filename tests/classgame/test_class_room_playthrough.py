"""A room of many tables' playthrough: every message each of 8 phones got, the same every run.

As ``test_class_playthrough.py`` keeps one table's game, ``tests/data/playthrough/`` keeps a lesson
of a room (:class:`RoomOfTables`): eight phones join, answer a warm-up of two puzzles (the
teacher shows each puzzle's answers), then play a seeded deal at two tables of four (snap rules,
seed 11, the same deal at both, predictions on) to the class's ranks.  For each phone, every
message it received (``<``) and sent (``>``), one a line, in order.  ``class-room-8-phones.txt``
holds the whole lesson (slow tier); ``class-room-first-turn.txt`` the warm-up and the deal's
first turn only (fast tier: a change to a room's protocol shows at once while working).

The run is deterministic as the one table's is: a fixed seed and code, no step delay, every
phone's answer a seeded draw, and the test drives the frames itself (the lesson's
:meth:`RoomOfTables.pump`), waiting after each until every phone has the state published for it,
then letting each phone that is asked something answer in turn, waiting until the server has
handed the answer on.

To write the golden files again after a deliberate protocol change (then read their diff)::

    SIXTAKES_REWRITE_PLAYTHROUGH=1 python -m pytest -q -m "" tests/classgame/test_class_room_playthrough.py
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from classroom.protocol import AnswerPuzzle, Join, Message, State, wire_fields_of
from classroom.room import Room
from classroom.server import ClassServer
from classroom.tables import plan_tables
from game.rules import SNAP
from classroom.class_learning import Learning
from classroom.class_room import RoomGame, RoomOfTables, TableSaved
from classroom.class_warmup import Warmup
from store.history import open_history
from store.puzzles import add_puzzles
from tests.support.puzzle_positions import card_puzzle, row_puzzle
from tests.support.waiting import eventually
from test_class_playthrough import REWRITE, Driver, Phone, Phones, _client_session, first_difference, golden_text, hang_up

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "playthrough"
CODE = "ROOM"
SEED = 11
NAMES = ("Ana", "Ben", "Cem", "Dia", "Eli", "Fay", "Gus", "Hal")
WHOLE, FIRST_TURN = "class-room-8-phones.txt", "class-room-first-turn.txt"


class RoomPhone(Phone):
    """A phone of the room: it also answers the warm-up's puzzles (a seeded draw)."""

    def answer(self, state: dict[str, Any]) -> Message | None:
        puzzle = state.get("puzzle")
        if puzzle is None:
            return super().answer(state)
        question = ("puzzle", puzzle["id"])
        if state["ask"] is None or question in self.answered:
            return None
        self.answered.add(question)
        if puzzle["kind"] == "row":
            return AnswerPuzzle(row=self.rng.randrange(4))
        return AnswerPuzzle(card=self.rng.choice(puzzle["hand"]))


class RoomDriver(Driver):
    """The lesson run frame by frame by the test, its phones answering in join order (as
    :class:`Driver`'s do, each answer handed to the app before the next)."""

    def __init__(self, server: ClassServer, phones: list[RoomPhone], runner: Phones) -> None:
        self.server, self.phones, self.runner = server, list(phones), runner
        self.events = 0
        for name in ("publish_some", "show_puzzle"):
            self._record(name)

    def _record(self, name: str) -> None:
        handed = getattr(self.server, name)

        def recording(seats: Mapping[int, State] | None, public: State | None) -> None:
            handed(seats, public)
            self.arrived(seats or {})  # (one at a time: the server sends only the latest of two unsent)
        setattr(self.server, name, recording)

    def arrived(self, published: Mapping[int, State]) -> None:
        """Until each phone has the state just published for it."""
        for seat, state in published.items():
            phone, wanted = self.phones[seat], wire_fields_of(state)
            eventually(lambda phone=phone, wanted=wanted: phone.last("state") == wanted,  # type: ignore[misc]
                       seconds=60, what=f"{phone.name}'s state")


def warm_up(driver: RoomDriver) -> None:
    """Two puzzles: the phones answer, the teacher shows the answers, then the next; then the lobby."""
    warmup = Warmup(driver.server, 2, "", lambda: None, seed=SEED)
    for _step in range(100):
        driver.events = 0
        warmup.pump()
        if warmup.over:
            break
        if not driver.answers():
            warmup.step()  # everyone answered: the teacher's Space (the answers; then the next puzzle)
    assert warmup.over
    for phone in driver.phones:
        eventually(lambda phone=phone: phone.received[-1]["type"] == "lobby", seconds=60,  # type: ignore[misc]
                   what=f"{phone.name}'s lobby")


def play(driver: RoomDriver, tables: RoomOfTables, turns: int) -> None:
    """The deal at every table, frame by frame, to the class's ranks (or to the end of ``turns``)."""
    for _step in range(4000):
        driver.events = 0
        tables.pump(0.0)
        if tables.ranks_sent or all(session.table.game.turn >= turns for session in tables.sessions):
            return
        driver.answers()
    raise AssertionError("the deal did not end")


def playthrough(turns: int = 99) -> str:
    """The playthrough of a fresh run, as the golden file holds it."""
    with open_history(import_legacy=False) as history:
        add_puzzles(history, [card_puzzle(), row_puzzle()])
    room = Room(len(NAMES), CODE)
    server = ClassServer(room, rules=SNAP, host="127.0.0.1", port=0)
    server.start()
    runner = Phones()
    phones = [RoomPhone(name, seat) for seat, name in enumerate(NAMES)]
    try:
        client = runner.run(_client_session())
        for index, phone in enumerate(phones):
            runner.run(phone.connect(client, f"http://127.0.0.1:{server.port}"))
            runner.run(phone.send(Join(CODE, phone.name)))
            for other in phones[:index + 1]:  # (each lobby arrives before the next phone joins)
                eventually(lambda other=other, joined=index + 1: _lobby_count(other) == joined,  # type: ignore[misc]
                           seconds=60, what="the lobby")
        driver = RoomDriver(server, phones, runner)
        warm_up(driver)
        plan = plan_tables(room.start(), 4, 0)
        game = RoomGame(SNAP, "random", SEED, duplicate=True, step_delay=0.0,
                        learning=Learning(predict_seconds=600.0))
        tables = RoomOfTables(server, plan, game, lambda session, code, table, finishing: TableSaved(True, ""))
        play(driver, tables, turns)
        tables.close()
        hang_up(phones, runner, client)
    finally:
        server.stop()
        runner.close()
    return golden_text(["# A seeded lesson of a room of 8 phones (tests/classgame/test_class_room_playthrough.py): a warm-up",
                        f"# of 2 puzzles, then snap rules, seed {SEED}, two tables of four, the same deal, predictions on"
                        + ("." if turns > 7 else f", to the end of turn {turns}."),
                        "# For each phone, what it received (<) and sent (>), in order."], phones)


def _lobby_count(phone: RoomPhone) -> int:
    lobby = phone.last("lobby")
    return len([player for player in lobby["players"] if player["name"]]) if lobby else 0


def check(name: str, fresh: str) -> None:
    golden = GOLDEN / name
    if os.environ.get(REWRITE):
        golden.write_text(fresh, encoding="utf-8")
    difference = first_difference(golden.read_text(encoding="utf-8"), fresh)
    assert difference is None, f"{golden.name} (rewrite with {REWRITE}=1 if meant): {difference}"


def test_the_warm_up_and_first_turn_of_a_rooms_lesson_send_every_phone_what_the_playthrough_says() -> None:
    check(FIRST_TURN, playthrough(turns=1))


@pytest.mark.slow  # a whole deal at two tables
def test_a_seeded_lesson_of_a_room_sends_every_phone_what_the_playthrough_says() -> None:
    check(WHOLE, playthrough())
