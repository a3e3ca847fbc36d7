"""Issue 44: ``main.py class --class NAME --puzzles N`` - the class's name checked as a student's name is,
the warm-up's count in its range, one line and exit 2 otherwise; the menu's Class game remembers the
class with the lobby's other choices."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from cli.classroom import class_settings
from cli.commands import build_parser
from classroom.class_settings import ClassSettings, remembered_choices, with_remembered

PROJECT = Path(__file__).resolve().parents[2]


def settings_of(*args: str) -> ClassSettings:
    parsed = build_parser().parse_args(["class", *args])

    def error(message: str) -> None:
        raise AssertionError(message)
    return class_settings(parsed, error)  # type: ignore[arg-type]


def test_the_class_and_the_warm_up_reach_the_lobbys_settings() -> None:
    decomposed = unicodedata.normalize("NFD", "  Çlass 7b ")
    chosen = settings_of("--class", decomposed, "--puzzles", "3")
    assert chosen.class_name == "Çlass 7b" and chosen.puzzles == 3  # trimmed, NFC, as a name is
    assert settings_of().class_name == "" and settings_of().puzzles == 0


@pytest.mark.parametrize("args, problem", [
    (["--class", ""], "--class: the name is empty"),
    (["--class", "7b\u0007"], "--class: the name holds a control or unprintable character"),
    (["--class", "\u3164!"], "--class: the name holds no letter or digit"),
    (["--class", "x" * 25], "--class: the name is 25 characters long"),
    (["--puzzles", "0"], "--puzzles"),
    (["--puzzles", "21"], "--puzzles"),
    (["--puzzles", "two"], "--puzzles"),
])
@pytest.mark.slow
def test_a_bad_class_or_warm_up_is_one_line_and_exit_2(args: list[str], problem: str) -> None:
    result = subprocess.run([sys.executable, "main.py", "class", *args], cwd=PROJECT, capture_output=True, text=True,
                            env=dict(os.environ, SDL_VIDEODRIVER="dummy"), timeout=120)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and problem in result.stderr, result.stderr


def test_the_menu_opens_the_next_room_for_the_same_class() -> None:
    kept = remembered_choices(ClassSettings(class_name="7b", puzzles=3))
    assert kept["class"] == "7b" and "puzzles" not in kept  # a warm-up is a lesson's own choice
    assert with_remembered(ClassSettings(), kept).class_name == "7b"
    for damaged in ("\u0007", 7, "x" * 40, None):
        assert with_remembered(ClassSettings(class_name="old"), {"class": damaged}).class_name == "old"
    assert with_remembered(ClassSettings(class_name="old"), {"class": ""}).class_name == ""
