"""The batched engine's runs give the same games alone, with worker processes and on a cluster.

Each batched game is a function of its seed (the deal from the seed's generator, the random
players' choices from a stream keyed by it), so however a run is cut into chunks - one process,
``--jobs 2``, or a Dask cluster's workers with chunks of another size - its records and summary
are the same, byte for byte.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import needs
from tests.tournament.test_cluster import LocalCluster, main_py, without_timings

pytestmark = [needs("distributed"), pytest.mark.slow]

RUNS = [
    ("simulate", "--games", "9000", "--seed", "45", "--json"),
    ("simulate", "--games", "700", "--seed", "46", "--rules", "classic", "--duplicate", "--json",
     "--players", "heuristic,random,random,heuristic,random"),
]


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[LocalCluster]:
    """A scheduler and two workers on this machine (as ``tests/tournament/test_cluster.py`` makes them)."""
    running = LocalCluster(tmp_path)
    try:
        running.add_worker("w1")
        running.add_worker("w2")
        running.wait_for_workers(2)
        yield running
    finally:
        running.close()


@pytest.mark.parametrize("run", RUNS, ids=["random", "duplicate-heuristic"])
def test_batched_runs_are_the_same_alone_with_workers_and_on_a_cluster(
        run: tuple[str, ...], two_workers: LocalCluster, tmp_path: Path) -> None:
    cluster = two_workers
    found = {}
    for name, extra in (("alone", ()), ("jobs", ("--jobs", "2")), ("cluster", ("--cluster", cluster.address))):
        record = tmp_path / f"{name}.jsonl"
        result = main_py(*run, "--record", str(record), *extra)
        assert result.returncode == 0, result.stderr
        found[name] = (record.read_bytes(), without_timings(result.stdout))
    assert found["alone"][0] == found["jobs"][0] == found["cluster"][0]
    assert found["alone"][1] == found["jobs"][1] == found["cluster"][1]


def test_a_batched_classic_run_on_workers_with_two_threads_each_matches_the_local_run(tmp_path: Path) -> None:
    """The docs' workers (``--nthreads 2``, nannies on) play two batched chunks at once in one process."""
    cluster = LocalCluster(tmp_path)
    try:
        for name in ("w1", "w2"):
            cluster.add_worker(name, nanny=True, threads=2)
        cluster.wait_for_workers(2)
        run = ("simulate", "--games", "12000", "--seed", "7", "--rules", "classic", "--json")
        remote = main_py(*run, "--record", str(tmp_path / "remote.jsonl"), "--cluster", cluster.address)
    finally:
        cluster.close()
    local = main_py(*run, "--record", str(tmp_path / "local.jsonl"))
    assert remote.returncode == local.returncode == 0, remote.stderr + local.stderr
    assert (tmp_path / "remote.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert without_timings(remote.stdout) == without_timings(local.stdout)
