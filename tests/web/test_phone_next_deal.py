"""After a game, the next deal: a real Chromium phone (360x740) plays a one-table class game with
predictions and reviews, reads its final scores and its review, and when the teacher presses
New deal on the projector its new hand and the question come first - the last game's review and
verdict folded under one link - in English and German (issue 38, item 7; issue 41, items 8-9).

Skipped where Chromium or its driver is absent (see ``test_class_browser.py``).  Set
``SIXTAKES_SHOTS=DIR`` to keep a screenshot of each state.
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
import pytest
from tests.support.app_helpers import key
from tests.support.class_helpers import CODE, Background, close_app, lobby_of, open_class_app, run_until, url_of
from test_class_browser import (
    BROWSER_MARKS,
    PHONE,
    Shots,
    _async,
    by_testid,
    enabled_cards,
    open_phone,
    row_buttons,
    status,
    wait,
)

from classroom.simclient import SimClient
from scenes.classroom.table import ClassTableScene
from scenes.classroom.table_results import ClassResultsScene
from scenes.model.language import translations, use_language

pytestmark = BROWSER_MARKS

PLACES = """
const shown = (node) => node !== null && node.getClientRects().length > 0;
const box = (id) => { const node = document.getElementById(id);
  return shown(node) ? node.getBoundingClientRect().toJSON() : null; };
const cards = [...document.querySelectorAll('#hand .card')].map((node) => node.getBoundingClientRect().bottom);
return {height: window.innerHeight, scrolled: window.scrollY, hand: cards.length ? Math.max(...cards) : null,
        cards: cards.length, status: box('status'), scores: box('scores'), scoresTitle: box('scores-title'),
        review: box('review'), verdict: box('verdict'), lastGame: box('last-game'), rows: box('rows'),
        lastGameOpen: !!document.getElementById('last-game') && document.getElementById('last-game').open,
        reviewFolded: !!document.getElementById('review').closest('details')};
"""
"""Where the parts of the page are now (CSS px from the top of the screen; ``None``: not shown)."""
GUESS_LINES = """
return [...document.querySelectorAll('.guess')].filter((b) => b.getClientRects().length).map((button) => {
  const range = document.createRange();
  range.selectNodeContents(button);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return [button.textContent, lines.size, button.scrollWidth <= button.clientWidth];
});
"""
"""Each guess button's text, on how many lines it is drawn, and whether it fits its button."""


def phone_language(code: str) -> Any:
    use_language(code)
    return translations(code).gettext


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_next_deal_puts_the_new_hand_first_and_folds_the_last_review(code: str, tmp_path: Path) -> None:
    t = phone_language(code)
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path) / f"next-deal-{code}")
    shots.folder.mkdir(parents=True, exist_ok=True)
    app = open_class_app(tmp_path / "class.jsonl", seed=11, predict=True, predict_seconds=30, reviews=True,
                         step_delay=0.05)
    url = url_of(app)
    seen: dict[str, Any] = {"guesses": []}
    first_over, dealt_again = threading.Event(), threading.Event()
    rng = random.Random(3)
    drivers: list[Any] = []

    def ana() -> None:
        driver = open_phone(Path(tempfile.mkdtemp(prefix="next-deal-", dir=tmp_path)))
        drivers.append(driver)
        driver.get(url + "/?code=" + CODE)
        wait(driver, lambda: by_testid(driver, "join").is_displayed())
        by_testid(driver, "name").send_keys("Ana")
        by_testid(driver, "join").click()
        wait(driver, lambda: by_testid(driver, "me").text)
        play_game(driver, first=True)
        wait(driver, lambda: by_testid(driver, "review").get_attribute("data-ready") == "true", seconds=300)
        driver.execute_script("window.scrollTo(0, 0)")
        seen["over"] = driver.execute_script(PLACES)
        shots.take(driver, "1-game-over")
        first_over.set()
        wait(driver, lambda: driver.execute_script("return !!state && state.phase === 'playing'"), seconds=120)
        wait(driver, lambda: enabled_cards(driver) or guess_asked(driver), seconds=120)
        seen["again"] = driver.execute_script(PLACES)
        seen["again_status"] = status(driver)
        seen["last_game"] = by_testid(driver, "last-game").text
        shots.take(driver, "2-next-deal")
        dealt_again.set()

    def guess_asked(driver: Any) -> bool:
        return bool(driver.execute_script("return !!state && state.ask === 'predict'")) \
            and by_testid(driver, "guess-0").is_enabled()

    def play_game(driver: Any, first: bool) -> None:
        """Answer what the page asks until the game is over."""
        from selenium.common.exceptions import StaleElementReferenceException

        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                if driver.execute_script("return !!state && state.phase === 'over'"):
                    return
                if guess_asked(driver):
                    seen["guesses"].append(driver.execute_script(GUESS_LINES))
                    shots.take(driver, "0-predict")
                    by_testid(driver, f"guess-{rng.randrange(5)}").click()
                elif rows := row_buttons(driver):
                    rows[0].click()
                elif cards := enabled_cards(driver):
                    cards[0].click()
            except StaleElementReferenceException:
                pass  # redrawn under us: look again
            time.sleep(0.03)
        raise AssertionError(f"the game did not end; status {status(driver)!r}")

    phone = Background(_async(ana))
    run_until(app, lambda: lobby_of(app).room.taken_seats() == (0,) or not phone.thread.is_alive(), seconds=120)
    ben = SimClient(url, CODE, "Ben", rng=random.Random(7))
    others = _play_on(ben)
    run_until(app, lambda: ben.token is not None, seconds=60)
    lobby_of(app).start()
    try:
        run_until(app, lambda: isinstance(app.manager.active, ClassTableScene))
        run_until(app, lambda: first_over.is_set() and isinstance(app.manager.active, ClassResultsScene)
                  or not phone.thread.is_alive(), seconds=400, dt=None)
        key(pygame.K_p)  # New deal: the same room, the phones in their seats
        run_until(app, lambda: dealt_again.is_set() or not phone.thread.is_alive(), seconds=200, dt=None)
        phone.join(10)
    finally:
        for driver in drivers:
            driver.quit()
        app.screens.end_lesson()
        close_app()
        others.join(30)
    over, again = seen["over"], seen["again"]
    # The game is over: the final scores are where the eye is, the review follows.
    assert over["scoresTitle"]["top"] < over["height"] and over["scores"]["bottom"] <= over["height"], over
    assert over["scores"]["top"] < over["review"]["top"], "the scores first, then the review"
    # The next deal: the new hand (two rows of five) and the question on screen, the review folded.
    assert again["scrolled"] == 0 and again["cards"] == 10
    assert again["hand"] <= PHONE[1], f"the hand ends at {again['hand']} px on a {PHONE[1]} px screen"
    assert again["reviewFolded"] and not again["lastGameOpen"] and again["verdict"] is None
    assert again["lastGame"]["top"] > again["hand"], "the last game's link comes after the hand"
    assert seen["last_game"].strip() == t("Last game's review")
    assert seen["again_status"] in (t("Your turn: tap a card to play"), t("Predict: where does this card go?"))
    # German guess buttons: one line each, inside their button.
    assert seen["guesses"], "Ana was asked to predict"
    for label, lines, fits in seen["guesses"][0]:
        assert lines == 1 and fits, f"{label!r} takes {lines} lines"


def _play_on(client: SimClient) -> Background:
    """``client`` plays every deal until the room closes."""
    import aiohttp

    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            await client.run(session, until_over=False)
    return Background(main())
