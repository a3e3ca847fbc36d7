"""Tests for scenes.kit.digits: stamping numbers with digit sprites (headless)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow running pytest from any directory
    sys.path.insert(0, str(ROOT))

from scenes.kit.digits import (  # noqa: E402
    DIGITS_DIR,
    DigitSprites,
    SpriteError,
    load_digit_sprites,
    number_size,
    write_number,
)

CASES = [(7, 48), (42, 48), (104, 33), (2024, 17)]


class SpySurface(pygame.Surface):
    """A surface that records every blit as (source object, destination)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.blits_done: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        self.blits_done.append((source, (int(dest[0]), int(dest[1]))))
        return super().blit(source, dest, *args, **kwargs)


@pytest.fixture
def sprites() -> DigitSprites:
    """A fresh sprite set (fresh cache) from the project's sprite folder."""
    return load_digit_sprites()


def rgba(surface: pygame.Surface) -> bytes:
    """Raw RGBA pixels, for exact comparisons."""
    return pygame.image.tobytes(surface, "RGBA")


def digits_of(n: int) -> list[int]:
    return [int(c) for c in str(n)]


def test_sprite_folder_has_ten_distinct_digits(sprites: DigitSprites) -> None:
    # Precondition that makes the pixel test below able to catch a wrong
    # digit: no two scaled digits look identical.
    for height in {h for _, h in CASES}:
        images = [rgba(sprites.get(d, height)) for d in range(10)]
        assert len(set(images)) == 10
    assert all(sprites.source(d).get_height() == sprites.source(0).get_height() for d in range(10))


@pytest.mark.parametrize("number,height", CASES)
def test_write_number_blits_each_digit_in_order(sprites: DigitSprites, number: int, height: int) -> None:
    surf = SpySurface((400, 200), pygame.SRCALPHA)
    center = (200, 100)
    rect = write_number(surf, number, center, height, sprites=sprites)

    assert abs(rect.centerx - center[0]) <= 1 and abs(rect.centery - center[1]) <= 1
    assert rect.height == height
    assert rect.size == number_size(number, height, sprites=sprites)

    expected = [sprites.get(d, height) for d in digits_of(number)]
    assert len(surf.blits_done) == len(expected)
    assert all(src is e for (src, _), e in zip(surf.blits_done, expected))  # same objects, same order
    xs = [pos[0] for _, pos in surf.blits_done]
    assert xs[0] == rect.left
    assert xs == sorted(xs) and len(set(xs)) == len(xs)  # strictly left to right
    assert all(pos[1] == rect.top for _, pos in surf.blits_done)
    last_src, (last_x, _) = surf.blits_done[-1]
    assert last_x + last_src.get_width() == rect.right


