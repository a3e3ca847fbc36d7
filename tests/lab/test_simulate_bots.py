"""``main.py simulate`` with external bots seated by ``--players bot:COMMAND``."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import SNAP
from bots import input_wait
from lab.simulate import simulate
from tests.support.bots import EXAMPLES, command
from tests.conftest import PROJECT, needs

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="bot commands are quoted for POSIX here"),
              needs("psutil")]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", "--no-progress", *args],
                          cwd=PROJECT, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_example_bot_and_a_garbage_bot_in_the_summary(tmp_path: Path) -> None:
    example = "bot:" + command(EXAMPLES / "heuristic_bot.py")
    garbage = "bot:" + command("garbage_bot.py")
    out = run("--games", "6", "--seed", "2", "--json", "--bot-logs", str(tmp_path / "logs"),
              "--players", f"{example},random,random,{garbage}")
    assert out.returncode == 0, out.stderr
    players = json.loads(out.stdout)["players"]
    assert players[0]["kind"] == example and players[0]["disqualifications"] == 0
    assert players[3]["disqualifications"] == 6
    assert [d["reason"] for d in players[3]["disqualified"]] == ["nonsense", "nonsense", "benched"]
    assert players[3]["benched"] == 4  # from its third game on: its program is not started again
    assert "disqualifications" not in players[1]  # only bots are reported
    logs = sorted(p.name for p in (tmp_path / "logs").iterdir())
    assert logs == sorted([f"game{g:05d}-seat1.log" for g in range(1, 7)] + ["game00001-seat4.log",
                                                                              "game00002-seat4.log"])
    assert "about to answer nonsense" in (tmp_path / "logs" / "game00001-seat4.log").read_text()


@pytest.mark.slow
def test_text_summary_reports_each_disqualification() -> None:
    out = run("--games", "2", "--seed", "2", "--players",
              f"bot:{command('crash_bot.py')},random,random,random")
    assert out.returncode == 0, out.stderr
    assert "disqualified in 2 of 2 games (2 exited)" in out.stdout
    assert out.stdout.count("bot in seat 1") == 2


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_missing_bot_program_is_a_bad_argument() -> None:
    out = run("--players", "bot:no-such-program-here,random,random,random")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "no-such-program-here" in out.stderr


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_bots_leave_no_process_behind() -> None:
    from bots.process import running_bot_pids

    summary = simulate(SNAP, ["bot:" + command(EXAMPLES / "heuristic_bot.py"), "random", "random", "random"],
                       3, seed=4)
    assert summary.players[0].disqualifications == []
    assert running_bot_pids() == []


@pytest.mark.slow
@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_stopping_a_parallel_run_with_bots_leaves_nothing_running(stop: str) -> None:
    """Ctrl-C (or a kill) ends every worker and every bot, and exits 130 (143 for a kill)."""
    import signal
    import time

    from tests.support.bots import process_gone

    proc = subprocess.Popen(
        [sys.executable, str(PROJECT / "main.py"), "simulate", "--no-progress", "--jobs", "2",
         "--games", "1000000000", "--players", "bot:" + command(EXAMPLES / "heuristic_bot.py") + ",random,random,random"],
        cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    session = proc.pid
    try:
        deadline = time.monotonic() + 300  # only a hung run reaches this (the run cannot end by itself)
        ours = _session_and_children(session)
        while not _bots_among(ours) and time.monotonic() < deadline:  # until the workers' bots play
            time.sleep(0.05)
            ours = _session_and_children(session)
        assert len(ours) >= 3, "the run, its workers and their bots"
        os.killpg(session, getattr(signal, stop))  # as a terminal's Ctrl-C reaches the whole group
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(session, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == {"SIGINT": 130, "SIGTERM": 143}[stop], err
    assert err.splitlines() == ["simulate: interrupted"]  # one line: no traceback, no blank line
    deadline = time.monotonic() + 60
    left = ours
    while left and time.monotonic() < deadline:
        left = [pid for pid in left if not process_gone(pid)]
        time.sleep(0.2)
    assert left == []


def _bots_among(pids: list[int]) -> bool:
    """Whether one of ``pids`` runs the example bot."""
    for pid in pids:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"simulate" not in argv and any(arg.endswith(b"heuristic_bot.py") for arg in argv):
            return True  # the bot itself, not the run that names it in --players
    return False


def _session_and_children(session: int) -> list[int]:
    """The processes of the run's session (the run and its workers) and their children
    (the bots, which start sessions of their own)."""
    parents: dict[int, int] = {}
    sessions: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)], sessions[int(entry.name)] = int(fields[1]), int(fields[3])
    members = {pid for pid, sid in sessions.items() if sid == session}
    return sorted(members | {pid for pid, parent in parents.items() if parent in members})


@pytest.mark.slow
def test_a_bot_waiting_for_input_is_benched_after_two_games_the_same_with_any_number_of_workers() -> None:
    """Each failure is found at once (Linux); from the third game on its seat plays at random, and
    the summary's last line says so - with one worker or two (the chunks out of order)."""
    bot = command("phase_sync_bot.py")  # statement order, seated in the arena's: it waits for input
    runs = [run("--games", "6", "--seed", "5", "--json", "--players", f"bot:{bot},random,random,random", *jobs)
            for jobs in ((), ("--jobs", "2"))]
    assert all(done.returncode == 0 for done in runs), runs[0].stderr + runs[1].stderr
    alone, shared = (without_timings(done.stdout) for done in runs)
    assert alone == shared
    player = alone["players"][0]  # type: ignore[index]
    assert (player["disqualifications"], player["benched"]) == (6, 4)
    first, second, benched = player["disqualified"]
    assert first["reason"] == second["reason"] == ("waits for input" if input_wait.SUPPORTED else "too slow")
    assert benched["reason"] == "benched" and benched["hint"] == first["hint"] != ""
    text = run("--games", "6", "--seed", "5", "--players", f"bot:{bot},random,random,random")
    assert text.stdout.rstrip().splitlines()[-1] == (
        f"Player 1 (bot:{bot}) failed its first answer in 2 games in a row, so it sat out the rest of the run: "
        "its seat played at random in 4 games")


@pytest.mark.slow
def test_a_bot_that_sleeps_without_answering_costs_two_backstops_in_a_three_game_simulate(tmp_path: Path) -> None:
    """Two games of 2 s of free start-up and the 10 s backstop, no order probe (it was seen asleep),
    then benched: about 24 s, where it cost 72 s (a probe after each game, never benched)."""
    starts = tmp_path / "starts"
    sleepy = command("sleepy_bot.py", str(starts))
    done = run("--games", "3", "--seed", "1", "--players", f"bot:{sleepy},random,random,random")
    assert done.returncode == 0, done.stderr
    assert starts.read_text() == "started\n" * 2
    lines = done.stdout.rstrip().splitlines()
    assert f"Player 1 (bot:{sleepy}): disqualified in 3 of 3 games (2 too slow, 1 benched)" in lines
    assert sum("it sleeps: no answer in 10000 ms of wall-clock time, in which it used less than 1000 ms of "
               "processor time" in line for line in lines) == (2 if input_wait.SUPPORTED else 0)
    assert lines[-1].endswith("so it sat out the rest of the run: its seat played at random in 1 game")


def without_timings(summary: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(summary)
    for key in ("seconds", "games_per_second"):
        data.pop(key)
    for player in data["players"]:  # type: ignore[attr-defined]
        player.pop("decision_ms_mean")
        player.pop("decision_ms_max")
    return data
