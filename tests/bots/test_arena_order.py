"""Bots written for the live CodinGame arena play unchanged with ``bot:``; the statement's
order has its own prefix, and a bot seated in the wrong order is told which to try."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import CODINGAME, SNAP, Game, RandomAgent, play_game
from bots.failures import COULD_NOT_START, EXITED, ILLEGAL_MOVE, NONSENSE, TOO_SLOW
from bots.process import running_bot_pids
from bots.referee import BotTable, make_bot_agent
from game.kinds import parse_bot_kind
from game.play import make_agents, play_seeded_game
from tests.support.bots import command

ARENA_BOT = command("arena_order_bot.py")


@pytest.mark.slow
def test_an_arena_order_bot_plays_100_games_with_the_bot_prefix() -> None:
    seen_row_choice = False
    for index in range(100):
        seat = index % 4
        kinds = ["random"] * 4
        kinds[seat] = "bot:" + ARENA_BOT
        with BotTable() as table:
            agents = make_agents(kinds, seed=index, bot_table=table)
            game = play_game(Game(SNAP, 4, seed=index), agents)
            assert table.disqualifications == [], table.disqualifications[0].describe()
            bot = table.bots[0]
            assert bot.answers >= SNAP.turns_per_round
            seen_row_choice |= bot.answers > SNAP.turns_per_round
        assert game.is_over
    assert seen_row_choice  # it also answered CHOOSE_LINE_TO_PICK questions
    assert running_bot_pids() == []


def test_the_arena_order_bot_in_statement_order_is_told_to_use_bot() -> None:
    command_line = "bot-statement:" + ARENA_BOT
    assert parse_bot_kind(command_line) == (ARENA_BOT, False)
    with BotTable() as table:
        play_game(Game(SNAP, 4, seed=3), make_agents([command_line, "random", "random", "random"], 3,
                                                     bot_table=table))
    [report] = table.disqualifications
    assert report.reason == ILLEGAL_MOVE
    assert (report.round, report.turn) == (0, 0)
    assert report.sent == "PLAY 10"  # it read the hand-size line as its hand
    assert report.hint == (f"It reads the lines in the live arena's order (phase line last): "
                           f"seat it as 'bot:{ARENA_BOT}'")
    assert report.hint in report.describe()
    assert report.to_dict()["hint"] == report.hint


@pytest.mark.slow
def test_a_statement_order_bot_seated_with_bot_is_told_to_use_bot_statement() -> None:
    statement_bot = command("statement_order_bot.py")  # exits on the first question in the arena's order
    rng = random.Random(1)
    with BotTable() as table:
        bot = make_bot_agent(statement_bot, seat=0, player_count=4, rng=rng, table=table)
        play_game(Game(SNAP, 4, seed=1), [bot] + [RandomAgent(rng) for _ in range(3)])
    assert bot.disqualification is not None and bot.disqualification.first_answer
    assert bot.disqualification.reason == EXITED
    assert bot.disqualification.hint == (f"It reads the lines in the published statement's order (phase line "
                                         f"first): seat it as 'bot-statement:{statement_bot}'")


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_statement_order_bot_that_answers_its_first_questions_by_luck_still_gets_the_hint() -> None:
    """It fails only at its first row choice, in round 1, turn 3: the probe replays the game's
    questions so far in the statement's order, and it answers them all."""
    lenient = command("lenient_statement_bot.py")
    with BotTable() as table:
        play_game(Game(SNAP, 4, seed=5), make_agents([f"bot:{lenient}", "random", "random", "random"], 5,
                                                     bot_table=table))
    [report] = table.disqualifications
    assert (report.reason, report.detail) == (NONSENSE, "sent PLAY when asked to PICK")
    assert (report.round, report.turn, report.first_answer) == (0, 2, False)
    assert report.hint == (f"It reads the lines in the published statement's order (phase line first): "
                           f"seat it as 'bot-statement:{lenient}'")
    with BotTable() as table:
        play_game(Game(SNAP, 4, seed=5), make_agents([f"bot-statement:{lenient}", "random", "random", "random"], 5,
                                                     bot_table=table))
    assert table.disqualifications == []


