"""Scenes, the app-level inputs they receive, the scene manager, and what scenes ask of the app.

Only the app loop reads pygame events; it turns them into :class:`Input`
values (a key, a click, a mouse move, typed text) and hands them to the
active scene.  Scenes therefore never touch the event queue, which keeps
them easy to drive from tests.

The app owns the clock and the scenes' lives (as Tuxemon's state manager and
arcade's views do): the manager calls each scene's hooks as it comes and goes
(:meth:`Scene.on_show`, :meth:`Scene.on_hide`, :meth:`Scene.on_close`) and
when the window changes size (:meth:`Scene.on_resize`); the app pumps what
lives on whatever screen is on top (a class lesson: :class:`Live`).  A scene
asks for another screen through :class:`Navigator` and never touches the
stack itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, Sequence

import pygame

from .kit.cards import CardArt
from .kit.digits import DigitSprites
from .model.options import PlayOptions
from .model.predict_memory import PredictMemory

if TYPE_CHECKING:
    from game.rules import Rules

    from classroom.class_room import RoomOfTables, TableSaved
    from classroom.class_session import ClassSession
    from classroom.class_settings import ClassSettings
    from .puzzles.practice import PracticeSettings
    from .model.review_source import ReviewSource
    from .model.replay import Replay
    from live.resume import Kept
    from live.session import TableSession


class InputKind(Enum):
    KEY = "key"
    CLICK = "click"
    MOVE = "move"
    TEXT = "text"


@dataclass(frozen=True)
class Input:
    """One user action, already translated from a pygame event."""

    kind: InputKind
    key: int = 0
    pos: tuple[int, int] = (0, 0)
    text: str = ""

    def is_key(self, *keys: int) -> bool:
        """Whether this is a key press of one of ``keys``."""
        return self.kind is InputKind.KEY and self.key in keys


CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NEXT_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT)


DEFAULT_SIZE = (1280, 720)
"""The size a scene lays out for before the app tells it the window's (no window yet)."""


def window_size() -> tuple[int, int]:
    """The window's size now (:data:`DEFAULT_SIZE` without a window)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return surface.get_size() if surface is not None else DEFAULT_SIZE


class Scene:
    """One screen.  ``draw`` only reads state; time arrives through ``update(dt)``; the window's
    size through :meth:`on_resize`."""

    opaque = True
    """False for overlays (e.g. a confirm dialog) that show the scene below."""

    def __init__(self, ctx: "AppContext") -> None:
        self.ctx = ctx
        self.mouse: tuple[int, int] = (-1, -1)
        self.size: tuple[int, int] = window_size()
        """The window's size, as the app last said (:meth:`on_resize`): layouts are made from it."""

    # The scene's life, called by the scene manager:
    def on_resize(self, size: tuple[int, int]) -> None:
        """The window is ``size`` (called when the scene is put on the stack and at every change)."""
        self.size = size

    def on_show(self) -> None:
        """The scene is on top: put there, or what covered it was closed."""

    def on_hide(self) -> None:
        """The scene is no longer on top: covered by another, or taken off."""

    def on_close(self) -> None:
        """The scene is taken off the stack for good."""

    @property
    def game_in_progress(self) -> bool:
        """True while closing the window would lose an unfinished game."""
        return False

    @property
    def steps_table(self) -> object | None:
        """The class table this screen steps on while it is on top (its placements move with its
        frames); the lesson paces every other (``None``: none)."""
        return None

    def handle_event(self, inp: Input) -> None:
        if inp.kind in (InputKind.MOVE, InputKind.CLICK):
            self.mouse = inp.pos

    def update(self, dt: float) -> None:
        """Advance timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any state."""

    def frame_presented(self) -> str | None:
        """Called after each shown frame; a name asks the app for a screenshot of it."""
        return None


