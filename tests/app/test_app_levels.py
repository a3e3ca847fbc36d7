"""AI levels in the app: chosen in the menu, played through the real loop, thinking off the UI thread."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import (  # noqa: E402
    history_records,
    click, close_app, frames, key, open_app, play_by_keys, run_until, stage, table,
)
from game.players.options import AgentOptions  # noqa: E402
from game.players.agents import RandomAgent  # noqa: E402
from game.engine import PlayerView, Rule  # noqa: E402
from game.play import play_seeded_game, players_rng  # noqa: E402
from game.rules import SNAP  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.menu.layout import menu_layout  # noqa: E402
from scenes.menu.scene import MenuScene  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from live.session import Stage, TableSession
from live.seats import Seat, seats_for
from scenes.table import TableScene  # noqa: E402

THINK_MS = 5.0
"""Tiny thinking time for mc players: the tests check the flow, not the play."""


@pytest.fixture(autouse=True)
def display(tmp_path, monkeypatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    yield
    close_app()


def size_of(app: App) -> tuple[int, int]:
    return pygame.display.get_surface().get_size()


def menu(app: App) -> MenuScene:
    scene = app.manager.active
    assert isinstance(scene, MenuScene), scene
    return scene


def finish_solo(app: App) -> None:
    """Play the solo human's lowest card every turn and step on until the results."""
    def act(app: App) -> None:
        st = stage(app)
        if st is Stage.CHOOSE:
            play_by_keys(app)
        elif st is Stage.ROW_CHOICE:
            key(pygame.K_1)
        elif st in (Stage.REVEALED, Stage.PLACED):
            key(pygame.K_SPACE)

    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene), act)


class Blocking:
    """A computer player that decides only when the test lets it (a slow thinker on demand)."""

    kind = "slow"

    def __init__(self, block_cards: bool = True) -> None:
        self.go = threading.Event()
        self.block_cards = block_cards
        self.asked = threading.Event()

    def choose_card(self, view: PlayerView) -> int:
        self.asked.set()
        if self.block_cards:
            assert self.go.wait(30), "the test never let the player decide"
        return min(view.hand)

    def choose_row(self, view: PlayerView) -> int:
        self.asked.set()
        assert self.go.wait(30), "the test never let the player decide"
        return 0


class Lowest:
    kind = "lowest"

    def choose_card(self, view: PlayerView) -> int:
        return min(view.hand)

    def choose_row(self, view: PlayerView) -> int:
        return 0


# ----------------------------------------------------------------- the menu
@pytest.mark.slow
def test_levels_are_chosen_by_mouse_and_keyboard_and_played() -> None:
    app = open_app(PlayOptions(step_delay=0, seed=4, think_ms=THINK_MS))
    layout = menu_layout(size_of(app))
    scene = menu(app)
    assert [scene.level_of(i) for i in range(4)] == ["human", "random", "random", "random"]
    click(layout.kinds[1].center)                   # mouse: seat 2 random -> heuristic
    frames(app)
    assert scene.level_of(1) == "heuristic"
    click(layout.kinds[0].center)                   # a human seat has no level
    frames(app)
    assert scene.level_of(0) == "human"
    scene.focus = scene.items().index("kind:2")     # keyboard: L, Right and Left on the focused level
    key(pygame.K_l)
    key(pygame.K_RIGHT)
    frames(app)
    assert scene.level_of(2) == "mc"
    key(pygame.K_LEFT)
    key(pygame.K_l)
    frames(app)
    assert scene.level_of(2) == "mc"
    key(pygame.K_TAB)                               # Tab reaches the next seat's name, then its level
    key(pygame.K_TAB)
    frames(app)
    assert scene.focused_item == "kind:3"
    key(pygame.K_SPACE)
    frames(app)
    assert [scene.level_of(i) for i in range(4)] == ["human", "heuristic", "mc", "heuristic"]
    assert scene.all_level() == "mixed"
    click(layout.all_kinds.center)                  # "All AIs": mixed -> random -> heuristic
    click(layout.all_kinds.center)
    frames(app)
    assert scene.all_level() == "heuristic"
    key(pygame.K_a)                                 # A (no name being edited): every AI -> mc
    frames(app)
    assert [scene.level_of(i) for i in range(4)] == ["human", "mc", "mc", "mc"]
    scene.cycle_level(1, step=-1)                   # seat 2 back to heuristic
    click(layout.start.center)
    frames(app)
    session = table(app).session
    assert session is not None
    assert [s.kind for s in session.seats] == ["human", "heuristic", "mc", "mc"]
    assert [s.name for s in session.seats] == ["Player 1", "AI 1", "AI 2", "AI 3"]
    assert session.players.thinker.threaded
    finish_solo(app)
    assert len(session.states) == 28
    records = history_records()
    assert [p.kind for p in records[-1].players] == ["human", "heuristic", "mc", "mc"]
    key(pygame.K_m)                                 # the menu offers the same seats again
    frames(app)
    assert [menu(app).level_of(i) for i in range(4)] == ["human", "heuristic", "mc", "mc"]


