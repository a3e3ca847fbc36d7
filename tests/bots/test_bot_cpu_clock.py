"""Tournaments time bots by the processor time they use: a busy computer (a bot waiting for
its turn on the processor) never makes a bot too slow, but a bot that computes too long is."""

from __future__ import annotations

import pytest
from game import SNAP, Game, RandomAgent, play_game
from game.players.options import AgentOptions
from bots.failures import TOO_SLOW
from bots.referee import BotTable
from game.play import make_agents
from tests.support.bots import command


def play(bot_command: str, cpu_clock: bool) -> BotTable:
    with BotTable() as table:
        agents = make_agents([f"bot:{bot_command}", "random", "random", "random"], 3,
                             AgentOptions(bot_cpu_clock=cpu_clock), table)
        agents[0].first_answer_seconds = 10.0  # type: ignore[attr-defined]  # start-up is not the point
        play_game(Game(SNAP, 4, seed=3), agents)
    assert all(isinstance(agent, RandomAgent) for agent in agents[1:])
    return table


@pytest.mark.slow
def test_waiting_is_not_counted_by_the_processor_clock_but_is_by_the_wall_clock() -> None:
    napping = command("napping_bot.py")
    assert play(napping, cpu_clock=True).disqualifications == []
    [report] = play(napping, cpu_clock=False).disqualifications
    assert report.reason == TOO_SLOW and report.detail == "no answer within 100 ms"


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_computing_too_long_is_too_slow_by_the_processor_clock() -> None:
    [report] = play(command("napping_bot.py", "--busy"), cpu_clock=True).disqualifications
    assert report.reason == TOO_SLOW and report.detail == "no answer within 100 ms of processor time"


@pytest.mark.slow
def test_a_bot_that_never_answers_is_too_slow_by_the_wall_clock_backstop() -> None:
    [report] = play(command("slow_bot.py"), cpu_clock=True).disqualifications
    assert report.reason == TOO_SLOW and report.detail == (
        "it sleeps: no answer in 1000 ms of wall-clock time, in which it used less than 100 ms of processor time")