@pytest.mark.parametrize("number,height", CASES)
def test_write_number_pixels_match_scaled_sprites(sprites: DigitSprites, number: int, height: int) -> None:
    surf = pygame.Surface((400, 200), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    center = (173, 91)
    rect = write_number(surf, number, center, height, sprites=sprites)
    assert abs(rect.centerx - center[0]) <= 1 and abs(rect.centery - center[1]) <= 1

    # Nothing is drawn outside the returned rect.
    ink = surf.get_bounding_rect()
    assert rect.contains(ink)

    # Walk the digits independently of the implementation: each slot must
    # hold exactly the cached scaled sprite of the expected digit.
    w, h = number_size(number, height, sprites=sprites)
    gap = (w - sum(sprites.scaled_width(d, height) for d in digits_of(number))) // max(1, len(str(number)) - 1)
    x = rect.left
    for d in digits_of(number):
        sprite = sprites.get(d, height)
        ref = pygame.Surface(sprite.get_size(), pygame.SRCALPHA)
        ref.fill((0, 0, 0, 0))
        ref.blit(sprite, (0, 0))
        region = surf.subsurface(pygame.Rect((x, rect.top), sprite.get_size()))
        assert rgba(region) == rgba(ref), f"digit {d} of {number} is wrong"
        x += sprite.get_width() + gap


def test_pixel_check_detects_swapped_digits(sprites: DigitSprites) -> None:
    # "42" must not look like "24" (guards against reversed order).
    a = pygame.Surface((300, 100), pygame.SRCALPHA)
    b = pygame.Surface((300, 100), pygame.SRCALPHA)
    write_number(a, 42, (150, 50), 40, sprites=sprites)
    write_number(b, 24, (150, 50), 40, sprites=sprites)
    assert rgba(a) != rgba(b)


def test_colour_tint_keeps_alpha(sprites: DigitSprites) -> None:
    plain = sprites.get(8, 40)
    white = sprites.get(8, 40, (255, 255, 255))
    assert white.get_size() == plain.get_size()
    seen_ink = False
    for y in range(plain.get_height()):
        for x in range(plain.get_width()):
            p, t = plain.get_at((x, y)), white.get_at((x, y))
            assert t.a == p.a
            if t.a:
                seen_ink = True
                assert (t.r, t.g, t.b) == (255, 255, 255)
    assert seen_ink
    assert sprites.get(8, 40, pygame.Color(255, 255, 255)) is white  # cached


def test_negative_and_bad_input_rejected(sprites: DigitSprites) -> None:
    surf = pygame.Surface((100, 100), pygame.SRCALPHA)
    with pytest.raises(ValueError):
        write_number(surf, -3, (50, 50), 20, sprites=sprites)
    with pytest.raises(ValueError):
        write_number(surf, 3, (50, 50), 0, sprites=sprites)
    with pytest.raises(TypeError):
        write_number(surf, 3.5, (50, 50), 20, sprites=sprites)  # type: ignore[arg-type]


def copy_sprites(tmp_path: Path) -> Path:
    folder = tmp_path / "digits"
    shutil.copytree(DIGITS_DIR, folder)
    return folder


def test_missing_sprite_named(tmp_path: Path) -> None:
    folder = copy_sprites(tmp_path)
    load_digit_sprites(folder)  # the copy is complete and loads
    (folder / "7.png").unlink()
    with pytest.raises(SpriteError, match=r"missing digit sprite: .*7\.png") as info:
        load_digit_sprites(folder)
    assert str(folder / "7.png") in str(info.value)


def test_corrupt_sprite_named(tmp_path: Path) -> None:
    folder = copy_sprites(tmp_path)
    (folder / "3.png").write_bytes(b"this is not a png \x00\xff\x13" * 10)
    with pytest.raises(SpriteError, match=r"unreadable digit sprite: .*3\.png") as info:
        load_digit_sprites(folder)
    assert str(folder / "3.png") in str(info.value)


def test_cache_avoids_rescaling(sprites: DigitSprites, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []
    real = pygame.transform.smoothscale

    def counting(surface: pygame.Surface, size: Any, *args: Any) -> pygame.Surface:
        calls.append(tuple(size))
        return real(surface, size, *args)

    monkeypatch.setattr(pygame.transform, "smoothscale", counting)
    surf = pygame.Surface((300, 100), pygame.SRCALPHA)

    write_number(surf, 424, (150, 50), 40, sprites=sprites)
    assert len(calls) == 2  # digits 4 and 2, once each
    assert sprites.cache_size == 2

    write_number(surf, 424, (150, 50), 40, sprites=sprites)
    write_number(surf, 24, (100, 50), 40, sprites=sprites)
    assert len(calls) == 2  # nothing rescaled
    assert sprites.cache_size == 2

    write_number(surf, 424, (150, 50), 40, sprites=sprites, colour=(200, 0, 0))
    write_number(surf, 424, (150, 50), 40, sprites=sprites, colour=(200, 0, 0))
    assert len(calls) == 2  # tinting reuses the scaled copy
    assert sprites.cache_size == 4

    write_number(surf, 4, (150, 50), 30, sprites=sprites)
    assert len(calls) == 3  # a new height does scale
