"""Every bench runs in the test command: each script in ``bench/`` has a small mode (``--smoke``:
its own code path at tiny sizes) that exits 0, and a bench that fails ends at once with a
non-zero code - whatever it started (a server's thread, phones' processes, the app, a cluster)
is killed, not waited for - so a change that breaks a bench fails the change instead of hanging.

The check that each bench has a small mode reads the sources (fast); running them starts
processes, servers and workers (slow tier)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT

BENCH = PROJECT / "bench"
HANG_S = 600
"""Only a hang guard: a run this long has hung (a small mode takes seconds)."""
def benches() -> list[Path]:
    """Every bench: each script in ``bench/`` (``_kit.py`` is what they share; a module only other
    benches import has no ``__main__``)."""
    return sorted(path for path in BENCH.glob("*.py")
                  if not path.name.startswith("_") and 'if __name__ == "__main__"' in path.read_text())


def each_bench() -> list[object]:
    return [pytest.param(path, id=path.stem) for path in benches()]


def run_bench(path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(path), *args], cwd=PROJECT, capture_output=True, text=True,
                          timeout=HANG_S, env={**os.environ, **env})


def test_the_benches_are_found() -> None:
    names = {path.name for path in benches()}
    assert {"class_reviews.py", "engine.py", "draw.py"} <= names and "_kit.py" not in names


@pytest.mark.parametrize("bench", each_bench())
def test_every_bench_has_a_small_mode(bench: Path) -> None:
    assert "--smoke" in bench.read_text() or "add_smoke(" in bench.read_text(), \
        f"{bench.name} has no --smoke: give it a small mode (bench/_kit.py's add_smoke and run)"


@pytest.mark.parametrize("bench", each_bench())
def test_every_bench_ends_at_once_on_a_failure(bench: Path) -> None:
    """Each bench hands its ``main`` to ``bench/_kit.py``'s ``run`` (the load bench once printed its
    traceback and then waited on its phones and its server's thread until killed)."""
    source = bench.read_text()
    main_block = source[source.index('if __name__ == "__main__":'):]
    assert "run(main)" in main_block and "sys.exit(main())" not in main_block, bench.name


@pytest.mark.slow
@pytest.mark.parametrize("bench", each_bench())
def test_every_bench_small_mode_passes(bench: Path) -> None:
    result = run_bench(bench, "--smoke")
    assert result.returncode == 0, f"{bench.name} --smoke exited {result.returncode}:\n{result.stderr[-3000:]}"


@pytest.mark.slow
def test_a_bench_failing_with_its_server_and_phones_running_ends_at_once() -> None:
    """The reviews bench once crashed after its phones had joined and then hung on the server's
    thread and the phones' processes: a failure there now ends the run with code 1."""
    for bench in ("class_reviews.py", "class_load.py"):
        result = run_bench(BENCH / bench, "--smoke", BENCH_FAIL_AT="phones joined")
        assert result.returncode == 1, result.stderr[-3000:]
        assert "failing at 'phones joined'" in result.stderr


@pytest.mark.slow
def test_a_failure_in_a_bench_thread_ends_it_and_its_processes(tmp_path: Path) -> None:
    """A thread's exception ends the bench while its main thread still waits, and the process it
    started is killed with it."""
    import psutil

    script = tmp_path / "failing_bench.py"
    script.write_text(
        "import subprocess, sys, threading\n"
        f"sys.path.insert(0, {str(BENCH)!r})\n"
        "from _kit import run\n\n"
        "def main():\n"
        "    child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        "    print(child.pid, flush=True)\n"
        "    threading.Thread(target=lambda: 1 / 0).start()\n"
        "    threading.Event().wait()  # what a bench waiting on its phones does\n\n"
        "run(main)\n")
    result = run_bench(script)
    assert result.returncode == 1 and "ZeroDivisionError" in result.stderr, result.stderr
    assert not psutil.pid_exists(int(result.stdout.split()[0]))


@pytest.mark.slow
def test_a_bench_given_a_wrong_argument_says_so_and_fails() -> None:
    result = run_bench(BENCH / "review_quality.py", "--games", "many")
    assert result.returncode != 0 and "--games" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_the_paired_bench_at_fixed_rollouts_plays_the_same_games_twice() -> None:
    """``bench/ai.py --only paired --rollouts N`` hands the fixed budget to both checkouts' workers:
    this checkout against itself then plays every deal identically (at a think time the two
    games of a deal drift apart with the machine's timing)."""
    result = run_bench(BENCH / "ai.py", "--only", "paired", "--baseline", str(PROJECT), "--rollouts", "40",
                       "--games", "3", "--seed", "5")
    assert result.returncode == 0, result.stderr[-3000:]
    assert "paired mc vs 3 random at 40 rollouts: 3 deals, seed 5" in result.stdout
    this, baseline = (line.split("per round")[1] for line in result.stdout.splitlines()
                      if line.split()[1:3] == ["per", "round"])
    assert this == baseline
    assert "this - baseline: +0.00 per round (95% interval +0.00 to +0.00" in result.stdout
