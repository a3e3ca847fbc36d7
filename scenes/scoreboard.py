"""The scoreboard: every game in the records file, newest first.

Read with :func:`game.record.scan_records`, which never fails on one bad
line: a corrupt line is skipped and named in a note at the bottom, and the
file itself is only read, never rewritten.  Records have no date, so games
are numbered in file order (game 1 is the oldest) with their line number.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.record import GameRecord, parse_timestamp, scan_records

from . import theme
from .base import AppContext, Input, InputKind, Scene
from .digits import write_number
from .layout import scale_for
from .session import MODE_TITLES
from .view import mode_of_kinds
from .widgets import draw_button, draw_panel, draw_rich


def local_time_text(finished: str) -> str:
    """A record's UTC end time in the computer's local time, e.g. "21 Nov 2026, 23:05"."""
    try:
        moment = parse_timestamp(finished)
    except ValueError:
        return finished
    return moment.astimezone().strftime("%d %b %Y, %H:%M")


class ScoreboardScene(Scene):
    """Past games: number, mode, players with their scores, winner(s)."""

    def __init__(self, ctx: AppContext, path: Path) -> None:
        super().__init__(ctx)
        self.path = path
        scan = scan_records(path)
        numbered = [(number, line, record) for number, (line, record) in enumerate(scan.records, start=1)]
        self.entries: list[tuple[int, int, GameRecord]] = numbered[::-1]
        """(game number, line, record), newest (last line) first."""
        self.problems = scan.problems
        self.top = 0
        """Index of the first entry shown (scrolling)."""

    # ------------------------------------------------------------ layout
    def _size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else (1280, 720)

    def _geometry(self, size: tuple[int, int]) -> tuple[pygame.Rect, int, int, pygame.Rect]:
        """(list area, row height, rows per page, back button)."""
        w, h = size
        s = scale_for(size)
        notes_h = round((30 + 24 * min(2, len(self.problems))) * s) if self.problems else 0
        back = pygame.Rect(0, 0, round(200 * s), round(56 * s))
        back.bottomright = (w - round(24 * s), h - round(12 * s))
        top = round(132 * s)
        area = pygame.Rect(round(24 * s), top, w - round(48 * s), back.top - round(12 * s) - notes_h - top)
        row_h = round(76 * s)
        return area, row_h, max(1, area.height // row_h), back

    # ------------------------------------------------------------- input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        _, _, per_page, back = self._geometry(self._size())
        last_top = max(0, len(self.entries) - per_page)
        if inp.is_key(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_SPACE):
            self.ctx.manager.pop()
        elif inp.kind is InputKind.CLICK and back.collidepoint(inp.pos):
            self.ctx.manager.pop()
        elif inp.is_key(pygame.K_DOWN):
            self.top = min(last_top, self.top + 1)
        elif inp.is_key(pygame.K_UP):
            self.top = max(0, self.top - 1)
        elif inp.is_key(pygame.K_PAGEDOWN):
            self.top = min(last_top, self.top + per_page)
        elif inp.is_key(pygame.K_PAGEUP):
            self.top = max(0, self.top - per_page)
        elif inp.is_key(pygame.K_HOME):
            self.top = 0
        elif inp.is_key(pygame.K_END):
            self.top = last_top

    def shown(self) -> list[tuple[int, int, GameRecord]]:
        _, _, per_page, _ = self._geometry(self._size())
        return self.entries[self.top:self.top + per_page]

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        w, h = size
        s = scale_for(size)
        surface.fill(theme.FELT)
        theme.blit_text(surface, "Scoreboard", round(56 * s), theme.ACCENT, bold=True, midtop=(w // 2, round(14 * s)))
        count = len(self.entries)
        games = "1 game" if count == 1 else f"{count} games"
        sub = f"{games} in {self.path}  -  newest first, lowest score wins"
        theme.blit_text(surface, sub, theme.fit_size(sub, round(24 * s), w - round(40 * s)), theme.TEXT_DIM,
                        midtop=(w // 2, round(70 * s)))
        area, row_h, per_page, back = self._geometry(size)
        theme.blit_text(surface, "Game", round(20 * s), theme.TEXT_DIM, midleft=(area.left + round(10 * s), area.top - round(14 * s)))
        theme.blit_text(surface, "Mode", round(20 * s), theme.TEXT_DIM, midleft=(area.left + round(130 * s), area.top - round(14 * s)))
        theme.blit_text(surface, "Players and points (the winner in yellow)", round(20 * s), theme.TEXT_DIM,
                        midleft=(area.left + round(370 * s), area.top - round(14 * s)))
        if not self.entries:
            theme.blit_text(surface, "No games recorded yet: every finished game is added here.", round(30 * s),
                            theme.TEXT, center=area.center)
        for index, (number, line, record) in enumerate(self.entries[self.top:self.top + per_page]):
            rect = pygame.Rect(area.left, area.top + index * row_h, area.width, row_h - round(6 * s))
            self._draw_entry(surface, rect, s, number, line, record)
        if self.top > 0 or self.top + per_page < count:
            more = f"Up/Down, PgUp/PgDn: scroll  ({self.top + 1}-{min(count, self.top + per_page)} of {count})"
            theme.blit_text(surface, more, round(20 * s), theme.TEXT_DIM,
                            midleft=(area.left, back.centery))
        if self.problems:
            self._draw_problems(surface, pygame.Rect(area.left, area.bottom + round(6 * s), area.width,
                                                     back.top - area.bottom - round(12 * s)), s)
        draw_button(surface, back, "Back", round(30 * s), hovered=back.collidepoint(self.mouse), key_hint="Esc / Enter")

    def _draw_entry(self, surface: pygame.Surface, rect: pygame.Rect, s: float, number: int, line: int,
                    record: GameRecord) -> None:
        draw_panel(surface, rect, theme.PANEL, theme.PANEL_EDGE, radius=round(8 * s), width=max(1, round(s)))
        sprites = self.ctx.sprites
        cy = rect.centery
        write_number(surface, number, (rect.left + round(36 * s), cy - round(6 * s)), round(28 * s),
                     sprites=sprites, colour=theme.TEXT)
        draw_rich(surface, ["line ", line], round(16 * s), theme.TEXT_DIM, sprites,
                  center=(rect.left + round(36 * s), cy + round(16 * s)))
        if record.finished is not None:
            when = local_time_text(record.finished)
            theme.blit_text(surface, when, round(16 * s), theme.TEXT_DIM,
                            midleft=(rect.left + round(120 * s), cy + round(22 * s)))
        mode = mode_of_kinds([p.kind for p in record.players])
        title = MODE_TITLES.get(mode, mode)
        theme.blit_text(surface, title, theme.fit_size(title, round(22 * s), round(220 * s)), theme.TEXT,
                        midleft=(rect.left + round(120 * s), cy - round(18 * s)))
        draw_rich(surface, [record.rules + " rules, seed ", record.seed], round(16 * s), theme.TEXT_DIM, sprites,
                  midleft=(rect.left + round(120 * s), cy + round(4 * s)), max_width=round(230 * s))
        left = rect.left + round(360 * s)
        players = record.players
        cell_w = (rect.right - round(10 * s) - left) / max(1, len(players))
        winners = set(record.winners)
        for player, info in enumerate(players):
            x = round(left + player * cell_w)
            won = player in winners
            colour = theme.ACCENT if won else theme.TEXT
            score = record.scores[player]
            number_rect = write_number(surface, score, (x + round(24 * s), cy), round(28 * s),
                                       sprites=sprites, colour=colour)
            name = info.name + ("  (winner)" if won else "")
            size = theme.fit_size(name, round(22 * s), round(cell_w - (number_rect.right - x) - 14 * s))
            theme.blit_text(surface, name, size, colour, midleft=(number_rect.right + round(10 * s), cy))

    def _draw_problems(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        count = len(self.problems)
        head = (f"{count} line{'s' if count != 1 else ''} of the file could not be read and "
                f"{'were' if count != 1 else 'was'} skipped (the file is left unchanged):")
        theme.blit_text(surface, head, theme.fit_size(head, round(22 * s), rect.width), theme.DANGER,
                        topleft=rect.topleft)
        y = rect.top + round(26 * s)
        for problem in self.problems[:2]:
            theme.blit_text(surface, problem, theme.fit_size(problem, round(20 * s), rect.width), (255, 190, 170),
                            topleft=(rect.left + round(16 * s), y))
            y += round(24 * s)
