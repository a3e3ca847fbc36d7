"""Bots that break the rules are disqualified, the game goes on, and no process survives."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import SNAP, Game, RandomAgent, play_game
from bots.failures import COULD_NOT_START, EXITED, FLOODS_STDOUT, ILLEGAL_MOVE, NONSENSE, TOO_SLOW, BotFailure
from bots.process import BotProcess, close_all_bots, running_bot_pids
from bots.referee import BotAgent, BotTable, make_bot_agent
from tests.support.bots import BOTS, command, process_gone, wait_until_gone
from tests.conftest import PROJECT, needs

posix_only = pytest.mark.skipif(os.name != "posix", reason="checks process ids the POSIX way")

PATIENT = 10.0
"""A first-answer limit for tests about something else than time: the machine may be busy."""


def assert_gone(bot: BotAgent) -> None:
    assert bot.pid is not None
    assert bot.returncode is not None  # reaped
    assert bot.pid not in running_bot_pids()
    if os.name == "posix":
        assert process_gone(bot.pid)


def play_with_bot(bot_command: str, seed: int = 7, first_answer_seconds: float = PATIENT,
                  table: BotTable | None = None, phase_last: bool = True) -> tuple[Game, BotAgent]:
    """One snap game: the bot in seat 0 against three random players."""
    rng = random.Random(seed)
    with table or BotTable() as table:
        bot = BotAgent(bot_command, seat=0, player_count=4, rng=rng, table=table,
                       first_answer_seconds=first_answer_seconds, phase_last=phase_last)
        game = play_game(Game(SNAP, 4, seed=seed), [bot] + [RandomAgent(rng) for _ in range(3)])
        if bot.disqualification is not None and bot.pid is not None:
            assert bot.returncode is not None  # killed as soon as disqualified
    return game, bot


@pytest.mark.slow
@pytest.mark.parametrize("script, args, reason, answers, first_answer_seconds, stderr_says", [
    ("slow_bot.py", (), TOO_SLOW, 1, PATIENT, None),
    ("garbage_bot.py", (), NONSENSE, 0, PATIENT, "about to answer nonsense"),
    ("illegal_card_bot.py", (), ILLEGAL_MOVE, 0, PATIENT, None),
    ("crash_bot.py", (), EXITED, 0, PATIENT, "ZeroDivisionError: division by zero"),
    ("never_reads_bot.py", (), TOO_SLOW, 0, 1.0, "not listening"),
    ("flood_bot.py", ("long",), FLOODS_STDOUT, 0, PATIENT, None),
])
def test_misbehaving_bot_is_disqualified_and_the_game_completes(
    script: str, args: tuple[str, ...], reason: str, answers: int, first_answer_seconds: float,
    stderr_says: str | None,
) -> None:
    game, bot = play_with_bot(command(script, *args), first_answer_seconds=first_answer_seconds)
    assert game.is_over
    assert len(game.rounds[0].turns) == SNAP.turns_per_round
    found = bot.disqualification
    assert found is not None, f"{script} was not disqualified"
    assert found.reason == reason, found.describe()
    assert (found.seat, found.round) == (0, 0)
    assert bot.answers == answers  # the slow bot answers its first question in time
    if answers == 0:
        assert found.turn == 0
    assert found.command == bot.command
    assert bot.table.disqualifications == [found]
    if stderr_says is not None:
        assert any(stderr_says in line for line in found.stderr_tail), found.stderr_tail
    assert_gone(bot)


@pytest.mark.slow
def test_reports_say_what_was_sent_and_why() -> None:
    _, garbage = play_with_bot(command("garbage_bot.py"))
    assert garbage.disqualification is not None
    assert garbage.disqualification.sent == "HELLO WORLD"
    _, illegal = play_with_bot(command("illegal_card_bot.py"))
    assert illegal.disqualification is not None
    assert illegal.disqualification.sent.startswith("PLAY ")
    assert "not in its hand" in illegal.disqualification.detail
    _, crash = play_with_bot(command("crash_bot.py"))
    assert crash.disqualification is not None
    assert crash.disqualification.detail == "exited with code 1"
    _, slow = play_with_bot(command("slow_bot.py"))
    assert slow.disqualification is not None
    assert slow.disqualification.detail == "no answer within 100 ms"
    assert f"turn {slow.disqualification.turn + 1}:" in slow.disqualification.describe()
    _, flood = play_with_bot(command("flood_bot.py", "long"))
    assert flood.disqualification is not None
    assert flood.disqualification.sent.startswith("XXXX")
    assert len(flood.disqualification.sent) < 300


def test_extra_lines_when_no_answer_was_asked_flood_stdout() -> None:
    game = Game(SNAP, 4, seed=3)
    with BotAgent(command("flood_bot.py", "lines"), seat=0, player_count=4, rng=random.Random(1),
                  first_answer_seconds=PATIENT) as bot:
        view = game.view(0)
        assert bot.choose_card(view) == min(view.hand)
        deadline = time.monotonic() + 30
        while bot._process._events.empty() and time.monotonic() < deadline:  # until the extra lines arrive
            time.sleep(0.01)
        bot.choose_card(view)
    assert bot.disqualification is not None
    assert bot.disqualification.reason == FLOODS_STDOUT
    assert bot.disqualification.sent == "and one more thing"
    assert_gone(bot)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_bot_that_never_reads_cannot_block_the_game() -> None:
    process = BotProcess([sys.executable, str(BOTS / "never_reads_bot.py")])
    try:
        process.send(["9" * 1000] * 2000)  # far more than a pipe holds: the writer thread waits, not us
        with pytest.raises(BotFailure) as caught:
            process.receive(0.2)
        assert caught.value.reason == TOO_SLOW
    finally:
        process.close()
    assert process.returncode is not None
    assert process.pid not in running_bot_pids()


def test_disqualified_seats_show_as_minus_one_and_minus_999_to_other_bots(tmp_path: Path) -> None:
    transcript = tmp_path / "seat1.txt"
    rng = random.Random(2)
    with BotTable() as table:
        garbage = make_bot_agent(command("garbage_bot.py"), seat=0, player_count=4, rng=rng, table=table)
        watcher = make_bot_agent(command("scripted_bot.py", str(transcript)), seat=1, player_count=4,
                                 rng=rng, table=table, phase_last=False)
        play_game(Game(SNAP, 4, seed=2), [garbage, watcher, RandomAgent(rng), RandomAgent(rng)])
    assert table.disqualified_seats == {0}
    assert watcher.disqualification is None
    lines = transcript.read_text().splitlines()
    questions = [lines[i:i + 13] for i in range(1, len(lines), 13)]
    card_questions = [q for q in questions if q[0] == "CHOOSE_CARD_TO_PLAY"]
    assert len(card_questions) == SNAP.turns_per_round
    for question in questions:
        assert question[1].split()[0] == "-1"
        assert question[10].split()[0] == "-999"
    assert card_questions[-1][1].split()[1] != "-1"  # the watcher's own last card is shown


def test_phase_last_bot_plays_when_switched_on() -> None:
    rng = random.Random(4)
    with BotAgent(command("phase_last_bot.py"), seat=0, player_count=4, rng=rng, phase_last=True,
                  first_answer_seconds=PATIENT) as bot:
        game = play_game(Game(SNAP, 4, seed=4), [bot] + [RandomAgent(rng) for _ in range(3)])
        assert game.is_over
        assert bot.disqualification is None
        assert bot.answers >= SNAP.turns_per_round
        assert bot.last_message == "phase last"
    assert_gone(bot)


@pytest.mark.slow
def test_phase_last_bot_is_disqualified_in_statement_order() -> None:
    _, bot = play_with_bot(command("phase_last_bot.py"), phase_last=False)
    assert bot.disqualification is not None
    assert bot.disqualification.reason == EXITED
    assert bot.disqualification.detail == "exited with code 2"
    assert any("expected a phase line" in line for line in bot.disqualification.stderr_tail)
    assert bot.disqualification.hint.endswith(f"seat it as 'bot:{bot.command}'")


def test_a_program_that_cannot_start_is_disqualified() -> None:
    game, bot = play_with_bot("no-such-program-for-six-takes --please")
    assert game.is_over
    assert bot.pid is None
    assert bot.disqualification is not None
    assert bot.disqualification.reason == COULD_NOT_START
    assert bot.disqualification.turn == 0


def test_debug_output_goes_to_the_log_not_the_protocol(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "seat0.log"
    log.parent.mkdir()
    rng = random.Random(5)
    with BotAgent(command("garbage_bot.py"), seat=0, player_count=4, rng=rng, log_path=log,
                  first_answer_seconds=PATIENT) as bot:
        play_game(Game(SNAP, 4, seed=5), [bot] + [RandomAgent(rng) for _ in range(3)])
    assert log.read_text() == "about to answer nonsense\n"
    assert bot.stderr_tail == ("about to answer nonsense",)


def test_an_unwritable_log_is_the_callers_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        BotAgent(command("garbage_bot.py"), seat=0, player_count=4, rng=random.Random(0),
                 log_path=tmp_path / "missing-folder" / "bot.log")
    assert running_bot_pids() == []


# ---------------------------------------------------------------- no orphans
def test_closing_kills_the_bot_and_the_seat_plays_on_at_random() -> None:
    game = Game(SNAP, 4, seed=6)
    bot = make_bot_agent(command("never_reads_bot.py"), seat=0, player_count=4, rng=random.Random(0))
    assert bot.pid in running_bot_pids()
    bot.close()
    bot.close()  # idempotent
    assert_gone(bot)
    assert bot.choose_card(game.view(0)) in game.view(0).hand
    assert bot.disqualification is None  # closed by its owner, not disqualified


@posix_only
def test_the_bots_children_die_with_it() -> None:
    _, bot = play_with_bot(command("spawner_bot.py"))
    assert bot.disqualification is None
    child = int(next(line for line in bot.stderr_tail if line.startswith("child ")).split()[1])
    assert_gone(bot)
    assert wait_until_gone(child), f"the bot's child {child} survived"


def test_close_all_bots_kills_every_running_bot() -> None:
    bots = [make_bot_agent(command("never_reads_bot.py"), seat=seat, player_count=4, rng=random.Random(0))
            for seat in range(2)]
    assert set(running_bot_pids()) >= {bot.pid for bot in bots}
    close_all_bots()
    assert running_bot_pids() == []
    for bot in bots:
        assert_gone(bot)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@posix_only
@needs("psutil")
def test_bots_are_killed_when_the_program_is_interrupted(tmp_path: Path) -> None:
    script = tmp_path / "interrupted.py"
    script.write_text(textwrap.dedent(f"""
        import random, sys
        sys.path.insert(0, {str(PROJECT)!r})
        from bots.referee import make_bot_agent
        bot = make_bot_agent({command("never_reads_bot.py")!r}, seat=0, player_count=4, rng=random.Random(0))
        print(bot.pid, flush=True)
        raise KeyboardInterrupt  # as Ctrl-C would, with the bot still running
    """))
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert "KeyboardInterrupt" in result.stderr
    pid = int(result.stdout.split()[0])
    assert wait_until_gone(pid), f"bot {pid} outlived the program"
