"""The menu: pick a mode, type the names, start (or quit).

Keyboard: Up/Down or Tab move the focus, Enter activates, typing edits the
focused name, 1-3 pick a mode when no name is being edited, F1 shows the
rules, S the scoreboard.  Mouse: click anything.
"""

from __future__ import annotations

import pygame

from . import theme
from .base import AppContext, Input, InputKind, Scene
from .layout import MenuLayout, menu_layout
from .options import MODES
from .session import MODE_KINDS, MODE_TITLES, default_names
from .widgets import draw_button, draw_text_field

MAX_NAME = 16
MODE_SUBTITLES = {
    "solo": "you against three computer players",
    "hotseat": "four people share this computer",
    "demo": "four computer players, placements step by themselves",
}


class MenuScene(Scene):
    """Mode buttons, name fields for the chosen mode, Start and Quit."""

    def __init__(self, ctx: AppContext, mode: str = "solo") -> None:
        super().__init__(ctx)
        self.mode = mode
        self.names: dict[str, list[str]] = {m: list(default_names(m)) for m in MODES}
        self.focus = MODES.index(mode)
        """Index into :meth:`items` of the focused control."""
        self.caret_time = 0.0

    # items: 0-2 modes, 3-6 names, 7 start, 8 rules, 9 scoreboard, 10 quit
    @staticmethod
    def items() -> list[str]:
        return [f"mode:{m}" for m in MODES] + [f"name:{i}" for i in range(4)] + ["start", "rules", "scores", "quit"]

    def _layout(self) -> MenuLayout:
        surface = pygame.display.get_surface()
        return menu_layout(surface.get_size() if surface is not None else (1280, 720))

    def _rects(self, layout: MenuLayout) -> list[pygame.Rect]:
        return list(layout.modes) + list(layout.names) + [layout.start, layout.rules, layout.scores, layout.quit]

    @property
    def focused_name(self) -> int | None:
        item = self.items()[self.focus]
        return int(item.split(":")[1]) if item.startswith("name:") else None

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        items = self.items()
        if inp.kind is InputKind.KEY:
            self._key(inp.key)
        elif inp.kind is InputKind.TEXT and self.focused_name is not None:
            names = self.names[self.mode]
            index = self.focused_name
            names[index] = (names[index] + inp.text)[:MAX_NAME]
        elif inp.kind is InputKind.CLICK:
            for index, rect in enumerate(self._rects(self._layout())):
                if rect.collidepoint(inp.pos):
                    self.focus = index
                    if not items[index].startswith("name:"):
                        self._activate(items[index])
                    return

    def _key(self, key: int) -> None:
        items = self.items()
        name = self.focused_name
        if key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(items)
        elif key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if name is not None:
                self.focus = self.focus + 1 if name < 3 else items.index("start")
            else:
                self._activate(items[self.focus])
        elif key == pygame.K_ESCAPE:
            self.ctx.nav.quit(0)
        elif key == pygame.K_F1:
            self._activate("rules")
        elif name is None and key == pygame.K_s:
            self._activate("scores")
        elif name is not None and key == pygame.K_BACKSPACE:
            self.names[self.mode][name] = self.names[self.mode][name][:-1]
        elif name is None and key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self._activate(items[key - pygame.K_1])
        elif name is None and key == pygame.K_SPACE:
            self._activate(items[self.focus])

    def _activate(self, item: str) -> None:
        if item.startswith("mode:"):
            self.mode = item.split(":")[1]
            self.focus = self.items().index("start")
        elif item == "start":
            self.start()
        elif item == "rules":
            from game.rules import SNAP

            from .rules_screen import RulesScene

            self.ctx.manager.push(RulesScene(self.ctx, SNAP))
        elif item == "scores":
            from .scoreboard import ScoreboardScene

            self.ctx.manager.push(ScoreboardScene(self.ctx, self.ctx.nav.records_path()))
        elif item == "quit":
            self.ctx.nav.quit(0)

    def start(self) -> None:
        """Start the chosen mode; blank names fall back to the defaults."""
        defaults = default_names(self.mode)
        names = [n.strip() or d for n, d in zip(self.names[self.mode], defaults)]
        self.ctx.nav.start_game(self.mode, names, self.ctx.options.seed)

    def update(self, dt: float) -> None:
        self.caret_time = (self.caret_time + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        layout = menu_layout(surface.get_size())
        s = layout.scale
        surface.fill(theme.FELT)
        self._draw_title(surface, layout)
        items = self.items()
        for index, mode in enumerate(MODES):
            rect = layout.modes[index]
            chosen = mode == self.mode
            draw_button(surface, rect, f"{index + 1}.  {MODE_TITLES[mode]}", layout.font_button,
                        toggled=chosen, focused=self.focus == index, hovered=rect.collidepoint(self.mouse),
                        key_hint=MODE_SUBTITLES[mode])
        theme.blit_text(surface, "Mode", layout.font_button, theme.TEXT,
                        midbottom=(layout.modes[0].centerx, layout.modes[0].top - round(10 * s)))
        theme.blit_text(surface, f"Names  ({MODE_TITLES[self.mode]})", layout.font_button, theme.TEXT,
                        midleft=(layout.names_title.left, layout.names_title.centery))
        kinds = MODE_KINDS[self.mode]
        for index in range(4):
            rect = layout.names[index]
            item = items.index(f"name:{index}")
            label = f"Seat {index + 1}  " + ("human" if kinds[index] == "human" else "AI")
            draw_text_field(surface, rect, self.names[self.mode][index], label, layout.font_button,
                            focused=self.focus == item, hovered=rect.collidepoint(self.mouse),
                            caret=self.caret_time < 0.6)
        draw_button(surface, layout.start, "Start", layout.font_button + round(6 * s),
                    focused=items[self.focus] == "start", hovered=layout.start.collidepoint(self.mouse),
                    key_hint="Enter")
        for item, rect, label, hint in (("rules", layout.rules, "Rules", "F1"),
                                        ("scores", layout.scores, "Scoreboard", "S"),
                                        ("quit", layout.quit, "Quit", "Esc")):
            draw_button(surface, rect, label, layout.font_button + round(6 * s), focused=items[self.focus] == item,
                        hovered=rect.collidepoint(self.mouse), key_hint=hint)
        theme.blit_text(surface, "Up/Down or Tab: move    Enter: choose    1-3: mode    type to edit a name"
                        "    F1: rules    S: scoreboard    Esc: quit    F11: fullscreen", layout.font_small,
                        theme.TEXT_DIM, center=layout.hints.center)

    def _draw_title(self, surface: pygame.Surface, layout: MenuLayout) -> None:
        s = layout.scale
        title = layout.title
        icon = self.ctx.art.bull(round(76 * s), theme.ACCENT, theme.FELT)
        text_rect = theme.blit_text(surface, "6 Takes!", layout.font_title, theme.ACCENT, bold=True,
                                    center=(title.centerx + round(44 * s), title.centery - round(12 * s)))
        surface.blit(icon, icon.get_rect(midright=(text_rect.left - round(16 * s), text_rect.centery)))
        theme.blit_text(surface, "classroom simulator  -  the lowest score wins", layout.font_small + round(4 * s),
                        theme.TEXT_DIM, midtop=(title.centerx, text_rect.bottom + round(4 * s)))
