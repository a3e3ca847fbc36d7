"""Bots are timed by what they spend: the processor-time clock counts the bot's whole process
tree (so a wrapper cannot hide a busy program), and start-up is free."""

from __future__ import annotations

import os
import shlex
import stat
import sys
from pathlib import Path

import pytest

from tests.conftest import needs
from game import SNAP, Game, play_game
from bots.failures import TOO_SLOW
from bots.proctree import tree_cpu_seconds
from bots.referee import BotTable
from game.play import make_agents
from game.players.options import AgentOptions
from tests.support.bots import command

pytestmark = [needs("psutil"), pytest.mark.skipif(os.name != "posix", reason="shell wrappers are POSIX")]


def first_report(bot_command: str, cpu_clock: bool = True) -> object:
    with BotTable() as table:
        agents = make_agents([f"bot:{bot_command}", "random", "random", "random"], 3,
                             AgentOptions(bot_cpu_clock=cpu_clock), table)
        play_game(Game(SNAP, 4, seed=3), agents)
    return table.disqualifications[0] if table.disqualifications else None


def wrapper_script(tmp_path: Path) -> str:
    """A two-line shell script that starts the busy bot without ``exec``: the bot is its child."""
    script = tmp_path / "wrapper.sh"
    script.write_text(f"#!/bin/sh\n{command('busy_bot.py')}\necho done >&2\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return shlex.quote(str(script))


@pytest.mark.slow
@pytest.mark.parametrize("how", ["directly", "sh -c", "script without exec"])
def test_a_busy_bot_is_too_slow_by_processor_time_however_it_is_started(how: str, tmp_path: Path) -> None:
    direct = command("busy_bot.py")
    started = {"directly": direct,
               "sh -c": "sh -c " + shlex.quote(direct + "; exit $?"),  # two commands: sh cannot exec the bot
               "script without exec": wrapper_script(tmp_path)}[how]
    report = first_report(started)
    assert report is not None
    assert report.reason == TOO_SLOW  # type: ignore[attr-defined]
    assert report.detail == "no answer within 1000 ms of processor time"  # type: ignore[attr-defined]


@pytest.mark.slow
def test_a_bot_that_loads_for_1_5_s_before_reading_is_not_disqualified() -> None:
    assert first_report(command("late_reader_bot.py")) is None


@pytest.mark.slow
def test_by_the_wall_clock_too_loading_for_1_5_s_does_not_cost_the_first_answer() -> None:
    report = first_report(command("late_reader_bot.py"), cpu_clock=False)
    # A loaded machine may make a later 100 ms answer late by the wall clock; never the first.
    assert report is None or not report.first_answer  # type: ignore[attr-defined]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_tree_clock_counts_children_that_ended() -> None:
    """A child that computed and ended is counted in its parent's waited-for children."""
    import subprocess

    spin = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    parent = subprocess.Popen([sys.executable, "-c",
                               f"import subprocess, sys; subprocess.run([sys.executable, '-c', {spin!r}]); "
                               "print('child ended', flush=True); sys.stdin.read()"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None and parent.stdout.readline() == "child ended\n"
        assert tree_cpu_seconds(parent.pid) >= 0.3
    finally:
        parent.kill()
        parent.wait()
