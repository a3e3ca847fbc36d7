"""The practice screen: a puzzle drawn as a table, the player's answer, the verdict, the next puzzle.

The puzzles are the history's (:mod:`store.puzzles`).  A card puzzle asks
for a card of the hand, a row puzzle (rule 4) for a row: the player selects
one (a click, Left/Right, or 1-4 for a row) and answers (Enter, the Answer
button, or a second click on the same choice); the verdict says whether it was
the best answer or what it cost, every answer's expected points are written
under its card (or beside its row) and the review's sentence says why.  Next
(Enter, Space, Right) brings the next puzzle, for the next player at a hot-seat
table (:mod:`.practice` keeps the turns and the counts).  With no puzzle stored,
the screen offers to make some (M, or the button: a few computer games on a
worker thread, :mod:`live.making`) and names the command that makes more.  Esc goes
back to the menu; F1 shows the rules of the puzzle's preset.
"""

from __future__ import annotations

import contextlib
import time

import pygame

from game.puzzles import ROW
from store.history import HistoryError, open_history
from store.puzzles import StoredPuzzle, stored_puzzles
from store.ratings import add_practice_answer

from ..base import CONFIRM_KEYS, AppContext, Input, InputKind, Scene
from .layout import puzzle_layout
from live import making
from live.making import MakingJob
from .practice import Levels, Practice, PracticeSettings, practice_levels
from .view import PuzzleFrame, draw_practice, puzzle_frame

NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_n)
ROW_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
MAKE_KEYS = (pygame.K_m, *CONFIRM_KEYS)


def load_puzzles() -> tuple[list[StoredPuzzle], Levels]:
    """Every puzzle of the history, checked (``HistoryError`` for a damaged one), and the ratings
    the practice draws by: each puzzle's and each player's."""
    with open_history(import_legacy=False) as history:
        puzzles = stored_puzzles(history)
        return puzzles, practice_levels(history, puzzles)


def keep_answer(player: str, puzzle: int, right: bool) -> None:
    """An answer on the practice screen kept for the player's rating (a history that cannot take it:
    the practice goes on without)."""
    with contextlib.suppress(HistoryError), open_history(import_legacy=False) as history:
        add_practice_answer(history, player, puzzle, right, int(time.time()))


