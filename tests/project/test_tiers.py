"""The long tier holds what it says (tests/support/tiers.py): each of its patterns names tests
that exist (a renamed test would otherwise leave it silently and lengthen the README's command),
the README's command leaves them out, and CI runs them after it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import PROJECT
from tests.support.tiers import LONG_TESTS


def collected(*marks: str) -> list[str]:
    found = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                            *marks], capture_output=True, text=True, cwd=PROJECT, timeout=600)
    assert found.returncode == 0, found.stdout[-2000:] + found.stderr[-2000:]
    return [line for line in found.stdout.splitlines() if "::" in line]


@pytest.mark.slow  # collects the whole suite twice
def test_every_long_pattern_names_tests_the_readme_command_leaves_to_ci() -> None:
    readme_tier, every = set(collected()), collected("-m", "")
    for pattern, why in LONG_TESTS:
        named = [test for test in every if re.search(pattern, test)]
        assert named, f"no test is {pattern!r} ({why})"
        assert not readme_tier & set(named), f"the README's command runs {pattern!r}"
    assert len(readme_tier) < len(every)
    ci = (PROJECT / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == ".venv/bin/python -m pytest -q -m long", "CI runs the long tier last"
