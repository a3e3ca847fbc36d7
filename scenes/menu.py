"""The menu: pick a mode, type the names, choose the AIs' levels, start (or quit).

Each AI seat has a level button beside its name: random (easy), heuristic
(medium), mc (strong) or bot - an external program, whose command is then
typed in the seat's field instead of a name (the player is named after the
program).  "All AIs" sets every AI seat's level at once.

Keyboard: Up/Down or Tab move the focus, Enter activates, typing edits the
focused name (or command), 1-3 pick a mode and A cycles every AI's level
when no text is being edited, L / Space / Left / Right change the focused
level button, F1 shows the rules, S the scoreboard.  Mouse: click anything.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.bots.command import check_command
from game.kinds import BOT_KIND, BOT_STATEMENT_KIND, parse_bot_kind
from game.unfinished import UnfinishedGame

from . import theme
from .base import AppContext, Input, InputKind, Scene
from .class_menu import class_button_rect, draw_class_button, open_class_game
from .layout import MenuLayout, menu_layout
from .options import MODES
from .session import (
    BOT, HUMAN, LEVEL_NOTES, LEVELS, MAX_NAME, MODE_KINDS, MODE_TITLES, Seat, bot_name, default_names,
)
from .widgets import draw_button, draw_panel, draw_text_field, fit_segments

MAX_COMMAND = 400
MODE_SUBTITLES = {
    "solo": "you against three computer players",
    "hotseat": "four people share this computer",
    "demo": "four computer players play by themselves",
}
ALL_LEVELS = tuple(level for level in LEVELS if level != BOT)
"""What "All AIs" cycles through (a bot needs a command per seat)."""
COMMAND_PLACEHOLDER = "e.g. python3 examples/heuristic_bot.py"


def resume_label(kept: UnfinishedGame) -> str:
    """E.g. "solo, turn 4": which game the Resume button brings back."""
    return f"{MODE_TITLES.get(kept.mode, kept.mode)}, {kept.turn_label}"


class MenuScene(Scene):
    """Mode buttons, a name (or bot command) field and a level button per seat, Start and Quit."""

    def __init__(self, ctx: AppContext, mode: str = "solo", seats: Sequence[Seat] | None = None,
                 rules: str | None = None) -> None:
        super().__init__(ctx)
        self.rules = rules or ctx.options.rules
        """The rules preset the game will be played with: ``snap`` or ``classic``."""
        self.mode = mode if mode in MODES else "solo"
        self.names: dict[str, list[str]] = {m: list(default_names(m)) for m in MODES}
        self.levels: dict[str, list[str]] = {m: list(MODE_KINDS[m]) for m in MODES}
        """Per mode and seat: ``human``, or one of :data:`LEVELS`."""
        self.commands: dict[str, list[str]] = {m: [""] * 4 for m in MODES}
        """Per mode and seat: the bot's command (kept while another level is chosen)."""
        self.bot_kinds: dict[str, list[str]] = {m: [BOT_KIND] * 4 for m in MODES}
        """``bot`` (phase line last), or ``bot-statement`` for a bot seated so from the command line."""
        self.error = ""
        """Why the last Start did not start (shown in red)."""
        self.error_seat: int | None = None
        if seats is not None:
            self._remember(seats)
        kept = ctx.nav.unfinished_game()
        self.resume_label = resume_label(kept) if kept is not None else ""
        """What the Resume button says ("" when there is no unfinished game)."""
        self.focus = self.items().index(f"mode:{self.mode}")
        """Index into :meth:`items` of the focused control."""
        self.caret_time = 0.0

    def _remember(self, seats: Sequence[Seat]) -> None:
        """Offer the seats of the last game again (when they fit the mode's humans)."""
        if [seat.is_human for seat in seats] != [kind == HUMAN for kind in MODE_KINDS[self.mode]]:
            return
        for index, seat in enumerate(seats):
            parsed = parse_bot_kind(seat.kind) if not seat.is_human else None
            if parsed is not None:
                self.levels[self.mode][index] = BOT
                self.commands[self.mode][index] = parsed[0]
                self.bot_kinds[self.mode][index] = BOT_KIND if parsed[1] else BOT_STATEMENT_KIND
            else:
                if seat.kind in LEVELS:
                    self.levels[self.mode][index] = seat.kind
                self.names[self.mode][index] = seat.name

    # ---------------------------------------------------------------- items
    def items(self) -> list[str]:
        """The focusable controls, in Tab order: modes, each seat's field and level, all levels,
        then the buttons."""
        levels = self.levels[self.mode]
        seats: list[str] = []
        for index, level in enumerate(levels):
            seats.append(f"name:{index}")
            if level != HUMAN:
                seats.append(f"kind:{index}")
        every = ["all"] if self._ai_seats() else []
        resume = ["resume"] if self.resume_label else []
        return resume + [f"mode:{m}" for m in MODES] + ["preset"] + seats + every + ["start", "rules", "scores", "quit"]

    def _ai_seats(self) -> list[int]:
        return [i for i, level in enumerate(self.levels[self.mode]) if level != HUMAN]

    def _layout(self) -> MenuLayout:
        surface = pygame.display.get_surface()
        return menu_layout(surface.get_size() if surface is not None else (1280, 720))

    def _rect(self, layout: MenuLayout, item: str) -> pygame.Rect:
        kind, _, arg = item.partition(":")
        if kind == "mode":
            return layout.modes[MODES.index(arg)]
        if kind == "name":
            return layout.names[int(arg)]
        if kind == "kind":
            return layout.kinds[int(arg)]
        if kind == "all":
            return layout.all_kinds
        if kind == "preset":
            return layout.preset
        return {"resume": layout.resume, "start": layout.start, "rules": layout.rules, "scores": layout.scores, "quit": layout.quit}[kind]

    @property
    def focused_item(self) -> str:
        items = self.items()
        return items[min(self.focus, len(items) - 1)]

    @property
    def focused_name(self) -> int | None:
        """The seat whose text field (name or command) has the focus."""
        item = self.focused_item
        return int(item.split(":")[1]) if item.startswith("name:") else None

    def _is_bot(self, seat: int) -> bool:
        return self.levels[self.mode][seat] == BOT

    def level_of(self, seat: int) -> str:
        """What seat ``seat`` of the chosen mode is: ``human`` or a level."""
        return self.levels[self.mode][seat]

    # ---------------------------------------------------------------- input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.kind is InputKind.KEY:
            self._key(inp.key)
        elif inp.kind is InputKind.TEXT and self.focused_name is not None:
            self._type(self.focused_name, inp.text)
        elif inp.kind is InputKind.CLICK:
            layout = self._layout()
            if class_button_rect(layout, layout.title.width).collidepoint(inp.pos):
                open_class_game(self.ctx, self.rules)
                return
            for index, item in enumerate(self.items()):
                if self._rect(layout, item).collidepoint(inp.pos):
                    self.focus = index
                    if not item.startswith("name:"):
                        self._activate(item)
                    return

    def _type(self, seat: int, text: str) -> None:
        if self._is_bot(seat):
            commands = self.commands[self.mode]
            commands[seat] = (commands[seat] + text)[:MAX_COMMAND]
        else:
            names = self.names[self.mode]
            names[seat] = (names[seat] + text)[:MAX_NAME]
        self._clear_error(seat)

    def _erase(self, seat: int) -> None:
        values = self.commands[self.mode] if self._is_bot(seat) else self.names[self.mode]
        values[seat] = values[seat][:-1]
        self._clear_error(seat)

    def _clear_error(self, seat: int | None = None) -> None:
        if seat is None or seat == self.error_seat:
            self.error, self.error_seat = "", None

    def _key(self, key: int) -> None:
        items = self.items()
        item = self.focused_item
        name = self.focused_name
        if key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(items)
        elif key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(items)
        elif item.startswith("kind:") and key in (pygame.K_l, pygame.K_RIGHT, pygame.K_SPACE,
                                                  pygame.K_RETURN, pygame.K_KP_ENTER):
            self.cycle_level(int(item.split(":")[1]))
        elif item.startswith("kind:") and key == pygame.K_LEFT:
            self.cycle_level(int(item.split(":")[1]), step=-1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if name is not None:
                later = [i for i, it in enumerate(items) if it.startswith("name:") and int(it[5:]) > name]
                self.focus = later[0] if later else items.index("start")
            else:
                self._activate(item)
        elif key == pygame.K_ESCAPE:
            self.ctx.nav.quit(0)
        elif key == pygame.K_F1:
            self._activate("rules")
        elif name is not None and key == pygame.K_BACKSPACE:
            self._erase(name)
        elif name is not None:
            return  # other keys belong to the text being typed
        elif key == pygame.K_s:
            self._activate("scores")
        elif key == pygame.K_u and self.resume_label:
            self._activate("resume")
        elif key == pygame.K_c:
            open_class_game(self.ctx, self.rules)
        elif key == pygame.K_r:
            self._activate("preset")
        elif key == pygame.K_a and self._ai_seats():
            self._activate("all")
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self._activate(f"mode:{MODES[key - pygame.K_1]}")
        elif key == pygame.K_SPACE:
            self._activate(item)

    def cycle_level(self, seat: int, step: int = 1) -> None:
        """random -> heuristic -> mc -> bot -> random (``step`` -1: the other way)."""
        levels = self.levels[self.mode]
        if levels[seat] == HUMAN:
            return
        levels[seat] = LEVELS[(LEVELS.index(levels[seat]) + step) % len(LEVELS)]
        self._clear_error()

    def all_level(self) -> str:
        """The level every AI seat shares, or ``mixed``."""
        levels = {self.levels[self.mode][i] for i in self._ai_seats()}
        return levels.pop() if len(levels) == 1 else "mixed"

    def cycle_all(self) -> None:
        """Every AI seat to the next level after the shared one (random if they differ)."""
        current = self.all_level()
        level = ALL_LEVELS[(ALL_LEVELS.index(current) + 1) % len(ALL_LEVELS)] if current in ALL_LEVELS else "random"
        for seat in self._ai_seats():
            self.levels[self.mode][seat] = level
        self._clear_error()

    def _activate(self, item: str) -> None:
        if item.startswith("mode:"):
            self.mode = item.split(":")[1]
            self._clear_error()
            self.focus = self.items().index("start")
        elif item.startswith("kind:"):
            self.cycle_level(int(item.split(":")[1]))
        elif item == "all":
            self.cycle_all()
        elif item == "preset":
            self.rules = "classic" if self.rules == "snap" else "snap"
        elif item == "start":
            self.start()
        elif item == "rules":
            from game.rules import rules_named

            from .rules_screen import RulesScene

            self.ctx.manager.push(RulesScene(self.ctx, rules_named(self.rules)))
        elif item == "scores":
            from .scoreboard import ScoreboardScene

            self.ctx.manager.push(ScoreboardScene(self.ctx))
        elif item == "quit":
            self.ctx.nav.quit(0)
        elif item == "resume":
            self.ctx.nav.resume_game()

    def seat_kinds(self) -> list[str]:
        """Who sits where if the game started now (bots as ``bot:COMMAND``); no checks."""
        kinds = []
        for index, level in enumerate(self.levels[self.mode]):
            if level == BOT:
                kinds.append(f"{self.bot_kinds[self.mode][index]}:{self.commands[self.mode][index].strip()}")
            else:
                kinds.append(level)
        return kinds

    def start(self) -> None:
        """Start the chosen mode; blank names fall back to the defaults, bots are named after
        their program.  A bot command that is empty or names no program only shows why."""
        defaults = default_names(self.mode)
        names = []
        for index, (name, default) in enumerate(zip(self.names[self.mode], defaults)):
            if self._is_bot(index):
                command = self.commands[self.mode][index].strip()
                problem = ""
                if not command:
                    problem = f"Seat {index + 1}: type the bot's command, {COMMAND_PLACEHOLDER}"
                else:
                    try:
                        check_command(command)
                    except ValueError as exc:
                        problem = f"Seat {index + 1}: {exc}"
                if problem:
                    self.error, self.error_seat = problem, index
                    self.focus = self.items().index(f"name:{index}")
                    return
                names.append(bot_name(command))
            else:
                names.append(name.strip() or default)
        try:
            self.ctx.nav.start_game(self.mode, names, self.ctx.options.seed, self.seat_kinds(), self.rules)
        except ValueError as exc:  # e.g. a command the checks above let through
            self.error, self.error_seat = str(exc), None

    def update(self, dt: float) -> None:
        self.caret_time = (self.caret_time + dt) % 1.0

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        layout = menu_layout(surface.get_size())
        s = layout.scale
        surface.fill(theme.FELT)
        self._draw_title(surface, layout)
        draw_class_button(surface, layout, self.mouse)
        focused = self.focused_item
        if self.resume_label:
            draw_button(surface, layout.resume, "Resume the game", layout.font_small + round(4 * s),
                        focused=focused == "resume", hovered=layout.resume.collidepoint(self.mouse),
                        key_hint=f"U   {self.resume_label}")
        for index, mode in enumerate(MODES):
            rect = layout.modes[index]
            chosen = mode == self.mode
            draw_button(surface, rect, f"{index + 1}.  {MODE_TITLES[mode]}", layout.font_button,
                        toggled=chosen, focused=focused == f"mode:{mode}", hovered=rect.collidepoint(self.mouse),
                        key_hint=MODE_SUBTITLES[mode])
        theme.blit_text(surface, "Mode", layout.font_button, theme.TEXT,
                        bottomleft=(layout.modes[0].left + round(8 * s), layout.modes[0].top - round(10 * s)))
        preset = "Rules: SNAP (7 turns)" if self.rules == "snap" else "Rules: classic (to 66)"
        draw_button(surface, layout.preset, preset, theme.text_px(24, s), focused=focused == "preset",
                    hovered=layout.preset.collidepoint(self.mouse), key_hint="R")
        theme.blit_text(surface, "Players", layout.font_button, theme.TEXT,
                        midleft=(layout.names_title.left, layout.names_title.centery))
        if self._ai_seats():
            rect = layout.all_kinds
            draw_button(surface, rect, f"All AIs: {self.all_level()}", theme.text_px(26, s), focused=focused == "all",
                        hovered=rect.collidepoint(self.mouse))
        for index in range(4):
            self._draw_seat(surface, layout, index, focused)
        if self.error:
            error, size = theme.fit_label(self.error, layout.font_small + round(2 * s), layout.error.width - round(40 * s))
            theme.blit_text(surface, error, size, theme.DANGER, bold=True, center=layout.error.center)
        draw_button(surface, layout.start, "Start", layout.font_button + round(6 * s),
                    focused=focused == "start", hovered=layout.start.collidepoint(self.mouse),
                    key_hint="Enter")
        for item, rect, label, hint in (("rules", layout.rules, "Rules", "F1"),
                                        ("scores", layout.scores, "Scoreboard", "S"),
                                        ("quit", layout.quit, "Quit", "Esc")):
            draw_button(surface, rect, label, layout.font_button + round(6 * s), focused=focused == item,
                        hovered=rect.collidepoint(self.mouse), key_hint=hint)
        hints = ("Tab/Up/Down: move    Enter: choose    1-3: mode    type a name    "
                 "L: AI level    A: all AIs    R: rules preset    F1: rules    S: scores    Esc: quit")
        if self.focused_name is not None:  # typing: letters are text, Enter moves on
            hints = "Type the name    Enter or Tab: next field (after the last: Start)    Up/Down: move    Esc: quit"
        hints = fit_segments(hints, layout.font_small, surface.get_width() - round(48 * s))
        theme.blit_text(surface, hints, layout.font_small, theme.TEXT_DIM, center=layout.hints.center)

    def _draw_seat(self, surface: pygame.Surface, layout: MenuLayout, index: int, focused: str) -> None:
        s = layout.scale
        rect = layout.names[index]
        level = self.levels[self.mode][index]
        caret = self.caret_time < 0.6
        error = self.error_seat == index and bool(self.error)
        if level == BOT:
            draw_text_field(surface, rect, self.commands[self.mode][index], f"Seat {index + 1}  command",
                            theme.text_px(layout.font_button - round(6 * s)), focused=focused == f"name:{index}",
                            hovered=rect.collidepoint(self.mouse), caret=caret, placeholder=COMMAND_PLACEHOLDER,
                            error=error)
        else:
            label = f"Seat {index + 1}  " + ("human" if level == HUMAN else "AI")
            draw_text_field(surface, rect, self.names[self.mode][index], label, layout.font_button,
                            focused=focused == f"name:{index}", hovered=rect.collidepoint(self.mouse),
                            caret=caret, error=error)
        kind_rect = layout.kinds[index]
        if level == HUMAN:
            draw_panel(surface, kind_rect, theme.FELT_DARK, radius=max(6, kind_rect.height // 4))
            theme.blit_text(surface, "human", theme.text_px(layout.font_button - round(6 * s)), theme.TEXT_DIM,
                            center=kind_rect.center)
            return
        note = LEVEL_NOTES[level]
        if level == BOT and self.bot_kinds[self.mode][index] == BOT_STATEMENT_KIND:
            note = "statement order"
        draw_button(surface, kind_rect, level, theme.text_px(layout.font_button - round(4 * s)),
                    focused=focused == f"kind:{index}",
                    hovered=kind_rect.collidepoint(self.mouse), key_hint=note)

    def _draw_title(self, surface: pygame.Surface, layout: MenuLayout) -> None:
        s = layout.scale
        title = layout.title
        icon = self.ctx.art.bull(round(76 * s), theme.ACCENT, theme.FELT)
        text_rect = theme.blit_text(surface, "6 Takes!", layout.font_title, theme.ACCENT, bold=True,
                                    center=(title.centerx + round(44 * s), title.centery - round(12 * s)))
        surface.blit(icon, icon.get_rect(midright=(text_rect.left - round(16 * s), text_rect.centery)))
        theme.blit_text(surface, "classroom simulator  -  the lowest score wins", layout.font_small + round(4 * s),
                        theme.TEXT_DIM, midtop=(title.centerx, text_rect.bottom + round(4 * s)))
