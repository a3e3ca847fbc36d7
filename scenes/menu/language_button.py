"""The menu's language button (key F2): shows the language in use, in its own name, and
switches to the next one, remembered for the next start (see :mod:`scenes.model.language`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGES, _, active_language

from .class_button import class_button_rect
from ..model.language import next_language, save_language, use_language
from .layout import MenuLayout
from .resume_list import resume_label
from ..kit.widgets import draw_button

if TYPE_CHECKING:
    from ..base import AppContext
    from .seats import MenuSeats

LANGUAGE_KEY = pygame.K_F2


def language_button_rect(layout: MenuLayout) -> pygame.Rect:
    """Right-aligned under the class game's button (top right of the menu)."""
    below = class_button_rect(layout, layout.title.width)
    rect = pygame.Rect(0, 0, below.width, round(54 * layout.scale))
    rect.topright = (below.right, below.bottom + round(14 * layout.scale))
    return rect


def draw_language_button(surface: pygame.Surface, layout: MenuLayout, mouse: tuple[int, int]) -> None:
    """The language in use, in its own name ("Deutsch"), with the key that changes it."""
    rect = language_button_rect(layout)
    draw_button(surface, rect, LANGUAGES[active_language()], layout.font_small + round(2 * layout.scale),
                hovered=rect.collidepoint(mouse), key_hint=_("F2: language"))


def switch_language() -> str:
    """Speak the next language from now on, and remember it; its code."""
    code = next_language(active_language())
    use_language(code)
    try:
        save_language(code)
    except OSError:
        pass  # a read-only data folder: the choice holds for this run
    return code


class LanguageSwitch:
    """The menu's part in switching: the names still at their defaults and the Resume
    button's words follow the new language."""

    ctx: AppContext
    seats: MenuSeats
    resume_label: str

    def language_clicked(self, layout: MenuLayout, pos: tuple[int, int]) -> bool:
        """Switch if ``pos`` is on the button; whether it was."""
        if not language_button_rect(layout).collidepoint(pos):
            return False
        self.switch_language()
        return True

    def switch_language(self) -> None:
        before = self.seats.defaults()
        switch_language()
        self.seats.follow_language(before)
        self.resume_label = resume_label(self.ctx.nav.unfinished_games())
