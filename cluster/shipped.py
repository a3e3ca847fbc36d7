"""What a shard looks like to the cluster: one small function that travels by value with each
task, and the shard itself as bytes that only a worker opens.

A stock ``dask scheduler`` unpickles every task it is given, and it cannot import this project
(``dask`` is a program of its own: the folder it was started in is not on its path).  So nothing
a scheduler unpickles names the project: the function made here is a local function, which
Dask's pickling cannot find by name and so sends as code (with ``cloudpickle``, which every Dask
installation has); the shard's function and task are plain bytes to it.  On a worker, the
function opens the bytes - finding the project in the worker's working folder when it is not on
its path, so a worker started in the project's folder needs nothing more - runs the shard, and
returns its result as bytes too, with an error or a missing project as data rather than an
exception (which the scheduler would unpickle).
"""

from __future__ import annotations

import pickle
from typing import Any, Callable

DONE, FAILED, NO_PROJECT = "done", "failed", "no project"
"""How a shard ended, in the first place of :func:`shipped_runner`'s result."""


def pack(function: Callable[[Any], Any], task: Any) -> bytes:
    """The shard as the worker's function receives it."""
    return pickle.dumps((function, task))


def unpack(result: bytes) -> tuple[str, Any]:
    """``(how it ended, what it gave)`` from the bytes the worker's function returned."""
    status, value = pickle.loads(result)
    return str(status), value


def shipped_runner() -> Callable[[bytes], bytes]:
    """The function every shard runs on a worker: self-contained (everything it uses is imported
    inside it), since it is sent as code to machines that may not have this project on their path."""

    def run_shard(payload: bytes) -> bytes:
        import os  # noqa: PLC0415 - runs on a Dask worker, sent by value: it imports there what it needs
        import pickle  # noqa: PLC0415 - runs on a Dask worker, sent by value: it imports there what it needs
        import sys  # noqa: PLC0415 - runs on a Dask worker, sent by value: it imports there what it needs

        def worker_name() -> str:
            try:
                import distributed  # noqa: PLC0415 - runs on a Dask worker, sent by value: it imports there what it needs

                worker = distributed.get_worker()
                return str(worker.name if worker.name is not None else worker.address)
            except (ImportError, ValueError):
                return "?"

        try:
            try:
                function, task = pickle.loads(payload)
            except ModuleNotFoundError:
                here = os.getcwd()
                if here in sys.path or not os.path.isfile(os.path.join(here, "game", "__init__.py")):
                    raise
                sys.path.insert(0, here)  # a worker started in the project's folder
                function, task = pickle.loads(payload)
        except ModuleNotFoundError as missing:
            return pickle.dumps(("no project", (worker_name(), os.getcwd(), str(missing))))
        try:
            return pickle.dumps(("done", function(task)))
        except Exception as error:  # noqa: BLE001 - handed back as data
            try:
                return pickle.dumps(("failed", error))
            except Exception:  # noqa: BLE001 - an error that cannot be pickled: its words
                return pickle.dumps(("failed", RuntimeError(f"{type(error).__name__}: {error}")))

    return run_shard
