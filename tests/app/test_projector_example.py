"""The worked example starts before its first placement, says what it is, and explains Celia."""

from __future__ import annotations

import pygame
from tests.support.app_helpers import close_app, frames, key, open_app, table

from game.scenarios import WORKED_EXAMPLE_ROWS
from scenes.model.options import PlayOptions
from live.session import Stage



def test_the_worked_example_opens_on_the_revealed_cards_and_names_itself(drawn: list[str]) -> None:
    app = open_app(PlayOptions(example=True, step_delay=0))
    scene = table(app)
    frames(app)
    frame = scene.last_frame
    assert frame.stage is Stage.REVEALED and frame.rows == WORKED_EXAMPLE_ROWS, "nothing placed yet"
    assert sorted(scene.view().turn_cards) == [7, 23, 64, 88]
    assert "The worked example of the rules" in drawn
    assert not any(label.strip() in ("Watch 4 AIs", "Seed") for label in drawn)
    assert not any("AI (random)" in label for label in drawn), "the example's players are people"
    key(pygame.K_RIGHT)                              # the 7: rule 4
    frames(app)
    explain = scene.last_frame.explain
    assert explain[-2] == "Celia took row 4 (9 points), not the cheapest: row 2 (6)"
    assert explain[-1] == "Why? Now Bob's 88 will take row 3 (21 points)"
    close_app()


def test_a_rule_4_choice_that_causes_nothing_says_the_cheapest_is_the_careful_one() -> None:
    from game.engine import Placement, Rule
    from game.rules import SNAP
    from scenes.table.explainer import explain_panel

    rows = ((9, 12, 21), (19, 24), (33, 42), (69, 72, 81))
    placement = Placement(0, 0, 2, 7, 3, (69, 72, 81), 9, Rule.LOW_CARD)
    panel = explain_panel(rows, placement, SNAP, ("A", "B", "C", "D"), later=((0, 23),))
    assert panel.text_lines()[-1] == "Any row may be taken; the cheapest is the safe choice"
