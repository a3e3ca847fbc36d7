"""The table's model: one game, its seats, and which step the class is looking at.

Pure Python (no pygame), so the whole flow of a game - who chooses, the
hot-seat curtain, placing one card per step, a human's rule-4 row choice -
can be tested without pixels.  The session never applies a rule itself: it
asks the engine (:class:`game.engine.Game`) and only keeps what the screen
needs to *show* that the engine has already moved past, e.g. the cards of a
turn whose last placement is still on screen.

Computer players think off the UI thread.  A decision is *requested* as soon
as the game needs it (every AI's card when a turn starts, an AI's row when
its card fits no row) and handed to a :class:`Thinker`: one worker thread
that makes the decisions one at a time, in the order they were requested -
seat order for the cards - so a seed still reproduces a game.  The screen
calls :meth:`TableSession.poll` every frame to take in the decisions that are
back; until then the session does not move past them (the stage is
``THINKING``, or "Next" has nothing to do).  Sessions of random players
only decide at once on the calling thread: their decisions take
microseconds, and the game is then exactly the engine's seeded game.

Bots (``bot:COMMAND``) are agents too; the session owns their
:class:`bots.referee.BotTable` and :meth:`TableSession.close` kills them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import Enum
from collections.abc import Callable, Sequence

from game.i18n import _, rich
from game.players.options import DEFAULT_OPTIONS, AgentOptions
from game.players.agents import Agent
from game.engine import Game, Phase, Placement, predict
from game.explain import caption_parts, follows, preview_parts
from game.i18n import Part
from game.rules import SNAP, Rules
from game.timeline import TableState, capture

from .seats import Seat, human_seats, uses_curtain
from .thinker import BotStatus, ComputerPlayers, Thinker
from concurrent.futures import wait

Rows = tuple[tuple[int, ...], ...]
"""The table's rows, first card first."""



class Stage(Enum):
    """What the table shows and waits for."""

    CURTAIN = "curtain"
    """Hot-seat: the screen is covered until the next human says they are ready."""
    CHOOSE = "choose"
    """A human picks a card from their hand."""
    REVEALED = "revealed"
    """All cards of the turn are face up; the next step places the lowest."""
    PLACED = "placed"
    """One placement was just made; the next step makes the next one."""
    ROW_CHOICE = "row choice"
    """Rule 4: a human's card is lower than every row; they pick a row to take."""
    THINKING = "thinking"
    """Every human has chosen; computer players are still choosing their cards."""
    OVER = "over"




@dataclass(frozen=True)
class Preview:
    """Where a card would go if it were placed now (for hovering over the hand)."""

    card: int
    row: int | None
    """Target row, or ``None`` when the card is lower than every row (rule 4)."""
    takes: bool
    """The row is full: this card would be its 6th card and take the row."""




def preview(rows: Sequence[Sequence[int]], card: int) -> Preview:
    """Where ``card`` would go if it were placed on ``rows`` now (hints, the next card)."""
    row, takes = predict(rows, card)
    return Preview(card, row, takes)


