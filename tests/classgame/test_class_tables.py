"""A room of many tables: the split, the deals, the standings, whole lessons with phones.

The first tests are pure (the plan, the seeds, the standings, the record's room and table);
then whole lessons run the real app headless with simulated phones (raw WebSockets) beside
it: the room splits them into tables, every table plays to its end at its own pace, each
table's record is saved, and each phone ends with its rank in the class.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp
import pygame
import pytest
from tests.support.app_helpers import click, key
from tests.support.class_helpers import CODE, Background, close_app, lobby_of, open_class_app, run_until, url_of

from classroom.simclient import SimClient
from classroom.tables import (TableResult, class_standings, plan_tables, seat_comparison, table_count,
                                   table_seeds)
from game.record import GameRecord, RecordError, parse_record, read_records
from scenes.app import App
from scenes.classroom.overview import OverviewScene, overview_layout
from scenes.classroom.room_results import RoomResultsScene
from scenes.classroom.table import ClassTableScene
from scenes.model.replay import replay_of_record


# ----------------------------------------------------------------- pure
def test_students_are_split_as_evenly_as_can_be_and_ais_fill_the_short_tables() -> None:
    plan = plan_tables(range(14), 4)
    assert plan.tables == ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, None), (11, 12, 13, None))
    assert plan.watchers == ()
    assert plan.place_of(9) == (2, 1) and plan.place_of(20) is None
    classic = plan_tables(range(14), 5)
    assert [sum(seat is not None for seat in table) for table in classic.tables] == [5, 5, 4]
    assert [table_count(n, 4) for n in (0, 1, 4, 5, 40, 60)] == [1, 1, 1, 2, 10, 15]


def test_a_fixed_number_of_tables_seats_whom_it_can_and_the_others_watch() -> None:
    plan = plan_tables(range(10), 4, tables=2)
    assert [len(table) for table in plan.tables] == [4, 4]
    assert plan.watchers == (8, 9)
    spread = plan_tables(range(5), 4, tables=3)
    assert [sum(seat is not None for seat in table) for table in spread.tables] == [2, 2, 1]


def test_shuffled_seating_seats_the_same_students_in_another_order() -> None:
    plan = plan_tables(range(12), 4, shuffle=random.Random(3))
    seated = [seat for table in plan.tables for seat in table]
    assert sorted(seated) == list(range(12)) and seated != list(range(12))


def test_duplicate_deals_give_every_table_the_seed_and_different_deals_do_not() -> None:
    assert table_seeds(77, 3, duplicate=True) == (77, 77, 77)
    different = table_seeds(77, 3, duplicate=False)
    assert len(set(different)) == 3 and different == table_seeds(77, 3, duplicate=False)


def test_class_standings_rank_students_across_tables_and_by_the_same_cards() -> None:
    tables = [TableResult(("Ana", "Ben", "AI 1", "AI 2"), (True, True, False, False), (10, 3, 0, 7), True),
              TableResult(("Cem", "Dia", "Eva", "AI 1"), (True, True, True, False), (3, 12, 5, 1), True)]
    standings = class_standings(tables, duplicate=True)
    assert [(s.name, s.points, s.rank, s.seat_rank) for s in standings] == [
        ("Ben", 3, 1, 1), ("Cem", 3, 1, 1), ("Eva", 5, 3, 1), ("Ana", 10, 4, 2), ("Dia", 12, 5, 2)]
    assert class_standings(tables, duplicate=False)[0].seat_rank is None
    comparison = seat_comparison(tables)
    assert [(c.seat, c.best, c.points, c.worst) for c in comparison] == [
        (0, (("Cem", 1),), 3, 10), (1, (("Ben", 0),), 3, 12), (2, (("AI 1", 0),), 0, 5), (3, (("AI 1", 1),), 1, 7)]


def test_a_record_keeps_its_room_and_table_and_refuses_them_out_of_a_class_game(tmp_path: Path) -> None:
    from game.engine import Game
    from game.record import PlayerInfo, record_game
    from game.rules import SNAP

    game = Game(SNAP, 4, 5)
    while not game.is_over:
        for player in game.waiting_for:
            game.choose_card(player, game.hand(player)[0])
        while game.next_placement is not None or game.awaiting_row_choice is not None:
            if game.awaiting_row_choice is not None:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    players = [PlayerInfo(f"P{i}", "human") for i in range(4)]
    line = record_game(game, players, mode="class", room="K7QP", table=3).to_json()
    assert json.loads(line)["room"] == "K7QP" and parse_record(line).table == 3
    for change, problem in (({"mode": None}, "together"), ({"table": None}, "together"),
                            ({"room": "k7"}, "room code"), ({"table": 0}, "from 1"), ({"table": "2"}, "whole")):
        data = {**json.loads(line), **change}
        data = {k: v for k, v in data.items() if v is not None}
        with pytest.raises(RecordError, match=problem):
            parse_record(json.dumps(data))


# ------------------------------------------------------- whole lessons
STEP = 0.05
"""Seconds a placement stays on the phones (the frames pass in real time): a simulated phone
answers a few times a second, within the room's message rate as a student's phone is."""

@pytest.fixture(autouse=True)
def display() -> Any:
    yield
    close_app()


def join_in_order(clients: Sequence[SimClient]) -> Background:
    """The phones join one after another (join order is seating order), then play to the end of
    the lesson (the room closing)."""
    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            tasks = []
            for client in clients:
                tasks.append(asyncio.create_task(client.run(session, until_over=False)))
                while client.token is None and not tasks[-1].done():
                    await asyncio.sleep(0.005)
            await asyncio.gather(*tasks)
    return Background(main())


def lobby_lists(app: App, clients: Sequence[SimClient]) -> bool:
    """Every phone's lobby lists every student (so all have joined before the start)."""
    def listed(client: SimClient) -> bool:
        lobbies = [message for _, message in client.received if message.get("type") == "lobby"]
        return bool(lobbies) and len(lobbies[-1]["players"]) == len(clients)
    return all(listed(client) for client in clients)


