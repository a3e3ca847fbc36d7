"""Game records, format ``6takes-record/1``: one JSON object per game, one game per line.

A record is the engine's own log written down (see ``docs/record-format.md``).
Reading a record checks it completely - shape, types, names, and that every
placement is what the rules give for the recorded plays - by replaying it
through the engine once; any problem is reported with the file, the line and
the reason.  That same pass gives the record its rounds (the engine's
:class:`~game.engine.RoundLog`, the one representation of what happened) and,
for a replay, the table after every placement: nothing is replayed twice.

Files are read and written through :mod:`game.jsonl` (regular files only,
bounded lines, one synced write per record, never glued onto a torn line).
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from .i18n import N_, _, ngettext
from .players.agents import AGENT_KINDS
from .kinds import HUMAN, is_bot_kind
from .engine import Deal, Game, Phase, Placement, RoundLog, check_seed, deal_cards
from .errors import IllegalActionError
from .jsonl import (
    Line,
    LineError,
    append_line,
    decode_json,
    iter_lines,
    line_problem,
    nth_line,
    open_regular_file,
    cannot_read,
)
from .rules import ALL_CARDS, HAND_SIZE, PRESETS, ROWS, rules_named
from .table_size import CLASS_MODE
from .text import InvalidNameError, check_name, drawable, is_valid_unicode, shown_name
from .timeline import TableState, capture

FORMAT = "6takes-record/1"
TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
RECORD_MODES = (CLASS_MODE,)
MAX_TABLES = 60
"""The most tables a class room plays at (a phone a table)."""
"""Values of a record's optional ``mode`` (absent: a game of one computer)."""


class RecordError(ValueError):
    """A record that cannot be read: the message names where and why."""


@dataclass(frozen=True)
class PlayerInfo:
    """Who sat in a seat."""

    name: str
    kind: str
    """``human``, or a computer player kind such as ``random``."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game."""

    rules: str
    seed: int
    players: tuple[PlayerInfo, ...]
    rounds: tuple[RoundLog, ...]
    """The engine's own log of every round: the deal, each turn's plays and
    placements, the penalties.  The record format is this log written down."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    finished: str | None = None
    """When the game ended (UTC, ``YYYY-MM-DDTHH:MM:SSZ``); the app writes it,
    ``simulate`` does not (its files must be identical run after run)."""
    mode: str | None = None
    """``"class"`` for a game the class played from their phones; otherwise not written."""
    room: str | None = None
    """A class game's room code, when the room played at many tables (else not written)."""
    table: int | None = None
    """Which table of that room (1 = the first), when the room played at many tables."""

    def to_dict(self) -> dict[str, Any]:
        """The record as the JSON object of the format (keys in documented order)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules,
            "seed": self.seed,
            "players": [{"name": p.name, "kind": p.kind} for p in self.players],
            "rounds": [_round_to_dict(r) for r in self.rounds],
            "scores": list(self.scores),
            "winners": list(self.winners),
        }
        if self.finished is not None:
            data["finished"] = self.finished
        if self.mode is not None:
            data["mode"] = self.mode
        if self.room is not None and self.table is not None:
            data["room"], data["table"] = self.room, self.table
        return data

    def to_json(self) -> str:
        """One line of JSON, without the newline."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)


def _round_to_dict(round_: RoundLog) -> dict[str, Any]:
    """A round of the engine's log as the format's object (``taken`` is written ``took``;
    a placement's penalty and rule follow from the rules, so they are not written)."""
    return {
        "hands": [list(hand) for hand in round_.deal.hands],
        "rows": [[card] for card in round_.deal.rows],
        "turns": [
            {
                "plays": list(turn.plays),
                "placements": [
                    {"player": p.player, "card": p.card, "row": p.row, "took": list(p.taken)}
                    for p in turn.placements
                ],
            }
            for turn in round_.turns
        ],
        "penalties": list(round_.penalties),
    }


