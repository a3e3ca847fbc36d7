"""Helpers for the class-game tests: the real app on the main thread, phones beside it.

The app (pygame, headless) must run on the test's thread; simulated phones
(:class:`classroom.simclient.SimClient`) or real browsers run on other
threads and talk to the app's server over the loopback.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any
from tests.support.waiting import eventually

import aiohttp
from tests.support.app_helpers import close_app, open_app  # noqa: F401 - re-exported for the tests

from classroom.simclient import SimClient
from scenes.app import App
from classroom.class_settings import ClassSettings
from scenes.classroom.table import ClassTableScene
from scenes.classroom.table_results import ClassResultsScene
from scenes.classroom.lobby import LobbyScene
from scenes.model.options import PlayOptions

CODE = "TEST"


def open_class_app(record: Path, *, step_delay: float = 0.0, **settings: Any) -> App:
    """The app showing a class lobby, listening on a free loopback port."""
    settings.setdefault("predict", False)  # (on by default when phones watch: the prediction tests say so)
    settings.setdefault("reviews", False)  # (worker processes: the review tests turn them on)
    options = PlayOptions(class_game=ClassSettings(port=0, host="127.0.0.1", code=CODE, **settings),
                          step_delay=step_delay, record=record)
    return open_app(options)


def lobby_of(app: App) -> LobbyScene:
    scene = app.manager.active
    assert isinstance(scene, LobbyScene), scene
    return scene


def url_of(app: App) -> str:
    return f"http://127.0.0.1:{lobby_of(app).server.port}"  # type: ignore[union-attr]


def run_until(app: App, done: Callable[[], bool], seconds: float = 30.0, dt: float | None = 0.02) -> None:
    """Run app frames until ``done()`` (AssertionError after ``seconds``); ``dt``: the seconds each
    frame says have passed (``None``: the time that really passed, as in the app)."""
    last = time.monotonic()

    def frame() -> None:
        nonlocal last
        now = time.monotonic()
        app.run_frame(dt if dt is not None else now - last)
        last = now

    eventually(done, seconds=seconds, between=frame, pause=0.002,
               what=f"done (scene {type(app.manager.active).__name__})")


def game_finished(app: App) -> bool:
    return isinstance(app.manager.active, ClassResultsScene)


def in_game(app: App) -> bool:
    return isinstance(app.manager.active, ClassTableScene)


class Background:
    """Runs a coroutine on its own event loop thread (phones beside the app)."""

    def __init__(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(coroutine,), daemon=True)
        self.thread.start()

    def _run(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        try:
            self.result = asyncio.run(coroutine)
        except BaseException as error:  # noqa: BLE001 - re-raised by join()
            self.error = error

    def join(self, seconds: float = 10.0) -> Any:
        self.thread.join(seconds)
        assert not self.thread.is_alive(), "the phones did not finish"
        if self.error is not None:
            raise self.error
        return self.result


def play_clients(clients: Sequence[SimClient]) -> Background:
    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(*(client.run(session) for client in clients))
    return Background(main())


def cards_in(message: dict[str, Any]) -> set[int]:
    """Every card number a state message shows: rows, revealed cards, hand, the card chosen,
    the card to place.  (Its caption is the projector's line, public by definition.)"""
    cards: set[int] = set()
    for row in message.get("rows", []):
        cards.update(row)
    cards.update(message.get("revealed", []))
    cards.update(message.get("hand", []))
    for key in ("chosen", "card_to_place"):
        if message.get(key) is not None:
            cards.add(message[key])
    return cards
