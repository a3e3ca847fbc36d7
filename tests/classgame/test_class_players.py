"""The class game under the classic rules seats up to ten: more than four students play a
whole game from their phones (simulated), the empty seats played by AIs; snap keeps four."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import pygame
from tests.support.app_helpers import key
from tests.support.class_helpers import CODE, close_app, game_finished, in_game, lobby_of, open_class_app, play_clients, run_until, url_of

from classroom.simclient import SimClient
from game.record import parse_record
from classroom.class_settings import ClassSettings

STUDENTS = ("Ana", "Ben", "Chloe", "Dimitri", "Esperanza", "Fatima", "Giovanni")


@pytest.mark.slow
def test_seven_phones_in_a_classic_room_of_ten_play_a_whole_game(tmp_path: Path) -> None:
    record_file = tmp_path / "class.jsonl"
    app = open_class_app(record_file, seed=21, rules="classic", start_at=len(STUDENTS))
    try:
        room = lobby_of(app).room
        assert room is not None and room.seat_count == 10
        phones = [SimClient(url_of(app), CODE, name, rng=random.Random(i)) for i, name in enumerate(STUDENTS)]
        background = play_clients(phones)
        run_until(app, lambda: in_game(app))  # the seventh student starts it (--start-at 7)
        run_until(app, lambda: game_finished(app), seconds=120)
        background.join(30)
    finally:
        close_app()
    record = parse_record(record_file.read_text().splitlines()[0])
    assert record.rules == "classic" and max(record.scores) >= 66
    assert [(p.name, p.kind) for p in record.players] == [(name, "human") for name in STUDENTS] + [
        (f"AI {i}", "random") for i in (1, 2, 3)]
    assert sorted(phone.seat for phone in phones) == list(range(7))
    for phone in phones:
        final = phone.last_state
        assert final is not None and final["phase"] == "over" and len(final["players"]) == 10
        assert [p["score"] for p in final["players"]] == list(record.scores)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_teacher_changes_the_seats_in_the_lobby_never_taking_a_students(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "r.jsonl", rules="classic", seats=4)
    try:
        room = lobby_of(app).room
        assert room is not None and room.seat_count == 4
        phones = [SimClient(url_of(app), CODE, name, rng=random.Random(i), play=False)
                  for i, name in enumerate(STUDENTS[:3])]
        background = play_clients(phones)
        run_until(app, lambda: len(room.taken_seats()) == 3)
        key(pygame.K_PLUS)
        key(pygame.K_KP_PLUS)
        app.run_frame(0.0)
        assert room.seat_count == 6 and [s.name for s in room.seats()] == [*STUDENTS[:3], "", "", ""]
        for _ in range(5):
            key(pygame.K_MINUS)                    # down to the three students, never below
        app.run_frame(0.0)
        assert room.seat_count == 3
        def lobbies_of_three() -> bool:  # every phone was told: three seats now
            lobbies = [[m for _, m in phone.received if m.get("type") == "lobby"] for phone in phones]
            return all(seen and len(seen[-1]["players"]) == 3 for seen in lobbies)
        run_until(app, lobbies_of_three)
        key(pygame.K_RETURN)
        app.run_frame(0.0)
        assert in_game(app) and [seat.name for seat in app.manager.active.class_session.table.seats] == list(STUDENTS[:3])  # type: ignore[union-attr]
    finally:
        app.screens.end_session()
        close_app()
        background.join(10)


def test_snap_keeps_four_seats_in_the_lobby(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "r.jsonl")
    try:
        key(pygame.K_PLUS)
        key(pygame.K_MINUS)
        key(pygame.K_MINUS)
        app.run_frame(0.0)
        assert lobby_of(app).room.seat_count == 4  # type: ignore[union-attr]
    finally:
        app.screens.end_lesson()  # the room closes with its lesson
        close_app()


@pytest.mark.parametrize("rules, seats, count", [("snap", None, 4), ("classic", None, 10), ("classic", 6, 6),
                                                 ("classic", 2, 2)])
def test_a_room_has_the_seats_its_rules_allow(rules: str, seats: int | None, count: int) -> None:
    assert ClassSettings(rules=rules, seats=seats).seat_count == count


@pytest.mark.parametrize("args, message", [
    (["--seats", "6"], "--seats 6: snap rules need exactly 4 players, not 6"),
    (["--rules", "classic", "--seats", "11"], "--seats 11: classic rules need 2 to 10 players, not 11"),
    (["--rules", "classic", "--seats", "1"], "classic rules need 2 to 10 players, not 1"),
    (["--rules", "classic", "--seats", "5", "--start-at", "6"], "--start-at must be from 1 to 5, not 6"),
    (["--start-at", "5"], "--start-at must be from 1 to 4, not 5"),
])
def test_bad_seat_counts_are_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    import main

    with pytest.raises(SystemExit) as ended:
        main.main(["class", *args])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_a_room_resizes_only_before_the_start_and_never_under_a_student() -> None:
    from classroom.room import Room

    room = Room(4, "ROOM")
    room.join("room", "Ana")
    room.join("room", "Ben")
    assert room.resize(10) and room.seat_count == 10 and len(room.seats()) == 10
    assert not room.resize(1) and room.resize(2) and [s.name for s in room.seats()] == ["Ana", "Ben"]
    assert room.join("room", "Cy").spectator  # the room is full
    room.start()
    assert not room.resize(5) and room.seat_count == 2
