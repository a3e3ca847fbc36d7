"""Settings of computer players that think (the ``mc`` kind), and how bots are timed."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _

DEFAULT_THINK_MS = 100.0


@dataclass(frozen=True)
class AgentOptions:
    """How long a searching player may think per decision.

    ``think_ms`` is a wall-clock budget: strong, but the result depends on
    the machine's speed.  ``rollouts``, when set, replaces it by a fixed
    number of sampled deals per decision, so a seed reproduces every
    decision exactly on any machine.
    """

    think_ms: float = DEFAULT_THINK_MS
    rollouts: int | None = None
    bot_cpu_clock: bool = True
    """Time external bots by the processor time their process tree uses rather than by the wall
    clock (see :class:`bots.referee.BotAgent`): a busy computer then never makes a bot too
    slow.  ``False``: the wall clock, as on the arena (``--clock wall``)."""
    bot_folder: str | None = None
    """The working folder bots start in (``None``: this process's).  A cluster's workers start
    them in the folder the command was given in, so relative paths mean the same there."""

    def __post_init__(self) -> None:
        if not self.think_ms >= 0 or self.think_ms == float("inf"):
            raise ValueError(_("think time must be a number of milliseconds >= 0, not {value}").format(
                value=repr(self.think_ms)))
        if self.rollouts is not None and (isinstance(self.rollouts, bool) or self.rollouts < 1):
            raise ValueError(_("rollouts must be a whole number >= 1, not {value}").format(value=repr(self.rollouts)))


DEFAULT_OPTIONS = AgentOptions()
