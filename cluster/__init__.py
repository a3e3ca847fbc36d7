"""Independent shards of work on a Dask distributed cluster (``--cluster tcp://host:8786``).

``simulate``'s chunks and a tournament's deals are independent: each is a pure function of its
task (the seed of every game is in the task), so they can run anywhere.  This module hands them
to a Dask scheduler and gives the results back as the local worker pools do - so the caller
merges them in the same order, and the same seed gives the same results with or without the
cluster, whatever the number of workers.

Dask reruns the shard of a worker that dies on another worker; a shard's result is taken once,
so no game is counted twice.  Each shard first checks, on its worker, that every bot program it
seats can be found there: a worker without a bot's program (or its interpreter) fails the run
with "could not start ... on worker W" rather than disqualifying the bot game after game.

``dask[distributed]`` is optional: only ``--cluster`` imports it.
"""

from __future__ import annotations

import logging
import os
import sys
import queue
import shutil
from pathlib import Path
from typing import Any, Callable, Sequence

from game.i18n import _
from .address import CONNECT_SECONDS, AddressError, check_address, find_scheduler, one_line
from .shipped import DONE, FAILED, pack, shipped_runner, unpack

BAD_ADDRESS = 2
"""Exit code of a ``--cluster`` address where no scheduler that can run the project answers."""
LOST = 1
"""Exit code of a run the cluster failed after it began."""

WORKER_SETTINGS = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "5s",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "1s",
    "DASK_DISTRIBUTED__WORKER__MEMORY__MONITOR_INTERVAL": "1s",
}
"""Environment for a league's scheduler and workers where they share cores with the games (docs/lab.md's
"A league on a cluster", ``examples/slurm_cluster.py``, ``bench/cluster.py --quiet-workers``):
Dask's statistical profiler off (it samples every thread each 10 ms), and its system monitor,
event-loop watch and memory watch woken every second or more instead of each 20-500 ms.  Idle, a
scheduler and two workers then take 1% of a core (5.6% with only the first two settings)."""


class ClusterError(Exception):
    """The cluster cannot run the work: unreachable, lost, or a worker lacks a bot's program.
    The message is one line for people; ``exit_code`` is :data:`BAD_ADDRESS` or :data:`LOST`."""

    def __init__(self, message: str, exit_code: int = LOST) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class WorkerLacksProject(Exception):
    """A worker could not import this project to open a shard (``worker``, its folder, the error)."""

    def __init__(self, worker: str, folder: str, problem: str) -> None:
        super().__init__(worker, folder, problem)
        self.worker, self.folder, self.problem = worker, folder, problem

    def __str__(self) -> str:
        return _("worker {worker} cannot import this project ({problem}): start each worker in a copy of the "
                 "project's folder (it was started in {folder}), or with that folder on PYTHONPATH").format(
            worker=self.worker, problem=self.problem, folder=self.folder)


class BotNotOnWorker(Exception):
    """Raised on a worker whose machine lacks a bot's program or folder (picklable: plain arguments)."""

    def __init__(self, command: str, worker: str, folder: str = "") -> None:
        super().__init__(command, worker, folder)
        self.command = command
        self.worker = worker
        self.folder = folder

    def __str__(self) -> str:
        if self.folder:
            return _("could not start {command} on worker {worker}: it has no folder {folder}").format(
                command=self.command, worker=self.worker, folder=self.folder)
        return _("could not start {command} on worker {worker}: its program is not there").format(
            command=self.command, worker=self.worker)


def missing_program(command: str, folder: str | None = None) -> bool:
    """Whether the program a bot's command starts (a relative path: from ``folder``) cannot be
    found on this machine."""
    from bots.command import split_command  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)

    try:
        words = split_command(command)
    except ValueError:
        return False  # a command that cannot be split is the referee's to report
    if not words:
        return False
    program = words[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        return not Path(folder or ".", program).exists()
    return shutil.which(program) is None


def check_bots_here(commands: Sequence[str], folder: str | None) -> None:
    """On a worker: :class:`BotNotOnWorker` for the first bot whose program, or the folder the
    bots start in, is not there."""
    for command in commands:
        if folder is not None and not Path(folder).is_dir():
            raise BotNotOnWorker(command, _worker_name(), folder)
        if missing_program(command, folder):
            raise BotNotOnWorker(command, _worker_name())


def run_in_helper(function: Callable[[Any], Any], task: Any) -> Any:
    """On a worker: ``function(task)`` in a helper process of this worker (:mod:`.helper`: started
    once, one per worker thread at most, ended with the worker); in the worker itself where
    helpers are not made (not POSIX)."""
    if os.name != "posix":  # pragma: no cover - the helpers' pipes are POSIX's
        return function(task)
    from .helper import run_in_helper as in_helper  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)

    return in_helper(function, task, _worker_threads())


