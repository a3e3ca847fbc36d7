"""The phone page speaks the class's language: two real headless Chromium phones (360x740) play a
class game the app runs in German, and every text they show is the German catalog's.

Skipped where Chromium or its driver is absent (see ``test_class_browser.py``).  Set
``SIXTAKES_SHOTS=DIR`` to keep a screenshot of every page state, and
``SIXTAKES_PHONE_LANGS=de,tr,fr`` to play the same game in other languages too.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from tests.support.class_helpers import Background, close_app, lobby_of, open_class_app, run_until, url_of
from test_class_browser import (
    BROWSER_MARKS,
    By,
    Shots,
    StaleElementReferenceException,
    _async,
    by_testid,
    enabled_cards,
    hand,
    open_phone,
    play_to_the_end,
    row_buttons,
    seed_with_a_row_choice_for_ana,
    status,
    wait,
)

from classroom.phone_words import PHONE_TEXTS
from game.record import parse_record
from game.i18n import LANGUAGES
from scenes.model.language import translations, use_language

pytestmark = BROWSER_MARKS

LONG_NAME = "Maximilianbenediktalexan"
"""Ben's name: 24 letters without a break, which must wrap on a phone like any long word."""
LANGS = [code for code in os.environ.get("SIXTAKES_PHONE_LANGS", "de").split(",") if code in LANGUAGES]


def fits_the_phone(driver: Any) -> bool:
    """Nothing wider than the phone: long words wrap instead of making the page scroll sideways."""
    return bool(driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
        " && [...document.querySelectorAll('body *')].every("
        "   (e) => e.getBoundingClientRect().right <= window.innerWidth + 0.5)"))


@pytest.mark.parametrize("code", LANGS)
def test_two_phones_play_a_game_in_the_class_language(code: str, tmp_path: Path) -> None:
    use_language(code)
    words = translations(code)
    t = words.gettext
    assert code == "en" or t("Your turn: tap a card to play") != "Your turn: tap a card to play", \
        "the catalog must translate the page"
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path))
    shots.folder.mkdir(parents=True, exist_ok=True)
    seed = seed_with_a_row_choice_for_ana()
    app = open_class_app(tmp_path / "class.jsonl", seed=seed, start_at=2)
    url = url_of(app)
    profiles = Path(tempfile.mkdtemp(prefix="class-phones-", dir=tmp_path))
    drivers: list[Any] = []
    seen: dict[str, Any] = {"states": set(), "overflow": []}

    def shot(driver: Any, name: str) -> None:
        if not fits_the_phone(driver):
            seen["overflow"].append(name)
        shots.take(driver, f"{code}-{name}")
        seen["states"].add(name)

    def students() -> None:
        ana, ben = (open_phone(profiles / name) for name in ("Ana", "Ben"))
        drivers.extend((ana, ben))
        ana.get(url)
        wait(ana, lambda: by_testid(ana, "join").is_displayed())
        # The page's own words, its language, and a refusal from the server: all the class's.
        assert ana.execute_script("return document.documentElement.lang") == code
        assert ana.title == t("6 Takes! - class game")
        assert by_testid(ana, "join").text == t("Join the game")
        assert by_testid(ana, "name").get_attribute("placeholder") == t("e.g. Ana")
        labels = [label.text for label in ana.find_elements(By.CSS_SELECTOR, "label")]
        assert labels == [t("Room code"), t("Your name")]
        assert status(ana) == t("Type the room code and your name")
        by_testid(ana, "code").send_keys("nope")
        by_testid(ana, "name").send_keys("Ana")
        by_testid(ana, "join").click()
        wait(ana, lambda: by_testid(ana, "join-error").text == t("wrong room code"))
        shot(ana, "1-join-error")
        by_testid(ana, "code").clear()
        by_testid(ana, "code").send_keys("test")
        by_testid(ana, "join").click()
        wait(ana, lambda: status(ana) == t("You are in! Wait for the teacher to start"))
        assert by_testid(ana, "me").text == t("You are {name}, seat {seat} (room {code})").format(
            name="Ana", seat=1, code="TEST")
        assert by_testid(ana, "lobby-seat-1").text == t("(free: an AI plays it)")
        shot(ana, "2-lobby")
        ben.get(url)
        wait(ben, lambda: by_testid(ben, "join").is_displayed())
        by_testid(ben, "code").send_keys("test")
        by_testid(ben, "name").send_keys(LONG_NAME)
        by_testid(ben, "join").click()
        over = {"ana": False, "ben": False}
        while not all(over.values()):
            try:
                over["ana"] = over["ana"] or play_ana(ana)
                over["ben"] = over["ben"] or play_ben(ben, ana)
            except StaleElementReferenceException:  # the page redrew under us: look again
                pass
            time.sleep(0.02)
        seen["final"] = status(ana)
        seen["scores_title"] = by_testid(ana, "scores-title").text
        seen["scores"] = [item.text for item in ana.find_elements(By.CSS_SELECTOR, '[data-testid^="score-"]')]

    def play_ana(ana: Any) -> bool:
        text = status(ana)
        if by_testid(ana, "scores-title").text == t("Final scores"):
            shot(ana, "6-game-over")
            return True
        rows = row_buttons(ana)
        if rows:
            assert by_testid(ana, "ask").text == t("Tap the row you take: its cards are your penalty points.")
            seen["row_status"] = text
            seen["row_card"] = seen["played"]
            shot(ana, "5-row-choice")
            rows[-1].click()
            wait(ana, lambda: not row_buttons(ana))
            return False
        cards = enabled_cards(ana)
        if cards:
            wait(ana, lambda: status(ana) == t("Your turn: tap a card to play"))  # read before the cards came
            assert by_testid(ana, "hand-title").text == t("Your hand")
            shot(ana, "3-choosing")
            seen["played"] = hand(ana)[0]
            cards[0].click()  # the lowest card
        return False

    def play_ben(ben: Any, ana: Any) -> bool:
        if by_testid(ben, "scores-title").text == t("Final scores"):
            return True
        cards = enabled_cards(ben)
        if not cards:
            return False
        played = seen.get("played")
        waiting = t("You played {card}. Waiting for: {names}").format(card=played, names=LONG_NAME)
        if played is not None and status(ana) == waiting:
            shot(ana, "4-waiting")  # Ana has played; the table waits for Ben
        elif played is not None and "4-waiting" not in seen["states"]:
            return False  # give Ana's page a moment to show that it waits for Ben
        cards[0].click()
        return False

    background = Background(_async(students))
    play_to_the_end(app, background, drivers)
    assert seen["states"] == {"1-join-error", "2-lobby", "3-choosing", "4-waiting", "5-row-choice", "6-game-over"}
    assert seen["overflow"] == [], f"wider than the phone in {code}: {seen['overflow']}"
    assert seen["row_status"] == t("Your {card} is lower than every row: take a row").format(card=seen["row_card"])
    assert seen["scores_title"] == t("Final scores")
    for line in seen["scores"]:  # e.g. "Ana 21 Pkt.": the unit in the form its number takes
        points = int(re.findall(r"\d+", line)[-1])
        assert line.endswith(words.ngettext("{score} pt", "{score} pts", points).format(score=points)), line
    record = parse_record((tmp_path / "class.jsonl").read_text().splitlines()[0])
    winners = [record.players[seat].name for seat in record.winners]
    if 0 in record.winners:
        assert seen["final"] == t("Game over: you won!")
    elif len(winners) == 1:
        assert seen["final"] == words.ngettext("Game over: {names} wins", "Game over: {names} win", 1).format(
            names=winners[0])