# ------------------------------------------------------------------ writing
def record_game(game: Game, players: Sequence[PlayerInfo], finished: str | None = None,
                mode: str | None = None, room: str | None = None, table: int | None = None) -> GameRecord:
    """The record of a finished ``game`` whose seats were taken by ``players``.

    ``finished`` is the time the game ended, as from :func:`utc_timestamp`.
    The record shares the finished game's log (nothing changes it any more).
    """
    if not game.is_over:
        raise ValueError(_("only a finished game can be recorded"))
    if len(players) != game.player_count:
        raise ValueError(_("{expected} players expected, got {count}").format(expected=game.player_count,
                                                                             count=len(players)))
    for seat, player in enumerate(players):
        try:
            check_name(player.name)
        except InvalidNameError as problem:
            raise InvalidNameError(_("player {seat} name {name} {problem}").format(
                seat=seat, name=repr(shown_name(player.name)), problem=problem)) from None
    return GameRecord(
        rules=game.rules.name,
        seed=game.seed,
        players=tuple(players),
        rounds=tuple(game.rounds),
        scores=tuple(game.scores),
        winners=game.winners,
        finished=finished,
        mode=mode,
        room=room,
        table=table,
    )


def utc_timestamp(moment: datetime | None = None) -> str:
    """``moment`` (default: now) as the records' time format, e.g. ``2026-11-21T23:05:00Z``."""
    moment = moment or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime(TIMESTAMP_FORMAT)


def parse_timestamp(text: str) -> datetime:
    """The time written by :func:`utc_timestamp`; ``ValueError`` for anything else."""
    return datetime.strptime(text, TIMESTAMP_FORMAT).replace(tzinfo=timezone.utc)


def write_records(path: str | Path, records: Iterable[GameRecord], *, append: bool = False) -> int:
    """Write records to ``path``, one per line; return how many were written.

    Appending goes through :func:`append_record` (one write per record, never
    glued onto a torn line); a new file is written in full, then synced.
    """
    count = 0
    if append:
        for record in records:
            append_record(path, record)
            count += 1
        return count
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for record in records:
            out.write(record.to_json() + "\n")
            count += 1
        out.flush()
        os.fsync(out.fileno())
    return count


def append_record(path: str | Path, record: GameRecord) -> None:
    """Append one record to ``path`` (created if missing): one write, synced to the disk;
    a newline first if the file ends in a torn line.  ``OSError`` if it cannot be written."""
    append_line(path, record.to_json())


# ------------------------------------------------------------------ reading
def read_records(path: str | Path) -> list[GameRecord]:
    """Every record in ``path``; ``RecordError`` naming file and line on the first problem.

    Blank lines are ignored.  A missing, unreadable or special file is a
    ``RecordError`` too, so callers catch one error type.
    """
    return [record for _, record in iter_records(path)]


def iter_records(path: str | Path) -> Iterator[tuple[int, GameRecord]]:
    """``(line number, record)`` for each record in ``path``, checked as it is read."""
    try:
        with open_regular_file(path) as file:
            for line in iter_lines(file):
                try:
                    yield line.number, _record_only(line)
                except RecordError as error:
                    raise RecordError(_at_line(path, line.number, error)) from None
    except LineError as error:
        raise RecordError(str(error)) from None
    except OSError as error:
        raise RecordError(cannot_read(path, error)) from None


def _at_line(path: str | Path, number: int, problem: object) -> str:
    return _("{path}: line {line}: {problem}").format(path=path, line=number, problem=problem)


def _record_of_line(line: Line, states: list[TableState] | None = None) -> tuple[GameRecord, Game]:
    problem = line_problem(line)
    if problem is not None:
        raise RecordError(problem)
    try:
        data = decode_json(line.data)
    except LineError as error:
        raise RecordError(str(error)) from None
    return _replay_dict(data, states)


def _record_only(line: Line) -> GameRecord:
    return _record_of_line(line)[0]


@dataclass(frozen=True)
class ReplayedRecord:
    """A record checked by replaying it, with what the replay produced on the way."""

    record: GameRecord
    game: Game
    """The finished game the record replays to (scores, winners)."""
    states: tuple[TableState, ...]
    """The table after every placement, in order (see :mod:`game.timeline`)."""


