"""The join address as a QR code (``segno``), drawn with whole pixels per module so phones scan it
from across the room: the lobby's, and the one Q shows during the game."""

from __future__ import annotations

import pygame
import segno


def qr_surface(text: str, module: int) -> pygame.Surface:
    """``text`` as a QR code (error correction M), ``module`` pixels per module, with the
    4-module white quiet zone scanners need."""
    code = segno.make(text, error="m", micro=False)
    matrix = code.matrix
    border = 4
    size = (len(matrix) + 2 * border) * module
    image = pygame.Surface((size, size))
    image.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.fill((0, 0, 0), ((x + border) * module, (y + border) * module, module, module))
    return image


def qr_modules(text: str) -> int:
    """Modules across the QR code of ``text``, quiet zone included."""
    return len(segno.make(text, error="m", micro=False).matrix) + 8


class QrImage:
    """The QR code of a text at a side, drawn once and kept while neither changes."""

    def __init__(self) -> None:
        self._drawn: tuple[str, int, pygame.Surface] | None = None

    def image(self, text: str, side: int) -> pygame.Surface:
        """``text``'s QR code, at most ``side`` pixels across (whole pixels per module)."""
        if self._drawn is None or self._drawn[:2] != (text, side):
            self._drawn = (text, side, qr_surface(text, max(1, side // qr_modules(text))))
        return self._drawn[2]