def test_typing_in_a_name_field_never_changes_a_level() -> None:
    app = open_app(PlayOptions(step_delay=0))
    layout = menu_layout(size_of(app))
    scene = menu(app)
    click(layout.names[1].center)
    for letter in "Lola":
        key(getattr(pygame, f"K_{letter.lower()}"))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    frames(app)
    assert scene.names["solo"][1] == "Lola"  # typing replaces the default name
    assert scene.level_of(1) == "random"


@pytest.mark.slow
def test_demo_with_mixed_levels_plays_a_whole_game_through_the_loop() -> None:
    kinds = ("heuristic", "mc", "random", "mc")
    app = open_app(PlayOptions(mode="demo", seed=8, step_delay=0, kinds=kinds, think_ms=THINK_MS))
    scene = table(app)
    session = scene.session
    assert session is not None and scene.auto
    assert [s.name for s in session.seats] == ["AI 1", "AI 2", "AI 3", "AI 4"]
    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene))
    assert len(session.states) == 28
    assert session.closed and session.game.is_over
    record = history_records()[-1]
    assert [p.kind for p in record.players] == list(kinds)
    assert record.seed == 8


def test_a_threaded_session_plays_the_seeded_game_of_its_kinds() -> None:
    """Decisions run on the worker in seat order: the game is the engine's, decision for decision."""
    kinds = ("heuristic", "mc", "random", "heuristic")
    options = AgentOptions(rollouts=2)  # an mc player reproducible from the seed
    session = TableSession(seats_for("demo", kinds=kinds), seed=12, mode="demo", options=options)
    assert session.players.thinker.threaded
    for _ in range(2000):
        if session.stage is Stage.OVER:
            break
        session.wait(10)
        session.advance()
    assert session.stage is Stage.OVER
    assert session.game.scores == play_seeded_game(SNAP, kinds, 12, options).scores
    session.close()


def test_random_players_decide_at_once_on_the_calling_thread() -> None:
    session = TableSession(seats_for("solo"), seed=33)
    assert not session.players.thinker.threaded
    assert session.players.agents[0] is None
    assert all(isinstance(agent, RandomAgent) for agent in session.players.agents[1:])
    assert session.stage is Stage.CHOOSE and session.game.waiting_for == (0,)
    session.close()