def read_game(path: str | Path, game_number: int) -> ReplayedRecord:
    """Game ``game_number`` (from 1: the n-th non-blank line) of ``path``, checked and turned
    into table states in one pass of the engine.

    Lines before it are counted, not decoded, so the time depends on how far
    the game is in the file, not on checking every record before it.
    ``RecordError`` naming the file (and line) for any problem.
    """
    try:
        with open_regular_file(path) as file:
            line, count = nth_line(file, game_number)
    except LineError as error:
        raise RecordError(str(error)) from None
    except OSError as error:
        raise RecordError(cannot_read(path, error)) from None
    if line is not None:
        try:
            return replay_line(line)
        except RecordError as error:
            raise RecordError(_at_line(path, line.number, error)) from None
    if count == 0:
        raise RecordError(_("{path}: no games in this file").format(path=path))
    raise RecordError(ngettext("{path}: --game {game} is out of range (the file holds {count} game)",
                               "{path}: --game {game} is out of range (the file holds {count} games)", count).format(
        path=path, game=game_number, count=count))


def replay_line(line: Line) -> ReplayedRecord:
    """One line checked and replayed: the record, the finished game and every table state."""
    states: list[TableState] = []
    record, game = _record_of_line(line, states)
    return ReplayedRecord(record, game, tuple(states))


def replay_text(text: str) -> ReplayedRecord:
    """:func:`replay_line` for a record held as text (e.g. from the history database)."""
    return replay_line(Line(1, text.encode("utf-8", "surrogatepass")))


def replay_record(record: GameRecord) -> ReplayedRecord:
    """A record built in memory (from a live game) replayed into its table states."""
    return replay_text(record.to_json())


@dataclass(frozen=True)
class ScanResult:
    """What a lenient read found: the good records and a note per bad line."""

    records: tuple[tuple[int, GameRecord], ...]
    """``(line number, record)`` of every readable record, in file order."""
    problems: tuple[str, ...]
    """One line per unreadable record, naming the line and the reason."""


def scan_records(path: str | Path) -> ScanResult:
    """Read every good record and note every bad line, never failing on one.

    The whole file is held in memory: for small files and tests; large ones
    are read with :func:`scan_lines`.  A missing file is an empty result; an
    unreadable one is a single problem.
    """
    records: list[tuple[int, GameRecord]] = []
    problems: list[str] = []
    for number, outcome in scan_lines(path):
        if isinstance(outcome, GameRecord):
            records.append((number, outcome))
        else:
            problems.append(outcome)
    return ScanResult(tuple(records), tuple(problems))


def scan_lines(path: str | Path) -> Iterator[tuple[int, GameRecord | str]]:
    """``(line number, record or the note saying why the line cannot be read)``, streamed.

    A missing file yields nothing; a file that cannot be read at all yields
    one note with line number 0.  Never raises for what the file holds.
    """
    if not os.path.lexists(path):
        return
    try:
        with open_regular_file(path) as file:
            for line in iter_lines(file):
                try:
                    yield line.number, _record_only(line)
                except RecordError as error:
                    yield line.number, _("line {line}: {problem}").format(line=line.number, problem=error)
    except LineError as error:
        yield 0, str(error)
    except OSError as error:
        yield 0, cannot_read(path, error)


def parse_record(line: str) -> GameRecord:
    """Parse and check one line; ``RecordError`` saying what is wrong."""
    return _record_only(Line(1, line.encode("utf-8", "surrogatepass")))


def record_from_dict(data: Any) -> GameRecord:
    """Check a decoded JSON object and build the record; ``RecordError`` otherwise."""
    return _replay_dict(data, None)[0]


