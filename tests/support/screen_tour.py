"""Every screen of the app, driven with real inputs: for the text-size test and for screenshots.

:func:`tour` opens the app at one window size and walks through the menu
(each mode, a name being typed, the resume button and the list of unfinished
games), the table (a hand with a card selected and hints, the curtain, its
take-back button and question, revealed
cards, each rule with the explain panel, a rule-4 row choice, looking back),
a classic game, the class game's screens and its warm-up of puzzles, the worked
example, the rules, both questions (Esc and the window's close button), the results,
the review, the scoreboard and the practice screen's puzzles.  After each screen is drawn it calls ``seen(name)``.
"""

from __future__ import annotations

from typing import Callable

import pygame
from tests.support.app_helpers import close_app, frames, key, look, move, open_app, run_until, table, type_text

from game.engine import Rule
from tests.support.screen_tour_players import tour_players
from tests.support.screen_tour_class import tour_class
from tests.support.screen_tour_puzzles import tour_puzzles
from tests.support.screen_tour_warmup import tour_warmup
from tests.support.screen_tour_table import tour_table
from scenes.table.layout import table_layout
from scenes.app import App
from scenes.model.options import PlayOptions
from scenes.results.scene import ResultsScene
from live.session import Stage

Seen = Callable[[str], None]
SOLO_ROW_CHOICE_SEED = 2
"""A solo game whose human plays a card lower than every row (playing the lowest card each turn)."""


def _size() -> tuple[int, int]:
    return pygame.display.get_surface().get_size()


def tour(size: tuple[int, int], seen: Seen) -> None:
    """Every screen at ``size``; ``seen(name)`` after each is drawn."""
    _menu(size, seen)
    _solo(size, seen)
    _hotseat(size, seen)
    _demo(size, seen, "snap")
    _demo(size, seen, "classic")
    tour_players(size, seen)
    tour_table(size, seen)
    tour_class(size, seen)
    tour_warmup(size, seen)
    _example(size, seen)
    _resume_list(size, seen)
    tour_puzzles(size, seen)


def _menu(size: tuple[int, int], seen: Seen) -> None:
    app = open_app(PlayOptions(), size=size)
    frames(app)
    seen("menu")
    for mode_key, name in ((pygame.K_2, "menu hot-seat"), (pygame.K_3, "menu demo")):
        key(mode_key)
        frames(app)
        seen(name)
    key(pygame.K_1)
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    frames(app)
    menu = app.manager.active
    menu.focus = menu.items().index("name:0")  # type: ignore[attr-defined]
    type_text("Ann")
    frames(app)
    seen("menu typing a name")
    key(pygame.K_s)  # typed into the name, not the scoreboard
    key(pygame.K_F1)
    frames(app)
    seen("rules (snap)")
    key(pygame.K_ESCAPE)
    frames(app)
    close_app()


def _solo(size: tuple[int, int], seen: Seen) -> None:
    app = open_app(PlayOptions(mode="solo", seed=SOLO_ROW_CHOICE_SEED, step_delay=0), size=size)
    scene = table(app)
    session = scene.session
    assert session is not None
    frames(app)
    seen("table: a hand")
    look(app)
    key(pygame.K_h)
    key(pygame.K_RIGHT)
    frames(app)
    layout = table_layout(_size())
    move(layout.hand_card_rect(3, len(session.game.hand(0))).center)
    frames(app)
    seen("table: a card selected, hints on")
    key(pygame.K_h)
    key(pygame.K_ESCAPE)
    frames(app)
    seen("question: leave the game")
    key(pygame.K_n)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    seen("question: close the window")
    key(pygame.K_n)
    frames(app)
    rules_seen: set[Rule] = set()
    looked_back = False
    for _ in range(600):
        if not isinstance(app.manager.stack[0], type(scene)) or scene.session is None:
            break
        stage = session.stage
        if stage is Stage.CHOOSE:
            look(app)
            key(pygame.K_HOME)
            key(pygame.K_RETURN)
        elif stage is Stage.ROW_CHOICE:
            frames(app)
            seen("table: rule 4, the human picks a row")
            key(pygame.K_2)
        else:
            if stage is Stage.REVEALED and not scene.explain:
                key(pygame.K_e)
            key(pygame.K_SPACE)
        frames(app)
        last = session.last
        if session.stage is Stage.PLACED and last is not None and last.rule not in rules_seen:
            rules_seen.add(last.rule)
            seen(f"table: rule {int(last.rule)} explained")
        if len(session.states) >= 6 and not looked_back:
            looked_back = True
            for _ in range(3):
                key(pygame.K_LEFT)
                frames(app)
                seen("table: looking back" + (" at revealed cards" if scene.at_reveal else ""))
            key(pygame.K_END)
            frames(app)
    assert isinstance(app.manager.active, ResultsScene), app.manager.active
    frames(app)
    seen("results")
    _review(app, seen)
    key(pygame.K_m)
    frames(app)
    key(pygame.K_s)
    frames(app)
    seen("scoreboard")
    close_app()


