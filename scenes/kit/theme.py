"""Colours, fonts and cached text for every screen.

Everything that decides how the app *looks* (rather than where things go,
which is :mod:`scenes.kit.layout`) lives here, so a projector-friendly palette
can be tuned in one place.  Rendered text is cached: a frame draws the same
few dozen labels again and again, and re-rendering them would cost more
than the rest of the frame together.

Every font the app uses comes from :func:`font`, a :class:`SafeFont`: whatever
text reaches it (a bot's message, a name from a hostile record, bytes that
are not UTF-8) goes through :func:`game.text.drawable` before pygame sees
it, so no screen can crash drawing text or spend a minute on a 5 MB name.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.rules import Rules
from game.text import ELLIPSIS, drawable

Colour = tuple[int, int, int]

FELT: Colour = (22, 92, 84)
"""Table background: a calm teal felt that stays pleasant on projectors."""
FELT_DARK: Colour = (15, 68, 62)
FELT_LIGHT: Colour = (34, 118, 108)
PANEL: Colour = (12, 56, 52)
PANEL_EDGE: Colour = (60, 140, 128)
BAR: Colour = (10, 44, 41)
INK: Colour = (28, 30, 42)
"""Dark ink for numbers on white card faces."""
TEXT: Colour = (240, 244, 238)
TEXT_DIM: Colour = (170, 200, 192)
ACCENT: Colour = (255, 208, 80)
"""Highlight: the card just placed, the focused button, the winner."""
DANGER: Colour = (236, 92, 72)
GOOD: Colour = (120, 220, 140)
CARD_FACE: Colour = (252, 251, 246)
CARD_BACK: Colour = (40, 72, 120)
CARD_BACK_EDGE: Colour = (200, 214, 236)
SLOT: Colour = (30, 106, 97)
CURTAIN: Colour = (16, 24, 40)
BUTTON: Colour = (236, 240, 232)
BUTTON_TEXT: Colour = (20, 48, 46)
BUTTON_HOVER: Colour = (255, 232, 150)

MIN_TEXT_PX = 18
"""The projector minimum: no text a user needs is drawn smaller than this many pixels (the
font's line height, which for the app's font is its em size), at 1280x720 and at every other
window size the app allows.  Layouts drop or shorten secondary text rather than shrink it; a
test measures every label of every screen."""
MIN_FONT_SIZE = 27
"""The size to ask pygame for to get :data:`MIN_TEXT_PX`: its default font draws a size-N
font with an em of about 0.69 N pixels (size 27: 18 px)."""
SMALLEST_WINDOW = (1024, 576)
"""The smallest window the app lays out (an XGA projector's width): still :data:`MIN_TEXT_PX`."""


def text_px(design: float, scale: float = 1.0) -> int:
    """A font size: ``design`` at 1280x720 scaled by ``scale``, never under :data:`MIN_FONT_SIZE`."""
    return max(MIN_FONT_SIZE, round(design * scale))


_caps: dict[int, tuple[int, int]] = {}


def _cap_box(size: int) -> tuple[int, int]:
    """(height, centre offset from the text's middle) of a capital letter at ``size``."""
    box = _caps.get(size)
    if box is None:
        image = font(size).render("H", True, (255, 255, 255))
        ink = image.get_bounding_rect()
        box = _caps[size] = (ink.height, round(ink.centery - image.get_height() / 2))
    return box


def cap_height(size: int) -> int:
    """How tall a capital letter of the app's font is at ``size`` (numbers in text match it)."""
    return _cap_box(size)[0]


def cap_centre_offset(size: int) -> int:
    """Where capitals are centred, below the middle of a line of text at ``size``."""
    return _cap_box(size)[1]


def pixels_of(size: int) -> int:
    """How many pixels tall text of font ``size`` is drawn (what :data:`MIN_TEXT_PX` measures)."""
    return font(size).get_height()


PENALTY_PALETTE: tuple[Colour, ...] = (
    (150, 196, 226),  # the lowest value: light blue
    (244, 190, 60),   # amber
    (240, 128, 48),   # orange
    (214, 58, 58),    # red
    (136, 72, 180),   # purple: 55, the worst card
)
"""Band colours by *rank* of the penalty value in the rules (lowest first),
so snap (3, 4, 5, 7, 9) and classic (1, 2, 3, 5, 7) both get five steps."""


def penalty_colour(rules: Rules, penalty: int) -> Colour:
    """The band colour of a card worth ``penalty`` under ``rules``."""
    values = sorted(set(rules.penalties[1:]))
    rank = values.index(penalty) if penalty in values else len(values) - 1
    return PENALTY_PALETTE[min(rank, len(PENALTY_PALETTE) - 1)]


class SafeFont(pygame.font.Font):
    """pygame's font, measuring and rendering only drawable text (see :func:`game.text.drawable`)."""

    def render(self, text: str | bytes | None, antialias: bool,  # type: ignore[override]
               color: object, bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        return super().render(drawable(_as_text(text)), antialias, color, bgcolor,  # type: ignore[arg-type]
                              wraplength)

    def size(self, text: str | bytes) -> tuple[int, int]:  # type: ignore[override]
        return super().size(drawable(_as_text(text)))


def _as_text(text: str | bytes | None) -> str:
    if text is None:
        return ""
    return text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)


_fonts: dict[int, pygame.font.Font] = {}
_texts: OrderedDict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = OrderedDict()
MAX_TEXTS = 600


def reset_fonts() -> None:
    """Forget loaded fonts: they die with the font module (e.g. between two app runs)."""
    _fonts.clear()
    _caps.clear()


def font(size: int) -> pygame.font.Font:
    """pygame's bundled default font at ``size`` px (cached: loading costs ~1 ms)."""
    size = max(8, int(size))
    cached = _fonts.get(size)
    if cached is None:
        cached = _fonts[size] = SafeFont(None, size)
    return cached


def text(label: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """``label`` rendered antialiased (cached; do not draw on the result)."""
    label = drawable(label)
    key = (label, int(size), tuple(colour), bold)
    surface = _texts.get(key)
    if surface is None:
        f = font(size)
        f.bold = bold
        surface = f.render(label, True, colour)
        f.bold = False
        if len(_texts) >= MAX_TEXTS:
            _texts.popitem(last=False)
        _texts[key] = surface
    else:
        _texts.move_to_end(key)
    return surface


def blit_text(surface: pygame.Surface, label: str, size: int, colour: Colour = TEXT, *,
              bold: bool = False, **anchor: tuple[int, int] | int) -> pygame.Rect:
    """Draw cached text placed by one rect anchor, e.g. ``center=(x, y)`` or ``midleft=...``."""
    image = text(label, size, colour, bold)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    return rect


def text_width(label: str, size: int, bold: bool = False) -> int:
    """How wide ``label`` is drawn at ``size`` (bold is about a sixth wider)."""
    measure = font(size)
    measure.bold = bold
    width = measure.size(label)[0]
    measure.bold = False
    return width


def fit_size(label: str, size: int, max_width: int, bold: bool = False) -> int:
    """The largest font size <= ``size`` at which ``label`` fits ``max_width``, but never under
    :data:`MIN_FONT_SIZE` (use :func:`fit_label` where a label may have to be cut short)."""
    width = text_width(label, size, bold)
    if width <= max_width or width == 0:
        return size
    lowest = min(size, MIN_FONT_SIZE)
    fitted = max(lowest, int(size * max_width / width))
    while fitted > lowest and text_width(label, fitted, bold) > max_width:
        fitted -= 1  # widths do not grow exactly with the size
    return fitted


def fit_heading(label: str, size: int, max_width: int, min_size: int = MIN_FONT_SIZE) -> tuple[str, int, bool]:
    """A heading's text, size and boldness: bold where bold fits ``max_width`` (shrunk down to
    ``min_size``), else plain as :func:`fit_label` fits it - a heading is never cut for being bold."""
    label = drawable(label)
    bold_size = max(min_size, fit_size(label, size, max_width, bold=True))
    if text_width(label, bold_size, bold=True) <= max_width:
        return label, bold_size, True
    shown, fitted = fit_label(label, size, max_width, min_size)
    return shown, fitted, False


def wrap_lines(label: str, size: int, max_width: int) -> list[str]:
    """``label`` broken into lines at most ``max_width`` wide at ``size`` (a word too long for a
    line is cut with an ellipsis: the size is kept)."""
    measure = font(size)
    lines: list[str] = []
    line = ""
    for word in drawable(label).split():
        candidate = f"{line} {word}" if line else word
        if measure.size(candidate)[0] <= max_width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word if measure.size(word)[0] <= max_width else fit_label(word, size, max_width, size)[0]
    if line:
        lines.append(line)
    return lines


def fit_label(label: str, size: int, max_width: int, min_size: int = MIN_FONT_SIZE,
              bold: bool = False) -> tuple[str, int]:
    """``label`` and a font size at which it fits ``max_width``: shrunk down to ``min_size``,
    then cut short with an ellipsis (a long name stays readable instead of tiny)."""
    label = drawable(label)
    fitted = max(min_size, fit_size(label, size, max_width, bold))
    if text_width(label, fitted, bold) <= max_width:
        return label, fitted
    while label and text_width(label + ELLIPSIS, fitted, bold) > max_width:
        label = label[:-1]
    return label.rstrip() + ELLIPSIS, fitted