def play_lesson(tmp_path: Path, phones: int, **settings: Any
                ) -> tuple[RoomResultsScene, list[SimClient], list[GameRecord]]:
    """A whole lesson: ``phones`` simulated students join, the teacher starts, every table plays
    to its end; the class results shown, the phones, the records saved."""
    record = tmp_path / "lesson.jsonl"
    app = open_class_app(record, tables=0, **settings)
    url = url_of(app)
    clients = [SimClient(url, CODE, f"Student {i + 1}", rng=random.Random(i)) for i in range(phones)]
    background = join_in_order(clients)
    run_until(app, lambda: lobby_lists(app, clients), seconds=60)
    key(pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=240, dt=None)
    run_until(app, lambda: all(client.last_state and client.last_state.get("class") for client in clients))
    results = app.manager.active
    key(pygame.K_ESCAPE)  # the room closes: the phones are told
    app.run_frame(0.02)
    background.join(30)
    return results, clients, read_records(record)


def expected_standings(records: Sequence[GameRecord]) -> list[tuple[str, int, int]]:
    """(name, points, rank) of every student: fewest points first, then by table and seat."""
    students = sorted((record.scores[seat], record.table or 0, seat, player.name) for record in records
                      for seat, player in enumerate(record.players) if player.kind == "human")
    points = [student[0] for student in students]
    return [(name, score, 1 + sum(other < score for other in points)) for score, _t, _s, name in students]


def check_each_phone_saw_its_own_table(clients: Sequence[SimClient], records: Sequence[GameRecord]) -> None:
    by_table = {record.table: record for record in records}
    for client in clients:
        states = client.states
        table = states[-1]["table"]
        record = by_table[table]
        seat = states[-1]["seat"]
        assert record.players[seat].name == client.name
        held = {card for round_ in record.rounds for card in round_.deal.hands[seat]}
        for state in states:
            assert state["table"] == table and state["tables"] == len(records)
            assert [player["name"] for player in state["players"]] == [p.name for p in record.players]
            assert set(state["hand"]) <= held


@pytest.mark.slow
def test_a_whole_lesson_under_snap_splits_the_class_and_every_table_plays_the_same_deal(tmp_path: Path) -> None:
    shown, clients, records = play_lesson(tmp_path, 14, step_delay=STEP, seed=2024)
    assert sorted(record.table for record in records) == [1, 2, 3, 4]
    assert {record.room for record in records} == {CODE} and {record.mode for record in records} == {"class"}
    assert {record.seed for record in records} == {2024}
    deals = {json.dumps([[list(h) for h in r.rounds[0].deal.hands], list(r.rounds[0].deal.rows)])
             for r in records}
    assert len(deals) == 1  # duplicate deals: the same hands by seat, the same starting rows
    for record in records:
        assert len(replay_of_record(record).states) == 7 * 4  # valid, and it replays
        assert sum(player.kind == "human" for player in record.players) in (3, 4)
    standings = expected_standings(records)
    assert [(s.name, s.points, s.rank) for s in shown.standings] == standings
    ranks = {name: (points, rank) for name, points, rank in standings}
    for client in clients:
        mine = client.last_state["class"]  # type: ignore[index]
        assert (mine["points"], mine["rank"], mine["of"]) == (*ranks[client.name], 14)
    check_each_phone_saw_its_own_table(clients, records)


