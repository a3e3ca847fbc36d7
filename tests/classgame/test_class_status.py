"""Issue 25, item 1: the class game never blames a student when it waits for the teacher.

With Auto off (the A key), once every phone has answered the projector says "Auto paused -
Space to go on" and every phone says it waits for the teacher; a student who has taken a row is
no longer named while the table has yet to show it."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from tests.support.app_helpers import key
from tests.support.class_helpers import CODE, close_app, in_game, lobby_of, open_class_app, play_clients, run_until, url_of
from tests.conftest import needs
from classroom.simclient import SimClient
from scenes.classroom.table import ClassTableScene
from live.session import Stage

pytestmark = [needs("aiohttp"), needs("pygame")]


def test_with_auto_off_the_table_waits_for_the_teacher_and_says_so_everywhere(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=11)
    try:
        phone = SimClient(url_of(app), CODE, "Cem", rng=random.Random(3))
        background = play_clients([phone])
        run_until(app, lambda: len(lobby_of(app).server.room.taken_seats()) == 1)  # type: ignore[union-attr]
        lobby_of(app).start()
        assert in_game(app)
        table = app.manager.active
        assert isinstance(table, ClassTableScene) and table.auto
        key(pygame.K_a)  # the Auto key (docs/teaching.md): off
        app.run_frame(0.02)
        assert not table.auto
        session = table.class_session
        run_until(app, lambda: session.table.stage in (Stage.REVEALED, Stage.PLACED))  # the phone has played
        run_until(app, lambda: any(state.get("waiting_teacher") for state in phone.states))
        assert "Auto paused - Space to go on" in table.room_parts()
        assert not any("waiting for" in part for part in table.room_parts())
        shown = len(session.table.states)
        for _ in range(20):  # Auto is off: nothing moves until the teacher goes on
            app.run_frame(0.1)
        assert len(session.table.states) == shown
        key(pygame.K_SPACE)
        run_until(app, lambda: len(session.table.states) > shown)
    finally:
        close_app()
    del background  # the phone's loop ends with the app's server


@needs("pygame")
@pytest.mark.parametrize("answered", [False, True])
def test_a_student_who_took_a_row_is_no_longer_named(answered: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The model's rule alone: rule 4 asks seat 0's phone; once it answers (the table has not
    shown the row taken yet), the table waits for nobody, i.e. for the teacher with Auto off."""
    from classroom.class_session import ClassSession
    from classroom.class_views import PhoneViews

    session = ClassSession.__new__(ClassSession)  # only what waiting_seats() reads
    session.questions = {} if answered else {0: object()}  # type: ignore[dict-item]
    session.chosen = {}
    monkeypatch.setattr(ClassSession, "phone_seats", property(lambda self: (0, 1)))
    game = type("Game", (), {"awaiting_row_choice": 0, "waiting_for": ()})()
    session.table = SimpleNamespace(stage=Stage.ROW_CHOICE, game=game)  # type: ignore[assignment]
    assert PhoneViews(session).waiting_seats() == (((), False) if answered else ((0,), True))