def _review(app: App, seen: Seen) -> None:
    """The review of the game just played (a few sampled deals: the words matter here, not the figures)."""
    from scenes.review import scene as review_scene

    rollouts, review_scene.APP_ROLLOUTS = review_scene.APP_ROLLOUTS, 8
    try:
        key(pygame.K_v)
        frames(app)
        seen("review: reviewing")
        review = app.manager.active
        assert isinstance(review, review_scene.ReviewScene), review
        run_until(app, lambda _app: review.job.done, seconds=60)
        frames(app)
        seen("review: the costliest decision")
        key(pygame.K_RIGHT)
        frames(app)
        seen("review: the next decision")
        key(pygame.K_ESCAPE)
        frames(app)
    finally:
        review_scene.APP_ROLLOUTS = rollouts


def _hotseat(size: tuple[int, int], seen: Seen) -> None:
    app = open_app(PlayOptions(mode="hotseat", seed=3, step_delay=0), size=size)
    session = table(app).session
    assert session is not None
    frames(app)
    seen("curtain")
    look(app)
    key(pygame.K_RETURN)
    look(app)
    key(pygame.K_RETURN)
    key(pygame.K_RETURN)
    frames(app)
    seen("curtain with take back")
    key(pygame.K_BACKSPACE)
    frames(app)
    seen("take back question")
    close_app()


def _resume_list(size: tuple[int, int], seen: Seen) -> None:
    """The menu's list of unfinished games (two left, then forgotten again)."""
    from store.history import open_history
    from store.kept import drop_unfinished, unfinished_games

    app = open_app(PlayOptions(), size=size)
    for mode, seed in (("hotseat", 4), ("demo", 5)):
        app.screens.start_game(mode, ["Ana", "Ben", "Cy", "Dan"], seed)
        frames(app)
        app.screens.go_menu()
        frames(app)
    seen("menu with games to resume")
    key(pygame.K_u)
    frames(app)
    seen("unfinished games")
    close_app()
    with open_history(import_legacy=False) as history:
        for kept in unfinished_games(history):
            drop_unfinished(history, kept.game)


def _demo(size: tuple[int, int], seen: Seen, rules: str) -> None:
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=0, rules=rules), size=size)
    scene = table(app)
    scene.auto = False
    session = scene.session
    assert session is not None
    frames(app)
    seen(f"demo ({rules}): revealed")
    key(pygame.K_SPACE)
    frames(app)
    seen(f"demo ({rules}): placed, explained")
    key(pygame.K_F1)
    frames(app)
    seen(f"rules ({rules})")
    close_app()


def _example(size: tuple[int, int], seen: Seen) -> None:
    app = open_app(PlayOptions(example=True, step_delay=0), size=size)
    frames(app)
    seen("worked example: revealed")
    key(pygame.K_RIGHT)
    frames(app)
    seen("worked example: rule 4 and why")
    close_app()
