"""``main.py puzzles make`` and ``puzzles list`` as a user runs them (few games, few sampled deals), the
practice screen's flags, and every bad flag or damaged history as one line and exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from cli import commands
from cli import puzzles as puzzles_command
from cli.progress import Progress
from game.puzzles.making import MAKE_COMMAND, MadeGame
from store.history import connection_of, open_history
from game.puzzles.finding import clear_in
from game.puzzles.themes import THEME_NAMES
from game.review import DecisionPoint
from game.review_models import opponent_models, review_against
from store.puzzles import add_puzzles, count_puzzles, stored_puzzles
from tests.support.app_helpers import ROOT
from tests.support.puzzle_positions import card_puzzle, row_puzzle

MAKE = ("puzzles", "make", "--games", "2", "--seed", "11", "--rollouts", "60", "--no-progress")
"""Two games of seed 11 hold clear decisions even with 60 sampled deals per review."""


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(folder))
    return folder


def run_main(*args: str, hang: float = 300) -> subprocess.CompletedProcess[str]:
    """``main.py`` with ``args``, as a user runs it; ``hang`` seconds only bound a run that hangs."""
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=hang)


def listed(*extra: str) -> list[dict[str, Any]]:
    result = run_main("puzzles", "list", "--json", *extra)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    found = json.loads(result.stdout)
    assert isinstance(found, list)
    return found


@pytest.mark.slow
def test_make_stores_puzzles_that_list_shows_and_a_second_make_adds_none(data_dir: Path) -> None:
    made = run_main(*MAKE)
    assert made.returncode == 0, made.stderr
    assert made.stderr == ""  # --no-progress
    puzzles = listed()
    count = len(puzzles)
    assert count > 0
    assert made.stdout.strip() == f"{count} puzzle{'s' * (count != 1)} from 2 games (seed 11): {count} new in the " \
                                  "history, 0 there already"
    for number, puzzle in enumerate(puzzles, start=1):
        assert puzzle["id"] == number and puzzle["kind"] in ("card", "row") and puzzle["class"] == ""
        assert len(puzzle["rows"]) == 4 and all(isinstance(card, int) for row in puzzle["rows"] for card in row)
        answers = [str(card) for card in puzzle["hand"]] if puzzle["kind"] == "card" else ["0", "1", "2", "3"]
        assert sorted(puzzle["options"], key=int) == answers
        assert str(puzzle["best"]) in puzzle["options"]
        assert min(puzzle["options"].values()) == puzzle["options"][str(puzzle["best"])]
        assert puzzle["explanation"] and puzzle["source"]["from"] == "made" and puzzle["source"]["seed"] == 11
        assert puzzle["source"]["game"] in (1, 2)
    again = run_main(*MAKE)
    assert again.returncode == 0 and f"0 new in the history, {count} there already" in again.stdout
    assert listed() == puzzles


@pytest.mark.slow
def test_every_listed_puzzle_holds_under_each_model_and_again_with_more_rollouts(data_dir: Path) -> None:
    assert run_main(*MAKE).returncode == 0
    puzzles = listed()
    assert puzzles
    for puzzle in puzzles:
        assert isinstance(puzzle["rating"], int) and 1000 <= puzzle["rating"] <= 2000  # predicted: never answered
        assert isinstance(puzzle["themes"], list) and set(puzzle["themes"]) <= set(THEME_NAMES)
        assert set(puzzle["models"]) == {"random", "heuristic", "table"}
        assert puzzle["models"]["random"] == puzzle["options"]
        for figures in puzzle["models"].values():
            assert clear_in(_figures(figures), puzzle["played"], puzzle["best"])
    with open_history() as history:
        stored = {s.id: s.puzzle for s in stored_puzzles(history)}
    for data in puzzles[:3]:  # a sample, judged again with 8 times the rollouts and another seed
        puzzle = stored[data["id"]]
        point = DecisionPoint(puzzle.view.player, puzzle.view.round, puzzle.view.turn, puzzle.kind, puzzle.view,
                              puzzle.played)
        for model in ("random", "heuristic", "table"):
            seats = opponent_models(model, puzzle.table, point.seat, puzzle.view.player_count)
            again = review_against(point, seats, 8000, seed=99)
            assert again.best == puzzle.best, (data["id"], model, again.expected)


def _figures(points: dict[str, float]) -> tuple[tuple[int, float], ...]:
    return tuple(sorted((int(answer), value) for answer, value in points.items()))


@pytest.mark.slow
def test_the_same_seed_makes_the_same_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = []
    for folder in ("one", "two"):
        monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / folder))
        assert run_main(*MAKE).returncode == 0
        runs.append(listed())
    assert runs[0] == runs[1] and runs[0]


@pytest.mark.slow
def test_list_says_how_to_make_puzzles_when_there_are_none(data_dir: Path) -> None:
    result = run_main("puzzles", "list")
    assert result.returncode == 0
    assert result.stdout.strip() == ("No puzzles in the history yet: python main.py puzzles make --games 10 "
                                     "makes some")
    assert listed() == []


def test_list_of_a_class_with_none_says_they_come_from_its_lessons(data_dir: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with open_history() as history:
        add_puzzles(history, [card_puzzle()])  # made from computer games: no class's
        assert puzzles_command.list_puzzles(history, "7b", as_json=False) == 0
    said = capsys.readouterr().out.strip()
    assert said == "No puzzles of class 7b yet: they are made from the reviews of its lessons' games"
    assert "puzzles make" not in said


@pytest.mark.slow
def test_list_shows_one_class_with_class_and_each_puzzle_in_two_lines(data_dir: Path) -> None:
    with open_history() as history:
        add_puzzles(history, [card_puzzle()])
        add_puzzles(history, [row_puzzle()], class_name="4B")
    assert [(p["id"], p["class"], p["kind"]) for p in listed("--class", "4B")] == [(2, "4B", "row")]
    assert len(listed()) == 2
    text = run_main("puzzles", "list").stdout.splitlines()
    assert len(text) == 4
    assert text[0].startswith("1. made (seed 7, game 1), turn 7: rows 10 11 12 13 30 | 40 41 42 43 50 | ")
    assert "hand 31 32 51 71 95: which card?" in text[0] and "95 0.8" in text[0]
    assert text[1].startswith("    best: 95. Playing 95 instead of 31 would have saved about ")
    assert text[3] == ("    best: row 4. Taking row 4 instead of row 2 would have saved about 9.0 points by the end of the round: "
                       "row 2 held 14 points, row 4 only 5")


@pytest.mark.parametrize(("args", "message"), [
    (("puzzles", "make"), "the following arguments are required: --games"),
    (("puzzles", "make", "--games", "0"), "argument --games: expected a number >= 1, not 0"),
    (("puzzles", "make", "--games", "2", "--players", "random,random,mc,bot:x"), "--players: puzzles are made"),
    (("puzzles", "make", "--games", "2", "--players", "random"), "--players: snap rules need exactly 4 players"),
    (("puzzles", "make", "--games", "2", "--rules", "chess"), "argument --rules: invalid choice: 'chess'"),
    (("puzzles", "make", "--games", "2", "--rollouts", "0"), "argument --rollouts"),
    (("puzzles", "make", "--games", "2", "--seed", "-1"), "argument --seed"),
    (("puzzles", "list", "--class", " "), "--class: the name is empty"),
    (("puzzles", "--names", "Ann,"), "--names: name 2"),
    (("puzzles", "--names", ",".join("ABCDEFGHIJK")), "--names: at most 10 players take turns, not 11"),
    (("puzzles", "show"), "invalid choice: 'show'"),
])
def test_a_bad_flag_is_one_line_and_exit_code_2(args: tuple[str, ...], message: str, data_dir: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        commands.main(list(args))
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error, error
    assert not (data_dir / "history.sqlite3").exists() or args[1] == "list"


def test_a_damaged_history_is_one_line_and_exit_code_2(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_history() as history:
        add_puzzles(history, [card_puzzle()])
        connection_of(history).execute("UPDATE puzzles SET puzzle = '{\"format\": 1}'")
    assert commands.main(["puzzles", "list", "--json"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and "the history is damaged: puzzle 1" in out.err


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_progress_bar_counts_games_on_stderr(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(puzzles_command, "Progress", partial(Progress, after_s=0.0))
    assert commands.main(list(MAKE[:-1])) == 0
    out = capsys.readouterr()
    assert out.err.splitlines()[-1].startswith("2/2 games, ") and "from 2 games (seed 11)" in out.out
    assert "games" not in out.out.splitlines()[0][:4]


def test_a_make_stopped_keeps_the_puzzles_of_the_games_it_finished(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def one_game_then_stopped(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        yield MadeGame(1, 99, (card_puzzle(), row_puzzle()))
        raise KeyboardInterrupt

    monkeypatch.setattr("game.puzzles.making.made_games", one_game_then_stopped)
    assert commands.main(["puzzles", "make", "--games", "5", "--no-progress"]) == 130
    assert "interrupted after 1 of 5 games" in capsys.readouterr().err
    with open_history() as history:
        assert count_puzzles(history) == 2


def test_the_practice_screen_gets_its_names_and_seed() -> None:
    parser = commands.build_parser()
    args = parser.parse_args(["puzzles", "--names", "Ann, Ben", "--seed", "4", "--fullscreen"])
    assert commands.PRINTING.get(args.command) is not None and args.prints is False
    options = commands.WINDOWED[args.command](args)
    assert options.puzzles is not None
    assert (options.puzzles.names, options.puzzles.seed, options.fullscreen) == (("Ann", "Ben"), 4, True)
    assert commands.build_parser().parse_args(["puzzles", "list"]).prints is True


def test_the_help_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        commands.main(["puzzles", "make", "--help", "--lang", "de"])
    help_text = capsys.readouterr().out
    assert "--games N" in help_text and "Spiele" in help_text


def test_the_json_stays_english_apart_from_the_explanation(data_dir: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with open_history() as history:
        add_puzzles(history, [row_puzzle()])
    assert commands.main(["puzzles", "list", "--json", "--lang", "fr"]) == 0
    (puzzle,) = json.loads(capsys.readouterr().out)
    assert puzzle["kind"] == "row" and puzzle["source"]["from"] == "made"
    assert puzzle["explanation"].startswith("Ramasser la rangée 4 au lieu de la 2")


@pytest.mark.slow
def test_the_documented_make_command_runs_verbatim(data_dir: Path) -> None:
    """docs/lab.md's command, as written there (ten games, the default players and rollouts)."""
    line = next(text for text in (ROOT / "docs" / "lab.md").read_text().splitlines()
                if text.startswith("python main.py puzzles make"))
    command = line.split(" [")[0]
    assert command == MAKE_COMMAND  # the command the practice screen and `puzzles list` name
    result = run_main(*command.split()[2:], hang=3600)  # 22 s of processor time, however busy the machine
    assert result.returncode == 0, result.stderr
    count = len(listed())
    assert count > 0 and result.stdout.startswith(f"{count} puzzles from 10 games (seed ")