# ------------------------------------------------- checking, in one engine pass
def _replay_dict(data: Any, states: list[TableState] | None) -> tuple[GameRecord, Game]:
    """Check the shape of a decoded record, replay it through the engine comparing every
    placement, and return the record (holding the engine's log) and the finished game.

    With ``states``, the table after every placement is appended to it on the way.
    """
    obj = _object(data, _("the record"))
    rules_name = _format_and_rules(obj)
    seed: int = _field(obj, "seed", int)
    players = tuple(_player(p, i) for i, p in enumerate(_field(obj, "players", list)))
    round_values = [_object(r, _round(i)) for i, r in enumerate(_field(obj, "rounds", list))]
    scores = _ints(_field(obj, "scores", list), "scores")
    winners = _ints(_field(obj, "winners", list), "winners")
    finished = _finished(obj)
    mode = obj.get("mode")
    if mode is not None and mode not in RECORD_MODES:
        raise RecordError(_("'mode' is {value}, not one of {modes}").format(value=_shown(mode),
                                                                           modes=", ".join(RECORD_MODES)))
    rules = rules_named(rules_name)
    try:
        rules.check_player_count(len(players))
    except ValueError as error:
        raise RecordError(str(error)) from None
    if not round_values:
        raise RecordError(_("the record has no rounds"))
    deals = [_deal(value, index, len(players)) for index, value in enumerate(round_values)]
    _check_deals_match_seed(deals, seed, len(players))
    try:
        game = Game(rules, len(players), seed, deals=deals)
    except ValueError as error:
        raise RecordError(str(error)) from None
    for index, value in enumerate(round_values):
        _replay_round(game, value, index, states)
    _check_result(game, len(round_values), scores, winners)
    room, table = _room_and_table(obj, mode)
    record = GameRecord(rules_name, seed, players, tuple(game.rounds), scores, winners, finished, mode, room, table)
    return record, game


def _format_and_rules(obj: dict[str, Any]) -> str:
    """The rules' name of a record of our format; ``RecordError`` for another format or unknown rules."""
    if obj.get("format") != FORMAT:
        raise RecordError(_("format is {value}, expected {format}").format(value=_shown(obj.get("format")),
                                                                          format=repr(FORMAT)))
    rules_name: str = _field(obj, "rules", str)
    if rules_name not in PRESETS:
        raise RecordError(_("unknown rules {name} (known: {known})").format(name=_shown(rules_name),
                                                                          known=", ".join(PRESETS)))
    return rules_name


def _check_result(game: Game, rounds: int, scores: tuple[int, ...], winners: tuple[int, ...]) -> None:
    """``RecordError`` unless the replayed game is over with the scores and winners the record gives."""
    if not game.is_over:
        raise RecordError(_("the game is not over after {rounds} round(s)").format(rounds=rounds))
    if tuple(game.scores) != scores:
        raise RecordError(_("scores are {recorded}, but the rounds give {replayed}").format(
            recorded=list(scores), replayed=game.scores))
    if game.winners != winners:
        raise RecordError(_("winners are {recorded}, but the scores give {replayed}").format(
            recorded=list(winners), replayed=list(game.winners)))


def _shown(value: Any) -> str:
    """A value quoted in an error message: short, and one line."""
    return drawable(repr(value), 60)


def _room_and_table(obj: dict[str, Any], mode: str | None) -> tuple[str | None, int | None]:
    """A class game's room code and table number (both or neither, and only in a class game)."""
    if "room" not in obj and "table" not in obj:
        return None, None
    if mode != CLASS_MODE or "room" not in obj or "table" not in obj:
        raise RecordError(_("'room' and 'table' come together, in a class game's record only"))
    room: str = _field(obj, "room", str)
    table: int = _field(obj, "table", int)
    if not 2 <= len(room) <= 12 or not room.isascii() or not room.isalnum() or room != room.upper():
        raise RecordError(_("'room' must be a room code (2-12 capital letters or digits), not {value}").format(
            value=_shown(room)))
    if not 1 <= table <= MAX_TABLES:
        raise RecordError(_("'table' must be from 1 to {highest}, not {value}").format(highest=MAX_TABLES,
                                                                                      value=table))
    return room, table


