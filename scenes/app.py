"""The app: the one loop that reads pygame events, scenes, screenshots, and the navigation
between screens.  The window is :mod:`scenes.window`; saving a finished game :mod:`live.saving`.

``run_app(options)`` is called by ``main.py``.  The loop is split so tests
can drive it: :meth:`App.run_frame` reads the queued events, updates the
active scene with the time given, draws, presents, and saves a screenshot
when the table just showed a placement.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from bots.process import close_all_bots
from game.i18n import _
from game.kinds import HUMAN
from store.outputs import check_output_file, check_output_folder
from game.rules import SNAP, Rules, rules_named
from game.scenarios import WORKED_EXAMPLE_FIRST_PLACEMENT
from store.unfinished import UnfinishedError

from .kit import theme
from .base import AppContext, Input, InputKind, SceneManager
from .kit.cards import CardArt
from .kit.digits import DIGITS_DIR, SpriteError, load_digit_sprites
from .model.options import PlayOptions
from .model.replay import Replay, replay_of_game, replay_of_record
from live import resume as keeping
from live.saving import check_record_file, error_line
from live.seats import Seat, check_kind, default_names
from .navigation import Screens, note_kept
from .window import Window, window_title
from game.scenarios import WORKED_EXAMPLE_NAMES, worked_example_played

if TYPE_CHECKING:
    from live.session import TableSession

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

    seats = tuple(Seat(name, HUMAN) for name in WORKED_EXAMPLE_NAMES)  # people deciding, not random AIs
    return replay_of_game(worked_example_played(rules), seats, mode="example")


class App:
    """Owns the window, the loop and its clock; every screen change is :class:`Screens`' (the
    scenes' navigator), which also holds what lives across screens (the game, the class lesson)."""

    def __init__(self, options: PlayOptions, *, digits_dir: Path = DIGITS_DIR,
                 stop_requested: Callable[[], int | None] = lambda: None) -> None:
        self.options = options
        self.stop_requested = stop_requested
        """The stop signal received from outside, if any (the command line's; see ``cli.stopping``)."""
        self.exit_code: int | None = None
        self.window = Window(window_title(replay=options.replay is not None), options.fullscreen)
        theme.reset_fonts()
        sprites = load_digit_sprites(digits_dir)  # SpriteError: the caller reports it
        self.manager = SceneManager(lambda: self.window.screen.get_size())
        self.screens = Screens(self.manager, options, self.quit, self._exit_after_this_frame)
        self.ctx = AppContext(sprites, CardArt(sprites, SNAP), options, self.manager, self.screens)
        self.screens.ctx = self.ctx
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.screenshots_saved: list[Path] = []
        self._exit_after_frame = False
        self._key_text = ""
        """The text of the last key if it opened another screen (see :meth:`_typed_by_the_last_key`)."""
        open_first_screen(self, options)

    # What the screens and the tests ask of the app, kept where they always were:
    @property
    def session(self) -> TableSession | None:
        """The live game (None if none)."""
        return self.screens.session

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen <-> window; scenes lay out again from the new size."""
        self.window.toggle_fullscreen()
        self.manager.resized(self.window.screen.get_size())

    def quit(self, code: int) -> None:
        self.screens.end_lesson()  # (the lesson's review workers and puzzle finder end with it)
        close_all_bots()
        self.exit_code = code

    def _exit_after_this_frame(self) -> None:
        self._exit_after_frame = True

    # ---------------------------------------------------------------- leaving
    def close_window(self) -> None:
        """The window's close button (or Alt+F4): during a game, ask first, as Esc does; a
        second close request while asking closes.  An unfinished game is kept for the menu."""
        if not self.manager.game_in_progress():
            self.quit(0)
        elif self.screens.asking_to_close():
            self.quit_keeping()
        else:
            self.screens.ask_to_close(self.quit_keeping, self.screens.keeper.will_keep(self.screens.live_to_keep()))

    def stopped_from_outside(self) -> None:
        """SIGTERM, SIGINT or SIGHUP: leave as the window's close does, keeping an unfinished game;
        the exit code names the signal."""
        kept = self.screens.keep_unfinished()
        if self.manager.game_in_progress():
            error_line(_("stopped: the game in progress was kept; the menu offers to resume it") if kept
                       else _("stopped: the game in progress was not kept"))
        self.quit(128 + (self.stop_requested() or 2))

    def quit_keeping(self) -> None:
        """Quit during a game: keep it in the history, say so, exit 1 (the game is not over)."""
        note_kept(self.screens.keep_unfinished())
        self.quit(1)

    # ---------------------------------------------------------------- loop
    def process_events(self) -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
                self.close_window()
                return
            if self.window.handle(event):
                self.manager.resized(self.window.screen.get_size())
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
        typed, self._key_text = bool(event.text == self._key_text), ""
        return typed

    def run_frame(self, dt: float) -> None:
        """One frame: inputs, what lives across screens pumped, ``update(dt)`` of the screen on
        top, draw, present, maybe a screenshot."""
        self.process_events()
        if self.exit_code is not None:
            return
        if self.screens.lesson is not None:
            self.screens.lesson.pump(dt, self.manager.active.steps_table)  # on whatever screen is on top
        self.manager.active.update(dt)
        if self.exit_code is not None:
            return
        self.screens.keep_each_turn()  # once per turn: what is kept is replaced
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
        if self.exit_code == 0 and self.screens.saver.failed:
            return 1
        return self.exit_code




def open_first_screen(app: App, options: PlayOptions) -> None:
    """What the options ask to show first: a replay, the worked example, a class room, the
    menu or a game.  ``ValueError`` for a bad kind or class setting: the caller reports it."""
    if options.replay is not None:
        app.screens.start_replay(replay_of_record(options.replay))
    elif options.example:
        app.screens.start_replay(worked_example_replay(rules_named(options.rules)),
                         first=WORKED_EXAMPLE_FIRST_PLACEMENT, auto=options.exit_at_end, at_reveal=True)
    elif options.class_game is not None and options.class_game.resume:
        found, damaged = keeping.kept_and_damaged()
        kept = next((k for k in found if k.class_game), None)
        if kept is None:
            raise ValueError(keeping.damaged_line(damaged[0]) if damaged else _("no stopped class game to resume"))
        try:
            app.screens.resume_kept(kept)  # ValueError: the caller reports it
        except UnfinishedError as damage:
            keeping.set_aside(kept.key, str(damage), say=False)
            raise ValueError(keeping.damaged_line(str(damage))) from None
    elif options.class_game is not None:
        from .classroom.lobby import open_lobby  # noqa: PLC0415 - the class game's packages load only for it

        app.screens.show_lobby(open_lobby(app.ctx, options.class_game))  # ValueError: the caller reports it
    elif options.puzzles is not None:
        app.screens.practise_puzzles(options.puzzles)
    elif options.mode is None:
        app.screens.show_menu()
    else:
        kinds = options.kinds
        for kind in kinds or ():
            check_kind(kind)  # ValueError: the caller reports it
        app.screens.start_game(options.mode, options.names or default_names(options.mode, kinds), options.seed,
                               kinds)


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
        kept = app.screens.keep_unfinished()
        error_line(_("interrupted: a game in progress was kept unfinished") if kept
                   else _("interrupted: a game in progress was not recorded"))
        return 130
    finally:
        app.screens.end_lesson()
