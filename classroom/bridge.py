"""The class server's bridge to the app: the one place where its two threads meet.

aiohttp runs on the server's own thread and event loop, beside the app's pygame
loop.  What phones did reaches the app as a :data:`PhoneEvent` on
:attr:`AppBridge.inbox`, a ``queue.Queue`` the app drains every frame: who did
it (a seat or a watcher) and, for a request, the request itself as
:mod:`.protocol` read and checked it, typed from the socket to the session
that acts on it.  What the app hands the server (observations, a verdict,
"release seat 2") runs on the server's loop through :meth:`AppBridge.call`, so
connections are only ever touched by the server's thread.
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .protocol import AnswerPuzzle, Play, Predict, TakeRow

WATCHER = -1
"""The seat of a guess or a puzzle's answer a watcher sent."""


@dataclass(frozen=True)
class SeatJoined:
    """A phone joined the seat (or came back to it with its secret)."""

    seat: int
    name: str


@dataclass(frozen=True)
class SeatLeft:
    """The seat's phone went (its connection closed)."""

    seat: int


@dataclass(frozen=True)
class SeatPlayed:
    """The seat's phone played a card (the session checks it was asked and is in the hand)."""

    seat: int
    request: Play


@dataclass(frozen=True)
class SeatTookRow:
    """The seat's phone took a row (the session checks a row was asked)."""

    seat: int
    request: TakeRow


@dataclass(frozen=True)
class Guessed:
    """A seat's or a watcher's phone predicted where a card goes (the request names the placement)."""

    seat: int
    """:data:`WATCHER` for a watcher."""
    name: str
    who: str
    """A watcher's key (its secret: it never leaves the app); ``""`` for a seat."""
    request: Predict


@dataclass(frozen=True)
class PuzzleAnswered:
    """A seat's or a watcher's phone answered the warm-up's puzzle (a card or a row)."""

    seat: int
    """:data:`WATCHER` for a watcher."""
    name: str
    who: str
    """The phone's secret (a seat's or a watcher's): who answered, as the puzzle counts them."""
    request: AnswerPuzzle


Asked = SeatPlayed | SeatTookRow | Guessed | PuzzleAnswered
"""What a phone asks of the game: taken, or its phone is told why not."""
PhoneEvent = SeatJoined | SeatLeft | Asked
"""Something a phone did, for the app."""


class AppBridge:
    """The inbox of what phones did for the app, and calls from the app run on the server's loop."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[PhoneEvent] = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop while it runs."""

    def put(self, event: PhoneEvent) -> None:
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
