"""Write numbers on screen by stamping digit sprites ("write A at X, Y").

The game shows card numbers, bull-head counts and scores with the ten
images in ``sprites/digits`` (drawn by ``sprites/digits/make_digits.py``)
instead of a font.  This copies the assignment's "write A at X, Y" block,
which builds a number out of one stamped costume per digit.

Scaling and recolouring a sprite costs much more than blitting it, and the
same few sizes/colours are drawn every frame, so :class:`DigitSprites`
keeps a cache of ready-to-blit surfaces keyed by (digit, height, colour).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Union

import pygame

from game.resources import resource
from game.i18n import _

#: Folder holding 0.png ... 9.png (the project's ``sprites/digits``).
DIGITS_DIR: Path = resource("sprites", "digits")

#: Space between two digits, as a fraction of the digit height.  The glyphs
#: already have a little side bearing, so a small gap is enough.
GAP_RATIO: float = 0.05

#: Cap on cached surfaces: the oldest entry is dropped beyond this, so an
#: animation that sweeps through many heights cannot grow memory forever.
MAX_CACHE_ENTRIES: int = 512

ColourLike = Union[pygame.Color, tuple[int, int, int], tuple[int, int, int, int], str]
CacheKey = tuple[int, int, Union[tuple[int, int, int], None]]


class SpriteError(Exception):
    """A digit sprite file is missing or cannot be read (the message names it)."""


class DigitSprites:
    """The ten source digit images plus a cache of scaled/tinted copies."""

    def __init__(self, images: Sequence[pygame.Surface]) -> None:
        """Keep ``images[d]`` as the source picture of digit ``d`` (exactly ten)."""
        if len(images) != 10:
            raise ValueError(f"need 10 digit images, got {len(images)}")
        self._images: tuple[pygame.Surface, ...] = tuple(images)
        self._cache: dict[CacheKey, pygame.Surface] = {}
        self._ink = tuple(image.get_bounding_rect() for image in self._images)
        self.bold: DigitSprites | None = None
        """A bolder set for numbers stamped inside (bold) text, when one was loaded."""

    @property
    def ink_ratio(self) -> float:
        """How much of a sprite's height its ink fills (an 8's): to size digits by their ink."""
        ink, image = self._ink[8], self._images[8]
        return ink.height / image.get_height() if ink.height else 1.0

    def ink_span(self, digit: int, height: int) -> tuple[int, int]:
        """(left, width) of ``digit``'s ink, drawn ``height`` px tall (its side bearings left out)."""
        w, h = self._images[digit].get_size()
        ink = self._ink[digit]
        if ink.width == 0:
            return 0, self.scaled_width(digit, height)
        left = int(ink.left * height / h)
        return left, max(1, round(ink.right * height / h) - left)

    def source(self, digit: int) -> pygame.Surface:
        """The unscaled image of ``digit`` as loaded."""
        return self._images[digit]

    def scaled_width(self, digit: int, height: int) -> int:
        """Width of ``digit`` drawn ``height`` px tall (aspect ratio kept).

        Computed from the source size, so measuring never scales anything.
        """
        w, h = self._images[digit].get_size()
        return max(1, round(w * height / h))

    def get(self, digit: int, height: int, colour: ColourLike | None = None) -> pygame.Surface:
        """The ready-to-blit sprite of ``digit``, ``height`` px tall, tinted.

        ``colour=None`` keeps the original ink.  Otherwise every pixel's RGB
        becomes ``colour`` and its alpha is kept, so antialiased edges stay
        smooth (the colour's own alpha is ignored).  Results are cached: do
        not draw on the returned surface.
        """
        if not 0 <= digit <= 9:
            raise ValueError(f"digit must be 0..9, got {digit}")
        _check_height(height)
        rgb: tuple[int, int, int] | None = None
        if colour is not None:
            c = pygame.Color(colour)
            rgb = (c.r, c.g, c.b)
        key: CacheKey = (digit, height, rgb)
        sprite = self._cache.get(key)
        if sprite is None:
            sprite = self._make(digit, height, rgb)
            if len(self._cache) >= MAX_CACHE_ENTRIES:
                del self._cache[next(iter(self._cache))]
            self._cache[key] = sprite
        return sprite

    def _make(self, digit: int, height: int, rgb: tuple[int, int, int] | None) -> pygame.Surface:
        """Scale (then tint) one sprite; only called on a cache miss."""
        if rgb is None:
            # Scaled-without-colour is reused as the base of every tint.
            src = self._images[digit]
            size = (self.scaled_width(digit, height), height)
            if src.get_size() == size:
                return src.copy()
            return pygame.transform.smoothscale(src, size)
        tinted = self.get(digit, height).copy()
        # RGB := 0 (multiply by 0, alpha by 255 = unchanged), then RGB += colour.
        tinted.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
        tinted.fill(rgb + (0,), special_flags=pygame.BLEND_RGBA_ADD)
        return tinted

    @property
    def cache_size(self) -> int:
        """How many scaled/tinted surfaces are cached (handy for tests)."""
        return len(self._cache)

    def clear_cache(self) -> None:
        """Forget all scaled/tinted copies (e.g. after a big window resize)."""
        self._cache.clear()


