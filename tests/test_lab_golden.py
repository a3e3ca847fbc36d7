"""The strategy lab plays exactly the games it always played: golden fingerprints.

Each case's fingerprint (the SHA-256 of its records file and of its ``--json``
summary without timings) was taken with the simulator as it was before the
fast lab, so a change that plays a single card differently, writes one byte
differently or counts one win differently fails here.  The ``mc`` cases use
fewer games (an ``mc`` game costs far more than a random one) to keep the
test under a minute.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

pytestmark = pytest.mark.slow  # long: left out of the fast tier (-m "not slow")

TIMING_FIELDS = {"seconds", "games_per_second", "decision_ms_mean", "decision_ms_max"}

GOLDEN = {
    "--games 10000 --seed 101": (
        "96fe27125909958eab6d8d79ad8dd81a9a547441c7c4e11333f7a69277d65f63",
        "9d4fd08b352788bdf757b12806faff25b683a28d61631f411854f58262a57183"),
    "--games 10000 --seed 102 --rules classic": (
        "4821ba1b2afe39df86fe6f89944ef64ae69660d1b87fbf2de30b37c0b19b7189",
        "c5c1db095e18649c51956e68a7b32766aab91554b9c4bf47e37c43185e963f7c"),
    "--games 10000 --seed 103 --rules classic --players " + ",".join(["random"] * 10): (
        "5f9c2ee60695e177deb3fb518b5884d9f76f2e69b3f7ef84fecb5975aa170159",
        "1be77635c4cd0098706a63adc8e1473cc8dfd980b0dc626785593647b3afc9c5"),
    "--games 10000 --seed 104 --players heuristic,random,heuristic,random": (
        "9c78f2074f75a1643ba4474019a8ce5681ada23b5d9d91034cc9862917a8176b",
        "e23196eace3f59c1378b8bce4c784b4a99df08bd88528cc8a3b5a87d9026c203"),
    "--games 10000 --seed 105 --rules classic --players heuristic,random,random": (
        "ddd713c12230991317a7f14f339ab3e46605b30a066fa2a48c920551bac97483",
        "c83c56a24aabee5e4aadad50d2e7c92bab923a160cdad47944168c81c1501e13"),
    "--games 2000 --seed 106 --players mc,heuristic,random,random --rollouts 2": (
        "506d318bd9b5018760eacd0fd4a2e419cef608c3bf7a3133de21714c88ada7f9",
        "617be8e088fab159ceea87825d5c1817cc29996a5148ce6d6545f69a16f3faeb"),
    "--games 300 --seed 107 --rules classic --players mc,random,heuristic --rollouts 2": (
        "ccb8a6b4cc76b83641d80babab5cb29cd03c6fa1ce046c2fcf75d8006ae93cbd",
        "c6140eff7dc2dc71e0c8aae4077d1de04f0e6e9b52afdb1b4d9d6c6832c7f2fb"),
    "--games 1000 --seed 108 --duplicate --players heuristic,random,random,random": (
        "4f6d4619d837f6e1fb9b529606dbfc5e38e105937754220136250a0849babb87",
        "6272c3bbc255b269cf8b51f59506d8aea7cd246ce7c2f629b9b12d78fb74233a"),
    "--games 200 --seed 109 --duplicate --rules classic --players mc,heuristic,random --rollouts 1": (
        "154c26a5b4d754b7d3d4fe370aa95968b9c4b448aa365644706d0286b96aa202",
        "cd5bc3adf1a2bad2282e5aadac2f8619da63c51a821a2ca7f4de70dfd0fc6925"),
}


def without_timings(value: object) -> object:
    if isinstance(value, dict):
        return {key: without_timings(item) for key, item in value.items() if key not in TIMING_FIELDS}
    if isinstance(value, list):
        return [without_timings(item) for item in value]
    return value


def fingerprint(args: list[str], record: Path) -> tuple[str, str]:
    """SHA-256 of the records file and of the summary (timings removed) of one run."""
    out = subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", "--json", "--no-progress",
                          "--record", str(record), *args],
                         cwd=PROJECT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    summary = json.dumps(without_timings(json.loads(out.stdout)), sort_keys=True)
    return hashlib.sha256(record.read_bytes()).hexdigest(), hashlib.sha256(summary.encode()).hexdigest()


@pytest.mark.parametrize("case", list(GOLDEN))
def test_same_games_byte_for_byte_as_before(case: str, tmp_path: Path) -> None:
    assert fingerprint(case.split(), tmp_path / "games.jsonl") == GOLDEN[case]


def test_same_games_with_two_workers(tmp_path: Path) -> None:
    """Workers change nothing either (the fast path of random players, and the general one)."""
    for case in ("--games 10000 --seed 101", "--games 300 --seed 107 --rules classic --players "
                 "mc,random,heuristic --rollouts 2"):
        assert fingerprint([*case.split(), "--jobs", "2"], tmp_path / f"{len(case)}.jsonl") == GOLDEN[case]
