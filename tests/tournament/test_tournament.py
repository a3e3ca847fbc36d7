"""``main.py tournament``: fair tables, duplicate deals, ratings, resumable results, leaderboard."""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tournament.results import GameOutcome
from tournament.schedule import Entrant, Schedule
from tournament.standings import ranks, standings
from tests.support.bots import BOTS
from tests.conftest import PROJECT


EXAMPLE = f"example={sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}"


def run_main(*args: str, cwd: Path = PROJECT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=180)


def bot_copy(folder: Path, name: str) -> str:
    """A copy of the arena-order test bot under its own file name (its processes are findable)."""
    folder.mkdir(exist_ok=True)
    for helper in ("botio.py",):
        shutil.copy(BOTS / helper, folder / helper)
    path = folder / f"{name}.py"
    shutil.copy(BOTS / "arena_order_bot.py", path)
    return f"{name}={sys.executable} {path}"


# ---------------------------------------------------------------- the schedule
def test_every_pair_meets_about_equally_and_every_deal_is_played_from_every_seat() -> None:
    entrants = [Entrant(f"e{i}", "random") for i in range(12)]
    schedule = Schedule(entrants, 2000, seed=8)
    assert schedule.games == 2000 and len(schedule.tables) == 500
    meetings = schedule.pair_meetings().values()
    assert max(meetings) - min(meetings) <= 3  # about 45.5 each
    played = [sum(e in table for table in schedule.tables) for e in range(12)]
    assert max(played) - min(played) <= 1
    for deal in (0, 77):
        slots = [schedule.slot(4 * deal + r) for r in range(4)]
        assert {s.deal for s in slots} == {deal}
        for seat in range(4):  # each entrant of the deal sits once in every seat
            assert sorted(s.seats[seat] for s in slots) == sorted(schedule.tables[deal])


def test_a_longer_schedule_extends_a_shorter_one_and_games_round_up_to_deals() -> None:
    entrants = [Entrant(f"e{i}", "random") for i in range(7)]
    short, long = Schedule(entrants, 10, seed=3), Schedule(entrants, 400, seed=3)
    assert short.games == 12
    assert short.tables == long.tables[:3]
    assert Schedule(entrants, 10, seed=4).tables != short.tables


# ---------------------------------------------------------------- the standings
def test_ranks_share_ties_and_put_disqualified_bots_last() -> None:
    outcome = GameOutcome(0, (0, 1, 2, 3), (5, 9, 5, 2), 1, (3,), ({"seat": 3},))
    assert ranks(outcome) == [1, 3, 1, 4]


@pytest.mark.slow
def test_standings_do_not_depend_on_the_order_games_finished_in() -> None:
    entrants = [Entrant(f"e{i}", "random") for i in range(5)]
    schedule = Schedule(entrants, 40, seed=1)
    rng = random.Random(1)
    outcomes = []
    for index in range(schedule.games):
        scores = tuple(rng.randrange(30) for _ in range(4))
        winners = tuple(s for s in range(4) if scores[s] == min(scores))
        outcomes.append(GameOutcome(index, schedule.slot(index).seats, scores, 1, winners))
    shuffled = outcomes[:]
    rng.shuffle(shuffled)
    first = [line.to_dict() for line in standings(entrants, outcomes)]
    assert first == [line.to_dict() for line in standings(entrants, shuffled)]
    assert sum(line["games"] for line in first) == 4 * schedule.games
    assert [line["rating"] for line in first] == sorted((line["rating"] for line in first), reverse=True)


def skill_games(count: int, seed: int, entrants: int = 6) -> tuple[list[Entrant], list[GameOutcome]]:
    """Games of a schedule where entrant ``e`` scores about ``3 e`` more than entrant 0."""
    people = [Entrant(f"e{i}", "random") for i in range(entrants)]
    schedule = Schedule(people, count, seed=seed)
    rng = random.Random(seed)
    outcomes = []
    for index in range(schedule.games):
        seats = schedule.slot(index).seats
        scores = tuple(rng.randrange(25) + 3 * entrant for entrant in seats)
        winners = tuple(s for s in range(4) if scores[s] == min(scores))
        outcomes.append(GameOutcome(index, seats, scores, 1, winners))
    return people, outcomes


