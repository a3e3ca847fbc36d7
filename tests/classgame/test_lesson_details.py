"""Issue 25, item 9: small things that misled a lesson - a drawn 19-digit seed in the top bar,
the rules screen opened from the menu saying "The game waits", the class button's key hint lost
in German."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.support.app_helpers import close_app, frames, key, open_app, table
from tests.conftest import needs
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


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
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
        hint_size = theme.hint_px(layout.font_button * 5 // 9)
        from game.i18n import _

        hint = _("C: students join by phone")
        assert theme.font(hint_size).size(hint)[0] <= rect.width - 8, (code, hint)
    finally:
        close_app()
        use_language("en")


@pytest.mark.slow
def test_a_game_opened_from_the_scoreboard_says_replay_and_esc_goes_back_to_the_list() -> None:
    from scenes.results.scene import ResultsScene
    from scenes.scoreboard.scene import ScoreboardScene
    from scenes.table.hints import hint_line
    from scenes.table.top_bar import _game_names

    app = open_app(PlayOptions(mode="demo", seed=12, step_delay=0))
    try:
        while not isinstance(app.manager.active, ResultsScene):  # two finished games in the history
            frames(app)
        key(pygame.K_p)  # New deal
        frames(app)
        while not isinstance(app.manager.active, ResultsScene):
            frames(app)
        key(pygame.K_ESCAPE)  # the menu
        frames(app)
        key(pygame.K_s)
        frames(app)
        board = app.manager.active
        assert isinstance(board, ScoreboardScene) and len(board.games) == 2
        key(pygame.K_DOWN)
        frames(app)
        selected = board.selected
        key(pygame.K_RETURN)  # replay the second game of the list
        frames(app)
        scene = table(app)
        assert scene.replay is not None
        names = _game_names(scene.frame((1280, 720)))
        assert "".join(map(str, names[0])).startswith("Replay: ")
        footer = hint_line(scene.frame((1280, 720)))
        assert "Esc: back to the list" in footer and "Esc: leave" not in footer  # what Esc does here
        key(pygame.K_ESCAPE)
        frames(app)
        assert app.manager.active is board and board.selected == selected  # the list, where it was
        assert len(board.games) == 2
        key(pygame.K_ESCAPE)
        frames(app)
        assert type(app.manager.active).__name__ == "MenuScene"
    finally:
        close_app()


def test_the_full_row_slot_says_both_words_in_german_at_1280x720(drawn: list[str]) -> None:
    from scenes.model.language import use_language

    use_language("de")
    app = open_app(PlayOptions(mode="demo", seed=3, step_delay=0), size=(1280, 720))
    try:
        frames(app, 3)
        assert "6." in drawn and "nimmt" in drawn
    finally:
        close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_lobby_sets_the_time_limit_and_the_next_room_opens_with_the_last_choices() -> None:
    from scenes.classroom.lobby import LobbyScene
    from scenes.classroom.overview import OverviewScene
    from classroom.class_settings import ClassSettings

    app = open_app(PlayOptions(class_game=ClassSettings(port=0, host="127.0.0.1", code="K7QP"), step_delay=0))
    try:
        frames(app)
        lobby = app.manager.active
        assert isinstance(lobby, LobbyScene) and lobby.settings.time_limit is None
        key(pygame.K_l)
        key(pygame.K_l)  # off -> 20 s -> 30 s
        key(pygame.K_t)  # many tables
        key(pygame.K_p)  # everyone predicts (from "watchers predict")
        frames(app)
        assert lobby.settings.time_limit == 30.0 and lobby.settings.many_tables and lobby.settings.predict is True
        key(pygame.K_RETURN)
        frames(app, 2)
        overview = app.manager.active
        assert isinstance(overview, OverviewScene)
        assert {session.time_limit for session in overview.tables.sessions} == {30.0}
        overview.tables.close()
    finally:
        close_app()
    app = open_app(PlayOptions(), size=(1280, 720))  # the next lesson: the menu's Class game
    try:
        frames(app)
        key(pygame.K_c)
        frames(app)
        lobby = app.manager.active
        assert isinstance(lobby, LobbyScene)
        assert lobby.settings.time_limit == 30.0 and lobby.settings.tables == 0 and lobby.settings.predict is True
        app.screens.end_lesson()
    finally:
        close_app()


def test_the_port_a_teacher_chose_is_remembered_and_a_damaged_one_is_not() -> None:
    from classroom.class_settings import ClassSettings, remembered_choices, with_remembered

    chosen = remembered_choices(ClassSettings(port=8070, predict=False))
    assert with_remembered(ClassSettings(), chosen).port == 8070
    assert with_remembered(ClassSettings(), chosen).predict is False
    for damaged in (0, 70000, "8070", True, None):
        assert with_remembered(ClassSettings(), {**chosen, "port": damaged}).port == 8066


@pytest.mark.slow
def test_m_turns_on_the_sound_cues_everyone_has_chosen_and_a_row_taken_and_they_are_remembered(tmp_path: Path) -> None:
    """Issue 25, item 12: an optional sound cue, off by default, a key toggles it."""
    import random

    from tests.support.class_helpers import CODE, game_finished, lobby_of, open_class_app, play_clients, run_until, url_of

    from classroom.simclient import SimClient
    from scenes.classroom.table import ClassTableScene
    from scenes.kit.sound import SOUND_KEY, tone
    from scenes.model.settings import saved

    assert len(tone(880.0, 0.1)) == 2 * 2205  # 16-bit samples, a tenth of a second
    app = open_class_app(tmp_path / "class.jsonl", seed=8)
    try:
        phone = SimClient(url_of(app), CODE, "Ana", rng=random.Random(1))
        playing = play_clients([phone])
        run_until(app, lambda: phone.token is not None)
        lobby_of(app).start()
        table = app.manager.active
        assert isinstance(table, ClassTableScene) and not table.cues.on  # off by default
        key(pygame.K_m)
        app.run_frame(0.02)
        assert table.cues.on and saved(SOUND_KEY) is True
        assert "sound cues on (M)" in table.room_parts()
        run_until(app, lambda: game_finished(app), seconds=120)
        playing.join(30)
        session = table.class_session
        assert table.cues.played.count("chosen") == 7  # every turn, once every card is chosen
        taken = sum(1 for state in session.table.states if state.placement.taken)
        assert table.cues.played.count("taken") == taken
    finally:
        close_app()
