"""The example bot students start from: it keeps to the protocol and beats random play."""

from __future__ import annotations

import pytest
import random

from game import CLASSIC, SNAP, Game, RandomAgent, play_game
from bots.process import running_bot_pids
from bots.referee import BotTable, make_bot_agent
from tests.support.bots import EXAMPLES, command

EXAMPLE = EXAMPLES / "heuristic_bot.py"
GAMES = 100


@pytest.mark.slow
def test_example_bot_plays_100_games_cleanly_and_beats_random() -> None:
    bot_total = 0
    random_total = 0
    for index in range(GAMES):
        seat = index % 4  # every seat, so the bot's playerId matters
        rng = random.Random(1000 + index)
        with BotTable() as table:
            bot = make_bot_agent(command(EXAMPLE), seat=seat, player_count=4, rng=rng, table=table)
            bot.cpu_clock = True  # as the commands time bots: a busy machine never makes it late
            agents = [bot if s == seat else RandomAgent(rng) for s in range(4)]
            game = play_game(Game(SNAP, 4, seed=index), agents)
            assert table.disqualifications == [], table.disqualifications[0].describe()
            assert bot.answers >= SNAP.turns_per_round
        bot_total += game.scores[seat]
        random_total += sum(game.scores) - game.scores[seat]
    assert running_bot_pids() == []
    bot_mean = bot_total / GAMES
    random_mean = random_total / (3 * GAMES)
    assert bot_mean < 0.6 * random_mean, (bot_mean, random_mean)


def test_example_bot_reads_either_order_of_the_lines() -> None:
    for index in range(4):
        rng = random.Random(index)
        with BotTable() as table:
            bot = make_bot_agent(command(EXAMPLE), seat=1, player_count=4, rng=rng,
                                 phase_last=index % 2 == 0, table=table)
            play_game(Game(SNAP, 4, seed=index), [RandomAgent(rng), bot, RandomAgent(rng), RandomAgent(rng)])
            assert table.disqualifications == []
            assert bot.last_message  # it explains every answer


def test_example_bot_plays_classic_rules_with_six_players() -> None:
    rng = random.Random(9)
    with BotTable() as table:
        bot = make_bot_agent(command(EXAMPLE, "--classic"), seat=5, player_count=6, rng=rng, table=table)
        game = play_game(Game(CLASSIC, 6, seed=9), [RandomAgent(rng) for _ in range(5)] + [bot])
        assert table.disqualifications == []
    assert len(game.rounds) > 1  # several deals: the bot forgets the cards of the last one
    assert bot.answers >= 10 * len(game.rounds)
    assert bot.stderr_tail == ("playing seat 5 of 6",)
