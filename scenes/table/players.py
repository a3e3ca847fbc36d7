"""The seats: each player's name and what they do, their points, and their card of the turn.

Seats are drawn here only: one seat per rectangle the layout gives
(:attr:`scenes.table.layout.TableLayout.seats`), however many there are - their
still boxes once into the background (:func:`draw_still_seats`), the rest
every frame (:func:`draw_players`).
"""

from __future__ import annotations

import pygame

from game.rules import Rules
from game.i18n import _, ngettext

from ..model import classic
from ..kit import theme
from ..kit.cards import LOOK_DIM
from ..kit.digits import write_number
from .layout import SeatParts, TableLayout
from live.session import Stage
from live.thinker import BotStatus
from ..model.view import TableInfo, TableView
from ..kit.widgets import draw_marker, draw_panel
from ..kit.words import seat_label
from .frame import Frame


def seat_at(layout: TableLayout, pos: tuple[int, int]) -> int | None:
    """The seat whose box is at ``pos``, if any."""
    return next((player for player, parts in enumerate(layout.seats) if parts.box.collidepoint(pos)), None)


def seat_detail(info: TableInfo, view: TableView, player: int, dots: str) -> str:
    """What a seat is and does now, e.g. "AI (mc) - thinking..", "human - chosen"."""
    seat = info.seats[player]
    who = seat_label(seat) if not seat.is_human else (_("you") if not info.uses_curtain else _("human"))
    if player in view.thinking:
        return _("{who} - thinking").format(who=who) + dots
    if view.stage in (Stage.CHOOSE, Stage.CURTAIN, Stage.THINKING):
        if view.chosen[player]:
            return _("{who} - chosen").format(who=who)
        return _("{who} - choosing...").format(who=who)
    taken = _taken(view, player)
    if taken:
        return ngettext("{who} - took {count} card", "{who} - took {count} cards", taken).format(who=who, count=taken)
    return who


def seat_doing(view: TableView, player: int, dots: str) -> tuple[str, ...]:
    """What a seat does now without what it is ("took 3 cards", then "3 cards"), longest first:
    where :func:`seat_detail` is too long for a narrow seat.  Empty when it does nothing worth a word."""
    if player in view.thinking:
        return (_("thinking") + dots,)
    if view.stage in (Stage.CHOOSE, Stage.CURTAIN, Stage.THINKING):
        return (_("chosen") if view.chosen[player] else _("choosing..."),)
    taken = _taken(view, player)
    if not taken:
        return ()
    return (ngettext("took {count} card", "took {count} cards", taken).format(count=taken),
            ngettext("{count} card", "{count} cards", taken).format(count=taken))


def seat_details(info: TableInfo, view: TableView, player: int, dots: str, detail: str) -> tuple[str, ...]:
    """``detail`` (what the screen says of a seat), then shorter forms if it is the table's own."""
    if detail != seat_detail(info, view, player, dots):
        return (detail,)  # a screen's own words for the seat
    return (detail, *seat_doing(view, player, dots))


def _taken(view: TableView, player: int) -> int:
    """How many cards ``player`` has just taken with a row (0: none)."""
    last = view.last
    return len(last.taken) if last is not None and last.player == player and last.penalty else 0


def fitting_detail(details: tuple[str, ...], width: int) -> str:
    """The first of ``details`` (longest first) that fits ``width`` at the smallest size, else the last."""
    font = theme.font(theme.MIN_FONT_SIZE)
    return next((detail for detail in details if font.size(detail)[0] <= width), details[-1])


def shown_scores(frame: Frame) -> tuple[int, ...]:
    """Each seat's points as drawn: a take counts once the taken cards arrive."""
    view = frame.view
    scores = list(view.scores)
    if frame.motion is not None and view.last is not None:
        scores[view.last.player] -= view.last.penalty
    return tuple(scores)


def bot_note(bot: BotStatus | None) -> tuple[str, theme.Colour]:
    """The line under a bot's name: its last message, or that it lost its seat."""
    if bot is None:
        return "", theme.TEXT_DIM
    if bot.disqualified:
        return _("now plays randomly"), theme.DANGER
    if bot.message:
        return f'"{bot.message}"', theme.TEXT
    return _("(no message)"), theme.TEXT_DIM


def _fitting_note(bot: BotStatus, width: int) -> str:
    """The note under a bot's name, in fewer words where a narrow seat needs it."""
    note = bot_note(bot)[0]
    return fitting_detail((note, _("plays randomly")) if bot.disqualified else (note,), width)


def _disqualified_line(bot: BotStatus, width: int) -> str:
    """Why a bot lost its seat, in fewer words where a narrow seat needs it: the reason alone,
    else the bare word (in red either way, over "plays randomly"; the details say it all)."""
    # NOTE: {reason} is the error that cost a bot its seat (e.g. "too slow, turn 2").
    return fitting_detail((_("disqualified: {reason}").format(reason=bot.disqualified), bot.disqualified,
                           _("disqualified")), width)


