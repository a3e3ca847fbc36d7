"""History at scale: the scoreboard, paging and replays with 100,000 saved games.

Builds (once, cached in --dir) a JSON Lines file of N real games (snap rules,
four computer players named from a class list of 12, ending over the last
30 days) and imports it into a history database with ``history import``'s
code.  Then, in a fresh process so the build does not count towards memory:

* scoreboard open: the scene built and its first frame drawn (target < 0.5 s);
* time per page: PgDn, the page loaded and drawn;
* name filter and period: typing a name, switching to "last 7 days";
* replay by index: game K of the history, and ``replay FILE --game K``'s
  streaming read (target < 1 s for K = 50,000 in a 100,000-game file);
* peak memory (max RSS) of that process.

    python bench/history.py [--games N] [--dir DIR] [--repeats R] [--smoke]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from _kit import add_smoke, run  # noqa: E402

CLASS = ("Ada", "Ben", "Chloe", "Dev", "Emma", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kim", "Lena")
DAY = 86400


def record_line(task: tuple[int, int]) -> str:
    """Game ``index`` of ``games``: a seeded random game, seats drawn from the class; the games
    end one after the other over the last 30 days."""
    index, games = task
    from game import SNAP, play_seeded_game
    from game.record import PlayerInfo, record_game, utc_timestamp
    from datetime import datetime, timezone

    rng = random.Random(index)
    names = rng.sample(CLASS, 4)
    game = play_seeded_game(SNAP, ["random"] * 4, index)
    ended = datetime.fromtimestamp(time.time() - 30 * DAY * (1 - (index + 1) / games), timezone.utc)
    players = [PlayerInfo(name, "human") for name in names]  # (students: the AIs are counted by level)
    return record_game(game, players, finished=utc_timestamp(ended)).to_json()


def build(folder: Path, games: int) -> tuple[Path, Path]:
    """The JSON Lines file and the history of ``games`` games (built once, then reused)."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = folder / f"games-{games}.jsonl"
    database = folder / f"history-{games}.sqlite3"
    if not lines.exists():
        started = time.perf_counter()
        with Pool(os.cpu_count() or 1) as pool, open(lines.with_suffix(".tmp"), "w", encoding="utf-8") as out:
            for line in pool.imap(record_line, ((i, games) for i in range(games)), chunksize=500):
                out.write(line + "\n")
        lines.with_suffix(".tmp").rename(lines)
        print(f"built {games:,} games in {time.perf_counter() - started:.1f} s: {lines}")
    if not database.exists():
        from store.history import History

        started = time.perf_counter()
        with History(database.with_suffix(".tmp")) as history:
            report = history.import_lines(lines)
        for suffix in ("-wal", "-shm"):
            Path(str(database.with_suffix(".tmp")) + suffix).unlink(missing_ok=True)
        database.with_suffix(".tmp").rename(database)
        print(f"imported {report.added:,} games into the history in {time.perf_counter() - started:.1f} s "
              f"({database.stat().st_size / 1e6:.0f} MB)")
    return lines, database


def measure(lines: Path, database: Path, games: int) -> dict[str, float]:
    """Run in a fresh process: every figure, in seconds (and max RSS in MB)."""
    import pygame

    from store.history import History
    from game.record import read_game
    from scenes.app import App
    from scenes.base import Input, InputKind
    from scenes.model.options import PlayOptions
    from scenes.scoreboard.scene import ScoreboardScene

    pygame.display.init()
    pygame.font.init()
    app = App(PlayOptions())
    screen = pygame.display.get_surface()
    figures: dict[str, float] = {}

    started = time.perf_counter()
    board = ScoreboardScene(app.ctx, database)
    board.draw(screen)
    figures["scoreboard open"] = time.perf_counter() - started

    pages = 20
    started = time.perf_counter()
    for _ in range(pages):
        board.handle_event(Input(InputKind.KEY, key=pygame.K_PAGEDOWN))
        board.draw(screen)
    figures["time per page"] = (time.perf_counter() - started) / pages
    started = time.perf_counter()
    board.handle_event(Input(InputKind.KEY, key=pygame.K_END))
    board.draw(screen)
    figures["last page (End)"] = time.perf_counter() - started

    started = time.perf_counter()
    for letter in "Emma":
        board.handle_event(Input(InputKind.TEXT, text=letter))
    board.update(1.0)  # typing paused: the filter is applied
    board.draw(screen)
    figures["name filter \"Emma\" applied"] = time.perf_counter() - started
    started = time.perf_counter()
    board.set_filter("e")
    board.update(1.0)
    board.draw(screen)
    figures["name filter \"e\" (most games match)"] = time.perf_counter() - started
    started = time.perf_counter()
    board.handle_event(Input(InputKind.KEY, key=pygame.K_TAB))
    board.draw(screen)
    figures["period: last 7 days"] = time.perf_counter() - started
    board.close()

    middle = games // 2
    started = time.perf_counter()
    with History(database) as history:
        replayed = history.replay(middle)
    figures[f"replay game {middle:,} of the history"] = time.perf_counter() - started
    assert replayed.states
    started = time.perf_counter()
    replayed = read_game(lines, middle)
    figures[f"replay FILE --game {middle:,}"] = time.perf_counter() - started
    assert replayed.states
    figures["peak memory (max RSS, MB)"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    pygame.quit()
    return figures


TARGETS = {"scoreboard open": 0.5, "replay FILE --game": 1.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/6takes-bench-history"))
    parser.add_argument("--repeats", type=int, default=3, help="fresh processes measured (the median is shown)")
    parser.add_argument("--measure", nargs=2, type=Path, help=argparse.SUPPRESS)
    add_smoke(parser)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure[0], args.measure[1], args.games)))
        return 0
    if args.smoke:  # a small history of its own, built afresh and dropped
        args.games, args.repeats = 200, 1
        with tempfile.TemporaryDirectory(prefix="6takes-bench-history-") as folder:
            report(args, Path(folder))
        return 0
    report(args, args.dir)
    return 0


def report(args: argparse.Namespace, folder: Path) -> None:
    """Build (or reuse) the history in ``folder``, measure it in fresh processes, print the figures."""
    lines, database = build(folder, args.games)
    runs = []
    for _ in range(args.repeats):
        result = subprocess.run([sys.executable, __file__, "--games", str(args.games), "--measure", str(lines),
                                 str(database)], capture_output=True, text=True, check=True)
        runs.append(json.loads(result.stdout.strip().splitlines()[-1]))
    figures = {what: statistics.median(run[what] for run in runs) for what in runs[0]}
    print(f"history of {args.games:,} games ({lines.stat().st_size / 1e6:.0f} MB as JSON Lines), "
          f"median of {args.repeats} fresh processes")
    for what, value in figures.items():
        target = next((t for prefix, t in TARGETS.items() if what.startswith(prefix)), None)
        shown = f"{value:8.1f} MB" if "MB" in what else f"{value * 1000:8.1f} ms"
        verdict = f"   target < {target * 1000:.0f} ms: {'met' if value < target else 'NOT MET'}" if target else ""
        print(f"  {what:<40} {shown}{verdict}")


if __name__ == "__main__":
    run(main)
