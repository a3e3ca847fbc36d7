"""Issue 44: the class's warm-up - ``class --puzzles 2`` with four raw phones: every phone gets both
puzzles and a verdict for each, whose best answer is the one ``puzzles list --json`` prints; the
projector asks, counts the answers, shows them; the answers are kept in the lesson; then the
lobby goes on and the game is played."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from tests.support.app_helpers import key
from tests.support.class_helpers import close_app, game_finished, lobby_of, open_class_app, play_clients, run_until
from tests.support.puzzle_positions import card_puzzle, row_puzzle

from classroom.simclient import SimClient, phone_address
from store.history import open_history
from store.puzzles import add_puzzles
from store.students import lesson_puzzle_answers
from scenes.classroom.lobby import LobbyScene
from scenes.classroom.warmup import WarmupScene

pytestmark = pytest.mark.slow  # a server, four phones and a whole game

PROJECT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Ben", "Cem", "Dee")


def listed_puzzles() -> dict[int, dict[str, object]]:
    """``main.py puzzles list --json``, as a teacher runs it, by puzzle id."""
    result = subprocess.run([sys.executable, "main.py", "puzzles", "list", "--json"], cwd=PROJECT, env=os.environ,
                            capture_output=True, text=True, timeout=120, check=True)
    return {item["id"]: item for item in json.loads(result.stdout)}


def warmup_of(app: object) -> WarmupScene:
    scene = app.manager.active  # type: ignore[attr-defined]
    assert isinstance(scene, WarmupScene), scene
    return scene


def test_four_phones_answer_both_puzzles_and_their_verdicts_name_the_listed_best(tmp_path: Path) -> None:
    with open_history(import_legacy=False) as history:
        add_puzzles(history, [card_puzzle(), row_puzzle()])
    listed = listed_puzzles()
    app = open_class_app(None, puzzles=2, class_name="7b", seed=3, report_dir=tmp_path / "reports")  # type: ignore[arg-type]
    try:
        scene = warmup_of(app)
        assert scene.last_frame.state == "asking" and scene.last_frame.of == 2
        url = f"http://127.0.0.1:{app.screens.lesson.server.port}"  # type: ignore[union-attr]
        clients = [SimClient(url, "TEST", name, address=phone_address(index))
                   for index, name in enumerate(NAMES)]
        phones = play_clients(clients)
        for number in (1, 2):
            run_until(app, lambda n=number: scene.last_frame.number == n and scene.last_frame.state == "asking"
                      and scene.last_frame.answered == 4 and scene.last_frame.asked == 4)
            key(pygame.K_SPACE)  # the class's answers
            run_until(app, lambda n=number: all(len(c.puzzle_verdicts) == n for c in clients))
            frame = scene.last_frame
            assert frame.state == "shown" and sum(count for _answer, count in frame.counts) == 4
            assert frame.best == listed[frame.puzzle]["best"]  # type: ignore[index]
            key(pygame.K_SPACE)  # the next puzzle; after the last, the lobby
        run_until(app, lambda: isinstance(app.manager.active, LobbyScene))
        run_until(app, lambda: all(c.received[-1][1]["type"] == "lobby" for c in clients))  # the lobby again
        asked = {c.name: [s["puzzle"]["id"] for s in c.states if s.get("ask") == "puzzle"] for c in clients}
        for client in clients:
            ids = list(dict.fromkeys(asked[client.name]))
            assert len(ids) == 2 and set(ids) == set(listed)
            assert [v["id"] for v in client.puzzle_verdicts] == ids
            for verdict in client.puzzle_verdicts:
                assert verdict["best"] == listed[verdict["id"]]["best"]
                assert verdict["answer"] == client.puzzle_answers[verdict["id"]]
                assert verdict["right"] == (verdict["answer"] == verdict["best"])
                assert verdict["right"] == (verdict["cost"] == 0)
            assert client.student  # a class: each phone got its key
        lesson = lobby_of(app).lesson
        assert lesson is not None and lesson.book is not None and lesson.book.number is not None
        with open_history(import_legacy=False) as history:
            kept = lesson_puzzle_answers(history, lesson.book.number)
        assert sorted((a.name, a.puzzle) for a in kept) == sorted((n, p) for n in NAMES for p in listed)
        assert {a.student for a in kept} == {c.student for c in clients}
        key(pygame.K_RETURN)  # the game
        run_until(app, lambda: game_finished(app), seconds=60)
        phones.join(30)
    finally:
        close_app()
