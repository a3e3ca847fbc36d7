"""The one way a test waits for something: :func:`eventually`.

A test waits on the event it needs, never on the clock: the condition is
checked again and again, and the deadline is only there so that a hang fails
instead of running forever - a slow (loaded) machine never reaches it when
all is well.  Between two checks ``between()`` runs (an app's frame, say), or
a short sleep lets other threads and processes work.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def eventually(condition: Callable[[], T], *, seconds: float = 60.0, what: str = "",
               between: Callable[[], object] | None = None, pause: float = 0.01,
               ignoring: tuple[type[BaseException], ...] = (),
               alive: Callable[[], object] | None = None) -> T:
    """``condition()``'s first truthy value, checked until it comes.

    ``between``: run between checks (e.g. one frame of the app), else sleep ``pause`` seconds;
    ``ignoring``: exceptions that count as "not yet"; ``alive``: checked each time, an
    ``AssertionError`` if it fails (e.g. a process that must not have exited; it may raise
    with its own message).  After ``seconds`` an ``AssertionError`` names ``what`` (or the
    condition)."""
    deadline = time.monotonic() + seconds
    checks = 0
    while True:
        try:
            value = condition()
        except ignoring:
            value = None  # type: ignore[assignment]
        if value:
            return value
        if alive is not None:
            assert alive(), f"gave up waiting for {what or _name(condition)}: what it waited on is gone"
        checks += 1
        if time.monotonic() > deadline:
            raise AssertionError(f"{what or _name(condition)}: not so after {seconds:g} s ({checks} checks)")
        if between is not None:
            between()
        if pause:
            time.sleep(pause)


def _name(condition: Callable[..., object]) -> str:
    return getattr(condition, "__name__", "the condition")
