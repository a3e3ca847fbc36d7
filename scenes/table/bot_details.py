"""The box beside a bot's seat while the mouse is over it: its command, last message, why it
lost its seat, and the end of its debug output."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..kit import theme
from ..kit.widgets import draw_panel
from .frame import Frame
from .players import seat_at
from .text import fit_text, wrap_text

Line = tuple[str, theme.Colour]


def hovered_bot(frame: Frame) -> int | None:
    """The bot's seat under the mouse, if any."""
    player = seat_at(frame.layout, frame.mouse)
    return player if player is not None and frame.bots[player] is not None else None


def detail_lines(frame: Frame) -> list[Line]:
    """The box's lines (none when the mouse is not over a bot)."""
    player = hovered_bot(frame)
    if player is None:
        return []
    bot = frame.bots[player]
    assert bot is not None
    size = frame.layout.font_small
    text_w = _width(frame) - 2 * _pad(frame)
    lines: list[Line] = [(f"{frame.info.name(player)}: {bot.command}", theme.ACCENT)]
    lines.append((_('Last message: "{message}"').format(message=bot.message) if bot.message else _("No message yet"),
                  theme.TEXT))
    if bot.detail:
        # NOTE: {reason} is why the bot lost its seat (e.g. "too slow").
        lost = _("{reason}; it now plays randomly.").format(reason=bot.detail)
        lines += [(line, theme.DANGER) for line in wrap_text(lost, size, text_w)]
    lines.append((_("Clock: processor time, start-up free") if bot.cpu_clock else
                  _("Clock: wall time, start-up free"), theme.TEXT_DIM))
    lines.append((_("Debug output (stderr), last lines:") if bot.stderr_tail else _("No debug output (stderr)"),
                  theme.TEXT_DIM))
    lines += [(fit_text(line, text_w, size), theme.TEXT) for line in bot.stderr_tail[-4:]]
    return lines


def _width(frame: Frame) -> int:
    return max(round(560 * frame.scale), 500)


def _pad(frame: Frame) -> int:
    return round(12 * frame.scale)


def draw_bot_details(surface: pygame.Surface, frame: Frame) -> None:
    lines = detail_lines(frame)
    player = hovered_bot(frame)
    if not lines or player is None:
        return
    layout = frame.layout
    s = layout.scale
    size = layout.font_small
    pad = _pad(frame)
    line_h = theme.font(size).get_linesize()
    box = pygame.Rect(0, 0, _width(frame), len(lines) * line_h + 2 * pad)
    seat_box = layout.seats[player].box
    box.topright = (seat_box.left - round(10 * s), seat_box.top)
    if box.bottom > layout.caption.bottom:
        box.bottom = layout.caption.bottom
    draw_panel(surface, box, theme.BAR, theme.ACCENT, radius=round(10 * s), width=max(2, round(2 * s)))
    y = box.top + pad
    for text, colour in lines:
        text, fitted = theme.fit_label(text, size, _width(frame) - 2 * pad)
        theme.blit_text(surface, text, fitted, colour, topleft=(box.left + pad, y))
        y += line_h
