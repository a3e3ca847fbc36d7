"""Issue 53: two lessons of one class from raw WebSocket phones - the second warm-up follows the
class: a class that answered everything right and one that answered everything wrong get different
puzzles, the missed ones come back first; the ratings move the right way, and the report names a
student's themes only past the minimum of answers."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from tests.store.test_puzzle_ratings import with_lead
from tests.support.app_helpers import key
from tests.support.class_helpers import close_app, lobby_of, open_class_app, play_clients, run_until
from tests.support.puzzle_positions import card_puzzle

from classroom.progress import MIN_THEME_ANSWERS
from classroom.protocol import PuzzleQuestion
from classroom.simclient import SimClient, phone_address
from game.puzzles.rating import START_RATING
from store.history import open_history
from store.puzzles import add_puzzles, stored_puzzles
from store.ratings import class_learning
from scenes.classroom.lobby import LobbyScene
from scenes.classroom.warmup import WarmupScene

pytestmark = pytest.mark.slow  # a server, three phones, four lessons

NAMES = ("Ana", "Ben", "Cem")


def lesson(class_name: str, right: bool, students: list[str], reports: Path) -> tuple[list[int], list[str]]:
    """One lesson of ``class_name``: a warm-up of two puzzles that every phone answers (all right, or all
    wrong), then the room closes; the puzzles asked, in order, and the phones' keys."""
    with open_history() as history:
        best = {stored.id: stored.puzzle.best for stored in stored_puzzles(history)}

    def solve(question: PuzzleQuestion) -> int:
        if right:
            return best[question.id]
        answers = list(question.hand) if question.kind == "card" else list(range(4))
        return next(answer for answer in answers if answer != best[question.id])

    app = open_class_app(None, puzzles=2, class_name=class_name, seed=3, report_dir=reports)  # type: ignore[arg-type]
    try:
        scene = app.manager.active
        assert isinstance(scene, WarmupScene)
        url = f"http://127.0.0.1:{app.screens.lesson.server.port}"  # type: ignore[union-attr]
        clients = [SimClient(url, "TEST", name, address=phone_address(index), student=student, solve=solve)
                   for index, (name, student) in enumerate(zip(NAMES, students))]
        phones = play_clients(clients)
        for number in (1, 2):
            run_until(app, lambda n=number: scene.last_frame.number == n and scene.last_frame.state == "asking"
                      and scene.last_frame.answered == len(NAMES))
            key(pygame.K_SPACE)  # the answers
            run_until(app, lambda n=number: all(len(c.puzzle_verdicts) == n for c in clients))
            key(pygame.K_SPACE)  # the next puzzle, or the lobby
        run_until(app, lambda: isinstance(app.manager.active, LobbyScene))
        assert all(verdict["right"] == right for c in clients for verdict in c.puzzle_verdicts)
        asked = list(dict.fromkeys(s["puzzle"]["id"] for s in clients[0].states if s.get("ask") == "puzzle"))
        lobby_of(app).lesson.close()  # type: ignore[union-attr]
    finally:
        close_app()
    phones.join(30)
    return asked, [client.student for client in clients]


def test_the_second_warm_up_follows_the_class_and_brings_back_what_it_missed(tmp_path: Path) -> None:
    with open_history() as history:
        add_puzzles(history, [with_lead(card_puzzle(), lead, game) for game, lead in
                              enumerate((1.0, 2.0, 4.0, 6.0, 9.0, 12.0, 15.0, 18.0), 1)])
    first_right, strong = lesson("7a", True, ["", "", ""], tmp_path / "7a")
    first_wrong, weak = lesson("7b", False, ["", "", ""], tmp_path / "7b")
    second_right, _keys = lesson("7a", True, strong, tmp_path / "7a")
    second_wrong, _keys = lesson("7b", False, weak, tmp_path / "7b")
    assert sorted(second_wrong) == sorted(first_wrong)  # both missed: due again, first
    assert not set(second_right) & set(first_right) and second_right != second_wrong
    with open_history() as history:
        up, down = class_learning(history, "7a"), class_learning(history, "7b")
    for student in strong:
        ratings = [rating.rating for _lesson, rating in up.steps[student]]
        assert len(ratings) == 2 and START_RATING < ratings[0] < ratings[1]
    for student in weak:
        ratings = [rating.rating for _lesson, rating in down.steps[student]]
        assert len(ratings) == 2 and START_RATING > ratings[0] > ratings[1]
    page = max((tmp_path / "7b").glob("*.html"), key=lambda path: path.stat().st_mtime).read_text(encoding="utf-8")
    assert page.count("Puzzle rating after each lesson: lesson 1: ") == len(NAMES)
    for _theme, _right, asked in re.findall(r"(?:Strongest|Weakest) theme: ([^(]+) \((\d+) of (\d+) right\)", page):
        assert int(asked) >= MIN_THEME_ANSWERS
