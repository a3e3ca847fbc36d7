"""The cluster exactly as the documentation starts it: its commands read out of the
documentation file and run as they are (stock ``dask scheduler`` in the project's folder, nothing
on ``PYTHONPATH``; ``dask worker`` with its default nanny), in a copy of the project, and the
tournament they play gives standings identical, byte for byte, to the same tournament here.

Only the scheduler's machine and port are replaced: ``lab-server`` by this machine, ``8786`` by
a free port (another run on this machine may hold 8786)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import PROJECT, needs
from tests.support.waiting import eventually

pytestmark = [needs("distributed"), needs("choix"), needs("psutil"), pytest.mark.slow,
              pytest.mark.skipif(os.name != "posix", reason="the documented commands are a POSIX shell's")]

SECTION = "### A league on a cluster"
DOCUMENTS = ("docs/lab.md", "README.md")
"""Where the cluster's section may be."""


def documented_commands() -> list[str]:
    """The commands of the first code block of the cluster's section, continuation lines joined."""
    for name in DOCUMENTS:
        path = PROJECT / name
        if path.exists() and SECTION in path.read_text(encoding="utf-8"):
            text = path.read_text(encoding="utf-8").split(SECTION, 1)[1]
            block = text.split("```", 2)[1]
            return [line.strip() for line in block.replace("\\\n", " ").splitlines() if line.strip()]
    raise AssertionError(f"no {SECTION!r} in {DOCUMENTS}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def here(command: str, port: int) -> str:
    """The command with the scheduler on this machine's ``port``."""
    return command.replace("lab-server", "127.0.0.1").replace("8786", str(port))


def shell(command: str, folder: Path) -> subprocess.Popen[bytes]:
    """``command`` run by a shell in ``folder``, as typed in a terminal, in a session of its own."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")  # dask, python, python3
    return subprocess.Popen(["sh", "-c", command], cwd=folder, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture
def copy(tmp_path: Path) -> Iterator[Path]:
    """A copy of the project (what a lab machine holds), its tests left out."""
    folder = tmp_path / "6takes"
    shutil.copytree(PROJECT, folder, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "tests",
                                                                    ".pytest_cache", ".mypy_cache", "league*"))
    yield folder


def test_the_documented_commands_play_a_league_identical_to_a_local_one(copy: Path) -> None:
    scheduler, worker, tournament = documented_commands()
    assert scheduler.startswith("dask scheduler ") and worker.startswith("dask worker ")
    assert "PYTHONPATH" not in scheduler + worker and "--no-nanny" not in worker
    assert tournament.startswith("python main.py tournament ") and "--out league" in tournament
    port = free_port()
    running = [shell(here(scheduler, port), copy)]
    try:
        eventually(lambda: _listening(port), seconds=120, what="the scheduler listening",
                   alive=lambda: running[0].poll() is None)
        running.append(shell(here(worker, port), copy))
        league = shell(here(tournament, port), copy)
        running.append(league)
        output, _ = league.communicate(timeout=1800)  # only a hang reaches this
        assert league.returncode == 0, output.decode(errors="replace")
    finally:
        for process in running:
            _end(process)
    seed = json.loads((copy / "league" / "tournament.json").read_text())["seed"]  # drawn by the league
    local = shlex.split(tournament.split(" --cluster ")[0].replace("--out league", "--out league-here"))
    done = subprocess.run([sys.executable, *local[1:], "--seed", str(seed), "--no-progress"], cwd=copy,
                          capture_output=True, timeout=1800)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    for name in ("standings.json", "results.jsonl"):
        assert (copy / "league" / name).read_bytes() == (copy / "league-here" / name).read_bytes(), name


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _end(process: subprocess.Popen[bytes]) -> None:
    """End a command and every process it started (a worker's nanny, its worker, their helpers)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=60)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(process.pid, signal.SIGKILL)
    process.communicate()


def test_the_documented_commands_name_the_projects_own_bot() -> None:
    """The tournament's bots are files of the project, so the commands run as they are."""
    tournament = documented_commands()[2]
    for program in re.findall(r'python3 (\S+?)"', tournament):
        assert (PROJECT / program).is_file(), program
