"""Predict mode and the review screen, driven through the real app with pygame events; what is
drawn is checked against the engine's placements and a review made directly."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import click, close_app, frames, key, open_app, run_until, table  # noqa: E402
from game.predict import TAKES, answer_of, question_of  # noqa: E402
from game.review import costliest, review_game  # noqa: E402
from game.timeline import replay_states  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.table.layout import table_layout  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.table.predict_panel import answer_buttons, predict_button  # noqa: E402
from scenes.kit.theme import SMALLEST_WINDOW  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from scenes.review.scene import ReviewScene, review_layout  # noqa: E402
from scenes.scoreboard.scene import ScoreboardScene  # noqa: E402
from scenes.table import TableScene  # noqa: E402

ANSWER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_t)


ROLLOUTS = 120
"""The reviews the app opens here sample fewer deals than the app's default: faster, as exact."""


@pytest.fixture(autouse=True)
def display(tmp_path, monkeypatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("scenes.review.scene.APP_ROLLOUTS", ROLLOUTS)
    yield
    close_app()


def region(rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface().subsurface(rect), "RGB")


def test_predicting_the_worked_example_asks_first_then_reveals_and_scores() -> None:
    app = open_app(PlayOptions(example=True, step_delay=0))
    frames(app, 2)
    scene = table(app)
    scene.auto = False
    states = scene.states
    layout = table_layout(pygame.display.get_surface().get_size())
    start = scene.cursor
    assert start is not None and scene.at_reveal and states[start].placement.card == 7

    key(pygame.K_p)
    key(pygame.K_SPACE)
    frames(app, 2)
    assert (scene.cursor, scene.at_reveal) == (start, True)  # nothing revealed before the guess
    assert scene.predictor.last_frame.question == "Where will Celia's 7 go?"
    key(pygame.K_t)
    frames(app, 2)
    assert (scene.cursor, scene.at_reveal) == (start, False)
    assert scene.predictor.last_frame.verdict == "Right: Celia's 7 took a row"

    ghost = layout.row_card_rect(0, 3)  # where the 23 would be previewed after 9 12 21
    assert region(ghost) == pygame.image.tobytes(scene.painter.background.image.subsurface(ghost), "RGB")  # no preview: it is the answer
    click(scene.predictor.button_rect.center)  # off: the preview is back
    frames(app, 1)
    assert region(ghost) != pygame.image.tobytes(scene.painter.background.image.subsurface(ghost), "RGB")
    key(pygame.K_p)
    key(pygame.K_SPACE)
    frames(app, 2)
    assert scene.cursor == start
    assert scene.predictor.last_frame.question == "Where will Alice's 23 go?"
    key(pygame.K_1)
    frames(app, 2)
    assert scene.cursor == start + 1 and states[scene.cursor].placement.card == 23
    assert scene.predictor.last_frame.verdict == "Right: Alice's 23 went to row 1"
    assert scene.predictor.last_frame.tally == "2 of 2 right"

    key(pygame.K_SPACE)
    frames(app, 2)
    assert scene.predictor.last_frame.question == "Where will David's 64 go?"
    click(layout.row_boxes[3].center)  # a click on row 4 answers "row 4"
    frames(app, 2)
    assert scene.predictor.last_frame.verdict == "Not quite: David's 64 went to row 3 (you said row 4)"

    key(pygame.K_SPACE)
    frames(app, 2)
    assert scene.predictor.last_frame.question == "Where will Bob's 88 go?"
    click(answer_buttons(layout)[TAKES].center)
    frames(app, 2)
    assert scene.predictor.last_frame.verdict == "Right: Bob's 88 took a row"
    assert scene.predictor.last_frame.tally == "3 of 4 right"

    key(pygame.K_LEFT)
    key(pygame.K_RIGHT)  # a placement already guessed is not asked again
    frames(app, 2)
    assert scene.cursor == start + 3 and scene.predictor.last_frame.question == ""
    assert app.ctx.predicting.tally_of(scene.replay.game).text() == "3 of 4 right"


def play(app: App, rng: random.Random) -> int:
    """Play to the results through keys, answering every question at random; questions asked."""
    asked = 0

    def act(a: App) -> None:
        nonlocal asked
        scene = a.manager.active
        if not isinstance(scene, TableScene):
            return
        if scene.predictor.question() is not None:
            asked += 1
            key(rng.choice(ANSWER_KEYS))
            return
        stage = scene.session.stage.value
        key(pygame.K_2 if stage == "row choice" else pygame.K_RETURN if stage in ("curtain", "choose")
            else pygame.K_SPACE)

    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene), act, seconds=120, dt=0.5)  # guards need time
    return asked


