"""The progress bar of long runs (``simulate``, ``tournament``), on stderr so ``--json`` stays clean."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from game.i18n import ngettext

PROGRESS_AFTER_S = 2.0
"""A progress bar appears once a run has lasted this long (short runs stay quiet)."""


class Progress:
    """A progress bar on stderr that appears only once a run has lasted a while.

    On a terminal it redraws one line; otherwise (a log file) it writes a line
    every tenth of the run.  Never on stdout, so ``--json`` stays clean.
    """

    def __init__(self, total: int, stream: TextIO | None = None, after_s: float = PROGRESS_AFTER_S,
                 done_before: int = 0) -> None:
        self.total = total
        self.done_before = done_before
        """Games already done when this run started (a resumed tournament): not counted in the pace."""
        self.stream = stream if stream is not None else sys.stderr
        self.after_s = after_s
        self.start = time.perf_counter()
        self.shown = False
        self._last_draw = 0.0
        self._last_tenth = -1
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def update(self, done: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        if elapsed < self.after_s or self.total == 0:
            return
        fraction = done / self.total
        pace = (done - self.done_before) / elapsed
        eta = (self.total - done) / pace if pace > 0 else 0.0
        if self._tty:
            if now - self._last_draw < 0.1 and done < self.total:
                return
            width = 30
            filled = int(width * fraction)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self._line(done, elapsed, eta)} ")
        else:
            tenth = int(10 * fraction)
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(f"{self._line(done, elapsed, eta)}\n")
        self._last_draw = now
        self.shown = True
        self.stream.flush()

    def _line(self, done: int, elapsed: float, eta: float) -> str:
        return ngettext("{done}/{total} game, {elapsed} s, about {left} s left",
                        "{done}/{total} games, {elapsed} s, about {left} s left", self.total).format(
            done=done, total=self.total, elapsed=f"{elapsed:.0f}", left=f"{eta:.0f}")

    def finish(self) -> None:
        if self.shown and self._tty:
            self.stream.write("\n")
            self.stream.flush()