def seat_notes(frame: Frame) -> tuple[str, ...]:
    """Per seat, the note drawn under a bot's name ("" for the others), as fitted."""
    notes = []
    for parts, bot in zip(frame.layout.seats, frame.bots):
        note_rect = parts.lines[2]
        size = max(theme.least_font_size(frame.layout.scale), min(frame.layout.font_small, round(parts.lines[1].height * 1.05)))
        notes.append(theme.fit_label(_fitting_note(bot, note_rect.width), size, note_rect.width)[0]
                     if bot is not None else "")
    return tuple(notes)


def draw_still_seats(bg: pygame.Surface, layout: TableLayout, rules: Rules) -> None:
    """What never changes at a seat: its box, the unit under its points, its card's slot."""
    s = layout.scale
    for parts in layout.seats:
        draw_panel(bg, parts.box, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
        theme.blit_text(bg, classic.score_unit(rules), layout.font_small, theme.TEXT_DIM,
                        center=(parts.score.centerx, parts.score.centery + round(22 * s)))
        card = parts.card
        pygame.draw.rect(bg, theme.FELT_DARK, card, width=max(2, round(2 * s)), border_radius=max(3, card.width // 9))


def draw_players(surface: pygame.Surface, frame: Frame) -> None:
    """Every seat the layout places, with its edge, its lines, its points and its card."""
    view = frame.view
    upcoming = view.upcoming
    next_player = upcoming[0] if upcoming is not None else None
    choosing = view.stage in (Stage.CHOOSE, Stage.CURTAIN, Stage.THINKING)
    scores = shown_scores(frame)
    for player, parts in enumerate(frame.layout.seats):
        is_next = player == next_player
        edge = theme.ACCENT if is_next else (theme.GOOD if choosing and player == view.chooser else None)
        if edge is not None:
            pygame.draw.rect(surface, edge, parts.box, width=max(2, round(4 * frame.scale)),
                             border_radius=round(10 * frame.scale))
        if is_next:
            draw_marker(surface, parts.marker, theme.ACCENT)
        _draw_lines(surface, frame, player, parts)
        write_number(surface, scores[player], (parts.score.centerx, parts.score.centery - round(8 * frame.scale)),
                     round(36 * frame.scale), sprites=frame.sprites, colour=theme.TEXT)
        _draw_card(surface, frame, player, parts.card, choosing)


def _draw_card(surface: pygame.Surface, frame: Frame, player: int, rect: pygame.Rect, choosing: bool) -> None:
    """The seat's card of the turn, dimmed once placed; a card back once chosen."""
    view = frame.view
    is_last = view.last is not None and view.last.player == player
    if view.turn_cards:
        look = LOOK_DIM if player in view.placed_players() and not is_last else "normal"
        surface.blit(frame.art.face(view.turn_cards[player], rect.size, look), rect)
    elif choosing and view.chosen[player]:
        surface.blit(frame.art.back(rect.size), rect)


def _draw_lines(surface: pygame.Surface, frame: Frame, player: int, parts: SeatParts) -> None:
    view = frame.view
    layout = frame.layout
    name = frame.info.seats[player].name
    details = frame.seat_details[player]
    detail = fitting_detail(details, (parts.lines[1] if frame.bots[player] is not None else parts.detail).width)
    is_last = view.last is not None and view.last.player == player
    detail_colour = theme.ACCENT if is_last and view.last and view.last.penalty else theme.TEXT_DIM
    if player in view.thinking:
        detail_colour = theme.GOOD
    bot = frame.bots[player]
    if bot is not None:
        _draw_bot_lines(surface, frame, parts.lines, name, detail, detail_colour, bot)
        return
    name, name_size = theme.fit_label(name, layout.font_name, parts.name.width)
    theme.blit_text(surface, name, name_size, theme.TEXT, midleft=(parts.name.left, parts.name.centery))
    detail, detail_size = theme.fit_label(detail, layout.font_small, parts.detail.width)
    theme.blit_text(surface, detail, detail_size, detail_colour, midleft=(parts.detail.left, parts.detail.centery))


def _draw_bot_lines(surface: pygame.Surface, frame: Frame, lines: tuple[pygame.Rect, ...],
                    name: str, detail: str, detail_colour: theme.Colour, bot: BotStatus) -> None:
    """A bot's seat: its name, what it does, and its last message - or why it lost its seat."""
    layout = frame.layout
    name_rect, detail_rect, note_rect = lines
    name, name_size = theme.fit_label(name, max(theme.least_font_size(layout.scale), min(layout.font_name, round(name_rect.height * 1.05))),
                                      name_rect.width)
    theme.blit_text(surface, name, name_size, theme.TEXT, midleft=(name_rect.left, name_rect.centery))
    if bot.disqualified:
        detail, detail_colour = _disqualified_line(bot, detail_rect.width), theme.DANGER
    note, note_colour = _fitting_note(bot, note_rect.width), bot_note(bot)[1]
    size = max(theme.least_font_size(layout.scale), min(layout.font_small, round(detail_rect.height * 1.05)))
    detail, detail_size = theme.fit_label(detail, size, detail_rect.width)
    theme.blit_text(surface, detail, detail_size, detail_colour, midleft=(detail_rect.left, detail_rect.centery))
    note, note_size = theme.fit_label(note, size, note_rect.width)
    theme.blit_text(surface, note, note_size, note_colour, midleft=(note_rect.left, note_rect.centery))
