"""The menu: pick a mode, the number of seats, type the names, choose the AIs' levels, start (or quit).

Each AI seat has a level button beside its name: random (easy), heuristic
(medium), mc (strong) or bot - an external program, whose command is then
typed in the seat's field instead of a name (the player is named after the
program).  "All AIs" sets every AI seat's level at once.  Under the classic
rules "-" and "+" beside "Players" (keys - and +) seat 2 to 10 players: at 2, one
against one computer player; the SNAP rules always seat 4, which the menu says.

Keyboard: Up/Down or Tab move the focus, Enter activates, typing edits the
focused name (or command), 1-3 pick a mode and A cycles every AI's level
when no text is being edited, L / Space / Left / Right change the focused
level button, F1 shows the rules, S the scoreboard, P the puzzles (the people of the
chosen mode take turns: see :mod:`.practice`).  Mouse: click anything.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.i18n import _
from game.rules import Offered, presets_offered, rules_named
from game.table_size import fixed_count

from ..kit import theme
from ..base import AppContext, Input, InputKind, Scene
from .language_button import LANGUAGE_KEY, LanguageSwitch, draw_language_button
from .class_button import class_button_rect, draw_class_button, open_class_game
from .layout import MenuLayout, menu_layout
from .practice import open_practice
from .seats import MenuSeats, SeatError, SeatsView
from .view import draw_buttons, draw_modes, draw_resume, draw_title
from ..model import settings
from game.table_size import MODES
from .resume_list import resume_label
from game.kinds import HUMAN
from live.seats import Seat
from ..kit.widgets import draw_button

COUNT_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
"""Keys that change the number of seats (when no text is being edited)."""


NAMES_KEY = "menu_names"
"""The setting that holds the names typed in the menu, per mode (see :mod:`scenes.model.settings`)."""


class MenuScene(LanguageSwitch, Scene):
    """Mode buttons, the seat count, a name (or bot command) field and a level button per seat,
    Start and Quit."""

    def __init__(self, ctx: AppContext, mode: str = "solo", seats: Sequence[Seat] | None = None,
                 rules: str | None = None) -> None:
        super().__init__(ctx)
        self.rules = rules or ctx.options.rules
        """The rules preset the game will be played with: ``snap`` or ``classic``."""
        self.mode = mode if mode in MODES else "solo"
        self.seats = MenuSeats()
        self.seats.recall(settings.saved(NAMES_KEY))
        self.seats_view = SeatsView(self.seats)
        self.error = ""
        """Why the last Start did not start (shown in red)."""
        self.error_seat: int | None = None
        if seats is not None:
            self.seats.remember(self.mode, seats, self.rules)
        self.resume_label = resume_label(ctx.nav.unfinished_games())
        """What the Resume button says ("" when there is no unfinished game)."""
        self.focus = self.items().index(f"mode:{self.mode}")
        """Index into :meth:`items` of the focused control."""
        self.caret_time = 0.0

    @property
    def names(self) -> dict[str, list[str]]:
        """Per mode and seat: the name typed."""
        return self.seats.names

    @property
    def commands(self) -> dict[str, list[str]]:
        """Per mode and seat: the bot's command typed."""
        return self.seats.commands

    @property
    def player_count(self) -> int:
        """Seats of the game Start would begin."""
        return self.seats.count(self.rules)

    # ---------------------------------------------------------------- items
    def items(self) -> list[str]:
        """The focusable controls, in Tab order: modes, the rules, the seat count, each seat's
        field and level, all levels, then the buttons."""
        seats: list[str] = []
        for index, level in enumerate(self.seats.levels[self.mode][:self.player_count]):
            seats.append(f"name:{index}")
            if level != HUMAN:
                seats.append(f"kind:{index}")
        count = [] if self._fixed_count() else ["fewer", "more"]
        every = ["all"] if self._ai_seats() else []
        resume = ["resume"] if self.resume_label else []
        return (resume + [f"mode:{m}" for m in MODES] + ["preset"] + count + seats + every
                + ["start", "rules", "scores", "puzzles", "quit"])

    def _fixed_count(self) -> bool:
        return fixed_count(rules_named(self.rules))

    def _ai_seats(self) -> list[int]:
        return self.seats.ai_seats(self.mode, self.player_count)

    def _layout(self) -> MenuLayout:
        return menu_layout(self.size, self.player_count)

    def _rect(self, layout: MenuLayout, item: str) -> pygame.Rect:
        kind, _colon, arg = item.partition(":")
        if kind in ("mode", "name", "kind"):
            return {"mode": layout.modes, "name": layout.names, "kind": layout.kinds}[kind][
                MODES.index(arg) if kind == "mode" else int(arg)]
        return {"resume": layout.resume, "start": layout.start, "rules": layout.rules, "scores": layout.scores,
                "quit": layout.quit, "all": layout.all_kinds, "preset": layout.preset, "fewer": layout.fewer,
                "more": layout.more, "puzzles": layout.puzzles}[kind]

    @property
    def focused_item(self) -> str:
        items = self.items()
        return items[min(self.focus, len(items) - 1)]

    @property
    def focused_name(self) -> int | None:
        """The seat whose text field (name or command) has the focus."""
        item = self.focused_item
        return int(item.split(":")[1]) if item.startswith("name:") else None

    def level_of(self, seat: int) -> str:
        """What seat ``seat`` of the chosen mode is: ``human`` or a level."""
        return self.seats.levels[self.mode][seat]

    # ---------------------------------------------------------------- input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.kind is InputKind.KEY:
            self._key(inp.key)
        elif inp.kind is InputKind.TEXT and self.focused_name is not None:
            self.seats.type(self.mode, self.focused_name, inp.text)
            self._clear_error(self.focused_name)
        elif inp.kind is InputKind.CLICK:
            self._click(inp.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        layout = self._layout()
        if class_button_rect(layout, layout.title.width).collidepoint(pos):
            open_class_game(self.ctx, self.rules, self.player_count)
            return
        if self.language_clicked(layout, pos):
            return
        for index, item in enumerate(self.items()):
            if self._rect(layout, item).collidepoint(pos):
                self.focus = index
                if not item.startswith("name:"):
                    self._activate(item)
                return

    def _clear_error(self, seat: int | None = None) -> None:
        if seat is None or seat == self.error_seat:
            self.error, self.error_seat = "", None

    def _key(self, key: int) -> None:
        item = self.focused_item
        name = self.focused_name
        if key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % len(self.items())
        elif item.startswith("kind:") and key in (pygame.K_l, pygame.K_RIGHT, pygame.K_SPACE,
                                                  pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_LEFT):
            self.cycle_level(int(item.split(":")[1]), step=-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter(item, name)
        elif key == pygame.K_ESCAPE and name is not None:
            self.focus = self.items().index("start")  # Esc leaves the field; a second Esc quits
        elif key == pygame.K_ESCAPE:
            self.ctx.nav.quit(0)
        elif key == pygame.K_F1:
            self._activate("rules")
        elif key == LANGUAGE_KEY:
            self.switch_language()
        elif name is not None and key == pygame.K_BACKSPACE:
            self.seats.erase(self.mode, name)
            self._clear_error(name)
        elif name is None:  # other keys belong to the text being typed
            self._shortcut(key, item)

    def _enter(self, item: str, name: int | None) -> None:
        """Enter: on a name, the next seat's name (after the last: Start); elsewhere, activate."""
        if name is None:
            self._activate(item)
            return
        items = self.items()
        later = [i for i, it in enumerate(items) if it.startswith("name:") and int(it[5:]) > name]
        self.focus = later[0] if later else items.index("start")

    def _shortcut(self, key: int, item: str) -> None:
        letters = {pygame.K_s: "scores", pygame.K_p: "puzzles", pygame.K_SPACE: item}
        if key == pygame.K_r:  # the rules switch; the focus stays (Enter still starts the game)
            toggle_rules(self, keep_focus=True)
        elif key in letters:
            self._activate(letters[key])
        elif key == pygame.K_u and self.resume_label:
            self._activate("resume")
        elif key == pygame.K_c:
            open_class_game(self.ctx, self.rules, self.player_count)
        elif key == pygame.K_a and self._ai_seats():
            self._activate("all")
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self._activate(f"mode:{MODES[key - pygame.K_1]}")
        elif key in COUNT_KEYS:
            self.change_count(COUNT_KEYS[key])

    def cycle_level(self, seat: int, step: int = 1) -> None:
        """random -> heuristic -> mc -> bot -> random (``step`` -1: the other way)."""
        self.seats.cycle_level(self.mode, seat, step)
        self._clear_error()

    def all_level(self) -> str:
        """The level every AI seat shares, or ``mixed``."""
        return self.seats.all_level(self.mode, self.player_count)

    def change_count(self, step: int) -> None:
        """One seat more or fewer (classic rules only); the focus stays on the same control."""
        item = self.focused_item
        if self.seats.change_count(self.rules, step):
            self._clear_error()
            items = self.items()
            self.focus = items.index(item) if item in items else items.index("start")

    def _activate(self, item: str) -> None:
        if item.startswith("mode:"):
            self.mode = item.split(":")[1]
            self._clear_error()
            self.focus = self.items().index("start")
        elif item.startswith("kind:"):
            self.cycle_level(int(item.split(":")[1]))
        elif item in ("fewer", "more"):
            self.change_count(1 if item == "more" else -1)
        elif item == "all":
            self.seats.cycle_all(self.mode, self.player_count)
            self._clear_error()
        elif item == "preset":
            toggle_rules(self, keep_focus=False)
        elif item == "start":
            self.start()
        else:
            open_screen(self, item)

    def seat_kinds(self) -> list[str]:
        """Who sits where if the game started now (bots as ``bot:COMMAND``); no checks."""
        return self.seats.kinds(self.mode, self.player_count)

    def start(self) -> None:
        """Start the chosen mode; blank names fall back to the defaults, bots are named after
        their program.  A bot command that is empty or names no program only shows why."""
        try:
            names = self.seats.start_names(self.mode, self.player_count)
        except SeatError as problem:
            self.error, self.error_seat = str(problem), problem.seat
            if problem.seat is not None:
                self.focus = self.items().index(f"name:{problem.seat}")
            return
        settings.save(NAMES_KEY, self.seats.typed_names())  # the next lesson's menu offers them again
        try:
            self.ctx.nav.start_game(self.mode, names, self.ctx.options.seed, self.seat_kinds(), self.rules)
        except ValueError as exc:  # e.g. a command the checks above let through
            self.error, self.error_seat = str(exc), None

    def update(self, dt: float) -> None:
        self.caret_time = (self.caret_time + dt) % 1.0

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        layout = menu_layout(surface.get_size(), self.player_count)
        surface.fill(theme.FELT)
        draw_title(surface, layout, self.ctx.art.bull(round(76 * layout.scale), theme.ACCENT, theme.FELT))
        draw_class_button(surface, layout, self.mouse, None if self._fixed_count() else self.player_count)
        draw_language_button(surface, layout, self.mouse)
        focused = self.focused_item
        draw_modes(surface, layout, self.mode, self.player_count, self.rules, (focused, self.mouse))
        if self.resume_label:
            draw_resume(surface, layout, self.resume_label, (focused, self.mouse))
        self.seats_view.draw_count(surface, layout, self.rules, focused, self.mouse)
        if self._ai_seats():
            draw_button(surface, layout.all_kinds, _("All: {level}").format(level=_(self.all_level())), theme.text_px(26, layout.scale),
                        focused=focused == "all", hovered=layout.all_kinds.collidepoint(self.mouse))
        for index in range(self.player_count):
            self.seats_view.draw_seat(surface, layout, self.mode, index, (focused, self.caret_time < 0.6),
                                      self.error_seat == index and bool(self.error), self.mouse)
        if self.error:
            s = layout.scale
            error, size = theme.fit_label(self.error, layout.font_small + round(2 * s), layout.error.width - round(40 * s),
                                          bold=True)
            theme.blit_text(surface, error, size, theme.DANGER, bold=True, center=layout.error.center)
        draw_buttons(surface, layout, (focused, self.mouse), typing=self.focused_name is not None)


def toggle_rules(menu: MenuScene, keep_focus: bool) -> None:
    """SNAP <-> classic.  The focus stays on what it was (``keep_focus``: the R key) or on the
    rules button (it was clicked or chosen with Enter)."""
    focused = menu.focused_item if keep_focus else "preset"
    offered = presets_offered(Offered.MENU)
    menu.rules = offered[(offered.index(menu.rules) + 1) % len(offered)] if menu.rules in offered else offered[0]
    items = menu.items()
    menu.focus = items.index(focused) if focused in items else items.index("start")


def open_screen(menu: MenuScene, item: str) -> None:
    """The menu's buttons that leave it: the rules, the scoreboard, the puzzles, quit, resume."""
    ctx, rules = menu.ctx, menu.rules
    if item == "puzzles":
        count = menu.player_count
        open_practice(ctx, menu.mode, menu.names[menu.mode][:count], menu.seats.levels[menu.mode][:count], rules)
    elif item == "rules":
        ctx.nav.show_rules(rules_named(rules))
    elif item == "scores":
        ctx.nav.show_scoreboard()
    elif item == "quit":
        ctx.nav.quit(0)
    elif item == "resume":
        if len(ctx.nav.unfinished_games()) > 1:
            ctx.nav.show_unfinished()
        else:
            ctx.nav.resume_game()
