"""External bots in the app: seated from the options or the menu, their messages on the table,
and no bot process left once the game or the app is closed."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shlex  # noqa: E402
import sys  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import (  # noqa: E402
    history_records,
    ROOT, click, close_app, frames, key, move, open_app, run_until, table, type_text,
)
from bots.process import close_all_bots, running_bot_pids  # noqa: E402
from game.record import read_records  # noqa: E402
from scenes.app import App, run_app  # noqa: E402
from scenes.model.language import use_language  # noqa: E402
from scenes.menu.layout import menu_layout
from scenes.table.layout import table_layout  # noqa: E402
from scenes.menu.scene import MenuScene  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.results.scene import ResultsScene  # noqa: E402
from live.session import Stage  # noqa: E402
from tests.conftest import needs  # noqa: E402

PYTHON = shlex.quote(sys.executable)
EXAMPLE_BOT = f"{PYTHON} {shlex.quote(str(ROOT / 'examples' / 'heuristic_bot.py'))}"
BOTS = ROOT / "tests" / "support" / "bots"
HELLO_BOT = """\
import sys
sys.path.insert(0, {bots!r})
from botio import answer, read_init, read_turn, say

read_init()
turn = 0
while True:
    phase, hand, rows, lines = read_turn()
    turn += 1
    print(f"debug: turn {{turn}}", file=sys.stderr, flush=True)
    say(answer(phase, hand) + " hello")
