"""The processor-time clock counts every process a bot started, even one that left its tree: a
double-forked daemon (a new session, its parent gone) is timed as the bot itself would be."""

from __future__ import annotations

import sys

import pytest

from game import SNAP, Game, play_game
from bots.failures import TOO_SLOW, Disqualification
from bots.referee import BotTable
from game.play import make_agents
from game.players.options import AgentOptions
from tests.conftest import needs
from tests.support.bots import command

pytestmark = [needs("psutil"), pytest.mark.skipif(not sys.platform.startswith("linux"),
                                                  reason="the bot is its processes' subreaper on Linux")]


def report_of(bot_command: str) -> Disqualification | None:
    with BotTable() as table:
        agents = make_agents([f"bot:{bot_command}", "random", "random", "random"], 3,
                             AgentOptions(bot_cpu_clock=True), table)
        play_game(Game(SNAP, 4, seed=3), agents)
    return table.disqualifications[0] if table.disqualifications else None


@pytest.mark.slow
@pytest.mark.parametrize("how", ["--direct", "--daemon"])
def test_a_double_forked_worker_is_too_slow_by_processor_time_like_a_direct_one(how: str) -> None:
    report = report_of(command("daemon_worker_bot.py", how))
    assert report is not None, "300 ms of processor time per answer went unseen"
    assert (report.reason, report.detail) == (TOO_SLOW, "no answer within 100 ms of processor time")
    assert not report.first_answer  # its first answer is its own, at once
