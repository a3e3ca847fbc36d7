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

import math
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

MIN_CAP_PX = 18
"""The projector minimum: the capitals of every text the class reads are at least this many
pixels tall at 1280x720 (1/40 of the window's height: readable from a classroom's back row), and
they scale with the window (see :func:`least_caps`).  Layouts make room (fewer words, two lines,
smaller decorations) rather than shrink text; a test measures every label of every screen in
every language."""
MIN_FONT_SIZE = 27
"""The font size of :data:`MIN_CAP_PX` capitals.  A font size here is the app's own unit: text
of size N has capitals of about 2/3 N pixels, whatever font file draws it (see :func:`font`)."""
HINT_FONT_SIZE = 21
"""The smallest size of text only the teacher needs (the footers' key hints): capitals of
:data:`MIN_HINT_CAP_PX`, at every window size."""
MIN_HINT_CAP_PX = 14
CAPS_PER_SIZE = 2 / 3
"""Capital height per unit of font size (size 27: 18 px capitals)."""
SMALLEST_WINDOW = (1024, 576)
"""The smallest window the app lays out (an XGA projector's width): capitals scaled with it."""
FONT_FILES = {False: "FiraSansCondensed-SemiBold.ttf", True: "FiraSansCondensed-Bold.ttf"}
"""The app's typeface, plain and bold: Fira Sans Condensed, a sans-serif drawn for legibility
on screens, whose narrow letters fit projector-sized capitals in the width of smaller ones."""


def least_font_size(scale: float = 1.0) -> int:
    """The smallest size of text the class reads in a window ``scale`` times 1280x720: capitals of
    :data:`MIN_CAP_PX` there, as many fewer pixels as the window has (an XGA projector's
    1024x576 window, scale 0.8: 15 px capitals), never more at a bigger window."""
    return math.ceil(MIN_FONT_SIZE * min(1.0, scale))


def least_caps(scale: float = 1.0) -> int:
    """The capital height the rule asks for at ``scale`` (what :func:`least_font_size` draws, or less)."""
    return math.floor(MIN_CAP_PX * min(1.0, scale))


def text_px(design: float, scale: float = 1.0) -> int:
    """A font size: ``design`` at 1280x720 scaled by ``scale``, never under :func:`least_font_size`."""
    return max(least_font_size(scale), round(design * scale))


def hint_px(design: float, scale: float = 1.0) -> int:
    """The size of a key hint: ``design`` at 1280x720 scaled by ``scale``, never under
    :data:`HINT_FONT_SIZE`."""
    return max(HINT_FONT_SIZE, round(design * scale))


def line_height(size: int) -> int:
    """How tall a line of text of ``size`` is drawn (its capitals, accents and descenders)."""
    return font(size).get_height()


