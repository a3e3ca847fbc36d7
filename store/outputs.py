"""Where the program may write a file it was asked to write, and the one way it writes a whole one.

Every output file a command names (``--record``, ``--html``, ``--out``'s
files, ``history export``, the screenshots, bot logs) is checked here first:
it may be a new file in an existing folder or a regular file that takes
writes, never a folder, a device or a pipe (writing ``/dev/null`` as root
must not replace it), never the app's own history database or its journals
(an export onto it would destroy the history).  Every output folder
(``--screenshots``, the lesson report's ``--report``) is checked the same way:
a folder, made if missing, that takes a file.  ``OSError`` says why, in one
line; the commands turn it into their exit code.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from game.i18n import _
from game.jsonl import not_regular
from .storage import default_history_path

HISTORY_COMPANIONS = ("", "-wal", "-shm", "-journal")
"""The history database's file and SQLite's files beside it."""


def is_history_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is the app's history database or one of SQLite's files beside it."""
    history = default_history_path()
    target = os.path.realpath(path)
    for suffix in HISTORY_COMPANIONS:
        own = Path(str(history) + suffix)
        if target == os.path.realpath(own):
            return True
        with contextlib.suppress(OSError):
            if os.path.samefile(path, own):  # the same file by another name (a hard link)
                return True
    return False


def check_output_file(path: str | os.PathLike[str]) -> None:
    """``OSError`` saying why unless ``path`` may be written: a new file in a writable folder, or a
    regular file that takes a write (``/proc`` files say they are regular but refuse every write);
    never the history database or its journals."""
    path = Path(path)
    if is_history_file(path):
        raise OSError(errno.EPERM, _("it is the app's history database: choose another file"))
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        folder = path.parent
        if not folder.is_dir():
            raise OSError(errno.ENOENT, _("no folder {folder}").format(folder=folder)) from None
        if not os.access(folder, os.W_OK):
            raise OSError(errno.EACCES, _("permission denied")) from None
        return
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, not_regular(mode))
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    try:
        os.write(fd, b"")
    finally:
        os.close(fd)


def shown_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a line on the terminal shows it: as it is, or quoted with escapes if it holds a
    line break or another character a terminal would not print on one line."""
    text = os.fspath(path)
    return text if text.isprintable() else repr(text)


def check_output_folder(folder: str | Path) -> None:
    """``OSError`` saying why unless ``folder`` is a folder whose files can be written; it is made
    if missing (with the folders above it).  Refused: a file, a device, a pipe, a link to nowhere or
    a loop of links, a folder that refuses new files (``/proc``, a read-only disk: root included),
    a name too long, and a full disk (the check writes a byte, which a full disk refuses)."""
    folder = Path(folder)
    try:
        mode = os.stat(folder).st_mode
    except FileNotFoundError:
        if os.path.lexists(folder):
            raise OSError(errno.ENOENT, _("a link to nothing")) from None
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as problem:
            raise OSError(problem.errno, _("cannot make it: {problem}").format(
                problem=problem.strerror or problem)) from None
        mode = os.stat(folder).st_mode
    if not stat.S_ISDIR(mode):
        raise OSError(errno.ENOTDIR, not_a_folder(mode))
    try:
        _write_a_byte_in(folder)
    except OSError as problem:
        raise OSError(problem.errno, _("no file can be written in it: {problem}").format(
            problem=problem.strerror or problem)) from None


def _write_a_byte_in(folder: Path) -> None:
    """Write a byte to a new file in ``folder`` (a full disk refuses it), then delete the file."""
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".write-test-")
    try:
        os.write(fd, b"\0")
        os.fsync(fd)
    finally:
        try:
            os.close(fd)
        finally:
            os.unlink(probe)


def not_a_folder(mode: int) -> str:
    """Why a path of ``mode`` is refused where a folder is needed: what it is instead."""
    if stat.S_ISREG(mode):
        return _("a file, not a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe, not a folder")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device, not a folder")
    return _("a special file, not a folder")


def write_lines_atomically(path: str | Path, lines: Iterable[str]) -> int:
    """Write ``lines`` (each without its newline) as the whole of ``path``; how many.

    They go to a temporary file beside ``path``, synced, then renamed over it:
    a failure (a full disk) leaves ``path`` as it was and no half file.
    ``OSError`` naming the problem, before anything is written if ``path`` may not be.
    """
    target = Path(path)
    check_output_file(target)
    fd, temporary = tempfile.mkstemp(dir=target.parent or Path("."), prefix=f".{target.name}.", suffix=".tmp")
    count = 0
    try:
        with os.fdopen(fd, "wb") as out:
            for line in lines:
                out.write(line.encode("utf-8") + b"\n")
                count += 1
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return count


def write_text_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` as the whole of ``path`` (see :func:`write_lines_atomically`)."""
    write_lines_atomically(path, [text[:-1] if text.endswith("\n") else text])