@pytest.mark.slow
def test_a_whole_lesson_under_classic_with_tables_of_five_and_different_deals(tmp_path: Path) -> None:
    shown, clients, records = play_lesson(tmp_path, 14, step_delay=STEP, rules="classic", table_size=5,
                                        deals="different", seed=7)
    assert sorted(record.table for record in records) == [1, 2, 3]
    assert all(len(record.players) == 5 and record.rules == "classic" for record in records)
    assert len({record.seed for record in records}) == 3
    for record in records:
        assert max(record.scores) >= 66  # classic: to 66 points, every table at its own length
        replay_of_record(record)
    assert [(s.name, s.points, s.rank) for s in shown.standings] == expected_standings(records)
    assert all(client.last_state["class"]["seat_rank"] is None for client in clients)  # type: ignore[index]
    check_each_phone_saw_its_own_table(clients, records)


@pytest.mark.slow
def room_of_two_tables(tmp_path: Path, step_delay: float = STEP) -> tuple[App, Background]:
    """Eight phones join a room of tables (seed 11) and the teacher starts: the overview shows."""
    app = open_class_app(tmp_path / "lesson.jsonl", tables=0, step_delay=step_delay, seed=11)
    url = url_of(app)
    clients = [SimClient(url, CODE, f"S{i}", rng=random.Random(i)) for i in range(8)]
    background = join_in_order(clients)
    run_until(app, lambda: lobby_lists(app, clients), seconds=60)
    key(pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.manager.active, OverviewScene))
    return app, background


def test_the_projector_opens_a_table_full_size_and_comes_back_while_the_others_play(tmp_path: Path) -> None:
    app, background = room_of_two_tables(tmp_path)
    overview = app.manager.active
    tables = overview.tables
    layout = overview_layout(pygame.display.get_surface().get_size(), 2)
    click(layout.tiles[1].center)
    app.run_frame(0.02)
    opened = app.manager.active
    assert isinstance(opened, ClassTableScene) and opened.table == 1 and tables.opened == 1
    opened.auto = False  # the teacher steps this table by hand; table 1 goes on by itself
    run_until(app, lambda: tables.sessions[0].table.stage.name == "OVER", seconds=120, dt=None)
    assert tables.sessions[1].table.stage.name != "OVER"
    key(pygame.K_ESCAPE)
    app.run_frame(0.02)
    assert app.manager.active is overview and tables.opened is None
    run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=120, dt=None)
    key(pygame.K_ESCAPE)
    app.run_frame(0.02)
    background.join(30)


