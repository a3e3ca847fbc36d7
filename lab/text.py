"""Records written as JSON text directly, the same bytes as ``GameRecord.to_json``.

``to_json`` builds a dictionary of the whole game and hands it to
``json.dumps``; for the strategy lab, which writes a record per game at many
thousands of games a second, that is most of the time spent.  Everything in
a record but the names and kinds is a small whole number, so the text is
assembled here from pieces: ``repr`` of a list of ints with its spaces
removed is exactly its compact JSON.  Names and kinds (any text) still go
through ``json.dumps``, once per run.

``tests/lab/test_lab.py`` checks these lines against ``to_json`` on many games.
"""

from __future__ import annotations

import json
from typing import Sequence

import numpy as np

from game.batch.games import RoundLog as BatchRound, TurnLog as BatchTurn
from game.engine import RoundLog
from game.record import FORMAT
from game.rules import HAND_SIZE, HIGHEST_CARD, PRESETS, ROWS

MAX_SEATS = max(preset.max_players for preset in PRESETS.values())

PLACEMENT_PREFIX = tuple(f'{{"player":{seat},"card":' for seat in range(MAX_SEATS))
"""The start of a placement's object, by seat; the card follows."""
PLACED = tuple(tuple(f'{prefix}{card},"row":' for card in range(HIGHEST_CARD + 1)) for prefix in PLACEMENT_PREFIX)
"""``PLACED[seat][card]``: a placement's object up to its row."""
PLACED_AFTER = tuple(tuple("," + text for text in by_card) for by_card in PLACED)
"""The same after a comma: any placement of a turn but the first."""
ROUND_HEAD = tuple('{"hands":[[' + "],[".join([",".join(["%d"] * HAND_SIZE)] * seats)
                   + ']],"rows":[' + ",".join(["[%d]"] * ROWS) + '],"turns":[' for seats in range(MAX_SEATS + 1))
"""``ROUND_HEAD[players] % (every hand's cards..., the rows' cards...)``: a round's object up to its turns."""
TURN_HEAD = tuple('{"plays":[' + ",".join(["%d"] * seats) + '],"placements":[' for seats in range(MAX_SEATS + 1))
"""``TURN_HEAD[players] % tuple(plays)``: a turn's object up to its placements."""
NOTHING_TAKEN = tuple(f'{row},"took":[]}}' for row in range(4))
"""``NOTHING_TAKEN[row]``: the end of a placement that took no card."""


def list_text(values: Sequence[object]) -> str:
    """Compact JSON of a list of ints (or of lists of ints): ``[1,2,[3]]``."""
    return repr(values).replace(" ", "")


def record_head(rules: str) -> str:
    """A record's text up to its seed."""
    return f'{{"format":{json.dumps(FORMAT)},"rules":{json.dumps(rules, ensure_ascii=False)},"seed":'


def players_text(kinds: Sequence[str], names: dict[str, str] | None = None) -> str:
    """A record's text from after its seed up to its first round: the players, named
    ``Player 1``... as ``simulate`` names them, or by ``names[kind]`` (a named bot)."""
    names = names or {}
    players = [{"name": names.get(kind, f"Player {seat + 1}"), "kind": kind} for seat, kind in enumerate(kinds)]
    return f',"players":{json.dumps(players, separators=(",", ":"), ensure_ascii=False)},"rounds":['


def round_text(round_: RoundLog) -> str:
    """One round of the engine's log as the format's JSON object."""
    turns = []
    for turn in round_.turns:
        placed = ",".join(
            f'{PLACEMENT_PREFIX[p.player]}{p.card},"row":{p.row},"took":{list_text(list(p.taken))}}}'
            for p in turn.placements)
        turns.append(f'{{"plays":{list_text(list(turn.plays))},"placements":[{placed}]}}')
    deal = round_.deal
    hands = list_text([list(hand) for hand in deal.hands])
    rows = list_text([[card] for card in deal.rows])
    return (f'{{"hands":{hands},"rows":{rows},"turns":[{",".join(turns)}],'
            f'"penalties":{list_text(list(round_.penalties))}}}')


def record_text(head: str, seed: int, players: str, rounds: Sequence[str],
                scores: Sequence[int], winners: Sequence[int]) -> str:
    """A whole record line (without its newline)."""
    return (f'{head}{seed}{players}{",".join(rounds)}],"scores":{list_text(list(scores))},'
            f'"winners":{list_text(list(winners))}}}')


def batch_round_texts(round_log: BatchRound) -> list[str]:
    """Each game's round of a batched round's log (:mod:`game.batch.games`) as the format's JSON
    object, in the log's game order: the same text :func:`round_text` writes from the engine's log."""
    players = len(round_log.hands)
    games = len(round_log.games)
    deals = np.concatenate([round_log.hands.reshape(players * HAND_SIZE, games), round_log.starts]).T.tolist()
    head = ROUND_HEAD[players]
    texts = [[head % tuple(cards)] for cards in deals]
    for index, turn in enumerate(round_log.turns):
        for pieces, turn_text in zip(texts, _batch_turn_texts(turn, players)):
            pieces.append("," + turn_text if index else turn_text)
    assert round_log.penalties is not None
    for pieces, penalties in zip(texts, round_log.penalties.T.tolist()):
        pieces.append(f'],"penalties":{list_text(penalties)}}}')
    return ["".join(pieces) for pieces in texts]


def _batch_turn_texts(turn: BatchTurn, players: int) -> list[str]:
    """Each game's turn object (``{"plays":[...],"placements":[...]}``)."""
    turn_head = TURN_HEAD[players]
    found = []
    for plays, order, rows, counts, took in zip(turn.plays.T.tolist(), turn.order.T.tolist(), turn.rows.T.tolist(),
                                                turn.took_count.T.tolist(), turn.took.transpose(2, 0, 1).tolist()):
        parts = [turn_head % tuple(plays)]
        placed = PLACED
        for key, row, count, cards in zip(order, rows, counts, took):
            start = placed[key & 15][key >> 4]
            parts.append(start + (NOTHING_TAKEN[row] if not count else f'{row},"took":{list_text(cards[:count])}}}'))
            placed = PLACED_AFTER
        parts.append("]}")
        found.append("".join(parts))
    return found
