"""The class's own puzzles: their second review beside a running projector.

``python bench/class_puzzles.py [--students 30] [--json] [--smoke]``

A lesson of ``--students`` students (games of four seats played by built-in players, every seat a
student) is reviewed first, as the class game does (the review workers, the default rollouts);
that is not measured.  Then the projector's process runs the app's own frame (a table placing
cards, drawn at 1280x720, headless) at 60 frames a second: first alone, then while the puzzle
finder's worker (:mod:`classroom.lesson_puzzles`) gives every student's clear decisions
their second review, as a class game hands them over when each review is in.  Measured: the
processor time of each projector frame (its thread's: what a stutter is made of) alone and while
the puzzles are found (target: p99 under 16 ms, the same as the reviews'), and, on the clock,
from handing the decisions over to the last puzzle back.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent import futures
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from _kit import add_smoke, run

FRAME_TARGET_MS = 16.0
KINDS = ("heuristic", "random", "heuristic", "random")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def reviewed_students(students: int, seed: int) -> list[tuple[Any, ...]]:
    """(rules, players, game seed, rounds, a student's reviewed decisions) of each student."""
    from classroom.reviews import ReviewService
    from game.play import game_seed, play_seeded_game
    from game.players.options import AgentOptions
    from game.rules import SNAP

    service = ReviewService()
    queued = []
    try:
        for index in range((students + 3) // 4):
            seeded = game_seed(seed, index)
            game = play_seeded_game(SNAP, KINDS, seeded, AgentOptions(rollouts=200))
            seats = list(range(min(4, students - 4 * index)))
            for review in service.review_game(SNAP, 4, seeded, game.rounds, [(seat, seat) for seat in seats]):
                queued.append((game, seeded, review))
        futures.wait([task for _game, _seed, review in queued for task in review.tasks])
    finally:
        service.close()
    return [(SNAP, 4, seeded, game.rounds, review.decisions()) for game, seeded, review in queued]


def projector() -> tuple[Any, Any]:
    """The app showing a demo table placing cards by itself (headless, 1280x720)."""
    import pygame

    from scenes.app import App, open_first_screen
    from scenes.model.options import PlayOptions

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    options = PlayOptions(mode="demo", seed=4, step_delay=0.2)
    app = App(options)
    open_first_screen(app, options)
    return app, pygame


def frames(app: Any, until: Any, most: int) -> list[float]:
    """Run the app's frame at 60 a second until ``until()`` (or ``most`` frames): each one's processor time, ms."""
    spent: list[float] = []
    while len(spent) < most and not until():
        start, clock = time.monotonic(), time.thread_time()
        app.run_frame(1 / 60)
        spent.append((time.thread_time() - clock) * 1000)
        time.sleep(max(0.0, 1 / 60 - (time.monotonic() - start)))
    return spent


def measure(args: argparse.Namespace) -> dict[str, Any]:
    from classroom.lesson_puzzles import PuzzleFinder, clear_decisions

    students = reviewed_students(args.students, args.seed)
    app, _pygame = projector()
    alone = frames(app, lambda: False, args.baseline_frames)
    finder = PuzzleFinder()
    handed = time.monotonic()
    found = [finder.find(rules, players, seed, rounds, clear_decisions(decisions), "bench", index + 1)
             for index, (rules, players, seed, rounds, decisions) in enumerate(students)
             if clear_decisions(decisions)]
    busy = frames(app, lambda: all(f.done() for f in found), 60 * int(args.timeout))
    finished = time.monotonic() - handed
    finder.close()
    failed = [f.exception() for f in found if f.done() and f.exception()]
    if failed or not all(f.done() for f in found):
        raise SystemExit(f"the puzzle finder failed: {failed[0]!r}" if failed else
                         f"the puzzles were not all found in {args.timeout:g} s")
    clear = sum(len(clear_decisions(decisions)) for *_rest, decisions in students)
    return {
        "students": args.students, "decisions": sum(len(decisions) for *_rest, decisions in students),
        "clear_decisions": clear, "puzzles": sum(len(f.result()) for f in found if f.done() and not f.exception()),
        "all_found_s": round(finished, 1), "cores": os.cpu_count(),
        "frame_alone_p50_ms": round(percentile(alone, 0.5), 2), "frame_alone_p99_ms": round(percentile(alone, 0.99), 2),
        "frame_finding_p50_ms": round(percentile(busy, 0.5), 2),
        "frame_finding_p99_ms": round(percentile(busy, 0.99), 2), "frames_while_finding": len(busy),
        "frame_target_ms": FRAME_TARGET_MS,
        "load_average": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None,
        "mean_frame_ratio": round(statistics.mean(busy) / statistics.mean(alone), 2) if busy and alone else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline-frames", type=int, default=300)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--json", action="store_true")
    add_smoke(parser)
    args = parser.parse_args()
    if args.smoke:  # one game's students, a few frames alone
        args.students, args.baseline_frames, args.timeout = 4, 10, 120.0
    figures = measure(args)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{figures['students']} students, {figures['decisions']} decisions reviewed, "
          f"{figures['clear_decisions']} with one clear answer: {figures['puzzles']} puzzles confirmed, the last "
          f"{figures['all_found_s']} s after they were handed over (1 worker, {figures['cores']} cores, "
          f"load average {figures['load_average']})")
    print(f"projector frame, processor time: alone p50 {figures['frame_alone_p50_ms']} ms / p99 "
          f"{figures['frame_alone_p99_ms']} ms; while the puzzles are found p50 {figures['frame_finding_p50_ms']} ms "
          f"/ p99 {figures['frame_finding_p99_ms']} ms (target {FRAME_TARGET_MS:g}), {figures['frames_while_finding']} "
          f"frames")
    return 0


if __name__ == "__main__":
    run(main)
