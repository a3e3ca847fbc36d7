"""Tournaments and simulate on a Dask cluster: a real scheduler and two workers, each its own
process over TCP.  The same seed gives byte-identical standings, results, summaries and records
with or without the cluster, even when a worker is killed in the middle of a shard."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import needs
from tests.conftest import PROJECT

pytestmark = [needs("distributed"), needs("choix"), needs("psutil"), pytest.mark.slow]

BOT = f"mine={sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}"


def dask(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "distributed.cli." + args[0], *args[1:]],
                            env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def worker_environment(path: str | None = None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    if path is not None:
        env["PATH"] = path
    return env


class LocalCluster:
    """``dask scheduler`` and ``dask worker`` processes on this machine, started elsewhere than the
    project, with the project on their PYTHONPATH (the scheduler reads the tasks too)."""

    def __init__(self, folder: Path, env: dict[str, str] | None = None) -> None:
        self.folder = folder
        self.processes: list[subprocess.Popen[str]] = []
        self.workers: dict[str, subprocess.Popen[str]] = {}
        scheduler = dask("dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                         env=env if env is not None else worker_environment(), cwd=folder)
        self.processes.append(scheduler)
        assert scheduler.stderr is not None
        self.address = ""
        for line in scheduler.stderr:  # waits for the line that says where it listens
            found = re.search(r"Scheduler at:\s+(tcp://\S+)", line)
            if found:
                self.address = found.group(1)
                break
        assert self.address, "the scheduler did not start"
        self._drain(scheduler)

    @staticmethod
    def _drain(process: subprocess.Popen[str]) -> None:
        """Keep reading a process's log so it never blocks on a full pipe."""
        import threading

        if process.stderr is not None:
            threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # type: ignore[union-attr]

    def add_worker(self, name: str, path: str | None = None, env: dict[str, str] | None = None,
                   nanny: bool = False, threads: int = 1) -> subprocess.Popen[str]:
        worker = dask("dask_worker", self.address, "--nthreads", str(threads), "--name", name, "--no-dashboard",
                      *(() if nanny else ("--no-nanny",)), env=env if env is not None else worker_environment(path),
                      cwd=self.folder)
        self._drain(worker)
        self.processes.append(worker)
        self.workers[name] = worker
        return worker

    def client(self):  # type: ignore[no-untyped-def]
        from distributed import Client

        return Client(self.address, timeout=60)

    def wait_for_workers(self, count: int) -> None:
        with self.client() as client:
            client.wait_for_workers(count, timeout=300)

    def close(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()  # a nanny ends its worker
                try:
                    process.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    process.kill()
            process.wait()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    running = LocalCluster(tmp_path)
    try:
        running.add_worker("w1")
        running.add_worker("w2")
        running.wait_for_workers(2)
        yield running
    finally:
        running.close()


def main_py(*args: str, cwd: Path = PROJECT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), *args, "--no-progress"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)


TOURNAMENT = ("tournament", "--bot", BOT, "--include", "random,heuristic,mc", "--rollouts", "10", "--seed", "7")


def test_a_tournament_and_a_simulation_on_the_cluster_match_the_local_runs_byte_for_byte(
        cluster: LocalCluster, tmp_path: Path) -> None:
    on_cluster = main_py(*TOURNAMENT, "--games", "48", "--out", str(tmp_path / "cluster"), "--cluster", cluster.address)
    here = main_py(*TOURNAMENT, "--games", "48", "--out", str(tmp_path / "here"))
    assert on_cluster.returncode == here.returncode == 0, on_cluster.stderr + here.stderr
    for name in ("standings.json", "standings.html", "results.jsonl"):
        assert (tmp_path / "cluster" / name).read_bytes() == (tmp_path / "here" / name).read_bytes(), name
    simulate = ("simulate", "--games", "600", "--seed", "3", "--players", f"heuristic,random,mc,bot:{BOT[5:]}",
                "--rollouts", "5", "--json")
    remote = main_py(*simulate, "--record", str(tmp_path / "remote.jsonl"), "--cluster", cluster.address)
    local = main_py(*simulate, "--record", str(tmp_path / "local.jsonl"), "--jobs", "2")
    assert remote.returncode == local.returncode == 0, remote.stderr + local.stderr
    assert (tmp_path / "remote.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert without_timings(remote.stdout) == without_timings(local.stdout)


def without_timings(summary: str) -> dict[str, object]:
    data = json.loads(summary)
    data.pop("seconds")
    data.pop("games_per_second")
    for player in data["players"]:
        player.pop("decision_ms_mean")
        player.pop("decision_ms_max")
    return data


def test_a_worker_killed_mid_shard_has_its_shard_played_elsewhere_and_nothing_counted_twice(
        cluster: LocalCluster, tmp_path: Path) -> None:
    args = ("tournament", "--bot", BOT, "--include", "random,heuristic,mc", "--rollouts", "40", "--seed", "9",
            "--games", "96")
    running = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), *args, "--no-progress", "--out",
                                str(tmp_path / "cluster"), "--cluster", cluster.address],
                               cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        with cluster.client() as client:
            deadline = time.monotonic() + 600  # only a hung run gets here
            while not w1_busy(client):  # waits for w1 to hold a shard
                assert running.poll() is None, running.communicate()
                assert time.monotonic() < deadline
                time.sleep(0.05)
            cluster.workers["w1"].send_signal(signal.SIGKILL)
        out, err = running.communicate(timeout=900)
    finally:
        if running.poll() is None:
            running.kill()
            running.communicate()
    assert running.returncode == 0, err
    here = main_py(*args, "--out", str(tmp_path / "here"))
    assert here.returncode == 0, here.stderr
    for name in ("standings.json", "results.jsonl"):
        assert (tmp_path / "cluster" / name).read_bytes() == (tmp_path / "here" / name).read_bytes(), name
    assert len((tmp_path / "cluster" / "results.jsonl").read_text().splitlines()) == 96