@pytest.mark.slow
def test_the_same_games_in_any_order_and_numbering_give_the_same_standings() -> None:
    entrants, outcomes = skill_games(120, seed=2)
    first = [line.to_dict() for line in standings(entrants, outcomes)]
    rng = random.Random(9)
    for _ in range(20):
        numbers = list(range(len(outcomes)))
        rng.shuffle(numbers)
        renumbered = [GameOutcome(number, o.seats, o.scores, o.rounds, o.winners, o.disqualified)
                      for number, o in zip(numbers, outcomes)]
        rng.shuffle(renumbered)
        again = [line.to_dict() for line in standings(entrants, renumbered)]
        assert [line["name"] for line in again] == [line["name"] for line in first]
        assert [(line["rating"], line["rating_interval"], line["ci95"]) for line in again] == \
            [(line["rating"], line["rating_interval"], line["ci95"]) for line in first]


@pytest.mark.slow
def test_the_ranking_follows_mean_place_where_the_intervals_do_not_overlap() -> None:
    for seed in range(3):
        entrants, outcomes = skill_games(200, seed=seed)
        table = standings(entrants, outcomes)
        separated = 0
        for upper, lower in itertools.combinations(table, 2):  # upper is ranked above lower
            if upper.rating_interval[0] > lower.rating_interval[1]:
                separated += 1
                assert upper.mean_place < lower.mean_place
        assert separated >= 5  # the check had pairs to look at


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_penalty_interval_never_goes_below_zero_with_few_games() -> None:
    entrants = [Entrant(f"e{i}", "random") for i in range(4)]
    outcomes = [GameOutcome(0, (0, 1, 2, 3), (0, 30, 12, 9), 1, (0,)),
                GameOutcome(1, (1, 2, 3, 0), (4, 5, 6, 26), 1, (0,))]
    for line in standings(entrants, outcomes):
        low, high = line.ci95
        assert 0 <= low <= line.mean_penalty_per_round <= high


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_head_to_head_counts_each_pair_of_seats() -> None:
    entrants = [Entrant(f"e{i}", "random") for i in range(4)]
    outcomes = [GameOutcome(0, (0, 1, 2, 3), (3, 9, 3, 20), 1, (0, 2)),
                GameOutcome(1, (3, 2, 1, 0), (1, 5, 6, 8), 1, (0,))]
    by_name = {line.name: line for line in standings(entrants, outcomes)}
    assert by_name["e0"].head_to_head == {"e1": [1, 0, 1], "e2": [0, 1, 1], "e3": [1, 0, 1]}
    assert by_name["e2"].head_to_head["e0"] == [1, 1, 0]


# ---------------------------------------------------------------- the command
@pytest.mark.slow
def test_a_small_tournament_prints_writes_json_and_a_self_contained_page(tmp_path: Path) -> None:
    bots = tmp_path / "bots"
    page = tmp_path / "cup.html"
    result = run_main("tournament", "--bot", bot_copy(bots, "arena"),
                      "--bot", "wrong=bot-statement:" + bot_copy(bots, "wrong").split("=", 1)[1],
                      "--include", "random,heuristic,mc", "--rollouts", "20", "--games", "20", "--seed", "5",
                      "--rules", "snap", "--out", str(tmp_path / "out"), "--html", str(page), "--json",
                      "--no-progress")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    table = data["standings"]
    assert [line["rating"] for line in table] == sorted((line["rating"] for line in table), reverse=True)
    assert {line["name"] for line in table} == {"arena", "wrong", "random", "heuristic", "mc"}
    assert data["games"] == 20 and sum(line["games"] for line in table) == 80
    for line in table:
        assert set(line) >= {"name", "rating", "mean_penalty_per_round", "ci95", "games", "wins",
                             "disqualifications"}
        low, high = line["ci95"]
        assert low <= line["mean_penalty_per_round"] <= high
    by_name = {line["name"]: line for line in table}
    assert by_name["arena"]["disqualifications"] == 0
    assert by_name["wrong"]["disqualifications"] == by_name["wrong"]["games"]
    assert "seat it as 'bot:" in by_name["wrong"]["first_disqualification"]["text"]
    assert table[-1]["name"] == "wrong"  # disqualified every game: ranked last each time
    assert json.loads((tmp_path / "out" / "standings.json").read_text())["standings"] == table
    html = page.read_text()
    assert html == (tmp_path / "out" / "standings.html").read_text()
    assert "<svg" in html and html.count("<circle") == 5
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")  # nothing from the internet
    assert "<script" not in html


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="Ctrl-C is sent as SIGINT")
def test_ctrl_c_stops_a_tournament_keeping_its_results_and_no_bot(tmp_path: Path) -> None:
    """A run far too long to end by itself (no race with its end): Ctrl-C after 8 games."""
    args = ["tournament", "--bot", bot_copy(tmp_path / "bots", "zed_bot"), "--include", "random,heuristic,mc",
            "--rollouts", "10", "--games", "100000", "--seed", "11", "--jobs", "2", "--no-progress"]
    out = tmp_path / "stopped"
    program = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), *args, "--out", str(out)],
                               cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = out / "results.jsonl"
    deadline = time.monotonic() + 300  # only a hung run reaches this
    while not (results.exists() and results.read_text().count("\n") >= 8):
        assert program.poll() is None, program.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    program.send_signal(signal.SIGINT)
    _, err = program.communicate(timeout=120)
    assert program.returncode == 130, err
    [line] = err.splitlines()  # one line: no traceback, no blank line
    assert line.startswith("tournament: interrupted after ") and "run the same command again to continue" in line
    assert results.read_text().count("\n") >= 8
    deadline = time.monotonic() + 60
    while any("zed_bot" in " ".join(p.info["cmdline"] or ()) for p in psutil.process_iter(["cmdline"])):
        assert time.monotonic() < deadline, "a bot outlived the interrupted tournament"
        time.sleep(0.05)


