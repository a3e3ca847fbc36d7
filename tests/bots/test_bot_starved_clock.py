"""A bot that waits for a processor is not asleep: the processor clock's wall-clock backstop
counts only the time the bot's tree was neither running nor runnable (the kernel's run time and
run delay), and never the time its answer waited here to be read.  The clock is driven by hand:
a bot that is kept runnable, a bot that sleeps, with the kernel's figures given to it."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from bots.failures import TOO_SLOW, BotFailure
from bots.process import CPU_CLOCK_BACKSTOP, AnswerClock, BotProcess
from bots.proctree import SCHEDSTAT_SUPPORTED, Activity, tree_activity

LIMIT = 0.1
BACKSTOP = LIMIT * CPU_CLOCK_BACKSTOP


class HandClock:
    """The wall clock, moved by the test."""

    def __init__(self) -> None:
        self.time = 100.0

    def __call__(self) -> float:
        return self.time


class FakeBot:
    """A bot whose processor time, running-or-runnable time and state the test sets."""

    def __init__(self, clock: HandClock, runnable: bool, held: bool = False) -> None:
        self.clock, self.runnable, self.held = clock, runnable, held
        self.started = clock.time

    def cpu_seconds(self) -> float:
        return 0.001  # it gets no processor: its processor time stays put

    def activity(self) -> Activity | None:
        return Activity(0.0, self.runnable)  # the kernel adds a wait to the run delay when it ends

    def asked_at(self) -> float:
        return self.started

    def held_here(self) -> bool:
        return self.held

    def sleeps(self) -> bool:
        return not self.runnable


def run_until(clock: HandClock, answer: AnswerClock, seconds: float) -> BotFailure | None:
    """Checks the answer's clock every 20 ms of hand-moved time for ``seconds``; the failure, if any."""
    for _ in range(round(seconds / 0.02)):
        clock.time += 0.02
        try:
            answer.check()
        except BotFailure as failure:
            return failure
    return None


def test_a_bot_kept_runnable_without_a_processor_is_never_too_slow_by_the_backstop() -> None:
    clock = HandClock()
    answer = AnswerClock(FakeBot(clock, runnable=True), LIMIT, True, clock.time, now=clock)
    assert run_until(clock, answer, 60 * BACKSTOP) is None


def test_a_bot_whose_answer_waits_here_to_be_read_is_not_too_slow() -> None:
    clock = HandClock()
    answer = AnswerClock(FakeBot(clock, runnable=False, held=True), LIMIT, True, clock.time, now=clock)
    assert run_until(clock, answer, 60 * BACKSTOP) is None


def test_a_bot_asleep_is_too_slow_after_the_backstop_of_sleep() -> None:
    clock = HandClock()
    answer = AnswerClock(FakeBot(clock, runnable=False), LIMIT, True, clock.time, now=clock)
    failure = run_until(clock, answer, 2 * BACKSTOP)
    assert failure is not None and failure.reason == TOO_SLOW
    assert BACKSTOP - 0.02 <= clock.time - 100.0 <= BACKSTOP + 0.04


def test_a_bot_that_waited_for_a_processor_half_the_time_gets_twice_the_wall_clock_time() -> None:
    clock = HandClock()
    bot = FakeBot(clock, runnable=False)
    bot.activity = lambda: Activity((clock.time - bot.started) / 2, False)  # type: ignore[method-assign]
    answer = AnswerClock(bot, LIMIT, True, clock.time, now=clock)
    failure = run_until(clock, answer, 4 * BACKSTOP)
    assert failure is not None
    assert 2 * BACKSTOP - 0.06 <= clock.time - 100.0 <= 2 * BACKSTOP + 0.06


def asleep(pid: int) -> Activity:
    """The process's activity once it sleeps (it wrote its line, then reads its input: on a busy
    machine it may still be runnable for a while in between)."""
    deadline = time.monotonic() + 120.0  # the event is waited for; this only ends a test that would hang
    while time.monotonic() < deadline:
        activity = tree_activity(pid)
        if activity is not None and not activity.runnable:
            return activity
        time.sleep(0.01)
    raise AssertionError(f"process {pid} never went to sleep")


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(not SCHEDSTAT_SUPPORTED, reason="the kernel's schedstat is Linux's")
def test_the_tree_counts_a_child_that_computes_and_not_one_that_sleeps() -> None:
    """Processor time read as the process's own clock reads it, so no wall-clock bound is asserted."""
    busy = subprocess.Popen([sys.executable, "-c", "import time\nwhile time.process_time() < 0.3: pass\n"
                             "import sys; sys.stdout.write('done\\n'); sys.stdout.flush(); sys.stdin.read()"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert busy.stdout is not None and busy.stdout.readline() == b"done\n"
        active = asleep(busy.pid)  # on its input now: it computes no more
        again = tree_activity(busy.pid)
        assert active.seconds >= 0.3
        assert again is not None and not again.runnable
        assert again.seconds == pytest.approx(active.seconds, abs=0.05)
    finally:
        busy.kill()
        busy.wait()


STARVED_BOT = """
import sys, time
print("ready", flush=True)
for line in sys.stdin:
    start = time.process_time()
    while time.process_time() - start < 0.03:
        pass
    print("ok", flush=True)
"""
HOG = "print('spinning', flush=True)\nwhile True: pass"


@pytest.mark.slow
@pytest.mark.skipif(not SCHEDSTAT_SUPPORTED or not hasattr(os, "SCHED_IDLE"), reason="Linux's scheduler")
def test_a_bot_starved_of_a_processor_answers_in_time_by_the_processor_clock() -> None:
    """The bot needs 30 ms of processor time an answer but runs at the lowest priority on the
    processor a busy loop holds: it waits seconds for the processor, runnable all along.  (A bot
    runs in a session of its own: where the kernel shares processors between sessions first, its
    session gets the lowest priority too.)"""
    processor = min(os.sched_getaffinity(0))
    hog = subprocess.Popen([sys.executable, "-c", HOG], stdout=subprocess.PIPE)
    bot = BotProcess([sys.executable, "-c", STARVED_BOT])
    try:
        assert bot.receive(60.0) == "ready"
        assert hog.stdout is not None and hog.stdout.readline() == b"spinning\n"
        for pid in (hog.pid, bot.pid):
            os.sched_setaffinity(pid, {processor})
        os.sched_setscheduler(bot.pid, os.SCHED_IDLE, os.sched_param(0))
        _lowest_session_priority(bot.pid)
        cpu, active = bot.cpu_seconds(), tree_activity(bot.pid)
        bot.send(["go"])
        assert bot.receive(LIMIT, cpu_clock=True) == "ok"
        after = tree_activity(bot.pid)
        assert active is not None and after is not None
        waited = (after.seconds - active.seconds) - (bot.cpu_seconds() - cpu)
        assert waited >= BACKSTOP  # it was starved longer than the old wall-clock backstop
    finally:
        bot.close()
        hog.kill()
        hog.wait()


def _lowest_session_priority(pid: int) -> None:
    """Linux's autogroup of ``pid``'s session at nice 19, where the kernel groups sessions."""
    try:
        with open(f"/proc/{pid}/autogroup", "w") as autogroup:
            autogroup.write("19")
    except OSError:  # no autogroups here: the process's own priority is what counts
        pass
