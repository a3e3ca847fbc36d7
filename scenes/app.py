"""The app: the one loop that reads pygame events, scenes, screenshots, and the navigation
between screens.  The window is :mod:`scenes.window`; saving a finished game :mod:`scenes.model.saving`.

``run_app(options)`` is called by ``main.py``.  The loop is split so tests
can drive it: :meth:`App.run_frame` reads the queued events, updates the
active scene with the time given, draws, presents, and saves a screenshot
when the table just showed a placement.
"""

from __future__ import annotations

from functools import partial

import sys
from pathlib import Path
from typing import Callable, Sequence

import pygame

from game.bots.process import close_all_bots
from game.engine import new_seed
from game.i18n import _
from game.kinds import HUMAN
from game.store.outputs import check_output_file, check_output_folder
from game.rules import SNAP, Rules, rules_named
from game.scenarios import WORKED_EXAMPLE_FIRST_PLACEMENT
from game.table_size import MODE_KINDS

from .kit import theme
from .base import AppContext, Input, InputKind, Scene, SceneManager
from .kit.cards import CardArt
from .model.class_settings import ClassSettings
from .kit.confirm import CloseQuestion
from .overlays import Overlays
from .kit.digits import DIGITS_DIR, SpriteError, load_digit_sprites
from .menu.scene import MenuScene
from .model.options import PlayOptions
from .model.replay import Replay, replay_of_game, replay_of_record
from .results.scene import Outcome, ResultsScene, outcome_of
from .model import resume as keeping
from .model.resume import Kept
from .model.saving import PROG, RecordSaver, check_record_file, error_line, save_to_history  # noqa: F401 - kept names
from .model.session import Seat, TableSession, check_kind, default_names, seats_for
from .table import TableScene
from .model.view import mode_of_kinds
from .window import WINDOW_SIZE, Window, window_title  # noqa: F401 - WINDOW_SIZE: kept name

FPS = 60


def translate(event: pygame.event.Event) -> Input | None:
    """A pygame event as an app-level input (``None`` for events scenes do not see)."""
    if event.type == pygame.KEYDOWN:
        return Input(InputKind.KEY, key=event.key)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return Input(InputKind.CLICK, pos=tuple(event.pos))
    if event.type == pygame.MOUSEMOTION:
        return Input(InputKind.MOVE, pos=tuple(event.pos))
    if event.type == pygame.TEXTINPUT and event.text.isprintable():
        return Input(InputKind.TEXT, text=event.text)
    return None


def prepare_screenshot_dir(folder: Path) -> None:
    """Create ``folder`` and check a file can be written there (``OSError`` if not)."""
    check_output_folder(folder)


def worked_example_replay(rules: Rules) -> Replay:
    """The worked example of the rules (see :mod:`game.scenarios`) as a replay."""
    from game.scenarios import WORKED_EXAMPLE_NAMES, worked_example_played

    seats = tuple(Seat(name, HUMAN) for name in WORKED_EXAMPLE_NAMES)  # people deciding, not random AIs
    return replay_of_game(worked_example_played(rules), seats, mode="example")


