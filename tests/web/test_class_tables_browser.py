"""A room of many tables with real phones: two headless Chromium windows at 360x740 join
with 14 simulated phones, play their table to its end through the page, and show their rank
in the class.

Needs Debian's ``chromium`` and ``chromium-driver`` (as ``test_class_browser.py``); set
``SIXTAKES_SHOTS=DIR`` to keep a screenshot of each page state.
"""

from __future__ import annotations

import os
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pygame
from tests.support.app_helpers import key
from tests.support.class_helpers import CODE, Background, close_app, open_class_app, run_until, url_of
from test_class_browser import (
    BROWSER_MARKS,
    Shots,
    by_testid,
    enabled_cards,
    open_phone,
    row_buttons,
    status,
    wait,
)
from tests.classgame.test_class_tables import expected_standings, join_in_order

from classroom.simclient import SimClient
from game.record import read_records
from scenes.classroom.room_results import RoomResultsScene

pytestmark = BROWSER_MARKS


PHONE_HEIGHT = 740
FITS = """
const bottom = (node) => node.getBoundingClientRect().bottom;
const cards = [...document.querySelectorAll('#hand .card')];
return {height: window.innerHeight, hand: Math.max(...cards.map(bottom)), rows: bottom(document.getElementById('rows')),
        status: bottom(document.getElementById('status')), scrolled: window.scrollY};
"""
SCORES_TOP = "return document.getElementById('scores-title').getBoundingClientRect().top;"


def play_through(driver: Any) -> None:
    """Tap a card when asked, a row when asked, until the page shows the rank in the class."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        try:
            if by_testid(driver, "rank").is_displayed():
                return
            rows, cards = row_buttons(driver), enabled_cards(driver)
            if rows:
                rows[0].click()
            elif cards:
                cards[0].click()
        except (StaleElementReferenceException, WebDriverException):
            pass  # the page redrew under us: look again
        time.sleep(0.05)
    raise AssertionError(f"no rank shown; status: {status(driver)!r}")


def test_two_real_phones_play_their_table_in_a_room_of_many_and_see_their_rank(tmp_path: Path) -> None:
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path))
    shots.folder.mkdir(parents=True, exist_ok=True)
    record = tmp_path / "lesson.jsonl"
    app = open_class_app(record, tables=0, step_delay=0.05, seed=404)
    url = url_of(app)
    clients = [SimClient(url, CODE, f"Student {i + 1}", rng=random.Random(i)) for i in range(14)]
    phones = join_in_order(clients)
    run_until(app, lambda: all(client.token for client in clients), seconds=60)
    profiles = Path(tempfile.mkdtemp(prefix="class-phones-", dir=tmp_path))
    drivers: list[Any] = []
    seen: dict[str, Any] = {}
    lobby_seen = threading.Event()

    def students() -> None:
        for name in ("Ana", "Ben"):
            driver = open_phone(profiles / name)
            drivers.append(driver)
            driver.get(url + "/?code=" + CODE)
            wait(driver, lambda d=driver: by_testid(d, "join").is_displayed())
            by_testid(driver, "name").send_keys(name)
            by_testid(driver, "join").click()
            wait(driver, lambda d=driver: "splits the class into tables" in status(d))
        wait(drivers[0], lambda: len(drivers[0].find_elements("css selector", "#lobby-players li")) == 16)
        shots.take(drivers[0], "tables-1-lobby")
        seen["lobby"] = [item.text for item in drivers[0].find_elements("css selector", "#lobby-players li")]
        seen["me"] = by_testid(drivers[0], "me").text
        lobby_seen.set()
        wait(drivers[0], lambda: by_testid(drivers[0], "turn").text.startswith("Table"))
        wait(drivers[0], lambda: enabled_cards(drivers[0]))
        shots.take(drivers[0], "tables-2-card-asked")
        seen["turn"] = by_testid(drivers[0], "turn").text
        seen["fit"] = drivers[0].execute_script(FITS)
        by_testid(drivers[0], "to-scores").click()  # the scores, one tap away
        wait(drivers[0], lambda: 0 <= drivers[0].execute_script(SCORES_TOP) < PHONE_HEIGHT - 40)
        drivers[0].execute_script("window.scrollTo(0, 0)")
        background = [Background(_play(driver)) for driver in drivers]
        for played in background:
            played.join(240)
        shots.take(drivers[0], "tables-3-rank")
        seen["ranks"] = [by_testid(driver, "rank").text for driver in drivers]

    browsers = Background(_run(students))
    try:
        run_until(app, lambda: lobby_seen.is_set() or not browsers.thread.is_alive(), seconds=120)
        key(pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene) or not browsers.thread.is_alive(),
                  seconds=300, dt=None)
        run_until(app, lambda: not browsers.thread.is_alive(), seconds=300, dt=None)
        browsers.join(10)
        run_until(app, lambda: isinstance(app.manager.active, RoomResultsScene), seconds=60, dt=None)
        results = app.manager.active
        assert isinstance(results, RoomResultsScene)
        key(pygame.K_ESCAPE)
        app.run_frame(0.02)
        phones.join(30)
    finally:
        for driver in drivers:
            driver.quit()
        close_app()
    assert seen["lobby"][-2:] == ["Ana", "Ben"] and seen["me"] == "You are Ana (room TEST)"
    assert seen["turn"].startswith("Table 4 - turn ")
    fit = seen["fit"]  # a card is asked: the rows, who is waiting and the whole hand fit the phone's screen
    assert fit["height"] == PHONE_HEIGHT and fit["scrolled"] == 0
    assert max(fit["hand"], fit["rows"], fit["status"]) <= PHONE_HEIGHT, fit
    records = read_records(record)
    assert sorted(r.table for r in records) == [1, 2, 3, 4]
    standings = {name: (points, rank) for name, points, rank in expected_standings(records)}
    assert [(s.name, s.points, s.rank) for s in results.standings] == expected_standings(records)
    for name, text in zip(("Ana", "Ben"), seen["ranks"]):
        assert text.startswith(f"Your rank in the class: {standings[name][1]} of 16")


async def _run(work: Any) -> None:
    import asyncio

    await asyncio.get_running_loop().run_in_executor(None, work)


async def _play(driver: Any) -> None:
    await _run(lambda: play_through(driver))
