"""The menu's seats: how many, and per seat a name (or a bot's command) and a level.

Each mode keeps its own ten seats, so switching modes or changing the count never loses what
was typed; a game uses the first :attr:`MenuSeats.players` of them.  Under ``snap`` (and
``codingame``) the table always has four seats: the count shows 4 and says why, its buttons
do nothing.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.i18n import N_, _
from bots.command import check_command
from game.kinds import BOT_KIND, BOT_STATEMENT_KIND
from game.rules import rules_named
from game.table_size import DEFAULT_PLAYERS, MAX_PLAYERS, fit_count, fixed_count, mode_kinds

from ..kit import theme
from .layout import MenuLayout
from game.table_size import MODES
from live.seats import BOT, LEVEL_NOTES, LEVELS, MAX_NAME, Seat, bot_name, default_names
from game.kinds import HUMAN
from ..kit.widgets import draw_button, draw_panel, draw_text_field

MAX_COMMAND = 400
ALL_LEVELS = tuple(level for level in LEVELS if level != BOT)
"""What "All AIs" cycles through (a bot needs a command per seat)."""
COMMAND_PLACEHOLDER = N_("e.g. python3 examples/heuristic_bot.py")
LEVEL_WORDS = {"random": N_("easy"), "heuristic": N_("medium"), "mc": N_("strong"), BOT: N_("your program")}
"""What each level is, under its button (translated when drawn)."""


class SeatError(ValueError):
    """Why the game cannot start with these seats; ``seat`` is the field to fix (or ``None``)."""

    def __init__(self, message: str, seat: int | None) -> None:
        super().__init__(message)
        self.seat = seat


class MenuSeats:
    """Per mode and seat: a name, a level (``human`` or one of :data:`LEVELS`), a bot's command."""

    def __init__(self) -> None:
        self.players = DEFAULT_PLAYERS
        """Seats chosen for rules that allow 2-10 (kept while snap shows its fixed 4)."""
        self.names: dict[str, list[str]] = {m: list(default_names(m, mode_kinds(m, MAX_PLAYERS))) for m in MODES}
        self.levels: dict[str, list[str]] = {m: list(mode_kinds(m, MAX_PLAYERS)) for m in MODES}
        self.commands: dict[str, list[str]] = {m: [""] * MAX_PLAYERS for m in MODES}
        """The bot's command (kept while another level is chosen)."""
        self.bot_kinds: dict[str, list[str]] = {m: [BOT_KIND] * MAX_PLAYERS for m in MODES}
        """``bot`` (phase line last), or ``bot-statement`` for a bot seated so from the command line."""

    def count(self, rules: str) -> int:
        """Seats of a game under ``rules``: the chosen count, or the only one the rules allow."""
        return fit_count(self.players, rules_named(rules))

    def change_count(self, rules: str, step: int) -> bool:
        """One seat more (``step`` 1) or fewer (-1), within what ``rules`` allow; whether it changed."""
        preset = rules_named(rules)
        if fixed_count(preset):
            return False
        wanted = fit_count(self.count(rules) + step, preset)
        changed, self.players = wanted != self.count(rules), wanted
        return changed

    def remember(self, mode: str, seats: Sequence[Seat], rules: str) -> None:
        """Offer the seats of the last game again (when they fit the mode's humans)."""
        if [seat.is_human for seat in seats] != [kind == HUMAN for kind in mode_kinds(mode, len(seats))]:
            return
        if not fixed_count(rules_named(rules)):
            self.players = len(seats)
        for index, seat in enumerate(seats):
            bot = seat.bot
            if bot is not None:
                self.levels[mode][index] = BOT
                self.commands[mode][index] = bot.command
                self.bot_kinds[mode][index] = BOT_KIND if bot.phase_last else BOT_STATEMENT_KIND
            else:
                if seat.kind in LEVELS:
                    self.levels[mode][index] = seat.kind
                self.names[mode][index] = seat.name

    def defaults(self) -> dict[str, tuple[str, ...]]:
        """Every mode's default names, in the language in use."""
        return {m: default_names(m, mode_kinds(m, MAX_PLAYERS)) for m in MODES}

    def follow_language(self, before: dict[str, tuple[str, ...]]) -> None:
        """The names still at ``before``'s defaults take those of the language now in use."""
        for mode, now in self.defaults().items():
            self.names[mode] = [new if name == old else name for name, old, new in zip(self.names[mode], before[mode], now)]

    def type(self, mode: str, seat: int, text: str) -> None:
        """Add typed ``text``; a name still at its default ("Player 1") is replaced, not extended."""
        if self.levels[mode][seat] == BOT:
            self.commands[mode][seat] = (self.commands[mode][seat] + text)[:MAX_COMMAND]
        else:
            name = "" if self.is_default(mode, seat) else self.names[mode][seat]
            self.names[mode][seat] = (name + text)[:MAX_NAME]

    def erase(self, mode: str, seat: int) -> None:
        """Backspace: the last character, or a default name whole."""
        values = self.commands[mode] if self.levels[mode][seat] == BOT else self.names[mode]
        values[seat] = "" if values is self.names[mode] and self.is_default(mode, seat) else values[seat][:-1]

    def is_default(self, mode: str, seat: int) -> bool:
        """Whether seat ``seat``'s name is still the mode's default (nobody typed it)."""
        return self.names[mode][seat] == self.defaults()[mode][seat]

    def typed_names(self) -> dict[str, list[str]]:
        """Per mode, the names typed (``""`` where the default stands): what the menu remembers."""
        defaults = self.defaults()
        return {mode: ["" if name == default else name for name, default in zip(names, defaults[mode])]
                for mode, names in self.names.items()}

    def recall(self, typed: object) -> None:
        """Take back the names :meth:`typed_names` gave (from the settings: anything odd is left out)."""
        if not isinstance(typed, dict):
            return
        for mode, names in typed.items():
            if mode not in self.names or not isinstance(names, list):
                continue
            for seat, name in enumerate(names[:MAX_PLAYERS]):
                if isinstance(name, str) and name.strip() and len(name) <= MAX_NAME:
                    self.names[mode][seat] = name

    def ai_seats(self, mode: str, count: int) -> list[int]:
        return [i for i, level in enumerate(self.levels[mode][:count]) if level != HUMAN]

    def cycle_level(self, mode: str, seat: int, step: int = 1) -> None:
        """random -> heuristic -> mc -> bot -> random (``step`` -1: the other way)."""
        levels = self.levels[mode]
        if levels[seat] != HUMAN:
            levels[seat] = LEVELS[(LEVELS.index(levels[seat]) + step) % len(LEVELS)]

    def all_level(self, mode: str, count: int) -> str:
        """The level every AI seat shares, or ``mixed``."""
        levels = {self.levels[mode][i] for i in self.ai_seats(mode, count)}
        return levels.pop() if len(levels) == 1 else N_("mixed")

    def cycle_all(self, mode: str, count: int) -> None:
        """Every AI seat to the next level after the shared one (random if they differ)."""
        current = self.all_level(mode, count)
        level = ALL_LEVELS[(ALL_LEVELS.index(current) + 1) % len(ALL_LEVELS)] if current in ALL_LEVELS else "random"
        for seat in self.ai_seats(mode, count):
            self.levels[mode][seat] = level

    def kinds(self, mode: str, count: int) -> list[str]:
        """Who sits where if the game started now (bots as ``bot:COMMAND``); no checks."""
        return [f"{self.bot_kinds[mode][index]}:{self.commands[mode][index].strip()}" if level == BOT else level
                for index, level in enumerate(self.levels[mode][:count])]

    def start_names(self, mode: str, count: int) -> list[str]:
        """The players' names: blank ones fall back to the defaults, bots are named after their
        program; :class:`SeatError` for a bot command that is empty or names no program."""
        defaults = default_names(mode, mode_kinds(mode, count))
        names = []
        for index, (name, default) in enumerate(zip(self.names[mode], defaults)):
            if self.levels[mode][index] != BOT:
                names.append(name.strip() or default)
                continue
            command = self.commands[mode][index].strip()
            if not command:
                raise SeatError(_("Seat {seat}: type the bot's command, {example}").format(
                    seat=index + 1, example=_(COMMAND_PLACEHOLDER)), index)
            try:
                check_command(command)
            except ValueError as exc:
                raise SeatError(_("Seat {seat}: {problem}").format(seat=index + 1, problem=exc), index) from None
            names.append(bot_name(command))
        return names


