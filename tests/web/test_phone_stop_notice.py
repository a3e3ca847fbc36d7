"""The teacher's computer stops the game and comes back: a real Chromium phone (360x740) plays a
class game that ``main.py class`` runs; the app is stopped (SIGTERM, close code 1012), and the
page says the game stopped and will come back - and keeps saying so while it tries again - with
no control that pretends to act; ``main.py class --resume --exit-at-end`` brings the same hand
back, the game ends, the app closes the phones with 1001 and the page stops trying (issue 38,
item 6).  In English and German.

Skipped where Chromium or its driver is absent (see ``test_class_browser.py``).  Set
``SIXTAKES_SHOTS=DIR`` to keep a screenshot of each state.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from tests.support.class_helpers import Background
from tests.support.waiting import eventually
from test_class_browser import (
    BROWSER_MARKS,
    Shots,
    by_testid,
    enabled_cards,
    hand,
    open_phone,
    row_buttons,
    status,
    wait,
)

from classroom.simclient import SimClient
from scenes.model.language import translations

pytestmark = BROWSER_MARKS

PROJECT = Path(__file__).resolve().parents[2]
CODE = "TEST"
COUNT_SOCKETS = """
window.sockets = {opened: 0, closes: []};
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(...args) {
    super(...args);
    window.sockets.opened += 1;
    this.addEventListener('close', (event) => window.sockets.closes.push(event.code));
  }
};
"""
"""Run in the page before its own script: every WebSocket it opens, and each one's close code."""
SOCKETS = "return window.sockets;"


def open_counting_phone(profile: Path) -> Any:
    driver = open_phone(profile)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SOCKETS})
    return driver


def start_app(args: list[str], data: Path) -> tuple[subprocess.Popen[str], int]:
    """``main.py class ARGS`` as a teacher runs it; its port, read from the line it prints."""
    import re

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data))
    app = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), "class", *args], cwd=PROJECT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert app.stdout is not None
    line = app.stdout.readline()
    found = re.search(r":(\d+)", line)
    assert found, (line, app.communicate(timeout=30))
    return app, int(found.group(1))


def raw_phone(client: SimClient) -> Background:
    """``client`` plays until its connection closes (whatever the close)."""
    async def run() -> None:
        async with aiohttp.ClientSession() as session:
            await client.run(session, until_over=False)
    return Background(run())


def play_a_card(driver: Any, until: Any) -> bool:
    """Wait until ``driver``'s page asks for a card (or a row), and tap its lowest (or the first);
    ``False`` once ``until()``."""
    from selenium.common.exceptions import WebDriverException

    def asked() -> Any:
        return "done" if until() else row_buttons(driver) or enabled_cards(driver)

    buttons = wait(driver, asked, seconds=90)
    if buttons == "done":
        return False
    try:
        buttons[0].click()
    except WebDriverException:
        pass  # redrawn under us: look again
    return True


def turn_of(driver: Any) -> int:
    return int(driver.execute_script("return state && state.type === 'state' ? state.turn : 0") or 0)


class Lesson:
    """``main.py class`` run as a teacher runs it (one table, Ana on a Chromium phone, Ben on a raw
    WebSocket), and whatever it started, ended at the end of the test."""

    def __init__(self, code: str, folder: Path) -> None:
        self.folder = folder
        self.common = ["--step-delay", "0", "--no-review", "--no-predict", "--lang", code]
        self.apps: list[subprocess.Popen[str]] = []
        self.ana = open_counting_phone(Path(tempfile.mkdtemp(prefix="stop-", dir=folder)))
        self.ben: SimClient | None = None
        self.playing: Background | None = None

    def start(self, *args: str) -> subprocess.Popen[str]:
        app, self.port = start_app([*args, *self.common], self.folder)
        self.apps.append(app)
        return app

    def join(self, page: str = "") -> None:
        """Ana joins through the page (as the QR code opens it; from ``page``, a proxy's address,
        if given), Ben from his phone."""
        url = f"http://127.0.0.1:{self.port}"
        ana = self.ana
        ana.get((page or url) + "/?code=" + CODE)
        wait(ana, lambda: by_testid(ana, "join").is_displayed())
        by_testid(ana, "name").send_keys("Ana")
        by_testid(ana, "join").click()
        wait(ana, lambda: by_testid(ana, "me").text)
        self.ben = SimClient(url, CODE, "Ben", rng=random.Random(2))
        self.ben_plays()

    def ben_plays(self) -> None:
        assert self.ben is not None
        self.playing = raw_phone(self.ben)

    def stop(self, app: subprocess.Popen[str]) -> None:
        """The teacher's computer stops with Ana asked for a card, turn 3 or later: the game is kept.
        (A row she must take first is taken: which cards she played depends on where her taps
        landed while the page redrew, so the turn may ask her for a row.)"""
        ana = self.ana
        while play_a_card(ana, until=lambda: turn_of(ana) >= 3 and bool(enabled_cards(ana))):
            pass
        app.send_signal(signal.SIGTERM)
        assert app.wait(60) == 128 + signal.SIGTERM
        assert self.playing is not None and self.ben is not None
        self.playing.join(30)
        assert self.ben.closed_with == 1012

    def close(self) -> None:
        self.ana.quit()
        for app in self.apps:
            if app.poll() is None:
                app.kill()
                app.communicate()


