"""Issue 27: each student's review reaches their phone when their game ends - the same review as
``main.py review`` of that game and seat - computed in worker processes, with progress first."""

from __future__ import annotations

import pytest

import asyncio
import csv
import html
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import aiohttp
from tests.support.class_helpers import CODE, Background, close_app, game_finished, lobby_of, open_class_app, run_until, url_of
from tests.conftest import needs

from classroom.protocol import decision_fields, review_message, wire_fields_of
from classroom.reviews import ReviewService
from classroom.simclient import SimClient
from game.engine import Game, Phase
from game.record import read_records
from game.review import costliest, review_game
from game.rules import SNAP

pytestmark = [needs("aiohttp"), needs("pygame")]
ROOT = Path(__file__).resolve().parents[2]


def listen_on(phones: list[SimClient]) -> Background:
    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(phone.run(session, until_over=False) for phone in phones))
    return Background(main())


def reviews_of(phone: SimClient) -> list[dict]:
    return [message for _, message in phone.received if message.get("type") == "review"]


@pytest.mark.slow
def test_each_phone_gets_its_review_and_it_is_main_py_review_of_its_seat(tmp_path: Path) -> None:
    record_file = tmp_path / "class.jsonl"
    reports = tmp_path / "reports"
    app = open_class_app(record_file, seed=17, reviews=True, report_dir=reports, predict=True, predict_seconds=300,
                         step_delay=0.2)
    try:
        url = url_of(app)
        phones = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Ana", "Ben"))]
        playing = listen_on(phones)  # (a phone keeps listening after the game: its review comes later)
        run_until(app, lambda: all(phone.token for phone in phones))
        lobby_of(app).start()
        run_until(app, lambda: game_finished(app), seconds=120, dt=None)
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
                                      "--seat", str(phone.seat), "--at-table", "--json"], capture_output=True, text=True,
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
        check_the_lesson_report(reports, record, phones)
        app.screens.end_lesson()  # the room closes: the phones stop listening
        playing.join(30)
    finally:
        close_app()


def check_the_lesson_report(folder: Path, record: object, phones: list[SimClient]) -> None:
    """The report's HTML and CSV hold the record's points and each phone's predictions and review."""
    [page] = folder.glob("lesson-*-TEST.html")
    [table] = folder.glob("lesson-*-TEST.csv")
    rows = list(csv.reader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert rows[0][:4] == ["Rank", "Name", "Games", "Points"]
    by_name = {row[1]: row for row in rows[1:]}
    assert set(by_name) == {"Ana", "Ben"}  # students only, not the AIs
    scores = {player.name: score for player, score in zip(record.players, record.scores)}  # type: ignore[attr-defined]
    text = page.read_text(encoding="utf-8")
    for phone in phones:
        row = by_name[phone.name]
        review = reviews_of(phone)[-1]
        right = sum(1 for verdict in phone.verdicts if verdict["right"])
        assert row[2:5] == ["1", str(scores[phone.name]), f"{scores[phone.name]:.1f}"]
        assert row[5] == str(1 + sum(1 for other in record.scores if other < scores[phone.name]))  # type: ignore[attr-defined]
        assert row[6] == f"{right} of {len(phone.guesses)}"
        assert abs(float(row[7]) - review["mean_loss"]) <= 0.005
        assert row[8] == (review["costliest"][0]["summary"] if review["costliest"] else "")
        for cell in row[1:]:
            assert html.escape(cell) in text
    ranks = sorted(int(row[0]) for row in rows[1:])
    assert ranks[0] == 1


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
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
        first = wire_fields_of(review_message(review))
        assert first["type"] == "review" and first["of"] == len(expected) >= 7
        assert first["ready"] or "costliest" not in first  # progress only, until every decision is in
        for task in review.tasks:
            task.result(timeout=120)
        done = wire_fields_of(review_message(review))
        assert done["ready"] and done["decisions"] == len(expected)
        assert done["costliest"] == [wire_fields_of(decision_fields(d))
                                     for d in costliest(expected) if d.loss > 0][:3]
        for shown in done["costliest"]:
            assert len(shown["rows"]) == 4 and shown["summary"]
    finally:
        service.close()
