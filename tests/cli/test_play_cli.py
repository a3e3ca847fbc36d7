"""``main.py play`` seat options: --ai levels and --bots, as a user types them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.record import read_records
from tests.support.bots import EXAMPLES, command
from tests.conftest import PROJECT, needs


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SIXTAKES_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), "play", *args], cwd=PROJECT,
                          env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
@pytest.mark.parametrize("args, message", [
    (["--ai", "genius"], "unknown level 'genius' for --ai"),
    (["--ai", "mc,mc"], "--ai needs 1 level or 3"),
    (["--mode", "hotseat", "--ai", "mc"], "--mode hotseat has none"),
    (["--bots", "no-such-bot-program"], "no-such-bot-program"),
    (["--bots", "a", "b", "c", "d"], "not found"),
    (["--think-ms", "-5"], "--think-ms"),
])
def test_bad_seat_options(tmp_path: Path, args: list[str], message: str) -> None:
    out = run(tmp_path, *args)
    assert out.returncode == 2
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1


@pytest.mark.slow
@needs("psutil")
def test_demo_with_mixed_levels_and_a_bot_records_each_kind(tmp_path: Path) -> None:
    bot = command(EXAMPLES / "heuristic_bot.py")
    record = tmp_path / "g.jsonl"
    out = run(tmp_path, "--mode", "demo", "--seed", "8", "--ai", "random,heuristic,mc,random",
              "--think-ms", "5", "--bots", bot, "--step-delay", "0", "--exit-at-end",
              "--record", str(record))
    assert out.returncode == 0, out.stderr
    (game,) = read_records(record)
    assert [p.kind for p in game.players] == [f"bot:{bot}", "heuristic", "mc", "random"]


@pytest.mark.slow
@needs("pygame")
def test_classic_rules_in_the_app(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    out = run(tmp_path, "--mode", "demo", "--rules", "classic", "--seed", "4", "--step-delay", "0",
              "--exit-at-end", "--record", str(record))
    assert out.returncode == 0, out.stderr
    (game,) = read_records(record)
    assert game.rules == "classic" and len(game.rounds) >= 2 and max(game.scores) >= 66


@pytest.mark.slow
@needs("pygame")
def test_the_worked_example_opens_at_its_turn(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SIXTAKES_DATA_DIR": str(tmp_path / "data")}
    shots = tmp_path / "shots"
    out = subprocess.run([sys.executable, str(PROJECT / "main.py"), "example", "--screenshots", str(shots),
                          "--step-delay", "0", "--exit-at-end"], cwd=PROJECT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    names = sorted(p.name for p in shots.iterdir())
    assert "turn3-step1.png" in names and not any(n.startswith(("turn1-", "turn2-")) for n in names)
    assert len(names) == 4 * 5  # turns 3 to 7
    assert not (tmp_path / "data").exists(), "an example is not recorded"