def stopped_notice(code: str) -> str:
    return translations(code).gettext("The teacher's computer stopped the game: it goes on when it comes back...")


def shots_for(name: str, tmp_path: Path) -> Shots:
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path) / name)
    shots.folder.mkdir(parents=True, exist_ok=True)
    return shots


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_stop_notice_stays_while_the_page_tries_again_and_no_control_pretends(code: str, tmp_path: Path) -> None:
    shots = shots_for(f"stop-{code}", tmp_path)
    lesson = Lesson(code, tmp_path)
    ana = lesson.ana
    try:
        first = lesson.start("--port", "0", "--code", CODE, "--start-at", "2", "--seed", "5")
        lesson.join()
        lesson.stop(first)
        # The notice stays while the page tries again and again to reach the stopped app.
        eventually(lambda: ana.execute_script(SOCKETS)["opened"] >= 3, seconds=60, pause=0.05)
        assert ana.execute_script(SOCKETS)["closes"][:2] == [1012, 1006]
        assert status(ana) == stopped_notice(code)
        assert ana.execute_script("return document.body.dataset.connection") == "stopped"
        # No control pretends to act: the hand is off, and a tap on a card says nothing was played.
        assert enabled_cards(ana) == [] and not ana.find_elements("css selector", "#hand .chosen")
        for card in ana.find_elements("css selector", "#hand .card"):
            ana.execute_script("arguments[0].disabled = false; arguments[0].click()", card)  # even if it were on
        assert status(ana) == stopped_notice(code) and not ana.find_elements("css selector", "#hand .chosen")
        shots.take(ana, "1-stopped")
    finally:
        lesson.close()


def test_class_resume_brings_the_page_back_to_its_hand(tmp_path: Path) -> None:
    shots = shots_for("resume-en", tmp_path)
    lesson = Lesson("en", tmp_path)
    ana = lesson.ana
    try:
        first = lesson.start("--port", "0", "--code", CODE, "--start-at", "2", "--seed", "5")
        lesson.join()
        lesson.stop(first)
        held = hand(ana)
        second = lesson.start("--resume", "--exit-at-end")
        lesson.ben_plays()
        wait(ana, lambda: enabled_cards(ana) and hand(ana) == held, seconds=60)
        assert status(ana) == "Your turn: tap a card to play"
        assert ana.execute_script("return document.body.dataset.connection") == "open"
        shots.take(ana, "2-back")
        while play_a_card(ana, until=lambda: second.poll() is not None):
            pass
        assert second.wait(60) == 0
    finally:
        lesson.close()


def test_a_game_that_ends_with_exit_at_end_closes_the_phones_for_good(tmp_path: Path) -> None:
    """``--exit-at-end``: the phones are closed with 1001 ("the game has ended"), and the page keeps
    the game's result and tries no more."""
    shots = shots_for("ended-en", tmp_path)
    lesson = Lesson("en", tmp_path)
    ana = lesson.ana
    try:
        app = lesson.start("--port", "0", "--code", CODE, "--start-at", "2", "--seed", "5", "--exit-at-end")
        lesson.join()
        while play_a_card(ana, until=lambda: app.poll() is not None):
            pass
        assert app.wait(60) == 0, app.communicate()[1]
        assert lesson.playing is not None and lesson.ben is not None
        lesson.playing.join(30)
        assert lesson.ben.closed_with == 1001
        wait(ana, lambda: ana.execute_script(SOCKETS)["closes"] == [1001])
        wait(ana, lambda: ana.execute_script("return document.body.dataset.connection") == "ended")
        assert ana.execute_script("return state.phase") == "over"  # the page keeps the game's result
        assert status(ana).startswith("Game over") and ana.execute_script(SOCKETS)["opened"] == 1
        shots.take(ana, "3-ended")
    finally:
        lesson.close()