@pytest.mark.slow
def test_run_again_an_interrupted_tournament_ends_with_the_standings_of_an_uninterrupted_run(
        tmp_path: Path) -> None:
    """The state an interruption leaves - some results, a torn last line - made exactly: the
    first 8 results of the whole run, then a line cut short by a crash."""
    args = ["tournament", "--bot", bot_copy(tmp_path / "bots", "zed_bot"), "--include", "random,heuristic,mc",
            "--rollouts", "10", "--games", "32", "--seed", "11", "--jobs", "2", "--no-progress"]
    whole = run_main(*args, "--out", str(tmp_path / "whole"))
    assert whole.returncode == 0, whole.stderr
    out = tmp_path / "resumed"
    out.mkdir()
    shutil.copy(tmp_path / "whole" / "tournament.json", out / "tournament.json")
    first = (tmp_path / "whole" / "results.jsonl").read_text().splitlines(keepends=True)[:8]
    (out / "results.jsonl").write_text("".join(first) + '{"game": 31, "sea')
    again = run_main(*args, "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert "were already in" in again.stdout
    assert (out / "standings.json").read_text() == (tmp_path / "whole" / "standings.json").read_text()


@pytest.mark.slow
def test_another_tournament_in_the_same_folder_is_refused(tmp_path: Path) -> None:
    args = ["tournament", "--include", "random,heuristic,mc", "--bot", bot_copy(tmp_path / "b", "x"),
            "--rollouts", "5", "--games", "4", "--seed", "1", "--out", str(tmp_path / "out"), "--no-progress"]
    assert run_main(*args).returncode == 0
    other = run_main(*args, "--rules", "classic")
    assert other.returncode == 2
    assert other.stderr.count("\n") == 1 and "holds another tournament (its rules differs)" in other.stderr


@pytest.mark.parametrize("args, message", [
    (["--include", "random,heuristic"], "at least 4 entrants"),
    (["--include", "random,heuristic,mc,clever"], "unknown level 'clever'"),
    (["--include", "random,heuristic,mc", "--bot", "x=no-such-program-for-six-takes"], "not found"),
    (["--include", "random,heuristic,mc", "--bot", "random=python3 x.py"], "the name 'random' is a built-in level"),
    (["--include", "random,heuristic,mc,random"], "two entrants are named"),
    (["--include", "random,heuristic,mc", "--games", "0"], "expected a number >= 1"),
    (["--include", "random,heuristic,mc", "--bot", EXAMPLE, "--out", "README.md"], "is not a folder"),
    (["--include", "random,heuristic,mc", "--bot", EXAMPLE, "--html", "no-such-folder/cup.html"],
     "no folder no-such-folder"),
])
@pytest.mark.slow
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run_main("tournament", *args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_tournament_killed_outright_leaves_no_bot_and_continues_when_run_again(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["tournament", "--bot", bot_copy(tmp_path / "bots", "kilo_bot"), "--include", "random,heuristic,mc",
            "--rollouts", "5", "--games", "24", "--seed", "2", "--jobs", "2", "--no-progress", "--out", str(out)]
    program = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), *args], cwd=PROJECT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while not (results.exists() and results.read_text().count("\n") >= 4):
        assert program.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    program.kill()  # SIGKILL: no clean-up code of the program runs
    program.wait(timeout=30)
    deadline = time.monotonic() + 15
    while any("kilo_bot" in " ".join(p.info["cmdline"] or ()) for p in psutil.process_iter(["cmdline"])):
        assert time.monotonic() < deadline, "a bot outlived the killed tournament"
        time.sleep(0.05)
    again = run_main(*args)
    assert again.returncode == 0, again.stderr
    data = json.loads((out / "standings.json").read_text())
    assert data["games"] == 24 and sum(line["games"] for line in data["standings"]) == 96
