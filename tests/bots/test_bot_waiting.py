"""A bot that waits for input the protocol never sends is found out at once (Linux: how its
threads sleep, read from /proc), with the order hint when the other order works; a bot silent
for another reason keeps the wall-clock backstop, and its report says what was waited."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import CODINGAME, SNAP, Game, play_game
from bots import input_wait
from bots.failures import TOO_SLOW, WAITS_FOR_INPUT, Disqualification
from bots.process import WAITS_FOR_INPUT_DETAIL
from bots.referee import BotTable
from game.play import make_agents
from game.players.options import AgentOptions
from game.rules import Rules
from tests.conftest import needs
from tests.support.bots import command

pytestmark = [needs("psutil"), pytest.mark.skipif(not input_wait.SUPPORTED,
                                                  reason="how a thread sleeps is read from Linux's /proc")]


def reports(kind: str, rules: Rules = SNAP, seed: int = 3) -> list[Disqualification]:
    with BotTable() as table:
        agents = make_agents([kind, "random", "random", "random"], seed, AgentOptions(bot_cpu_clock=True), table)
        play_game(Game(rules, 4, seed=seed), agents)
    return table.disqualifications


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_bot_waiting_for_lines_that_never_come_is_told_so_at_once_with_the_order_hint() -> None:
    bot = command("phase_sync_bot.py")  # statement order; in the arena's it skips to the phase line and waits
    [report] = reports(f"bot:{bot}")
    assert (report.reason, report.detail) == (WAITS_FOR_INPUT, WAITS_FOR_INPUT_DETAIL)
    assert report.detail.startswith("it waits for more input than the protocol sends")
    assert report.first_answer and report.hint == (
        f"It reads the lines in the published statement's order (phase line first): seat it as 'bot-statement:{bot}'")
    assert reports(f"bot-statement:{bot}") == []  # seated as the hint says, it plays


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_bot_reading_its_input_on_a_thread_of_its_own_is_never_taken_for_waiting() -> None:
    """Between two questions it sleeps reading, as a waiting bot does; each answer comes after 25 ms
    of computing, while the referee looks at how it sleeps."""
    assert reports(f"bot:{command('threaded_bot.py')}") == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_a_threaded_bot_plays_whole_arena_games_never_taken_for_waiting(seed: int) -> None:
    assert reports(f"bot:{command('threaded_bot.py')}", CODINGAME, seed) == []


@pytest.mark.slow
def test_a_sleeping_bot_keeps_the_backstop_and_its_report_says_what_was_waited(tmp_path: Path) -> None:
    starts = tmp_path / "starts"
    [report] = reports(f"bot:{command('sleepy_bot.py', str(starts))}")
    assert report.reason == TOO_SLOW and report.first_answer
    assert report.detail == ("it sleeps: no answer in 10000 ms of wall-clock time, "
                             "in which it used less than 1000 ms of processor time")
    assert report.hint == "" and starts.read_text() == "started\n"  # asleep on a timer: no order probe


def test_the_system_call_table_suits_this_machine() -> None:
    """The table's numbers for read and clock_nanosleep are what this kernel reports."""
    import subprocess

    sleeper = subprocess.Popen([sys.executable, "-c", "import sys, time; sys.stdin.readline(); time.sleep(60)"],
                               stdin=subprocess.PIPE)
    try:
        assert sleeper.stdin is not None
        pipe = f"pipe:[{Path(f'/proc/{sleeper.pid}/fd/0').stat().st_ino}]"
        from tests.support.waiting import eventually

        eventually(lambda: input_wait.waits_for_input([sleeper.pid], pipe), what="the reader waiting on its input")
        sleeper.stdin.write(b"go\n")
        sleeper.stdin.flush()
        eventually(lambda: input_wait.sleeps([sleeper.pid], pipe), what="the sleeper asleep")
        assert not input_wait.waits_for_input([sleeper.pid], pipe)
    finally:
        sleeper.kill()
        sleeper.wait()
