"""A table is a room of one: the class game at one table is played, kept, resumed and saved the way
a room of many tables is (one path), and a class game an earlier version kept at one table (an
unfinished game with its room) still resumes - as the room of one table it is now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from classroom.class_room import RoomOfTables
from game.engine import Game
from live.resume import Kept
from scenes.classroom.table import ClassTableScene
from store.kept_room import parse_kept, room_of_one
from store.unfinished import KeptRoom, UnfinishedError, unfinished_of
from tests.conftest import needs
from tests.support.class_helpers import close_app, game_finished, in_game, lobby_of, open_class_app, run_until


def test_a_kept_class_game_of_one_table_reads_as_a_room_of_one() -> None:
    game = Game(seed=7)
    kept_room = KeptRoom("ABCD", 8066, ("s0", "", "s2", ""), "heuristic", 30.0, (2,), 4, 20.0, False, "5B")
    old = unfinished_of(game, [("Ana", "phone"), ("AI 1", "random"), ("Cem", "phone"), ("AI 2", "random")],
                        "class", 0, True, room=kept_room)
    room = room_of_one(old, step_delay=0.5)
    assert room.tables == ((0, 1, 2, 3),) and room.watchers == () and room.games == (old,)
    assert (room.code, room.port, room.tokens) == ("ABCD", 8066, ("s0", "", "s2", ""))
    choices = room.choices
    assert (choices.rules, choices.ai, choices.seed, choices.duplicate) == (old.rules, "heuristic", 7, True)
    assert (choices.time_limit, choices.step_delay, choices.predict, choices.reviews) == (30.0, 0.5, 20.0, False)
    assert (choices.lesson, choices.class_name) == (4, "5B")
    assert room.saved == (False,) and room.in_lesson == (None,) and not room.many_tables
    assert room.seats == old.seats and room.turn_label == old.turn_label  # the menu lists it as it did
    assert parse_kept(room.to_json()) == room


def test_a_game_that_is_not_a_class_game_is_no_room() -> None:
    old = unfinished_of(Game(seed=1), [("Ana", "human")] + [(f"AI {n}", "random") for n in (1, 2, 3)], "solo", 0, True)
    with pytest.raises(UnfinishedError):
        room_of_one(old)


def _same_moment(before: Game, after: Game) -> None:
    assert (after.round, after.turn, after.scores, after.rows) == (before.round, before.turn, before.scores, before.rows)
    assert all(after.hand(seat) == before.hand(seat) for seat in range(before.player_count))


@needs("aiohttp")
@pytest.mark.slow
def test_a_class_game_an_earlier_version_kept_resumes_as_a_room_of_one_and_ends_saved(tmp_path: Path) -> None:
    record = tmp_path / "class.jsonl"
    app = open_class_app(record, seed=5, step_delay=0.0)
    try:
        lobby_of(app).start()  # no phone joined: computer players in every seat
        run_until(app, lambda: in_game(app))
        table = app.manager.active
        assert isinstance(table, ClassTableScene)
        lesson = app.screens.lesson
        assert lesson is not None and isinstance(lesson.play, RoomOfTables) and lesson.play.one_table
        session = table.class_session
        run_until(app, lambda: session.table.game.turn >= 3)
        old = session.kept()  # what an earlier version kept: a game with its room
        assert old.room is not None
        before = session.table.game
        app.screens.resume_kept(Kept("kept-by-an-earlier-version", 0, old))
        lesson = app.screens.lesson
        assert lesson is not None and lesson.play is not None and lesson.play.one_table
        assert lesson.code == old.room.code and not lesson.settings.many_tables
        resumed = app.manager.active
        assert isinstance(resumed, ClassTableScene) and resumed.class_session is lesson.play.sessions[0]
        _same_moment(before, resumed.class_session.table.game)
        run_until(app, lambda: game_finished(app), seconds=120)
        saved = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
        assert len(saved) == 1 and saved[0]["mode"] == "class" and "room" not in saved[0] and "table" not in saved[0]
    finally:
        close_app()


@needs("aiohttp")
@pytest.mark.slow
def test_the_one_tables_game_is_the_rooms_and_its_results_play_the_next_deal_in_the_same_room(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=9, step_delay=0.0)
    try:
        server = lobby_of(app).server
        lobby_of(app).start()
        run_until(app, lambda: in_game(app))
        lesson = app.screens.lesson
        assert lesson is not None and lesson.play is not None
        first = lesson.play
        assert first.one_table and first.sessions[0].table.game.seed == 9 and app.screens.session is None
        run_until(app, lambda: game_finished(app), seconds=120)
        assert first.saved[0] is not None and first.saved[0].ok
        results = app.manager.active
        results._activate(0)  # type: ignore[attr-defined]  # "Replay this deal"
        again = lesson.play
        assert again is not first and again is not None and again.one_table and again.server is server
        assert again.sessions[0].table.game.seed == 9 and first.closed
        assert in_game(app) and app.manager.active.class_session is again.sessions[0]  # type: ignore[attr-defined]
    finally:
        close_app()


def test_a_kept_room_of_one_must_seat_the_rooms_places_in_order() -> None:
    game = Game(seed=2)
    kept_room = KeptRoom("ABCD", 8066, ("s0", "", "", ""), "random")
    old = unfinished_of(game, [("Ana", "phone")] + [(f"AI {n}", "random") for n in (1, 2, 3)], "class", 0, True,
                        room=kept_room)
    text = room_of_one(old).to_json()
    assert parse_kept(text).many_tables is False  # type: ignore[union-attr]
    data = json.loads(text)
    data["tables"] = [[1, 0, 2, 3]]
    with pytest.raises(UnfinishedError):
        parse_kept(json.dumps(data))
    del data["many_tables"]  # a room kept before the field was written: a room of tables
    assert parse_kept(json.dumps(data)).many_tables is True  # type: ignore[union-attr]