class Misbehaving:
    """A phone that tries what it may not: a card of another seat's hand, a row unasked."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.errors: list[str] = []
        self.seat: int | None = None
        self.table: int | None = None

    async def run(self, session: aiohttp.ClientSession) -> None:
        async with session.ws_connect(self.url + "/ws") as ws:
            await ws.send_json({"type": "join", "code": CODE, "name": "Mallory"})
            tried = False
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                if data["type"] == "welcome":
                    self.seat = data["seat"]
                elif data["type"] == "error":
                    self.errors.append(data["message"])
                elif data["type"] == "state" and data.get("ask") == "card" and not tried:
                    tried = True
                    self.table = data["table"]
                    others = [card for card in range(1, 105) if card not in data["hand"]
                              and all(card not in row for row in data["rows"])]
                    await ws.send_json({"type": "play", "card": others[0]})
                    await ws.send_json({"type": "row", "row": 1})
                    await ws.send_json({"type": "play", "card": data["hand"][0]})
                elif data["type"] == "state" and data.get("ask") == "card" and data.get("chosen") is None:
                    await ws.send_json({"type": "play", "card": data["hand"][0]})
                elif data["type"] == "state" and data.get("ask") == "row":
                    await ws.send_json({"type": "row", "row": 0})


@pytest.mark.slow
def test_a_phone_acts_only_at_its_own_table_and_seat_and_a_late_one_watches(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "lesson.jsonl", tables=0, step_delay=STEP, seed=3)
    url = url_of(app)
    clients = [SimClient(url, CODE, f"S{i}", rng=random.Random(i)) for i in range(5)]
    mallory = Misbehaving(url)
    late = SimClient(url, CODE, "Late")

    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.create_task(client.run(session, until_over=False)) for client in clients[:1]]
            while clients[0].token is None:
                await asyncio.sleep(0.005)
            tasks.append(asyncio.create_task(mallory.run(session)))
            while mallory.seat is None:
                await asyncio.sleep(0.005)
            for client in clients[1:]:
                tasks.append(asyncio.create_task(client.run(session, until_over=False)))
                while client.token is None:
                    await asyncio.sleep(0.005)
            while not any(message.get("type") == "state" for _, message in clients[0].received):
                await asyncio.sleep(0.01)
            tasks.append(asyncio.create_task(late.run(session, until_over=False)))
            await asyncio.gather(*tasks)
    background = Background(main())
    run_until(app, lambda: lobby_of(app).room is not None and len(lobby_of(app).room.taken_seats()) == 6, seconds=60)
    key(pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=240, dt=None)
    run_until(app, lambda: late.last_state is not None)
    key(pygame.K_ESCAPE)
    app.run_frame(0.02)
    background.join(30)
    assert mallory.table == 1 and len(mallory.errors) >= 2
    assert any("do not hold" in error for error in mallory.errors)
    assert any("not a row" in error or "nothing is asked" in error for error in mallory.errors)
    assert late.seat is None and late.last_state["seat"] is None and late.last_state["hand"] == []
    assert late.last_state["table"] == 1  # a watcher watches table 1
    records = read_records(tmp_path / "lesson.jsonl")
    assert sorted(record.table for record in records) == [1, 2]
    assert "Mallory" in [player.name for player in records[0].players + records[1].players]


@pytest.mark.slow
def test_a_phone_that_leaves_mid_game_is_played_for_when_its_time_is_up(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "lesson.jsonl", tables=0, step_delay=STEP, seed=9, time_limit=0.2)
    url = url_of(app)
    clients = [SimClient(url, CODE, f"S{i}", rng=random.Random(i)) for i in range(6)]
    clients[5].play = False  # joins, then never answers (gone)
    background = join_in_order(clients)
    run_until(app, lambda: lobby_lists(app, clients), seconds=60)
    key(pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=240, dt=None)
    key(pygame.K_ESCAPE)
    app.run_frame(0.02)
    background.join(30)
    notes = [note for _, message in clients[4].received if message.get("type") == "state"
             for note in message["notes"]]
    assert any("Time is up: an AI played for S5" in note for note in notes)
    assert not any("S5" in note for _, message in clients[0].received if message.get("type") == "state"
                   for note in message["notes"])  # another table hears nothing of it
    assert len(read_records(tmp_path / "lesson.jsonl")) == 2


@pytest.mark.slow
def test_space_pauses_the_room_and_the_history_lists_replays_and_exports_each_table(tmp_path: Path) -> None:
    from tests.support.app_helpers import frames, open_app

    from store.history import open_history
    from store.storage import default_history_path
    from classroom.class_settings import ClassSettings
    from scenes.model.options import PlayOptions
    from scenes.scoreboard.view import game_mode

    app = open_app(PlayOptions(class_game=ClassSettings(port=0, host="127.0.0.1", code=CODE, tables=0, seed=8,
                                                        reviews=False),
                               step_delay=0.05))
    room = lobby_of(app).room
    for number in range(6):  # students who joined and whose phones are gone: the teacher gives them to AIs
        room.join(CODE, f"Student {number + 1}")
    key(pygame.K_RETURN)
    frames(app, 2)
    overview = app.manager.active
    assert isinstance(overview, OverviewScene)
    tables = overview.tables
    key(pygame.K_SPACE)
    frames(app, 1)
    assert tables.paused and "Paused - Space to go on" in overview.top_parts()
    for session in tables.sessions:
        for seat in session.phone_seats:
            session.give_to_ai(seat)
    frames(app, 30, 0.1)  # three seconds of the room's time: nothing is placed while paused
    assert all(not session.table.states for session in tables.sessions)
    assert {overview.table_status(t, r)[0] for t, r in enumerate(tables.results())} == {"paused"}
    key(pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=120, dt=0.1)
    with open_history(default_history_path()) as history:
        games = history.page(0, 10)
        assert sorted(game_mode(game) for game in games) == ["class, table 1", "class, table 2"]
        lines = list(history.record_lines())
        assert sorted(json.loads(line)["table"] for line in lines) == [1, 2]
        assert len(replay_of_record(history.replay(games[0].number)).states) == 28
    key(pygame.K_ESCAPE)
    app.run_frame(0.02)
