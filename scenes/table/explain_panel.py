"""The explain panel (key E): the rule that placed the card on screen, each row's numbers, the verdict.

Text-heavy, so it is worked out once per placement and rendered once per
placement and size (memos: the same placement always gives the same pixels).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.i18n import _
from game.timeline import TableState

from ..kit import theme
from ..kit.digits import DigitSprites
from .explainer import Column, ExplainPanel, explain_panel
from .layout import TableLayout
from game.i18n import Part
from ..model.view import TableInfo
from ..kit.widgets import draw_panel, draw_rich, rich_width, wrap_rich
from .frame import Frame


def shows_explanation(frame: Frame) -> bool:
    """The panel is on and has the room: a placement is shown, or no hand wants the place."""
    return frame.explain and not frame.choosing and (frame.view.last is not None or frame.hand_owner is None)


class ExplainArea:
    """The panel of one game's placements."""

    def __init__(self, info: TableInfo) -> None:
        self.info = info
        self._panel: tuple[TableState | None, ExplainPanel | None] | None = None
        self._image: tuple[tuple[tuple[int, int], ExplainPanel | None], pygame.Surface, bool] | None = None
        self.beside_rows: tuple[int, ...] = ()
        """The rows whose numbers the last frame showed beside the row (the panel had no room)."""

    def panel(self, frame: Frame) -> ExplainPanel | None:
        """The explanation of the placement on screen (``None`` at a reveal, or live before one)."""
        state = frame.shown_state if frame.view.last is not None else None
        if self._panel is not None and self._panel[0] == state:
            return self._panel[1]
        panel = None
        if state is not None:
            later = sorted(enumerate(state.revealed), key=lambda pc: pc[1])[state.step:]
            panel = explain_panel(state.rows_before, state.placement, self.info.rules, self.info.names(), later)
        self._panel = (state, panel)
        return panel

    def lines(self, frame: Frame) -> tuple[str, ...]:
        """The panel's lines as drawn this frame (none when it is not drawn)."""
        panel = self.panel(frame) if shows_explanation(frame) else None
        return tuple(panel.text_lines()) if panel is not None else ()

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        layout = frame.layout
        panel = self.panel(frame)
        key = (layout.size, panel)
        if self._image is None or self._image[0] != key:
            image = pygame.Surface(layout.explain_area.size)
            if pygame.display.get_surface() is not None:
                image = image.convert()
            image.fill(theme.FELT)
            in_panel = render_panel(image, layout, panel, frame.sprites)
            self._image = (key, image, in_panel)
        surface.blit(self._image[1], layout.explain_area)
        self.beside_rows = ()
        if panel is not None and not self._image[2]:
            self.beside_rows = draw_columns_beside_rows(surface, frame, panel)


class FittedPanel(NamedTuple):
    """The panel's lines as they fit its box: wrapped, and what had to be left out."""

    title: list[list[Part]]
    verdict: list[list[Part]]
    columns: bool
    """Whether each row's column is shown (a small window shows the rule and the verdict only)."""
    dropped: int
    """Sentences of the verdict left out whole for want of room, the last first (the "Why?")."""
    cut: int
    """Wrapped lines cut off in the middle of a sentence (a last resort, never needed in any
    language at any window size: the translations are kept short enough)."""
    size: int


