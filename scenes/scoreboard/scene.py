"""The scoreboard: the games of the history, newest first, and who won most.

It asks the history database (:mod:`store.history`) for one page of games at a
time, so it opens as fast with 100,000 games as with ten and never holds them
all.  Typing filters the games by player name; Tab (or the buttons) picks the
period - every game, the last seven days or today - of both the list and the
"most wins" panel.  Enter, or a click on a game, opens its replay; F2 its review.  The lesson
reports of class games are named under the list, the newest in full; F3 opens it in the browser.

Everything shown comes from the database as text and numbers; the fonts of
:mod:`scenes.kit.theme` make any name drawable, whatever a record held.  This
module holds the scene (data and input); :mod:`scenes.scoreboard.view` draws it.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

import pygame

from classroom.report import lesson_reports, lessons_line
from game.i18n import _
from store.history import PERIODS, GameSummary, History, HistoryError, PlayerTotals, Query, open_history, period_start
from game.record import ReplayedRecord
from game.text import NAME_LIMIT

from ..base import AppContext, Input, InputKind, Scene
from ..kit.layout import scale_for
from ..kit.report_link import open_in_browser
from ..review.scene import source_of_record
from ..model.replay import replay_of_record
from .view import (
    TOTALS_SHOWN,
    BoardFrame,
    ScoreboardLayout,
    draw_scoreboard,
    scoreboard_layout,
)

FILTER_DELAY = 0.15
"""Seconds of no typing before the name filter asks the database again (one query per word,
not per letter)."""


def local_time_text(played: int) -> str:
    """A game's end (Unix seconds) in the computer's local time, e.g. "21 Nov 2026, 23:05"."""
    return datetime.fromtimestamp(played).strftime("%d %b %Y, %H:%M")


class ScoreboardScene(Scene):
    """Past games (a page at a time), a name filter, a period, and the most wins."""

    def __init__(self, ctx: AppContext, path: Path | None = None) -> None:
        super().__init__(ctx)
        self.path = path
        """The history database; ``None``: the data folder's (importing an old ``games.jsonl`` once)."""
        self.name_filter = ""
        self.period = "all"
        self.offset = 0
        """Index (newest first) of the first game on the page."""
        self.selected = 0
        """Which game of the page Enter opens."""
        self.total = 0
        self.games: list[GameSummary] = []
        self.leaders: list[PlayerTotals] = []
        self.note_count = 0
        self.notes: list[str] = []
        self.error: str | None = None
        self._history: History | None = None
        self._refresh_in: float | None = None
        """Seconds until a typed filter is applied (``None``: nothing pending)."""
        self.lessons = lessons_line()
        """Where the class games' lesson reports are (empty: none yet)."""
        self.report_note = ""
        """What F3 did (the newest report opens, or why it cannot), shown instead of the line."""
        self.refresh()

    # ------------------------------------------------------------- data
    def history(self) -> History:
        """The open database (opened on first use, kept while the scoreboard is shown)."""
        if self._history is None:
            self._history = open_history(self.path)  # an old games.jsonl's notes land in the history
        return self._history

    def query(self) -> Query:
        return Query(self.name_filter.strip(), period_start(self.period, time.time()))

    def refresh(self) -> None:
        """Count, first page and totals again (the filter or the period changed)."""
        self.offset = self.selected = 0
        self.error = None
        try:
            history = self.history()
            query = self.query()
            self.total = history.count(query)
            self.leaders = history.totals(query, TOTALS_SHOWN)
            self.note_count, self.notes = history.notes(2)
            self._load_page()
        except HistoryError as problem:
            self.error = str(problem)
            self.total, self.games, self.leaders = 0, [], []

    def _load_page(self) -> None:
        self.games = self.history().page(self.offset, self.per_page(), self.query()) if self.total else []

    def per_page(self) -> int:
        return scoreboard_layout(self._size()).per_page

    def close(self) -> None:
        if self._history is not None:
            self._history.close()
            self._history = None

    # ------------------------------------------------------------ layout
    def _size(self) -> tuple[int, int]:
        return self.size

    # ------------------------------------------------------------- input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        layout = scoreboard_layout(self._size())
        if inp.is_key(pygame.K_ESCAPE) or (inp.kind is InputKind.CLICK and layout.back.collidepoint(inp.pos)):
            self.leave()
        elif inp.kind is InputKind.TEXT:
            self.set_filter((self.name_filter + inp.text)[:NAME_LIMIT])
        elif inp.is_key(pygame.K_BACKSPACE):
            self.set_filter(self.name_filter[:-1])
        elif inp.is_key(pygame.K_TAB):
            self.set_period(PERIODS[(PERIODS.index(self.period) + 1) % len(PERIODS)])
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
        elif inp.is_key(pygame.K_F2):
            self.review_selected()
        elif inp.is_key(pygame.K_F3):
            self.open_newest_report()
        elif inp.kind is InputKind.CLICK:
            self._click(layout, inp.pos)
        else:
            self._move(inp, layout.per_page)

    def _click(self, layout: ScoreboardLayout, pos: tuple[int, int]) -> None:
        for period, rect in zip(PERIODS, layout.periods):
            if rect.collidepoint(pos):
                self.set_period(period)
                return
        s = scale_for(self._size())
        for index in range(len(self.games)):
            if layout.row_rect(index, s).collidepoint(pos):
                self.selected = index
                self.open_selected()
                return

    def _move(self, inp: Input, per_page: int) -> None:
        position = self.offset + self.selected
        last = max(0, self.total - 1)
        steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: per_page, pygame.K_PAGEUP: -per_page}
        if inp.kind is not InputKind.KEY or inp.key is None:
            return
        if inp.key in steps:
            self.go_to(min(last, max(0, position + steps[inp.key])))
        elif inp.key == pygame.K_HOME:
            self.go_to(0)
        elif inp.key == pygame.K_END:
            self.go_to(last)

    def go_to(self, position: int) -> None:
        """Select the game at ``position`` (newest first), loading its page if needed."""
        per_page = self.per_page()
        offset = position - position % per_page
        if offset != self.offset or not self.games:
            self.offset = offset
            try:
                self._load_page()
            except HistoryError as problem:
                self.error = str(problem)
        self.selected = min(position - offset, max(0, len(self.games) - 1))

    def set_filter(self, text: str) -> None:
        """Change the name filter; the games are asked for once typing pauses (:data:`FILTER_DELAY`)."""
        if text != self.name_filter:
            self.name_filter = text
            self._refresh_in = FILTER_DELAY

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._refresh_in is not None:
            self._refresh_in -= dt
            if self._refresh_in <= 0:
                self._refresh_in = None
                self.refresh()

    def set_period(self, period: str) -> None:
        if period != self.period:
            self.period = period
            self.refresh()

    def open_selected(self) -> None:
        """Replay the selected game (checked, in one pass of the engine)."""
        if self._refresh_in is not None:  # a filter still being typed: show its games first
            self._refresh_in = None
            self.refresh()
            return
        loaded = self._selected_game()
        if loaded is None:
            return

        self.close()
        self.ctx.nav.start_replay(replay_of_record(loaded[1]), back_to=self)  # Esc comes back to this list

    def review_selected(self) -> None:
        """F2: the post-game review of the selected game (every seat's decisions)."""
        loaded = self._selected_game()
        if loaded is None:
            return
        number, replayed = loaded
        self.ctx.nav.show_review(source_of_record(replayed, _("Game {number} of the history").format(number=number)))

    def _selected_game(self) -> tuple[int, ReplayedRecord] | None:
        """The selected game's number and record, checked; ``None`` (and the error shown) if none."""
        if not self.games:
            return None
        number = self.games[self.selected].number
        try:
            return number, self.history().replay(number)
        except HistoryError as problem:
            self.error = str(problem)
            return None

    def open_newest_report(self) -> None:
        """F3: the newest lesson report's page in the browser."""
        reports = lesson_reports()
        if reports:
            self.report_note = open_in_browser(reports[0])

    def leave(self) -> None:
        self.close()
        self.ctx.nav.close_overlay()

    # -------------------------------------------------------------- draw
    def frame(self) -> BoardFrame:
        """What the next frame shows."""
        return BoardFrame(self.name_filter, self.period, self.games, self.selected, self.error, self.leaders,
                          self.total, self.offset, self.per_page(), self.note_count, self.notes, self.mouse,
                          self.report_note or self.lessons)

    def draw(self, surface: pygame.Surface) -> None:
        draw_scoreboard(surface, self.frame(), self.ctx.sprites)
