"""Stopping from outside: SIGINT (Ctrl-C), SIGTERM (``kill``, ``timeout``, a shutdown) and SIGHUP
(the terminal closed, a logout) end every command the same way.

:func:`handled` (around every command of ``main.py``) makes each of them a ``KeyboardInterrupt`` where a
command is working, so its clean-up runs as on Ctrl-C; the app's window loop instead asks
:func:`requested` every frame (:func:`polite`) and stops between two frames, keeping an unfinished
game as the window's close does.  A second signal while stopping ends the process at once.
The exit code names the signal, as a shell does: 130, 143, 129 (:func:`exit_code`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType

_requested: int | None = None
_polite = False


def stop_signals() -> tuple[int, ...]:
    """The signals that stop a command on this platform."""
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    return tuple(int(getattr(signal, name)) for name in names if hasattr(signal, name))


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Handle the stop signals while this runs (from the main thread; elsewhere nothing changes),
    then put back the handlers there were."""
    global _requested
    _requested = None
    before: dict[int, object] = {}
    for signum in stop_signals():
        try:
            before[signum] = signal.signal(signum, _on_signal)
        except (ValueError, OSError):  # not the main thread, or a platform that refuses
            pass
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    global _requested
    if _requested is not None:  # asked twice: stop now
        os._exit(128 + signum)
    _requested = signum
    if not _polite:
        raise KeyboardInterrupt


def requested() -> int | None:
    """The signal that asked the program to stop, if one did."""
    return _requested


def exit_code(default: int = 130) -> int:
    """The exit code of a stopped command: 128 + the signal (``default`` if none was received,
    e.g. a ``KeyboardInterrupt`` raised by the terminal's own Ctrl-C handling)."""
    return 128 + _requested if _requested is not None else default


@contextlib.contextmanager
def polite() -> Iterator[None]:
    """While this runs, a stop signal only sets :func:`requested`: the loop checks it."""
    global _polite
    before, _polite = _polite, True
    try:
        yield
    finally:
        _polite = before


def interrupted_outside_a_command() -> int:
    """Ctrl-C while ``main.py`` loads its modules, or just before or after a command runs: the
    line a stopped command prints (never a traceback), and the exit code.  A second Ctrl-C
    meanwhile is ignored: the program is ending anyway."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        from game.i18n import _  # noqa: PLC0415 - it may be the module the Ctrl-C stopped loading

        line = _("main.py: interrupted")
    except Exception:  # noqa: BLE001 - the translations could not load: the line in English
        line = "main.py: interrupted"
    print(line, file=sys.stderr)
    return exit_code()
