"""The class server's bridge to the app: the one place where its two threads meet.

aiohttp runs on the server's own thread and event loop, beside the app's pygame
loop.  What phones did reaches the app as :class:`Event` values on
:attr:`AppBridge.inbox`, a ``queue.Queue`` the app drains every frame; what the
app hands the server (observations, a verdict, "release seat 2") runs on the
server's loop through :meth:`AppBridge.call`, so connections are only ever
touched by the server's thread.
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WATCHER = -1
"""An :class:`Event`'s seat when a watcher sent it."""
PUZZLE_CARD = "puzzle-card"
PUZZLE_ROW = "puzzle-row"
"""The kinds of :class:`Event` of an answer to the warm-up's puzzle: a card, or a row."""


@dataclass(frozen=True)
class Event:
    """Something a phone did, for the app: ``joined``, ``left``, ``play``, ``row``, ``predict``, or an
    answer to a warm-up puzzle (:data:`PUZZLE_CARD`, :data:`PUZZLE_ROW`)."""

    kind: str
    seat: int
    """The phone's seat; :data:`WATCHER` for a watcher (a prediction)."""
    value: int = 0
    name: str = ""
    who: str = ""
    """A watcher's key (its secret: it never leaves the app); a puzzle's answer: the phone's
    secret, seat or watcher."""
    placement: tuple[int, int, int] | None = None
    """A prediction: the placement it answers, (round, turn, card) as the engine counts them."""


class AppBridge:
    """The inbox of phones' events for the app, and calls from the app run on the server's loop."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Event] = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop while it runs."""

    def put(self, event: Event) -> None:
        """A phone's event for the app (server's thread)."""
        self.inbox.put(event)

    def call(self, function: Callable[..., Any], *args: Any) -> None:
        """Run ``function(*args)`` on the server's thread, soon, in call order (app's thread);
        nothing once the server has stopped."""
        loop = self.loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:  # the loop is closing
                pass
