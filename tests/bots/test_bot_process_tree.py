"""Every process a bot starts ends with its game: children that left the bot's session,
children that outlive it, and all of them when the program running the game is killed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import SNAP, Game, RandomAgent, play_game
from bots.failures import EXITED
from bots.process import running_bot_pids
from bots.referee import BotTable, make_bot_agent
from bots.proctree import MARKER_VARIABLE
from tests.support.bots import command, process_gone, wait_until_gone
from tests.conftest import PROJECT, needs

pytestmark = needs("psutil")  # they run bot programs

posix_only = pytest.mark.skipif(os.name != "posix", reason="checks process ids the POSIX way")
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")


CHILD_LIFE = 60.0
"""Seconds the spawner bot's child sleeps: a game that waited on it would last that long, so half
of it is a bound no load reaches, and still catches a game that waits."""


def child_pid(tail: tuple[str, ...]) -> int:
    return int(next(line for line in tail if line.startswith("child ")).split()[1])


def play_spawner(*args: str, seed: int = 5) -> tuple[float, int, object]:
    rng = random.Random(seed)
    start = time.monotonic()
    with BotTable() as table:
        bot = make_bot_agent(command("setsid_spawner_bot.py", *args), seat=0, player_count=4, rng=rng,
                             table=table)
        bot.first_answer_seconds = 10.0  # a busy machine: this test is not about time limits
        play_game(Game(SNAP, 4, seed=seed), [bot] + [RandomAgent(rng) for _ in range(3)])
    return time.monotonic() - start, child_pid(bot.stderr_tail), bot


@posix_only
def test_a_child_that_left_the_session_dies_with_the_game_and_nothing_waits_on_it() -> None:
    seconds, child, bot = play_spawner()
    assert bot.disqualification is None  # type: ignore[attr-defined]
    assert process_gone(child) or wait_until_gone(child), f"the setsid child {child} survived"
    assert seconds < CHILD_LIFE / 2, f"the game waited {seconds:.1f} s on the bot's child"
    assert running_bot_pids() == []


@pytest.mark.slow
@posix_only
def test_a_bot_that_exits_while_its_child_holds_its_output_is_reported_exited() -> None:
    seconds, child, bot = play_spawner("--exit")
    report = bot.disqualification  # type: ignore[attr-defined]
    assert report is not None
    assert report.reason == EXITED, report.describe()
    assert report.detail == "exited with code 3"
    assert seconds < CHILD_LIFE / 2, f"the game waited {seconds:.1f} s"
    assert wait_until_gone(child), f"the orphaned child {child} survived"


@pytest.mark.slow
@linux_only
def test_the_killed_children_are_reaped_not_left_as_zombies(tmp_path: Path) -> None:
    """In a program of its own, as the app is (a subreaper adopts its bots' orphans; pytest never
    becomes one): it plays the games, prints the children's ids, and waits to be told to end."""
    script = tmp_path / "reaper.py"
    script.write_text(textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{str(PROJECT)!r}, {str(PROJECT / "tests" / "bots")!r}]
        from test_bot_process_tree import play_spawner
        from bots import proctree
        proctree.subreaper_allowed = True  # as in the app (importing the tests turned it off)
        for args in ((), ("--exit",)):
            print(play_spawner(*args)[1], flush=True)
        sys.stdin.readline()
    """))
    program = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    try:
        assert program.stdout is not None and program.stdin is not None
        for _ in range(2):
            child = int(program.stdout.readline())
            deadline = time.monotonic() + 60  # only a hang reaches this
            while Path(f"/proc/{child}").exists():  # a zombie still has its /proc entry
                assert time.monotonic() < deadline, f"the bot's child {child} was left a zombie"
                time.sleep(0.02)
        program.stdin.close()
        assert program.wait(timeout=60) == 0
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()


@posix_only
def test_every_bot_process_carries_the_marker() -> None:
    with BotTable() as table:
        bot = make_bot_agent(command("never_reads_bot.py"), seat=0, player_count=4, rng=random.Random(0),
                             table=table)
        environ = Path(f"/proc/{bot.pid}/environ")
        if environ.exists():
            deadline = time.monotonic() + 10
            while MARKER_VARIABLE.encode() not in environ.read_bytes() and time.monotonic() < deadline:
                time.sleep(0.02)  # the environment is the new program's once it has started
            assert MARKER_VARIABLE.encode() in environ.read_bytes()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@linux_only
def test_bots_and_their_children_die_when_the_program_is_killed_with_sigkill(tmp_path: Path) -> None:
    script = tmp_path / "killed.py"
    script.write_text(textwrap.dedent(f"""
        import random, sys, time
        sys.path.insert(0, {str(PROJECT)!r})
        from game import SNAP, Game
        from bots.referee import make_bot_agent
        bot = make_bot_agent({command("setsid_spawner_bot.py")!r}, seat=0, player_count=4,
                             rng=random.Random(0))
        bot.first_answer_seconds = 10.0
        bot.choose_card(Game(SNAP, 4, seed=1).view(0))  # its child is started by now
        deadline = time.monotonic() + 10
        while not any(line.startswith("child ") for line in bot.stderr_tail) and time.monotonic() < deadline:
            time.sleep(0.02)
        child = next(line for line in bot.stderr_tail if line.startswith("child ")).split()[1]
        print(bot.pid, child, flush=True)
        time.sleep(60)
    """))
    program = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert program.stdout is not None
        bot, child = (int(word) for word in program.stdout.readline().split())
        assert not process_gone(bot) and not process_gone(child)
        os.kill(program.pid, signal.SIGKILL)
        program.wait(timeout=10)
        assert wait_until_gone(bot), f"the bot {bot} survived its program"
        assert wait_until_gone(child), f"the bot's setsid child {child} survived the program"
    finally:
        if program.poll() is None:
            program.kill()
