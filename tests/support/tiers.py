"""The test tiers.

- **fast** (``python -m pytest -q -m "not slow"``): under a minute on a quiet 2-core machine,
  to run while working.
- **slow**: whole games, browsers, servers, subprocesses.  Each test folder's conftest says its
  tier: ``slow`` for a folder whose every test is slow, else the fast tier with single tests
  marked ``slow``.
- **long** (``python -m pytest -q -m long``): the runs of minutes listed in :data:`LONG_TESTS`
  (each also slow).  The README's test command (``python -m pytest -q``) runs the fast and slow
  tiers, everything but these (``addopts`` in pyproject.toml); CI runs it and then this tier.
  ``python -m pytest -q -m ""`` runs every tier."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import re

import pytest

FAST = "fast"
SLOW = "slow"

LONG_TESTS: tuple[tuple[str, str], ...] = (
    (r"^tests/game/test_batch\.py::test_a_hundred_thousand", "the 100,000-game differential"),
    (r"^tests/cli/test_build\.py::test_the_build_", "the one-folder build (PyInstaller)"),
    (r"^tests/tournament/test_cluster", "a Dask cluster of processes"),
    (r"^tests/tournament/test_slurm_example\.py::", "a Dask cluster of processes"),
    (r"^tests/lab/test_lab_cluster\.py::", "a Dask cluster of processes"),
    (r"^tests/project/test_benches\.py::test_every_bench_small_mode_passes\[cluster\]", "a Dask cluster of processes"),
    (r"^tests/lab/test_lab_golden\.py::", "thousands of games, byte for byte"),
    (r"^tests/app/test_language_layout\.py::test_every_label_fits_its_box_in_every_language\[",
     "the whole screen tour, every label of every screen, in every language at both sizes"),
    (r"^tests/app/test_projector_text\.py::test_every_label_of_every_screen",
     "the whole screen tour, every label of every screen, in every language at both sizes"),
    (r"^tests/web/.*\[(de|fr|es|tr)\]$", "a real browser in a second language"),
    (r"^tests/web/test_class_predict_browser\.py::", "a whole game of predictions on real phones, every page audited"),
    (r"^tests/web/test_phone_offline_tap\.py::test_a_card_tapped_while_down_is_said_not_sent",
     "a phone offline past the table's 20 s wait"),
    (r"^tests/classgame/test_class_tables\.py::test_a_whole_lesson_under_classic", "a classic lesson to 66 points at three tables"),
    (r"^tests/project/test_tiers\.py::", "the whole suite collected twice (it checks this list)"),
    (r"^tests/store/test_lesson_kills\.py::test_a_forget_killed_at_any_statement", "a kill at every statement"),
    (r"^tests/classgame/test_class_weak_network\.py::", "a lesson through a lossy network"),
    (r"^tests/classgame/test_class_fair_room\.py::test_a_flood_from_one_address", "a flood of connections"),
    (r"^tests/lab/test_simulate_bots\.py::test_a_bot_that_sleeps", "bots waited for to their backstops"),
    (r"^tests/bots/test_bot_waiting\.py::test_a_sleeping_bot", "bots waited for to their backstops"),
    (r"^tests/bots/test_arena_bench\.py::test_benching_does_not_depend", "an arena run with many workers"),
)
"""The long tier: a test whose node id matches a pattern, and why it is long."""


def folder_tier(conftest_file: str, tier: str) -> Callable[[list[pytest.Item]], None]:
    """A ``pytest_collection_modifyitems`` hook for the folder of ``conftest_file``: with
    :data:`SLOW`, every test collected in that folder is marked slow."""
    folder = Path(conftest_file).resolve().parent

    def mark(items: list[pytest.Item]) -> None:
        if tier != SLOW:
            return
        for item in items:
            if folder in Path(str(item.path)).resolve().parents:
                item.add_marker(pytest.mark.slow)

    return mark


def mark_long(items: list[pytest.Item]) -> None:
    """Every test of :data:`LONG_TESTS` marked ``long`` (and ``slow``)."""
    patterns = [re.compile(pattern) for pattern, _why in LONG_TESTS]
    for item in items:
        if any(pattern.search(item.nodeid) for pattern in patterns):
            item.add_marker(pytest.mark.long)
            item.add_marker(pytest.mark.slow)
