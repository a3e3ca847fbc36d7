"""A worker told to stop (SIGTERM) always ends, and ends its bots: its exit is an exception raised
wherever the signal finds it, and where Python only prints such an exception (a weak reference's
callback, a ``__del__``) the worker used to carry on with SIGTERM ignored - and its parent's
terminate waited for it forever (a tournament stopped with Ctrl-C never exited)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.bots import process_gone
from tests.support.waiting import eventually

PROJECT = Path(__file__).resolve().parents[2]

WORKER = """
import signal, sys
sys.path.insert(0, sys.argv[1])
import bots.process as process
process.STOP_GRACE_SECONDS = 0.2
process.exit_on_sigterm()
bot = process.BotProcess([sys.executable, "-c", "import sys; sys.stdin.read()"])
print(bot.pid, flush=True)
while True:
    try:
        signal.pause()
    except SystemExit:  # lost, as a weak reference's callback loses it
        pass
"""


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(os.name != "posix", reason="SIGTERM and signal.pause are POSIX")
def test_a_worker_whose_exit_is_lost_still_ends_itself_and_its_bot() -> None:
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(PROJECT)], stdout=subprocess.PIPE, text=True)
    try:
        assert worker.stdout is not None
        bot = int(worker.stdout.readline())
        worker.send_signal(signal.SIGTERM)
        assert worker.wait(timeout=120) == 128 + signal.SIGTERM  # (only a worker that never ends reaches the bound)
        eventually(lambda: process_gone(bot), what="the worker's bot ended with it")
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()


def test_a_worker_whose_exit_is_lost_waits_at_most_a_second_before_ending_its_bots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The stop watch's waits are counted (not timed): a stopped tournament exits within 2 s."""
    import bots.process as process

    slept: list[float] = []
    steps: list[str] = []
    monkeypatch.setattr(process.time, "sleep", slept.append)
    monkeypatch.setattr(process, "close_all_bots", lambda: steps.append("bots ended"))
    monkeypatch.setattr(process.os, "_exit", lambda code: steps.append(f"exit {code}"))
    process._exit_after_grace(143)
    assert sum(slept) <= 1.0
    assert steps == ["bots ended", "exit 143"]
