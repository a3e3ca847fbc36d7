"""Small drawing helpers shared by the screens: buttons, text fields, mixed text.

"Mixed text" is a line of words and numbers, where the words use the font
and every number is stamped with the digit sprites (the assignment's
"write A at X, Y"), so a caption such as "Bob's 88 goes to row 3" shows card
numbers exactly like the cards do.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.i18n import Part
from game.text import ELLIPSIS

from . import theme
from .digits import DigitSprites, number_size, write_number

NUMBER_SCALE = 0.6
"""Stamped number height as a fraction of the font size (a touch above cap height)."""


def _number_height(size: int, sprites: DigitSprites) -> int:
    """How tall to stamp a number beside text of ``size``: its digits' ink as tall as the font's
    capital letters."""
    return max(6, round(theme.cap_height(size) / sprites.ink_ratio))


def _stamp(sprites: DigitSprites) -> DigitSprites:
    """The digits for numbers inside text: the bold set (the font is bold), if there is one."""
    return sprites.bold or sprites


def _pad(size: int) -> int:
    """Side bearings of a stamped number, like a letter's (its digits are set by their ink)."""
    return max(2, round(theme.cap_height(size) * 0.16))


def rich_width(parts: Sequence[Part], size: int, sprites: DigitSprites) -> int:
    """Width of a mixed line of words and stamped numbers."""
    width = 0
    for part in parts:
        if isinstance(part, int):
            stamp = _stamp(sprites)
            width += number_size(part, _number_height(size, stamp), sprites=stamp, tight=True)[0] + _pad(size)
        else:
            width += theme.font(size).size(part)[0]
    return width


def fit_segments(line: str, size: int, max_width: int, separator: str = "    ") -> str:
    """A footer of hints (``separator`` between them, most important first) with as many of
    its hints as fit ``max_width`` at ``size``: the last ones are dropped, the size is kept."""
    segments = [part for part in line.split(separator) if part.strip()]
    while len(segments) > 1 and theme.font(size).size(separator.join(segments))[0] > max_width:
        segments.pop()
        while segments and segments[-1].strip() in ("|", ""):
            segments.pop()
    return separator.join(segments)


def fit_segment_lines(line: str, size: int, max_width: int, lines: int, separator: str = "    ") -> list[str]:
    """A footer of hints on up to ``lines`` lines, filled in order (as :func:`fit_segments` fills
    one): only what fits on none of them is dropped, the last ones."""
    segments = [part for part in line.split(separator) if part.strip()]
    shown: list[str] = []
    while segments and len(shown) < lines:
        taken = fit_segments(separator.join(segments), size, max_width, separator)
        shown.append(taken)
        segments = segments[len(taken.split(separator)):]
        while segments and segments[0].strip() == "|":
            segments.pop(0)
    return shown


def wrap_rich(parts: Sequence[Part], size: int, sprites: DigitSprites, max_width: int) -> list[list[Part]]:
    """A mixed line broken into lines at most ``max_width`` wide at ``size`` (between words; a
    line too long even alone is cut short)."""
    tokens: list[Part] = []
    for part in parts:
        if isinstance(part, int):
            tokens.append(part)
        else:
            pieces = part.split(" ")
            tokens.extend(piece + (" " if index < len(pieces) - 1 else "") for index, piece in enumerate(pieces)
                          if piece or index < len(pieces) - 1)
    words: list[list[Part]] = [[]]  # tokens not separated by a space stay together: "(", 3, ")"
    for token in tokens:
        words[-1].append(token)
        if isinstance(token, str) and token.endswith(" "):
            words.append([])
    lines: list[list[Part]] = [[]]
    for word in words:
        candidate = lines[-1] + word
        if lines[-1] and rich_width(_trimmed(candidate), size, sprites) > max_width:
            lines.append(list(word))
        else:
            lines[-1] = candidate
    return [shorten_rich(_trimmed(line), size, sprites, max_width) for line in lines if _trimmed(line)]


def _trimmed(line: list[Part]) -> list[Part]:
    """``line`` without the spaces at its ends."""
    shown = list(line)
    while shown and isinstance(shown[-1], str) and not shown[-1].strip():
        shown.pop()
    if shown and isinstance(shown[-1], str):
        shown[-1] = shown[-1].rstrip()
    while shown and isinstance(shown[0], str) and not shown[0].strip():
        shown.pop(0)
    if shown and isinstance(shown[0], str):
        shown[0] = shown[0].lstrip()
    return shown


def shorten_rich(parts: Sequence[Part], size: int, sprites: DigitSprites, max_width: int) -> list[Part]:
    """``parts`` cut short at the end (whole words, then "...") to fit ``max_width`` at ``size``:
    the projector minimum size is kept, the tail of the line is what gives way."""
    shown = list(parts)
    if rich_width(shown, size, sprites) <= max_width:
        return shown
    while shown and rich_width(shown + [ELLIPSIS], size, sprites) > max_width:
        last = shown.pop()
        if isinstance(last, str) and " " in last.strip():
            shown.append(last.rstrip().rsplit(" ", 1)[0])
    return shown + [ELLIPSIS]