"""


@pytest.fixture(autouse=True)
def display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    yield
    close_app()
    left = running_bot_pids()
    close_all_bots()  # whatever happened, the next test starts clean
    assert left == [], "a bot process outlived its game"


@pytest.fixture
def hello_bot(tmp_path: Path) -> str:
    """The command of a bot that plays its lowest card and says "hello" with every answer."""
    path = tmp_path / "hello bot.py"  # a space in the path: the command must quote it
    path.write_text(HELLO_BOT.format(bots=str(BOTS)), encoding="utf-8")
    return f"{PYTHON} {shlex.quote(str(path))}"


def size_of(app: App) -> tuple[int, int]:
    return pygame.display.get_surface().get_size()


@pytest.mark.slow
def test_a_demo_with_the_example_bot_completes_and_leaves_no_process() -> None:
    kinds = ("bot:" + EXAMPLE_BOT, "random", "random", "random")
    app = open_app(PlayOptions(mode="demo", seed=6, step_delay=0, kinds=kinds))
    session = table(app).session
    assert session is not None and session.players.bot_table is not None
    assert [s.name for s in session.seats] == ["heuristic_bot", "AI 2", "AI 3", "AI 4"]
    assert len(running_bot_pids()) == 1
    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene))
    assert len(session.states) == 28
    assert session.players.bot_table.disqualifications == []
    assert running_bot_pids() == [], "the game is over: its bot is gone"
    record = history_records()[-1]
    assert [p.kind for p in record.players] == list(kinds)
    key(pygame.K_q)
    frames(app)
    assert app.exit_code == 0


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_table_shows_a_bots_message_and_its_details(hello_bot: str) -> None:
    app = open_app(PlayOptions(mode="demo", seed=3, step_delay=0, kinds=("random", "bot:" + hello_bot, "mc", "random"),
                               think_ms=5))
    scene = table(app)
    session = scene.session
    assert session is not None
    scene.auto = False
    run_until(app, lambda a: session.stage is Stage.REVEALED, seconds=20)
    frames(app)
    assert scene.last_frame is not None
    assert scene.last_frame.seat_notes == ("", '"hello"', "", "")
    status = session.bot_status(1)
    assert status is not None and status.message == "hello" and status.stderr_tail[0] == "debug: turn 1"
    move(table_layout(size_of(app)).seats[1].box.center)   # pointing at the bot shows its details
    frames(app)
    details = scene.last_frame.bot_details
    assert details[0].startswith("hello bot: ") and 'Last message: "hello"' in details
    after = session.bot_status(1)  # the bot may have written more since `status` was read
    assert after is not None and details[-1] in (status.stderr_last, after.stderr_last)
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_y)                                         # leave the game: its bot is killed
    frames(app)
    assert isinstance(app.manager.active, MenuScene)
    assert running_bot_pids() == []


@pytest.mark.parametrize("language, why, note", [("en", "too slow, turn 2", "now plays randomly"),
                                                  ("de", "zu langsam, Zug 2", "spielt zufällig")])
@pytest.mark.slow
def test_a_disqualified_bot_is_shown_in_red_and_the_game_goes_on(language: str, why: str, note: str) -> None:
    use_language(language)
    slow = f"{PYTHON} {shlex.quote(str(BOTS / 'slow_bot.py'))}"
    app = open_app(PlayOptions(mode="demo", seed=2, step_delay=0, kinds=("random", "random", "bot:" + slow, "random")))
    scene = table(app)
    session = scene.session
    assert session is not None
    run_until(app, lambda a: session.bot_status(2).disqualified != "" or a.manager.active is not scene, seconds=20)
    status = session.bot_status(2)
    assert status.disqualified == why
    frames(app)
    assert scene.last_frame.seat_notes[2] == note
    run_until(app, lambda a: isinstance(a.manager.active, ResultsScene))
    assert len(session.states) == 28


@needs("psutil")
def test_a_bad_command_in_the_menu_shows_an_error_and_does_not_start(hello_bot: str) -> None:
    app = open_app(PlayOptions(step_delay=0, seed=1))
    layout = menu_layout(size_of(app))
    key(pygame.K_3)                                         # demo
    frames(app)
    scene = app.manager.active
    assert isinstance(scene, MenuScene)
    for _ in range(3):                                      # seat 4: random -> heuristic -> mc -> bot
        click(layout.kinds[3].center)
    frames(app)
    assert scene.level_of(3) == "bot"
    click(layout.start.center)                              # no command yet
    frames(app)
    assert app.manager.active is scene
    assert scene.error.startswith("Seat 4: type the bot's command")
    assert scene.focused_name == 3
    type_text("no-such-program-here --fast")
    frames(app)
    assert scene.error == ""                                # typing clears it
    key(pygame.K_RETURN)
    click(layout.start.center)
    frames(app)
    assert app.manager.active is scene
    assert "program 'no-such-program-here' not found" in scene.error
    click(layout.names[3].center)
    type_text(" 'unbalanced")
    click(layout.start.center)
    frames(app)
    assert app.manager.active is scene and "quotation" in scene.error
    assert running_bot_pids() == []
    scene.commands["demo"][3] = ""
    click(layout.names[3].center)
    type_text(hello_bot)
    click(layout.start.center)
    frames(app)
    session = table(app).session
    assert session is not None
    assert [s.kind for s in session.seats] == ["random", "random", "random", "bot:" + hello_bot]
    assert session.seats[3].name == "hello bot"
    assert len(running_bot_pids()) == 1
    pygame.event.post(pygame.event.Event(pygame.QUIT))     # the window is closed mid-game
    frames(app)
    key(pygame.K_y)                                        # and the question answered: close
    frames(app)
    assert app.exit_code == 1
    assert running_bot_pids() == []


@pytest.mark.slow
@needs("psutil")
def test_run_app_closes_every_bot_and_reports_a_bad_command(capsys: pytest.CaptureFixture[str],
                                                             hello_bot: str, tmp_path: Path) -> None:
    code = run_app(PlayOptions(mode="demo", seed=4, step_delay=0, exit_at_end=True, record=tmp_path / "g.jsonl",
                               kinds=("bot:" + hello_bot, "bot-phase-last:" + EXAMPLE_BOT + " --phase-last",
                                      "heuristic", "random")))
    assert code == 0
    assert running_bot_pids() == []
    record = read_records(tmp_path / "g.jsonl")[0]
    assert [p.name for p in record.players] == ["hello bot", "heuristic_bot", "AI 3", "AI 4"]
    code = run_app(PlayOptions(mode="demo", kinds=("bot:no-such-program-here", "random", "random", "random")))
    assert code == 2
    assert "program 'no-such-program-here' not found" in capsys.readouterr().err
