"""The table after every placement: what history browsing and replays show.

A :class:`TableState` is a snapshot of everything public right after one
placement - rows, scores, the turn's revealed cards, the placement itself
and the rows just before it (for explanations) - and nothing private: no
hand is ever part of it, so showing any past state cannot leak a hand.

:func:`capture` takes a snapshot from a live game; :func:`replay_states`
rebuilds every snapshot of a game from its log (a finished game, a game in
progress, or a record), by replaying the logged choices through the engine.
Both give identical snapshots for the same moment.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .engine import Game, Phase, Placement, RoundLog
from .rules import Rules


class TableState(NamedTuple):
    """The public table right after one placement."""

    round: int
    turn: int
    step: int
    """Which placement of the turn this is, from 1."""
    rows: tuple[tuple[int, ...], ...]
    rows_before: tuple[tuple[int, ...], ...]
    """The rows just before this placement."""
    scores: tuple[int, ...]
    revealed: tuple[int, ...]
    """The turn's cards by player (all revealed together)."""
    placement: Placement
    penalty_cards: tuple[tuple[int, ...], ...]
    """Cards each player has taken this round, after this placement."""


def capture(game: Game, placement: Placement, rows_before: tuple[tuple[int, ...], ...]) -> TableState:
    """Snapshot ``game`` right after it returned ``placement`` (before any other action).

    The rows are ``rows_before`` with the placement's recorded outcome
    applied, not ``game.rows``: a placement that ends a round is followed at
    once by the next deal, and the snapshot must still show the table it left.
    """
    round_log = game.rounds[placement.round]
    turn_log = round_log.turns[placement.turn]
    step = turn_log.placements.index(placement) + 1
    rows = list(rows_before)
    if placement.taken:
        rows[placement.row] = (placement.card,)
    else:
        rows[placement.row] = rows_before[placement.row] + (placement.card,)
    piles: list[list[int]] = [[] for _ in range(game.player_count)]
    for turn in round_log.turns[:placement.turn + 1]:
        for earlier in turn.placements:
            piles[earlier.player].extend(earlier.taken)
            if earlier is placement:
                break
    return TableState(placement.round, placement.turn, step, tuple(rows), rows_before,
                      tuple(game.scores), turn_log.plays, placement, tuple(tuple(p) for p in piles))


def replay_states(rules: Rules, player_count: int, seed: int,
                  rounds: Sequence[RoundLog]) -> list[TableState]:
    """Every table state of the logged rounds, in order, replayed through the engine.

    ``rounds`` are the engine's :class:`RoundLog` entries (``game.rounds``);
    a turn still being placed contributes its placements so far.
    """
    game = Game(rules, player_count, seed, deals=[round_log.deal for round_log in rounds])
    states: list[TableState] = []
    for round_log in rounds:
        for turn_log in round_log.turns:
            game.play_cards(turn_log.plays)
            for logged in turn_log.placements:
                rows_before = game.rows
                if game.phase is Phase.CHOOSE_ROW:
                    placement = game.choose_row(logged.player, logged.row)
                else:
                    placement = game.place_next()
                states.append(capture(game, placement, rows_before))
    return states