def draw_rich(surface: pygame.Surface, parts: Sequence[Part], size: int, colour: theme.Colour,
              sprites: DigitSprites, *, center: tuple[int, int] | None = None,
              midleft: tuple[int, int] | None = None, max_width: int | None = None,
              number_colour: theme.Colour | None = None, min_size: int = theme.MIN_FONT_SIZE) -> pygame.Rect:
    """Draw words with the font and numbers with digit sprites on one line.

    The line shrinks to ``max_width`` if given (not under ``min_size``, then it is cut short).
    Returns the covered rect.
    """
    if max_width is not None:
        width = rich_width(parts, size, sprites)
        if width > max_width:
            size = max(min(size, min_size), int(size * max_width / width))
            parts = shorten_rich(parts, size, sprites, max_width)
    width = rich_width(parts, size, sprites)
    text_h = theme.font(size).get_linesize()
    if center is not None:
        x, cy = center[0] - width // 2, center[1]
    elif midleft is not None:
        x, cy = midleft
    else:
        raise ValueError("give center or midleft")
    start = x
    digit_h = _number_height(size, _stamp(sprites))
    caps_centre = cy + theme.cap_centre_offset(size)
    stamp = _stamp(sprites)
    for part in parts:
        if isinstance(part, int):
            w = number_size(part, digit_h, sprites=stamp, tight=True)[0] + _pad(size)
            write_number(surface, part, (x + w / 2, caps_centre), digit_h, sprites=stamp,
                         colour=number_colour or colour, tight=True)
            x += w
        elif part:
            image = theme.text(part, size, colour)
            surface.blit(image, image.get_rect(midleft=(x, cy)))
            x += image.get_width()
    return pygame.Rect(start, cy - text_h // 2, width, text_h)


HINT_TUCK = 0.15
"""How far (per unit of the label's size) a button's key hint is tucked up into the label's line:
the room below the label's letters and above the hint's capitals is mostly empty."""


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, size: int, *,
                hovered: bool = False, focused: bool = False, toggled: bool = False,
                enabled: bool = True, key_hint: str | None = None) -> None:
    """A rounded button; focus (keyboard) and hover (mouse) both light it up."""
    radius = max(6, rect.height // 4)
    label, size = theme.fit_label(label, size, rect.width - max(8, rect.height // 4))  # never past its edges
    fill = theme.BUTTON_HOVER if (hovered or focused) and enabled else theme.BUTTON
    if toggled:
        fill = theme.ACCENT
    if not enabled:
        fill = (120, 150, 144)
    shadow = rect.move(0, max(2, rect.height // 16))
    pygame.draw.rect(surface, theme.FELT_DARK, shadow, border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if focused:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), width=max(3, rect.height // 18),
                         border_radius=radius + 4)
    hint_size = theme.hint_px(size * 5 // 9)
    tuck = round(size * HINT_TUCK)
    hint_h = theme.font(hint_size).get_height() - tuck
    if key_hint and (theme.font(size).get_height() + hint_h > rect.height
                     or theme.font(hint_size).size(key_hint)[0] > rect.width - 8):
        key_hint = None  # no room at this size: the key stays in the footer, the label stays big
    if key_hint:
        label_rect = theme.blit_text(surface, label, size, theme.BUTTON_TEXT,
                                     center=(rect.centerx, rect.centery - hint_h // 2))
        theme.blit_hint(surface, key_hint, hint_size, (70, 100, 96),
                        midtop=(rect.centerx, label_rect.bottom - tuck))
    else:
        theme.blit_text(surface, label, size, theme.BUTTON_TEXT, center=rect.center)


def draw_text_field(surface: pygame.Surface, rect: pygame.Rect, value: str, label: str, size: int, *,
                    focused: bool = False, hovered: bool = False, caret: bool = True, placeholder: str = "",
                    error: bool = False) -> None:
    """An editable line: a small label on the left, the value, and a caret when focused.

    A value too long for the field shows its end (where the caret is); an empty one shows
    ``placeholder`` dimmed.
    """
    radius = max(6, rect.height // 5)
    pygame.draw.rect(surface, theme.CARD_FACE if focused else (224, 232, 226), rect, border_radius=radius)
    edge = theme.ACCENT if focused else (theme.BUTTON_HOVER if hovered else theme.PANEL_EDGE)
    if error:
        edge = theme.DANGER
    pygame.draw.rect(surface, edge, rect, width=max(2, rect.height // 16), border_radius=radius)
    small = theme.text_px(size * 2 // 3)
    label_rect = theme.blit_text(surface, label, small, (90, 110, 106),
                                 midleft=(rect.left + rect.height // 4, rect.centery))
    value_x = rect.left + max(label_rect.width + rect.height // 2, rect.width // 4)
    room = pygame.Rect(value_x, rect.top, rect.right - rect.height // 4 - value_x, rect.height)
    if not value and placeholder:
        hint_text, hint = theme.fit_label(placeholder, theme.hint_px(size * 3 // 4), room.width, theme.HINT_FONT_SIZE)
        theme.blit_hint(surface, hint_text, hint, (130, 146, 142), midleft=(value_x, rect.centery))
    image = theme.text(value, size, theme.INK)
    clip = surface.get_clip()
    surface.set_clip(room.clip(clip) if clip else room)
    shown = image.get_rect(midleft=(value_x, rect.centery))
    if shown.width > room.width - 4:
        shown.right = room.right - 4  # keep the end (and the caret) in view
    surface.blit(image, shown)
    surface.set_clip(clip)
    if focused and caret:
        x = min(shown.right + 3, room.right - 2)
        pygame.draw.line(surface, theme.INK, (x, rect.centery - size // 3), (x, rect.centery + size // 3), 2)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour = theme.PANEL,
               edge: theme.Colour | None = None, radius: int = 12, width: int = 2) -> None:
    """A rounded box, optionally outlined."""
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def draw_marker(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> None:
    """A right-pointing triangle centred in ``rect``: "this player's card is next"."""
    h = min(rect.width, rect.height) * 0.8
    cx, cy = rect.center
    pygame.draw.polygon(surface, colour, [(cx - h / 3, cy - h / 2), (cx + h * 0.45, cy), (cx - h / 3, cy + h / 2)])
