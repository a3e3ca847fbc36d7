"""Issue 25, item 8: the review shows its first decision as soon as it is reviewed, the rest fill
in with their progress shown, and stepping through what is ready never waits for the rest."""

from __future__ import annotations

import pytest

import threading

import pygame
from tests.support.app_helpers import close_app, frames, key, open_app, run_until

from game.review import costliest, review_game
from scenes.model.options import PlayOptions
from scenes.results.scene import ResultsScene
from scenes.review import model as review_model
from scenes.review.scene import ReviewScene


@pytest.mark.slow
def test_the_first_decision_is_on_screen_while_the_others_are_still_being_reviewed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real = review_model.review_point
    gate = threading.Event()
    second_asked = threading.Event()
    calls = []

    def gated(point, rollouts, seed):  # type: ignore[no-untyped-def]
        calls.append(point)
        if len(calls) == 2:  # the first decision is in: hold the rest until the screen was looked at
            second_asked.set()
            gate.wait(120)
        return real(point, rollouts, seed)

    monkeypatch.setattr(review_model, "review_point", gated)
    app = open_app(PlayOptions(mode="demo", seed=6, step_delay=0))
    try:
        run_until(app, lambda a: isinstance(a.manager.active, ResultsScene), seconds=60)
        game = app.manager.active.outcome.game  # type: ignore[attr-defined]
        key(pygame.K_v)
        frames(app, 1)
        review = app.manager.active
        assert isinstance(review, ReviewScene) and review.seats == (0, 1, 2, 3)
        assert second_asked.wait(120)
        frames(app, 1)
        shown = review.last_frame
        first = review_game(game.rules, 4, game.seed, game.rounds, [0], rollouts=review.job.rollouts)
        assert shown.decision == first[0]  # seat 0's first decision, in game order, at once
        assert shown.progress == (1, review.job.total) and not review.job.done
        key(pygame.K_RIGHT)  # nothing more is ready: the step stays on what is
        frames(app, 1)
        assert review.last_frame.decision == first[0]
        key(pygame.K_TAB)  # another seat: reviewed next
        frames(app, 1)
        assert review.job._waiting[0].seat == 1
        key(pygame.K_TAB)
        key(pygame.K_TAB)
        key(pygame.K_TAB)  # back to seat 0
        gate.set()
        run_until(app, lambda a: review.job.done, seconds=120)
        frames(app, 1)
        assert review.last_frame.decision == costliest(first)[0]  # all in: costliest first
    finally:
        gate.set()
        close_app()