class SceneManager:
    """A stack of scenes: the top one gets the inputs; overlays draw over the ones below.  Each
    change calls the scenes' hooks: the one leaving the top is hidden (and closed if taken off),
    the one arriving is told the window's size and shown."""

    def __init__(self, size: Callable[[], tuple[int, int]] = window_size) -> None:
        self.stack: list[Scene] = []
        self._size = size

    @property
    def active(self) -> Scene:
        return self.stack[-1]

    def switch(self, scene: Scene) -> None:
        """Replace every scene with ``scene``."""
        gone, self.stack = self.stack, [scene]
        if gone:
            gone[-1].on_hide()
        for old in reversed(gone):
            if old is not scene:
                old.on_close()
        self._arrived(scene)

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].on_hide()
        self.stack.append(scene)
        self._arrived(scene)

    def pop(self) -> None:
        if len(self.stack) > 1:
            gone = self.stack.pop()
            gone.on_hide()
            gone.on_close()
            self.stack[-1].on_show()

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size: every scene lays out again."""
        for scene in self.stack:
            scene.on_resize(size)

    def _arrived(self, scene: Scene) -> None:
        scene.on_resize(self._size())
        scene.on_show()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                start = index
                break
        return self.stack[start:]

    def game_in_progress(self) -> bool:
        return any(scene.game_in_progress for scene in self.stack)


class Live(Protocol):
    """What lives whatever screen is on top (a class lesson: its phones, its tables, its reviews):
    the app pumps it every frame and closes it when it is left."""

    def pump(self, dt: float) -> None: ...
    def close(self) -> None: ...


class Navigator(Protocol):
    """The app's side of screen changes, so scenes need not import each other.  Each call says
    what the screen wants; only the app changes the scene stack."""

    def go_menu(self) -> None: ...
    def start_game(self, mode: str, names: Sequence[str], seed: int | None = None,
                   kinds: Sequence[str] | None = None, rules: str | None = None) -> None: ...
    def game_over(self, session: "TableSession") -> None: ...
    def replay_over(self, replay: "Replay") -> None: ...
    def start_replay(self, replay: "Replay", first: int = 0, auto: bool = True,
                     at_reveal: bool = False, back_to: "Scene | None" = None) -> None: ...
    def quit(self, code: int) -> None: ...
    def records_path(self) -> Path: ...
    def open_class_room(self, settings: "ClassSettings") -> None: ...
    def show_room(self, tables: "RoomOfTables", settings: "ClassSettings", addresses: Sequence[str]) -> None: ...
    def show_room_results(self, tables: "RoomOfTables", settings: "ClassSettings",
                          addresses: Sequence[str]) -> None: ...
    def save_table(self, session: "ClassSession", room: str | None, table: int | None,
                   finishing: str | None = None) -> "TableSaved": ...
    def show_join_code(self) -> None: ...
    def open_room_table(self, table: int) -> None: ...
    def show_warmup(self, count: int) -> None: ...
    def practise_puzzles(self, settings: "PracticeSettings") -> None: ...
    # Screens shown over the one below (Esc closes them, and what was below is as it was):
    def show_rules(self, rules: "Rules") -> None: ...
    def show_scoreboard(self) -> None: ...
    def show_unfinished(self) -> None: ...
    def show_review(self, source: "ReviewSource") -> None: ...
    def ask(self, title: str, body: str, *, yes_label: str, no_label: str, on_yes: Callable[[], None],
            on_no: Callable[[], None] | None = None) -> None: ...
    def close_overlay(self) -> None: ...
    def unfinished_games(self) -> "list[Kept]": ...
    def resume_game(self, key: str | None = None) -> None: ...


@dataclass
class AppContext:
    """What every scene may use: the art, the options, and the way to change screens."""

    sprites: DigitSprites
    art: CardArt
    options: PlayOptions
    manager: SceneManager
    nav: Navigator
    predicting: PredictMemory = field(default_factory=PredictMemory)
    """Predict mode as last chosen, and each game's tally (the results show it)."""
