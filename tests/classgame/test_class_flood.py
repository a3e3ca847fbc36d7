"""No one address takes the room (issue 51): a laptop joining again and again is slowed once it
holds its share of the places, so honest phones joining meanwhile are seated before the room is
full, while a class behind one address still joins at the full pace; the projector says so.

No test here sleeps a fixed time or asserts a wall-clock bound."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import needs

from classroom.guard import Limits
from classroom.room import Room

pytestmark = needs("aiohttp")

PROJECT = Path(__file__).resolve().parents[2]
LAPTOP = "127.0.8.1"


def test_an_address_fills_half_the_room_at_the_full_pace_and_a_table_at_least() -> None:
    limits = Limits()
    assert limits.share(60) == 30  # a class of 30 behind one address joins at once
    assert limits.share(4) == 4  # a table's worth, however small the room
    assert limits.crowded_joins_per_second < limits.joins_per_second


def test_the_lobby_says_what_the_server_did_with_one_address_and_what_the_teacher_may_do() -> None:
    from scenes.classroom.lobby import room_parts

    room = Room(12, "TEST")
    for index in range(7):
        room.join("TEST", f"Bot {index}", LAPTOP)
    texts = ["".join(str(part) for part in line) for line in room_parts(room, slowed=True)]
    assert any("7 phones joined from one address (127.0.8.1), its joins slowed: K locks the room" in t
               for t in texts), texts
    room.lock(True)
    texts = ["".join(str(part) for part in line) for line in room_parts(room, slowed=True)]
    assert not any("K locks" in text for text in texts), texts


@pytest.mark.slow
def test_the_flood_bench_seats_every_honest_phone_in_its_small_mode() -> None:
    """``bench/class_flood.py --smoke``: a laptop joins 12 times in a row into a room of 12 places
    while 3 phones join from their own addresses: the 3 are seated when the room first is full;
    6 phones behind one address are seated at once (the bench exits non-zero otherwise)."""
    done = subprocess.run([sys.executable, "bench/class_flood.py", "--smoke"], cwd=PROJECT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 when the room first held 12" in done.stdout
