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


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_summary_text() -> None:
    out = run("--games", "20", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "20 games (snap rules, seed 4)" in out.stdout
    assert out.stdout.count("random") == 4


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_json_summary() -> None:
    out = run("--games", "30", "--seed", "4", "--json", "--rules", "classic", "--players", "random,random,random")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 30
    assert {"games", "seconds", "games_per_second", "players"} <= set(summary)
    assert [p["kind"] for p in summary["players"]] == ["random"] * 3
    assert sum(p["wins"] for p in summary["players"]) >= 30
    assert all(p["mean_penalty"] >= 0 for p in summary["players"])


@pytest.mark.slow
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
    (["--rules", "amigo"], "invalid choice: 'amigo'"),
    (["--seed", "-1"], "--seed"),
    (["--record", "/nonexistent-folder/x.jsonl"], "cannot write /nonexistent-folder/x.jsonl"),
    (["--frobnicate"], "unrecognized arguments"),
    (["--think-ms", "-5"], "--think-ms"),
    (["--think-ms", "soon"], "--think-ms"),
    (["--jobs", "0"], "--jobs"),
    (["--rollouts", "0"], "--rollouts"),
    (["--players", "mc,heuristic,random,oracle"], "unknown player kind 'oracle'"),
])
@pytest.mark.slow
def test_bad_arguments_one_line_exit_2(args: list[str], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


TIMING_FIELDS = {"seconds", "games_per_second", "decision_ms_mean", "decision_ms_max"}


def without_timings(value: object) -> object:
    """A summary with every timing field removed (they differ from run to run)."""
    if isinstance(value, dict):
        return {key: without_timings(item) for key, item in value.items() if key not in TIMING_FIELDS}
    if isinstance(value, list):
        return [without_timings(item) for item in value]
    return value


@pytest.mark.slow
def test_every_kind_and_the_new_summary_fields() -> None:
    out = run("--games", "6", "--seed", "5", "--json", "--rules", "classic",
              "--players", "mc,heuristic,random", "--rollouts", "3")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert [p["kind"] for p in summary["players"]] == ["mc", "heuristic", "random"]
    for player in summary["players"]:
        assert {"mean_penalty", "mean_penalty_per_round", "wins", "win_rate", "win_rate_ci95",
                "decision_ms_mean", "decision_ms_max"} <= set(player)
        low, high = player["win_rate_ci95"]
        assert 0 <= low <= player["win_rate"] <= high <= 1
        assert player["mean_penalty_per_round"] <= player["mean_penalty"]
        assert player["decision_ms_max"] >= player["decision_ms_mean"] >= 0


@pytest.mark.slow
def test_jobs_do_not_change_results_or_records(tmp_path: Path) -> None:
    outputs, records = [], []
    for jobs in ("1", "2"):
        record = tmp_path / f"jobs{jobs}.jsonl"
        out = run("--games", "12", "--seed", "31", "--json", "--players", "mc,heuristic,random,random",
                  "--rollouts", "3", "--jobs", jobs, "--record", str(record))
        assert out.returncode == 0, out.stderr
        outputs.append(without_timings(json.loads(out.stdout)))
        records.append(record.read_bytes())
    assert outputs[0] == outputs[1]
    assert records[0] == records[1]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_duplicate_plays_each_deal_in_every_seat_rotation(tmp_path: Path) -> None:
    record = tmp_path / "dup.jsonl"
    out = run("--games", "5", "--seed", "8", "--json", "--duplicate", "--players", "heuristic,random,random,random",
              "--record", str(record), "--jobs", "2")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 20 and summary["deals"] == 5
    assert [p["kind"] for p in summary["players"]] == ["heuristic", "random"]
    (pair,) = summary["head_to_head"]
    assert pair["kinds"] == ["heuristic", "random"] and pair["deals"] == 5
    low, high = pair["ci95"]
    assert low <= pair["mean_difference"] <= high
    games = read_records(record)
    for deal in range(5):
        rotation = games[deal * 4:(deal + 1) * 4]
        assert len({game.seed for game in rotation}) == 1
        assert len({game.rounds[0].deal.hands for game in rotation}) == 1
        heuristic_seats = [[p.kind for p in game.players].index("heuristic") for game in rotation]
        assert sorted(heuristic_seats) == [0, 1, 2, 3]


def test_progress_goes_to_stderr_only_for_long_runs() -> None:
    import io

    from cli.progress import Progress

    quiet = io.StringIO()
    bar = Progress(10, quiet)
    bar.update(5)
    bar.finish()
    assert quiet.getvalue() == ""  # a short run shows nothing
    log = io.StringIO()
    bar = Progress(10, log, after_s=0)
    for done in range(1, 11):
        bar.update(done)
    bar.finish()
    lines = log.getvalue().splitlines()
    assert lines and lines[-1].startswith("10/10 games")
    assert len(lines) <= 10


def test_intervals() -> None:
    from lab.simulate import mean_interval, wilson_interval

    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0.1 < high < 0.2
    low, high = wilson_interval(50, 100)
    assert abs((low + high) / 2 - 0.5) < 1e-9 and 0.09 < high - low < 0.2
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high and abs((high - low) / 2 - 1.959964 * (5 / 3) ** 0.5 / 2) < 1e-3


STOPPED_WHILE_LOADING = """
import runpy, sys
stopped, module = [], sys.argv[1]


class CtrlC:
    '''Ctrl-C pressed while ``module`` loads (once).'''

    def find_spec(self, name, path=None, target=None):
        if name == module and not stopped:
            stopped.append(name)
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, CtrlC())
main, sys.argv = sys.argv[2], [sys.argv[2], *sys.argv[3:]]
runpy.run_path(main, run_name="__main__")
"""


@pytest.mark.slow
@pytest.mark.parametrize("module", ["cli.commands", "cli.tournament", "game.i18n", "lab.simulate"])
def test_ctrl_c_while_the_program_loads_is_one_line_and_exit_130(module: str) -> None:
    out = subprocess.run([sys.executable, "-c", STOPPED_WHILE_LOADING, module, str(PROJECT / "main.py"),
                          "simulate", "--games", "3", "--no-progress"], cwd=PROJECT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 130, out.stderr
    assert out.stderr.splitlines() == ["main.py: interrupted"]
    assert out.stdout == ""
