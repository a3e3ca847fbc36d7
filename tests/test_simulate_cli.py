"""``main.py simulate`` as a user runs it: output, records, reproducibility, bad arguments."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.record import read_records
from tests.conftest import PROJECT


def run(*args: str, cwd: Path = PROJECT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=120)


def test_summary_text() -> None:
    out = run("--games", "20", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "20 games (snap rules, seed 4)" in out.stdout
    assert out.stdout.count("random") == 4


def test_json_summary() -> None:
    out = run("--games", "30", "--seed", "4", "--json", "--rules", "classic", "--players", "random,random,random")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 30
    assert {"games", "seconds", "games_per_second", "players"} <= set(summary)
    assert [p["kind"] for p in summary["players"]] == ["random"] * 3
    assert sum(p["wins"] for p in summary["players"]) >= 30
    assert all(p["mean_penalty"] >= 0 for p in summary["players"])


def test_records_are_reproducible_byte_for_byte(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run("--games", "25", "--seed", "9", "--record", str(first)).returncode == 0
    assert run("--games", "25", "--seed", "9", "--record", str(second)).returncode == 0
    assert first.read_bytes() == second.read_bytes()
    records = read_records(first)
    assert len(records) == 25
    # Each record's seed reproduces that game alone.
    lone = tmp_path / "lone.jsonl"
    assert run("--games", "1", "--seed", str(records[17].seed), "--record", str(lone)).returncode == 0
    assert lone.read_text() == first.read_text().splitlines(keepends=True)[17]


@pytest.mark.parametrize("args, message", [
    (["--games", "-3"], "--games"),
    (["--games", "many"], "--games"),
    (["--players", "random,genius,random,random"], "unknown player kind 'genius'"),
    (["--players", "random,random"], "snap rules need exactly 4 players, not 2"),
    (["--rules", "classic", "--players", ",".join(["random"] * 11)], "2 to 10 players"),
    (["--rules", "amigo"], "unknown rules 'amigo'"),
    (["--seed", "-1"], "--seed"),
    (["--record", "/nonexistent-folder/x.jsonl"], "cannot write /nonexistent-folder/x.jsonl"),
    (["--frobnicate"], "unrecognized arguments"),
])
def test_bad_arguments_one_line_exit_2(args: list[str], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr
