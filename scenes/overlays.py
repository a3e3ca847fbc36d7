"""The screens the app opens when a screen asks (Navigator): those shown over the one below (the
rules, the scoreboard, a review, the list of unfinished games, a yes/no question: Esc closes each,
and what was below is as it was), and the class game's room and results."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import Rules

from .model.class_settings import ClassSettings

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .base import Scene
    from .model.class_room import RoomOfTables
    from .model.class_session import ClassSession, OpenRoom
    from .model.saving import RecordSaver
from .model.outcome import Outcome

from .base import AppContext, SceneManager
from .kit.confirm import ConfirmScene
from .menu.resume_list import ResumeListScene
from .model.resume import Kept
from .model.review_source import ReviewSource
from .review.scene import ReviewScene
from .rules.scene import RulesScene
from .scoreboard.scene import ScoreboardScene


class Overlays:
    """Part of the app (:class:`scenes.app.App`): the screens it opens when a screen asks."""

    manager: SceneManager
    ctx: AppContext

    def unfinished_games(self) -> list[Kept]:
        raise NotImplementedError

    def end_session(self) -> None:
        raise NotImplementedError

    saver: RecordSaver
    _exit_after_frame: bool
    room_tables: RoomOfTables | None = None
    """A class room of many tables, while its overview or results are on screen."""

    def go_menu(self) -> None:
        raise NotImplementedError

    def back_over_menu(self, scene: Scene) -> None:
        """``scene`` (a list a replay was opened from) again, over the menu."""
        self.go_menu()
        self.manager.push(scene)

    def show_room(self, tables: RoomOfTables, scene: Scene) -> None:
        """A room of many tables starts a deal: ``scene`` (its overview) shows it."""
        self.end_session()
        self.room_tables = tables
        self.manager.switch(scene)

    def show_room_results(self, tables: RoomOfTables, settings: ClassSettings, addresses: Sequence[str]) -> None:
        """Every table of the room is done: the class's results."""
        from .classroom.room_results import RoomResultsScene

        self.manager.switch(RoomResultsScene(self.ctx, tables, settings, addresses))
        if self.ctx.options.exit_at_end:
            self._exit_after_frame = True

    def save_table(self, session: ClassSession, room: str, table: int) -> str:
        """One table's finished game, saved as its own record (with the room and table in it);
        ``""`` once saved, else the line saying why it was not."""
        written = self.saver.written
        line = self.saver.save(session, room=room, table=table)
        return "" if self.saver.written > written else line

    def open_class_room(self, settings: ClassSettings) -> None:
        """A class room's lobby, or (the port is taken...) a lobby that says why it cannot open."""
        from .classroom.lobby import lobby_scene  # the class game's packages (aiohttp, segno) load only for it

        self.end_session()
        self.manager.switch(lobby_scene(self.ctx, settings))

    def show_class_results(self, outcome: Outcome, settings: ClassSettings, room: OpenRoom | None = None) -> None:
        """A class game's results: its new deals go on in ``room`` (the same code and phones)."""
        from .classroom.table import ClassResultsScene  # the class game's packages load only for it

        self.manager.switch(ClassResultsScene(self.ctx, outcome, settings, room))

    def show_rules(self, rules: Rules) -> None:
        from .menu.scene import MenuScene

        self.manager.push(RulesScene(self.ctx, rules, game_waits=not isinstance(self.manager.active, MenuScene)))

    def show_scoreboard(self) -> None:
        self.manager.push(ScoreboardScene(self.ctx))

    def show_unfinished(self) -> None:
        self.manager.push(ResumeListScene(self.ctx, self.unfinished_games()))

    def show_review(self, source: ReviewSource) -> None:
        self.manager.push(ReviewScene(self.ctx, source))

    def ask(self, title: str, body: str, *, yes_label: str, no_label: str, on_yes: Callable[[], None],
            on_no: Callable[[], None] | None = None) -> None:
        """A yes/no question over the screen; "no" closes it unless ``on_no`` says otherwise."""
        self.manager.push(ConfirmScene(self.ctx, title, body, yes_label=yes_label, no_label=no_label,
                                       on_yes=on_yes, on_no=on_no or self.manager.pop))

    def close_overlay(self) -> None:
        self.manager.pop()