def check_tally(app: App, asked: int) -> None:
    results = app.manager.active
    assert isinstance(results, ResultsScene)
    game = results.outcome.game
    tally = app.ctx.predicting.tally_of(game)
    placements = [p for turn in game.rounds[0].turns for p in turn.placements]
    assert asked == tally.total == len(placements) == 28
    for verdict, placement in zip(tally.verdicts, placements):
        assert verdict.question == question_of(placement) and verdict.answer == answer_of(placement)
        assert verdict.right == (verdict.guess == answer_of(placement))


@pytest.mark.slow
def test_a_solo_game_with_predict_on_then_its_review_from_the_results() -> None:
    app = open_app(PlayOptions(mode="solo", seed=11, step_delay=0))
    frames(app, 2)
    key(pygame.K_p)
    check_tally(app, play(app, random.Random(3)))
    results = app.manager.active
    game = results.outcome.game

    key(pygame.K_v)
    frames(app, 1)
    review = app.manager.active
    assert isinstance(review, ReviewScene) and review.seats == (0,)
    run_until(app, lambda a: review.job.done, seconds=60)
    frames(app, 1)
    expected = costliest(review_game(game.rules, 4, game.seed, game.rounds, [0], rollouts=ROLLOUTS))
    assert review.last_frame.decision == expected[0] and review.last_frame.progress == (7, 7)
    states = replay_states(game.rules, 4, game.seed, game.rounds)
    first = next(s for s in states if s.turn == expected[0].turn)
    assert review.last_frame.rows == first.rows_before  # the table as it was at that decision
    assert review.last_frame.hand == expected[0].hand and expected[0].played in expected[0].hand

    layout = review_layout(pygame.display.get_surface().get_size())
    click(layout.next_button.center)
    key(pygame.K_RIGHT)
    frames(app, 1)
    assert review.last_frame.decision == expected[2]
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert app.manager.active is results


@pytest.mark.slow
def test_hotseat_with_predict_on_plays_to_the_end() -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=5, step_delay=0))
    frames(app, 2, dt=1.0)
    key(pygame.K_RETURN)  # the first curtain
    frames(app, 2, dt=1.0)
    assert table(app).explain is False
    key(pygame.K_p)
    frames(app, 1)
    assert table(app).explain is True  # every reveal comes with its explanation
    check_tally(app, play(app, random.Random(4)))
    key(pygame.K_v)
    frames(app, 1)
    review = app.manager.active
    assert isinstance(review, ReviewScene) and review.seats == (0, 1, 2, 3)
    run_until(app, lambda a: review.job.done, seconds=60)
    key(pygame.K_TAB)
    frames(app, 1)
    assert review.last_frame.seat == 1 and review.last_frame.decision.seat == 1


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_scoreboard_reviews_a_saved_game_with_f2() -> None:
    app = open_app(PlayOptions(mode="demo", seed=2, step_delay=0))
    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene), seconds=60)
    key(pygame.K_m)
    frames(app, 1)
    key(pygame.K_s)
    frames(app, 2)
    assert isinstance(app.manager.active, ScoreboardScene)
    key(pygame.K_F2)
    frames(app, 1)
    review = app.manager.active
    assert isinstance(review, ReviewScene)
    assert review.seats == (0, 1, 2, 3) and review.source.title == "Game 1 of the history"
    run_until(app, lambda a: review.job.done, seconds=60)
    frames(app, 1)
    assert review.last_frame.decision is not None
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert isinstance(app.manager.active, ScoreboardScene)


@pytest.mark.parametrize("size", [SMALLEST_WINDOW, (1280, 720), (1920, 1080)])
def test_the_review_and_the_question_fit_the_window(size: tuple[int, int]) -> None:
    window = pygame.Rect((0, 0), size)
    layout = review_layout(size)
    for rect in (layout.caption, *layout.rows, layout.options, layout.hand, layout.prev_button,
                 layout.next_button, layout.seat_button, layout.back, layout.hints):
        assert window.contains(rect)
    assert layout.row_card_rect(0, 5).right <= layout.rows[0].right
    table = table_layout(size)
    for rect in answer_buttons(table).values():
        assert table.explain_area.contains(rect)
    assert table.top_bar.contains(predict_button(table))


@pytest.mark.parametrize("size", [SMALLEST_WINDOW, (1280, 720)])
def test_the_answer_buttons_are_never_cut_short(size: tuple[int, int], drawn: list[str]) -> None:
    app = open_app(PlayOptions(mode="demo", seed=2, step_delay=0), size)
    frames(app, 2)
    key(pygame.K_p)
    frames(app, 2)
    assert "Takes a row" in drawn or "Takes" in drawn, "the question is on screen"
    answers = [label for label in drawn if label.startswith(("Ro", "Ta")) or label in ("1", "2", "3", "4")]
    assert answers and not [label for label in answers if "…" in label]
