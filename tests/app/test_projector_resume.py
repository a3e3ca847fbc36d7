"""A close request during a game asks first; an unfinished game is kept and resumed exactly."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from tests.support.app_helpers import click, close_app, frames, key, open_app, table

from store.history import open_history

from store.kept import keep_unfinished, unfinished_games
from store.unfinished import parse_unfinished
from scenes.kit.confirm import CloseQuestion, ConfirmScene
from scenes.menu.layout import menu_layout
from scenes.menu.scene import MenuScene
from scenes.model.options import PlayOptions
from live.session import Stage


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(folder))
    return folder


def close_request() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def kept_text() -> str | None:
    """The latest unfinished game kept."""
    with open_history(import_legacy=False) as history:
        kept = unfinished_games(history)
    return kept[0].state if kept else None


def play_turns(app, turns: int) -> None:  # type: ignore[no-untyped-def]
    """The human plays their lowest card by keyboard; placements go on until ``turns`` turns are done."""
    session = table(app).session
    assert session is not None
    target = session.game.turn + turns
    for _ in range(400):
        if session.game.turn >= target and session.stage is Stage.CHOOSE:
            return
        if session.stage is Stage.CHOOSE:
            frames(app, 1, dt=1.0)  # past the moment the hand ignores inputs after a phase change
            key(pygame.K_HOME)      # select the lowest card
            key(pygame.K_RETURN)    # play it
        elif session.stage is Stage.ROW_CHOICE:
            key(pygame.K_1)
        else:
            key(pygame.K_SPACE)
        frames(app)
    raise AssertionError("the turns did not end")


def snapshot(session):  # type: ignore[no-untyped-def]
    game = session.game
    return (session.stage, game.rows, game.hands, tuple(game.scores), game.chosen_cards, game.round, game.turn,
            len(session.states), len(session.states), session.turn_cards)


def test_a_close_request_mid_game_asks_and_keep_playing_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    app = open_app(PlayOptions(mode="solo", seed=3))
    frames(app, 2)
    close_request()
    frames(app)
    assert app.exit_code is None, "the X of the window must not end a game without asking"
    assert isinstance(app.manager.active, CloseQuestion)
    key(pygame.K_n)                                  # Keep playing
    frames(app)
    assert app.exit_code is None and not isinstance(app.manager.active, ConfirmScene)
    close_app()
    assert capsys.readouterr().err == ""


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_closing_keeps_the_game_and_the_menu_resumes_it_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    app = open_app(PlayOptions(mode="solo", seed=11, names=("Ann", "AI 1", "AI 2", "AI 3")))
    frames(app)
    play_turns(app, 3)
    session = table(app).session
    assert session is not None
    frames(app, 1, dt=1.0)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)          # the human's card of turn 4
    frames(app)
    before = snapshot(session)
    close_request()
    frames(app)
    key(pygame.K_y)                                  # Close
    frames(app)
    close_app()
    assert app.exit_code == 1
    assert "kept; the menu offers to resume it" in capsys.readouterr().err
    kept = parse_unfinished(kept_text() or "")
    assert kept.seed == 11 and kept.seats[0] == ("Ann", "human")

    app = open_app(PlayOptions())
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and "turn 4" in menu.resume_label
    click(menu_layout((1280, 720)).resume.center)
    frames(app)
    resumed = table(app).session
    assert resumed is not None and resumed is not session
    assert snapshot(resumed) == before
    assert resumed.stage is Stage.REVEALED and table(app).last_frame is not None
    assert table(app).last_frame.rows == before[1]
    close_app()


def test_a_hot_seat_game_resumes_behind_the_curtain_with_a_secret_card_still_chosen() -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=5))
    frames(app)
    session = table(app).session
    assert session is not None and session.stage is Stage.CURTAIN
    frames(app, 1, dt=1.0)
    key(pygame.K_RETURN)                             # Player 1 is ready
    frames(app, 1, dt=1.0)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)                             # ... and plays a card: secret
    frames(app)
    assert session.stage is Stage.CURTAIN and session.chooser == 1
    chosen = session.game.chosen_cards
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_y)                                  # Leave: back to the menu, the game kept
    frames(app)
    assert isinstance(app.manager.active, MenuScene)
    key(pygame.K_u)
    frames(app)
    resumed = table(app).session
    assert resumed is not None
    assert resumed.stage is Stage.CURTAIN and resumed.chooser == 1
    assert table(app).last_frame is not None and table(app).last_frame.curtain
    assert resumed.game.chosen_cards == chosen
    close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_kept_game_is_replaced_each_turn_and_dropped_when_the_game_ends() -> None:
    app = open_app(PlayOptions(mode="solo", seed=2))
    frames(app)
    first = parse_unfinished(kept_text() or "")
    play_turns(app, 1)
    second = parse_unfinished(kept_text() or "")
    assert sum(map(len, second.cards)) > sum(map(len, first.cards))
    session = table(app).session
    assert session is not None
    for _ in range(400):
        if session.stage is Stage.OVER or app.manager.active is not table(app):
            break
        play_turns(app, 1) if session.game.turn < 6 else None
        if session.stage is Stage.CHOOSE:
            frames(app, 1, dt=1.0)
            key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
        else:
            key(pygame.K_1 if session.stage is Stage.ROW_CHOICE else pygame.K_SPACE)
        frames(app)
    assert session.game.is_over
    assert kept_text() is None
    close_app()


def test_with_record_file_the_question_says_the_game_is_not_kept(tmp_path: Path, data_dir: Path) -> None:
    app = open_app(PlayOptions(mode="solo", seed=3, record=tmp_path / "g.jsonl"))
    frames(app, 2)
    close_request()
    frames(app)
    question = app.manager.active
    assert isinstance(question, CloseQuestion) and "not be recorded" in question.body
    key(pygame.K_n)
    key(pygame.K_ESCAPE)
    frames(app)
    assert "not be recorded" in app.manager.active.body  # type: ignore[attr-defined]
    close_app()
    assert not (data_dir / "history.sqlite3").exists(), "--record leaves the history alone"


@pytest.mark.parametrize("mode,rules_name", [("solo", "snap"), ("hotseat", "snap"), ("demo", "classic"),
                                             ("hotseat", "classic")])
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_any_moment_of_a_game_resumes_to_the_same_table(mode: str, rules_name: str) -> None:
    """Random games stopped at random steps (a card chosen, a row asked for, between turns and
    rounds) come back with the same stage, rows, hands, scores, secret choices and history."""
    import random

    from game.rules import rules_named
    from live.resume import resume_session, unfinished_of_session
    from live.session import TableSession
    from live.seats import seats_for

    rng = random.Random(f"{mode}-{rules_name}")
    rules = rules_named(rules_name)
    for trial in range(40):
        session = TableSession(seats_for(mode), seed=trial, rules=rules, mode=mode)
        for _ in range(rng.randrange(0, 60 if rules_name == "snap" else 240)):
            if session.stage is Stage.OVER:
                break
            if session.stage is Stage.CURTAIN:
                session.dismiss_curtain()
            elif session.stage is Stage.CHOOSE:
                session.choose(rng.choice(session.game.hand(session.chooser)))
            elif session.stage is Stage.ROW_CHOICE:
                session.pick_row(rng.randrange(4))
            else:
                session.advance()
        if session.stage is Stage.OVER:
            continue
        resumed = resume_session(parse_unfinished(unfinished_of_session(session).to_json()))
        expected = snapshot(session)
        if session.stage is Stage.CHOOSE and session.uses_curtain:
            expected = (Stage.CURTAIN, *expected[1:])   # hot-seat: the curtain first
        assert snapshot(resumed) == expected, (trial, session.stage)
        assert resumed.states == session.states and resumed.chooser == session.chooser
        session.close()
        resumed.close()


def test_a_damaged_kept_game_is_not_offered_and_breaks_nothing() -> None:
    with open_history(import_legacy=False) as history:
        keep_unfinished(history, "damaged", '{"format": "6takes-unfinished/1", "mode": "solo", "seed": -1}')
    app = open_app(PlayOptions())
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.resume_label == "" and "resume" not in menu.items()
    key(pygame.K_u)
    frames(app)
    assert app.manager.active is menu and app.exit_code is None
    close_app()
