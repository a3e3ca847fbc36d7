"""Issue 27: each student's review reaches their phone when their game ends - the same review as
``main.py review`` of that game and seat - computed in worker processes, with progress first."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

import aiohttp
from class_helpers import CODE, Background, close_app, game_finished, lobby_of, open_class_app, run_until, url_of
from conftest import needs

from game.classroom.reviews import ReviewService, decision_fields, review_message
from game.classroom.simclient import SimClient
from game.engine import Game, Phase
from game.record import read_records
from game.review import costliest, review_game
from game.rules import SNAP

pytestmark = [needs("aiohttp"), needs("pygame")]
ROOT = Path(__file__).resolve().parent.parent


def listen_on(phones: list[SimClient]) -> Background:
    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(phone.run(session, until_over=False) for phone in phones))
    return Background(main())


def reviews_of(phone: SimClient) -> list[dict]:
    return [message for _, message in phone.received if message.get("type") == "review"]


def test_each_phone_gets_its_review_and_it_is_main_py_review_of_its_seat(tmp_path: Path) -> None:
    record_file = tmp_path / "class.jsonl"
    app = open_class_app(record_file, seed=17, reviews=True)
    try:
        url = url_of(app)
        phones = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Ana", "Ben"))]
        playing = listen_on(phones)  # (a phone keeps listening after the game: its review comes later)
        run_until(app, lambda: all(phone.token for phone in phones))
        lobby_of(app).start()
        run_until(app, lambda: game_finished(app), seconds=120)
        run_until(app, lambda: all(any(r["ready"] for r in reviews_of(phone)) for phone in phones), seconds=300,
                  dt=None)
        record = read_records(record_file)[0]
        for phone in phones:
            received = reviews_of(phone)
            progress = [(r["done"], r["of"]) for r in received]
            assert progress == sorted(progress) and received[-1]["ready"]  # progress only moves on
            assert not received[0]["ready"] or len(received) == 1
            review = received[-1]
            printed = subprocess.run([sys.executable, str(ROOT / "main.py"), "review", str(record_file),
                                      "--seat", str(phone.seat), "--json"], capture_output=True, text=True,
                                     timeout=300, cwd=ROOT)
            assert printed.returncode == 0, printed.stderr
            decisions = json.loads(printed.stdout)["decisions"]
            assert review["of"] == review["decisions"] == len(decisions)
            assert review["mean_loss"] == round(sum(d["loss"] for d in decisions) / len(decisions), 2)
            worst = sorted((d for d in decisions if d["loss"] > 0), key=lambda d: -d["loss"])[:3]
            shown = [(c["round"], c["turn"], c["kind"], round(c["loss"], 1)) for c in review["costliest"]]
            assert shown == [(d["round"] + 1, d["turn"] + 1, d["kind"], round(d["loss"], 1)) for d in worst]
            assert record.players[phone.seat].name == phone.name
        assert game_finished(app)  # the results stayed on screen while the reviews came in
        app.manager.active.room.close()  # type: ignore[attr-defined]  # the room closes: the phones stop listening
        playing.join(30)
    finally:
        close_app()


def test_the_review_message_shows_progress_then_the_costliest_choices_with_their_rows() -> None:
    game = Game(SNAP, 4, 5)
    while not game.is_over:
        game.play_cards([hand[len(hand) // 2] for hand in game.hands])
        while game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    service = ReviewService(workers=1, rollouts=50)
    try:
        expected = review_game(SNAP, 4, 5, game.rounds, [1], rollouts=50)
        [review] = service.review_game(SNAP, 4, 5, game.rounds, [("ana", 1)])
        first = review_message(review)
        assert first["type"] == "review" and first["of"] == len(expected) >= 7
        assert first["ready"] or "costliest" not in first  # progress only, until every decision is in
        for task in review.tasks:
            task.result(timeout=120)
        done = review_message(review)
        assert done["ready"] and done["decisions"] == len(expected)
        assert done["costliest"] == [decision_fields(d) for d in costliest(expected) if d.loss > 0][:3]
        for shown in done["costliest"]:
            assert len(shown["rows"]) == 4 and shown["summary"]
    finally:
        service.close()