class PuzzleScene(Scene):
    """Puzzles to practise, alone or taking turns; its drawing is :mod:`.view`."""

    def __init__(self, ctx: AppContext, settings: PracticeSettings) -> None:
        super().__init__(ctx)
        self.settings = settings
        self.practice: Practice | None = None
        self.problem = ""
        """Why there is no puzzle to show (the history cannot be read), if that is the case."""
        self.selected: int | None = None
        """The answer chosen and not yet given: a card, or a row (0-3)."""
        self.making: MakingJob | None = None
        self._screenshot: str | None = None
        self.layout = puzzle_layout(self.size)
        self.load()

    # ------------------------------------------------------------ state
    def load(self) -> None:
        """The history's puzzles, in a new order; the screen says why if it cannot read them."""
        try:
            puzzles, levels = load_puzzles()
        except HistoryError as problem:
            self.problem, self.practice = str(problem), None
            return
        self.practice = Practice.start(puzzles, self.settings.names, self.settings.seed, levels) if puzzles else None
        self._shown()

    def _shown(self) -> None:
        """A new puzzle is on screen: nothing chosen yet, and a screenshot of it."""
        self.selected = None
        if self.practice is not None:
            self._screenshot = f"puzzle{self.practice.shown.id}.png"

    @property
    def options(self) -> tuple[int, ...]:
        """The answers of the puzzle on screen, in the order drawn (cards ascending, rows 1-4)."""
        return self.practice.puzzle.answers if self.practice is not None else ()

    # ------------------------------------------------------------ actions
    def select(self, answer: int) -> None:
        """Choose ``answer`` (not given yet); choosing it again gives it."""
        if self.practice is None or self.practice.answered or answer not in self.options:
            return
        if self.selected == answer:
            self.give_answer()
        else:
            self.selected = answer

    def step_selection(self, step: int) -> None:
        """Left/Right: the answer beside the chosen one (the first one when none is)."""
        options = self.options
        if not options or self.practice is None or self.practice.answered:
            return
        index = options.index(self.selected) + step if self.selected in options else 0
        self.selected = options[max(0, min(len(options) - 1, index))]

    def give_answer(self) -> None:
        if self.practice is not None and self.selected is not None and not self.practice.answered:
            verdict = self.practice.answer(self.selected)
            keep_answer(self.practice.player.name, self.practice.shown.id, verdict.right)
            self._screenshot = f"puzzle{self.practice.shown.id}-verdict.png"

    def next_puzzle(self) -> None:
        if self.practice is not None and self.practice.answered:
            self.practice.next()
            self._shown()

    def make_puzzles(self) -> None:
        """Make some puzzles (none are stored): computer games on a worker thread."""
        if self.practice is None and self.making is None and not self.problem:
            self.making = MakingJob(self.settings.rules, making.APP_GAMES, self.settings.seed,
                                    rollouts=making.APP_ROLLOUTS)

    def leave(self) -> None:
        self.ctx.nav.go_menu()

    # ------------------------------------------------------------ life
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.layout = puzzle_layout(size)

    def on_close(self) -> None:
        """Puzzles being made stop after the game being played (what was made stays stored)."""
        if self.making is not None:
            self.making.stop()

    # ------------------------------------------------------------ input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        layout = self.layout
        if inp.is_key(pygame.K_ESCAPE, pygame.K_BACKSPACE) or self._clicked(inp, layout.back):
            self.leave()
        elif inp.is_key(pygame.K_F1) and self.practice is not None:
            self.ctx.nav.show_rules(self.practice.puzzle.view.rules)
        elif self.practice is None:
            if inp.is_key(*MAKE_KEYS) or self._clicked(inp, layout.answer_button):
                self.make_puzzles()
        elif self.practice.answered:
            if inp.is_key(*NEXT_KEYS) or self._clicked(inp, layout.answer_button):
                self.next_puzzle()
        else:
            self._choose(inp)

    def _choose(self, inp: Input) -> None:
        """Inputs while a puzzle waits for its answer."""
        assert self.practice is not None
        layout = self.layout
        rows = self.practice.puzzle.kind == ROW
        if inp.is_key(*CONFIRM_KEYS) or self._clicked(inp, layout.answer_button):
            self.give_answer()
        elif inp.is_key(pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.step_selection(-1 if inp.key in (pygame.K_LEFT, pygame.K_UP) else 1)
        elif rows and inp.is_key(*ROW_KEYS):
            self.select(ROW_KEYS.index(inp.key))
        elif inp.kind is InputKind.CLICK:
            options = self.options
            index = layout.row_at(inp.pos) if rows else layout.hand_index_at(inp.pos, len(options))
            if index is not None:
                self.select(options[index])

    @staticmethod
    def _clicked(inp: Input, rect: pygame.Rect) -> bool:
        return inp.kind is InputKind.CLICK and rect.collidepoint(inp.pos)

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Puzzles being made: once the job is done, practice starts with them."""
        job = self.making
        if job is not None and job.finished:
            self.making = None
            self.problem = job.error or ""
            if not self.problem:
                self.load()

    def frame_presented(self) -> str | None:
        name, self._screenshot = self._screenshot, None
        return name

    # ------------------------------------------------------------ draw
    @property
    def last_frame(self) -> PuzzleFrame:
        """What a frame shows now (worked out from the same data it is drawn from)."""
        return puzzle_frame(self)

    def draw(self, surface: pygame.Surface) -> None:
        draw_practice(surface, puzzle_layout(surface.get_size()), self)
