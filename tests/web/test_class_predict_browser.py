"""Issue 27: a whole class game with predictions, through real phones.

Two headless Chromium phones (360x740) and six raw-WebSocket phones (two more seats, four
watchers) predict every placement; each page state the Chromium phone passes through (join,
lobby, card asked, waiting, row asked, predict, verdict, game over, review) is audited with axe-core's
WCAG 2.1 A and AA rules, and every control is at least 44x44 CSS px.  ``SIXTAKES_SHOTS=DIR``
keeps a screenshot of each state.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from tests.support.class_helpers import CODE, Background, open_class_app, play_clients, run_until, url_of
from test_class_browser import (
    BROWSER_MARKS,
    Shots,
    _async,
    by_testid,
    enabled_cards,
    open_phone,
    play_to_the_end,
    row_buttons,
    seed_with_a_row_choice_for_ana,
    status,
    wait,
)

from classroom.simclient import SimClient
from game.predict import answer_of, question_of
from scenes.classroom.table import ClassTableScene
from scenes.model.language import translations, use_language

pytestmark = BROWSER_MARKS

try:
    from axe_core_python.selenium import Axe  # axe-core 4 (its WCAG 2.1 rules), for Selenium
except ImportError:  # pragma: no cover - in requirements.txt
    Axe = None

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
SMALL_CONTROLS = """
return [...document.querySelectorAll('button, a[href], input')].filter((node) => {
  const box = node.getBoundingClientRect();
  return node.offsetParent !== null && (box.width < 44 || box.height < 44);
}).map((node) => (node.dataset.testid || node.id || node.tagName) + ' ' + Math.round(node.getBoundingClientRect().width)
  + 'x' + Math.round(node.getBoundingClientRect().height));
