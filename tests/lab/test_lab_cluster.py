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
