"""Issue 43: every number flag of every command reads only ASCII digits, through one parser
(``cli.arguments.parse_whole_number`` / ``parse_decimal_number``).  ``int()`` alone takes "١٢"
(Arabic-Indic digits), " 12", "1_2" and "+12"; ``str.isdigit()`` passes "²", which ``int()``
then refuses with a traceback (``class --tables ²`` was one).

The flags are found by walking ``main.py``'s whole parser, so a flag added later is checked too."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli.arguments import parse_decimal_number, parse_whole_number
from cli.commands import build_parser, main
from tests.conftest import needs

PROJECT = Path(__file__).resolve().parents[2]
HOSTILE = ["²", "١٢", "٣", "１２", "𝟓", " 5", "5 ", "5_0", "+5", "0x5", "5.", "nan", "inf", "1e3", "", "-", "."]
"""Not a number a command line should take: other scripts' digits, superscripts, spaces, "_",
a sign "+", hex, float words, an exponent, nothing."""
STRING_NUMBER_FLAGS = {("class", "--tables"), ("review", "--seat")}
"""Number flags read as text first (``auto``, a player's name): checked by their command."""


def every_option() -> list[tuple[str, argparse.Action]]:
    """(command, option) for every option of every command of ``main.py``."""
    parser = build_parser()
    found = [("", action) for action in parser._actions]
    for sub in parser._actions:
        if isinstance(sub, argparse._SubParsersAction):
            for command, subparser in sub.choices.items():
                found += [(command, action) for action in subparser._actions]
    return found


def reads_a_number(action: argparse.Action) -> bool:
    if action.type is None or not callable(action.type):
        return False
    try:
        return isinstance(action.type("7"), (int, float))  # type: ignore[misc]
    except (ValueError, TypeError, argparse.ArgumentTypeError):
        return False


def number_flags() -> list[tuple[str, argparse.Action]]:
    return [(command, action) for command, action in every_option() if reads_a_number(action)]


def test_the_one_parser_takes_ascii_digits_only() -> None:
    assert parse_whole_number("12") == 12 and parse_whole_number("-3") == -3 and parse_whole_number("007") == 7
    assert parse_decimal_number("0.5") == 0.5 and parse_decimal_number(".25") == 0.25 and parse_decimal_number("2") == 2
    for text in HOSTILE:
        with pytest.raises(ValueError):
            parse_whole_number(text)
        with pytest.raises(ValueError):
            parse_decimal_number(text)


def test_the_walk_finds_the_number_flags() -> None:
    found = {(command, action.option_strings[0]) for command, action in number_flags()}
    assert {("class", "--port"), ("class", "--seats"), ("class", "--time-limit"), ("play", "--players"),
            ("simulate", "--games"), ("tournament", "--jobs"), ("review", "--rollouts"), ("replay", "--game"),
            ("play", "--step-delay"), ("class", "--think-ms")} <= found
    assert not found & STRING_NUMBER_FLAGS


def test_no_flag_uses_int_or_float_itself() -> None:
    bare = [(command, action.option_strings) for command, action in every_option() if action.type in (int, float)]
    assert bare == []


@pytest.mark.parametrize("text", HOSTILE)
def test_every_number_flag_refuses_what_is_not_ascii_digits(text: str) -> None:
    taken = []
    for command, action in number_flags():
        try:
            value = action.type(text)  # type: ignore[misc]
        except (argparse.ArgumentTypeError, ValueError):
            continue
        taken.append((command, action.option_strings[0], value))
    assert taken == []


@pytest.fixture
def lessons_started(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The options of every game the command started (instead of opening the window)."""
    import scenes.app

    started: list[object] = []
    monkeypatch.setattr(scenes.app, "run_app", lambda options, **_: started.append(options) or 0)
    return started


def one_line_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1, err
    return err


@needs("pygame")
@pytest.mark.parametrize("text", ["²", "١٢", "٣", " 2x", "2_0", "+2"])
def test_class_tables_refuses_them_in_one_line(text: str, capsys: pytest.CaptureFixture[str],
                                               lessons_started: list[object]) -> None:
    err = one_line_usage_error(["class", "--tables", text], capsys)
    assert f"--tables must be auto or a number from 1 to 30, not {text!r}" in err
    assert lessons_started == []


@needs("pygame")
def test_class_tables_still_takes_a_number_and_auto(lessons_started: list[object]) -> None:
    assert main(["class", "--tables", "3"]) == 0 and main(["class", "--tables", " Auto "]) == 0
    assert [options.class_game.tables for options in lessons_started] == [3, 0]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def recorded_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from game.engine import Game
    from game.play import make_agents, play_game
    from game.record import PlayerInfo, record_game, write_records

    game = play_game(Game(seed=3), make_agents(["random"] * 4, 3))
    path = tmp_path_factory.mktemp("review") / "game.jsonl"
    write_records(path, [record_game(game, [PlayerInfo(name, "random") for name in ("Ana", "Ben", "Cy", "Di")])])
    return path


@pytest.mark.parametrize("text, says", [("²", "no such seat or player"), ("٣", "no such seat or player"),
                                        ("7", "this game has seats 0 to 3"), ("-1", "this game has seats 0 to 3")])
def test_review_seat_refuses_them_in_one_line(text: str, says: str, recorded_game: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert says in one_line_usage_error(["review", str(recorded_game), "--seat", text], capsys)


def test_review_seat_takes_a_number_and_a_name(recorded_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(recorded_game), "--seat", "1", "--seat", "di", "--rollouts", "2", "--json"]) == 0
    assert {decision["seat"] for decision in json.loads(capsys.readouterr().out)["decisions"]} == {1, 3}


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_documented_command_is_a_one_line_usage_error() -> None:
    result = subprocess.run([sys.executable, str(PROJECT / "main.py"), "class", "--tables", "²"], capture_output=True,
                            text=True, timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert result.returncode == 2
    assert result.stderr == "main.py class: error: --tables must be auto or a number from 1 to 30, not '²' (see --help)\n"
