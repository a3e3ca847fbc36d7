"""The records file of a simulation: checked before the run, written in blocks, never half-kept.

* An existing non-empty file is refused unless the caller says what to do
  with it: append to it (a file ending in a torn line gets a newline first,
  as :mod:`game.jsonl` does) or overwrite it.  A run never silently replaces
  someone's games.
* Each chunk's records go out in one ``write`` (repeated only if the system
  writes part of it).  If a write fails (a full disk, an I/O error), the file
  is cut back to the end of the last whole record and
  :class:`RecordsWriteError` names the file and the problem: every record
  written before stays readable.
* Closing syncs the file to the disk; an error there is reported the same way.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from game.i18n import _, ngettext
from game.jsonl import problem_text
from store.outputs import check_output_file


class RecordsFileError(ValueError):
    """The records file cannot be used for this run (said before any game is played)."""


class RecordsWriteError(Exception):
    """Writing the records failed; the message names the file and the problem."""


class RecordsFile:
    """Record lines appended to a file chunk by chunk (see the module's description)."""

    def __init__(self, path: str | Path, *, append: bool = False, overwrite: bool = False) -> None:
        """Open ``path``: ``RecordsFileError`` if it holds records and neither ``append``
        nor ``overwrite`` is given, or if it cannot be opened for writing."""
        self.path = Path(path)
        self.written = 0
        """Record lines written by this run."""
        if append and overwrite:
            raise RecordsFileError(_("give --append or --overwrite, not both"))
        try:
            check_output_file(self.path)
        except OSError as error:
            raise RecordsFileError(_cannot_write(self.path, problem_text(error))) from None
        try:
            mode = os.stat(self.path).st_mode
            size = os.stat(self.path).st_size
        except FileNotFoundError:
            mode, size = 0, 0
        except OSError as error:
            raise RecordsFileError(_cannot_write(self.path, problem_text(error))) from None
        if stat.S_ISREG(mode) and size > 0 and not (append or overwrite):
            raise RecordsFileError(_("{path} already holds records ({size} bytes): "
                                     "add --append to add to them or --overwrite to replace them").format(
                path=self.path, size=size))
        if stat.S_ISDIR(mode):
            raise RecordsFileError(_cannot_write(self.path, _("a folder, not a file")))
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
        flags |= os.O_APPEND if append else os.O_TRUNC
        try:
            self._fd = os.open(self.path, flags, 0o666)
        except OSError as error:
            raise RecordsFileError(_cannot_write(self.path, problem_text(error))) from None
        self._regular = stat.S_ISREG(os.fstat(self._fd).st_mode)
        self._newline_first = append and self._regular and _ends_torn(self.path)

    def write(self, lines: str, count: int) -> None:
        """Write ``count`` record lines (each ending in a newline) in one write.

        ``RecordsWriteError`` if that fails; the file then ends after the last
        whole record it held before."""
        if not lines:
            return
        data = lines.encode("utf-8")
        if self._newline_first:
            data = b"\n" + data
        before = os.lseek(self._fd, 0, os.SEEK_END) if self._regular else 0
        try:
            view = memoryview(data)
            while view:
                done = os.write(self._fd, view)
                if done == 0:
                    raise OSError(errno.EIO, _("nothing was written"))
                view = view[done:]
        except OSError as error:
            self._cut_back(before)
            raise self._error(error) from None
        except BaseException:  # stopped mid-write (Ctrl-C): no half record either
            self._cut_back(before)
            raise
        self._newline_first = False
        self.written += count

    def close(self) -> None:
        """Sync the file to the disk and close it; ``RecordsWriteError`` if that fails."""
        fd, self._fd = self._fd, -1
        if fd < 0:
            return
        try:
            if self._regular:
                os.fsync(fd)
        except OSError as error:
            raise self._error(error) from None
        finally:
            os.close(fd)

    def _cut_back(self, size: int) -> None:
        if self._regular:
            try:
                os.ftruncate(self._fd, size)
            except OSError:
                pass  # the torn line stays; readers name it and read every other record

    def _error(self, error: OSError) -> RecordsWriteError:
        if self.written == 0:
            kept = _("no record was written")
        else:
            kept = ngettext("the {count} record written before are kept", "the {count} records written before are kept",
                            self.written).format(count=self.written)
        return RecordsWriteError(_cannot_write(self.path, f"{problem_text(error)} ({kept})"))


def _cannot_write(path: Path, problem: str) -> str:
    return _("cannot write {path}: {problem}").format(path=path, problem=problem)


def _ends_torn(path: Path) -> bool:
    """Whether the file's last byte is there and is not a newline."""
    try:
        with open(path, "rb") as file:
            file.seek(0, os.SEEK_END)
            if file.tell() == 0:
                return False
            file.seek(-1, os.SEEK_END)
            return file.read(1) != b"\n"
    except OSError:
        return False
