"""The scoreboard drawn: where each part goes (from the window size alone) and how it looks.

:class:`BoardFrame` is the data one frame shows (the scene's page of games, its
filter and period, the most wins); each ``draw_*`` function draws one area of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Sequence

import pygame

from store.history import PERIODS, GameSummary, PlayerTotals
from game.table_size import CLASS_MODE
from game.i18n import N_, Part, _, ngettext, rich

from ..kit import theme
from ..kit.digits import DigitSprites, number_size, write_number
from ..kit.layout import scale_for
from ..kit.report_link import wrap_at_separators
from .seat_cells import seat_cells
from ..model.mode_titles import class_title
from ..model.view import mode_of_kinds
from ..kit.widgets import draw_button, draw_panel, draw_rich, draw_text_field, rich_width
from ..kit.words import seed_worth_showing

PERIOD_TITLES = {"all": N_("All games"), "week": N_("Last 7 days"), "today": N_("Today")}
TOTALS_TITLES = {"all": N_("Most wins - all games"), "week": N_("Most wins - last 7 days"), "today": N_("Most wins - today")}
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"),
          N_("Nov"), N_("Dec"))
"""The months' short names (translated when shown: the dates do not depend on the system's locale)."""
TOTALS_SHOWN = 8
SHORT_MODES = {"solo": N_("solo"), "hotseat": N_("hot-seat"), "demo": N_("demo")}
"""A game's mode in a word: the row is narrow."""


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
    field = pygame.Rect(margin, round(72 * s), round(380 * s), round(44 * s))
    button_w = max(round(160 * s), 144)  # "Last 7 days" whole at the smallest size
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


@dataclass(frozen=True)
class BoardFrame:
    """What one frame of the scoreboard shows."""

    name_filter: str
    period: str
    games: Sequence[GameSummary]
    """The page of games, newest first."""
    selected: int
    error: str | None
    leaders: Sequence[PlayerTotals]
    total: int
    """Games matching the filter and the period, in all."""
    offset: int
    """Index of the page's first game."""
    per_page: int
    note_count: int
    notes: Sequence[str]
    mouse: tuple[int, int]
    lessons: str = ""
    """The lesson reports written by class games (where, how many), if any."""


