"""Computer players.  Each sees only a :class:`~game.engine.PlayerView`.

An agent answers two questions: which card to play (:meth:`Agent.choose_card`)
and, when its card is lower than every row, which row to take
(:meth:`Agent.choose_row`).  Agents get their own ``random.Random`` so a game
is reproducible from its seed, and :class:`AgentOptions` for those that think
(how long, or how many rollouts).  Constructing any agent is cheap; the work
happens per decision.

Kinds (:data:`AGENT_KINDS`):

* ``random`` - the assignment's "stupid AI" (:class:`RandomAgent`);
* ``heuristic`` - human-like rules of thumb (:mod:`game.players.heuristic`);
* ``mc`` - Monte Carlo search to a time or rollout budget (:mod:`game.players.mc`), loaded
  when the first ``mc`` player is made: its search stands on the batched engine (numpy), which
  nothing else here needs.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..i18n import _
from .options import DEFAULT_OPTIONS, AgentOptions
from ..engine import PlayerView
from .heuristic import HeuristicAgent
from ..rules import ROWS


class Agent(Protocol):
    """A computer player."""

    kind: str
    """Name of the agent kind, as used on the command line and in records."""

    def choose_card(self, view: PlayerView) -> int:
        """A card from ``view.hand`` to play this turn."""
        ...

    def choose_row(self, view: PlayerView) -> int:
        """A row index (0-3) to take, for ``view.card_to_place`` (rule 4)."""
        ...


class RandomAgent:
    """The assignment's "stupid AI": a random card, and a random row under rule 4.

    ``int(random() * n)`` is uniform over ``range(n)`` (up to a bias of 2**-53)
    and several times cheaper than ``choice``/``randrange``, which matters in
    the strategy lab where these players make millions of decisions.
    """

    kind = "random"

    def __init__(self, rng: random.Random, options: AgentOptions | None = None) -> None:
        self._rng = rng

    def choose_card(self, view: PlayerView) -> int:
        hand = view.hand
        return hand[int(self._rng.random() * len(hand))]

    def choose_row(self, view: PlayerView) -> int:
        return int(self._rng.random() * ROWS)


AgentFactory = Callable[[random.Random, AgentOptions], Agent]


def monte_carlo_agent(rng: random.Random, options: AgentOptions | None = None) -> Agent:
    """A new ``mc`` player (:class:`game.players.mc.MonteCarloAgent`)."""
    from .mc import MonteCarloAgent  # noqa: PLC0415 - mc (and numpy's batched engine) loads only when an mc player is made

    return MonteCarloAgent(rng, options)


AGENT_KINDS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "mc": monte_carlo_agent,
}
"""Every computer player kind, by name (``random`` first: the default).
``human`` is not an agent kind."""


def make_agent(kind: str, rng: random.Random, options: AgentOptions = DEFAULT_OPTIONS) -> Agent:
    """A new agent of ``kind``; ``ValueError`` naming the known kinds otherwise."""
    try:
        factory = AGENT_KINDS[kind]
    except KeyError:
        known = ", ".join(AGENT_KINDS)
        raise ValueError(_("unknown player kind {kind} (known: {known})").format(kind=repr(kind),
                                                                                known=known)) from None
    return factory(rng, options)
