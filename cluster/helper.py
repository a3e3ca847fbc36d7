"""A worker's helper processes: where a shard's games start their bot programs.

A shard's games start bot programs by the hundred; a Dask worker is a large process whose
threads keep its event loop going, and starting programs from it costs a third more than from a
small process of its own.  So each worker thread hands its shard to a helper process (started
once, kept for the worker's life, one per worker thread at most) and waits for the result.

A helper is an ordinary child process (``python -c``), not a :mod:`multiprocessing` one: under
``dask worker``'s default nanny the worker itself is a daemonic multiprocessing process, which
:mod:`multiprocessing` forbids to have children.  It imports only this project (never Dask:
bots fork from a small process), talks over two pipes of its own (its standard output stays
free), ignores Ctrl-C (the worker's to handle), and ends with the worker: when the worker dies
(Linux) or closes the pipe.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

PROJECT = Path(__file__).resolve().parents[1]
"""The folder that holds ``game/``: on the helpers' path."""
_CODE = "import sys; from cluster.helper import serve; serve(int(sys.argv[1]), int(sys.argv[2]))"


class Helper:
    """One helper process and its two pipes."""

    def __init__(self) -> None:
        """Start the helper; ``OSError`` if it cannot be started."""
        requests_read, requests_write = os.pipe()
        answers_read, answers_write = os.pipe()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(PROJECT), os.environ.get("PYTHONPATH"))))}
        try:
            self.process = subprocess.Popen([sys.executable, "-c", _CODE, str(requests_read), str(answers_write)],
                                            pass_fds=(requests_read, answers_write), env=env,
                                            stdin=subprocess.DEVNULL, start_new_session=False)
        finally:
            os.close(requests_read)
            os.close(answers_write)
        self.requests = Connection(requests_write, readable=False)
        self.answers = Connection(answers_read, writable=False)

    def run(self, function: Callable[[Any], Any], task: Any) -> Any:
        """``function(task)`` in the helper: its result, or the exception it raised."""
        self.requests.send((function, task))
        try:
            status, value = self.answers.recv()
        except (EOFError, OSError):
            code = self.process.wait()
            raise RuntimeError(f"a worker's helper process ended unexpectedly (exit code {code})") from None
        if status == "failed":
            raise value
        return value

    def close(self) -> None:
        self.requests.close()
        self.answers.close()
        self.process.wait()


_free: queue.LifoQueue[Helper] = queue.LifoQueue()
_started = 0
_lock = threading.Lock()


def run_in_helper(function: Callable[[Any], Any], task: Any, most: int) -> Any:
    """``function(task)`` in a free helper of this worker, started if fewer than ``most`` run
    (then waiting for one).  A helper that died is not used again."""
    helper = _take(most)
    try:
        result = helper.run(function, task)
    except RuntimeError as error:
        if helper.process.poll() is not None:  # it died: the next shard gets a new one
            _forget(helper)
            raise error from None
        _free.put(helper)
        raise
    except BaseException:
        _free.put(helper)
        raise
    _free.put(helper)
    return result


def _take(most: int) -> Helper:
    global _started
    try:
        return _free.get_nowait()
    except queue.Empty:
        pass
    with _lock:
        start = _started < most
        if start:
            _started += 1
    if not start:
        return _free.get()
    try:
        return Helper()
    except BaseException:
        _forget(None)
        raise


def _forget(helper: Helper | None) -> None:
    global _started
    with _lock:
        _started -= 1
    if helper is not None:
        helper.close()


def serve(requests_fd: int, answers_fd: int) -> None:
    """A helper's life: run each ``(function, task)`` received and send back how it went, until the
    worker closes the pipe."""
    from bots.process import exit_on_sigterm  # noqa: PLC0415 - kept out of a worker's game helper, which imports this module (Dask only with --cluster)
    from bots.proctree import die_with_parent  # noqa: PLC0415 - as above

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_on_sigterm()
    die_with_parent(signal.SIGTERM)  # Linux: the worker killed outright ends us (and our bots) too
    requests = Connection(requests_fd, writable=False)
    answers = Connection(answers_fd, readable=False)
    while True:
        try:
            function, task = requests.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("done", function(task))
        except Exception as error:  # noqa: BLE001 - the worker raises it
            answer = ("failed", error)
        try:
            answers.send(answer)
        except Exception as error:  # noqa: BLE001 - a result or error that cannot be pickled: its words
            answers.send(("failed", RuntimeError(f"{type(error).__name__}: {error}")))
