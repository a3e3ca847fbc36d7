"""Benchmark: one full table frame at 1280x720, and launch to the first drawn frame.

    SDL_VIDEODRIVER=dummy python bench/draw.py [--frames N] [--runs R] [--smoke]

Not a test (timings depend on the machine); targets: a frame under 2 ms with
the dummy driver, the first frame under 0.5 s after launch.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from scenes.app import App  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from live.session import Stage  # noqa: E402

from _kit import add_smoke, run  # noqa: E402

FIRST_FRAME_CHILD = """
import os, sys
sys.path.insert(0, {root!r})
import pygame
from scenes.app import App
from scenes.model.options import PlayOptions
pygame.display.init(); pygame.font.init()
app = App(PlayOptions(mode={mode!r}, seed=1))
app.run_frame(0.0)
print("frame", flush=True)
"""


def time_table_frame(frames: int = 500, mode: str = "solo") -> tuple[float, float]:
    """Mean and best ms to draw the table (mid-game, a placement on screen) at 1280x720.

    In demo mode the explain panel is on, so its frame includes the explanation.
    """
    pygame.display.init()
    pygame.font.init()
    app = App(PlayOptions(mode=mode, seed=3, step_delay=0))
    scene = app.manager.active
    session = scene.session  # type: ignore[attr-defined]
    while session.stage is not Stage.PLACED or session.step_number < 3:
        if session.stage is Stage.CHOOSE:
            session.choose(session.game.hand(session.chooser)[0])
        elif session.stage is Stage.ROW_CHOICE:
            session.pick_row(0)
        else:
            session.advance()
    surface = pygame.display.get_surface()
    scene.draw(surface)  # warm the caches
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        scene.draw(surface)
        times.append(time.perf_counter() - start)
    pygame.display.quit()
    return 1000 * sum(times) / len(times), 1000 * min(times)


def time_card_blits(frames: int = 500, cards: int = 40) -> tuple[float, float]:
    """Mean and best ms to blit ``cards`` cached card faces onto a 1280x720 window: a
    yardstick printed beside the frame time, since this machine's speed varies from run
    to run (the frame also copies its cached 1280x720 background once)."""
    pygame.display.init()
    surface = pygame.display.set_mode((1280, 720))
    from scenes.kit.cards import CardArt
    from scenes.kit.digits import load_digit_sprites
    from game.rules import SNAP

    art = CardArt(load_digit_sprites(), SNAP)
    faces = [art.face(card, (66, 92)) for card in range(1, cards + 1)]
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        for index, face in enumerate(faces):
            surface.blit(face, (20 + (index % 10) * 120, 20 + (index // 10) * 160))
        times.append(time.perf_counter() - start)
    pygame.display.quit()
    return 1000 * sum(times) / len(times), 1000 * min(times)


def time_first_frame(mode: str = "solo", runs: int = 3) -> float:
    """Best seconds from starting a new Python process to its first presented frame."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", FIRST_FRAME_CHILD.format(root=str(ROOT), mode=mode)],
                                 stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        assert child.stdout is not None
        shown = child.stdout.readline()
        best = min(best, time.perf_counter() - start)
        if child.wait() != 0 or not shown:
            raise SystemExit(f"the app's first frame failed (exit code {child.returncode})")
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=500, help="frames drawn per figure (default 500)")
    parser.add_argument("--runs", type=int, default=3, help="launches timed; the best is shown (default 3)")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:
        args.frames, args.runs = 10, 1
    blit_mean, blit_best = time_card_blits(args.frames)
    print(f"yardstick, 40 cached card blits: mean {blit_mean:.3f} ms, best {blit_best:.3f} ms")
    for mode in ("solo", "demo"):
        mean, best = time_table_frame(args.frames, mode)
        print(f"table frame 1280x720 ({mode}): mean {mean:.3f} ms, best {best:.3f} ms "
              f"({best / blit_best:.1f} x the yardstick; target < 2 ms)")
    print(f"launch to first frame: {time_first_frame(runs=args.runs):.3f} s (target < 0.5 s)")
    return 0


if __name__ == "__main__":
    run(main)
