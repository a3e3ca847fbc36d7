"""What one table frame shows, as plain data: the live game now, or any past placement.

The table screen draws a :class:`TableView` and nothing else about the game,
so a placement looks the same whether it is the live one, a step back in the
history, or a step of a replayed record: all three are built by
:func:`view_of_state` from the same :class:`game.timeline.TableState`.
Views hold no hand - hands are drawn by the table only when the live game
says whose hand may show.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from game.engine import Placement
from game.explain import caption_parts, follows
from game.i18n import _
from game.rules import Rules
from game.table_size import MODE_KINDS
from game.timeline import TableState

from live.session import Stage, TableSession, revealed_caption
from game.kinds import HUMAN
from game.i18n import Part
from live.seats import Seat, human_seats, uses_curtain

Rows = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class TableInfo:
    """What stays the same for a whole game: seats, mode, seed, rules."""

    seats: tuple[Seat, ...]
    mode: str
    seed: int
    rules: Rules
    table: int | None = None
    """A recorded class game of a room of many tables: its table (from 1)."""

    @property
    def humans(self) -> tuple[int, ...]:
        return human_seats(self.seats)

    @property
    def uses_curtain(self) -> bool:
        return uses_curtain(self.seats)

    def name(self, player: int) -> str:
        return self.seats[player].name

    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)


@dataclass(frozen=True)
class TableView:
    """Everything public one frame of the table shows (no hand)."""

    stage: Stage
    round: int
    turn: int
    rows: Rows
    scores: tuple[int, ...]
    turn_cards: tuple[int, ...]
    """This turn's cards by player once revealed, else empty."""
    done: int
    """Placements made so far this turn."""
    last: Placement | None
    """The placement on screen (stage PLACED)."""
    rows_before: Rows | None
    """The rows just before ``last`` (for the explanation and the motion)."""
    upcoming: tuple[int, int] | None
    """(player, card) placed by the next step."""
    chooser: int | None
    chosen: tuple[bool, ...]
    """Who has chosen a card (shown as a card back) while cards are chosen."""
    caption: tuple[Part, ...]
    can_advance: bool
    next_label: str
    thinking: tuple[int, ...] = ()
    """Computer players whose decision is being made now (live game only)."""

    def placement_order(self) -> list[tuple[int, int]]:
        """(player, card) of this turn's revealed cards, lowest card first."""
        return sorted(enumerate(self.turn_cards), key=lambda pc: pc[1])

    def placed_players(self) -> set[int]:
        return {player for player, _ in self.placement_order()[:self.done]}


def mode_of_kinds(kinds: Sequence[str]) -> str:
    """The app mode a game's seats correspond to: all human = hotseat, one = solo, none = demo."""
    humans = sum(1 for kind in kinds if kind == HUMAN)
    if humans == 0:
        return "demo"
    if humans == 1 and len(kinds) == len(MODE_KINDS["solo"]):
        return "solo"
    if humans == len(kinds):
        return "hotseat"
    return "solo" if humans == 1 else "hotseat"


def next_label(step: int, players: int, final: bool, round_over: bool = False) -> str:
    """What "Next" does: place the next card, start the next turn (or round), or show the results."""
    if step == players:
        return _("Results") if final else (_("Next round") if round_over else _("Next turn"))
    return _("Next")


def view_of_state(state: TableState, info: TableInfo, final: bool) -> TableView:
    """The frame of one placement; ``final``: it is the game's last placement."""
    placement = state.placement
    order = sorted(enumerate(state.revealed), key=lambda pc: pc[1])
    players = len(info.seats)
    upcoming = order[state.step] if state.step < len(order) else None
    return TableView(
        stage=Stage.PLACED, round=state.round, turn=state.turn, rows=state.rows, scores=state.scores,
        turn_cards=state.revealed, done=state.step, last=placement, rows_before=state.rows_before,
        upcoming=upcoming, chooser=None, chosen=(False,) * players,
        caption=tuple(caption_parts(placement, info.names(), follows(state.rows, placement))), can_advance=True,
        next_label=next_label(state.step, players, final, state.turn == info.rules.turns_per_round - 1),
    )


def view_of_reveal(state: TableState, info: TableInfo) -> TableView:
    """The moment before ``state``'s placement, the first of its turn: every card of the turn
    revealed, none placed yet, the scores as they were."""
    placement = state.placement
    scores = list(state.scores)
    scores[placement.player] -= placement.penalty
    order = sorted(enumerate(state.revealed), key=lambda pc: pc[1])
    players = len(info.seats)
    return TableView(
        stage=Stage.REVEALED, round=state.round, turn=state.turn, rows=state.rows_before, scores=tuple(scores),
        turn_cards=state.revealed, done=0, last=None, rows_before=None, upcoming=order[0] if order else None,
        chooser=None, chosen=(False,) * players,
        caption=(revealed_caption(),), can_advance=True,
        next_label=next_label(0, players, False),
    )


def info_of(session: TableSession) -> TableInfo:
    return TableInfo(session.seats, session.mode, session.game.seed, session.rules)


def live_view(session: TableSession, info: TableInfo | None = None) -> TableView:
    """The frame of the live game now; a placement on screen is drawn from its captured state."""
    info = info or info_of(session)
    game = session.game
    thinking = session.thinking_players
    if session.stage is Stage.PLACED and session.states:
        view = view_of_state(session.states[-1], info, final=game.is_over)
        if thinking:
            view = replace(view, thinking=thinking, can_advance=session.can_advance,
                           next_label=view.next_label if session.can_advance else _("Thinking..."))
        return view
    players = len(session.seats)
    step = session.step_number
    label = next_label(step, players, game.is_over)
    if thinking and not session.can_advance:
        label = _("Thinking...")
    return TableView(
        stage=session.stage, round=game.round, turn=session.shown_turn, rows=game.rows,
        scores=tuple(game.scores), turn_cards=session.turn_cards, done=step, last=None,
        rows_before=None, upcoming=session.upcoming, chooser=session.chooser,
        chosen=tuple(game.has_chosen(p) for p in range(players)) if not game.is_over else (False,) * players,
        caption=tuple(session.caption()), can_advance=session.can_advance,
        next_label=label, thinking=thinking,
    )
