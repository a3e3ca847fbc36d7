"""Issue 43: an output folder (``class --report``, ``--screenshots``) is checked as every output is
(store/outputs.py): a folder that takes a file, made if missing; anything else is an
``OSError`` whose words say why, on one line.  The tests may run as root, whom permission bits do
not stop: the folders that refuse a write refuse it to root too (/proc, a read-only or full disk)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from store.outputs import check_output_folder
from tests.support.small_disk import fill, make_read_only, small_disk

LONG_NAME = "a" * 300
"""Longer than any file system's limit on one name (255 bytes)."""


def refusal(folder: Path | str) -> str:
    with pytest.raises(OSError) as refused:
        check_output_folder(folder)
    message = refused.value.strerror or str(refused.value)
    assert "\n" not in message and message
    return message


def test_a_new_folder_is_made_and_an_empty_one_taken(tmp_path: Path) -> None:
    check_output_folder(tmp_path / "new" / "lessons")
    assert (tmp_path / "new" / "lessons").is_dir()
    check_output_folder(tmp_path / "new" / "lessons")  # once more: there already
    assert os.listdir(tmp_path / "new" / "lessons") == []  # the check leaves nothing behind


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("keep me")
    assert refusal(tmp_path / "notes.txt") == "a file, not a folder"
    assert (tmp_path / "notes.txt").read_text() == "keep me"


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_a_device_is_not_a_folder() -> None:
    assert refusal("/dev/null") == "a device, not a folder"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_pipe_is_not_a_folder(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    assert refusal(tmp_path / "pipe") == "a pipe, not a folder"


def test_a_loop_of_links_and_a_link_to_nothing(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert "symbolic links" in refusal(tmp_path / "a")
    assert "symbolic links" in refusal(tmp_path / "a" / "lessons")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    assert refusal(tmp_path / "dangling") == "a link to nothing"
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_proc_takes_no_file_even_from_root() -> None:
    assert refusal("/proc").startswith("no file can be written in it: ")
    assert refusal("/proc/self/lessons").startswith("cannot make it: ")


def test_a_name_too_long(tmp_path: Path) -> None:
    assert "too long" in refusal(tmp_path / LONG_NAME)


def test_a_read_only_disk_refuses_root_too(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        (disk / "lessons").mkdir()
        make_read_only(disk)
        assert refusal(disk / "lessons") == "no file can be written in it: Read-only file system"


def test_a_full_disk_is_found_before_anything_is_written(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        (disk / "lessons").mkdir()
        fill(disk)
        assert refusal(disk / "lessons") == "no file can be written in it: No space left on device"
        assert os.listdir(disk / "lessons") == []
