"""The app's side of every screen change (:class:`scenes.base.Navigator`), and what lives across
screens: the game being played, the class lesson, the saving of finished games and the keeping
of unfinished ones.

A screen says what it wants (a game, the menu, the rules over the table...); :class:`Screens`
builds the next screen and is the only one to change the scene stack.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine import new_seed
from game.i18n import _
from game.kinds import HUMAN
from game.rules import Rules, rules_named
from game.table_size import MODE_KINDS

from .base import AppContext, Scene, SceneManager
from .kit.confirm import CloseQuestion, ConfirmScene
from .menu.resume_list import ResumeListScene
from .menu.scene import MenuScene
from live import resume as keeping
from classroom.class_settings import ClassSettings
from .model.options import PlayOptions
from .model.outcome import Outcome
from .model.replay import Replay
from store.unfinished import UnfinishedError, UnfinishedGame

from live.resume import Kept
from .model.review_source import ReviewSource
from .puzzles.practice import PracticeSettings
from .puzzles.scene import PuzzleScene
from live.saving import RecordSaver, error_line
from live.session import TableSession
from live.seats import Seat, seats_for
from .model.view import mode_of_kinds
from .results.scene import ResultsScene
from scenes.model.outcome import outcome_of
from .review.scene import ReviewScene
from .rules.scene import RulesScene
from .scoreboard.scene import ScoreboardScene
from .table import TableScene

if TYPE_CHECKING:
    from .classroom.lobby import LobbyScene
    from classroom.class_room import RoomOfTables, TableSaved
    from classroom.class_session import ClassSession
    from classroom.lesson import Lesson


class ScreensOver:
    """The screens shown over the one below (Esc closes each, and what was below is as it was):
    the rules, the scoreboard, the unfinished games, a review, a yes/no question."""

    def __init__(self, manager: SceneManager) -> None:
        self.manager = manager
        self.ctx: AppContext
        """Set by the app once the context exists (it holds this object as its navigator)."""

    def show_rules(self, rules: Rules) -> None:
        self.manager.push(RulesScene(self.ctx, rules, game_waits=not isinstance(self.manager.active, MenuScene)))

    def show_scoreboard(self) -> None:
        self.manager.push(ScoreboardScene(self.ctx))

    def show_unfinished(self) -> None:
        self.manager.push(ResumeListScene(self.ctx, keeping.kept_in_history()))

    def show_review(self, source: ReviewSource) -> None:
        self.manager.push(ReviewScene(self.ctx, source))

    def ask(self, title: str, body: str, *, yes_label: str, no_label: str, on_yes: Callable[[], None],
            on_no: Callable[[], None] | None = None) -> None:
        """A yes/no question over the screen; "no" closes it unless ``on_no`` says otherwise."""
        self.manager.push(ConfirmScene(self.ctx, title, body, yes_label=yes_label, no_label=no_label,
                                       on_yes=on_yes, on_no=on_no or self.manager.pop))

    def ask_to_close(self, on_yes: Callable[[], None], kept: bool) -> None:
        """The window's close button during a game: ask first (a second close request closes);
        ``kept``: leaving keeps the game for the menu."""
        self.manager.push(CloseQuestion(self.ctx, on_yes=on_yes, on_no=self.manager.pop, kept=kept))

    def asking_to_close(self) -> bool:
        return isinstance(self.manager.active, CloseQuestion)

    def close_overlay(self) -> None:
        self.manager.pop()


class Screens(ScreensOver):
    """Every screen change the screens ask for, and the game and lesson they share."""

    def __init__(self, manager: SceneManager, options: PlayOptions, quit_app: Callable[[int], None],
                 exit_after_frame: Callable[[], None]) -> None:
        super().__init__(manager)
        self.options = options
        self._quit_app = quit_app
        self._exit_after_frame = exit_after_frame
        self.saver = RecordSaver(options.record)
        self.keeper = keeping.Keeper(options.record)
        self.session: TableSession | None = None
        """The live game, if one is on screen or its results are (its bots still run until it is left)."""
        self.lesson: Lesson | None = None
        """The class room open on the projector (the app pumps it whatever screen is on top)."""
        self.last_seats: tuple[Seat, ...] | None = None
        """The seats of the last game, for the menu to offer them again."""
        self.last_mode: str | None = None
        self.rules_name = options.rules
        """The rules preset of the games started (``--rules``, or as last chosen in the menu)."""

    # ------------------------------------------------------------ what is live
    def end_session(self) -> None:
        """The live game is left: stop its thinking and kill its bots (the lesson's room stays)."""
        if self.session is not None:
            self.session.close()
            self.session = None
        if self.lesson is not None:
            self.lesson.end_game()

    def end_lesson(self) -> None:
        """The live game and the class room are left."""
        self.end_session()
        if self.lesson is not None:
            self.lesson.close()
            self.lesson = None

    def live_to_keep(self) -> keeping.ToKeep | None:
        """What the history keeps of the live game, or of the lesson's room of many tables."""
        if self.session is not None:
            return keeping.to_keep(self.session) if keeping.resumable(self.session) else None
        return self.lesson.to_keep() if self.lesson is not None else None

    def keep_unfinished(self) -> bool:
        """Keep the live game (if unfinished) in the history; whether it was (see :class:`Keeper`)."""
        return self.keeper.keep(self.live_to_keep())

    def keep_each_turn(self) -> None:
        """Keep the live game again when it has moved on a turn (the app asks every frame)."""
        self.keeper.keep_each_turn(self.live_to_keep())

    # ------------------------------------------------------------ games
    def go_menu(self) -> None:
        self.keep_unfinished()
        self.end_lesson()
        self.manager.switch(MenuScene(self.ctx, self.last_mode or "solo", seats=self.last_seats,
                                      rules=self.rules_name))

    def show_menu(self) -> None:
        """The menu as the app opens it (nothing was played yet)."""
        self.manager.switch(MenuScene(self.ctx))

    def practise_puzzles(self, settings: PracticeSettings) -> None:  # from the menu, or main.py puzzles
        self.manager.switch(PuzzleScene(self.ctx, settings))

    def start_game(self, mode: str, names: Sequence[str], seed: int | None = None,
                   kinds: Sequence[str] | None = None, rules: str | None = None) -> None:
        """A new game of ``mode``; ``kinds`` (the mode's when ``None``) say who sits where.

        ``ValueError`` if a kind is unknown or a bot command cannot be split."""
        self.end_lesson()
        if mode not in MODE_KINDS:  # e.g. "Replay this deal" after the worked example
            mode = mode_of_kinds(kinds or ())
        seats = seats_for(mode, names, kinds)
        session = TableSession(seats, seed=seed if seed is not None else new_seed(), mode=mode,
                               rules=rules_named(rules or self.rules_name), options=self.options.agent_options())
        self.session = session
        self.last_seats, self.last_mode = seats, mode
        self.rules_name = rules or self.rules_name
        self.manager.switch(TableScene(self.ctx, session, auto=all(seat.kind != HUMAN for seat in seats)))

    def show_session(self, session: TableSession, scene: Scene) -> None:
        """A game another screen started (a resumed one) becomes the live game."""
        self.end_session()
        self.session = session
        self.manager.switch(scene)

    def game_over(self, session: TableSession) -> None:
        """Record the finished game, then show the results (a class game's tables are saved by
        their room: :meth:`show_room_results`)."""
        saved = self.saver.save(session)  # (and what was kept of it, dropped in the same transaction)
        session.record_number = self.saver.last_number
        self.end_session()
        self.manager.switch(ResultsScene(self.ctx, outcome_of(session, saved)))
        if self.options.exit_at_end:
            self._exit_after_frame()

    def start_replay(self, replay: Replay, first: int = 0, auto: bool = True, at_reveal: bool = False,
                     back_to: Scene | None = None) -> None:
        """Show a recorded game from placement ``first`` (``at_reveal``: from its turn's revealed
        cards, before it), stepping by itself (Space pauses) unless ``auto`` is off; ``back_to``:
        the screen it was opened from (the scoreboard's list), which Esc goes back to, over the menu."""
        self.end_lesson()
        scene = TableScene(self.ctx, None, auto=auto, replay=replay, first=first, at_reveal=at_reveal)
        scene.back_to_list = partial(self._back_over_menu, back_to) if back_to is not None else None
        self.manager.switch(scene)

    def _back_over_menu(self, scene: Scene) -> None:
        """``scene`` (a list a replay was opened from) again, over the menu."""
        self.go_menu()
        self.manager.push(scene)

    def replay_over(self, replay: Replay) -> None:
        """The replay's results (a replay is never recorded again)."""
        outcome = Outcome(replay.info, replay.game, _("A replay of a recorded game: nothing new was saved"),
                          replayed=True)
        self.manager.switch(ResultsScene(self.ctx, outcome))
        if self.options.exit_at_end:
            self._exit_after_frame()

    def quit(self, code: int) -> None:
        self._quit_app(code)

    def records_path(self) -> Path:
        """Where finished games go: ``--record FILE``, else the history in the user's data folder."""
        return self.saver.path()

    # ------------------------------------------------------------ unfinished games
    def unfinished_games(self) -> list[Kept]:
        """The unfinished games the menu may offer to resume, the latest first."""
        return keeping.kept_in_history()

    def resume_game(self, key: str | None = None) -> None:
        """Resume unfinished game ``key`` (the latest if ``None``) exactly where it was (hot-seat:
        behind the curtain; a class game: its room open again)."""
        kept = self.keeper.find(key)
        if kept is None:
            return
        try:
            self.resume_kept(kept)
        except UnfinishedError as damage:
            keeping.set_aside(kept.key, str(damage))
            self.go_menu()
        except ValueError as exc:
            error_line(_("cannot resume the unfinished game: {problem}").format(problem=exc))

    def resume_kept(self, kept: Kept) -> None:
        """``ValueError`` if ``kept`` does not replay or its class room cannot open."""
        self.keep_unfinished()  # a game on screen (the menu has none) is kept, never dropped
        self.end_lesson()
        if kept.class_game:
            self._reopen_lesson(kept)
            return
        assert isinstance(kept.game, UnfinishedGame)
        session = keeping.resume_session(kept.game, self.options.agent_options(), kept.key)
        self.last_seats, self.last_mode, self.rules_name = session.seats, session.mode, session.rules.name
        self.keeper.kept_at = keeping.progress_of(session)
        self.show_session(session, TableScene(self.ctx, session, auto=all(not seat.is_human for seat in session.seats)))

    def _reopen_lesson(self, kept: Kept) -> None:
        """A stopped class game's (or room of many tables') lesson, open again where it was."""
        from classroom.reopening import GoingOn, reopen_lesson  # noqa: PLC0415 - the class game's packages load only for it

        going_on = GoingOn(self.options.agent_options(), self.options.step_delay, self.save_table,
                           keep=self.options.record is None)
        lesson = reopen_lesson(kept, self.options.class_game or ClassSettings(), going_on)
        if lesson.play is not None:
            self.show_room(lesson.play, lesson.settings, lesson.addresses)
        self.lesson = lesson  # (after the last game was left: the reopened room's lesson is new)
        if lesson.moved:
            self.show_join_code()  # the phones must find the room's new address

    # ------------------------------------------------------------ the class game
    def open_class_room(self, settings: ClassSettings) -> None:
        """A class room's lobby, or (the port is taken...) a lobby that says why it cannot open."""
        from .classroom.lobby import lobby_scene  # noqa: PLC0415 - the class game's packages (aiohttp, segno) load only for it

        self.end_lesson()
        self.show_lobby(lobby_scene(self.ctx, settings))

    def show_lobby(self, lobby: LobbyScene) -> None:
        """A class room's lobby (its lesson, if its room is open, lives until the menu); with
        ``--puzzles``, its warm-up over it at once."""
        self.lesson = lobby.lesson
        self.manager.switch(lobby)
        if lobby.lesson is not None and lobby.settings.puzzles:
            self.show_warmup(lobby.settings.puzzles)

    def show_warmup(self, count: int) -> None:
        """The class's warm-up of ``count`` puzzles over the lobby (the lesson holds it while it runs)."""
        from .classroom.warmup import WarmupScene  # noqa: PLC0415 - the class game's packages load only for it

        lesson = self.lesson
        warmup = lesson.start_warmup(count) if lesson is not None else None
        if lesson is not None and warmup is not None:
            self.manager.push(WarmupScene(self.ctx, warmup, (lesson.join_address, lesson.code)))

    def show_room(self, tables: RoomOfTables, settings: ClassSettings, addresses: Sequence[str]) -> None:
        """A class room starts a deal: its one table full size, or every table at a glance."""
        from .classroom.screens import room_scene  # noqa: PLC0415 - the class game's packages load only for it

        self.end_session()
        if self.lesson is not None:
            self.lesson.play = tables
        self.manager.switch(room_scene(self.ctx, tables, settings, addresses))

    def show_room_results(self, tables: RoomOfTables, settings: ClassSettings, addresses: Sequence[str]) -> None:
        """Every table of the room is done: the class's results."""
        from .classroom.screens import results_scene  # noqa: PLC0415 - the class game's packages load only for it

        self.manager.switch(results_scene(self.ctx, tables, settings, addresses))
        if self.options.exit_at_end:
            self._exit_after_frame()

    def open_room_table(self, table: int) -> None:
        """One table of the lesson's room full-size, over every table (Esc there comes back)."""
        from .classroom.table import ClassTableScene  # noqa: PLC0415 - the class game's packages load only for it

        lesson = self.lesson
        tables = lesson.play if lesson is not None else None
        if lesson is not None and tables is not None:
            self.manager.push(ClassTableScene(self.ctx, tables, table, lesson.settings, tuple(lesson.addresses)))

    def show_join_code(self) -> None:
        """The lesson's join QR code again, big, for a late student (the game goes on underneath)."""
        from .classroom.join_again import JoinAgainScene  # noqa: PLC0415 - the class game's packages load only for it

        if self.lesson is not None and self.lesson.addresses:
            self.manager.push(JoinAgainScene(self.ctx, self.lesson.join_address, self.lesson.code))

    def save_table(self, session: ClassSession, room: str | None, table: int | None,
                   finishing: str | None = None) -> TableSaved:
        """One table's finished game, saved as its own record (with the room and table in it, at a
        room of many tables; and, if it is the room's last, what was kept of the room dropped with
        it)."""
        from classroom.class_room import TableSaved  # noqa: PLC0415 - the class game's packages load only for it

        written = self.saver.written
        kept = self.live_to_keep() if finishing is None else None  # (the room, kept with the table's game)
        line = self.saver.save(session.table, room=room, table=table, finishing=finishing,
                               keeping=(kept.key, kept.state) if kept is not None and self.keeper.will_keep(kept) else None,
                               along=session.saved_with)
        session.table.record_number = self.saver.last_number
        return TableSaved(self.saver.written > written, line)


def note_kept(kept: bool) -> None:
    """Quitting during a game: whether it was kept (the menu offers to resume it)."""
    print(_("game closed before the end: kept; the menu offers to resume it") if kept
          else _("game closed before the end: not recorded"), file=sys.stderr)
