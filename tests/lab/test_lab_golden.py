"""The strategy lab plays exactly the games it always played: golden runs.

Each case's golden data (``tests/data/golden/lab.json``) is the SHA-256 of its whole records file,
its ``--json`` summary without timings, and its first two games as records.  It was taken with the
simulator before the fast lab, and taken again (``python -m tests.lab.test_lab_golden --write``)
when the batched engine (issue 45) gave the ``random`` players a counter-based stream of their own
per game (the deals are the same) and the ``mc`` player its batched search: other games, as valid,
for the same seeds.  A change that plays a single card differently,
writes one byte differently or counts one win differently fails here, and the failure names the
first field that differs - in the summary, in one of the first games, or else the first line of
the records file that is not as before.  The ``mc`` cases use fewer games (an ``mc`` game costs
far more than a random one).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PROJECT

pytestmark = pytest.mark.slow  # long: left out of the fast tier (-m "not slow")

TIMING_FIELDS = {"seconds", "games_per_second", "decision_ms_mean", "decision_ms_max"}
GOLDEN: dict[str, dict[str, Any]] = json.loads((PROJECT / "tests" / "data" / "golden" / "lab.json").read_text())


def without_timings(value: object) -> object:
    if isinstance(value, dict):
        return {key: without_timings(item) for key, item in value.items() if key not in TIMING_FIELDS}
    if isinstance(value, list):
        return [without_timings(item) for item in value]
    return value


def first_difference(expected: Any, found: Any, path: str = "") -> str | None:
    """Where ``found`` first differs from ``expected`` (e.g. ``.players[2].wins: 41, expected 40``)."""
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in sorted(set(expected) | set(found)):
            if key not in expected or key not in found:
                return f"{path}.{key}: {'missing' if key not in found else 'not expected'}"
            where = first_difference(expected[key], found[key], f"{path}.{key}")
            if where:
                return where
        return None
    if isinstance(expected, list) and isinstance(found, list):
        for index, (a, b) in enumerate(zip(expected, found)):
            where = first_difference(a, b, f"{path}[{index}]")
            if where:
                return where
        return None if len(expected) == len(found) else f"{path}: {len(found)} items, {len(expected)} expected"
    return None if expected == found else f"{path}: {found!r}, expected {expected!r}"


def check_run(case: str, args: list[str], record: Path) -> None:
    """Run ``simulate`` with ``args``; fail naming the first thing that differs from ``case``'s golden run."""
    out = subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", "--json", "--no-progress",
                          "--record", str(record), *args],
                         cwd=PROJECT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    golden = GOLDEN[case]
    where = first_difference(golden["summary"], without_timings(json.loads(out.stdout)), "summary")
    assert where is None, f"the summary differs first at {where}"
    lines = record.read_text().splitlines()
    for index, expected in enumerate(golden["first_games"]):
        where = first_difference(expected, json.loads(lines[index]), f"game {index + 1}")
        assert where is None, f"the records differ first at {where}"
    assert len(lines) == golden["games"], f"{len(lines)} games written, {golden['games']} expected"
    assert hashlib.sha256(record.read_bytes()).hexdigest() == golden["records_sha256"], \
        "a game after the first two is written differently"


@pytest.mark.parametrize("case", list(GOLDEN))
def test_same_games_byte_for_byte_as_before(case: str, tmp_path: Path) -> None:
    check_run(case, case.split(), tmp_path / "games.jsonl")


def test_same_games_with_two_workers(tmp_path: Path) -> None:
    """Workers change nothing either (the batched engine's runs, and the general path's)."""
    for case in ("--games 10000 --seed 101", "--games 300 --seed 107 --rules classic --players "
                 "mc,random,heuristic --rollouts 2"):
        check_run(case, [*case.split(), "--jobs", "2"], tmp_path / f"{len(case)}.jsonl")


def write_golden(path: Path = PROJECT / "tests" / "data" / "golden" / "lab.json") -> None:
    """Take every case's golden data again from the simulator as it is now (on purpose only)."""
    import tempfile

    found: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for case in GOLDEN:
            record = Path(folder) / "games.jsonl"
            out = subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", "--json", "--no-progress",
                                  "--record", str(record), "--overwrite", *case.split()],
                                 cwd=PROJECT, capture_output=True, text=True, check=True)
            lines = record.read_text().splitlines()
            found[case] = {"records_sha256": hashlib.sha256(record.read_bytes()).hexdigest(), "games": len(lines),
                           "summary": without_timings(json.loads(out.stdout)),
                           "first_games": [json.loads(line) for line in lines[:2]]}
    cases = []
    for case, data in found.items():
        games = ",\n   ".join(json.dumps(game, sort_keys=True, separators=(",", ":")) for game in data["first_games"])
        cases.append(f'{json.dumps(case)}: {{\n  "records_sha256": {json.dumps(data["records_sha256"])},\n'
                     f'  "games": {data["games"]},\n  "summary": {json.dumps(data["summary"], sort_keys=True)},\n'
                     f'  "first_games": [\n   {games}\n  ]\n }}')
    path.write_text("{\n" + ",\n".join(cases) + "\n}\n")


def test_a_difference_is_named_by_its_first_field() -> None:
    expected = {"players": [{"wins": 40, "kind": "mc"}], "games": 10}
    assert first_difference(expected, {"players": [{"wins": 41, "kind": "mc"}], "games": 10}) == \
        ".players[0].wins: 41, expected 40"
    assert first_difference(expected, {"players": [], "games": 10}) == ".players: 0 items, 1 expected"
    assert first_difference(expected, expected) is None


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.lab.test_lab_golden --write  (takes the golden runs again)")
    write_golden()