def test_every_phone_text_is_in_the_page_script() -> None:
    """The table of texts and the page agree: each English text the page looks up is marked in
    classroom/phone_words.py (so it is in the catalogs), and each marked text is used."""
    script = (Path(__file__).resolve().parents[2] / "web" / "app.js").read_text(encoding="utf-8")
    page = (Path(__file__).resolve().parents[2] / "web" / "index.html").read_text(encoding="utf-8")
    used = {text for text in PHONE_TEXTS if f'"{text}"' in script or f'"{text}"' in page or f">{text}<" in page}
    assert used == set(PHONE_TEXTS), set(PHONE_TEXTS) - used


def test_a_freed_seat_is_told_in_the_class_language(tmp_path: Path) -> None:
    """The teacher frees a student's seat: the phone goes back to the join form and says why, in
    the class's language (the server's message, not the page's)."""
    use_language("de")
    t = translations("de").gettext
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path))
    shots.folder.mkdir(parents=True, exist_ok=True)
    app = open_class_app(tmp_path / "class.jsonl")
    url = url_of(app)
    lobby = lobby_of(app)
    phone = open_phone(Path(tempfile.mkdtemp(prefix="class-phone-", dir=tmp_path)))
    try:
        phone.get(url)
        wait(phone, lambda: by_testid(phone, "join").is_displayed())
        by_testid(phone, "code").send_keys("test")
        by_testid(phone, "name").send_keys("Ana")
        by_testid(phone, "join").click()
        run_until(app, lambda: lobby.room is not None and lobby.room.taken_seats() == (0,))
        lobby.free(0)
        wait(phone, lambda: by_testid(phone, "join-error").text == t("the teacher freed your seat"))
        assert status(phone) == t("Type the room code and your name") and fits_the_phone(phone)
        shots.take(phone, "de-7-seat-freed")
    finally:
        phone.quit()
        app.screens.end_lesson()
        close_app()
