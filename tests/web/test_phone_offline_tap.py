"""A card tapped while the phone's connection is down (issue 51): a real Chromium phone (360x740)
reaches ``main.py class`` through a loopback proxy that the test takes down (every connection cut,
new ones refused: the school's Wi-Fi gone) while the phone is asked for a card.  The page keeps
the hand, the student taps, the page says the card waits for the connection; when the proxy is
back the card is sent once and played once (the game's record says so), and the game goes on to
its end.  If the table went on meanwhile (an AI played for the student after 20 s away), the
page says plainly that the card was not sent.  (A stopped game takes no card at all:
``test_phone_stop_notice.py``.)  Each new page state passes axe-core's WCAG 2.1 A/AA rules.

Skipped where Chromium or its driver is absent (see ``test_class_browser.py``).  Set
``SIXTAKES_SHOTS=DIR`` to keep a screenshot of each state.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.support.lossy_proxy import LossyProxy
from tests.support.waiting import eventually
from test_class_browser import BROWSER_MARKS, Shots, by_testid, enabled_cards, status, wait
from test_class_predict_browser import audit
from test_phone_stop_notice import CODE, SOCKETS, Lesson, play_a_card, shots_for, turn_of

from game.record import read_records
from scenes.model.language import translations

pytestmark = BROWSER_MARKS

t = translations("en").gettext
COUNT_PLAYS = """
window.plays = [];
const RealSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  const message = JSON.parse(data);
  if (message.type === "play") window.plays.push(message.card);
  return RealSend.call(this, data);
};
"""
"""Run in the page before its own script: every card the page sends."""
STEADY = (0.0, 0.0), (1e6, 1e6)
"""The proxy's chunk delay and cut time: no delay, no cut but the test's."""


class OfflineLesson(Lesson):
    """A one-table lesson (Ana on a Chromium phone behind the proxy, Ben on a raw WebSocket), its
    game recorded, ``main.py class`` given ``extra`` arguments; the page states it passes audited."""

    def __init__(self, folder: Path, shots: Shots, *extra: str) -> None:
        super().__init__("en", folder)
        self.shots = shots
        self.problems: list[str] = []
        self.record = folder / "lesson.jsonl"
        self.ana.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_PLAYS})
        self.app = self.start("--port", "0", "--code", CODE, "--start-at", "2", "--seed", "5",
                              "--record", str(self.record), *extra)
        self.proxy = LossyProxy(self.port, *STEADY)
        self.join(page=f"http://127.0.0.1:{self.proxy.start()}")

    def look(self, state: str, check: bool = True) -> None:
        """A screenshot of the page's state, and (``check``) its audit."""
        self.shots.take(self.ana, state)
        if check:
            self.problems += audit(self.ana, state)

    def asked_at_turn_2(self) -> tuple[int, int]:
        """Play until Ana is asked for a card in turn 2 or later: its round and turn."""
        ana = self.ana
        while play_a_card(ana, until=lambda: turn_of(ana) >= 2 and bool(enabled_cards(ana))):
            pass
        round_, turn = ana.execute_script("return [state.round, state.turn]")
        return round_, turn

    def tap_while_down(self, check: bool) -> int:
        """The Wi-Fi goes; Ana, still shown her hand, taps its lowest card: its number.  (``check``:
        the pages are audited too, which takes a while: the table waits 20 s for a phone away.)"""
        ana = self.ana
        before = sent(ana)
        self.proxy.go_down()
        wait(ana, lambda: connection(ana) == "lost")
        assert status(ana) == t("Connection lost: reconnecting...")
        self.look("2-lost", check)
        cards = enabled_cards(ana)
        assert cards, "the hand is off while the connection is lost: a tap could not wait for it"
        card = int(cards[0].get_attribute("data-testid").rsplit("-", 1)[1])
        cards[0].click()
        waiting = t("No connection: your {card} is sent when it is back").format(card=card)
        wait(ana, lambda: status(ana) == waiting)
        # The page keeps saying so while it tries again and again (each try refused).
        tries = ana.execute_script(SOCKETS)["opened"]
        eventually(lambda: ana.execute_script(SOCKETS)["opened"] >= tries + 2, seconds=60, pause=0.05)
        assert status(ana) == waiting and connection(ana) == "lost"
        assert by_testid(ana, f"hand-card-{card}").get_attribute("class").split()[-1] == "chosen"
        assert enabled_cards(ana) in ([], [by_testid(ana, f"hand-card-{card}")])
        assert sent(ana) == before  # nothing went out
        self.look("3-tap-waits", check)
        return card

    def play_to_the_end(self) -> None:
        ana = self.ana
        while play_a_card(ana, until=lambda: self.app.poll() is not None):
            pass
        assert self.app.wait(60) == 0, self.app.communicate()[1]

    def anas_plays(self) -> dict[tuple[int, int], int]:
        """The engine's record of the card Ana's seat played in each (round, turn), from 1."""
        (game,) = read_records(self.record)
        seat = [player.name for player in game.players].index("Ana")
        return {(r + 1, n + 1): turn.plays[seat] for r, round_ in enumerate(game.rounds)
                for n, turn in enumerate(round_.turns)}

    def close(self) -> None:
        self.proxy.stop()
        super().close()


