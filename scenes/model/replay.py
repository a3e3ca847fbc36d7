"""A recorded game ready to be shown: its seats, every table state, the finished game.

Nothing is decided here: :mod:`game.record` checks a record by replaying it
through the engine and, in that same pass, captures the table after every
placement (:class:`game.record.ReplayedRecord`), exactly as a live game
captures it; a live game's log is turned into states by
:func:`game.timeline.replay_states`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game
from game.record import GameRecord, ReplayedRecord, replay_record
from game.rules import rules_named
from game.table_size import CLASS_MODE
from game.timeline import TableState, replay_states

from live.seats import Seat
from .view import TableInfo, mode_of_kinds


@dataclass(frozen=True)
class Replay:
    info: TableInfo
    states: tuple[TableState, ...]
    game: Game
    """The finished game, replayed (scores and winners for the results)."""


def replay_of_record(record: GameRecord | ReplayedRecord) -> Replay:
    """A checked record as a replay; a bare record is replayed (once) first
    (``RecordError`` if it does not replay)."""
    replayed = record if isinstance(record, ReplayedRecord) else replay_record(record)
    record = replayed.record
    seats = tuple(Seat(p.name, p.kind) for p in record.players)
    mode = CLASS_MODE if record.mode == CLASS_MODE else mode_of_kinds([p.kind for p in record.players])
    info = TableInfo(seats, mode, record.seed, rules_named(record.rules), record.table)
    return Replay(info, replayed.states, replayed.game)


def replay_of_game(game: Game, seats: tuple[Seat, ...], mode: str | None = None) -> Replay:
    """Every placement of ``game`` so far (finished or not), shown like a record's."""
    info = TableInfo(seats, mode or mode_of_kinds([seat.kind for seat in seats]), game.seed, game.rules)
    states = tuple(replay_states(game.rules, game.player_count, game.seed, game.rounds))
    return Replay(info, states, game)
