"""Nothing a lesson makes is lost, at the edges of the history (issue 38, items 9 and 10).

A finished game is saved and what was kept of it while unfinished is dropped in one transaction:
a stop between the two can neither lose the game nor offer it again.  A kept game that is
damaged - any field, any depth - is one line on the terminal, is set aside (kept as it was,
never deleted) and offered no more; the menu opens, and ``class --resume`` says why it cannot."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.record import GameRecord
from store.history import History, HistoryError, open_history
from store.kept import keep_unfinished, set_aside_games, unfinished_games
from tests.conftest import PROJECT, needs

A_CLASS_GAME = {"format": "6takes-unfinished/1", "mode": "class", "rules": "snap", "seed": 7,
                "seats": [["Ana", "phone"], ["Ben", "phone"], ["AI 1", "random"], ["AI 2", "random"]],
                "cards": [[], [], [], []], "rows": [[], [], [], []], "placements": 0, "turn_started": True,
                "room": {"code": "ROOM", "port": 8066, "tokens": ["a" * 24, "b" * 24, "", ""], "ai": "random"}}


def kept_with(**changes: object) -> str:
    state = json.loads(json.dumps(A_CLASS_GAME))
    for field, value in changes.items():
        if field.startswith("room_"):
            state["room"][field.removeprefix("room_")] = value
        else:
            state[field] = value
    return json.dumps(state)


DEEP = "[" * 5000 + "]" * 5000
DAMAGES = {
    "nested 5,000 deep": '{"format": "6takes-unfinished/1", "mode": ' + DEEP + "}",
    "a whole state nested 5,000 deep": DEEP,
    "given_to_ai names a seat that is not there": kept_with(room_given_to_ai=[99]),
    "given_to_ai names a seat twice": kept_with(room_given_to_ai=[2, 2]),
    "cards nested deep inside": kept_with(cards=[[[[[[1]]]]], [], [], []]),
    "a card no one holds": kept_with(cards=[[105], [1], [2], [3]], placements=4),
    "seats the rules do not allow": kept_with(seats=[["Ana", "phone"]], cards=[[]], rows=[[]],
                                              room_tokens=["a" * 24]),
    "more predictions right than asked": kept_with(predictions={"tally": [["seat:0", "Ana", 5, 3]], "open": None}),
    "a kept guess from someone not asked": kept_with(predictions={"tally": [], "open": {
        "question": [0, 0, 1, 40], "asked": [["seat:0", "Ana"]], "guesses": [["seat:1", 2]]}}),
}


def keep(state: str, key: str = "damaged") -> None:
    with open_history(import_legacy=False) as history:
        keep_unfinished(history, key, state)


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), *args], capture_output=True, text=True,
                          timeout=120, cwd=PROJECT)


@pytest.mark.slow
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_kept_class_game_is_one_line_and_set_aside(damage: str) -> None:
    keep(DAMAGES[damage])
    result = run_main("class", "--resume", "--port", "0")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert "set aside" in result.stderr or "no stopped class game" in result.stderr, result.stderr
    with open_history(import_legacy=False) as history:
        assert unfinished_games(history) == []
        assert [key for key, _why in set_aside_games(history)] == ["damaged"]


@needs("pygame")
@pytest.mark.parametrize("damage", ["nested 5,000 deep", "given_to_ai names a seat that is not there"])
def test_the_menu_opens_beside_a_damaged_kept_game(damage: str, capsys: pytest.CaptureFixture[str]) -> None:
    from scenes.menu.scene import MenuScene
    from scenes.model.options import PlayOptions
    from tests.support.app_helpers import close_app, frames, open_app

    keep(DAMAGES[damage])
    keep(kept_with(room_code="GOOD"), key="good")
    app = open_app(PlayOptions())
    try:
        frames(app)
        assert isinstance(app.manager.active, MenuScene) and app.exit_code is None
        kept = app.screens.unfinished_games()
        assert [k.key for k in kept] == ["good"] or damage.startswith("given")  # (given_to_ai: found on resume)
    finally:
        close_app()
    with open_history(import_legacy=False) as history:
        state = next((s for key, s in set_aside_games(history) if key == "damaged"), None)
    if damage.startswith("nested"):
        assert state is not None
        assert capsys.readouterr().err.count("set aside") == 1


def test_saving_a_finished_game_drops_what_was_kept_of_it_in_the_same_transaction(
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record()
    keep(kept_with(), key="the game")
    real_insert = History._insert

    def failing(self: History, record: GameRecord, line: str) -> int | None:
        real_insert(self, record, line)
        raise __import__("sqlite3").OperationalError("disk I/O error")  # as a stop would, half way

    monkeypatch.setattr(History, "_insert", failing)
    with open_history(import_legacy=False) as history:
        with pytest.raises(HistoryError):
            history.add(record, finishing="the game")
        assert [k.game for k in unfinished_games(history)] == ["the game"], "rolled back together"
        assert history.count() == 0
    monkeypatch.setattr(History, "_insert", real_insert)
    with open_history(import_legacy=False) as history:
        assert history.add(record, finishing="the game") == 1
        assert unfinished_games(history) == [] and history.count() == 1


def finished_record() -> GameRecord:
    from game.engine import Game, Phase
    from game.record import PlayerInfo, record_game

    game = Game(player_count=4, seed=3)
    while not game.is_over:
        game.play_cards([hand[0] for hand in game.hands])
        while game.phase is not Phase.CHOOSE_CARDS and not game.is_over:
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    return record_game(game, [PlayerInfo(name, "random") for name in ("A", "B", "C", "D")])