def connection(driver: Any) -> str:
    return str(driver.execute_script("return document.body.dataset.connection"))


def sent(driver: Any) -> list[int]:
    """Every card the page has sent."""
    return list(driver.execute_script("return window.plays"))


def table_moved_past(driver: Any, asked: tuple[int, int]) -> bool:
    return bool(driver.execute_script("return state.round > arguments[0] || state.turn > arguments[1]", *asked))


@pytest.fixture
def lesson(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OfflineLesson]:
    """The lesson; the app ends with the game unless the test's parameter (the app's extra
    arguments) says otherwise."""
    extra = getattr(request, "param", ("--exit-at-end",))
    lesson = OfflineLesson(tmp_path, shots_for(f"offline-{request.node.originalname}", tmp_path), *extra)
    try:
        yield lesson
    finally:
        lesson.close()


def test_a_card_tapped_while_the_connection_is_down_is_played_once_when_it_is_back(lesson: OfflineLesson) -> None:
    ana = lesson.ana
    asked = lesson.asked_at_turn_2()
    lesson.look("1-asked")
    before = sent(ana)
    card = lesson.tap_while_down(check=False)
    lesson.proxy.come_back()
    # Sent once, when the connection was back, and taken: the table asks Ana for a card no more.
    wait(ana, lambda: connection(ana) == "open" and sent(ana) == [*before, card]
         and (table_moved_past(ana, asked) or ana.execute_script("return state.ask") != "card"), seconds=60)
    assert by_testid(ana, "error").text == ""
    lesson.look("4-back")
    lesson.play_to_the_end()
    assert lesson.anas_plays()[asked] == card  # played in its turn, from her phone (sent once: above)
    assert lesson.problems == []


@pytest.mark.parametrize("lesson", [()], indirect=True)  # (the app stays open at the game's end)
def test_a_card_tapped_while_down_is_said_not_sent_once_the_table_went_on(lesson: OfflineLesson) -> None:
    """Down past the 20 s a table waits for a phone: an AI plays for Ana to the game's end, and
    her tapped card, never sent, is said not to be when she is back."""
    ana = lesson.ana
    asked = lesson.asked_at_turn_2()
    before = sent(ana)
    card = lesson.tap_while_down(check=True)
    ben = lesson.ben
    assert ben is not None
    eventually(lambda: any(m.get("phase") == "over" for m in list(ben.states)), seconds=120, pause=0.1)
    lesson.proxy.come_back()
    not_sent = t("Your {card} was not sent: the connection was down").format(card=card)
    wait(ana, lambda: connection(ana) == "open" and by_testid(ana, "error").text == not_sent, seconds=60)
    assert sent(ana) == before  # never sent
    assert ana.execute_script("return state.phase") == "over" and status(ana).startswith("Game over")
    lesson.look("5-not-sent")
    eventually(lambda: lesson.record.exists(), seconds=60, pause=0.05)
    assert asked in lesson.anas_plays()  # an AI's card, in the record of the whole game
    assert lesson.problems == []
