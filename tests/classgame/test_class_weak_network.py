"""Phones on a weak network lose nothing (issue 51): a lesson played through a proxy that holds
every chunk 50-500 ms and cuts every connection after a few seconds, with predictions and
reviews on.  Every card in a student's seat is one their phone sent (no AI took a seat over),
every verdict and review the server had for a phone reached it (sent again when it came back),
and the lesson ends.  Each phone is on its own address (the proxy carries it to the server).

No test here sleeps a fixed time or asserts a wall-clock bound: each waits for the event it
needs, with a deadline only a hang reaches."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.conftest import needs
from tests.support.app_helpers import close_app, key
from tests.support.class_helpers import CODE, Background, lobby_of, open_class_app, run_until
from tests.support.lossy_proxy import LossyProxy

from classroom.protocol import Message, Play
from classroom.simclient import SimClient, phone_address
from game.record import read_records

pytestmark = [needs("aiohttp"), needs("pygame"), pytest.mark.slow]


class SendingPhone(SimClient):
    """A simulated phone that keeps every card it sent."""

    played: set[int]

    async def _send(self, ws: Any, message: Message) -> None:  # type: ignore[override]
        if isinstance(message, Play):
            self.played.add(message.card)
        await SimClient._send(ws, message)


def phone(url: str, index: int) -> SendingPhone:
    client = SendingPhone(url, CODE, f"Student {index + 1}", rng=random.Random(index), address=phone_address(index))
    client.played = set()
    return client


def each_on_own_browser(clients: list[SendingPhone]) -> Background:
    async def main() -> None:
        await asyncio.gather(*(client.run(until_over=False) for client in clients))
    return Background(main())


@pytest.mark.parametrize("phones, tables", [(8, 2), (30, 8)])
def test_a_lesson_through_a_lossy_network_loses_no_card_verdict_or_review(phones: int, tables: int,
                                                                         tmp_path: Path) -> None:
    from scenes.classroom.room_results import RoomResultsScene

    record = tmp_path / "lesson.jsonl"
    app = open_class_app(record, tables=0, predict=True, predict_seconds=300, reviews=True, step_delay=0.05)
    server = lobby_of(app).server
    assert server is not None
    proxy = LossyProxy(server.port, delay=(0.05, 0.5), cut=(2.0, 6.0), seed=5)
    clients: list[SendingPhone] = []
    try:
        url = f"http://127.0.0.1:{proxy.start()}"
        clients = [phone(url, index) for index in range(phones)]
        phones_play = each_on_own_browser(clients)
        run_until(app, lambda: all(client.token for client in clients), seconds=300, dt=None)
        # The teacher starts once every phone is in the room at the same moment (a phone away at the
        # start leaves its seat to an AI): a calm moment, which a class of 30 cut every few seconds
        # would not have.
        proxy.calm = True
        run_until(app, lambda: len(server.room.connected_seats()) == phones, seconds=120, dt=None)
        key(pygame.K_RETURN)
        run_until(app, lambda: server.room.started, seconds=60, dt=None)
        proxy.calm = False
        run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=600, dt=None)
        run_until(app, lambda: all(any(m.get("type") == "review" and m.get("ready") for _t, m in client.received)
                                   for client in clients), seconds=600, dt=None)
        records = read_records(record)
        assert len(records) == tables and all(r.mode == "class" for r in records)
        by_name = {client.name: client for client in clients}
        for game in records:
            for seat, player in enumerate(game.players):
                if player.kind != "human":
                    continue
                played = [turn.plays[seat] for round_ in game.rounds for turn in round_.turns]
                assert len(played) == len(set(played))  # every card once
                assert set(played) <= by_name[player.name].played, player.name  # each one its phone sent
        kept = server.delivery.mail
        for client in clients:
            got = {(m["round"], m["turn"], m["card"]) for _t, m in client.received if m.get("type") == "verdict"}
            box = kept.get((server.room.seat_of(client.token or ""), ""))
            sent = {(v["round"], v["turn"], v["card"]) for v in map(json.loads, box.texts if box else ())
                    if v["type"] == "verdict"}
            assert sent and sent <= got, client.name  # every verdict the server had for it arrived
        assert proxy.cuts > 0 and sum(client.cuts for client in clients) > 0  # the network did cut
        key(pygame.K_ESCAPE)  # the room closes: the phones are told, and stop
        app.run_frame(0.02)
        phones_play.join(60)
    finally:
        proxy.stop()
        close_app()