def w1_busy(client) -> bool:  # type: ignore[no-untyped-def]
    """Whether the worker named w1 is playing a shard now."""
    workers = client.scheduler_info()["workers"]
    return any(keys and workers.get(address, {}).get("name") == "w1" for address, keys in client.processing().items())


def test_a_tournament_begun_on_the_cluster_goes_on_here(cluster: LocalCluster, tmp_path: Path) -> None:
    begun = main_py(*TOURNAMENT, "--games", "24", "--out", str(tmp_path / "mixed"), "--cluster", cluster.address)
    ended = main_py(*TOURNAMENT, "--games", "48", "--out", str(tmp_path / "mixed"))
    whole = main_py(*TOURNAMENT, "--games", "48", "--out", str(tmp_path / "whole"))
    assert begun.returncode == ended.returncode == whole.returncode == 0, begun.stderr + ended.stderr
    assert "24 were already in" in ended.stdout
    assert (tmp_path / "mixed" / "standings.json").read_bytes() == (tmp_path / "whole" / "standings.json").read_bytes()


HELPER_DASK_MODULES = "sorted(name for name in __import__('sys').modules if name.split('.')[0] in ('distributed', 'tornado'))"
"""Evaluated in a process: the Dask modules it has imported."""


def test_a_workers_game_helper_does_not_import_dask(tmp_path: Path) -> None:
    """A spawned process runs its parent's main module again, and a worker's is the ``dask worker``
    program: a helper that did so would be three times the size, and fork each bot more slowly."""
    from cluster import run_in_helper

    running = LocalCluster(tmp_path)
    try:
        running.add_worker("w1")
        running.wait_for_workers(1)
        with running.client() as client:
            [worker_main] = client.run(eval, "__import__('sys').modules['__main__'].__spec__.name").values()
            in_helper = client.submit(run_in_helper, eval, HELPER_DASK_MODULES, pure=False).result(timeout=300)
    finally:
        running.close()
    assert worker_main == "distributed.cli.dask_worker"  # which imports Dask
    assert in_helper == []


def test_a_worker_without_a_bots_program_says_so_in_one_line(tmp_path: Path) -> None:
    """The bot's program is on this computer's PATH but not on the workers'."""
    tools = tmp_path / "tools"
    tools.mkdir()
    program = tools / "mybot"
    program.write_text(f"#!/bin/sh\nexec {sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}\n")
    program.chmod(0o755)
    running = LocalCluster(tmp_path)
    try:
        running.add_worker("w1", path=os.path.dirname(sys.executable) + os.pathsep + "/usr/bin:/bin")
        running.wait_for_workers(1)
        env = dict(os.environ, PATH=f"{tools}{os.pathsep}{os.environ['PATH']}")
        result = main_py("simulate", "--games", "20", "--players", "bot:mybot,random,random,random",
                         "--cluster", running.address, env=env)
    finally:
        running.close()
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert line == "simulate: could not start mybot on worker w1: its program is not there"


def test_an_unreachable_scheduler_is_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    result = main_py("simulate", "--games", "10", "--cluster", f"tcp://127.0.0.1:{port}")
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"simulate: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: ")
