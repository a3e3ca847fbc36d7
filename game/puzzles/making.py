"""Puzzles made from computer games, for a class with no lessons yet (``main.py puzzles make``).

Game ``i`` of a run seeded ``s`` is the game seeded ``game_seed(s, i)`` (as in
``simulate``), played by built-in computer players, and every decision of every
seat is reviewed with a fixed seed, so the same run seed gives the same puzzles on
any machine.  The ``mc`` players think on a fixed number of sampled deals for
the same reason (a thinking time would make their games depend on the machine).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from ..i18n import _
from ..play import game_seed, play_seeded_game
from ..players.agents import AGENT_KINDS
from ..players.options import AgentOptions
from ..review import DEFAULT_ROLLOUTS, DEFAULT_SEED, DecisionPoint
from ..rules import Rules
from .finding import puzzles_from_game
from .puzzle import Puzzle, Source

DEFAULT_KINDS = ("heuristic", "random", "heuristic", "random")
"""Who plays the games by default: two human-like players, whose mistakes are the instructive kind, and
two random ones, who also take rows at random under rule 4 (the row puzzles come mostly from them)."""
MAKE_COMMAND = "python main.py puzzles make --games 10"
"""The command that makes puzzles, as the docs show it (the practice screen and ``puzzles list`` name it)."""
MC_ROLLOUTS = 200
"""Sampled deals per decision of an ``mc`` player in these games (reproducible on any machine)."""


@dataclass(frozen=True)
class MadeGame:
    """One game of a run and the puzzles found in it."""

    number: int
    """The game's number in the run, from 1."""
    seed: int
    puzzles: tuple[Puzzle, ...]


def check_kinds(kinds: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The seats' kinds if they are built-in computer players the rules seat; ``ValueError`` saying why not."""
    for kind in kinds:
        if kind not in AGENT_KINDS:
            raise ValueError(_("puzzles are made from games of the built-in players ({known}), not {kind}").format(
                known=", ".join(AGENT_KINDS), kind=repr(kind)))
    rules.check_player_count(len(kinds))
    return tuple(kinds)


def made_games(rules: Rules, kinds: Sequence[str], games: int, seed: int, *,
               rollouts: int = DEFAULT_ROLLOUTS) -> Iterator[MadeGame]:
    """Game after game of the run, each with its puzzles (every seat's decisions reviewed with
    ``rollouts`` sampled deals): stop early and the games before are whole."""
    players = check_kinds(kinds, rules)
    options = AgentOptions(rollouts=MC_ROLLOUTS)
    for index in range(games):
        seed_of_game = game_seed(seed, index)
        game = play_seeded_game(rules, players, seed_of_game, options)

        def source_of(point: DecisionPoint, number: int = index + 1) -> Source:
            return Source.made(seed, number, point.seat)

        found = puzzles_from_game(rules, len(players), seed_of_game, game.rounds, source_of,
                                  rollouts=rollouts, seed=DEFAULT_SEED, table=players)
        yield MadeGame(index + 1, seed_of_game, tuple(found))