class TableSession:
    """Drives one game step by step for the table screen."""

    def __init__(self, seats: Sequence[Seat], seed: int | None = None, rules: Rules = SNAP,
                 mode: str = "solo", options: AgentOptions = DEFAULT_OPTIONS, *,
                 agents: Sequence[Agent | None] | None = None, threaded: bool | None = None,
                 thinker: Thinker | None = None, own_agents: Sequence[Agent | None] | None = None,
                 placed: Callable[[Placement, Rows], None] | None = None) -> None:
        """``agents``, ``threaded``, ``thinker``: see :meth:`live.thinker.ComputerPlayers.seated`; ``own_agents``:
        who replaces a replay's stand-ins (:meth:`take_own_players`); ``placed``: told of each placement."""
        self.seats = tuple(seats)
        self._own_agents = own_agents
        self._placed = placed
        self.mode = mode
        self.game = Game(rules=rules, player_count=len(self.seats), seed=seed)
        self.players = ComputerPlayers.seated(self.seats, self.game.seed, options, agents, threaded, thinker)
        self.closed = False
        self.stage = Stage.CHOOSE
        self.chooser: int | None = None
        """The human who is choosing (or who the curtain waits for)."""
        self.shown_turn = 0
        self.turn_cards: tuple[int, ...] = ()
        """This turn's cards by player once revealed (kept until the next turn starts)."""
        self._turn_start = 0
        """How many states there were when the turn on screen started."""
        self.chosen_by: list[int] = []
        """The humans who chose a card this turn, in order (the last may take it back)."""
        self.keep_key = secrets.token_hex(8)  # this game's key among the history's unfinished games
        self.record_number: int | None = None
        """Its number in the history once saved there (a class lesson names its games by it)."""
        self.taking_back: int | None = None
        """In hot-seat: the human asked behind the curtain whether to take their card back."""
        self._asked_from = Stage.CURTAIN
        self.states: list[TableState] = []
        """The table after every placement so far: all the session keeps of what happened."""
        self._start_turn()

    def close(self) -> None:
        """The game is left (or over): stop thinking and kill its bots (idempotent)."""
        self.closed = True
        self.players.close()

    def take_own_players(self, options: AgentOptions = DEFAULT_OPTIONS) -> None:
        """Seat the players of the seats' kinds in place of stand-ins (a resumed game)."""
        self.players.take_over(self.game.seed, options, self.game, self._own_agents)

    # --------------------------------------------------------- queries
    @property
    def thinking_players(self) -> tuple[int, ...]:
        """Computer players whose decision is being made now, in seat order."""
        return self.players.thinking_players

    def bot_status(self, player: int) -> BotStatus | None:
        """The live state of the bot in seat ``player`` (``None`` if it is not a bot)."""
        return self.players.bot_status(player)

    @property
    def rules(self) -> Rules:
        """The rules preset of the game."""
        return self.game.rules

    @property
    def uses_curtain(self) -> bool:
        """More than one human shares the screen: hide hands between their turns."""
        return uses_curtain(self.seats)

    @property
    def placements(self) -> list[Placement]:
        """Placements of the turn on screen, in order."""
        return [state.placement for state in self.states[self._turn_start:]]

    @property
    def last(self) -> Placement | None:
        """The placement on screen (the one just made), if any."""
        return self.placements[-1] if self.placements and self.stage is Stage.PLACED else None

    @property
    def hand_owner(self) -> int | None:
        """Whose hand may be shown now: only the chooser's, and never behind the curtain."""
        if self.stage is Stage.CHOOSE:
            return self.chooser
        if self.stage in (Stage.REVEALED, Stage.PLACED, Stage.ROW_CHOICE, Stage.THINKING) and not self.uses_curtain:
            humans = human_seats(self.seats)
            return humans[0] if humans else None
        return None

    @property
    def can_advance(self) -> bool:
        """Whether Next has something to do now."""
        return can_advance(self)

    @property
    def row_chooser(self) -> int | None:
        """The human who must pick a row now."""
        return self.game.awaiting_row_choice if self.stage is Stage.ROW_CHOICE else None

    @property
    def upcoming(self) -> tuple[int, int] | None:
        """(player, card) placed by the next step, if this turn still has cards to place."""
        if self.stage in (Stage.REVEALED, Stage.PLACED, Stage.ROW_CHOICE):
            return self.game.next_placement
        return None

    @property
    def step_number(self) -> int:
        """1-4: which placement of the turn is on screen (0 before the first)."""
        return len(self.placements)

    def name(self, player: int) -> str:
        return self.seats[player].name

    # ---------------------------------------------------------- actions
    def dismiss_curtain(self) -> None:
        """The named human is at the keyboard: show their hand."""
        if self.stage is Stage.CURTAIN:
            self.stage = Stage.CHOOSE

    def choose(self, card: int) -> None:
        """The chooser plays ``card`` (secret until everyone has chosen)."""
        if self.stage is not Stage.CHOOSE or self.chooser is None:
            raise ValueError("no human is choosing a card now")
        self.game.choose_card(self.chooser, card)
        self.chosen_by.append(self.chooser)
        self._after_choice()

    @property
    def can_take_back(self) -> int | None:
        """The human who may take their card back now: the last who chose, while a card of the
        turn is still to be chosen - on the curtain that follows them, or while AIs think."""
        if self.stage in (Stage.CURTAIN, Stage.THINKING) and self.chosen_by and self.game.waiting_for:
            return self.chosen_by[-1]
        return None

    def take_back(self) -> None:
        """The last human who chose takes their card back and chooses again; in hot-seat (whoever
        pressed Backspace may be the next player) the curtain asks them first: a second call is yes."""
        player = self.can_take_back
        if player is None:
            raise ValueError("no card can be taken back now")
        if self.uses_curtain and self.taking_back != player:
            self.taking_back, self._asked_from, self.stage = player, self.stage, Stage.CURTAIN
            return
        self.game.take_back(player)
        self.chosen_by.pop()
        self.chooser, self.stage, self.taking_back = player, Stage.CHOOSE, None

    def keep_card(self) -> None:
        """The one asked keeps their card: the table is as before the question."""
        if self.taking_back is not None:
            self.stage, self.taking_back = self._asked_from, None

    def poll(self) -> bool:
        """Take in the computer players' cards that are chosen by now; whether any was.

        A row decision that is back waits for the step that places its card.
        """
        if self.closed:
            return False
        back = self.players.cards_back(self.game)
        for player, card in back:
            self.game.choose_card(player, card)
        taken = bool(back)
        if taken and self.stage is Stage.THINKING:
            self._after_choice()
        return taken

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the decisions asked so far, then :meth:`poll`; whether
        none is left outstanding (for tools and tests; the app polls every frame instead)."""

        wait(list(self.players.thinking.values()), timeout=seconds)
        self.poll()
        return not self.thinking_players

    def advance(self) -> Placement | None:
        """Next step: place one card, ask a human for a row, or start the next turn."""
        self.poll()
        if not self.can_advance:
            return None
        game = self.game
        if len(self.placements) == len(self.seats):
            self._start_turn()
            return None
        if game.phase is Phase.PLACE_CARD:
            rows_before = game.rows
            return self._record(game.place_next(), rows_before)
        if game.phase is Phase.CHOOSE_ROW:
            player = game.awaiting_row_choice
            assert player is not None
            if self.players.agents[player] is None:
                self.stage = Stage.ROW_CHOICE
                return None
            row = self.players.thinking.pop(player).result()  # back: can_advance checked it
            rows_before = game.rows
            return self._record(game.choose_row(player, row), rows_before)
        return None

    def pick_row(self, row: int) -> Placement:
        """The human of a rule-4 card takes ``row`` (0-3)."""
        player = self.row_chooser
        if player is None:
            raise ValueError("no row choice is expected now")
        rows_before = self.game.rows
        return self._record(self.game.choose_row(player, row), rows_before)

    # --------------------------------------------------------- captions
    def caption(self) -> list[Part]:
        """One line telling the class what is happening (numbers as ints, to stamp)."""
        return live_caption(self)

    # --------------------------------------------------------- internals
    def _record(self, placement: Placement, rows_before: Rows) -> Placement:
        self.states.append(capture(self.game, placement, rows_before))
        self.stage = Stage.PLACED
        self._ask_row()
        if self._placed is not None:
            self._placed(placement, rows_before)
        return placement

    def _ask_row(self) -> None:
        self.players.ask_row(self.game)

    def _start_turn(self) -> None:
        game = self.game
        self._turn_start = len(self.states)
        self.chosen_by = []
        self.turn_cards = ()
        if game.is_over:
            self.stage = Stage.OVER
            self.chooser = None
            return
        self.shown_turn = game.turn
        self.players.ask_cards(game)
        self.poll()
        self._after_choice(first=True)

    def _after_choice(self, first: bool = False) -> None:
        waiting = [p for p in self.game.waiting_for if self.players.agents[p] is None]
        if waiting:
            self.chooser = waiting[0]
            self.stage = Stage.CURTAIN if self.uses_curtain else Stage.CHOOSE
            return
        self.chooser = None
        if self.game.waiting_for:
            self.stage = Stage.THINKING
            return
        self.turn_cards = self.game.revealed
        self.stage = Stage.REVEALED
        self._ask_row()


def preview_caption(session: TableSession, card: int) -> list[Part]:
    """What would happen to ``card`` if it were placed now, for the chooser."""
    return preview_parts(session.game.rows, session.rules, card)


def row_penalties(session: TableSession) -> list[int]:
    """The penalty a player would take with each row now."""
    return [session.rules.penalty_of(row) for row in session.game.rows]


def can_advance(session: TableSession) -> bool:
    """Whether "Next" has something to do (placing, or starting the next turn); not while the
    computer player whose row comes next is still thinking."""
    if session.stage not in (Stage.REVEALED, Stage.PLACED):
        return False
    player = session.game.awaiting_row_choice
    if player is not None and session.players.agents[player] is not None and len(session.placements) < len(session.seats):
        future = session.players.thinking.get(player)
        return future is not None and future.done()
    return True


def live_caption(session: TableSession) -> list[Part]:
    """What the live table says now: who chooses, who thinks, what was just placed (numbers as ints, to stamp)."""
    stage = session.stage
    if stage is Stage.CURTAIN:
        return [_("Pass to {name}").format(name=session.name(session.chooser or 0))]
    if stage is Stage.CHOOSE:
        if not session.uses_curtain:
            return [_("Your turn: choose a card to play")]
        return [_("{name}, your turn: choose a card to play").format(name=session.name(session.chooser or 0))]
    if stage is Stage.THINKING:
        return [thinking_caption([session.name(p) for p in session.thinking_players])]
    if stage is Stage.REVEALED:
        return [revealed_caption()]
    if stage is Stage.ROW_CHOICE:
        player, card = session.game.next_placement or (0, 0)
        if not session.uses_curtain:
            return rich(_("Your {card} is lower than every row: pick a row to take (its cards are your penalty)"),
                        card=card)
        return rich(_("{name}'s {card} is lower than every row: {name}, pick a row to take"),
                    name=session.name(player), card=card)
    if stage is Stage.OVER:
        return [_("The game is over")]
    state = session.states[-1]
    return caption_parts(state.placement, [seat.name for seat in session.seats], follows(state.rows, state.placement))


def revealed_caption() -> str:
    """What the table says while the turn's cards are all face up and none is placed yet."""
    return _("All cards are revealed: they are placed lowest first")


def thinking_caption(names: Sequence[str]) -> str:
    """Who is still choosing a card, e.g. "AI 1 and AI 3 are choosing a card..." (none named:
    the computer players)."""
    if not names:
        return _("The computer players are choosing a card...")
    if len(names) == 1:
        return _("{name} is choosing a card...").format(name=names[0])
    # NOTE: two or more names: {names} lists all but the last, joined by ", ".
    who = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
    return _("{names} are choosing a card...").format(names=who)
