"""The menu's drawing apart from the seats: the title, the modes, the rules preset, Resume,
the buttons and the footer.  ``pointer`` is (the focused item, the mouse position)."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.rules import rules_named

from ..kit import theme
from .class_button import class_button_rect
from .layout import FOOTER_LINES, MenuLayout
from ..model.mode_titles import mode_title
from game.table_size import MODES
from ..kit.layout import FOOTER_HINT
from ..kit.widgets import draw_button, fit_segment_lines

HINTS = N_("Tab/Up/Down: move    Enter: choose    1-3: mode    type a name    L: AI level    A: all AIs    "
           "+/-: seats    R: rules preset    F1: rules    F2: language    S: scores    P: puzzles    Esc: quit")
TYPING_HINTS = N_("Type the name    Enter or Tab: next field (after the last: Start)    Up/Down: move    Esc: done")
Pointer = tuple[str, tuple[int, int]]


def mode_subtitle(mode: str, players: int) -> str:
    """E.g. "you against 5 computer players", "one" when it is one."""
    others = players - 1
    if mode == "solo":
        return ngettext("you against one computer player", "you against {others} computer players",
                        others).format(others=others)
    if mode == "hotseat":
        return ngettext("{players} person shares this computer", "{players} people share this computer",
                        players).format(players=players)
    return ngettext("{players} computer player plays by itself", "{players} computer players play by themselves",
                    players).format(players=players)


def draw_title(surface: pygame.Surface, layout: MenuLayout, icon: pygame.Surface) -> None:
    """The game's name with the bull, and what it is."""
    s = layout.scale
    title = layout.title
    text_rect = theme.blit_text(surface, _("6 Takes!"), layout.font_title, theme.ACCENT, bold=True,
                                center=(title.centerx + round(44 * s), title.centery - round(12 * s)))
    surface.blit(icon, icon.get_rect(midright=(text_rect.left - round(16 * s), text_rect.centery)))
    room = 2 * (class_button_rect(layout, title.width).left - round(12 * s) - title.centerx)  # clear of the top right
    subtitle, size = theme.fit_label(_("classroom simulator  -  the lowest score wins"), layout.font_small + round(4 * s),
                                     room)
    theme.blit_text(surface, subtitle, size, theme.TEXT_DIM, midtop=(title.centerx, text_rect.bottom + round(4 * s)))


def draw_resume(surface: pygame.Surface, layout: MenuLayout, label: str, pointer: Pointer) -> None:
    focused, mouse = pointer
    draw_button(surface, layout.resume, _("Resume the game"), layout.font_small + round(4 * layout.scale),
                focused=focused == "resume", hovered=layout.resume.collidepoint(mouse), key_hint=f"U   {label}")


def draw_modes(surface: pygame.Surface, layout: MenuLayout, chosen: str, players: int, rules: str,
               pointer: Pointer) -> None:
    """The three modes (named for ``players`` seats) and the rules preset's button."""
    s = layout.scale
    focused, mouse = pointer
    for index, mode in enumerate(MODES):
        rect = layout.modes[index]
        draw_button(surface, rect, f"{index + 1}.  {mode_title(mode, players)}", layout.font_button,
                    toggled=mode == chosen, focused=focused == f"mode:{mode}", hovered=rect.collidepoint(mouse),
                    key_hint=mode_subtitle(mode, players))
    theme.blit_text(surface, _("Mode"), layout.font_button, theme.TEXT,
                    bottomleft=(layout.modes[0].left + round(8 * s), layout.modes[0].top - round(10 * s)))
    preset = _(rules_named(rules).label)
    draw_button(surface, layout.preset, preset, theme.text_px(24, s), focused=focused == "preset",
                hovered=layout.preset.collidepoint(mouse), key_hint="R")


def draw_buttons(surface: pygame.Surface, layout: MenuLayout, pointer: Pointer, typing: bool) -> None:
    """Start, Rules, Scoreboard, Puzzles, Quit and the footer (while ``typing``, how typing works)."""
    focused, mouse = pointer
    size = layout.font_button + round(6 * layout.scale)
    for item, rect, label, hint in (("start", layout.start, _("Start"), _("Enter")),
                                    ("rules", layout.rules, _("Rules"), "F1"),
                                    ("scores", layout.scores, _("Scoreboard"), "S"),
                                    # NOTE: the menu's button to the practice screen: puzzles made from real decisions
                                    ("puzzles", layout.puzzles, _("Puzzles"), "P"),
                                    ("quit", layout.quit, _("Quit"), _("Esc"))):
        draw_button(surface, rect, label, size, focused=focused == item, hovered=rect.collidepoint(mouse), key_hint=hint)
    size = theme.hint_px(FOOTER_HINT, layout.scale)
    lines = fit_segment_lines(_(TYPING_HINTS if typing else HINTS), size, surface.get_width() - round(48 * layout.scale),
                              FOOTER_LINES)
    pitch = layout.hints.height // FOOTER_LINES
    bottom = layout.hints.bottom - pitch * (len(lines) - 1)  # the last line at the window's foot, as ever
    for index, line in enumerate(lines):
        theme.blit_hint(surface, line, size, midbottom=(layout.hints.centerx, bottom + index * pitch))
