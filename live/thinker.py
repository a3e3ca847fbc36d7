"""Computer players' decisions for the table: made off the UI thread, in the order asked.

:class:`Thinker` is the one worker thread (or none, for random players whose
decisions take microseconds); :func:`make_agents` seats a player per seat
kind; :func:`bot_status_of` says what the table shows about a bot.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.players.options import AgentOptions
from game.players.agents import Agent
from bots.failures import shown
from bots.referee import BotAgent, BotTable
from game.engine import Game, Phase
from game.i18n import _
from game.play import make_player, players_rng
from game.table_size import COMPUTER as AI_KIND

from .seats import Seat


class Thinker:
    """Makes computer players' decisions one at a time, in the order asked.

    Threaded: on one worker thread, so the window stays responsive while an AI
    thinks (and one worker keeps the order, hence the players' shared random
    generator, reproducible).  Not threaded: at once, on the caller's thread.
    """

    def __init__(self, threaded: bool) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-thinker") if threaded else None

    @property
    def threaded(self) -> bool:
        return self._executor is not None

    def submit(self, work: Callable[..., Any], *args: Any) -> Future[Any]:
        if self._executor is not None:
            return self._executor.submit(work, *args)
        future: Future[Any] = Future()
        try:
            future.set_result(work(*args))
        except BaseException as error:  # re-raised by result(), as from the worker
            future.set_exception(error)
        return future

    def close(self) -> None:
        """Drop the decisions not started; one being made finishes on its own (idempotent)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True)
class BotStatus:
    """What the table shows about a bot: its last message, and why it lost its seat."""

    message: str
    disqualified: str
    """``""``, or e.g. "too slow, turn 3"."""
    detail: str
    """The whole disqualification, for people (empty if none)."""
    stderr_last: str
    """The last line of its debug output."""
    command: str = ""
    stderr_tail: tuple[str, ...] = ()
    """The last lines of its debug output, oldest first."""
    cpu_clock: bool = True
    """Timed by the processor time of its process tree (else by the wall clock)."""


def bot_status_of(agent: Agent | None) -> BotStatus | None:
    """The live state of a bot (``None`` if ``agent`` is not one)."""
    if not isinstance(agent, BotAgent):
        return None
    tail = agent.stderr_tail
    found = agent.disqualification
    short = ""
    if found is not None:
        # NOTE: why a bot lost its seat ({reason}, e.g. "too slow") and when.
        short = (_("{reason}, round {round} turn {turn}") if found.round > 0 else _("{reason}, turn {turn}")).format(
            reason=shown(found.reason), round=found.round + 1, turn=found.turn + 1)
    return BotStatus(agent.last_message, short, found.describe() if found is not None else "",
                     tail[-1] if tail else "", agent.command, tuple(tail), agent.cpu_clock)


def make_agents(seats: Sequence[Seat], seed: int, options: AgentOptions,
                bot_table: BotTable) -> list[Agent | None]:
    """One player per seat from its kind (``None`` for a human), all drawing from the seed's
    players' generator in seat order (as :func:`game.play.make_agents`); bots join ``bot_table``."""
    rng = players_rng(seed)
    return [None if seat.is_human else
            make_player(seat.kind, seat=index, player_count=len(seats), rng=rng, options=options,
                        bot_table=bot_table)
            for index, seat in enumerate(seats)]


class ComputerPlayers:
    """A table's computer players: an agent per computer seat (``None`` for a human), the thinker
    that makes their decisions, and the decisions asked and not taken in yet."""

    def __init__(self, seats: Sequence[Seat], agents: Sequence[Agent | None], thinker: Thinker,
                 bot_table: BotTable | None = None) -> None:
        self.seats = tuple(seats)
        self.agents: list[Agent | None] = [None if s.is_human else a for s, a in zip(self.seats, agents)]
        self.thinker = thinker
        self.bot_table = bot_table
        """The bots' processes, when the players were made from the seats' kinds."""
        self.thinking: dict[int, Future[Any]] = {}
        """Decisions asked of computer players and not taken in yet, by player."""

    @classmethod
    def seated(cls, seats: Sequence[Seat], seed: int, options: AgentOptions,
               agents: Sequence[Agent | None] | None = None, threaded: bool | None = None,
               thinker: Thinker | None = None) -> ComputerPlayers:
        """The seats' players: ``agents`` if given, else made from the seats' kinds; threaded
        unless every one is a random player (``threaded`` and ``thinker`` override)."""
        bot_table = None
        if agents is None:
            bot_table = BotTable()
            agents = _made(seats, seed, options, bot_table)
        if threaded is None:
            threaded = any(a is not None and a.kind != AI_KIND for a in agents)
        return cls(seats, agents, thinker or Thinker(threaded), bot_table)

    def close(self) -> None:
        """Stop thinking and kill the bots (idempotent)."""
        self.thinker.close()
        if self.bot_table is not None:
            self.bot_table.close()

    @property
    def thinking_players(self) -> tuple[int, ...]:
        """Computer players whose decision is being made now, in seat order."""
        return tuple(sorted(p for p, future in self.thinking.items() if not future.done()))

    def bot_status(self, player: int) -> BotStatus | None:
        return bot_status_of(self.agents[player] if 0 <= player < len(self.agents) else None)

    def ask(self, player: int, work: Callable[..., Any], *args: Any) -> None:
        if getattr(self.agents[player], "answers_later", False):  # a phone: its answer comes as a Future
            self.thinking[player] = work(*args)
        else:
            self.thinking[player] = self.thinker.submit(work, *args)

    def ask_cards(self, game: Game) -> None:
        """A turn starts: every computer player chooses its card (in seat order: the shared
        generator's order)."""
        for player, agent in enumerate(self.agents):
            if agent is not None:
                self.ask(player, agent.choose_card, game.view(player))

    def ask_row(self, game: Game) -> None:
        """A computer player's card fits no row: let it think about the row at once."""
        player = game.awaiting_row_choice
        if player is None or player in self.thinking:
            return
        agent = self.agents[player]
        if agent is not None:
            self.ask(player, agent.choose_row, game.view(player))

    def cards_back(self, game: Game) -> list[tuple[int, int]]:
        """The computer players' cards chosen by now, taken in: (player, card) in seat order."""
        back = []
        for player in sorted(self.thinking):
            future = self.thinking[player]
            if future.done() and game.phase is Phase.CHOOSE_CARDS:
                del self.thinking[player]
                back.append((player, future.result()))
        return back

    def take_over(self, seed: int, options: AgentOptions, game: Game,
                  agents: Sequence[Agent | None] | None = None) -> None:
        """Seat the players of the seats' kinds (or ``agents``) in place of stand-ins (a resumed
        game): the decisions still outstanding are asked of them."""
        self.thinker.close()
        if agents is None:
            self.bot_table = BotTable()
            agents = _made(self.seats, seed, options, self.bot_table)
        self.thinker = Thinker(any(a is not None and a.kind != AI_KIND for a in agents))
        self.agents = [None if s.is_human else a for s, a in zip(self.seats, agents)]
        for player, future in list(self.thinking.items()):
            if not future.done():
                del self.thinking[player]
                agent = self.agents[player]
                if agent is not None and game.phase is Phase.CHOOSE_CARDS:
                    self.ask(player, agent.choose_card, game.view(player))
        self.ask_row(game)


def _made(seats: Sequence[Seat], seed: int, options: AgentOptions, bot_table: BotTable) -> list[Agent | None]:
    try:
        return make_agents(seats, seed, options, bot_table)
    except BaseException:
        bot_table.close()
        raise