def fit_panel(layout: TableLayout, panel: ExplainPanel, sprites: DigitSprites) -> FittedPanel:
    """The title and verdict wrapped to the panel's width, and as many of them as its height holds:
    each row's column if there is room, else whole sentences of the verdict, the last ones left out."""
    s = layout.scale
    inner_w = layout.explain_area.width - 2 * round(10 * s)
    inner_h = layout.explain_area.height - 2 * round(10 * s)
    size = theme.text_px(27, s)
    title = wrap_rich(panel.title, size, sprites, inner_w)
    sentences = [wrap_rich(parts, size, sprites, inner_w) for parts in panel.verdict]
    room = max(1, inner_h // round(theme.cap_height(size) * 1.35))  # lines set close: a panel of short lines

    def lines(kept: int) -> int:
        return len(title) + sum(len(sentence) for sentence in sentences[:kept])

    kept = len(sentences)
    columns = lines(kept) + 3 <= room
    while not columns and kept > 1 and lines(kept) > room:
        kept -= 1
    verdict = [line for sentence in sentences[:kept] for line in sentence]
    wanted = len(title) + len(verdict)
    if wanted > room:  # a last resort: the first lines of the rule and the verdict
        title = title[:max(1, room - len(verdict))]
        verdict = verdict[:max(0, room - len(title))]
    return FittedPanel(title, verdict, columns, len(sentences) - kept, wanted - len(title) - len(verdict), size)


def render_panel(surface: pygame.Surface, layout: TableLayout, panel: ExplainPanel | None,
                 sprites: DigitSprites) -> bool:
    """The rule, one column per row with its numbers, the verdict (drawn at the origin); whether
    the rows' columns are in it (without them, the rows show their numbers beside them)."""
    area = pygame.Rect((0, 0), layout.explain_area.size)
    s = layout.scale
    draw_panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
    pad = round(10 * s)
    inner = area.inflate(-2 * pad, -2 * pad)
    if panel is None:
        lines = theme.wrap_lines(_("Explain (E): why each card goes where it goes"), layout.font_small, inner.width)
        small_h = theme.font(layout.font_small).get_linesize()
        top = inner.centery - small_h * len(lines) // 2
        for index, line in enumerate(lines):
            theme.blit_text(surface, line, layout.font_small, theme.TEXT_DIM,
                            center=(inner.centerx, top + small_h * index + small_h // 2))
        return True
    fitted = fit_panel(layout, panel, sprites)
    title, verdict, columns, size = fitted.title, fitted.verdict, fitted.columns, fitted.size
    line_h = inner.height / (len(title) + len(verdict) + (3 if columns else 0))
    y = inner.top + line_h / 2
    for title_line in title:
        draw_rich(surface, title_line, size, theme.ACCENT, sprites, midleft=(inner.left, round(y)),
                  max_width=inner.width)
        y += line_h
    if columns:
        _draw_columns(surface, panel, inner, y, line_h, size, s, sprites)
        y += 3 * line_h
    for verdict_line in verdict:
        draw_rich(surface, verdict_line, size, theme.TEXT, sprites, midleft=(inner.left, round(y)),
                  max_width=inner.width)
        y += line_h
    return columns


def _draw_columns(surface: pygame.Surface, panel: ExplainPanel, inner: pygame.Rect, y: float, line_h: float,
                  size: int, s: float, sprites: DigitSprites) -> None:
    """One column per row: its last card, the gap to the placed card; the chosen row ringed."""
    col_w = inner.width / len(panel.columns)
    for index, column in enumerate(panel.columns):
        cx = inner.left + col_w * (index + 0.5)
        cell = pygame.Rect(round(inner.left + col_w * index + 2), round(y - line_h / 2),
                           round(col_w - 4), round(3 * line_h))
        if column.chosen:
            pygame.draw.rect(surface, theme.FELT_LIGHT, cell, border_radius=round(6 * s))
            pygame.draw.rect(surface, theme.ACCENT, cell, width=max(1, round(2 * s)), border_radius=round(6 * s))
        colour = theme.TEXT if column.ok or column.chosen else theme.TEXT_DIM
        for line_index, line in enumerate(column_lines(column, cell.width - 4, sprites)):
            draw_rich(surface, line, size, theme.ACCENT if column.chosen and line_index == 0 else colour,
                      sprites, center=(round(cx), round(y + line_h * line_index)),
                      max_width=cell.width - 4)


def column_lines(column: Column, width: int, sprites: DigitSprites) -> tuple[tuple[Part, ...], ...]:
    """A column's lines as drawn ``width`` wide: a head too wide even at the smallest size ("Rangée 1"
    in a crowded table's narrow column) says the row's number alone, as the rows' order does."""
    head, *rest = column.lines
    if rich_width(head, theme.MIN_FONT_SIZE, sprites) > width:
        head = tuple(part for part in head if isinstance(part, int))
    return (head, *rest)


def draw_columns_beside_rows(surface: pygame.Surface, frame: Frame, panel: ExplainPanel) -> tuple[int, ...]:
    """Each row's numbers (its last card; the gap, "too high" or its points) right of the row's
    sixth slot, where the panel is too small for them (a small window): the chosen row ringed.
    A row showing "taken by", or too narrow, is left out.  Returns the rows drawn."""
    layout = frame.layout
    s = layout.scale
    last = frame.view.last
    size = layout.font_small
    pitch = theme.line_pitch(size)
    drawn = []
    for row, column in enumerate(panel.columns):
        if last is not None and last.row == row and last.taken:
            continue  # the row's note says who took it and for how much
        lines = column.lines[1:]
        width = max(rich_width(line, size, frame.sprites) for line in lines) + round(20 * s)
        box = layout.row_boxes[row]
        left = layout.row_card_rect(row, 5).right + round(12 * s)
        if box.right - round(8 * s) - left < width:
            continue
        cell = pygame.Rect(box.right - round(8 * s) - width, 0, width, pitch * len(lines) + round(10 * s))
        cell.centery = box.centery
        pygame.draw.rect(surface, theme.FELT_LIGHT if column.chosen else theme.PANEL, cell, border_radius=round(6 * s))
        if column.chosen:
            pygame.draw.rect(surface, theme.ACCENT, cell, width=max(1, round(2 * s)), border_radius=round(6 * s))
        colour = theme.TEXT if column.ok or column.chosen else theme.TEXT_DIM
        y = cell.top + round(5 * s) + pitch // 2
        for line in lines:
            draw_rich(surface, line, size, colour, frame.sprites, center=(cell.centerx, y))
            y += pitch
        drawn.append(row)
    return tuple(drawn)
