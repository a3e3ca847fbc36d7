"""The table's model: one game, its seats, and which step the class is looking at.

Pure Python (no pygame), so the whole flow of a game - who chooses, the
hot-seat curtain, placing one card per step, a human's rule-4 row choice -
can be tested without pixels.  The session never applies a rule itself: it
asks the engine (:class:`game.engine.Game`) and only keeps what the screen
needs to *show* that the engine has already moved past, e.g. the cards of a
turn whose last placement is still on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence, Union

from game.agents import Agent
from game.engine import Game, Phase, Placement, Rule, target_row
from game.play import make_agents
from game.rules import ROW_LIMIT, SNAP, Rules
from game.timeline import TableState, capture

HUMAN = "human"
AI_KIND = "random"

Part = Union[str, int]
"""A caption piece: words (drawn with a font) or a number (stamped with digit sprites)."""


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
    OVER = "over"


@dataclass(frozen=True)
class Seat:
    """One player at the table."""

    name: str
    kind: str
    """``human`` or an agent kind such as ``random``."""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


MODE_KINDS: dict[str, tuple[str, ...]] = {
    "solo": (HUMAN, AI_KIND, AI_KIND, AI_KIND),
    "hotseat": (HUMAN,) * 4,
    "demo": (AI_KIND,) * 4,
}

MODE_TITLES: dict[str, str] = {
    "solo": "1 player vs 3 AIs",
    "hotseat": "4 players, hot-seat",
    "demo": "Watch 4 AIs",
}


def default_names(mode: str) -> tuple[str, ...]:
    """Player 1-4 for humans, AI 1-3 (or 1-4 in demo) for computer players."""
    names: list[str] = []
    humans = ais = 0
    for kind in MODE_KINDS[mode]:
        if kind == HUMAN:
            humans += 1
            names.append(f"Player {humans}")
        else:
            ais += 1
            names.append(f"AI {ais}")
    return tuple(names)


def seats_for(mode: str, names: Sequence[str] | None = None) -> tuple[Seat, ...]:
    """The four seats of ``mode``, named ``names`` (defaults when ``None``)."""
    chosen = tuple(names) if names is not None else default_names(mode)
    return tuple(Seat(name, kind) for name, kind in zip(chosen, MODE_KINDS[mode]))


@dataclass(frozen=True)
class Preview:
    """Where a card would go if it were placed now (for hovering over the hand)."""

    card: int
    row: int | None
    """Target row, or ``None`` when the card is lower than every row (rule 4)."""
    takes: bool
    """The row is full: this card would be its 6th card and take the row."""


class TableSession:
    """Drives one game step by step for the table screen."""

    def __init__(self, seats: Sequence[Seat], seed: int | None = None, rules: Rules = SNAP,
                 mode: str = "solo") -> None:
        self.seats = tuple(seats)
        self.mode = mode
        self.game = Game(rules=rules, player_count=len(self.seats), seed=seed)
        all_agents = make_agents([AI_KIND] * len(self.seats), self.game.seed)
        self.agents: list[Agent | None] = [None if s.is_human else a for s, a in zip(self.seats, all_agents)]
        self.stage = Stage.CHOOSE
        self.chooser: int | None = None
        """The human who is choosing (or who the curtain waits for)."""
        self.shown_turn = 0
        self.turn_cards: tuple[int, ...] = ()
        """This turn's cards by player once revealed (kept until the next turn starts)."""
        self.placements: list[Placement] = []
        """Placements of the turn on screen, in order."""
        self.history: list[Placement] = []
        self.states: list[TableState] = []
        """The public table after every placement so far (for stepping back through the game)."""
        self._caption: list[Part] = []
        self._start_turn()

    # --------------------------------------------------------- queries
    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def uses_curtain(self) -> bool:
        """More than one human shares the screen: hide hands between their turns."""
        return len(self.humans) > 1

    @property
    def last(self) -> Placement | None:
        """The placement on screen (the one just made), if any."""
        return self.placements[-1] if self.placements and self.stage is Stage.PLACED else None

    @property
    def hand_owner(self) -> int | None:
        """Whose hand may be shown now: only the chooser's, and never behind the curtain."""
        if self.stage is Stage.CHOOSE:
            return self.chooser
        if self.stage in (Stage.REVEALED, Stage.PLACED, Stage.ROW_CHOICE) and not self.uses_curtain:
            return self.humans[0] if self.humans else None
        return None

    @property
    def can_advance(self) -> bool:
        """Whether "Next" has something to do (placing, or starting the next turn)."""
        return self.stage in (Stage.REVEALED, Stage.PLACED)

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

    def placement_order(self) -> list[tuple[int, int]]:
        """(player, card) of this turn's revealed cards, lowest card first."""
        return sorted(enumerate(self.turn_cards), key=lambda pc: pc[1])

    def preview(self, card: int) -> Preview:
        """Where ``card`` would go if it were placed on the rows as they are now."""
        rows = self.game.rows
        row = target_row(rows, card)
        return Preview(card, row, row is not None and len(rows[row]) >= ROW_LIMIT)

    def preview_caption(self, card: int) -> list[Part]:
        """What would happen to ``card`` if it were placed now, for the chooser."""
        preview = self.preview(card)
        if preview.row is None:
            return [card, " is lower than every row: you would pick a row to take"]
        if preview.takes:
            row = self.game.rows[preview.row]
            return [card, " would be the 6th card in row ", preview.row + 1, ": you would take ",
                    len(row), " cards, ", self.rules.penalty_of(row), " points"]
        return [card, " would go to row ", preview.row + 1]

    def row_penalties(self) -> list[int]:
        """The penalty a player would take with each row."""
        return [self.rules.penalty_of(row) for row in self.game.rows]

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
        self._after_choice()

    def advance(self) -> Placement | None:
        """Next step: place one card, ask a human for a row, or start the next turn."""
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
            agent = self.agents[player]
            if agent is None:
                self.stage = Stage.ROW_CHOICE
                return None
            rows_before = game.rows
            return self._record(game.choose_row(player, agent.choose_row(game.view(player))), rows_before)
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
        stage = self.stage
        if stage is Stage.CURTAIN:
            return [f"Pass to {self.name(self.chooser or 0)}"]
        if stage is Stage.CHOOSE:
            who = "Your" if not self.uses_curtain else f"{self.name(self.chooser or 0)}, your"
            return [f"{who} turn: choose a card to play"]
        if stage is Stage.REVEALED:
            return ["All cards are revealed: they are placed lowest first"]
        if stage is Stage.ROW_CHOICE:
            player, card = self.game.next_placement or (0, 0)
            if not self.uses_curtain:
                return ["Your ", card, " is lower than every row: pick a row to take (its cards are your penalty)"]
            return [f"{self.name(player)}'s ", card, " is lower than every row: "
                    f"{self.name(player)}, pick a row to take"]
        if stage is Stage.OVER:
            return ["The game is over"]
        return list(self._caption)

    # --------------------------------------------------------- internals
    def _record(self, placement: Placement, rows_before: tuple[tuple[int, ...], ...]) -> Placement:
        self.states.append(capture(self.game, placement, rows_before))
        row = self.game.rows[placement.row]
        after = row[-2] if placement.rule is Rule.CLOSEST_ROW and len(row) > 1 else None
        self._caption = describe(placement, self.seats, after)
        self.placements.append(placement)
        self.history.append(placement)
        self.stage = Stage.PLACED
        return placement

    def _start_turn(self) -> None:
        game = self.game
        self.placements = []
        self.turn_cards = ()
        if game.is_over:
            self.stage = Stage.OVER
            self.chooser = None
            return
        self.shown_turn = game.turn
        for player, agent in enumerate(self.agents):
            if agent is not None:
                game.choose_card(player, agent.choose_card(game.view(player)))
        self._after_choice(first=True)

    def _after_choice(self, first: bool = False) -> None:
        waiting = self.game.waiting_for
        if waiting:
            self.chooser = waiting[0]
            self.stage = Stage.CURTAIN if self.uses_curtain else Stage.CHOOSE
            return
        self.chooser = None
        self.turn_cards = self.game.revealed
        self.stage = Stage.REVEALED


def describe(placement: Placement, seats: Sequence[Seat], after: int | None = None) -> list[Part]:
    """What one placement did, e.g. "Bob's 88 is the 6th card in row 3: Bob takes 5 cards, 21 points".

    ``after`` is the card the placed one follows (rules 1-2), when known.
    """
    name = seats[placement.player].name
    row = placement.row + 1
    took = len(placement.taken)
    cards = "card" if took == 1 else "cards"
    points = "point" if placement.penalty == 1 else "points"
    if placement.rule is Rule.SIXTH_CARD:
        return [f"{name}'s ", placement.card, " is the 6th card in row ", row,
                f": {name} takes ", took, f" {cards}, ", placement.penalty, f" {points}"]
    if placement.rule is Rule.LOW_CARD:
        return [f"{name}'s ", placement.card, f" is lower than every row: {name} takes row ", row,
                ", ", took, f" {cards}, ", placement.penalty, f" {points}"]
    if after is None:
        return [f"{name}'s ", placement.card, " goes to row ", row]
    return [f"{name}'s ", placement.card, " goes to row ", row, ", after ", after]
