"""Any text is safe to show: one function makes it drawable, every font goes through it,
and names are checked where they enter (command line, records)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402
import shlex  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import ROOT, close_app, frames, move, open_app, run_until, table  # noqa: E402
from bots.process import close_all_bots  # noqa: E402
from game.text import ELLIPSIS, NAME_LIMIT, REPLACEMENT, InvalidNameError, check_name, drawable  # noqa: E402
from scenes.kit import theme  # noqa: E402
from scenes.table.layout import table_layout  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from live.session import Stage  # noqa: E402

HOSTILE = ["nul\x00here", "lone \ud800 surrogate", "bell\x07 and esc\x1b[31m", "line\nbreak\r\ttab",
           "x" * 5_000_000, "\u2028\u2029", "\U0001F600 fine", ""]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path / "data"
    close_app()
    close_all_bots()


def is_drawable(text: str) -> bool:
    return len(text) <= 200 and all(char.isprintable() or char == " " for char in text) \
        and not re.search("[\ud800-\udfff]", text)


@pytest.mark.parametrize("text", HOSTILE)
def test_drawable_replaces_controls_and_surrogates_and_caps_the_length(text: str) -> None:
    started = time.process_time()  # processor time: what other programs do does not count
    shown = drawable(text)
    assert time.process_time() - started < 0.1
    assert is_drawable(shown)
    shown.encode("utf-8")
    if len(text) > 200:
        assert shown.endswith(ELLIPSIS) and len(shown) == 200


def test_drawable_keeps_plain_text_and_marks_what_it_replaced() -> None:
    assert drawable("Ada Lovelace, 1815") == "Ada Lovelace, 1815"
    assert drawable("a\x00b") == f"a{REPLACEMENT}b"
    assert drawable("a\nb\tc") == "a b c"
    assert drawable("Zoë ✓ \U0001F600") == "Zoë ✓ \U0001F600"


@pytest.mark.parametrize("text", HOSTILE)
def test_every_font_of_the_app_draws_any_text(text: str) -> None:
    pygame.font.init()
    theme.reset_fonts()
    try:
        image = theme.text(text, 24)
        assert image.get_height() > 0
        assert theme.fit_size(text, 24, 300) >= 10
        theme.font(18).size(text)
        theme.font(18).render(text, True, (0, 0, 0))
    finally:
        pygame.font.quit()


def test_no_scene_makes_its_own_font_or_renders_around_the_theme() -> None:
    """The one place fonts are made (and so text made drawable) is scenes/theme.py."""
    offenders = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        if path.name == "theme.py":
            continue
        source = path.read_text(encoding="utf-8")
        for pattern in (r"pygame\.font\.Font\(", r"SysFont\(", r"freetype", r"\bFont\("):
            if re.search(pattern, source):
                offenders.append(f"{path.relative_to(ROOT)}: {pattern}")
    assert offenders == []


@pytest.mark.parametrize("name, problem", [
    ("", "is empty"),
    ("   ", "is empty"),
    ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT}"),
    ("a\x00b", "control"),
    ("\udcff", "not valid text"),
])
def test_check_name_says_why(name: str, problem: str) -> None:
    with pytest.raises(InvalidNameError, match=problem):
        check_name(name)
    assert check_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT
    assert check_name("Zoë ✓") == "Zoë ✓"


def run_main(*args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=60)


@pytest.mark.parametrize("names, problem", [
    (b"\xff,B,C,D", b"name 1 is not valid text"),
    (b"A,B," + b"x" * 25 + b",D", b"name 3 is 25 characters long; at most 24"),
    (b"A,,C,D", b"name 2 is empty"),
    (b"A,B,C", b"--names gives 3 names, but snap rules need exactly 4 players"),
])
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_bad_names_on_the_command_line_are_one_line_errors(names: bytes, problem: bytes) -> None:
    result = run_main("play", "--mode", "demo", "--names", names, "--exit-at-end")
    assert result.returncode == 2
    assert result.stderr.count(b"\n") == 1 and problem in result.stderr, result.stderr


@pytest.fixture
def watched_fonts() -> Iterator[list[str]]:
    """pygame's Font replaced by one that checks every text it measures or renders, and the
    theme rebuilt on it, so every font any screen uses is watched; the texts rendered."""
    import importlib

    real = pygame.font.Font
    seen: list[str] = []

    class WatchedFont(real):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            seen.append(text)
            assert is_drawable(text), repr(text[:80])
            return super().render(text, *args, **kwargs)

        def size(self, text):  # type: ignore[no-untyped-def]
            assert is_drawable(text), repr(text[:80])
            return super().size(text)

    pygame.font.Font = WatchedFont
    importlib.reload(theme)
    try:
        yield seen
    finally:
        pygame.font.Font = real
        importlib.reload(theme)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_everything_drawn_goes_through_drawable(watched_fonts: list[str], data_dir: Path) -> None:
    """A whole game, its results and the scoreboard drawn with hostile seat names (given
    past the command line's checks): pygame only ever sees drawable text."""
    app = open_app(PlayOptions(mode="demo", seed=4, step_delay=0, names=("A\x00", "B\ud800", "C" * 10_000, "D\n")))
    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene))
    frames(app)
    assert isinstance(theme.font(20), pygame.font.Font) and type(theme.font(20)).__mro__[1].__name__ == "WatchedFont"
    assert any("A" + REPLACEMENT in text for text in watched_fonts)
    assert app.screens.saver.failed, "names no record may hold are refused when saving, in one line"

    from store.history import open_history
    from scenes.scoreboard.scene import ScoreboardScene

    with open_history() as history:  # a hostile row put straight into the database
        history._db.execute("INSERT INTO games (played, rules, seed, digest) VALUES (NULL, 'snap', 1, x'00')")
        history._db.executemany("INSERT INTO seats VALUES (1, ?, ?, 'random', 3, 0, NULL)",
                                [(0, "N\x00L"), (1, "x" * 1_000_000), (2, "\u202e evil"), (3, "\x1b[2J")])
    app.manager.push(ScoreboardScene(app.ctx))
    frames(app)
    assert any("N" + REPLACEMENT + "L" in text for text in watched_fonts)


BOT_WITH_NUL = """\
import sys
sys.path.insert(0, {bots!r})
from botio import answer, read_init, read_turn, say

read_init()
while True:
    phase, hand, rows, lines = read_turn()
    print("debug \\x00 nul \\ud800", file=sys.stderr, flush=True)
    say(answer(phase, hand) + " he\\x00llo")
"""


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_a_nul_in_a_bots_message_and_stderr_is_drawn(tmp_path: Path) -> None:
    """The issue's case: a NUL in a bot's message or stderr crashed the table when drawn."""
    path = tmp_path / "nul_bot.py"
    path.write_text(BOT_WITH_NUL.format(bots=str(ROOT / "tests" / "support" / "bots")), encoding="utf-8")
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(path))}"
    kinds = ("random", "bot:" + command, "random", "random")
    app = open_app(PlayOptions(mode="demo", seed=3, step_delay=0, kinds=kinds))
    scene = table(app)
    session = scene.session
    assert session is not None
    scene.auto = False
    run_until(app, lambda a: session.stage is Stage.REVEALED, seconds=20)
    move(table_layout(pygame.display.get_surface().get_size()).seats[1].box.center)
    frames(app, 3)
    status = session.bot_status(1)
    assert status is not None and "\x00" in status.message + "".join(status.stderr_tail)
    scene.auto = True
    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene))
    assert app.exit_code is None
