"""A classic game says which round it is, each total against 66, and when the game ends."""

from __future__ import annotations

import pytest

import pygame
from tests.support.app_helpers import close_app, frames, key, open_app, table

from scenes.model.options import PlayOptions
from live.session import Stage



@pytest.mark.slow
def test_a_classic_table_shows_the_round_the_totals_against_66_and_the_end(drawn: list[str]) -> None:
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=0, rules="classic"))
    scene = table(app)
    scene.auto = False
    frames(app)
    assert "Round " in drawn, "round 1 is named too"
    assert drawn.count("of 66") == 4, "each player's points are shown against 66"
    assert "Rounds until " in drawn, "the end, short enough to sit beside the Predict toggle"
    session = scene.session
    while max(session.game.scores) < 66 and not session.game.is_over:
        key(pygame.K_SPACE)
        frames(app)
    drawn.clear()
    frames(app)
    assert not session.game.is_over, "this seed reaches 66 before its last round ends"
    leader = max(range(4), key=lambda p: session.game.scores[p])
    assert f"Last round: {session.name(leader)} reached " in "".join(drawn), "the name is drawn between the words"
    close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_last_placement_of_a_classic_round_leads_to_the_next_round() -> None:
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=0, rules="classic"))
    scene = table(app)
    scene.auto = False
    session = scene.session
    frames(app)
    while not (session.stage is Stage.PLACED and len(session.states) == 40):
        key(pygame.K_SPACE)
        frames(app)
    assert scene.view().next_label == "Next round"
    key(pygame.K_SPACE)
    frames(app)
    assert session.game.round == 1 and session.shown_turn == 0
    close_app()


def test_a_snap_table_stays_as_it_was(drawn: list[str]) -> None:
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=0))
    frames(app)
    assert "Round " not in drawn and drawn.count("points") == 4
    assert not any("66" in label for label in drawn)
    close_app()
