"""Simulated phones: asyncio clients that join a class room and play like students.

Used by the tests and by ``bench/class_load.py``.  A client keeps every
message it received with the time it arrived, so a test can check what each
connection saw and the bench can measure how late updates arrive.  Each phone
is a device of its own: it connects from its own loopback address
(:func:`phone_address`, 127.1.x.y) unless a test puts several on one address on
purpose (a school's network), and, as the page does, it opens its socket when
its student taps Join and sends the same join again on a new socket if one
closes before the answer (counted in :attr:`SimClient.unanswered`).  It speaks
through :mod:`.protocol` like the server: every message it receives is read
with :func:`~.protocol.decode` (a field the protocol does not have is an
error), and what it sends is built there.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from .protocol import (MAIL, AnswerPuzzle, Join, Message, Play, Predict, PuzzleQuestion, Resume, State, TakeRow,
                       Welcome, decode, encode)


PAGE_FILES = ("/", "/app.js", "/style.css", "/strings.json", "/rules.json", "/class.json")
"""What the page loads before its student can tap Join."""
RETRIES = 20
"""Sockets a phone opens again for one join or resume before it gives up."""
CUT = (None, 1006)
"""A connection's close code when it was cut (no close frame from the server): the phone comes back."""


def phone_address(index: int) -> str:
    """The loopback address of simulated phone ``index`` (0-based): one of its own, 127.1.x.y
    (every 127.0.0.0/8 address reaches this computer on Linux)."""
    return f"127.1.{index // 250}.{1 + index % 250}"


