"""A small disk of its own for a test: a full disk and a read-only one are real, not pretended.

A tmpfs of a few kilobytes is mounted on a folder of the test's; filling it makes every write
fail with "No space left on device", and remounting it read-only refuses every new file to root
too (a folder's permission bits do not stop root, whom the tests may run as).  Where the test
may not mount (not root, a container without the right, not Linux) the test is skipped.
"""

from __future__ import annotations

import contextlib
import errno
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def _mount(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["mount", *arguments], capture_output=True, text=True, timeout=60)


@contextlib.contextmanager
def small_disk(where: Path, kilobytes: int = 64) -> Iterator[Path]:
    """A tmpfs of ``kilobytes`` mounted on the new folder ``where`` while the block runs."""
    if not sys.platform.startswith("linux"):
        pytest.skip("a small disk is mounted on Linux only")
    where.mkdir()
    try:
        mounted = _mount("-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs", str(where))
    except OSError:
        pytest.skip("no mount command here")
    if mounted.returncode != 0:
        pytest.skip(f"this test may not mount a small disk: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=60)


def fill(disk: Path) -> None:
    """Write to ``disk`` until it is full."""
    with open(disk / "filler", "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as full:
            assert full.errno == errno.ENOSPC, full


def make_read_only(disk: Path) -> None:
    remounted = _mount("-o", "remount,ro", str(disk))
    assert remounted.returncode == 0, remounted.stderr
