"""Shared test set-up: import the project from its folder; run pygame headless."""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The app appends every finished game to the user's records file: never the
# real one from tests.  One temporary folder for the run, removed at the end.
if "SIXTAKES_DATA_DIR" not in os.environ:
    _DATA_DIR = tempfile.mkdtemp(prefix="sixtakes-tests-")
    os.environ["SIXTAKES_DATA_DIR"] = _DATA_DIR
    atexit.register(shutil.rmtree, _DATA_DIR, ignore_errors=True)

PROJECT = Path(__file__).resolve().parent.parent
if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))


import pytest  # noqa: E402 - after the environment above is set


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every label rendered (through ``scenes.theme.text``) while the test runs."""
    from scenes import theme

    labels: list[str] = []
    real = theme.text

    def recording(label: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False):  # type: ignore[no-untyped-def]
        labels.append(label)
        return real(label, size, colour, bold)

    monkeypatch.setattr(theme, "text", recording)
    return labels
