"""The table's frame, drawn component by component, and what it shows (for tests).

The order is the order of the layers on screen: the still background, the top
bar, the rows, the seats, the caption, the hand or the queue with the
explanation and the buttons, the keys line, the past's frame and a bot's
details.  :meth:`TablePainter.frame_info` reads the same components' data,
so what the tests read is what was drawn.
"""

from __future__ import annotations

import pygame

from live.session import Stage
from ..model.view import TableInfo
from . import bot_details, caption, players, rows
from .background import Background
from .buttons import draw_buttons
from .explain_panel import ExplainArea, shows_explanation
from .frame import Frame, FrameInfo
from .hand import draw_hand, draw_small_hand
from .hints import draw_hints
from .past import draw_past_frame
from .queue import draw_queue
from .top_bar import TopBar, draw_top_bar, place_top_bar


class TablePainter:
    """Draws the frames of one game's table (keeping its still layers)."""

    def __init__(self, info: TableInfo) -> None:
        self.background = Background(info.rules)
        self.explain_area = ExplainArea(info)

    def draw(self, surface: pygame.Surface, frame: Frame) -> TopBar:
        """The whole frame; returns the top bar as placed (predict mode sits beside it)."""
        self.background.draw(surface, frame.layout)
        bar = place_top_bar(frame)
        draw_top_bar(surface, frame, bar)
        rows.draw_rows(surface, frame)
        players.draw_players(surface, frame)
        caption.draw_caption(surface, frame)
        self._draw_bottom(surface, frame)
        draw_hints(surface, frame)
        draw_past_frame(surface, frame)
        bot_details.draw_bot_details(surface, frame)
        return bar

    def _draw_bottom(self, surface: pygame.Surface, frame: Frame) -> None:
        """The chooser's hand; or this turn's cards, the explanation (or the solo hand) and the buttons."""
        if frame.choosing:
            draw_hand(surface, frame)
            return
        draw_queue(surface, frame)
        if shows_explanation(frame):
            self.explain_area.draw(surface, frame)
        elif frame.hand_owner is not None:
            draw_small_hand(surface, frame)
        draw_buttons(surface, frame)

    def frame_info(self, frame: Frame) -> FrameInfo:
        """What :meth:`draw` shows of ``frame``."""
        view = frame.view
        drawn_owner = frame.hand_owner if frame.choosing or not shows_explanation(frame) else None
        return FrameInfo(
            view.stage, view.rows, drawn_owner, False, view.chooser, past=frame.in_past, cursor=frame.cursor,
            explain=self.explain_area.lines(frame), hint_card=frame.hint.card if frame.hint is not None else None,
            moving=frame.motion is not None, bot_details=tuple(text for text, _ in bot_details.detail_lines(frame)),
            seat_notes=players.seat_notes(frame), row_totals=rows.row_totals(frame),
            scores=players.shown_scores(frame), top_bar=top_bar_rects(frame),
        )


def top_bar_rects(frame: Frame) -> tuple[pygame.Rect, ...]:
    """Where the top bar shows where we are, the middle, the game, and "?"."""
    return (*place_top_bar(frame).rects, frame.layout.help_button)


def curtain_info(chooser: int | None) -> FrameInfo:
    return FrameInfo(Stage.CURTAIN, (), None, True, chooser)
