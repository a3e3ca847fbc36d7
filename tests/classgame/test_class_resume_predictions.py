"""A resumed lesson's report counts every prediction (issue 52): ``main.py class --tables 2`` with
predictions is stopped (SIGTERM) mid-game at one table, ``main.py class --resume`` plays on, and
the lesson report's "Predictions right" of each student is what their phone's verdicts say over
the whole game - the answers before the stop included, as if it had never stopped.

The app runs as a real process; the phones are raw WebSocket clients.  Every wait is on an event
(a message, a process's exit), with a deadline only a hang reaches."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from store.history import open_history
from store.lessons import lessons
from tests.conftest import needs
from test_class_resume import in_background, played_to_the_end, running, start, stopped_by_sigterm, wait_for
from test_class_room_resume import RoomPhone

pytestmark = [needs("aiohttp"), needs("pygame"), pytest.mark.slow]

NAMES = ("Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hana")


class PredictingPhone(RoomPhone):
    """A phone at a table of many that predicts every placement it is asked about (row 1, or
    "takes" for every fourth card) and keeps each verdict it is sent."""

    def __init__(self, name: str, address: str) -> None:
        super().__init__(name, address)
        self.verdicts: dict[tuple[int, int, int], bool] = {}

    async def _receive(self, ws: aiohttp.ClientWebSocketResponse, data: dict[str, Any]) -> None:
        if data["type"] == "verdict":
            placement = (data["round"], data["turn"], data["card"])
            assert placement not in self.verdicts, "one verdict per placement"
            self.verdicts[placement] = data["right"]
            return
        await super()._receive(ws, data)
        if data["type"] == "state" and data["ask"] == "predict" and data.get("predicted") is None:
            asked = data["predict"]
            guess: dict[str, Any] = {"takes": True} if asked["card"] % 4 == 0 else {"row": 0}
            await ws.send_json({"type": "predict", "round": asked["round"], "turn": asked["turn"],
                                "card": asked["card"], **guess})

    def right(self) -> str:
        """The report's cell for this phone's verdicts: "R of A"."""
        return f"{sum(self.verdicts.values())} of {len(self.verdicts)}"


def test_a_resumed_rooms_report_counts_the_predictions_made_before_the_stop(tmp_path: Path) -> None:
    phones = [PredictingPhone(name, f"127.0.0.{30 + index}") for index, name in enumerate(NAMES)]
    first, port = start(["--port", "0", "--code", "TEST", "--tables", "2", "--start-at", "8", "--step-delay", "0",
                         "--predict", "--predict-seconds", "600", "--no-review"], tmp_path)
    with running(first):
        playing = in_background(phones, port)  # type: ignore[arg-type]
        wait_for(lambda: all(phone.over() if phone.table == 1 else phone.waiting_at(3) for phone in phones)
                 and all(phone.table is not None for phone in phones), first)
        before = {phone.name: dict(phone.verdicts) for phone in phones}
        err = stopped_by_sigterm(first, playing)
    assert first.returncode == 143, err
    assert all(before[phone.name] for phone in phones if phone.table == 2), "table 2 predicted before the stop"

    second, again = start(["--resume", "--step-delay", "0", "--exit-at-end"], tmp_path)
    with running(second):
        assert again == port
        for phone in phones:
            phone.go_on, phone.states, phone.playing_until = True, [], 99
        err = played_to_the_end(second, in_background(phones, port), 240)  # type: ignore[arg-type]
    assert second.returncode == 0, err
    assert all(phone.done() for phone in phones)
    assert all(len(phone.verdicts) > len(before[phone.name]) for phone in phones if phone.table == 2), \
        "table 2 predicted after the stop too"

    with open_history(tmp_path / "history.sqlite3", import_legacy=False) as history:
        [lesson] = lessons(history)
    assert lesson.games == 2, "each table's game counted once"
    rows = list(csv.reader(Path(lesson.report).with_suffix(".csv").open(encoding="utf-8")))
    column = rows[0].index("Predictions right")
    reported = {row[1]: row[column] for row in rows[1:]}
    assert reported == {phone.name: phone.right() for phone in phones}, \
        "each student's predictions: every verdict their phone got, before and after the stop"