"""


def audit(driver: Any, state: str) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now, and controls under 44x44 px."""
    problems = [f"{state}: {size} is under 44x44 px" for size in driver.execute_script(SMALL_CONTROLS)]
    if Axe is not None:
        driver.set_script_timeout(120)
        results = Axe().run(driver, options=WCAG)
        problems += [f"{state}: {violation['id']} ({len(violation['nodes'])}: "
                     f"{violation['nodes'][0]['target']})" for violation in results["violations"]]
    return problems


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_class_predicts_every_placement_on_real_phones_and_every_page_state_is_accessible(
        code: str, tmp_path: Path) -> None:
    use_language(code)
    t = translations(code).gettext
    in_lobby = t("You are in! Wait for the teacher to start")
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path) / code)
    shots.folder.mkdir(parents=True, exist_ok=True)
    seed = seed_with_a_row_choice_for_ana()
    app = open_class_app(tmp_path / "class.jsonl", seed=seed, predict=True, predict_seconds=300, step_delay=0.3,
                         reviews=True)
    url = url_of(app)
    profiles = Path(tempfile.mkdtemp(prefix="predict-phones-", dir=tmp_path))
    drivers: list[Any] = []
    audited: dict[str, list[str]] = {}
    guesses: list[dict[tuple[int, int, int], int]] = [{}, {}]
    verdicts: list[list[str]] = [[], []]

    def look(driver: Any, state: str) -> None:
        if state not in audited:
            shots.take(driver, state)
            audited[state] = audit(driver, state)

    def join(name: str) -> Any:
        driver = open_phone(profiles / name)
        drivers.append(driver)
        driver.get(url + "/?code=" + CODE)
        wait(driver, lambda: by_testid(driver, "join").is_displayed())
        if name == "Ana":
            look(driver, "1-join")
        by_testid(driver, "name").send_keys(name)
        by_testid(driver, "join").click()
        wait(driver, lambda: status(driver) == in_lobby)
        if name == "Ana":
            look(driver, "2-lobby")
        return driver

    def act(seat: int, driver: Any, rng: random.Random) -> bool:
        """One look at a phone: predict, take a row, play; whether its game is over."""
        if driver.execute_script("return !!state && state.type === 'state' && state.phase === 'over'"):
            if seat != 0:
                return True
            look(driver, "8-game-over")
            review = by_testid(driver, "review")
            if review.get_attribute("data-ready") != "true":
                return False  # (progress: the review fills in)
            driver.execute_script("arguments[0].scrollIntoView()", review)
            look(driver, "9-review")
            return True
        asked = driver.execute_script("return state && state.ask === 'predict' ? state.predict : null")
        if asked is not None and by_testid(driver, "guess-0").is_enabled():
            if seat == 0:
                look(driver, "6-predict")
            guess = rng.randrange(5)
            guesses[seat][(asked["round"], asked["turn"], asked["card"])] = guess
            by_testid(driver, f"guess-{guess}").click()
            return False
        verdict = by_testid(driver, "verdict")
        if verdict.is_displayed() and (not verdicts[seat] or verdicts[seat][-1] != verdict.text):
            verdicts[seat].append(verdict.text)
            if seat == 0:
                look(driver, "7-verdict")
        rows = row_buttons(driver)
        if rows:
            if seat == 0:
                look(driver, "5-row-asked")
            rows[0].click()
            return False
        cards = enabled_cards(driver)
        if cards:
            if seat == 0:
                look(driver, "3-card-asked")
            cards[0].click()  # the lowest: Ana takes a row in turn 1
            if seat == 0:  # (Ben has not played yet: Ana waits for him)
                look(driver, "4-waiting")
        return False

    def students() -> None:
        from selenium.common.exceptions import StaleElementReferenceException

        phones = [join("Ana"), join("Ben")]
        rngs = [random.Random(1), random.Random(2)]
        over = [False, False]
        deadline = time.monotonic() + 300
        while not all(over) and time.monotonic() < deadline:
            for seat, driver in enumerate(phones):
                if not over[seat]:
                    try:
                        over[seat] = act(seat, driver, rngs[seat])
                    except StaleElementReferenceException:  # redrawn under us: look again
                        pass
            time.sleep(0.02)

    background = Background(_async(students))
    run_until(app, lambda: len(drivers) == 2 and status(drivers[1]) == in_lobby or not background.thread.is_alive(),
              seconds=120)
    others = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Cem", "Dia"))]
    seated = play_clients(others)
    run_until(app, lambda: all(phone.token for phone in others))
    watchers = [SimClient(url, CODE, name, rng=random.Random(20 + i), play=False)
                for i, name in enumerate(("Eli", "Fay", "Gil", "Hal"))]
    watching = play_clients(watchers)
    run_until(app, lambda: all(phone.token for phone in watchers))
    from tests.support.class_helpers import lobby_of

    lobby_of(app).start()
    run_until(app, lambda: isinstance(app.manager.active, ClassTableScene))
    session = app.manager.active.class_session  # type: ignore[attr-defined]
    # The projector runs on (the results screen sends the reviews) until the phones are done.
    run_until(app, lambda: not background.thread.is_alive(), seconds=400, dt=None)
    play_to_the_end(app, background, drivers)
    seated.join(30)
    watching.join(30)

    placements = {question_of(state.placement): state.placement for state in session.table.states}
    truth = {(q.round + 1, q.turn + 1, q.card): answer_of(p) for q, p in placements.items()}
    standings = {name: (right, asked) for name, right, asked in session.predictions.standings()}
    for phone in watchers:  # every placement, and each told right or wrong as the engine placed it
        assert len(phone.guesses) == 28
        for verdict in phone.verdicts:
            key = (verdict["round"], verdict["turn"], verdict["card"])
            assert verdict["answer"] == truth[key]
            assert verdict["right"] == (phone.guesses[(None, *key)] == truth[key])
    for name, mine, shown in zip(("Ana", "Ben"), guesses, verdicts):
        assert len(mine) >= 26  # every placement but those where they took a row
        right = sum(1 for key, guess in mine.items() if truth[key] == guess)
        assert standings[name] == (right, len(mine))
        right = "\u2714 " + t("Right: {name}'s {card} went to row {row}").split("{")[0]
        wrong = "\u2718 " + t("Not quite: {name}'s {card} went to row {row}").split("{")[0]
        assert shown and all(line.startswith((right, wrong)) for line in shown), shown  # a mark and a word
    assert set(audited) == {"1-join", "2-lobby", "3-card-asked", "4-waiting", "5-row-asked", "6-predict",
                            "7-verdict", "8-game-over", "9-review"}, sorted(audited)
    problems = [problem for found in audited.values() for problem in found]
    assert problems == [], problems