def draw_scoreboard(surface: pygame.Surface, frame: BoardFrame, sprites: DigitSprites) -> None:
    size = surface.get_size()
    s = scale_for(size)
    layout = scoreboard_layout(size)
    surface.fill(theme.FELT)
    theme.blit_text(surface, _("Scoreboard"), theme.text_px(50, s), theme.ACCENT, bold=True,
                    midtop=(size[0] // 2, round(12 * s)))
    draw_controls(surface, layout, s, frame)
    draw_games(surface, layout, s, frame, sprites)
    draw_totals(surface, layout.totals, s, frame)
    draw_footer(surface, layout.footer, s, frame)
    draw_button(surface, layout.back, _("Back"), theme.text_px(30, s), hovered=layout.back.collidepoint(frame.mouse),
                key_hint=_("Esc"))


def draw_controls(surface: pygame.Surface, layout: ScoreboardLayout, s: float, frame: BoardFrame) -> None:
    draw_text_field(surface, layout.filter, frame.name_filter, _("Player"), theme.text_px(26, s), focused=True,
                    placeholder=_("type a name to filter"))
    for period, rect in zip(PERIODS, layout.periods):
        draw_button(surface, rect, _(PERIOD_TITLES[period]), theme.text_px(22, s), toggled=period == frame.period,
                    hovered=rect.collidepoint(frame.mouse))
    right = layout.periods[-1].right + round(14 * s)
    room = surface.get_width() - right - 20
    size = theme.hint_px(22, s)
    for hint in (_("Tab: period   Up/Down: choose   Enter or click: replay   F2: review"),
                 _("Tab: period   Up/Down: choose   Enter or click: replay"), _("Enter: replay   F2: review"),
                 _("Enter or click: replay"), ""):
        if theme.text_width(hint, size) <= room:  # shortened, never shrunk, on a small window
            break
    if hint:
        theme.blit_hint(surface, hint, size, midleft=(right, layout.filter.centery))


def draw_games(surface: pygame.Surface, layout: ScoreboardLayout, s: float, frame: BoardFrame,
               sprites: DigitSprites) -> None:
    area = layout.games
    head_y = area.top - round(14 * s)
    size = theme.text_px(18, s)
    theme.blit_text(surface, _("Game"), size, theme.TEXT_DIM, midleft=(area.left + round(10 * s), head_y))
    heading, size = theme.fit_label(_("Players and points (winners in yellow)"), size,
                                    area.right - area.left - round(_players_left(s)))
    theme.blit_text(surface, heading, size, theme.TEXT_DIM, midleft=(area.left + round(_players_left(s)), head_y))
    if frame.error is not None:
        draw_message(surface, area, frame.error, theme.DANGER, s)
    elif not frame.games:
        empty = (_("No game matches.") if frame.name_filter or frame.period != "all"
                 else _("No games yet: every finished game is saved here."))
        draw_message(surface, area, empty, theme.TEXT, s)
    for index, game in enumerate(frame.games):
        draw_entry(surface, layout.row_rect(index, s), s, game, index == frame.selected, sprites)


def draw_message(surface: pygame.Surface, area: pygame.Rect, message: str, colour: theme.Colour, s: float) -> None:
    message, size = theme.fit_label(message, theme.text_px(26, s), area.width - 20)
    theme.blit_text(surface, message, size, colour, center=area.center)


def draw_entry(surface: pygame.Surface, rect: pygame.Rect, s: float, game: GameSummary, selected: bool,
               sprites: DigitSprites) -> None:
    edge = theme.ACCENT if selected else theme.PANEL_EDGE
    draw_panel(surface, rect, theme.PANEL, edge, radius=round(8 * s),
               width=max(1, round((3 if selected else 1) * s)))
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
    mode = game_mode(game)
    theme.blit_text(surface, mode, size, theme.TEXT, midleft=(column, cy - round(12 * s)))
    room = round((_players_left(1.0) - 140) * s)
    rules: list[Part] = [game.rules]  # a drawn seed (19 digits), or a typed one with no room: the replay knows it
    if seed_worth_showing(game.seed):
        with_seed = rich(_("{rules}, seed {seed}"), rules=game.rules, seed=game.seed)
        rules = with_seed if rich_width(with_seed, size, sprites) <= room else rules
    draw_rich(surface, rules, size, theme.TEXT_DIM, sprites, midleft=(column, cy + round(12 * s)), max_width=room)
    draw_seats(surface, rect, s, game, sprites)


def game_mode(game: GameSummary) -> str:
    """A game's mode in a word or two: a class game (at table N), else from who sat where."""
    if game.mode == CLASS_MODE:
        return class_title(game.table)
    return _(SHORT_MODES.get(mode_of_kinds([seat.kind for seat in game.seats]), ""))


def draw_seats(surface: pygame.Surface, rect: pygame.Rect, s: float, game: GameSummary,
               sprites: DigitSprites) -> None:
    left = rect.left + round(_players_left(s))
    cells, cell_w, digits_h = seat_cells(left, rect.right - round(8 * s), rect.centery, len(game.seats), s)
    for (x, cy), seat in zip(cells, game.seats):
        colour = theme.ACCENT if seat.won else theme.TEXT
        number = write_number(surface, seat.score, (x + round(16 * s), cy), digits_h, sprites=sprites, colour=colour)
        room = max(10, round(cell_w - (number.right - x) - 10 * s))
        name, size = theme.fit_label(seat.name, theme.text_px(20, s), room)
        theme.blit_text(surface, name, size, colour, midleft=(number.right + round(6 * s), cy))


def draw_totals(surface: pygame.Surface, rect: pygame.Rect, s: float, frame: BoardFrame) -> None:
    draw_panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
    title = _(TOTALS_TITLES[frame.period])
    theme.blit_text(surface, title, theme.fit_size(title, theme.text_px(24, s), rect.width - round(20 * s), bold=True),
                    theme.ACCENT, bold=True, midtop=(rect.centerx, rect.top + round(10 * s)))
    columns = ((_("games"), 0.52), (_("wins"), 0.7), (_("mean"), 0.88))
    y = rect.top + round(48 * s)
    theme.blit_text(surface, _("player"), theme.text_px(16, s), theme.TEXT_DIM,
                    midleft=(rect.left + round(12 * s), y))
    for label, at in columns:
        theme.blit_text(surface, label, theme.text_px(16, s), theme.TEXT_DIM,
                        center=(rect.left + round(rect.width * at), y))
    row_h = max(1, min(round(34 * s), (rect.bottom - y - round(10 * s)) // max(1, TOTALS_SHOWN)))
    for leader in frame.leaders:
        y += row_h
        if y > rect.bottom - row_h // 2:
            break
        draw_leader(surface, rect, s, y, leader, columns)
    if not frame.leaders:
        theme.blit_text(surface, _("no games"), theme.text_px(18, s), theme.TEXT_DIM, center=(rect.centerx, y + row_h))


def draw_leader(surface: pygame.Surface, rect: pygame.Rect, s: float, y: int, leader: PlayerTotals,
                columns: tuple[tuple[str, float], ...]) -> None:
    room = round(rect.width * 0.42) - round(12 * s)
    name, size = theme.fit_label(leader.name, theme.text_px(20, s), room)
    theme.blit_text(surface, name, size, theme.TEXT, midleft=(rect.left + round(12 * s), y))
    values = (str(leader.games), str(leader.wins), f"{leader.mean_penalty:.1f}")
    for value, (_label, at) in zip(values, columns):
        theme.blit_text(surface, value, theme.text_px(20, s), theme.TEXT,
                        center=(rect.left + round(rect.width * at), y))


def draw_footer(surface: pygame.Surface, rect: pygame.Rect, s: float, frame: BoardFrame) -> None:
    if frame.total:
        first, last = frame.offset + 1, min(frame.total, frame.offset + frame.per_page)
        paging = ngettext("{first}-{last} of {count} game, newest first   PgUp/PgDn: page   Home/End",
                          "{first}-{last} of {count} games, newest first   PgUp/PgDn: page   Home/End",
                          frame.total).format(first=f"{first:,}", last=f"{last:,}", count=f"{frame.total:,}")
        paging, size = theme.fit_label(paging, theme.text_px(20, s), rect.width)
        theme.blit_text(surface, paging, size, theme.TEXT_DIM, topleft=rect.topleft)
    if frame.note_count:
        head = ngettext("{count} line of imported files could not be read (the files are unchanged): {note}",
                        "{count} lines of imported files could not be read (the files are unchanged): {note}",
                        frame.note_count).format(count=frame.note_count, note=frame.notes[0])
        head, size = theme.fit_label(head, theme.text_px(18, s), rect.width)
        theme.blit_text(surface, head, size, (255, 190, 170), topleft=(rect.left, rect.top + round(26 * s)))
    elif frame.lessons:
        draw_lessons(surface, rect, s, frame.lessons)


def draw_lessons(surface: pygame.Surface, rect: pygame.Rect, s: float, lessons: str) -> None:
    """Where the lesson reports are, the newest named in full (wrapped, never cut), and the key
    that opens it, under the paging line."""
    size = theme.hint_px(18, s)
    text = lessons + "    " + _("F3: open the newest in the browser")
    top = rect.top + round(26 * s)
    pitch = min(theme.line_height(size), (rect.bottom - top) // 3)
    for index, line in enumerate(wrap_at_separators(text, size, rect.width)):
        theme.blit_hint(surface, line, size, topleft=(rect.left, top + index * pitch))


def _when_text(played: int | None, size: int, room: int) -> str:
    """When a game ended, as long as fits ``room`` at ``size``: date and time, or just the date."""
    if played is None:
        return _("no time")
    moment = datetime.fromtimestamp(played)
    day = f"{moment.day:02d} {_(MONTHS[moment.month - 1])}"
    clock = moment.strftime("%H:%M")
    for text in (f"{day} {moment.year}, {clock}", f"{day}, {clock}", f"{day} {moment.year}"):
        if theme.font(size).size(text)[0] <= room:
            return text
    return day


def _players_left(s: float) -> float:
    """Where the players' column starts in a game's row."""
    return 290 * s
