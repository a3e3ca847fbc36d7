"""Issue 49, item 8: the process ends promptly after its command, even on a busy laptop.  The
interpreter's own collections at its end walked every object the app had made (0.2-0.4 s on a quiet
machine, 3-4 s beside six busy loops, after the app had already stopped); main.py leaves them to the
system instead (``gc.freeze``), and the test counts objects, not seconds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

pytestmark = pytest.mark.slow  # a process

WATCH = """
import atexit, gc, runpy, sys
atexit.register(lambda: print("left to the system:", gc.get_freeze_count(), "collected at the end:", len(gc.get_objects())))
sys.argv = [sys.argv[1], *sys.argv[2:]]
import os; sys.path.insert(0, os.path.dirname(sys.argv[0]))
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def test_the_app_leaves_its_objects_to_the_system_when_its_command_is_done(tmp_path: Path) -> None:
    env = {**os.environ, "SIXTAKES_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-c", WATCH, str(PROJECT / "main.py"), "lessons"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip().splitlines()[-1]
    frozen, left = (int(word) for word in line.split() if word.isdigit())
    assert frozen > 1000 and left < frozen // 10, line
