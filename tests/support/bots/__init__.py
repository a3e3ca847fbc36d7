"""Test bots (each file runs as its own program) and helpers to start and watch them."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

BOTS = Path(__file__).resolve().parent
EXAMPLES = BOTS.parents[2] / "examples"


def command(script: str | Path, *args: str) -> str:
    """A command line running ``script`` (a test bot's name, or a path) with this Python."""
    path = Path(script) if Path(script).is_absolute() else BOTS / script
    words = [sys.executable, str(path), *args]
    if os.name == "posix":
        return shlex.join(words)
    return subprocess.list2cmdline(words)  # pragma: no cover - Windows


def process_gone(pid: int) -> bool:
    """Whether no live process has id ``pid`` (a zombie waiting to be reaped counts as gone)."""
    if os.name != "posix":  # pragma: no cover - os.kill(pid, 0) would terminate it on Windows
        raise RuntimeError("process_gone is for POSIX systems")
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        state = stat.read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in ("Z", "X")


def wait_until_gone(pid: int, seconds: float = 10.0) -> bool:
    """Poll :func:`process_gone` for up to ``seconds`` (an orphan is reaped by someone else)."""
    from tests.support.waiting import eventually

    try:
        return eventually(lambda: process_gone(pid), seconds=seconds, pause=0.05)
    except AssertionError:
        return False
