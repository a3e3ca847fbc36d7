"""A tournament benches a bot that fails its first answer in two games in a row, with the hint
that seats it; which games are benched never depends on the number of workers."""

from __future__ import annotations

import pytest

import json
import sys
from pathlib import Path

from tests.conftest import needs
from tests.support.bots import command
from tests.conftest import PROJECT

import subprocess

pytestmark = [needs("psutil"), needs("choix")]


def tournament(out: Path, *args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, str(PROJECT / "main.py"), "tournament", "--bot",
                           f"reader=bot:{command('statement_order_bot.py')}", "--include", "random,heuristic,mc",
                           "--rollouts", "5", "--games", "12", "--seed", "4", "--no-progress", "--out", str(out),
                           "--json", *args], cwd=PROJECT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def reader_reports(out: Path) -> list[dict[str, object]]:
    games = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    games.sort(key=lambda game: game["game"])
    reports = []
    for game in games:
        reader = game["seats"].index(0)  # the --bot entrant is entrant 0
        [report] = [r for r in game["disqualified"] if r["seat"] == reader]
        reports.append(report)
    return reports


@pytest.mark.slow
def test_a_statement_order_bot_under_bot_gets_the_hint_and_is_benched_after_two_games(tmp_path: Path) -> None:
    tournament(tmp_path / "one")
    reports = reader_reports(tmp_path / "one")
    assert len(reports) == 12
    hint = (f"It reads the lines in the published statement's order (phase line first): "
            f"seat it as 'bot-statement:{command('statement_order_bot.py')}'")
    assert [r["reason"] for r in reports[:2]] == ["exited", "exited"]
    assert all(r["hint"] == hint and r["first_answer"] for r in reports)
    assert {r["reason"] for r in reports[2:]} == {"benched"}
    assert reports[2]["detail"] == ("it failed its first answer in 2 games in a row, "
                                    "so it sits out the rest of the tournament")
    assert hint in reports[2]["text"]


@pytest.mark.slow
def test_benching_does_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    alone = tournament(tmp_path / "alone")
    shared = tournament(tmp_path / "shared", "--jobs", "2")
    assert alone["standings"] == shared["standings"]
    assert reader_reports(tmp_path / "alone") == reader_reports(tmp_path / "shared")