@asynccontextmanager
async def phone_session(address: str = "") -> AsyncIterator[aiohttp.ClientSession]:
    """A browser on a phone whose address is ``address`` (``""``: the system's choice)."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0) if address else None, limit=6)
    async with aiohttp.ClientSession(connector=connector) as session:
        yield session


@dataclass
class SimClient:
    """One phone: joins with ``name``, then plays the first card asked (or a random one)."""

    url: str
    code: str
    name: str
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    play: bool = True
    """Answer when asked; ``False`` watches only."""
    predicts: bool = True
    """Guess where each card goes when the class predicts (a random guess)."""
    token: str | None = None
    seat: int | None = None
    received: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    """(arrival time from ``time.monotonic``, the clock every process shares, message) of
    everything received."""
    closed_with: int | None = None
    answered: set[tuple[Any, ...]] = field(default_factory=set)
    """The questions answered on this connection ((round, turn, ask)): a student taps once, not
    at every update that still shows the question."""

    guesses: dict[tuple[Any, ...], int] = field(default_factory=dict)
    """The guesses sent: (table, round, turn, card) -> row 0-3, or 4 for "takes a row"."""
    address: str = ""
    """The phone's own address (:func:`phone_address`); ``""``: the system's choice."""
    load_page: bool = False
    """Load the page's files first, as a browser does before its student can tap Join."""
    tapped_at: float | None = None
    """When the student tapped Join (``time.monotonic``)."""
    seated_at: float | None = None
    """When the answer to that tap arrived: a ``welcome`` (or an ``error``)."""
    unanswered: int = 0
    """Sockets that closed before the join or resume sent on them was answered (each sent again)."""
    student: str = ""
    """The phone's key in the room's class, as its browser keeps it: sent with its join and
    resume, and the one the ``welcome`` gives kept."""
    puzzle_answers: dict[int, int] = field(default_factory=dict)
    """The warm-up's puzzles answered: puzzle id -> the card, or the row 0-3."""
    solve: Callable[[PuzzleQuestion], int] | None = None
    """How this student answers a warm-up puzzle (a card of its hand, or a row 0-3); ``None``: at random."""
    cuts: int = 0
    """Connections cut under the phone (no close from the server) after which it came back."""
    mail: int = 0
    """Verdicts and reviews received since it joined (sent with its resume: the rest come again)."""

    @property
    def verdicts(self) -> list[dict[str, Any]]:
        return [message for _, message in self.received if message.get("type") == "verdict"]

    @property
    def puzzle_verdicts(self) -> list[dict[str, Any]]:
        return [message for _, message in self.received if message.get("type") == "puzzle_verdict"]

    @property
    def states(self) -> list[dict[str, Any]]:
        return [message for _, message in self.received if message.get("type") == "state"]

    @property
    def last_state(self) -> dict[str, Any] | None:
        states = self.states
        return states[-1] if states else None

    @property
    def tap_to_seat(self) -> float | None:
        """Seconds from the tap on Join to its answer."""
        if self.tapped_at is None or self.seated_at is None:
            return None
        return self.seated_at - self.tapped_at

    async def run(self, session: aiohttp.ClientSession | None = None, until_over: bool = True) -> None:
        """Load the page (if :attr:`load_page`), tap Join (or come back with :attr:`token`), play
        until the game is over or the server closes the connection.  Without ``session``, the
        phone's own browser on :attr:`address`."""
        if session is None:
            async with phone_session(self.address) as own:
                await self.run(own, until_over)
            return
        if self.load_page:
            for name in PAGE_FILES:
                async with session.get(self.url + name) as response:
                    await response.read()
        self.answered.clear()
        attempt = 0
        while attempt < RETRIES:
            self.closed_with = None
            try:
                answered = await self._connection(session, until_over)
            except (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError):
                answered = False  # refused (e.g. 503 when every place is a seat's) or cut: the page tries again
            if answered and (self.closed_with not in CUT or self._over(until_over) or self.token is None):
                return
            if answered:  # cut under it, as a weak signal does: it comes back with its secret
                self.cuts += 1
                attempt = 0
                self.answered.clear()  # what it sent may be lost: the table it gets back says what is asked
                continue
            self.unanswered += 1
            await asyncio.sleep(min(2.0, 0.1 * 2 ** attempt))
            attempt += 1

    def _over(self, until_over: bool) -> bool:
        last = self.last_state
        return until_over and last is not None and last.get("phase") == "over"

    async def _connection(self, session: aiohttp.ClientSession, until_over: bool) -> bool:
        """One socket: join or resume, then play; whether what was sent on it was answered."""
        answered = False
        async with session.ws_connect(self.url + "/ws", heartbeat=None, max_msg_size=0) as ws:
            if self.token:
                await self._send(ws, Resume(self.token, self.student, self.mail))
            else:
                self.tapped_at = self.tapped_at or time.monotonic()
                await self._send(ws, Join(self.code, self.name, self.student))
            try:
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    data = json.loads(message.data)
                    self.received.append((time.monotonic(), data))
                    typed = decode(data)
                    answered = answered or data.get("type") in ("welcome", "error")
                    self.mail += data.get("type") in MAIL
                    if self.seated_at is None and data.get("type") in ("welcome", "error"):
                        self.seated_at = time.monotonic()
                    if isinstance(typed, Welcome):
                        self.token, self.seat = typed.token, typed.seat
                        self.student = typed.student or self.student
                    elif isinstance(typed, State):
                        if typed.phase == "over":
                            self.answered.clear()  # the next deal asks the same turns again
                        await self._answer(ws, typed)
                        if until_over and typed.phase == "over":
                            break
            except (aiohttp.ClientError, ConnectionError):
                pass  # cut under it: what it was answered counts, and it comes back
            self.closed_with = ws.close_code
        return answered

    @staticmethod
    async def _send(ws: aiohttp.ClientWebSocketResponse, message: Message) -> None:
        await ws.send_str(encode(message))

    async def _answer(self, ws: aiohttp.ClientWebSocketResponse, state: State) -> None:
        if state.ask == "predict":
            await self._predict(ws, state)
            return
        if state.ask == "puzzle":
            await self._solve(ws, state)
            return
        if not self.play:
            return
        question = (state.table, state.round, state.turn, state.ask)
        if state.ask is None or question in self.answered:
            return
        self.answered.add(question)
        if state.ask == "card" and state.chosen is None:
            await self._send(ws, Play(self.rng.choice(state.hand)))
        elif state.ask == "row":
            await self._send(ws, TakeRow(self.rng.randrange(4)))

    async def _solve(self, ws: aiohttp.ClientWebSocketResponse, state: State) -> None:
        """The warm-up's puzzle: a card of its hand, or a row, as :attr:`solve` says or at random (once per puzzle)."""
        puzzle = state.puzzle
        assert puzzle is not None, "asked a puzzle without one"
        if not self.play or puzzle.id in self.puzzle_answers:
            return
        if puzzle.kind == "row":
            answer = self.puzzle_answers[puzzle.id] = self.solve(puzzle) if self.solve else self.rng.randrange(4)
            await self._send(ws, AnswerPuzzle(row=answer))
        else:
            answer = self.puzzle_answers[puzzle.id] = self.solve(puzzle) if self.solve else self.rng.choice(puzzle.hand)
            await self._send(ws, AnswerPuzzle(card=answer))

    async def _predict(self, ws: aiohttp.ClientWebSocketResponse, state: State) -> None:
        asked = state.predict
        assert asked is not None, "asked to predict without a question"
        question = (state.table, asked.round, asked.turn, asked.card)
        if not self.predicts or question in self.answered or state.predicted is not None:
            return  # (after a cut, a guess the server did not get is sent again)
        self.answered.add(question)
        if question not in self.guesses:
            self.guesses[question] = self.rng.randrange(5)
        guess = self.guesses[question]
        await self._send(ws, Predict.of(guess, asked))