# ------------------------------------------------------------ responsiveness
def test_the_window_stays_responsive_while_an_ai_thinks() -> None:
    app = open_app(PlayOptions(step_delay=0))
    slow = Blocking()
    seats = seats_for("solo")
    session = TableSession(seats, seed=5, agents=[None, slow, RandomAgent(players_rng(5)), Lowest()])
    assert session.players.thinker.threaded
    app.screens.show_session(session, TableScene(app.ctx, session))
    scene = table(app)
    frames(app)
    assert slow.asked.wait(10)
    play_by_keys(app)                    # the human plays while AI 1 still thinks
    frames(app)
    assert session.stage is Stage.THINKING
    assert session.thinking_players == (1, 2, 3)   # AI 2 and AI 3 wait their turn behind AI 1
    assert session.caption() == ["AI 1, AI 2 and AI 3 are choosing a card..."]
    drawn = app.frames
    window = size_of(app)
    key(pygame.K_F11)                    # fullscreen and back, a resize, the rules and back
    frames(app, 3)
    key(pygame.K_F11)
    frames(app, 3)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 640), w=1100, h=640))
    frames(app, 2)
    assert size_of(app) == (1100, 640) != window
    key(pygame.K_F1)
    frames(app)
    assert app.manager.active.__class__.__name__ == "RulesScene"
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.manager.active is scene
    key(pygame.K_SPACE)                  # "Next" has nothing to do yet
    frames(app, 5)
    assert app.frames >= drawn + 15
    assert session.stage is Stage.THINKING and not session.states
    assert scene.last_frame is not None and scene.last_frame.stage is Stage.THINKING
    assert not session.game.has_chosen(1)
    slow.go.set()
    run_until(app, lambda a: session.stage is Stage.REVEALED, seconds=10)
    assert session.game.has_chosen(1) and len(session.turn_cards) == 4
    key(pygame.K_SPACE)
    frames(app)
    assert len(session.states) == 1


def test_the_game_waits_for_an_ai_thinking_about_its_row() -> None:
    """Seed 1, everyone playing their lowest card: AI 1's first card fits no row."""
    slow = Blocking(block_cards=False)
    seats = tuple(Seat(f"AI {i + 1}", "lowest") for i in range(4))
    session = TableSession(seats, seed=1, mode="demo", agents=[Lowest(), slow, Lowest(), Lowest()])
    for _ in range(40):
        session.wait(10) if session.stage is Stage.THINKING else None
        if session.game.awaiting_row_choice == 1:
            break
        session.advance()
    assert session.game.awaiting_row_choice == 1
    assert slow.asked.wait(10)
    before = len(session.states)
    assert session.thinking_players == (1,) and not session.can_advance
    assert session.advance() is None and len(session.states) == before
    slow.go.set()
    assert session.wait(10)
    placement = session.advance()
    assert placement is not None and placement.player == 1 and placement.rule is Rule.LOW_CARD
    assert placement.row == 0
    session.close()


def test_leaving_while_an_ai_thinks_closes_the_session() -> None:
    app = open_app(PlayOptions(step_delay=0))
    slow = Blocking()
    session = TableSession(seats_for("demo"), seed=5, mode="demo", agents=[slow, Lowest(), Lowest(), Lowest()])
    app.screens.show_session(session, TableScene(app.ctx, session, auto=True))
    frames(app)
    assert session.stage is Stage.THINKING
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_y)                      # "Leave"
    frames(app)
    assert isinstance(app.manager.active, MenuScene)
    assert session.closed and app.session is None
    slow.go.set()


def test_the_menu_chooses_the_rules_preset_by_key_and_by_mouse() -> None:
    from game.rules import CLASSIC

    from scenes.rules.scene import rules_text

    app = open_app(PlayOptions())
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.rules == "snap"
    key(pygame.K_r)
    frames(app)
    assert menu.rules == "classic"
    click(menu_layout(pygame.display.get_surface().get_size()).preset.center)
    frames(app)
    assert menu.rules == "snap"
    key(pygame.K_r)
    key(pygame.K_3)  # watch 4 AIs
    key(pygame.K_RETURN)
    frames(app)
    assert app.session is not None and app.session.game.rules is CLASSIC
    rule_4_marks = rules_text(CLASSIC)[3][2].marks
    assert [mark[0] for mark in rule_4_marks] == [2, 3]  # 19 24 and 69 72 81 in classic points


def test_r_switches_the_rules_and_enter_then_starts_the_game() -> None:
    """R is the rules switch, not a move of the focus: the Enters that follow start the game (the
    first used to switch the rules back)."""
    from game.rules import CLASSIC

    app = open_app(PlayOptions())
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene) and menu.focused_item == "mode:solo"
    key(pygame.K_r)
    frames(app)
    assert menu.rules == "classic" and menu.focused_item == "mode:solo"
    key(pygame.K_RETURN)  # the mode focused: chosen, and the focus goes to Start
    frames(app)
    assert menu.rules == "classic"
    key(pygame.K_RETURN)
    frames(app)
    assert app.session is not None and app.session.game.rules is CLASSIC
