"""A Dask cluster on a SLURM cluster's nodes, for ``tournament --cluster`` and ``simulate --cluster``.

Run it on the cluster's login node, in this project's folder (``pip install dask-jobqueue`` first):

    python examples/slurm_cluster.py --jobs 50 --cores 4 --memory 8GB --walltime 04:00:00 [--queue Q] [--account A]

It submits ``--jobs`` SLURM jobs, each Dask workers for ``--cores`` cores started in this folder
(so the workers import the project, and find the bots at the paths the tournament names) with
dask-jobqueue's defaults (a nanny, its choice of worker processes), prints the scheduler's
address, and keeps the cluster up until Ctrl-C.  In another terminal:

    python main.py tournament --bot ada="python3 bots/ada.py" ... --out league --cluster ADDRESS

Its tests cannot submit jobs (no SLURM there): they run the job script it writes on the machine
itself, and play a tournament on the worker it starts.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from cluster import WORKER_SETTINGS  # noqa: E402 - the project is on the path now


def slurm_cluster(make: Any, args: argparse.Namespace) -> Any:
    """The SLURM cluster, with dask-jobqueue's defaults (a nanny per worker, the worker processes it
    chooses for the cores): each job starts its workers in this folder, where they find the project,
    with the quiet settings of a league."""
    return make(cores=args.cores, memory=args.memory, walltime=args.walltime, queue=args.queue,
                account=args.account, job_script_prologue=[
                    f"cd {shlex.quote(str(PROJECT))}",
                    *[f"export {name}={value}" for name, value in WORKER_SETTINGS.items()]])


def main() -> int:
    parser = argparse.ArgumentParser(description="A Dask cluster on SLURM for --cluster")
    parser.add_argument("--jobs", type=int, default=10, help="SLURM jobs, one Dask worker each (default 10)")
    parser.add_argument("--cores", type=int, default=4, help="threads per worker: games at once (default 4)")
    parser.add_argument("--memory", default="8GB", help="memory per job (default 8GB)")
    parser.add_argument("--walltime", default="04:00:00", help="time per job (default 04:00:00)")
    parser.add_argument("--queue", help="the SLURM partition (#SBATCH -p)")
    parser.add_argument("--account", help="the SLURM account (#SBATCH -A)")
    args = parser.parse_args()
    try:
        from dask_jobqueue import SLURMCluster  # noqa: PLC0415 - dask-jobqueue is optional: without it the script says so in one line
    except ImportError:
        parser.exit(1, "slurm_cluster.py: error: needs dask-jobqueue (pip install dask-jobqueue)\n")
    cluster = slurm_cluster(SLURMCluster, args)
    cluster.scale(jobs=args.jobs)
    print(f"scheduler: {cluster.scheduler_address}   (--cluster {cluster.scheduler_address}; Ctrl-C stops it)",
          flush=True)
    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