def _finished(obj: dict[str, Any]) -> str | None:
    if "finished" not in obj:
        return None
    text: str = _field(obj, "finished", str)
    try:
        parse_timestamp(text)
    except ValueError:
        raise RecordError(_("'finished' must be a UTC time like 2026-11-21T23:05:00Z, not {value}").format(
            value=_shown(text))) from None
    return text


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(_("{what} must be a JSON object").format(what=what))
    return value


def _field(obj: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    """``obj[key]`` if it is a ``kind``; ``where``: the place in the record, named in an error."""
    if key not in obj:
        missing = _("missing {where} {key}") if where else _("missing {key}")
        raise RecordError(missing.format(where=where, key=repr(key)))
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        must_be = _WHERE_MUST_BE[kind] if where else _MUST_BE[kind]
        raise RecordError(_(must_be).format(where=where, key=repr(key)))
    return value


_MUST_BE = {str: N_("{key} must be a string"), int: N_("{key} must be a whole number"),
            list: N_("{key} must be a list"), dict: N_("{key} must be an object")}
_WHERE_MUST_BE = {str: N_("{where} {key} must be a string"), int: N_("{where} {key} must be a whole number"),
                  list: N_("{where} {key} must be a list"), dict: N_("{where} {key} must be an object")}


def _round(index: int, turn: int | None = None, placement: int | None = None) -> str:
    """Where in a record, for its errors: round (from 0), turn and placement (from 1)."""
    if placement is not None:
        return _("round {round} turn {turn} placement {placement}").format(round=index + 1, turn=turn,
                                                                            placement=placement)
    if turn is not None:
        return _("round {round} turn {turn}").format(round=index + 1, turn=turn)
    return _("round {round}").format(round=index + 1)


def _ints(values: list[Any], what: str) -> tuple[int, ...]:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise RecordError(_("{what} must hold whole numbers only").format(what=what))
    return tuple(values)


def _player(value: Any, index: int) -> PlayerInfo:
    where = _("player {index}").format(index=index)
    obj = _object(value, where)
    name = _field(obj, "name", str, where)
    try:
        check_name(name)
    except InvalidNameError as problem:
        raise RecordError(_("{where} 'name' {problem}").format(where=where, problem=problem)) from None
    kind = _field(obj, "kind", str, where)
    if not is_valid_unicode(kind) or (kind != HUMAN and kind not in AGENT_KINDS and not is_bot_kind(kind)):
        known = ", ".join([HUMAN, *AGENT_KINDS, "bot:COMMAND", "bot-statement:COMMAND"])
        raise RecordError(_("{where} 'kind' is {value}, not a kind of player ({known})").format(
            where=where, value=_shown(kind), known=known))
    return PlayerInfo(name, kind)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(_("each {what} must be a list").format(what=what))
    return value


def _deal(obj: dict[str, Any], index: int, count: int) -> Deal:
    where = _round(index)
    hands = tuple(_ints(_list(h, _("{round} hand").format(round=where)), _("{round} hands").format(round=where))
                  for h in _field(obj, "hands", list, where))
    rows = tuple(_ints(_list(r, _("{round} row").format(round=where)), _("{round} rows").format(round=where))
                 for r in _field(obj, "rows", list, where))
    if len(hands) != count:
        raise RecordError(_("{where}: {hands} hands for {players} players").format(
            where=where, hands=len(hands), players=count))
    for player, hand in enumerate(hands):
        if len(hand) != HAND_SIZE or list(hand) != sorted(hand):
            raise RecordError(_("{where}: hand of player {player} must be {size} sorted cards").format(
                where=where, player=player, size=HAND_SIZE))
    if len(rows) != ROWS or any(len(row) != 1 for row in rows):
        raise RecordError(_("{where}: 'rows' must be {rows} rows of one card each").format(where=where, rows=ROWS))
    cards = [card for hand in hands for card in hand] + [row[0] for row in rows]
    valid = set(ALL_CARDS)
    if any(card not in valid for card in cards):
        raise RecordError(_("{where}: cards must be numbers from 1 to 104").format(where=where))
    if len(set(cards)) != len(cards):
        raise RecordError(_("{where}: a card is dealt twice").format(where=where))
    return Deal(hands, tuple(row[0] for row in rows))


def _check_deals_match_seed(deals: Sequence[Deal], seed: int, count: int) -> None:
    """The seed must reproduce the cards dealt: that is what makes a record replayable."""
    try:
        rng = random.Random(check_seed(seed))
    except ValueError as error:
        raise RecordError(str(error)) from None
    for index, deal in enumerate(deals):
        if deal_cards(rng, count) != deal:
            raise RecordError(_("{where}: the cards dealt are not those of seed {seed}").format(
                where=_round(index), seed=seed))


def _replay_round(game: Game, obj: dict[str, Any], index: int, states: list[TableState] | None) -> None:
    where = _round(index)
    if game.is_over:
        raise RecordError(_("{where}: the game was already over").format(where=where))
    turn_values = _field(obj, "turns", list, where)
    penalties = _ints(_field(obj, "penalties", list, where), f"{where} 'penalties'")
    turns = game.rules.turns_per_round
    if len(turn_values) != turns:
        raise RecordError(_("{where}: {turns} turns, the rules play {rule_turns}").format(
            where=where, turns=len(turn_values), rule_turns=turns))
    for t, turn_value in enumerate(turn_values):
        turn_where = _round(index, t + 1)
        _replay_turn(game, _object(turn_value, turn_where), index, t + 1, states)
    if tuple(game.rounds[index].penalties) != penalties:
        raise RecordError(_("{where}: penalties are {recorded}, but the placements give {replayed}").format(
            where=where, recorded=list(penalties), replayed=game.rounds[index].penalties))


def _replay_turn(game: Game, turn: dict[str, Any], index: int, turn_number: int,
                 states: list[TableState] | None) -> None:
    where = _round(index, turn_number)
    plays = _ints(_field(turn, "plays", list, where), f"{where} 'plays'")
    placement_values = _field(turn, "placements", list, where)
    if len(plays) != game.player_count:
        raise RecordError(_("{where}: {plays} plays for {players} players").format(
            where=where, plays=len(plays), players=game.player_count))
    try:
        game.play_cards(plays)
    except IllegalActionError as error:
        raise RecordError(f"{where}: {error}") from None
    if len(placement_values) != game.player_count:
        raise RecordError(_("{where}: {placements} placements, expected {players}").format(
            where=where, placements=len(placement_values), players=game.player_count))
    for k, value in enumerate(placement_values):
        p_where = _round(index, turn_number, k + 1)
        obj = _object(value, p_where)
        rows_before = game.rows if states is not None else ()
        placement = _replay_placement(game, obj, p_where)
        if states is not None:
            states.append(capture(game, placement, rows_before))


def _replay_placement(game: Game, obj: dict[str, Any], where: str) -> Placement:
    player = _field(obj, "player", int, where)
    card = _field(obj, "card", int, where)
    row = _field(obj, "row", int, where)
    took = _ints(_field(obj, "took", list, where), f"{where} 'took'")
    expected = game.next_placement
    assert expected is not None
    if (player, card) != expected:
        raise RecordError(_("{where}: player {player}'s card {card} is placed, "
                            "but the next card is player {next_player}'s {next_card}").format(
            where=where, player=player, card=card, next_player=expected[0], next_card=expected[1]))
    if game.phase is Phase.CHOOSE_ROW:
        if not 0 <= row < ROWS:
            raise RecordError(_("{where}: row {row} does not exist (rows are 0-3)").format(where=where, row=row))
        actual = game.choose_row(player, row)
    else:
        actual = game.place_next()
    if actual.row != row or actual.taken != took:
        raise RecordError(_("{where}: card {card} is recorded in row {row} taking {took}, "
                            "but the rules put it in row {actual_row} taking {actual_took}").format(
            where=where, card=card, row=row, took=list(took), actual_row=actual.row, actual_took=list(actual.taken)))
    return actual
