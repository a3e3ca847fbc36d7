"""Small slips: plural forms, what Enter does in a name field, the scoreboard's rows open games."""

from __future__ import annotations

import pytest

from dataclasses import replace

import pygame
from tests.support.app_helpers import click, close_app, frames, key, open_app, table, type_text

from game.engine import Placement, Rule
from game.rules import CLASSIC
from scenes.kit import theme
from scenes.menu.scene import MenuScene
from scenes.model.options import PlayOptions
from scenes.rules.scene import rules_text
from live.session import preview_caption, Stage, TableSession
from live.seats import seats_for
from scenes.table.players import fitting_detail



def test_one_card_and_one_point_are_singular() -> None:
    app = open_app(PlayOptions(mode="solo", seed=3))
    scene = table(app)
    frames(app)
    one = Placement(0, 0, 1, 7, 0, (5,), 1, Rule.LOW_CARD)
    view = replace(scene.view(), stage=Stage.PLACED, last=one)
    assert scene._seat_detail(view, 1) == "AI (random) - took 1 card"
    assert scene._seat_detail(replace(view, last=one._replace(taken=(5, 6))), 1) == "AI (random) - took 2 cards"
    details = scene._seat_details(view, 1)
    assert details == ("AI (random) - took 1 card", "took 1 card", "1 card"), "shorter forms for a narrow seat"
    font = theme.font(theme.MIN_FONT_SIZE)
    assert fitting_detail(details, font.size(details[0])[0]) == details[0]
    assert fitting_detail(details, font.size(details[1])[0]) == "took 1 card"
    assert fitting_detail(details, 5) == "1 card", "nothing fits: the shortest"
    close_app()


def test_the_rules_screen_and_the_previews_count_points_right() -> None:
    marks = rules_text(CLASSIC)[3][2].marks
    assert all(text.startswith(" point:" if value == 1 else " points") for value, text in marks), marks
    session = TableSession(seats_for("solo"), seed=3, rules=CLASSIC)
    for card in range(1, 105):
        parts = preview_caption(session, card)
        for number, word in zip(parts, parts[1:]):
            if isinstance(number, int) and isinstance(word, str) and word.strip(" ,").startswith(("card", "point")):
                assert word.strip(" ,") in (("card", "point") if number == 1 else ("cards", "points")), parts
    session.close()


def test_the_menu_footer_says_what_enter_does_in_a_name_field(drawn: list[str]) -> None:
    app = open_app(PlayOptions())
    menu = app.manager.active
    assert isinstance(menu, MenuScene)
    menu.focus = menu.items().index("name:0")
    type_text("Zoe")
    frames(app)
    footer = [label for label in drawn if "Enter" in label and "field" in label]
    assert footer and "next field" in footer[-1] and "Enter: choose" not in footer[-1]
    key(pygame.K_RETURN)                             # does what the footer says: the next field
    frames(app)
    assert menu.focused_name == 1 and menu.names["solo"][0].endswith("Zoe")
    close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_scoreboard_row_opens_the_game() -> None:
    from scenes.kit.layout import scale_for
    from scenes.scoreboard.scene import ScoreboardScene, scoreboard_layout

    app = open_app(PlayOptions(mode="demo", seed=9, step_delay=0))
    from scenes.results.scene import ResultsScene

    for _ in range(400):
        if isinstance(app.manager.active, ResultsScene):
            break
        key(pygame.K_SPACE)
        frames(app)
    app.screens.go_menu()
    frames(app)
    key(pygame.K_s)
    frames(app)
    board = app.manager.active
    assert isinstance(board, ScoreboardScene) and board.games
    size = pygame.display.get_surface().get_size()
    click(scoreboard_layout(size).row_rect(0, scale_for(size)).center)
    frames(app)
    scene = table(app)
    assert scene.replay is not None and scene.replay.info.seed == board.games[0].seed
    close_app()
