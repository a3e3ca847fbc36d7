"""Card pictures: face (number stamped, penalty band with bull heads), back, bull icon.

A card picture depends only on (card, size, look), and a table frame shows
up to ~35 of them, so every picture is rendered once and cached; a frame
only blits.  The bull head is drawn with ``pygame.draw`` at 4x and scaled
down, which gives smooth edges without any image file.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.rules import Rules

from . import theme
from .digits import DigitSprites, number_size, write_number

SUPERSAMPLE = 4
MAX_CACHED = 400

LOOK_NORMAL = "normal"
LOOK_GHOST = "ghost"
"""Half-transparent: where a card *would* go (a preview, not a real card)."""
LOOK_DIM = "dim"
"""Greyed: a card already placed this turn, or one that cannot be chosen."""


def _is_light(colour: theme.Colour) -> bool:
    """Whether dark marks read better than white ones on ``colour``."""
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def draw_bull_head(size: int, colour: theme.Colour, detail: theme.Colour) -> pygame.Surface:
    """A small front-facing bull head (horns, ears, face, muzzle), ``size`` px square."""
    big = size * SUPERSAMPLE
    s = big / 64
    art = pygame.Surface((big, big), pygame.SRCALPHA)

    def pts(*xy: float) -> list[tuple[float, float]]:
        return [(xy[i] * s, xy[i + 1] * s) for i in range(0, len(xy), 2)]

    # horns: curved crescents rising outwards
    pygame.draw.polygon(art, colour, pts(22, 22, 10, 18, 3, 6, 6, 2, 10, 12, 24, 14))
    pygame.draw.polygon(art, colour, pts(42, 22, 54, 18, 61, 6, 58, 2, 54, 12, 40, 14))
    # ears
    pygame.draw.ellipse(art, colour, pygame.Rect(4 * s, 22 * s, 18 * s, 10 * s))
    pygame.draw.ellipse(art, colour, pygame.Rect(42 * s, 22 * s, 18 * s, 10 * s))
    # head, then a muzzle in the detail colour with two nostrils
    pygame.draw.ellipse(art, colour, pygame.Rect(15 * s, 12 * s, 34 * s, 46 * s))
    pygame.draw.ellipse(art, detail, pygame.Rect(20 * s, 40 * s, 24 * s, 15 * s))
    pygame.draw.ellipse(art, colour, pygame.Rect(25 * s, 45 * s, 5 * s, 5 * s))
    pygame.draw.ellipse(art, colour, pygame.Rect(34 * s, 45 * s, 5 * s, 5 * s))
    # eyes
    pygame.draw.circle(art, detail, (25 * s, 30 * s), 3.2 * s)
    pygame.draw.circle(art, detail, (39 * s, 30 * s), 3.2 * s)
    return pygame.transform.smoothscale(art, (size, size))


class CardArt:
    """Renders and caches card faces, backs and bull icons for one rules preset."""

    def __init__(self, sprites: DigitSprites, rules: Rules) -> None:
        self.sprites = sprites
        self.rules = rules
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._presets: dict[str, CardArt] = {rules.name: self}

    def for_rules(self, rules: Rules) -> "CardArt":
        """The art of the same cards under ``rules`` (penalty bands and bull heads differ
        between presets); made once per preset and kept."""
        art = self._presets.get(rules.name)
        if art is None:
            art = CardArt(self.sprites, rules)
            art._presets = self._presets
            self._presets[rules.name] = art
        return art

    # ------------------------------------------------------------- cache
    def _cached(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self._cache.get(key)
        if surface is None:
            surface = make()
            if pygame.display.get_surface() is not None and surface.get_alpha() is None:
                surface = surface.convert_alpha()  # display format: several times faster blits
            if len(self._cache) >= MAX_CACHED:
                self._cache.popitem(last=False)
            self._cache[key] = surface
        return surface

    @property
    def cache_size(self) -> int:
        """Number of cached pictures (lets tests check frames do not re-render)."""
        return len(self._cache)

    # ------------------------------------------------------------ public
    def bull(self, size: int, colour: theme.Colour, detail: theme.Colour = theme.CARD_FACE) -> pygame.Surface:
        """A bull-head icon ``size`` px square."""
        size = max(4, int(size))
        return self._cached(("bull", size, colour, detail), lambda: draw_bull_head(size, colour, detail))

    def face(self, card: int, size: tuple[int, int], look: str = LOOK_NORMAL) -> pygame.Surface:
        """The face of ``card`` at ``size`` (w, h) in a given look (cached)."""
        w, h = max(8, int(size[0])), max(12, int(size[1]))
        return self._cached(("face", card, w, h, look), lambda: self._make_face(card, w, h, look))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card: a chosen card that is not revealed yet."""
        w, h = max(8, int(size[0])), max(12, int(size[1]))
        return self._cached(("back", w, h), lambda: self._make_back(w, h))

    # ----------------------------------------------------------- drawing
    def _make_face(self, card: int, w: int, h: int, look: str) -> pygame.Surface:
        if look != LOOK_NORMAL:
            base = self.face(card, (w, h)).copy()
            if look == LOOK_GHOST:
                base.set_alpha(120)
            else:
                veil = pygame.Surface((w, h), pygame.SRCALPHA)
                pygame.draw.rect(veil, (20, 40, 40, 130), veil.get_rect(), border_radius=self._radius(w))
                base.blit(veil, (0, 0))
            return base
        penalty = self.rules.penalty(card)
        band_colour = theme.penalty_colour(self.rules, penalty)
        radius = self._radius(w)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        outer = surface.get_rect()
        pygame.draw.rect(surface, band_colour, outer, border_radius=radius)
        edge = max(2, w // 22)
        inner = outer.inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(surface, theme.CARD_FACE, inner, border_radius=max(1, radius - edge))
        band = pygame.Rect(inner.left, inner.top, inner.width, round(h * 0.27))
        pygame.draw.rect(surface, band_colour, band, border_top_left_radius=max(1, radius - edge),
                         border_top_right_radius=max(1, radius - edge))
        self._draw_marks(surface, band, penalty, band_colour)
        number_area = pygame.Rect(inner.left, band.bottom, inner.width, inner.bottom - band.bottom)
        width_at_100 = number_size(card, 100, sprites=self.sprites, tight=True)[0]
        height = min(round(h * 0.40), int(inner.width * 0.9 * 100 / width_at_100))
        write_number(surface, card, number_area.center, max(6, height), sprites=self.sprites, colour=theme.INK,
                     tight=True)
        return surface

    def _draw_marks(self, surface: pygame.Surface, band: pygame.Rect, penalty: int,
                    band_colour: theme.Colour) -> None:
        """``penalty`` bull heads on the band: one line up to 5, else two lines."""
        lines = [penalty] if penalty <= 5 else [(penalty + 1) // 2, penalty // 2]
        per_line = max(lines)
        size = int(min(band.height * 0.86 / len(lines), band.width * 0.92 / per_line))
        colour = theme.INK if _is_light(band_colour) else theme.CARD_FACE
        icon = self.bull(size, colour, band_colour)
        total_h = size * len(lines)
        y = band.centery - total_h // 2
        for count in lines:
            x = band.centerx - (count * size) // 2
            for _ in range(count):
                surface.blit(icon, (x, y))
                x += size
            y += size

    def _make_back(self, w: int, h: int) -> pygame.Surface:
        radius = self._radius(w)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.CARD_BACK_EDGE, rect, border_radius=radius)
        edge = max(2, w // 16)
        pygame.draw.rect(surface, theme.CARD_BACK, rect.inflate(-2 * edge, -2 * edge),
                         border_radius=max(1, radius - edge))
        icon = self.bull(int(w * 0.6), theme.CARD_BACK_EDGE, theme.CARD_BACK)
        surface.blit(icon, icon.get_rect(center=rect.center))
        return surface

    @staticmethod
    def _radius(w: int) -> int:
        return max(3, w // 9)
