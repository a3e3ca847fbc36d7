"""The table's history cursor and Auto's clock, driven as data: keys as commands, time as numbers.

No window: :mod:`scenes.table.cursor` imports no pygame, and these tests feed
it the table's shape (:class:`Tape`) and seconds.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scenes.table.cursor import DELAYS, AutoClock, History, Move, Tape

ROOT = Path(__file__).resolve().parents[2]
TWO_TURNS = (1, 2, 3, 4, 1, 2, 3, 4)
"""Each state's step in its turn: two turns of four placements."""


def run(history: History, tape: Tape, keys: str, plays_states: bool = False) -> list[tuple[Move, int | None, bool]]:
    """Press ``keys`` (``<`` back, ``>`` forward, ``H`` home, ``E`` end); after each: the move and
    where the cursor is."""
    seen = []
    for k in keys:
        if k == "<":
            move = history.back(tape)
        elif k == ">":
            move = history.forward(tape, plays_states)
        elif k == "H":
            move = history.go_to(0, tape)
        else:
            move = history.to_live(tape)
        seen.append((move, history.index, history.at_reveal))
    return seen


def test_the_cursor_module_needs_no_pygame() -> None:
    code = ("import importlib.util, sys; "
            "spec = importlib.util.spec_from_file_location('cursor', 'scenes/table/cursor.py'); "
            "module = sys.modules['cursor'] = importlib.util.module_from_spec(spec); "
            "spec.loader.exec_module(module); "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_looking_back_in_a_live_game_and_forward_to_now() -> None:
    tape = Tape(TWO_TURNS, live_end=7, live_placed=True)  # the 8th placement is on screen
    history = History()
    assert history.can_go_back(tape)
    assert run(history, tape, "<<<<<") == [
        (Move.SHOWN, 6, False), (Move.SHOWN, 5, False), (Move.SHOWN, 4, False),
        (Move.SHOWN, 4, True),  # the second turn's first placement: its cards revealed before it
        (Move.SHOWN, 3, False),
    ]
    assert run(history, tape, ">>>>>") == [
        (Move.SHOWN, 4, True), (Move.PLACED, 4, False), (Move.SHOWN, 5, False), (Move.SHOWN, 6, False),
        (Move.SHOWN, None, False),  # the live frame again
    ]
    assert run(history, tape, ">") == [(Move.STEP, None, False)], "live: forward steps the game"


def test_back_from_a_turns_first_placement_shows_its_reveal() -> None:
    tape = Tape(TWO_TURNS[:5], live_end=4, live_placed=True)
    history = History()
    assert run(history, tape, "<<") == [(Move.SHOWN, 4, True), (Move.SHOWN, 3, False)]
    assert run(history, tape, "E") == [(Move.SHOWN, None, False)]
    assert run(history, tape, "E") == [(Move.NONE, None, False)]


def test_while_a_card_is_chosen_back_shows_the_last_placement() -> None:
    tape = Tape(TWO_TURNS[:4], live_end=4)  # nothing placed this turn yet: the live frame is past the states
    history = History()
    assert run(history, tape, "<") == [(Move.SHOWN, 3, False)]
    assert run(history, tape, ">") == [(Move.SHOWN, None, False)]


def test_nothing_to_go_back_to() -> None:
    assert not History().can_go_back(Tape((), live_end=0))
    assert not History().can_go_back(Tape(TWO_TURNS, live_end=8, curtain=True)), "the curtain hides the table"
    history = History()
    assert run(history, Tape(TWO_TURNS, live_end=8, curtain=True), "<") == [(Move.NONE, None, False)]


def test_a_replay_plays_its_states_and_ends() -> None:
    tape = Tape(TWO_TURNS, live_end=None)
    history = History(0)
    assert run(history, tape, ">>>>", plays_states=True) == [
        (Move.PLACED, 1, False), (Move.PLACED, 2, False), (Move.PLACED, 3, False), (Move.SHOWN, 4, True),
    ]
    assert run(history, tape, "E") == [(Move.SHOWN, 7, False)], "End: the last placement"
    assert run(history, tape, ">") == [(Move.END, 7, False)]
    assert run(history, tape, "H<<") == [(Move.SHOWN, 0, False), (Move.SHOWN, 0, True), (Move.NONE, 0, True)]
    assert not history.can_go_back(tape)


def test_auto_steps_after_its_delay_and_only_when_on() -> None:
    clock = AutoClock(on=False, delay=1.0)
    assert not clock.tick(5.0) and clock.elapsed == 0.0
    clock.toggle()
    assert [clock.tick(0.4), clock.tick(0.4), clock.tick(0.4)] == [False, False, True]
    clock.restart()
    assert not clock.tick(0.9)
    clock.pause()
    assert not clock.on and not clock.tick(1.0)


@pytest.mark.parametrize(("delay", "faster", "expected"), [
    (1.0, True, 0.75), (1.0, False, 1.5), (5.0, False, 5.0), (0.25, True, 0.25), (0.0, True, 0.0),
    (0.0, False, 0.25), (1.2, True, 1.0), (1.2, False, 1.5), (9.0, True, 5.0),
])
def test_plus_and_minus_step_through_the_delays(delay: float, faster: bool, expected: float) -> None:
    clock = AutoClock(on=True, delay=delay, elapsed=0.5)
    clock.change_speed(faster)
    assert clock.delay == expected and clock.elapsed == 0.0


def test_the_speed_label() -> None:
    assert AutoClock(delay=0).label == "no delay"
    assert [AutoClock(delay=d).label for d in DELAYS[:2]] == ["0.25 s", "0.5 s"]
