"""``play --players N`` and ``--names`` set the table's size; bad counts are one-line usage
errors (exit 2); the layouts hold any count from 2 to 10 at 1280x720 and at the smallest window."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

import main
from game.record import read_records
from game.table_size import mode_kinds
from scenes.menu.layout import menu_layout
from scenes.results.layout import results_layout
from scenes.table.layout import table_layout
from scenes.model.options import PlayOptions
from scenes.kit.theme import SMALLEST_WINDOW
from tests.conftest import PROJECT

SIZES = [(1280, 720), SMALLEST_WINDOW]


def options_of(args: list[str], monkeypatch: pytest.MonkeyPatch) -> PlayOptions:
    """The options ``main.py ARGS`` would open the app with (the app is not opened)."""
    seen: list[PlayOptions] = []
    monkeypatch.setattr("scenes.app.run_app", lambda options, **_: seen.append(options) or 0)
    assert main.main(args) == 0
    return seen[0]


@pytest.mark.parametrize("args, message", [
    (["--players", "1", "--rules", "classic"], "--players 1: 2 to 10 players can play, not 1"),
    (["--players", "11", "--rules", "classic"], "--players 11: 2 to 10 players can play, not 11"),
    (["--players", "6"], "--players 6: snap rules need exactly 4 players, not 6 (--rules classic seats 2 to 10)"),
    (["--players", "6", "--rules", "snap"], "--players 6: snap rules need exactly 4 players"),
    (["--players", "5", "--rules", "codingame"], "codingame rules need exactly 4 players"),
    (["--players", "two"], "argument --players: expected a whole number, not 'two'"),
    (["--names", "A,B,C"], "--names gives 3 names, but snap rules need exactly 4 players"),
    (["--names", "A,B,C", "--players", "4", "--rules", "classic"], "--names gives 3 names for 4 players"),
    (["--players", "6", "--rules", "classic", "--ai", "mc,mc"], "--ai needs 1 level or 5 (one per computer seat)"),
])
def test_bad_counts_are_one_line_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main.main(["play", *args])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


@pytest.mark.parametrize("mode", ["solo", "hotseat", "demo"])
def test_players_sets_each_modes_seats(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    options = options_of(["play", "--mode", mode, "--players", "7", "--rules", "classic"], monkeypatch)
    assert options.kinds == mode_kinds(mode, 7) and options.rules == "classic"


def test_names_set_the_count_and_ai_levels_follow_it(monkeypatch: pytest.MonkeyPatch) -> None:
    options = options_of(["play", "--names", "Ana,Ben", "--rules", "classic", "--ai", "heuristic"], monkeypatch)
    assert options.names == ("Ana", "Ben") and options.kinds == ("human", "heuristic")
    options = options_of(["play", "--mode", "demo", "--players", "3", "--rules", "classic", "--ai",
                          "mc,random,heuristic"], monkeypatch)
    assert options.kinds == ("mc", "random", "heuristic")
    assert options_of(["play"], monkeypatch).kinds is None  # four seats, the mode's own


@pytest.mark.parametrize("args, names", [
    (["--mode", "solo", "--names", "Ana"], ("Ana", "AI 1", "AI 2", "AI 3")),
    (["--mode", "solo", "--names", "Ana", "--players", "5", "--rules", "classic"], ("Ana", "AI 1", "AI 2", "AI 3", "AI 4")),
    (["--mode", "hotseat", "--names", "Ana,Ben,Cem,Dan"], ("Ana", "Ben", "Cem", "Dan")),
    (["--mode", "demo", "--names", "W,X,Y,Z"], ("W", "X", "Y", "Z")),
])
def test_names_name_the_humans_in_every_mode(args: list[str], names: tuple[str, ...],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    options = options_of(["play", *args], monkeypatch)
    assert options.names == names


@pytest.mark.slow
def test_a_five_player_demo_from_the_command_line_is_recorded(tmp_path: Path) -> None:
    record = tmp_path / "five.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SIXTAKES_DATA_DIR": str(tmp_path / "data")}
    out = subprocess.run([sys.executable, str(PROJECT / "main.py"), "play", "--mode", "demo", "--players", "5",
                          "--rules", "classic", "--seed", "3", "--step-delay", "0", "--exit-at-end",
                          "--record", str(record)], cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    game = read_records(record)[0]
    assert [p.name for p in game.players] == [f"AI {i}" for i in range(1, 6)] and game.rules == "classic"


def _apart(rects: list) -> bool:
    return not any(a.colliderect(b) for a, b in combinations(rects, 2))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 11))
def test_the_table_lays_out_every_seat_apart(players: int, size: tuple[int, int]) -> None:
    layout = table_layout(size, players)
    window = layout.top_bar.unionall([layout.hints])
    boxes = [seat.box for seat in layout.seats]
    assert len(boxes) == players and _apart(boxes)
    for seat in layout.seats:
        assert layout.panel.contains(seat.box) and not seat.box.colliderect(layout.rows_area)
        assert seat.name.width >= 90 and seat.name.height >= 18  # a name of 9-10 letters at the minimum size
        assert _apart([seat.name, seat.score, seat.card]) and seat.box.contains(seat.card)
    cards = [layout.queue_card_rect(i, players) for i in range(players)]
    assert _apart(cards) and all(layout.bottom.contains(card) for card in cards)
    assert all(card.width >= 30 for card in cards)
    labels = [layout.queue_name_rect(i) for i in range(players)]
    assert all(label.bottom <= layout.hints.top and label.left >= 0 and not label.colliderect(layout.explain_area)
               for label in labels)
    if players <= 4:
        assert _apart(labels)
    else:  # one name, the card being placed, with room for a long name inside the queue's width
        assert all(label.width >= 200 and layout.queue_area.left <= label.left for label in labels)
    assert not layout.queue_area.colliderect(layout.explain_area) and not layout.queue_area.colliderect(layout.back_button)
    assert window.width == size[0]
    assert layout.row_card_rect(0, 5).right < layout.rows_area.right


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 11))
def test_the_menu_and_results_lay_out_every_seat_apart(players: int, size: tuple[int, int]) -> None:
    menu = menu_layout(size, players)
    fields = list(menu.names) + list(menu.kinds)
    assert len(menu.names) == players and _apart(fields + [menu.start])
    assert all(field.bottom < menu.start.top and field.right <= size[0] for field in fields)
    assert _apart([menu.fewer, menu.count, menu.more, menu.all_kinds])
    results = results_layout(size, players)
    assert len(results.lines) == players and _apart(list(results.lines) + list(results.buttons))
    assert all(line.bottom < results.buttons[0].top and 0 <= line.left and line.right <= size[0]
               for line in results.lines)


@pytest.mark.parametrize("players", range(2, 11))
def test_a_scoreboard_line_gives_every_player_a_cell(players: int) -> None:
    from scenes.scoreboard.seat_cells import seat_cells

    cells, width, digits = seat_cells(300, 870, 100, players, 1.0)
    assert len(set(cells)) == players and width >= 100 and digits >= 18
    assert all(300 <= x <= 870 - width + 1 and abs(y - 100) <= 12 for x, y in cells)
