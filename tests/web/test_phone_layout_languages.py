"""The phone page's layout in every language the app speaks, at 360x740 in real Chromium: the page
the class server serves, in the class's language, shown the protocol's own messages (encoded by
``classroom/protocol.py``) for the moments a student must see at a glance - the guess buttons
on one line each (issue 41, item 9: "Reihe / 1" wrapped) and each with its word (issue 49: French
showed "1 2 3 4"), the top line on one line (issue 49: "Tisch 1 - Zug 1 von 7" wrapped), the whole hand and the question on
screen at a table of ten, the final scores in view when the game is over (item 8), the last game's
review folded after a next deal.

Skipped where Chromium or its driver is absent (see ``test_class_browser.py``).  Set
``SIXTAKES_SHOTS=DIR`` to keep a screenshot of each state.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from tests.support.class_helpers import close_app, open_class_app, url_of
from test_class_browser import BROWSER_MARKS, PHONE, Shots, by_testid, open_phone, wait
from test_phone_next_deal import GUESS_LINES, PLACES

from classroom.protocol import PredictQuestion, Review, State, StatePlayer, Verdict, Welcome, encode
from game.i18n import LANGUAGES
from scenes.model.language import translations, use_language

pytestmark = BROWSER_MARKS

NAMES = ("Ana", "Maximilianbenediktalexan", "Celia", "David", "Emre", "Fatma", "Gabriel", "Hana", "Ines", "Jonas")
"""Ten seats (a classic table), one name of 24 letters."""
ROWS = ((3, 18, 27, 44, 51), (60, 61), (70, 79, 80), (90,))


def state(**fields: Any) -> State:
    """A state of a ten-seat classic game, Ana's (seat 0) view; ``fields`` change it."""
    players = tuple(StatePlayer(name, 10 * index, True, True) for index, name in enumerate(NAMES))
    base: dict[str, Any] = dict(
        phase="playing", rules="classic", round=2, turn=1, turns=10, players=players, rows=ROWS,
        row_penalties=(11, 2, 5, 3), revealed=(), waiting=NAMES[1:], waiting_row=False, waiting_teacher=False,
        caption="", winners=(), winner_seats=(), notes=(), seat=0, ask="card",
        hand=(5, 12, 33, 47, 55, 66, 77, 85, 99, 104), hand_penalties=(2, 1, 5, 1, 7, 5, 5, 2, 1, 1))
    return State(**{**base, **fields})


LINES_OF = """const range = document.createRange();
range.selectNodeContents(document.getElementById(arguments[0]));
return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;"""
"""How many lines the text of the element of that id takes."""


def show(driver: Any, *messages: Any) -> None:
    """The page receives ``messages`` as from the server."""
    for message in messages:
        driver.execute_script("receive(JSON.parse(arguments[0]))", encode(message))


LONG_VERDICT = "Not quite: Maximilianbenediktalexan's 104 went to row 4 - Rule 2: the smallest difference is row 4"
"""A verdict of two lines or three on a phone."""
REVIEW = Review(seat=0, done=9, of=9, ready=True, decisions=9, mean_loss=2.5, costliest=())


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_moments_a_student_reads_at_a_glance_fit_the_phone_in_every_language(code: str, tmp_path: Path) -> None:
    use_language(code)
    shots = Shots(Path(os.environ.get("SIXTAKES_SHOTS") or tmp_path) / f"layout-{code}")
    shots.folder.mkdir(parents=True, exist_ok=True)
    app = open_class_app(tmp_path / "class.jsonl")
    phone = open_phone(Path(tempfile.mkdtemp(prefix="layout-", dir=tmp_path)))
    try:
        phone.get(url_of(app))
        wait(phone, lambda: by_testid(phone, "join").is_displayed())
        show(phone, Welcome(seat=0, token="t", name="Ana", code="TEST"))
        # The class predicts: five answers, each on one line inside its button.
        asked = PredictQuestion(round=2, turn=1, card=47, name=NAMES[1], text="")
        show(phone, state(ask="predict", predict=asked, revealed=tuple(range(100, 110))))
        shots.take(phone, "1-predict")
        lines = phone.execute_script(GUESS_LINES)
        assert len(lines) == 5 and all(count == 1 and fits for _, count, fits in lines), lines
        row = translations(code).gettext("Row {row}")
        assert [label for label, _, _ in lines[:4]] == [row.format(row=n) for n in range(1, 5)]  # issue 49: the word
        # A room of many tables, a later round: the top line (table, round, turn) on one line (issue 49).
        show(phone, state(table=12, tables=15, round=3, turn=10))
        shots.take(phone, "1b-table-top-line")
        assert phone.execute_script(LINES_OF, "turn") == 1, by_testid(phone, "turn").text
        # A card is asked (the last placement's verdict in): the whole hand (two rows of five) on screen
        # without scrolling, the verdict after it.
        show(phone, Verdict(round=2, turn=10, card=99, guess=1, answer=1, right=False, text=LONG_VERDICT,
                            reason=LONG_VERDICT), state())
        shots.take(phone, "2-card-asked")
        places = phone.execute_script(PLACES)
        assert places["cards"] == 10 and places["hand"] <= PHONE[1], places
        assert places["verdict"]["top"] > places["hand"], places
        # The game is over: the final scores (ten lines) in view, under the status.
        over = state(phase="over", ask=None, hand=(), hand_penalties=(), waiting=(), turn=10,
                     winners=("Ana",), winner_seats=(0,))
        show(phone, over, Verdict(round=2, turn=10, card=99, guess=1, answer=1, right=True, text="Right", reason="Rule 2"), REVIEW)
        shots.take(phone, "3-game-over")
        places = phone.execute_script(PLACES)
        assert places["scoresTitle"]["top"] < places["status"]["bottom"] + 120, places
        assert places["scores"]["bottom"] <= PHONE[1], places
        assert by_testid(phone, "to-scores").get_attribute("hidden") is not None  # nothing to scroll to
        # The next deal: the hand first, the last game's verdict and review under one closed link.
        show(phone, state(round=1))
        shots.take(phone, "4-next-deal")
        places = phone.execute_script(PLACES)
        assert places["hand"] <= PHONE[1] and places["reviewFolded"] and not places["lastGameOpen"], places
        assert places["verdict"] is None and places["lastGame"]["top"] > places["hand"], places
        # The room closes (1001) while this game's review is still being prepared: the page says it
        # will not come, instead of "being prepared" for ever.
        show(phone, over, Review(seat=0, done=2, of=9, ready=False))
        phone.execute_script("connect()")  # (the page opens its socket at a tap on Join, or with a secret)
        wait(phone, lambda: phone.execute_script("return socket !== null && socket.readyState === 1"))
        app.screens.end_lesson()
        wait(phone, lambda: phone.execute_script("return document.body.dataset.connection") == "ended")
        shots.take(phone, "5-room-closed")
        assert by_testid(phone, "review-status").text == translations(code).gettext(
            "The room closed before your review was ready.")
    finally:
        phone.quit()
        app.screens.end_lesson()
        close_app()
