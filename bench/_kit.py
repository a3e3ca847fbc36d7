"""What every bench shares (not a bench itself): its small mode and its end on a failure.

``--smoke`` (:func:`add_smoke`) runs the bench's own code path at tiny sizes, in a few seconds, so
the test command (``tests/project/test_benches.py``) finds a bench that a change broke.  A bench's
``__main__`` calls :func:`run` with its ``main``: any failure - an exception in the main thread or
in any thread it started, a ``SystemExit`` with a message, a process of its own that ended with an
error (:func:`check_processes`) - prints what failed, kills every process the bench started
(phones, workers, the app, a cluster) and exits with code 1 at once, without waiting for threads or
processes that would keep it alive.  :data:`FAIL_AT` makes a bench fail at one of its
:func:`checkpoint` s, to test exactly that.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

import psutil

FAIL_AT = "BENCH_FAIL_AT"
"""An environment variable naming a :func:`checkpoint`: the bench fails there (a test's way to
check that a failing bench ends at once, whatever it has started by then)."""

SMOKE_HELP = "a few seconds of the same work at tiny sizes, to check the bench runs (figures meaningless)"


def add_smoke(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)


def checkpoint(name: str) -> None:
    """Fail here if :data:`FAIL_AT` names this place."""
    if os.environ.get(FAIL_AT) == name:
        raise RuntimeError(f"failing at {name!r}, as {FAIL_AT} asks")


def check_processes(processes: Iterable[Any]) -> None:
    """Raise if one of the bench's own processes (``multiprocessing`` or ``subprocess``) ended with an error."""
    for process in processes:
        code = process.exitcode if hasattr(process, "exitcode") else process.poll()
        if code not in (None, 0):
            raise RuntimeError(f"a process of the bench ended with code {code}")


def run(main: Callable[[], int | None]) -> NoReturn:
    """Run a bench's ``main`` and exit with its code; on any failure, end at once with code 1."""
    threading.excepthook = _thread_failed
    try:
        code = main()
    except SystemExit as stop:
        if stop.code in (None, 0):
            sys.exit(0)
        if not isinstance(stop.code, int):
            print(stop.code, file=sys.stderr)
        _end(stop.code if isinstance(stop.code, int) else 1)
    except BaseException:  # whatever it is (an interrupt too), the bench ends now
        traceback.print_exc()
        _end(1)
    if code:
        _end(code)
    sys.exit(0)


def _thread_failed(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit and getattr(args.exc_value, "code", None) in (None, 0):
        return
    name = args.thread.name if args.thread is not None else "a thread"
    print(f"the bench failed in {name}:", file=sys.stderr)
    traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback)
    _end(1)


def _end(code: int) -> NoReturn:
    """Kill the bench's processes and exit now: a server's thread or a worker must not keep it waiting."""
    children = psutil.Process().children(recursive=True)
    for child in children:
        try:
            child.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(children, timeout=5)  # (its own children reaped: no zombies left)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