class SeatsView:
    """Draws the seats' title row (the count with - and +, "All AIs") and each seat."""

    def __init__(self, seats: MenuSeats) -> None:
        self.seats = seats

    def draw_count(self, surface: pygame.Surface, layout: MenuLayout, rules: str, focused: str,
                   mouse: tuple[int, int]) -> None:
        """"Players  - 6 +", or under snap "Players  4 (SNAP: always 4)"."""
        s = layout.scale
        title = theme.blit_text(surface, _("Players"), layout.font_button, theme.TEXT,
                                midleft=(layout.names_title.left, layout.names_title.centery))
        count = self.seats.count(rules)
        if fixed_count(rules_named(rules)):
            why = _("{count}   ({rules} rules: always {count})").format(count=count, rules=rules.upper())
            theme.blit_text(surface, why, layout.font_small, theme.TEXT_DIM,
                            midleft=(title.right + round(16 * s), layout.names_title.centery))
            return
        preset = rules_named(rules)
        for item, rect, label, enabled in (("fewer", layout.fewer, "-", count > preset.min_players),
                                           ("more", layout.more, "+", count < preset.max_players)):
            draw_button(surface, rect, label, layout.font_button, enabled=enabled, focused=focused == item,
                        hovered=rect.collidepoint(mouse))
        theme.blit_text(surface, str(count), layout.font_button, theme.ACCENT, bold=True, center=layout.count.center)

    def draw_seat(self, surface: pygame.Surface, layout: MenuLayout, mode: str, index: int, focus: tuple[str, bool],
                  error: bool, mouse: tuple[int, int]) -> None:
        """Seat ``index``: its field (name or command) and its level; ``focus``: the focused item
        and whether the caret shows."""
        rect = layout.names[index]
        level = self.seats.levels[mode][index]
        focused, caret = focus
        field_font = layout.font_button - round(6 * layout.scale) if level == BOT or layout.compact else layout.font_button
        if level == BOT:
            label = f"{index + 1}" if layout.compact else _("Seat {seat}  command").format(seat=index + 1)
            value, placeholder = self.seats.commands[mode][index], _(COMMAND_PLACEHOLDER)
        else:
            label = f"{index + 1}" if layout.compact else (_("Seat {seat}  human") if level == HUMAN
                                                           else _("Seat {seat}  AI")).format(seat=index + 1)
            value, placeholder = self.seats.names[mode][index], ""
        draw_text_field(surface, rect, value, label, theme.text_px(field_font), focused=focused == f"name:{index}",
                        hovered=rect.collidepoint(mouse), caret=caret, placeholder=placeholder, error=error)
        self._draw_level(surface, layout, mode, index, focused == f"kind:{index}", mouse)

    def _draw_level(self, surface: pygame.Surface, layout: MenuLayout, mode: str, index: int, focused: bool,
                    mouse: tuple[int, int]) -> None:
        s = layout.scale
        kind_rect = layout.kinds[index]
        level = self.seats.levels[mode][index]
        if level == HUMAN:
            draw_panel(surface, kind_rect, theme.FELT_DARK, radius=max(6, kind_rect.height // 4))
            theme.blit_text(surface, _("human"), theme.text_px(layout.font_button - round(6 * s)), theme.TEXT_DIM,
                            center=kind_rect.center)
            return
        note = _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else LEVEL_NOTES[level]
        if level == BOT and self.seats.bot_kinds[mode][index] == BOT_STATEMENT_KIND:
            note = _("statement order")
        draw_button(surface, kind_rect, level, theme.text_px(layout.font_button - round(4 * s)), focused=focused,
                    hovered=kind_rect.collidepoint(mouse), key_hint=note)
