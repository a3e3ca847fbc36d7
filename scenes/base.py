"""Scenes, the app-level inputs they receive, and the scene manager.

Only the app loop reads pygame events; it turns them into :class:`Input`
values (a key, a click, a mouse move, typed text) and hands them to the
active scene.  Scenes therefore never touch the event queue, which keeps
them easy to drive from tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, Sequence

import pygame

from .kit.cards import CardArt
from .kit.digits import DigitSprites
from .model.options import PlayOptions

if TYPE_CHECKING:
    from game.rules import Rules

    from .model.class_room import RoomOfTables
    from .model.class_session import ClassSession, OpenRoom
    from .model.class_settings import ClassSettings
    from .model.review_source import ReviewSource
    from .model.outcome import Outcome
    from .model.replay import Replay
    from .model.resume import Kept
    from .model.session import TableSession


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


class Scene:
    """One screen.  ``draw`` only reads state; time arrives through ``update(dt)``."""

    opaque = True
    """False for overlays (e.g. a confirm dialog) that show the scene below."""

    def __init__(self, ctx: "AppContext") -> None:
        self.ctx = ctx
        self.mouse: tuple[int, int] = (-1, -1)

    @property
    def game_in_progress(self) -> bool:
        """True while closing the window would lose an unfinished game."""
        return False

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
    """A stack of scenes: the top one gets the inputs; overlays draw over the ones below."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def active(self) -> Scene:
        return self.stack[-1]

    def switch(self, scene: Scene) -> None:
        """Replace every scene with ``scene``."""
        self.stack = [scene]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()

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


class Navigator(Protocol):
    """The app's side of screen changes, so scenes need not import each other."""

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
    def show_class_results(self, outcome: "Outcome", settings: "ClassSettings",
                           room: "OpenRoom | None" = None) -> None: ...
    def show_room(self, tables: "RoomOfTables", scene: "Scene") -> None: ...
    def show_room_results(self, tables: "RoomOfTables", settings: "ClassSettings",
                          addresses: Sequence[str]) -> None: ...
    def save_table(self, session: "ClassSession", room: str, table: int) -> str: ...
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
