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

import os
import queue
import shutil
import sys
import threading
import types
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ..i18n import _

CONNECT_SECONDS = 10.0
"""How long to try to reach the scheduler before saying it cannot be reached."""

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
    The message is one line for people."""


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
    from ..bots.command import split_command

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


_helpers: Any = None
_helpers_lock = threading.Lock()


def run_in_helper(function: Callable[[Any], Any], task: Any) -> Any:
    """On a worker: ``function(task)`` in a helper process of this worker (started once, one per
    worker thread, ended with the worker).  A shard's games start bot programs by the hundred; a
    Dask worker is a large process whose threads keep its event loop going, and starting programs
    from it costs a third more than from a small process of its own."""
    global _helpers
    with _helpers_lock:
        if _helpers is None:
            from multiprocessing import get_context

            from ..bots.proctree import ctrl_c_ignored

            with ctrl_c_ignored(), _main_module_hidden():
                _helpers = get_context("spawn").Pool(_worker_threads(), initializer=_helper_started)
    return _helpers.apply(function, (task,))


@contextmanager
def _main_module_hidden() -> Iterator[None]:
    """While helpers are spawned: they do not run the worker's main module again.  A spawned
    process imports its parent's ``__main__`` - here the ``dask worker`` program, which imports
    all of Dask: a helper of 60 MB instead of 20, and every bot it starts (a fork) costs more."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _helper_started() -> None:
    """In a helper: Ctrl-C is the worker's to handle; the worker's death ends the helper (and so
    its bots)."""
    import signal

    from ..bots.proctree import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(signal.SIGTERM)


def _worker_threads() -> int:
    try:
        import distributed

        worker: Any = distributed.get_worker()
        return max(1, int(worker.state.nthreads))
    except (ImportError, ValueError, AttributeError):
        return 1


def _worker_name() -> str:
    try:
        import distributed

        worker: Any = distributed.get_worker()
        return str(worker.name if worker.name is not None else worker.address)
    except (ImportError, ValueError):
        return "?"


class Cluster:
    """A connection to a Dask scheduler that runs shards and calls back when each is done."""

    def __init__(self, address: str) -> None:
        try:
            import distributed
        except ImportError as missing:
            raise ModuleNotFoundError("no module named 'distributed'", name="distributed") from missing
        self.address = address
        try:
            client: Any = distributed.Client
            self.client: Any = client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as problem:
            raise ClusterError(_("cannot reach the Dask scheduler at {address}: {problem}").format(
                address=address, problem=_one_line(problem))) from None

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
        another thread) when it ends."""
        future = self.client.submit(function, task, pure=False, retries=0)

        def finished(future: Any) -> None:
            try:
                done(future.result())
            except BaseException as error:  # noqa: BLE001 - handed to the waiting thread
                failed(error)

        future.add_done_callback(finished)

    def close(self) -> None:
        try:
            self.client.close(timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, RuntimeError):
            pass


def explain(error: BaseException, address: str) -> str:
    """One line for an error a shard ended with on the cluster."""
    if isinstance(error, (BotNotOnWorker, ClusterError)):
        return str(error)
    if isinstance(error, (OSError, TimeoutError)) or type(error).__name__ in ("CommClosedError", "CancelledError",
                                                                             "FutureCancelledError"):
        return _lost(address, error)
    if type(error).__name__ == "KilledWorker":
        return _("the Dask cluster at {address} lost a shard's workers too often: {problem}").format(
            address=address, problem=_one_line(error))
    return _("a shard failed on the Dask cluster at {address}: {problem}").format(
        address=address, problem=_one_line(error))


def _lost(address: str, problem: BaseException) -> str:
    return _("lost the Dask scheduler at {address}: {problem}").format(address=address, problem=_one_line(problem))


def _one_line(problem: BaseException) -> str:
    text = " ".join(str(problem).split()) or type(problem).__name__
    return text[:300]


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
    """The next finished shard on the cluster at ``address``; its error as a :class:`ClusterError`."""
    return next_finished(results, lambda error: ClusterError(explain(error, address)))
