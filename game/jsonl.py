"""JSON Lines files read and written safely, whatever the file holds.

Reading accepts only regular files (a pipe would block forever, ``/dev/zero``
never ends), caps a line at :data:`LINE_LIMIT` bytes, accepts a UTF-8
byte-order mark, and turns every way a line can fail to decode - bad
encoding, JSON syntax, nesting too deep for the parser, an integer too long
to convert - into one :class:`LineError` naming the file and the line.

Writing appends each line in one ``write`` call and syncs it to the disk
before saying it is saved.  A file that ends in a torn line (a process killed
while writing, a full disk) gets a newline first, so the new line is never
glued onto the broken one: the torn line stays unreadable, the new one reads.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterator

from .i18n import _

LINE_LIMIT = 1 << 20
"""The longest line read, in bytes (1 MB; a classic record with 10 players is about 30 kB)."""
BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 16


class LineError(ValueError):
    """A file or a line that cannot be read; the message names the file (and the line)."""


@dataclass(frozen=True)
class Line:
    """One non-blank line of a file: its number (from 1) and its bytes, or why it was skipped."""

    number: int
    data: bytes
    too_long: bool = False
    """The line is over :data:`LINE_LIMIT` bytes: ``data`` is empty and the line was skipped."""


def open_regular_file(path: str | Path) -> BinaryIO:
    """``path`` opened for binary reading; ``LineError`` unless it is a regular file.

    Opened without blocking first: opening a pipe for reading would otherwise
    wait for a writer that may never come.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise LineError(_("{path}: cannot read: {problem}").format(path=path,
                                                                  problem=error.strerror or error)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise LineError(_("{path}: cannot read: {problem}").format(path=path, problem=not_regular(mode)))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def cannot_read(path: str | Path, error: OSError) -> str:
    """"``path``: cannot read: the problem", in the language in use."""
    return _("{path}: cannot read: {problem}").format(path=path, problem=problem_text(error))


def not_regular(mode: int) -> str:
    """Why a file of ``mode`` is refused: what it is instead of a regular file."""
    if stat.S_ISDIR(mode):
        return _("a folder, not a regular file")
    if stat.S_ISFIFO(mode):
        return _("a pipe, not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device, not a regular file")
    if stat.S_ISSOCK(mode):
        return _("a socket, not a regular file")
    return _("a special file, not a regular file")


def iter_lines(file: BinaryIO) -> Iterator[Line]:
    """Every non-blank line of ``file``, numbered from 1; a line over the limit is skipped
    (read through, never held) and marked ``too_long``.  A byte-order mark is dropped."""
    number = 0
    while True:
        data = file.readline(LINE_LIMIT + 1)
        if not data:
            return
        number += 1
        if number == 1 and data.startswith(BOM):
            data = data[len(BOM):]
        if len(data) > LINE_LIMIT and not data.endswith(b"\n"):
            _skip_rest_of_line(file)
            yield Line(number, b"", too_long=True)
        elif data.strip():
            yield Line(number, data)


def nth_line(file: BinaryIO, wanted: int) -> tuple[Line | None, int]:
    """The ``wanted``-th non-blank line of ``file`` (from 1), and how many were seen.

    Lines before it are counted, never decoded or kept: the cost is reading
    the bytes, so game 50,000 of a file opens in a fraction of a second.
    """
    readline = file.readline
    seen = number = 0
    while True:
        data = readline(LINE_LIMIT + 1)
        if not data:
            return None, seen
        number += 1
        if number == 1 and data.startswith(BOM):
            data = data[len(BOM):]
        too_long = len(data) > LINE_LIMIT and not data.endswith(b"\n")
        if too_long:
            _skip_rest_of_line(file)
        elif not data or data.isspace():
            continue
        seen += 1
        if seen == wanted:
            return Line(number, b"" if too_long else data, too_long), seen


def _skip_rest_of_line(file: BinaryIO) -> None:
    while True:
        chunk = file.readline(_CHUNK)
        if not chunk or chunk.endswith(b"\n"):
            return


def line_problem(line: Line) -> str | None:
    """Why ``line`` cannot be a JSON value before decoding it (``None``: no reason yet)."""
    if line.too_long:
        return _("the line is longer than {size} MB").format(size=LINE_LIMIT // (1 << 20))
    return None


def decode_json(data: bytes) -> Any:
    """One line's JSON value; ``LineError`` (without file or line) for any decoding failure."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LineError(_("not UTF-8 text (byte {byte} of the line)").format(byte=error.start + 1)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        reason = error.msg.removesuffix(" at")  # some messages end "... at" before the position
        raise LineError(_("not valid JSON at column {column}: {reason}").format(column=error.colno,
                                                                               reason=reason)) from None
    except RecursionError:
        raise LineError(_("not readable JSON: nested too deeply")) from None
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        reason = str(error).split(";")[0]
        if "digits" in reason:
            reason = _("a number has too many digits")
        raise LineError(_("not readable JSON: {reason}").format(reason=reason)) from None


# ------------------------------------------------------------------ writing
def append_line(path: str | Path, line: str, *, sync: bool = True) -> None:
    """Append ``line`` and a newline to ``path`` (created if missing) in one write.

    A newline goes first if the file ends in a torn line.  With ``sync`` the
    data is on the disk when this returns.  ``OSError`` if anything fails; what
    the file held before is untouched.
    """
    data = line.encode("utf-8") + b"\n"
    fd = _open_for_append(path)
    try:
        if _ends_torn(fd):
            data = b"\n" + data
        _write_all(fd, data)
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _open_for_append(path: str | Path) -> int:
    flags = os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, os.O_RDWR | flags, 0o666)
    except PermissionError:  # a write-only file: append without looking at its end
        fd = os.open(path, os.O_WRONLY | flags, 0o666)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise OSError(errno.EINVAL, not_regular(mode))
    return fd


def _ends_torn(fd: int) -> bool:
    """Whether the file's last byte is there and is not a newline."""
    size = os.fstat(fd).st_size
    if size == 0:
        return False
    try:
        return os.pread(fd, 1, size - 1) != b"\n"
    except (OSError, AttributeError):  # write-only, or no pread (Windows): read it another way
        try:
            with open(fd, "rb", closefd=False) as file:
                file.seek(size - 1)
                return file.read(1) != b"\n"
        except OSError:
            return False


def _write_all(fd: int, data: bytes) -> None:
    """One ``write`` call, repeated only if the system wrote part of it."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written == 0:
            raise OSError(errno.EIO, _("nothing was written"))
        view = view[written:]


def problem_text(error: OSError) -> str:
    """An ``OSError`` as a few words, e.g. "No space left on device"."""
    return error.strerror or str(error) or type(error).__name__
