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
