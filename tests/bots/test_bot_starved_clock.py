"""A bot that waits for a processor is not asleep: the processor clock's wall-clock backstop
counts only the time the bot's tree was neither running nor runnable (the kernel's run time and
run delay), and never the time its answer waited here to be read.  The clock is driven by hand:
a bot that is kept runnable, a bot that sleeps, with the kernel's figures given to it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.bots.failures import TOO_SLOW, BotFailure
from game.bots.process import CPU_CLOCK_BACKSTOP, AnswerClock
from game.bots.proctree import SCHEDSTAT_SUPPORTED, tree_active_seconds

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

    def active_seconds(self) -> float | None:
        return self.clock.time - self.started if self.runnable else 0.0

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


def test_a_bot_runnable_half_the_time_gets_twice_the_wall_clock_time() -> None:
    clock = HandClock()
    bot = FakeBot(clock, runnable=True)
    bot.active_seconds = lambda: (clock.time - bot.started) / 2  # type: ignore[method-assign]
    answer = AnswerClock(bot, LIMIT, True, clock.time, now=clock)
    failure = run_until(clock, answer, 4 * BACKSTOP)
    assert failure is not None
    assert 2 * BACKSTOP - 0.06 <= clock.time - 100.0 <= 2 * BACKSTOP + 0.06


@pytest.mark.skipif(not SCHEDSTAT_SUPPORTED, reason="the kernel's schedstat is Linux's")
def test_the_tree_counts_a_child_that_computes_and_not_one_that_sleeps() -> None:
    """Processor time read as the process's own clock reads it, so no wall-clock bound is asserted."""
    busy = subprocess.Popen([sys.executable, "-c", "import time\nwhile time.process_time() < 0.3: pass\n"
                             "import sys; sys.stdout.write('done\\n'); sys.stdout.flush(); sys.stdin.read()"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert busy.stdout is not None and busy.stdout.readline() == b"done\n"
        active = tree_active_seconds(busy.pid)
        assert active is not None and active >= 0.3
        assert tree_active_seconds(busy.pid) == pytest.approx(active, abs=0.05)  # asleep on its input now
    finally:
        busy.kill()
        busy.wait()
