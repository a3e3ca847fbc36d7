"""Playing whole games between computer players, and the seeds that drive them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Protocol, Sequence

from .players.options import DEFAULT_OPTIONS, AgentOptions
from .players.agents import Agent, make_agent
from .kinds import Bot, Human, PlayerKind, parse_kind
from .engine import SEED_LIMIT, Game, Phase
from .rules import Rules


class BotSeats(Protocol):
    """Where the bots of one game are started, and closed together when it ends (the bots' own
    package, ``bots.referee.BotTable``): the core seats a bot through it and never starts a process."""

    def seat(self, bot: Bot, *, seat: int, player_count: int, rng: random.Random, options: AgentOptions,
             log_path: Path | None) -> Agent:
        """The agent of ``bot`` for ``seat``, its process started."""
        ...

_SEED_STEP = 0x9E3779B97F4A7C15
"""An odd constant: consecutive game seeds of a run are spread over the range."""
_PLAYERS_SALT = 0x5DEECE66D
"""Mixed into a game seed to seed the players' generator apart from the deal's."""


def game_seed(run_seed: int, index: int) -> int:
    """Seed of game ``index`` of a run seeded ``run_seed``; game 0 uses ``run_seed`` itself."""
    return (run_seed + index * _SEED_STEP) % SEED_LIMIT


def players_rng(seed: int) -> random.Random:
    """The random generator the computer players of the game seeded ``seed`` share.

    Derived from the game seed (so the seed alone reproduces a game) but
    separate from the dealing generator, so the deals of a seed are the same
    whoever sits at the table.  One generator for all seats rather than one
    each: seeding a generator costs as much as a quarter of a random game.
    """
    return random.Random(seed ^ _PLAYERS_SALT)


def make_player(kind: str | PlayerKind, *, seat: int, player_count: int, rng: random.Random,
                options: AgentOptions = DEFAULT_OPTIONS, bot_table: BotSeats | None = None,
                bot_log: Path | None = None) -> Agent:
    """The computer player of ``kind`` for ``seat``: a built-in kind, or an external bot.

    ``bot:COMMAND`` / ``bot-statement:COMMAND`` start COMMAND as a bot process (see
    ``docs/bot-protocol.md``) at ``bot_table`` (close it when the game ends, so the game's bots
    are killed together); without one a bot cannot be seated (``ValueError``).
    """
    parsed = parse_kind(kind, human=False) if isinstance(kind, str) else kind
    if isinstance(parsed, Human):
        raise ValueError("a human seat has no computer player")
    if not isinstance(parsed, Bot):
        return make_agent(parsed.name, rng, options)
    if bot_table is None:
        raise ValueError(f"{parsed.command!r}: a bot is seated only at a table that starts and closes bots")
    return bot_table.seat(parsed, seat=seat, player_count=player_count, rng=rng, options=options, log_path=bot_log)


def make_agents(kinds: Sequence[str | PlayerKind], seed: int, options: AgentOptions = DEFAULT_OPTIONS,
                bot_table: BotSeats | None = None,
                bot_logs: Callable[[int], Path | None] | None = None) -> list[Agent]:
    """One player per seat, all drawing from the players' generator of ``seed``.

    ``bot_logs(seat)`` names the file a bot's debug output is appended to.
    """
    rng = players_rng(seed)
    return [
        make_player(kind, seat=seat, player_count=len(kinds), rng=rng, options=options,
                    bot_table=bot_table, bot_log=bot_logs(seat) if bot_logs else None)
        for seat, kind in enumerate(kinds)
    ]


def play_game(game: Game, agents: Sequence[Agent]) -> Game:
    """Let ``agents`` (one per seat) play ``game`` to the end; return it."""
    if len(agents) != game.player_count:
        raise ValueError(f"{game.player_count} players need {game.player_count} agents, not {len(agents)}")
    view = game.view
    place_next = game.place_next
    while True:
        phase = game.phase
        if phase is Phase.PLACE_CARD:
            place_next()
        elif phase is Phase.CHOOSE_CARDS:
            game.play_cards([agent.choose_card(view(p)) for p, agent in enumerate(agents)])
        elif phase is Phase.CHOOSE_ROW:
            player = game.awaiting_row_choice
            assert player is not None
            game.choose_row(player, agents[player].choose_row(view(player)))
        else:
            return game


def play_seeded_game(rules: Rules, kinds: Sequence[str], seed: int,
                     options: AgentOptions = DEFAULT_OPTIONS) -> Game:
    """Play one complete game of computer players; the seed (and, for players
    that think, a budget in rollouts) alone reproduces it."""
    game = Game(rules, len(kinds), seed)
    return play_game(game, make_agents(kinds, seed, options))
