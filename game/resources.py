"""Where the app's own files are: the one function every module asks (``sprites/``, ``locale/``,
``web/``), so nothing depends on the folder the app was started from."""

from __future__ import annotations

import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
"""The folder that holds ``game/``, ``sprites/``, ``locale/`` and ``web/``."""


def resource(*parts: str) -> Path:
    """The app's file or folder at ``parts`` (e.g. ``resource("web")``): beside ``game/`` in a
    checkout, or in the folder a frozen build unpacked its files to."""
    base = Path(getattr(sys, "_MEIPASS", PROJECT))
    return base.joinpath(*parts)
