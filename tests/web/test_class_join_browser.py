"""The phone page's join flow in headless Chromium at phone size (issue 40): the page opens its
socket when its student taps Join, never while they type, and a tap whose socket closes before
its answer is sent again on a new one - the student never retypes.

Set ``SIXTAKES_SHOTS=DIR`` to keep a screenshot of the page while it joins."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from tests.web.test_class_browser import BROWSER_MARKS, by_testid, open_phone, status, wait

from classroom.room import Room
from classroom.server import ClassServer, Limits

pytestmark = BROWSER_MARKS

CODE = "TEST"


def _serve() -> ClassServer:
    server = ClassServer(Room(4, CODE), host="127.0.0.1", port=0, limits=Limits())
    server.start()
    return server


def test_the_page_opens_its_socket_at_the_tap_and_sends_a_tap_again_when_its_socket_closes(tmp_path: Path) -> None:
    server = _serve()
    driver: Any = None
    try:
        driver = open_phone(Path(tempfile.mkdtemp(prefix="join-phone-", dir=tmp_path)))
        driver.get(f"http://127.0.0.1:{server.port}/?code={CODE}")
        wait(driver, lambda: by_testid(driver, "join").is_displayed())
        by_testid(driver, "name").send_keys("Ana")
        assert server.connection_count == 0  # the student types: no socket waits meanwhile
        for _ in range(100):  # the address's joins are waited for: the answer takes about 4 s
            server.joins.take("127.0.0.1")
        by_testid(driver, "join").click()
        joining = wait(driver, lambda: next((c for c in server.connections.live() if c.joining), None))
        assert status(driver) == "Joining..." and not by_testid(driver, "join").is_enabled()
        if os.environ.get("SIXTAKES_SHOTS"):
            driver.save_screenshot(str(Path(os.environ["SIXTAKES_SHOTS"]) / "phone-joining.png"))
        server.bridge.call(joining.close, 1011, "the network dropped it")  # its socket goes, unanswered
        wait(driver, lambda: "You are in" in status(driver), seconds=60)
        assert "Ana" in by_testid(driver, "me").text
        assert [seat.name for seat in server.room.seats()] == ["Ana", "", "", ""]  # once, not twice
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
