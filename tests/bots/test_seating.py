"""``--bot NAME=COMMAND``: a bot's command may hold commas, and its NAME is what summaries,
the table and records show."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.record import read_records
from game.rules import CLASSIC, SNAP
from bots.seating import parse_named_bot, parse_named_bots, simulate_seats
from tests.support.bots import command
from tests.conftest import PROJECT, needs

pytestmark = needs("psutil")  # they run bot programs

BOT = command("arena_order_bot.py")


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), *args], cwd=PROJECT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_named_bot_is_seated_in_the_live_order_unless_told_otherwise() -> None:
    assert parse_named_bot(f"Ada=  {BOT}").kind == f"bot:{BOT}"
    assert parse_named_bot(f"Ada=bot-statement:{BOT}").kind == f"bot-statement:{BOT}"
    comma = parse_named_bot("comma=python3 -c 'print(1,2)' x,y")
    assert comma.name == "comma" and comma.command == "python3 -c 'print(1,2)' x,y"


@pytest.mark.parametrize("text, message", [
    ("no equals sign", "expected NAME=COMMAND"),
    ("=python3 x.py", "the name"),
    ("x" * 30 + "=python3 x.py", "the name"),
    ("Ada=no-such-program-for-six-takes", "not found"),
])
def test_bad_named_bots_say_why(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_named_bot(text)


def test_a_name_given_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="given twice"):
        parse_named_bots([f"Ada={BOT}", f"ada={BOT}"])


def test_simulate_seats_fill_the_table_or_follow_players() -> None:
    bots = parse_named_bots([f"Ada={BOT}"])
    assert simulate_seats(None, bots, SNAP) == [f"bot:{BOT}", "random", "random", "random"]
    assert simulate_seats("heuristic,Ada,random", bots, CLASSIC) == ["heuristic", f"bot:{BOT}", "random"]
    with pytest.raises(ValueError, match="has no seat"):
        simulate_seats("random,random,random,random", bots, SNAP)


@pytest.mark.slow
def test_simulate_shows_bot_names_in_the_summary_and_the_records(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    result = run_main("simulate", "--games", "3", "--seed", "4", "--json", "--no-progress",
                      "--bot", f"Ada, the first={BOT}", "--bot", f"Bea=bot-statement:{BOT}",
                      "--record", str(record))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert [p["name"] for p in summary["players"]][:2] == ["Ada, the first", "Bea"]
    assert summary["players"][0]["disqualifications"] == 0
    assert summary["players"][1]["disqualifications"] == 3
    assert "seat it as 'bot:" in summary["players"][1]["disqualified"][0]["hint"]
    for game in read_records(record):
        assert [p.name for p in game.players][:2] == ["Ada, the first", "Bea"]
        assert game.players[0].kind == f"bot:{BOT}"


@pytest.mark.slow
def test_play_shows_the_bot_name_on_the_table_and_in_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = run_main("play", "--mode", "demo", "--seed", "2", "--step-delay", "0", "--exit-at-end",
                      "--ai", "heuristic", "--bot", f"Ada={BOT}", "--record", str(record))
    assert result.returncode == 0, result.stderr
    [game] = read_records(record)
    assert [p.name for p in game.players] == ["Ada", "AI 2", "AI 3", "AI 4"]
    assert game.players[0].kind == f"bot:{BOT}"


@pytest.mark.slow
def test_play_refuses_a_bad_bot_in_one_line() -> None:
    result = run_main("play", "--bot", "nameless")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "expected NAME=COMMAND" in result.stderr


@pytest.mark.slow
def test_duplicate_summaries_compare_bots_by_name() -> None:
    result = run_main("simulate", "--games", "2", "--seed", "4", "--duplicate", "--no-progress",
                      "--bot", f"Ada={BOT}", "--players", "Ada,heuristic,random,random")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("Ada - heuristic:") for line in lines)
    assert any(line.startswith("Ada - random:") for line in lines)
    assert not any(line.startswith("bot:") for line in lines)



def test_a_seats_kind_is_parsed_once_when_the_seat_is_made() -> None:
    from game.kinds import Bot, Human, Level
    from live.seats import Seat

    bot = Seat("Zed", "bot-statement:python3 zed.py")
    assert bot.player == Bot("python3 zed.py", False, "bot-statement") and bot.is_bot
    assert bot.bot is not None and bot.bot.command == "python3 zed.py" and not bot.bot.phase_last
    assert Seat("AI 1", "mc").player == Level("mc") and Seat("Ana", "human").player == Human()
    assert Seat("Ana", "phone").player == Human() and not Seat("Ana", "phone").is_human  # not at this computer
    assert Seat("?", "nonsense").player is None  # seating it fails, as before, saying why
    assert Seat("Zed", "bot:python3 zed.py") == Seat("Zed", "bot:python3 zed.py")
