"""The scoreboard: the games of the history, newest first, and who won most.

It asks the history database (:mod:`game.history`) for one page of games at a
time, so it opens as fast with 100,000 games as with ten and never holds them
all.  Typing filters the games by player name; Tab (or the buttons) picks the
period - every game, the last seven days or today - of both the list and the
"most wins" panel.  Enter, or a click on a game, opens its replay; F2 its review.

Everything shown comes from the database as text and numbers; the fonts of
:mod:`scenes.theme` make any name drawable, whatever a record held.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from game.history import PERIODS, GameSummary, History, HistoryError, PlayerTotals, Query, open_history, period_start
from game.record import ReplayedRecord
from game.text import NAME_LIMIT

from . import theme
from .base import AppContext, Input, InputKind, Scene
from .digits import number_size, write_number
from .layout import scale_for
from .seat_cells import seat_cells
from .view import mode_of_kinds
from .widgets import draw_button, draw_panel, draw_rich, draw_text_field

PERIOD_TITLES = {"all": "All games", "week": "Last 7 days", "today": "Today"}
TOTALS_SHOWN = 8
FILTER_DELAY = 0.15
"""Seconds of no typing before the name filter asks the database again (one query per word,
not per letter)."""


def local_time_text(played: int) -> str:
    """A game's end (Unix seconds) in the computer's local time, e.g. "21 Nov 2026, 23:05"."""
    return datetime.fromtimestamp(played).strftime("%d %b %Y, %H:%M")


@dataclass(frozen=True)
class ScoreboardLayout:
    filter: pygame.Rect
    periods: tuple[pygame.Rect, ...]
    games: pygame.Rect
    row_h: int
    totals: pygame.Rect
    footer: pygame.Rect
    back: pygame.Rect

    @property
    def per_page(self) -> int:
        return max(1, self.games.height // self.row_h)

    def row_rect(self, index: int, s: float) -> pygame.Rect:
        return pygame.Rect(self.games.left, self.games.top + index * self.row_h, self.games.width,
                           self.row_h - round(6 * s))


def scoreboard_layout(size: tuple[int, int]) -> ScoreboardLayout:
    """Where everything goes, from the window size alone."""
    w, h = size
    s = scale_for(size)
    margin = round(24 * s)
    field = pygame.Rect(margin, round(72 * s), round(400 * s), round(44 * s))
    button_w = round(150 * s)
    periods = tuple(pygame.Rect(field.right + round(16 * s) + i * (button_w + round(10 * s)), field.top,
                                button_w, field.height) for i in range(len(PERIODS)))
    back = pygame.Rect(0, 0, round(200 * s), round(56 * s))
    back.bottomright = (w - margin, h - round(12 * s))
    top = field.bottom + round(40 * s)
    bottom = back.top - round(50 * s)
    totals_w = max(round(360 * s), 330)
    totals = pygame.Rect(w - margin - totals_w, top - round(30 * s), totals_w, bottom - top + round(30 * s))
    games = pygame.Rect(margin, top, totals.left - round(16 * s) - margin, bottom - top)
    footer = pygame.Rect(margin, bottom + round(6 * s), back.left - round(16 * s) - margin,
                         back.bottom - bottom - round(6 * s))
    return ScoreboardLayout(field, periods, games, round(66 * s), totals, footer, back)


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
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else (1280, 720)

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
        from .replay import replay_of_record

        self.close()
        self.ctx.nav.start_replay(replay_of_record(loaded[1]))

    def review_selected(self) -> None:
        """F2: the post-game review of the selected game (every seat's decisions)."""
        loaded = self._selected_game()
        if loaded is None:
            return
        from .review_scene import ReviewScene, source_of_record

        number, replayed = loaded
        self.ctx.manager.push(ReviewScene(self.ctx, source_of_record(replayed, f"Game {number} of the history")))

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

    def leave(self) -> None:
        self.close()
        self.ctx.manager.pop()

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = scale_for(size)
        layout = scoreboard_layout(size)
        surface.fill(theme.FELT)
        theme.blit_text(surface, "Scoreboard", theme.text_px(50, s), theme.ACCENT, bold=True,
                        midtop=(size[0] // 2, round(12 * s)))
        self._draw_controls(surface, layout, s)
        self._draw_games(surface, layout, s)
        self._draw_totals(surface, layout.totals, s)
        self._draw_footer(surface, layout.footer, s)
        draw_button(surface, layout.back, "Back", theme.text_px(30, s), hovered=layout.back.collidepoint(self.mouse),
                    key_hint="Esc")

    def _draw_controls(self, surface: pygame.Surface, layout: ScoreboardLayout, s: float) -> None:
        draw_text_field(surface, layout.filter, self.name_filter, "Player", theme.text_px(26, s), focused=True,
                        placeholder="type a name to filter")
        for period, rect in zip(PERIODS, layout.periods):
            draw_button(surface, rect, PERIOD_TITLES[period], theme.text_px(22, s), toggled=period == self.period,
                        hovered=rect.collidepoint(self.mouse))
        right = layout.periods[-1].right + round(14 * s)
        room = surface.get_width() - right - 20
        size = theme.text_px(18, s)
        for hint in ("Tab: period   Up/Down: choose   Enter or click: replay   F2: review",
                     "Tab: period   Up/Down: choose   Enter or click: replay", "Enter: replay   F2: review",
                     "Enter or click: replay", ""):
            if theme.font(size).size(hint)[0] <= room:  # shortened, never shrunk, on a small window
                break
        if hint:
            theme.blit_text(surface, hint, size, theme.TEXT_DIM, midleft=(right, layout.filter.centery))

    def _draw_games(self, surface: pygame.Surface, layout: ScoreboardLayout, s: float) -> None:
        area = layout.games
        head_y = area.top - round(14 * s)
        size = theme.text_px(18, s)
        theme.blit_text(surface, "Game", size, theme.TEXT_DIM, midleft=(area.left + round(10 * s), head_y))
        heading, size = theme.fit_label("Players and points (lowest wins, winners in yellow)", size,
                                        area.right - area.left - round(_players_left(s)))
        theme.blit_text(surface, heading, size, theme.TEXT_DIM, midleft=(area.left + round(_players_left(s)), head_y))
        if self.error is not None:
            self._draw_message(surface, area, self.error, theme.DANGER, s)
        elif not self.games:
            empty = ("No game matches." if self.name_filter or self.period != "all"
                     else "No games yet: every finished game is saved here.")
            self._draw_message(surface, area, empty, theme.TEXT, s)
        for index, game in enumerate(self.games):
            self._draw_entry(surface, layout.row_rect(index, s), s, game, index == self.selected)

    def _draw_message(self, surface: pygame.Surface, area: pygame.Rect, message: str, colour: theme.Colour,
                      s: float) -> None:
        message, size = theme.fit_label(message, theme.text_px(26, s), area.width - 20)
        theme.blit_text(surface, message, size, colour, center=area.center)

    def _draw_entry(self, surface: pygame.Surface, rect: pygame.Rect, s: float, game: GameSummary,
                    selected: bool) -> None:
        edge = theme.ACCENT if selected else theme.PANEL_EDGE
        draw_panel(surface, rect, theme.PANEL, edge, radius=round(8 * s),
                   width=max(1, round((3 if selected else 1) * s)))
        sprites = self.ctx.sprites
        cy = rect.centery
        height = round(24 * s)
        width = number_size(game.number, height, sprites=sprites)[0]
        if width > round(110 * s):  # six digits and more: smaller, never past the row's edge
            height = max(8, height * round(110 * s) // width)
        write_number(surface, game.number, (rect.left + round(64 * s), cy - round(10 * s)), height,
                     sprites=sprites, colour=theme.TEXT)
        size = theme.text_px(18, s)
        column = rect.left + round(130 * s)
        when = _when_text(game.played, size, column - rect.left - round(6 * s))
        theme.blit_text(surface, when, size, theme.TEXT_DIM, center=(rect.left + round(64 * s), cy + round(14 * s)))
        mode = SHORT_MODES.get(mode_of_kinds([seat.kind for seat in game.seats]), "")
        theme.blit_text(surface, mode, size, theme.TEXT, midleft=(column, cy - round(12 * s)))
        draw_rich(surface, [game.rules + ", seed ", game.seed], size, theme.TEXT_DIM, sprites,
                  midleft=(column, cy + round(12 * s)), max_width=round((_players_left(1.0) - 140) * s))
        self._draw_seats(surface, rect, s, game)

    def _draw_seats(self, surface: pygame.Surface, rect: pygame.Rect, s: float, game: GameSummary) -> None:
        left = rect.left + round(_players_left(s))
        cells, cell_w, digits_h = seat_cells(left, rect.right - round(8 * s), rect.centery, len(game.seats), s)
        for (x, cy), seat in zip(cells, game.seats):
            colour = theme.ACCENT if seat.won else theme.TEXT
            number = write_number(surface, seat.score, (x + round(16 * s), cy), digits_h,
                                  sprites=self.ctx.sprites, colour=colour)
            room = max(10, round(cell_w - (number.right - x) - 10 * s))
            name, size = theme.fit_label(seat.name, theme.text_px(20, s), room)
            theme.blit_text(surface, name, size, colour, midleft=(number.right + round(6 * s), cy))

    def _draw_totals(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        draw_panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
        title = f"Most wins - {PERIOD_TITLES[self.period].lower()}"
        theme.blit_text(surface, title, theme.fit_size(title, theme.text_px(24, s), rect.width - round(20 * s)),
                        theme.ACCENT, bold=True, midtop=(rect.centerx, rect.top + round(10 * s)))
        columns = (("games", 0.52), ("wins", 0.7), ("mean", 0.88))
        y = rect.top + round(48 * s)
        theme.blit_text(surface, "player", theme.text_px(16, s), theme.TEXT_DIM,
                        midleft=(rect.left + round(12 * s), y))
        for label, at in columns:
            theme.blit_text(surface, label, theme.text_px(16, s), theme.TEXT_DIM,
                            center=(rect.left + round(rect.width * at), y))
        row_h = max(1, min(round(34 * s), (rect.bottom - y - round(10 * s)) // max(1, TOTALS_SHOWN)))
        for leader in self.leaders:
            y += row_h
            if y > rect.bottom - row_h // 2:
                break
            self._draw_leader(surface, rect, s, y, leader, columns)
        if not self.leaders:
            theme.blit_text(surface, "no games", theme.text_px(18, s), theme.TEXT_DIM, center=(rect.centerx, y + row_h))

    def _draw_leader(self, surface: pygame.Surface, rect: pygame.Rect, s: float, y: int, leader: PlayerTotals,
                     columns: tuple[tuple[str, float], ...]) -> None:
        room = round(rect.width * 0.42) - round(12 * s)
        name, size = theme.fit_label(leader.name, theme.text_px(20, s), room)
        theme.blit_text(surface, name, size, theme.TEXT, midleft=(rect.left + round(12 * s), y))
        values = (str(leader.games), str(leader.wins), f"{leader.mean_penalty:.1f}")
        for value, (_, at) in zip(values, columns):
            theme.blit_text(surface, value, theme.text_px(20, s), theme.TEXT,
                            center=(rect.left + round(rect.width * at), y))

    def _draw_footer(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        if self.total:
            first, last = self.offset + 1, min(self.total, self.offset + self.per_page())
            games = "1 game" if self.total == 1 else f"{self.total:,} games"
            paging = f"{first:,}-{last:,} of {games}, newest first   PgUp/PgDn: page   Home/End"
            paging, size = theme.fit_label(paging, theme.text_px(20, s), rect.width)
            theme.blit_text(surface, paging, size, theme.TEXT_DIM, topleft=rect.topleft)
        if self.note_count:
            head = (f"{self.note_count} line{'s' if self.note_count != 1 else ''} of imported files could not be "
                    f"read (the files are unchanged): {self.notes[0]}")
            head, size = theme.fit_label(head, theme.text_px(18, s), rect.width)
            theme.blit_text(surface, head, size, (255, 190, 170), topleft=(rect.left, rect.top + round(26 * s)))


SHORT_MODES = {"solo": "solo", "hotseat": "hot-seat", "demo": "demo"}
"""A game's mode in a word: the row is narrow."""


def _when_text(played: int | None, size: int, room: int) -> str:
    """When a game ended, as long as fits ``room`` at ``size``: date and time, or just the date."""
    if played is None:
        return "no time"
    moment = datetime.fromtimestamp(played)
    for pattern in ("%d %b %Y, %H:%M", "%d %b, %H:%M", "%d %b %Y", "%d %b"):
        text = moment.strftime(pattern)
        if theme.font(size).size(text)[0] <= room:
            return text
    return moment.strftime("%d %b")


def _players_left(s: float) -> float:
    """Where the players' column starts in a game's row."""
    return 290 * s
