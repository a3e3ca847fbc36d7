"""Issue 25, item 9: small things that misled a lesson - a drawn 19-digit seed in the top bar,
the rules screen opened from the menu saying "The game waits", the class button's key hint lost
in German."""

from __future__ import annotations

import pygame
import pytest

from app_helpers import close_app, frames, key, open_app, table
from conftest import needs
from game.i18n import LANGUAGES
from scenes.model.options import PlayOptions

pytestmark = needs("pygame")


@pytest.mark.parametrize("seed, shown", [(42, True), (4742405168353424384, False)])
def test_the_top_bar_shows_a_typed_seed_but_not_a_drawn_one(seed: int, shown: bool) -> None:
    from scenes.table.top_bar import _game_names

    app = open_app(PlayOptions(mode="demo", seed=seed, step_delay=0))
    try:
        frames(app)
        scene = table(app)
        names = _game_names(scene.frame((1280, 720)))
        assert any(str(seed) in "".join(map(str, parts)) for parts in names) is shown
    finally:
        close_app()


def test_the_rules_from_the_menu_do_not_say_a_game_waits() -> None:
    from scenes.rules.scene import RulesScene

    app = open_app(PlayOptions())
    try:
        key(pygame.K_F1)  # from the menu
        frames(app)
        rules = app.manager.active
        assert isinstance(rules, RulesScene) and not rules.game_waits
        key(pygame.K_ESCAPE)
        frames(app)
    finally:
        close_app()
    app = open_app(PlayOptions(mode="demo", seed=3, step_delay=0))
    try:
        frames(app)
        key(pygame.K_F1)  # over a game
        frames(app)
        rules = app.manager.active
        assert isinstance(rules, RulesScene) and rules.game_waits
    finally:
        close_app()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_class_button_keeps_its_key_hint_in_every_language(code: str) -> None:
    from scenes.kit import theme
    from scenes.menu.class_button import class_button_rect
    from scenes.menu.layout import menu_layout
    from scenes.model.language import use_language

    use_language(code)
    open_app(PlayOptions())  # fonts ready, at 1280x720
    try:
        layout = menu_layout((1280, 720))
        rect = class_button_rect(layout, 1280)
        hint_size = theme.text_px(layout.font_button * 5 // 9)
        from game.i18n import _

        hint = _("C: students join by phone")
        assert theme.font(hint_size).size(hint)[0] <= rect.width - 8, (code, hint)
    finally:
        close_app()
        use_language("en")
