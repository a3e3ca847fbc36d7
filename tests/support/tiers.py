"""Each test folder's conftest says its tier: ``slow`` for a folder whose every test is long
(whole games, browsers, servers), else the fast tier with single tests marked ``slow``.

``python -m pytest -q -m "not slow"`` runs the fast tier (under a minute on a quiet 2-core
machine); the README's test command runs both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

FAST = "fast"
SLOW = "slow"


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
