"""A recorded game ready to be shown: its seats, every table state, the finished game.

Nothing is decided here: :func:`game.record.check_record` replays the record
through the engine (and rejects an illegal one), and
:func:`game.timeline.replay_states` rebuilds the table after every placement,
exactly as a live game captures it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game
from game.record import GameRecord, check_record
from game.rules import rules_named
from game.timeline import TableState, replay_states

from .session import Seat
from .view import TableInfo, mode_of_kinds


@dataclass(frozen=True)
class Replay:
    info: TableInfo
    states: tuple[TableState, ...]
    game: Game
    """The finished game, replayed (scores and winners for the results)."""


def replay_of_record(record: GameRecord) -> Replay:
    """``RecordError`` if the record does not replay (``main.py`` has checked it already)."""
    game = check_record(record)
    rules = rules_named(record.rules)
    seats = tuple(Seat(p.name, p.kind) for p in record.players)
    info = TableInfo(seats, mode_of_kinds([p.kind for p in record.players]), record.seed, rules)
    states = tuple(replay_states(rules, len(seats), record.seed, game.rounds))
    return Replay(info, states, game)


def replay_of_game(game: Game, seats: tuple[Seat, ...], mode: str | None = None) -> Replay:
    """Every placement of ``game`` so far (finished or not), shown like a record's."""
    info = TableInfo(seats, mode or mode_of_kinds([seat.kind for seat in seats]), game.seed, game.rules)
    states = tuple(replay_states(game.rules, game.player_count, game.seed, game.rounds))
    return Replay(info, states, game)
