"""The menu's language button (key F2): shows the language in use, in its own name, and
switches to the next one, remembered for the next start (see :mod:`scenes.language`)."""

from __future__ import annotations

import pygame

from game.i18n import LANGUAGES, _, active_language

from .language import next_language, save_language, use_language
from .widgets import draw_button

LANGUAGE_KEY = pygame.K_F2


def language_button_rect(scale: float, below: pygame.Rect) -> pygame.Rect:
    """Right-aligned under ``below`` (the class game's button, top right of the menu)."""
    rect = pygame.Rect(0, 0, round(250 * scale), round(54 * scale))
    rect.topright = (below.right, below.bottom + round(14 * scale))
    return rect


def draw_language_button(surface: pygame.Surface, rect: pygame.Rect, size: int, *, focused: bool = False,
                         hovered: bool = False) -> None:
    """The language in use, in its own name ("Deutsch"), with the key that changes it."""
    draw_button(surface, rect, LANGUAGES[active_language()], size, focused=focused, hovered=hovered,
                key_hint=_("F2: language"))


def switch_language() -> str:
    """Speak the next language from now on, and remember it; its code."""
    code = next_language(active_language())
    use_language(code)
    try:
        save_language(code)
    except OSError:
        pass  # a read-only data folder: the choice holds for this run
    return code
