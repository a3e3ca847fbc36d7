"""Draw the ten digit sprites 0-9 used to "write" numbers in the game.

The images are original art made only from pygame drawing primitives (no
font files, no third-party artwork), so the project carries no licensing
baggage and a student can read exactly how each glyph is built.

Style: bold, rounded, geometric strokes in dark ink on a fully transparent
background -- they read well on a projector and are easy to recolour later
(``scenes.kit.digits`` tints them by replacing RGB while keeping alpha).

Each glyph is a list of *strokes*; a stroke is a polyline (straight lines and
sampled arcs) in a 60 x 96 design grid.  A stroke is inked by stamping discs
along it, which gives round caps and round joins for free.  Everything is
drawn 4x too big and smooth-scaled down, which antialiases the edges.

Run:  python sprites/digits/make_digits.py   (writes 0.png ... 9.png here, and a bolder
set in bold/ for numbers inside text)
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

Point = tuple[float, float]
Stroke = list[Point]

WIDTH, HEIGHT = 60, 96  # final sprite size in pixels (every digit the same)
STROKE = 12.0  # pen width in design units (= final pixels)
SUPERSAMPLE = 4  # draw this many times larger, then smoothscale down
INK = (30, 30, 40)
OUT_DIR = Path(__file__).resolve().parent


def line(p0: Point, p1: Point) -> Stroke:
    """A straight stroke segment from p0 to p1."""
    return [p0, p1]


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> Stroke:
    """Points on an elliptical arc, angles in degrees, screen axes (y down).

    0 deg points right and 90 deg points *down*, so going from 180 to 360
    sweeps over the top of the ellipse.
    """
    steps = max(8, int(abs(a1 - a0) / 3))
    pts: Stroke = []
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        pts.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return pts


def circle(cx: float, cy: float, r: float) -> Stroke:
    """A closed circular stroke."""
    return arc(cx, cy, r, r, 0, 360)


def rotate_180(strokes: list[Stroke]) -> list[Stroke]:
    """Turn a glyph upside down about the centre of the design grid."""
    return [[(WIDTH - x, HEIGHT - y) for x, y in s] for s in strokes]


# Design grid: 60 wide, 96 tall; stroke centres stay within x 8..52, y 9..87
# so that the 12-unit pen never touches the image border.
SIX: list[Stroke] = [
    circle(30, 65, 22),  # the loop sits low
    arc(52, 65, 44, 56, 180, 255),  # curved tail sweeping up to the right
]

GLYPHS: dict[int, list[Stroke]] = {
    # A plain tall oval: no crossbar, so it can't be mistaken for 8.
    0: [arc(30, 48, 21, 39, 0, 360)],
    # Flag + stem + foot: the foot is what separates it from 7.
    1: [line((16, 23), (32, 9)), line((32, 9), (32, 87)), line((17, 87), (47, 87))],
    # Round hook on top, straight diagonal, flat base.
    2: [arc(30, 29, 20, 20, 200, 390) + [(10, 87), (51, 87)]],
    # Small top bowl, bigger bottom bowl, short middle tongue.
    3: [
        arc(29, 27, 18, 18, 205, 450),
        arc(29, 66, 21, 21, 270, 515),
        line((19, 45), (29, 45)),
    ],
    # Closed-top 4: stem, diagonal, crossbar.
    4: [line((40, 87), (40, 9)) + [(9, 62), (52, 62)]],
    # Flag, short stem, then a big open bowl.
    5: [[(49, 9), (14, 9), (12, 47)] + arc(28, 64, 23, 23, 225, 510)],
    # Loop at the bottom, tail up to the right.
    6: SIX,
    # Flat top bar and a long diagonal, no foot (unlike 1).
    7: [line((9, 9), (51, 9)) + [(22, 87)]],
    # Two stacked circles, the lower one a bit bigger.
    8: [circle(30, 27, 18), circle(30, 66, 21)],
    # A 6 turned upside down: loop at the top, tail down to the left.
    9: rotate_180(SIX),
}


def ink_stroke(surface: pygame.Surface, stroke: Stroke, width: float, scale: int) -> None:
    """Stamp discs every pixel along the polyline: round caps and joins."""
    radius = width * scale / 2
    pts = [(x * scale, y * scale) for x, y in stroke]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0)))
        for i in range(n + 1):
            t = i / n
            pygame.draw.circle(surface, INK, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), radius)


def render_digit(digit: int) -> pygame.Surface:
    """Draw one digit big, then smoothscale down to WIDTH x HEIGHT."""
    big = pygame.Surface((WIDTH * SUPERSAMPLE, HEIGHT * SUPERSAMPLE), pygame.SRCALPHA)
    # Transparent pixels carry the ink's RGB so smoothscale only blends alpha
    # (a black transparent background would darken the antialiased rim).
    big.fill(INK + (0,))
    for stroke in GLYPHS[digit]:
        ink_stroke(big, stroke, STROKE, SUPERSAMPLE)
    return pygame.transform.smoothscale(big, (WIDTH, HEIGHT))


BOLD_STROKE = 17.0
"""The pen of the bold set (``bold/``): numbers stamped inside text, whose font is bold."""


def main() -> None:
    """Render all ten digits and save them as PNGs next to this script, and the bold set in bold/."""
    global STROKE
    for folder, stroke in ((OUT_DIR, STROKE), (OUT_DIR / "bold", BOLD_STROKE)):
        folder.mkdir(exist_ok=True)
        STROKE = stroke
        for digit in range(10):
            path = folder / f"{digit}.png"
            pygame.image.save(render_digit(digit), str(path))
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