def line_pitch(size: int) -> int:
    """From one line of a list or table to the next at ``size``: capitals and a clear gap (the
    font's own line spacing leaves room for accents no list line needs)."""
    return round(cap_height(size) * 1.5)


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

    def render(self, text: str | bytes | None, antialias: bool,
               color: object, bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        return super().render(drawable(_as_text(text)), antialias, color, bgcolor,  # type: ignore[arg-type]
                              wraplength)

    def size(self, text: str | bytes) -> tuple[int, int]:
        """The drawn size of ``text``, remembered: a frame measures the same labels again and again,
        and measuring lays the text out (kerning included) each time."""
        label = drawable(_as_text(text))  # (bounded: a 5 MB name is remembered cut short)
        sizes: dict[str, tuple[int, int]] = self.__dict__.setdefault("_sizes", {})
        found = sizes.get(label)
        if found is None:
            if len(sizes) >= MAX_SIZES:
                sizes.clear()
            found = sizes[label] = super().size(label)
        return found


def _as_text(text: str | bytes | None) -> str:
    if text is None:
        return ""
    return text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_points: dict[tuple[int, bool], int] = {}
_texts: OrderedDict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = OrderedDict()
MAX_TEXTS = 600
MAX_SIZES = 2000
"""Measured labels a font remembers (then it starts again)."""


def reset_fonts() -> None:
    """Forget loaded fonts: they die with the font module (e.g. between two app runs)."""
    _fonts.clear()
    _caps.clear()


def font_file(bold: bool = False) -> str | None:
    """The typeface's file (``None``, pygame's own font, where the font package is missing)."""
    try:
        import fontpkg_fira_sans_condensed as typeface  # noqa: PLC0415 - the typeface's package is optional (pygame's font otherwise)
    except ImportError:
        return None
    path = typeface.ROOT / "files" / FONT_FILES[bold]
    return str(path) if path.is_file() else None


def _ink_height(file: str | None, points: int) -> int:
    image = pygame.font.Font(file, points).render("H", True, (255, 255, 255))
    return image.get_bounding_rect().height


def _points_for(size: int, bold: bool) -> int:
    """The font file's point size whose capitals are ``size`` x :data:`CAPS_PER_SIZE` tall."""
    key = (size, bold)
    if key not in _points:
        file, want = font_file(bold), round(size * CAPS_PER_SIZE)
        points = max(4, round(want / 0.7))
        while points > 4 and _ink_height(file, points - 1) >= want:
            points -= 1  # the smallest size with capitals this tall: the narrowest text
        while _ink_height(file, points) < want:
            points += 1
        _points[key] = points
    return _points[key]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The app's font at ``size`` (capitals of 2/3 ``size`` px; cached: loading costs ~1 ms)."""
    if not pygame.font.get_init():  # a layout measuring text before the app opened its window
        reset_fonts()  # (fonts loaded before died with the font module)
        pygame.font.init()
    key = (max(8, int(size)), bold)
    cached = _fonts.get(key)
    if cached is None:
        cached = _fonts[key] = SafeFont(font_file(bold), _points_for(*key))
    return cached


def text(label: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """``label`` rendered antialiased (cached; do not draw on the result)."""
    label = drawable(label)
    key = (label, int(size), tuple(colour), bold)
    surface = _texts.get(key)
    if surface is None:
        surface = font(size, bold).render(label, True, colour)
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


def blit_hint(surface: pygame.Surface, label: str, size: int, colour: Colour = TEXT_DIM,
              **anchor: tuple[int, int] | int) -> pygame.Rect:
    """Draw a key hint, text only the teacher needs (:func:`blit_text` at a hint's size)."""
    return blit_text(surface, label, size, colour, bold=False, **anchor)


def text_width(label: str, size: int, bold: bool = False) -> int:
    """How wide ``label`` is drawn at ``size`` (bold is about a sixth wider)."""
    return font(size, bold).size(label)[0]


def fit_size(label: str, size: int, max_width: int, bold: bool = False, min_size: int = MIN_FONT_SIZE) -> int:
    """The largest font size <= ``size`` at which ``label`` fits ``max_width``, but never under
    ``min_size`` (use :func:`fit_label` where a label may have to be cut short)."""
    width = text_width(label, size, bold)
    if width <= max_width or width == 0:
        return size
    lowest = min(size, min_size)
    fitted = max(lowest, int(size * max_width / width))
    while fitted > lowest and text_width(label, fitted, bold) > max_width:
        fitted -= 1  # widths do not grow exactly with the size
    return fitted


def fit_heading(label: str, size: int, max_width: int, min_size: int = MIN_FONT_SIZE) -> tuple[str, int, bool]:
    """A heading's text, size and boldness: bold where bold fits ``max_width`` (shrunk down to
    ``min_size``), else plain as :func:`fit_label` fits it - a heading is never cut for being bold."""
    label = drawable(label)
    bold_size = max(min(min_size, size), fit_size(label, size, max_width, True, min_size))
    if text_width(label, bold_size, bold=True) <= max_width:
        return label, bold_size, True
    shown, fitted = fit_label(label, size, max_width, min_size)
    return shown, fitted, False


def wrap_lines(label: str, size: int, max_width: int) -> list[str]:
    """``label`` broken into lines at most ``max_width`` wide at ``size`` (a word too long for a
    line is cut with an ellipsis: the size is kept)."""
    return _wrapped(label, size, max_width)


def count_lines(label: str, size: int, max_width: int) -> int:
    """How many lines :func:`wrap_lines` would make of ``label`` (a layout weighing two widths)."""
    return len(_wrapped(label, size, max_width))


def _wrapped(label: str, size: int, max_width: int) -> list[str]:
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
    fitted = max(min(min_size, size), fit_size(label, size, max_width, bold, min_size))  # never larger than asked
    if text_width(label, fitted, bold) <= max_width:
        return label, fitted
    while label and text_width(label + ELLIPSIS, fitted, bold) > max_width:
        label = label[:-1]
    return label.rstrip() + ELLIPSIS, fitted
