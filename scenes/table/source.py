"""What the table shows: a live game or a replayed record, behind one small protocol.

The scene asks its source for the states so far, whether it can advance and
to advance, whose hand may show, and what to do at the end; it never asks
which of the two it has.  A replay is a finished game whose every state is
known: it cannot advance, shows no hand, and its end is the end of its
states.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence

from game.i18n import _
from game.engine import Game, Placement
from game.timeline import TableState

from ..model.replay import Replay
from live.session import Stage, TableSession
from live.thinker import BotStatus
from ..model.view import TableInfo, TableView, info_of, live_view, view_of_state
from .choosing import keep_on_leave

if TYPE_CHECKING:
    from ..base import AppContext, Navigator


class TableSource(Protocol):
    """One game on the table: its states so far and, for a live game, the game going on."""

    info: TableInfo

    @property
    def session(self) -> TableSession | None:
        """The live game, for the screens that follow it (``None`` in a replay)."""

    @property
    def replay(self) -> Replay | None:
        """The replayed record, for the screens that follow it (``None`` in a live game)."""

    @property
    def game(self) -> Game:
        """The engine's game (a replay's: the finished game, replayed)."""

    @property
    def states(self) -> Sequence[TableState]:
        """The table after every placement so far."""

    @property
    def stage(self) -> Stage:
        """What the live table shows and waits for (a replay always shows a placement)."""

    @property
    def live_end(self) -> int | None:
        """The state index the live frame corresponds to (one past the end while nothing new
        is placed); ``None``: there is no live frame, only the states (a replay)."""

    @property
    def plays_states(self) -> bool:
        """Stepping forward through the states plays them (motion, screenshot, prediction);
        otherwise they are a live game's past, only looked at."""

    @property
    def complete(self) -> bool:
        """The states are the whole game: the last one is its end."""

    @property
    def can_advance(self) -> bool:
        """The live game has a step to take now."""

    @property
    def chooser(self) -> int | None:
        """The human who chooses a card now (or whom the curtain waits for)."""

    @property
    def can_take_back(self) -> int | None:
        """The human who may take their card back now."""

    @property
    def taking_back(self) -> int | None:
        """The human the curtain asks whether to take their card back."""

    def leave_note(self, ctx: AppContext) -> str | None:
        """What leaving means, to ask before leaving (``None``: leave without asking)."""

    @property
    def upcoming(self) -> tuple[int, int] | None:
        """(player, card) the live game places next, if it shows revealed cards."""

    def advance(self) -> Placement | None:
        """The live game's next step; the placement it made, if any."""

    def poll(self) -> bool:
        """Take in the decisions made by now; whether any was."""

    def live_view(self) -> TableView:
        """The live frame."""

    def hand_owner(self) -> int | None:
        """Whose hand the live frame may show."""

    def hand(self, player: int) -> tuple[int, ...]:
        """``player``'s hand (only ever asked for the hand owner's)."""

    def bot_status(self, player: int) -> BotStatus | None:
        """What the table shows of the bot in seat ``player``, if one sits there."""

    def phase(self) -> tuple[object, ...]:
        """What changes when the live table shows something new (for the hand's guard)."""

    # A human's moves (asked only while the live game waits for them):
    def choose(self, card: int) -> None: ...
    def pick_row(self, row: int) -> None: ...
    def take_back(self) -> None: ...
    def keep_card(self) -> None: ...
    def dismiss_curtain(self) -> None: ...

    def finish(self, nav: Navigator) -> None:
        """The end is reached: show what follows (the results, or the replay's end)."""


class LiveSource:
    """A game being played (:class:`live.session.TableSession`)."""

    def __init__(self, session: TableSession) -> None:
        self.session: TableSession = session
        self.replay = None
        self.info = info_of(session)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def states(self) -> Sequence[TableState]:
        return self.session.states

    @property
    def stage(self) -> Stage:
        return self.session.stage

    @property
    def live_end(self) -> int | None:
        states = self.session.states
        return len(states) - 1 if self.session.stage is Stage.PLACED else len(states)

    plays_states = False

    @property
    def complete(self) -> bool:
        over: bool = self.session.game.is_over
        return over

    @property
    def can_advance(self) -> bool:
        can: bool = self.session.can_advance
        return can

    @property
    def chooser(self) -> int | None:
        return self.session.chooser

    @property
    def can_take_back(self) -> int | None:
        return self.session.can_take_back

    @property
    def taking_back(self) -> int | None:
        return self.session.taking_back

    def leave_note(self, ctx: AppContext) -> str | None:

        if keep_on_leave(ctx, self.session):
            return _("It is kept unfinished: the menu offers to resume it.")
        return _("It is not finished, so it will not be recorded.")

    @property
    def upcoming(self) -> tuple[int, int] | None:
        return self.session.upcoming

    def advance(self) -> Placement | None:
        return self.session.advance()

    def poll(self) -> bool:
        return self.session.poll()

    def live_view(self) -> TableView:
        return live_view(self.session, self.info)

    def hand_owner(self) -> int | None:
        return self.session.hand_owner

    def hand(self, player: int) -> tuple[int, ...]:
        return self.session.game.hand(player)

    def bot_status(self, player: int) -> BotStatus | None:
        return self.session.bot_status(player)

    def phase(self) -> tuple[object, ...]:
        session = self.session
        return (session.stage, session.chooser, session.taking_back, len(session.states), session.game.turn)

    def choose(self, card: int) -> None:
        self.session.choose(card)

    def pick_row(self, row: int) -> None:
        self.session.pick_row(row)

    def take_back(self) -> None:
        self.session.take_back()

    def keep_card(self) -> None:
        self.session.keep_card()

    def dismiss_curtain(self) -> None:
        self.session.dismiss_curtain()

    def finish(self, nav: Navigator) -> None:
        nav.game_over(self.session)


class ReplaySource:
    """A recorded game: every state is known, nothing is played."""

    def __init__(self, replay: Replay) -> None:
        self.replay: Replay = replay
        self.session = None
        self.info = replay.info

    @property
    def game(self) -> Game:
        return self.replay.game

    @property
    def states(self) -> Sequence[TableState]:
        return self.replay.states

    stage = Stage.PLACED
    live_end = None
    plays_states = True
    complete = True
    can_advance = False
    chooser = None
    can_take_back = None
    taking_back = None
    upcoming = None

    def leave_note(self, ctx: AppContext) -> str | None:
        return None

    def advance(self) -> Placement | None:
        return None

    def poll(self) -> bool:
        return False

    def live_view(self) -> TableView:
        return view_of_state(self.replay.states[-1], self.info, final=True)

    def hand_owner(self) -> int | None:
        return None

    def hand(self, player: int) -> tuple[int, ...]:
        return ()

    def bot_status(self, player: int) -> BotStatus | None:
        return None

    def phase(self) -> tuple[object, ...]:
        return ()

    def choose(self, card: int) -> None:
        raise ValueError("a replay takes no moves")

    def pick_row(self, row: int) -> None:
        raise ValueError("a replay takes no moves")

    def take_back(self) -> None:
        raise ValueError("a replay takes no moves")

    def keep_card(self) -> None:
        raise ValueError("a replay takes no moves")

    def dismiss_curtain(self) -> None:
        raise ValueError("a replay takes no moves")

    def finish(self, nav: Navigator) -> None:
        nav.replay_over(self.replay)
