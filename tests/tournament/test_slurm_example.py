"""``examples/slurm_cluster.py`` with dask-jobqueue's defaults: no SLURM here to submit its jobs,
so the job script it writes is run on this machine, as a SLURM node would run it (its workers
under their nannies, started in the project's folder), and a tournament played on them matches
the same tournament played here, byte for byte."""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT, needs

pytestmark = [needs("distributed"), needs("choix"), needs("psutil"), needs("dask_jobqueue"), pytest.mark.slow,
              pytest.mark.skipif(os.name != "posix", reason="a SLURM job script is a POSIX shell's")]

BOT = f"mine={sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}"
TOURNAMENT = ("tournament", "--bot", BOT, "--include", "random,heuristic,mc", "--rollouts", "10", "--seed", "11",
              "--games", "40", "--no-progress")


def example_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("slurm_cluster", PROJECT / "examples" / "slurm_cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_slurm_examples_job_script_starts_workers_that_play_the_tournament(tmp_path: Path) -> None:
    from dask_jobqueue import SLURMCluster

    args = argparse.Namespace(cores=2, memory="2GB", walltime="00:30:00", queue=None, account=None)
    cluster = example_module().slurm_cluster(SLURMCluster, args)
    job = None
    try:
        script = cluster.job_script()
        assert "--nanny" in script and "PYTHONPATH" not in script and "--no-nanny" not in script
        (tmp_path / "job.sh").write_text(script)
        job = subprocess.Popen(["bash", str(tmp_path / "job.sh")], cwd=tmp_path, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={name: value for name, value in os.environ.items() if name != "PYTHONPATH"})
        on_slurm = subprocess.run([sys.executable, str(PROJECT / "main.py"), *TOURNAMENT, "--out",
                                   str(tmp_path / "slurm"), "--cluster", cluster.scheduler_address],
                                  cwd=PROJECT, capture_output=True, text=True, timeout=1800)
    finally:
        if job is not None:
            os.killpg(job.pid, signal.SIGTERM)
            job.wait(timeout=120)
        cluster.close()
    assert on_slurm.returncode == 0, on_slurm.stderr
    here = subprocess.run([sys.executable, str(PROJECT / "main.py"), *TOURNAMENT, "--out", str(tmp_path / "here")],
                          cwd=PROJECT, capture_output=True, text=True, timeout=1800)
    assert here.returncode == 0, here.stderr
    for name in ("standings.json", "results.jsonl"):
        assert (tmp_path / "slurm" / name).read_bytes() == (tmp_path / "here" / name).read_bytes(), name