def test_a_bot_that_fails_in_either_order_gets_no_order_hint() -> None:
    wrong = command("scripted_bot.py", "/dev/null", "PLAY 0")  # PLAY 0 whatever it is asked
    rng = random.Random(1)
    with BotTable() as table:
        bot = make_bot_agent(wrong, seat=0, player_count=4, rng=rng, table=table)
        play_game(Game(SNAP, 4, seed=1), [bot] + [RandomAgent(rng) for _ in range(3)])
    assert bot.disqualification is not None and bot.disqualification.reason == ILLEGAL_MOVE
    assert bot.disqualification.hint == ""


def test_a_program_that_exits_before_reading_could_not_start_and_gets_no_hint(tmp_path) -> None:
    missing = command(str(tmp_path / "nonexistent.py"))
    rng = random.Random(1)
    with BotTable() as table:
        bot = make_bot_agent(missing, seat=0, player_count=4, rng=rng, table=table)
        play_game(Game(SNAP, 4, seed=1), [bot] + [RandomAgent(rng) for _ in range(3)])
    found = bot.disqualification
    assert found is not None and found.reason == COULD_NOT_START and found.hint == ""
    assert found.detail.startswith("it exited with code 2 before reading its input: ")
    assert "nonexistent.py" in found.detail and "nonexistent.py" in "\n".join(found.stderr_tail)
    assert "bot-statement" not in found.describe(str)


def test_a_late_failure_gets_no_order_hint() -> None:
    late = command("scripted_bot.py", "/dev/null", "PLAY 104", "PLAY 0")
    rng = random.Random(2)
    hand_104 = next(seed for seed in range(500) if 104 in Game(SNAP, 4, seed=seed).hands[0])
    with BotTable() as table:
        bot = make_bot_agent(late, seat=0, player_count=4, rng=rng, table=table)
        play_game(Game(SNAP, 4, seed=hand_104), [bot] + [RandomAgent(rng) for _ in range(3)])
    assert bot.disqualification is not None and bot.disqualification.turn == 1
    assert bot.disqualification.hint == ""


def test_bot_phase_last_is_another_name_of_bot() -> None:
    assert parse_bot_kind("bot-phase-last:./mybot") == parse_bot_kind("bot:./mybot") == ("./mybot", True)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_codingame_games_are_exactly_five_rounds_of_ten_turns() -> None:
    assert (CODINGAME.min_players, CODINGAME.max_players) == (4, 4)
    assert CODINGAME.penalty(55) == 7 and CODINGAME.penalty(11) == 5 and CODINGAME.penalty(1) == 1
    high_scores = 0
    for seed in range(60):
        game = play_seeded_game(CODINGAME, ["random", "random", "heuristic", "random"], seed)
        assert len(game.rounds) == 5
        assert all(len(round_.turns) == 10 for round_ in game.rounds)
        high_scores += max(game.scores) >= 66
    assert high_scores > 0  # reaching 66 does not end a codingame game early


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.parametrize("prefix", ["bot:", "bot-statement:"])
def test_a_bot_reading_either_order_that_is_too_slow_once_gets_no_order_hint(prefix: str, tmp_path: Path) -> None:
    """Both replays answer (the slow answer happens once in all its runs): the order was not the cause."""
    marker = tmp_path / "slowed"
    slow_once = command("slow_once_bot.py", str(marker))
    with BotTable() as table:
        play_game(Game(SNAP, 4, seed=2), make_agents([prefix + slow_once, "random", "random", "random"], 2,
                                                     bot_table=table))
    [report] = table.disqualifications
    assert marker.exists()
    assert (report.reason, report.first_answer, table.bots[0].answers) == (TOO_SLOW, False, 2)
    assert report.hint == ""
