"""What each phone receives: one observation per viewer, built in one place.

A seat's observation is the public table plus that seat's own
:class:`~game.engine.PlayerView` (its hand, the card it must place); a
spectator's is the public table alone.  The public table holds only what the
projector shows: rows, scores, names, who is still choosing, the cards of a
turn once revealed.  Nothing here ever reads another seat's hand, so no
message can carry one.

Observations are :mod:`.protocol`'s typed ``state`` and ``lobby`` messages (see
``docs/class-protocol.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.engine import PlayerView
from game.rules import PRESETS, Rules

from .protocol import Lobby, LobbyPlayer, State, StatePlayer
from .room import SeatInfo


@dataclass(frozen=True)
class PublicTable:
    """Everything public about the class game at one moment."""

    phase: str
    """``playing`` or ``over``."""
    rules: Rules
    names: tuple[str, ...]
    phones: tuple[bool, ...]
    """Which seats students play (the others are computer players)."""
    connected: tuple[bool, ...]
    round: int
    turn: int
    rows: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    revealed: tuple[int, ...]
    """This turn's cards by seat once revealed, else empty."""
    waiting: tuple[int, ...]
    """Seats still choosing a card, or the seat that must pick a row."""
    waiting_row: bool
    caption: str
    winners: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    """E.g. "An AI played for Ana (time is up)"."""
    waiting_teacher: bool = False
    """Nothing is asked of anyone: the table waits for the teacher's Space (Auto is off)."""


def public_observation(table: PublicTable) -> State:
    """The table as a spectator (and every seat) sees it."""
    return State(**_table_fields(table))


def seat_observation(table: PublicTable, view: PlayerView, ask: str | None, chosen: int | None) -> State:
    """What seat ``view.player`` sees: the public table, its own hand, what it is asked.

    ``ask``: ``"card"``, ``"row"`` or ``None``; ``chosen``: the card it played this
    turn, until the cards are revealed."""
    penalty = view.rules.penalty
    return State(**_table_fields(table), seat=view.player, ask=ask, hand=view.hand,
                 hand_penalties=tuple(penalty(card) for card in view.hand), chosen=chosen,
                 card_to_place=view.card_to_place)


def _table_fields(table: PublicTable) -> dict[str, Any]:
    """The public table's fields of a ``state`` (the same for every viewer)."""
    rules, names = table.rules, table.names
    return {
        "phase": table.phase,
        "rules": rules.name,
        "round": table.round + 1,
        "turn": table.turn + 1,
        "turns": rules.turns_per_round,
        "players": tuple(map(StatePlayer, names, table.scores, table.phones, table.connected)),
        "rows": table.rows,
        "row_penalties": tuple(map(rules.penalty_of, table.rows)),
        "revealed": table.revealed,
        "waiting": tuple(names[seat] for seat in table.waiting),
        "waiting_row": table.waiting_row,
        "waiting_teacher": table.waiting_teacher,
        "caption": table.caption,
        "winners": tuple(names[seat] for seat in table.winners),
        "winner_seats": table.winners,
        "notes": table.notes,
    }


def penalty_tables() -> dict[str, dict[str, list[int]]]:
    """What the phone page shows of each preset's penalties (``rules.json``): each card's penalty
    (``penalties[card]``, card 0 unused) and the penalties from lowest to highest (a card's colour
    band is its penalty's place there).  ``game/rules.py`` stays the only table."""
    return {name: {"penalties": list(rules.penalties), "levels": sorted(set(rules.penalties[1:]))}
            for name, rules in PRESETS.items()}


def lobby_observation(seats: Sequence[SeatInfo], code: str, seat: int | None, rules: Rules,
                      many_tables: bool = False) -> Lobby:
    """Before the start: who has joined (names only) and which seat is the viewer's.  A room of
    many tables lists the students who joined only (its seats are places in the room)."""
    shown = [info for info in seats if info.taken] if many_tables else list(seats)
    return Lobby(rules.name, code, seat, tuple(LobbyPlayer(info.name, info.connected) for info in shown),
                 tables=many_tables)


def at_table(observation: State, table: int, tables: int) -> State:
    """``observation`` (a seat's or the watchers') of a room of many tables: which table it shows
    (``table`` 0-based; sent 1-based) and how many the room has."""
    return replace(observation, table=table + 1, tables=tables)