def load_digit_sprites(folder: str | os.PathLike[str] = DIGITS_DIR) -> DigitSprites:
    """Load ``0.png`` ... ``9.png`` from ``folder``.

    Raises :class:`SpriteError` naming the first missing or unreadable file,
    so a broken install fails loudly with a useful message instead of
    showing blank cards.  Images are ``convert_alpha()``-ed (fast blits)
    when a display exists; headless tests get them as loaded.
    """
    folder = Path(folder)
    has_display = pygame.display.get_init() and pygame.display.get_surface() is not None
    images: list[pygame.Surface] = []
    for digit in range(10):
        path = folder / f"{digit}.png"
        if not path.is_file():
            raise SpriteError(_("missing digit sprite: {path}").format(path=path))
        try:
            image = pygame.image.load(str(path))
        except (pygame.error, OSError, ValueError) as exc:
            raise SpriteError(_("unreadable digit sprite: {path}: {problem}").format(path=path, problem=exc)) from exc
        if image.get_width() == 0 or image.get_height() == 0:
            raise SpriteError(_("unreadable digit sprite: {path}: empty image").format(path=path))
        images.append(image.convert_alpha() if has_display else image)
    sprites = DigitSprites(images)
    if (folder / "bold").is_dir():
        sprites.bold = load_digit_sprites(folder / "bold")
    return sprites


def _check_height(height: int) -> None:
    """Reject heights that cannot be drawn."""
    if not isinstance(height, int) or height <= 0:
        raise ValueError(f"height must be a positive int, got {height!r}")


def _digits(number: int) -> list[int]:
    """The decimal digits of a non-negative int, most significant first."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"number must be an int, got {number!r}")
    if number < 0:
        raise ValueError(f"negative numbers are not supported: {number}")
    return [int(c) for c in str(number)]


def _gap(height: int) -> int:
    """Pixels between neighbouring digits at this height."""
    return round(height * GAP_RATIO)


def number_size(number: int, height: int, *, sprites: DigitSprites, tight: bool = False) -> tuple[int, int]:
    """Size (w, h) that :func:`write_number` will cover, for laying out."""
    _check_height(height)
    digits = _digits(number)
    if tight:
        return sum(sprites.ink_span(d, height)[1] for d in digits) + _gap(height) * (len(digits) - 1), height
    width = sum(sprites.scaled_width(d, height) for d in digits) + _gap(height) * (len(digits) - 1)
    return width, height


def write_number(
    surface: pygame.Surface,
    number: int,
    center: tuple[float, float],
    height: int,
    *,
    sprites: DigitSprites,
    colour: ColourLike | None = None,
    tight: bool = False,
) -> pygame.Rect:
    """Stamp ``number`` onto ``surface``, centred on ``center``.

    One sprite is blitted per digit, left to right, each ``height`` px tall,
    separated by a gap proportional to the height.  Returns the rectangle
    covered (whether or not it is clipped by the surface).
    """
    width, _height = number_size(number, height, sprites=sprites, tight=tight)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (round(center[0]), round(center[1]))
    x = rect.left
    gap = _gap(height)
    for digit in _digits(number):
        sprite = sprites.get(digit, height, colour)
        if tight:  # digits set by their ink, not their cells: a three-digit card's number fits its face
            left, ink_w = sprites.ink_span(digit, height)
            surface.blit(sprite, (x, rect.top), pygame.Rect(left, 0, ink_w, height))
            x += ink_w + gap
        else:
            surface.blit(sprite, (x, rect.top))
            x += sprite.get_width() + gap
    return rect
