"""Stepping shows each turn's revealed cards before its first placement; totals change on landing."""

from __future__ import annotations

import pygame
from tests.support.app_helpers import close_app, frames, key, open_app, table

from scenes.model.options import PlayOptions
from live.session import Stage


def test_back_from_a_turns_first_placement_shows_its_cards_revealed_none_placed() -> None:
    app = open_app(PlayOptions(mode="demo", seed=17, step_delay=0))
    scene = table(app)
    scene.auto = False
    session = scene.session
    frames(app)
    while session.stage is not Stage.REVEALED:
        key(pygame.K_SPACE)
        frames(app)
    revealed_rows, revealed_scores = session.game.rows, tuple(session.game.scores)
    key(pygame.K_SPACE)                              # the first placement of turn 1
    frames(app)
    assert session.stage is Stage.PLACED and len(session.states) == 1
    assert scene.can_go_back(), "Back is not greyed at a turn's first placement"
    key(pygame.K_LEFT)
    frames(app)
    frame = scene.last_frame
    assert frame.past and frame.stage is Stage.REVEALED and frame.cursor == 0
    assert frame.rows == revealed_rows and frame.scores == revealed_scores
    assert not scene.can_go_back(), "nothing before the first reveal of the game"
    key(pygame.K_RIGHT)                              # forward: the first placement again, live
    frames(app)
    assert scene.cursor is None and scene.last_frame.stage is Stage.PLACED


def test_a_rows_total_and_the_takers_points_change_when_the_card_lands() -> None:
    app = open_app(PlayOptions(mode="demo", seed=17, step_delay=1.0))
    scene = table(app)
    scene.auto = False
    session = scene.session
    frames(app)
    for _ in range(200):                             # until a placement takes a row
        key(pygame.K_SPACE)
        frames(app, 1, dt=0.0)
        if session.stage is Stage.PLACED and session.states[-1].placement.taken:
            break
        frames(app, 1, dt=1.0)                       # let each card land
    state = session.states[-1]
    placement = state.placement
    assert placement.taken and scene.motion is not None
    rules = session.rules
    frame = scene.last_frame
    assert frame.moving
    assert frame.row_totals[placement.row] == rules.penalty_of(state.rows_before[placement.row])
    assert frame.scores[placement.player] == state.scores[placement.player] - placement.penalty
    frames(app, 1, dt=0.1)                           # still flying
    assert scene.last_frame.row_totals[placement.row] == rules.penalty_of(state.rows_before[placement.row])
    frames(app, 1, dt=1.0)                           # landed
    frame = scene.last_frame
    assert not frame.moving
    assert frame.row_totals[placement.row] == rules.penalty_of(state.rows[placement.row])
    assert frame.scores[placement.player] == state.scores[placement.player]
    close_app()