class App(Overlays):
    """Owns the window and the scenes; implements the scenes' navigation."""

    def __init__(self, options: PlayOptions, *, digits_dir: Path = DIGITS_DIR,
                 stop_requested: Callable[[], int | None] = lambda: None) -> None:
        self.options = options
        self.stop_requested = stop_requested
        """The stop signal received from outside, if any (the command line's; see ``cli.stopping``)."""
        self.exit_code: int | None = None
        self.window = Window(window_title(replay=options.replay is not None), options.fullscreen)
        theme.reset_fonts()
        sprites = load_digit_sprites(digits_dir)  # SpriteError: the caller reports it
        self.manager = SceneManager()
        self.ctx = AppContext(sprites, CardArt(sprites, SNAP), options, self.manager, self)
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.screenshots_saved: list[Path] = []
        self.saver = RecordSaver(options.record)
        self._exit_after_frame = False
        self._key_text = ""
        """The text of the last key if it opened another screen (see :meth:`_typed_by_the_last_key`)."""
        self.keeper = keeping.Keeper(options.record)
        self.session: TableSession | None = None
        """The live game, if one is on screen or its results are (its bots still run until it is left)."""
        self.last_seats: tuple[Seat, ...] | None = None
        """The seats of the last game, for the menu to offer them again."""
        self.last_mode: str | None = None
        self.rules_name = options.rules
        """The rules preset of the games started (``--rules``, or as last chosen in the menu)."""
        open_first_screen(self, options)

    # -------------------------------------------------------------- window
    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    @property
    def record_failed(self) -> bool:
        """A finished game could not be written: the app's exit code says so."""
        return self.saver.failed

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen <-> window; scenes lay out again from the new size."""
        self.window.toggle_fullscreen()

    # ---------------------------------------------------------- navigation
    def go_menu(self) -> None:
        self.keep_unfinished()
        self.end_session()
        self.manager.switch(MenuScene(self.ctx, self.last_mode or "solo", seats=self.last_seats,
                                      rules=self.rules_name))

    def start_game(self, mode: str, names: Sequence[str], seed: int | None = None,
                   kinds: Sequence[str] | None = None, rules: str | None = None) -> None:
        """A new game of ``mode``; ``kinds`` (the mode's when ``None``) say who sits where.

        ``ValueError`` if a kind is unknown or a bot command cannot be split."""
        self.end_session()
        if mode not in MODE_KINDS:  # e.g. "Replay this deal" after the worked example
            mode = mode_of_kinds(kinds or ())
        seats = seats_for(mode, names, kinds)
        session = TableSession(seats, seed=seed if seed is not None else new_seed(), mode=mode,
                               rules=rules_named(rules or self.rules_name),
                               options=self.options.agent_options())
        self.session = session
        self.last_seats, self.last_mode = seats, mode
        self.rules_name = rules or self.rules_name
        self.manager.switch(TableScene(self.ctx, session, auto=all(seat.kind != HUMAN for seat in seats)))

    def show_session(self, session: TableSession, scene: Scene) -> None:
        """A game another screen started (the class lobby) becomes the live game."""
        self.end_session()
        self.session = session
        self.manager.switch(scene)

    def end_session(self) -> None:
        """The live game is left: stop its thinking and kill its bots."""
        if self.session is not None:
            self.session.close()
            self.session = None
        if self.room_tables is not None:
            self.room_tables.close()
            self.room_tables = None

    def start_replay(self, replay: Replay, first: int = 0, auto: bool = True, at_reveal: bool = False,
                     back_to: Scene | None = None) -> None:
        """Show a recorded game from placement ``first`` (``at_reveal``: from its turn's revealed
        cards, before it), stepping by itself (Space pauses) unless ``auto`` is off; ``back_to``:
        the screen it was opened from (the scoreboard's list), which Esc goes back to, over the menu."""
        self.end_session()
        scene = TableScene(self.ctx, None, auto=auto, replay=replay, first=first, at_reveal=at_reveal)
        scene.on_leave = partial(self.back_over_menu, back_to) if back_to is not None else None
        self.manager.switch(scene)

    def records_path(self) -> Path:
        """Where finished games go: ``--record FILE``, else the history in the user's data folder."""
        return self.saver.path()

    def game_over(self, session: TableSession) -> None:
        """Record the finished game, then show the results."""
        saved = self.saver.save(session)
        keeping.drop_from_history(session.keep_key)
        self.end_session()
        self.manager.switch(ResultsScene(self.ctx, outcome_of(session, saved)))
        if self.options.exit_at_end:
            self._exit_after_frame = True

    def replay_over(self, replay: Replay) -> None:
        """The replay's results (a replay is never recorded again)."""
        outcome = Outcome(replay.info, replay.game, _("A replay of a recorded game: nothing new was saved"),
                          replayed=True)
        self.manager.switch(ResultsScene(self.ctx, outcome))
        if self.options.exit_at_end:
            self._exit_after_frame = True

    def quit(self, code: int) -> None:
        self.end_session()
        stop_helper_processes()
        self.exit_code = code

    # ---------------------------------------------------------------- loop
    def close_window(self) -> None:
        """The window's close button (or Alt+F4): during a game, ask first, as Esc does; a
        second close request while asking closes.  An unfinished game is kept for the menu."""
        if not self.manager.game_in_progress():
            self.quit(0)
        elif isinstance(self.manager.active, CloseQuestion):
            self.quit_keeping()
        else:
            self.manager.push(CloseQuestion(self.ctx, on_yes=self.quit_keeping, on_no=self.manager.pop,
                                            kept=self.keeper.will_keep(self.session)))

    def stopped_from_outside(self) -> None:
        """SIGTERM, SIGINT or SIGHUP: leave as the window's close does, keeping an unfinished game;
        the exit code names the signal."""
        kept = self.keep_unfinished()
        if self.manager.game_in_progress():
            error_line(_("stopped: the game in progress was kept; the menu offers to resume it") if kept
                       else _("stopped: the game in progress was not kept"))
        self.quit(128 + (self.stop_requested() or 2))

    def quit_keeping(self) -> None:
        """Quit during a game: keep it in the history, say so, exit 1 (the game is not over)."""
        kept = self.keep_unfinished()
        print(_("game closed before the end: kept; the menu offers to resume it") if kept
              else _("game closed before the end: not recorded"), file=sys.stderr)
        self.quit(1)

    def keep_unfinished(self) -> bool:
        """Keep the live game (if unfinished) in the history; whether it was (see :class:`Keeper`)."""
        return self.keeper.keep(self.session)

    def unfinished_games(self) -> list[Kept]:
        """The unfinished games the menu may offer to resume, the latest first."""
        return keeping.kept_in_history()

    def resume_game(self, key: str | None = None) -> None:
        """Resume unfinished game ``key`` (the latest if ``None``) exactly where it was (hot-seat:
        behind the curtain; a class game: its room open again)."""
        kept = self.keeper.find(key)
        if kept is not None:
            try:
                self.resume_kept(kept)
            except ValueError as exc:
                error_line(_("cannot resume the unfinished game: {problem}").format(problem=exc))

    def resume_kept(self, kept: Kept) -> None:
        """``ValueError`` if ``kept`` does not replay or its class room cannot open."""
        self.keep_unfinished()  # a game on screen (the menu has none) is kept, never dropped
        self.end_session()
        session: TableSession
        if kept.game.room is not None:
            from .classroom.lobby import reopen_class_game  # the class game's packages load only for it

            session, scene = reopen_class_game(self.ctx, kept, self.options.class_game or ClassSettings())
        else:
            session = keeping.resume_session(kept.game, self.options.agent_options(), kept.key)
            scene = TableScene(self.ctx, session, auto=all(not seat.is_human for seat in session.seats))
        self.last_seats, self.last_mode, self.rules_name = session.seats, session.mode, session.rules.name
        self.keeper.kept_at = keeping.progress_of(session)
        self.show_session(session, scene)

    def process_events(self) -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
                self.close_window()
                return
            if self.window.handle(event):
                continue
            inp = translate(event)
            if inp is None or self._typed_by_the_last_key(event):
                continue
            before = self.manager.active
            self.manager.active.handle_event(inp)
            if self.exit_code is not None:
                return
            if event.type == pygame.KEYDOWN:  # a key that opened another screen typed nothing there
                self._key_text = getattr(event, "unicode", "") if self.manager.active is not before else ""

    def _typed_by_the_last_key(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is the text of the key that just opened the screen now shown (S opens
        the scoreboard: its "s" is not the start of a name to filter by)."""
        if event.type != pygame.TEXTINPUT or not self._key_text:
            return False
        typed, self._key_text = event.text == self._key_text, ""
        return typed

    def run_frame(self, dt: float) -> None:
        """One frame: inputs, ``update(dt)``, draw, present, maybe a screenshot."""
        self.process_events()
        if self.exit_code is not None:
            return
        self.manager.active.update(dt)
        if self.exit_code is not None:
            return
        self.keeper.keep_each_turn(self.session)  # once per turn: what is kept of the game is replaced
        surface = pygame.display.get_surface() or self.window.screen
        for scene in self.manager.visible():
            scene.draw(surface)
        pygame.display.flip()
        self.frames += 1
        name = self.manager.active.frame_presented()
        if name and self.options.screenshots is not None:
            self._save_screenshot(surface, name)
        if self._exit_after_frame:
            self.quit(0)

    def _save_screenshot(self, surface: pygame.Surface, name: str) -> None:
        assert self.options.screenshots is not None
        path = self.options.screenshots / name
        try:
            check_output_file(path)  # never a pipe or a device put there under the name
            pygame.image.save(surface, str(path))
            self.screenshots_saved.append(path)
        except (pygame.error, OSError) as exc:
            error_line(_("cannot save screenshot {path}: {problem}").format(path=path, problem=exc))
            self.quit(2)

    def run(self) -> int:
        """Run until a scene or the window asks to stop (or a stop signal comes: see
        :meth:`stopped_from_outside`); return the exit code."""
        while self.exit_code is None:
            dt = self.clock.tick(FPS) / 1000.0
            self.run_frame(dt)
            if self.stop_requested() is not None and self.exit_code is None:
                self.stopped_from_outside()
        if self.exit_code == 0 and self.saver.failed:
            return 1
        return self.exit_code


def stop_helper_processes() -> None:
    """The app ends: every bot's process, and the review workers with the students' reviews still
    queued (they are dropped)."""
    close_all_bots()
    reviews = sys.modules.get("game.classroom.reviews")  # (loaded only by a class game)
    if reviews is not None:
        reviews.close_shared_service()


def open_first_screen(app: App, options: PlayOptions) -> None:
    """What the options ask to show first: a replay, the worked example, a class room, the
    menu or a game.  ``ValueError`` for a bad kind or class setting: the caller reports it."""
    if options.replay is not None:
        app.start_replay(replay_of_record(options.replay))
    elif options.example:
        app.start_replay(worked_example_replay(rules_named(options.rules)),
                         first=WORKED_EXAMPLE_FIRST_PLACEMENT, auto=options.exit_at_end, at_reveal=True)
    elif options.class_game is not None and options.class_game.resume:
        kept = next((k for k in keeping.kept_in_history() if k.game.room is not None), None)
        if kept is None:
            raise ValueError(_("no stopped class game to resume"))
        app.resume_kept(kept)  # ValueError: the caller reports it
    elif options.class_game is not None:
        from .classroom.lobby import open_lobby  # the class game's packages load only for it

        app.manager.switch(open_lobby(app.ctx, options.class_game))  # ValueError: the caller reports it
    elif options.mode is None:
        app.manager.switch(MenuScene(app.ctx))
    else:
        kinds = options.kinds
        for kind in kinds or ():
            check_kind(kind)  # ValueError: the caller reports it
        app.start_game(options.mode, options.names or default_names(options.mode, kinds), options.seed, kinds)


def run_app(options: PlayOptions, *, digits_dir: Path = DIGITS_DIR,
            stop_requested: Callable[[], int | None] = lambda: None) -> int:
    """Open the window and run the app; the exit code: 0 done, 1 game closed early, 2 setup error."""
    problem = check_outputs(options) or open_display()
    if problem is not None:
        error_line(problem)
        return 2
    try:
        try:
            app = App(options, digits_dir=digits_dir, stop_requested=stop_requested)
        except (SpriteError, ValueError) as exc:
            error_line(str(exc))
            return 2
        except pygame.error as exc:
            error_line(_("cannot open a window: {problem}").format(problem=exc))
            return 2
        return run_until_done(app)
    finally:
        close_all_bots()
        pygame.font.quit()
        pygame.display.quit()


def check_outputs(options: PlayOptions) -> str | None:
    """Why the screenshots or records asked for cannot be written (before any window opens), or ``None``."""
    checks: list[tuple[Path | None, Callable[[Path], None], str]] = [
        (options.screenshots, prepare_screenshot_dir, _("cannot write screenshots to {path}: {problem}")),
        (options.record if options.replay is None else None, check_record_file,
         _("cannot write records to {path}: {problem}"))]
    for path, check, what in checks:
        if path is None:
            continue
        try:
            check(path)
        except OSError as exc:
            return what.format(path=path, problem=exc.strerror or exc)
    return None


def open_display() -> str | None:
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as exc:
        return _("cannot open a window: {problem}").format(problem=exc)
    return None


def run_until_done(app: App) -> int:
    """Run ``app``; Ctrl-C keeps a game in progress unfinished (exit 130)."""
    try:
        return app.run()
    except KeyboardInterrupt:
        kept = app.keep_unfinished()
        error_line(_("interrupted: a game in progress was kept unfinished") if kept
                   else _("interrupted: a game in progress was not recorded"))
        return 130
    finally:
        app.end_session()
