"""Simulated phones: asyncio clients that join a class room and play like students.

Used by the tests and by ``bench/class_load.py``.  A client keeps every
message it received with the time it arrived, so a test can check what each
connection saw and the bench can measure how late updates arrive.  It speaks
through :mod:`.protocol` like the server: every message it receives is read
with :func:`~.protocol.decode` (a field the protocol does not have is an
error), and what it sends is built there.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from .protocol import Join, Message, Play, Predict, Resume, State, TakeRow, Welcome, decode, encode


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

    @property
    def verdicts(self) -> list[dict[str, Any]]:
        return [message for _, message in self.received if message.get("type") == "verdict"]

    @property
    def states(self) -> list[dict[str, Any]]:
        return [message for _, message in self.received if message.get("type") == "state"]

    @property
    def last_state(self) -> dict[str, Any] | None:
        states = self.states
        return states[-1] if states else None

    async def run(self, session: aiohttp.ClientSession, until_over: bool = True) -> None:
        """Connect, join (or resume with :attr:`token`), play until the game is over or the
        server closes the connection."""
        self.answered.clear()
        async with session.ws_connect(self.url + "/ws", heartbeat=None, max_msg_size=0) as ws:
            await self._send(ws, Resume(self.token) if self.token else Join(self.code, self.name))
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                self.received.append((time.monotonic(), data))
                typed = decode(data)
                if isinstance(typed, Welcome):
                    self.token, self.seat = typed.token, typed.seat
                elif isinstance(typed, State):
                    if typed.phase == "over":
                        self.answered.clear()  # the next deal asks the same turns again
                    await self._answer(ws, typed)
                    if until_over and typed.phase == "over":
                        break
            self.closed_with = ws.close_code

    @staticmethod
    async def _send(ws: aiohttp.ClientWebSocketResponse, message: Message) -> None:
        await ws.send_str(encode(message))

    async def _answer(self, ws: aiohttp.ClientWebSocketResponse, state: State) -> None:
        if state.ask == "predict":
            await self._predict(ws, state)
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

    async def _predict(self, ws: aiohttp.ClientWebSocketResponse, state: State) -> None:
        asked = state.predict
        assert asked is not None, "asked to predict without a question"
        question = (state.table, asked.round, asked.turn, asked.card)
        if not self.predicts or question in self.guesses:
            return
        guess = self.rng.randrange(5)
        self.guesses[question] = guess
        await self._send(ws, Predict.of(guess))
