"""Students as students are: real headless Chromium windows at phone size (360x740)
play a whole class game through the page, one reloads mid-game, one watches.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them);
skipped with the reason where they are absent.  Set ``SIXTAKES_SHOTS=DIR`` to
keep a screenshot of every page state.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from tests.support.waiting import eventually

import pytest
from tests.support.class_helpers import (
    Background,
    close_app,
    game_finished,
    in_game,
    open_class_app,
    run_until,
    url_of,
)

from game.engine import Game
from game.record import parse_record
from game.rules import SNAP
from scenes.app import App

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.common.exceptions import (
        StaleElementReferenceException,
        WebDriverException,
    )
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
except ImportError:  # pragma: no cover - selenium is in requirements.txt
    webdriver = None  # type: ignore[assignment]

BROWSER_MARKS = [pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None or webdriver is None,
    reason="needs Chromium and its driver (Debian: apt-get install chromium chromium-driver)"), pytest.mark.slow]
"""Every browser test: skipped, saying why, without Chromium; in the slow tier."""
pytestmark = BROWSER_MARKS

PHONE = (360, 740)
NAMES = ("Ana", "Ben", "Celia", "David")


def open_phone(profile: Path) -> Any:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-extensions", f"--window-size={PHONE[0]},{PHONE[1]}",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {  # a phone's viewport, touch and all
        "deviceMetrics": {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 1.0, "touch": True}})
    return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))


def wait(driver: Any, condition: Callable[[], Any], seconds: float = 20.0) -> Any:
    try:
        return eventually(condition, seconds=seconds, pause=0.05,
                          ignoring=(StaleElementReferenceException, WebDriverException))
    except AssertionError:
        raise AssertionError(f"timed out; status: {status(driver)!r}") from None


def status(driver: Any) -> str:
    try:
        return driver.find_element(By.CSS_SELECTOR, '[data-testid="status"]').text
    except WebDriverException:
        return "?"


def by_testid(driver: Any, name: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{name}"]')


def hand(driver: Any) -> list[int]:
    cards = driver.find_elements(By.CSS_SELECTOR, '[data-testid^="hand-card-"]')
    return [int(card.get_attribute("data-testid").rsplit("-", 1)[1]) for card in cards]


def enabled_cards(driver: Any) -> list[Any]:
    return [card for card in driver.find_elements(By.CSS_SELECTOR, '[data-testid^="hand-card-"]')
            if card.is_enabled()]


def row_buttons(driver: Any) -> list[Any]:
    return driver.find_elements(By.CSS_SELECTOR, 'button[data-testid^="row-"]')


def play_to_the_end(app: App, background: Background, drivers: list[Any]) -> None:
    """Run the projector while the phones (driven by ``background``) play the game through,
    then close every browser and the app, whatever happened."""
    try:
        run_until(app, lambda: in_game(app) or not background.thread.is_alive(), seconds=120)
        run_until(app, lambda: game_finished(app) or not background.thread.is_alive(), seconds=180)
        app.run_frame(0.02)
        background.join(60)
    finally:
        for driver in drivers:
            driver.quit()
        close_app()


def seed_with_a_row_choice_for_ana() -> int:
    """A deal where Ana's lowest card is the lowest of all hands and lower than every row, so
    playing it (everyone plays their lowest first) makes Ana pick a row in turn 1."""
    for seed in range(10_000):
        game = Game(SNAP, 4, seed)
        lowest = [hand[0] for hand in game.hands]
        if lowest[0] == min(lowest) and lowest[0] < min(row[-1] for row in game.rows):
            return seed
    raise AssertionError("no such seed")


class Shots:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.taken: set[str] = set()

    def take(self, driver: Any, name: str) -> None:
        if name not in self.taken:
            self.taken.add(name)
            driver.save_screenshot(str(self.folder / f"phone-{name}.png"))


def test_four_phones_play_a_whole_game_one_reloads_one_watches(tmp_path: Path) -> None:
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path))
    shots.folder.mkdir(parents=True, exist_ok=True)
    record_file = tmp_path / "class.jsonl"
    seed = seed_with_a_row_choice_for_ana()
    app = open_class_app(record_file, seed=seed, start_at=4)
    url = url_of(app)
    profiles = Path(tempfile.mkdtemp(prefix="class-phones-", dir=tmp_path))
    drivers: list[Any] = []
    seen: dict[str, Any] = {"reloaded": False, "rows_taken": 0}

    def students() -> None:
        for index, name in enumerate((*NAMES, "Zoe")):
            driver = open_phone(profiles / name)
            drivers.append(driver)
            driver.get(url + "/?code=TEST" if index == 0 else url)  # the first scans the lobby's QR code
            wait(driver, lambda d=driver: by_testid(d, "join").is_displayed())
            if index == 0:
                shots.take(driver, "1-join")
                assert by_testid(driver, "code").get_attribute("value") == "TEST"  # nothing to type
            else:
                by_testid(driver, "code").send_keys("test")
            by_testid(driver, "name").send_keys(name)
            by_testid(driver, "join").click()
            wait(driver, lambda d=driver: by_testid(d, "me").text)
            if index == 0:
                wait(driver, lambda d=driver: "You are in" in status(d))
                shots.take(driver, "2-lobby")
        phones, watcher = drivers[:4], drivers[4]
        assert "watching" in by_testid(watcher, "me").text
        over = [False] * 4
        while not all(over):
            for seat, driver in enumerate(phones):
                if not over[seat]:
                    try:
                        over[seat] = act(seat, driver)
                    except StaleElementReferenceException:  # the page redrew under us: look again
                        pass
            time.sleep(0.02)
        shots.take(watcher, "7-spectator")
        seen["watcher_status"] = status(watcher)
        seen["watcher_hand"] = hand(watcher)
        seen["final"] = [status(driver) for driver in phones]

    def act(seat: int, driver: Any) -> bool:
        """One look at a phone: play, take a row, or note the state; whether its game is over."""
        text = status(driver)
        if text.startswith("Game over"):
            if seat == 0:
                shots.take(driver, "6-results")
            return True
        rows = row_buttons(driver)
        if rows:
            if seat == 0:
                shots.take(driver, "5-row-choice")
            rows[-1].click()
            seen["rows_taken"] += 1
            wait(driver, lambda: not row_buttons(driver))
            return False
        cards = enabled_cards(driver)
        if not cards:
            if seat == 0 and "Waiting for" in text:
                shots.take(driver, "4-waiting")
            return False
        if seat == 1 and not seen["reloaded"] and by_testid(driver, "turn").text.endswith("turn 3 of 7"):
            before = hand(driver)
            driver.refresh()  # the phone reloads: the same seat and hand come back
            wait(driver, lambda: hand(driver) == before and enabled_cards(driver), seconds=10)
            assert "Ben, seat 2" in by_testid(driver, "me").text
            seen["reloaded"] = True
            cards = enabled_cards(driver)
        if seat == 0:
            shots.take(driver, "3-choosing")
        cards[0].click()  # the lowest card
        return False

    background = Background(_async(students))
    play_to_the_end(app, background, drivers)
    assert seen["reloaded"] and seen["rows_taken"] >= 1
    record = parse_record(record_file.read_text().splitlines()[0])
    assert record.mode == "class" and record.seed == seed
    assert [(p.name, p.kind) for p in record.players] == [(name, "human") for name in NAMES]
    # Every phone played its lowest card each turn: the record says so.
    hands = [list(h) for h in record.rounds[0].deal.hands]
    for turn in record.rounds[0].turns:
        for seat, card in enumerate(turn.plays):
            assert card == min(hands[seat])
            hands[seat].remove(card)
    winners = [NAMES[seat] for seat in record.winners]
    for seat, final in enumerate(seen["final"]):
        assert final == ("Game over: you won!" if seat in record.winners else
                         f"Game over: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}"
                         if len(winners) <= 2 else final)
    assert seen["watcher_status"].startswith("Game over") and seen["watcher_hand"] == []


def _async(function: Callable[[], None]) -> Any:
    async def run() -> None:
        import asyncio

        await asyncio.get_running_loop().run_in_executor(None, function)
    return run()