def _worker_threads() -> int:
    try:
        import distributed  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)

        worker: Any = distributed.get_worker()
        return max(1, int(worker.state.nthreads))
    except (ImportError, ValueError, AttributeError):
        return 1


def _worker_name() -> str:
    try:
        import distributed  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)

        worker: Any = distributed.get_worker()
        return str(worker.name if worker.name is not None else worker.address)
    except (ImportError, ValueError):
        return "?"


class Cluster:
    """A connection to a Dask scheduler that runs shards and calls back when each is done."""

    def __init__(self, address: str) -> None:
        """Connect to the scheduler at ``address``; :class:`ClusterError` (one line, exit code 2)
        if it is no scheduler's address or none answers there (:mod:`.address`)."""
        try:
            import distributed  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)
        except ImportError as missing:
            raise ModuleNotFoundError("no module named 'distributed'", name="distributed") from missing
        _quiet_client()
        try:
            self.address = check_address(address)
            find_scheduler(self.address)
            client: Any = distributed.Client
            self.client: Any = client(self.address, timeout=CONNECT_SECONDS, set_as_default=False)
        except AddressError as problem:
            raise ClusterError(str(problem), exit_code=BAD_ADDRESS) from None
        except (OSError, TimeoutError, ValueError) as problem:
            raise ClusterError(_("cannot reach the Dask scheduler at {address}: {problem}").format(
                address=address, problem=one_line(problem)), exit_code=BAD_ADDRESS) from None
        self._run_shard = shipped_runner()

    def threads(self) -> int:
        """Worker threads in the cluster now (at least 1): the shards run at once."""
        try:
            counts = self.client.nthreads()
        except (OSError, TimeoutError) as problem:
            raise ClusterError(_lost(self.address, problem)) from None
        return max(1, int(sum(counts.values())))

    def submit(self, function: Callable[[Any], Any], task: Any, done: Callable[[Any], None],
               failed: Callable[[BaseException], None]) -> None:
        """Run ``function(task)`` on the cluster; ``done(result)`` or ``failed(error)`` (called from
        another thread) when it ends.  What the scheduler sees is :mod:`.shipped`'s function and bytes."""
        future = self.client.submit(self._run_shard, pack(function, task), pure=False, retries=0)

        def finished(future: Any) -> None:
            try:
                status, value = unpack(future.result())
            except BaseException as error:  # noqa: BLE001 - handed to the waiting thread
                failed(error)
                return
            if status == DONE:
                done(value)
            else:
                failed(value if status == FAILED else WorkerLacksProject(*value))

        future.add_done_callback(finished)

    def close(self) -> None:
        try:
            self.client.close(timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, RuntimeError):
            pass


def _quiet_client() -> None:
    """Dask's client logs its troubles on several lines each: here they are the one line of a
    :class:`ClusterError`, so its log keeps to critical messages; and an error while a failed
    client is collected (at interpreter exit) is not printed."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    previous = sys.unraisablehook

    def unraisable(report: Any) -> None:
        if not str(getattr(report.object, "__module__", "") or "").startswith("distributed"):
            previous(report)

    if previous.__name__ != unraisable.__name__:
        sys.unraisablehook = unraisable


def explain(error: BaseException, address: str) -> str:
    """One line for an error a shard ended with on the cluster."""
    if isinstance(error, (BotNotOnWorker, ClusterError, WorkerLacksProject)):
        return str(error)
    if isinstance(error, (OSError, TimeoutError)) or type(error).__name__ in ("CommClosedError", "CancelledError",
                                                                             "FutureCancelledError"):
        return _lost(address, error)
    if type(error).__name__ == "KilledWorker":
        return _("the Dask cluster at {address} lost a shard's workers too often: {problem}").format(
            address=address, problem=one_line(error))
    return _("a shard failed on the Dask cluster at {address}: {problem}").format(
        address=address, problem=one_line(error))


def _lost(address: str, problem: BaseException) -> str:
    return _("lost the Dask scheduler at {address}: {problem}").format(address=address, problem=one_line(problem))


def next_finished(results: queue.Queue[Any], fail: Callable[[BaseException], BaseException]) -> Any:
    """The next finished shard's ``(key, result)`` from ``results``; a shard's error is raised as
    ``fail(error)``; a Ctrl-C while waiting stays a KeyboardInterrupt (the wait is in short steps)."""
    while True:
        try:
            key, found = results.get(timeout=0.25)
        except queue.Empty:
            continue
        if isinstance(found, BaseException):
            raise fail(found) from None
        return key, found


def next_result(results: queue.Queue[Any], address: str) -> Any:
    """The next finished shard on the cluster at ``address``; its error as a :class:`ClusterError`
    (exit code 2 for workers that cannot import the project: the address is no use)."""
    return next_finished(results, lambda error: ClusterError(
        explain(error, address), BAD_ADDRESS if isinstance(error, WorkerLacksProject) else LOST))
