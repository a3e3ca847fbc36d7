"""Issue 44: the warm-up on a real phone - headless Chromium at 360x740 joins a class's room during
its warm-up, answers a card puzzle and a row puzzle, gets each verdict, and is back in the lobby
after the last; the status line says each verdict and the verdict's why is on the first screen (issue
49); axe-core's WCAG 2.1 A and AA rules pass on the puzzle and verdict states, every
control is at least 44x44 CSS px, and the browser keeps the key the room gave it for the class.
``SIXTAKES_SHOTS=DIR`` keeps a screenshot of each state."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_class_browser import BROWSER_MARKS, Shots, _async, by_testid, open_phone, status, wait
from test_class_predict_browser import audit
from tests.support.app_helpers import key
from tests.support.class_helpers import Background, close_app, open_class_app, run_until
from tests.support.puzzle_positions import card_puzzle, row_puzzle

from game.puzzles.themes import themes_line
from store.history import open_history
from store.puzzles import add_puzzles
from scenes.classroom.lobby import LobbyScene
from scenes.classroom.warmup import WarmupScene
from scenes.model.language import translations, use_language

pytestmark = BROWSER_MARKS


@pytest.mark.parametrize("code", ["en", "fr"])
def test_a_phone_answers_the_warm_ups_puzzles_and_each_state_is_accessible(code: str, tmp_path: Path) -> None:
    use_language(code)
    t = translations(code).gettext
    with open_history(import_legacy=False) as history:
        add_puzzles(history, [card_puzzle(), row_puzzle()])
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path) / f"warmup-{code}")
    shots.folder.mkdir(parents=True, exist_ok=True)
    app = open_class_app(None, puzzles=2, class_name="7b", seed=1, report_dir=tmp_path / "reports")  # type: ignore[arg-type]
    lesson = app.screens.lesson
    assert lesson is not None and isinstance(app.manager.active, WarmupScene)
    url = f"http://127.0.0.1:{lesson.server.port}"
    answered = [threading.Event(), threading.Event()]
    looked = [threading.Event(), threading.Event()]
    """The phone answered the puzzle; it read its verdict (the teacher moves on after that)."""
    seen: dict[str, Any] = {"problems": []}
    drivers: list[Any] = []

    def look(driver: Any, state: str) -> None:
        shots.take(driver, state)
        seen["problems"] += audit(driver, state)

    def phone() -> None:
        driver = open_phone(Path(tempfile.mkdtemp(prefix="warmup-phone-", dir=tmp_path)))
        drivers.append(driver)
        driver.get(url + "/?code=TEST")
        wait(driver, lambda: by_testid(driver, "join").is_displayed())
        by_testid(driver, "name").send_keys("Ana")
        by_testid(driver, "join").click()
        for step in range(2):
            wait(driver, lambda s=step: by_testid(driver, "warmup").is_displayed() and driver.execute_script(
                "return state && state.puzzle && state.ask === 'puzzle' ? state.puzzle.number : 0") == s + 1)
            kind = driver.execute_script("return state.puzzle.kind")
            seen[kind] = {"question": by_testid(driver, "puzzle-question").text}
            look(driver, f"{2 * step + 1}-{kind}-puzzle")
            if kind == "card":
                cards = driver.find_elements("css selector", 'button[data-testid^="puzzle-card-"]')
                seen[kind]["answer"] = int(cards[0].get_attribute("data-testid").rsplit("-", 1)[1])
                cards[0].click()
                wait(driver, lambda: not driver.find_elements("css selector", 'button[data-testid^="puzzle-card-"]'
                                                                           ':enabled'))
            else:
                by_testid(driver, "puzzle-row-3").click()  # the best: row 4
                wait(driver, lambda: not driver.find_elements("css selector", 'button[data-testid^="puzzle-row-"]'))
            seen[kind]["waiting"] = status(driver)
            answered[step].set()
            wait(driver, lambda: by_testid(driver, "puzzle-verdict").is_displayed())
            driver.execute_script("window.scrollTo(0, 0)")
            seen[kind]["verdict"] = status(driver)
            seen[kind]["why"] = by_testid(driver, "puzzle-verdict").text
            seen[kind]["below"] = driver.execute_script(  # how far under the first screen the verdict ends
                "return document.querySelector('[data-testid=puzzle-verdict]').getBoundingClientRect().bottom"
                " - window.innerHeight")
            look(driver, f"{2 * step + 2}-{kind}-verdict")
            looked[step].set()
        wait(driver, lambda: by_testid(driver, "lobby").is_displayed())
        seen["after"] = by_testid(driver, "warmup").is_displayed()
        seen["key"] = driver.execute_script("return Object.entries(localStorage).filter(([k]) => "
                                            "k.startsWith('sixtakes-student-'))")

    background = Background(_async(phone))
    try:
        for step in range(2):
            for event in (answered[step], looked[step]):
                run_until(app, lambda e=event: e.is_set() or not background.thread.is_alive(), seconds=120)
                if not background.thread.is_alive():
                    background.join(1)  # (raises what stopped the phone)
                key(pygame.K_SPACE)  # the class's answers (the verdicts); then the next puzzle, or the lobby
        run_until(app, lambda: isinstance(app.manager.active, LobbyScene))
        run_until(app, lambda: not background.thread.is_alive(), seconds=60)
        background.join(10)
    finally:
        for driver in drivers:
            driver.quit()
        app.screens.end_lesson()
        close_app()
    card, row = seen["card"], seen["row"]
    assert card["question"] == t("What would you play?")
    assert card["waiting"] == t("You chose {card}: wait for the teacher to show the answers").format(card=card["answer"])
    assert row["waiting"] == t("You chose row {row}: wait for the teacher to show the answers").format(row=4)
    right, wrong = "\u2714 ", "\u2718 "  # a mark and a word, not a colour alone
    assert row["verdict"] == right + t("Right! Row {row} was the best choice").format(row=4)  # the status says it
    assert card["verdict"].startswith(right if card["answer"] == card_puzzle().best else wrong)
    assert card["verdict"] != card["waiting"] and row["verdict"] != row["waiting"]
    for judged in (card, row):  # issue 49: the verdict and its why on the first screen at 360x740
        assert judged["why"].startswith(t("Why")) and judged["below"] <= 0, judged
    use_language(code)
    assert card["why"].endswith(themes_line(card_puzzle())) and row["why"].endswith(themes_line(row_puzzle()))
    assert t("Themes: {themes}").split("{")[0] in card["why"]  # what the puzzle teaches, in the phone's language
    assert seen["after"] is False
    [(name, value)] = seen["key"]
    assert value == lesson.server.room.students.key_of(lesson.server.room.secrets_of_seats()[0])
    assert name == "sixtakes-student-" + lesson.server.room.students.tag and lesson.server.room.students.tag
    assert seen["problems"] == []
