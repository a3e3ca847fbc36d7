"""Game records, format ``6takes-record/1``: one JSON object per game, one game per line.

A record is the engine's own log written down (see ``docs/record-format.md``).
Reading a record checks it completely - shape, types, and that every placement
is what the rules give for the recorded plays - by replaying it through the
engine; any problem is reported with the file, the line and the reason.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from .agents import AGENT_KINDS
from .bot import is_bot_kind
from .engine import Deal, Game, Phase, Placement, check_seed, deal_cards
from .errors import IllegalActionError
from .rules import ALL_CARDS, HAND_SIZE, PRESETS, ROWS, rules_named

FORMAT = "6takes-record/1"
HUMAN = "human"
TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


class RecordError(ValueError):
    """A record that cannot be read: the message names where and why."""


@dataclass(frozen=True)
class PlayerInfo:
    """Who sat in a seat."""

    name: str
    kind: str
    """``human``, or a computer player kind such as ``random``."""


@dataclass(frozen=True)
class PlacementRecord:
    player: int
    card: int
    row: int
    """Index (0-3) of the row the card ends in."""
    took: tuple[int, ...]
    """Cards taken by this placement, in row order."""


@dataclass(frozen=True)
class TurnRecord:
    plays: tuple[int, ...]
    """The card each player played, by player index."""
    placements: tuple[PlacementRecord, ...]
    """In placement order (ascending card)."""


@dataclass(frozen=True)
class RoundRecord:
    hands: tuple[tuple[int, ...], ...]
    """Hands as dealt, one sorted tuple per player."""
    rows: tuple[tuple[int, ...], ...]
    """The four starting rows (one card each)."""
    turns: tuple[TurnRecord, ...]
    penalties: tuple[int, ...]
    """This round's penalty per player."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game."""

    rules: str
    seed: int
    players: tuple[PlayerInfo, ...]
    rounds: tuple[RoundRecord, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    finished: str | None = None
    """When the game ended (UTC, ``YYYY-MM-DDTHH:MM:SSZ``); the app writes it,
    ``simulate`` does not (its files must be identical run after run)."""

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
        return data

    def to_json(self) -> str:
        """One line of JSON, without the newline."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)


def _round_to_dict(round_: RoundRecord) -> dict[str, Any]:
    return {
        "hands": [list(hand) for hand in round_.hands],
        "rows": [list(row) for row in round_.rows],
        "turns": [
            {
                "plays": list(turn.plays),
                "placements": [
                    {"player": p.player, "card": p.card, "row": p.row, "took": list(p.took)}
                    for p in turn.placements
                ],
            }
            for turn in round_.turns
        ],
        "penalties": list(round_.penalties),
    }


# ------------------------------------------------------------------ writing
def placement_record(placement: Placement) -> PlacementRecord:
    return PlacementRecord(placement.player, placement.card, placement.row, placement.taken)


def record_game(game: Game, players: Sequence[PlayerInfo], finished: str | None = None) -> GameRecord:
    """The record of a finished ``game`` whose seats were taken by ``players``.

    ``finished`` is the time the game ended, as from :func:`utc_timestamp`.
    """
    if not game.is_over:
        raise ValueError("only a finished game can be recorded")
    if len(players) != game.player_count:
        raise ValueError(f"{game.player_count} players expected, got {len(players)}")
    rounds = tuple(
        RoundRecord(
            hands=round_.deal.hands,
            rows=tuple((card,) for card in round_.deal.rows),
            turns=tuple(
                TurnRecord(turn.plays, tuple(placement_record(p) for p in turn.placements))
                for turn in round_.turns
            ),
            penalties=tuple(round_.penalties),
        )
        for round_ in game.rounds
    )
    return GameRecord(
        rules=game.rules.name,
        seed=game.seed,
        players=tuple(players),
        rounds=rounds,
        scores=tuple(game.scores),
        winners=game.winners,
        finished=finished,
    )


def utc_timestamp(moment: datetime | None = None) -> str:
    """``moment`` (default: now) as the records' time format, e.g. ``2026-11-21T23:05:00Z``."""
    moment = moment or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime(TIMESTAMP_FORMAT)


def parse_timestamp(text: str) -> datetime:
    """The time written by :func:`utc_timestamp`; ``ValueError`` for anything else."""
    return datetime.strptime(text, TIMESTAMP_FORMAT).replace(tzinfo=timezone.utc)


def write_records(path: str | Path, records: Iterable[GameRecord], *, append: bool = False) -> int:
    """Write records to ``path``, one per line; return how many were written."""
    count = 0
    with open(path, "a" if append else "w", encoding="utf-8", newline="\n") as out:
        for record in records:
            out.write(record.to_json() + "\n")
            count += 1
    return count


def append_record(path: str | Path, record: GameRecord) -> None:
    """Append one record to ``path`` (created if missing)."""
    write_records(path, [record], append=True)


# ------------------------------------------------------------------ reading
def read_records(path: str | Path) -> list[GameRecord]:
    """Every record in ``path``; ``RecordError`` naming file and line on the first problem.

    Blank lines are ignored.  ``OSError`` (missing or unreadable file) is
    turned into ``RecordError`` too, so callers catch one error type.
    """
    return [record for _, record in iter_records(path)]


def iter_records(path: str | Path) -> Iterator[tuple[int, GameRecord]]:
    """``(line number, record)`` for each record in ``path``, checked as it is read."""
    try:
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, start=1):
                if line.strip():
                    try:
                        yield number, parse_record(line)
                    except RecordError as error:
                        raise RecordError(f"{path}: line {number}: {error}") from None
    except OSError as error:
        raise RecordError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (not UTF-8)") from None


@dataclass(frozen=True)
class ScanResult:
    """What a lenient read found: the good records and a note per bad line."""

    records: tuple[tuple[int, GameRecord], ...]
    """``(line number, record)`` of every readable record, in file order."""
    problems: tuple[str, ...]
    """One line per unreadable record, naming the line and the reason."""


def scan_records(path: str | Path) -> ScanResult:
    """Read every good record and note every bad line, never failing on one.

    For the scoreboard: one corrupt line must not hide the other games (and
    the file is only ever read here, never rewritten).  A missing file is an
    empty result; an unreadable one is a single problem.
    """
    records: list[tuple[int, GameRecord]] = []
    problems: list[str] = []
    try:
        with open(path, encoding="utf-8", errors="replace") as lines:
            for number, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                try:
                    records.append((number, parse_record(line)))
                except RecordError as error:
                    problems.append(f"line {number}: {error}")
    except FileNotFoundError:
        pass
    except OSError as error:
        problems.append(f"cannot read {path}: {error.strerror or error}")
    return ScanResult(tuple(records), tuple(problems))


def parse_record(line: str) -> GameRecord:
    """Parse and check one line; ``RecordError`` saying what is wrong."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        reason = error.msg.removesuffix(" at")  # some messages end "... at" before the position
        raise RecordError(f"not valid JSON at column {error.colno}: {reason}") from None
    return record_from_dict(data)


def record_from_dict(data: Any) -> GameRecord:
    """Check a decoded JSON object and build the record; ``RecordError`` otherwise."""
    obj = _object(data, "the record")
    if obj.get("format") != FORMAT:
        raise RecordError(f"format is {obj.get('format')!r}, expected {FORMAT!r}")
    rules_name = _field(obj, "rules", str)
    if rules_name not in PRESETS:
        raise RecordError(f"unknown rules {rules_name!r} (known: {', '.join(PRESETS)})")
    record = GameRecord(
        rules=rules_name,
        seed=_field(obj, "seed", int),
        players=tuple(_player(p, i) for i, p in enumerate(_field(obj, "players", list))),
        rounds=tuple(_round(r, i) for i, r in enumerate(_field(obj, "rounds", list))),
        scores=_ints(_field(obj, "scores", list), "scores"),
        winners=_ints(_field(obj, "winners", list), "winners"),
        finished=_finished(obj),
    )
    check_record(record)
    return record


def _finished(obj: dict[str, Any]) -> str | None:
    if "finished" not in obj:
        return None
    text: str = _field(obj, "finished", str)
    try:
        parse_timestamp(text)
    except ValueError:
        raise RecordError(f"'finished' must be a UTC time like 2026-11-21T23:05:00Z, not {text!r}") from None
    return text


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{what} must be a JSON object")
    return value


def _field(obj: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in obj:
        raise RecordError(f"missing {where}{key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{where}{key!r} must be {_KIND_NAMES[kind]}")
    return value


_KIND_NAMES = {str: "a string", int: "a whole number", list: "a list", dict: "an object"}


def _ints(values: list[Any], what: str) -> tuple[int, ...]:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise RecordError(f"{what} must hold whole numbers only")
    return tuple(values)


def _player(value: Any, index: int) -> PlayerInfo:
    obj = _object(value, f"player {index}")
    where = f"player {index} "
    name = _field(obj, "name", str, where)
    kind = _field(obj, "kind", str, where)
    if kind != HUMAN and kind not in AGENT_KINDS and not is_bot_kind(kind):
        known = ", ".join([HUMAN, *AGENT_KINDS, "bot:COMMAND", "bot-phase-last:COMMAND"])
        raise RecordError(f"{where}'kind' is {kind!r}, not a kind of player ({known})")
    return PlayerInfo(name, kind)


def _round(value: Any, index: int) -> RoundRecord:
    where = f"round {index + 1} "
    obj = _object(value, f"round {index + 1}")
    turns = []
    for t, turn_value in enumerate(_field(obj, "turns", list, where)):
        turn_where = f"{where}turn {t + 1} "
        turn = _object(turn_value, f"{where}turn {t + 1}")
        placements = []
        for k, placement_value in enumerate(_field(turn, "placements", list, turn_where)):
            p_where = f"{turn_where}placement {k + 1} "
            p = _object(placement_value, p_where.strip())
            placements.append(PlacementRecord(
                player=_field(p, "player", int, p_where),
                card=_field(p, "card", int, p_where),
                row=_field(p, "row", int, p_where),
                took=_ints(_field(p, "took", list, p_where), f"{p_where}'took'"),
            ))
        turns.append(TurnRecord(
            plays=_ints(_field(turn, "plays", list, turn_where), f"{turn_where}'plays'"),
            placements=tuple(placements),
        ))
    return RoundRecord(
        hands=tuple(_ints(_list(h, f"{where}hand"), f"{where}hands")
                    for h in _field(obj, "hands", list, where)),
        rows=tuple(_ints(_list(r, f"{where}row"), f"{where}rows")
                   for r in _field(obj, "rows", list, where)),
        turns=tuple(turns),
        penalties=_ints(_field(obj, "penalties", list, where), f"{where}'penalties'"),
    )


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"each {what} must be a list")
    return value


# ----------------------------------------------------------------- checking
def check_record(record: GameRecord) -> Game:
    """Replay ``record`` through the engine; ``RecordError`` at the first disagreement.

    Returns the replayed game (finished), which callers such as a replay
    viewer can use.
    """
    rules = rules_named(record.rules)
    count = len(record.players)
    try:
        rules.check_player_count(count)
    except ValueError as error:
        raise RecordError(str(error)) from None
    if not record.rounds:
        raise RecordError("the record has no rounds")
    deals = [_deal(round_, index, count) for index, round_ in enumerate(record.rounds)]
    _check_deals_match_seed(deals, record.seed, count)
    try:
        game = Game(rules, count, record.seed, deals=deals)
    except ValueError as error:
        raise RecordError(str(error)) from None
    for index, round_ in enumerate(record.rounds):
        where = f"round {index + 1}"
        if game.is_over:
            raise RecordError(f"{where}: the game was already over")
        _replay_round(game, round_, where)
        if tuple(game.rounds[index].penalties) != round_.penalties:
            raise RecordError(f"{where}: penalties are {list(round_.penalties)}, "
                              f"but the placements give {game.rounds[index].penalties}")
    if not game.is_over:
        raise RecordError(f"the game is not over after {len(record.rounds)} round(s)")
    if tuple(game.scores) != record.scores:
        raise RecordError(f"scores are {list(record.scores)}, but the rounds give {game.scores}")
    if game.winners != record.winners:
        raise RecordError(f"winners are {list(record.winners)}, but the scores give {list(game.winners)}")
    return game


def _deal(round_: RoundRecord, index: int, count: int) -> Deal:
    where = f"round {index + 1}"
    if len(round_.hands) != count:
        raise RecordError(f"{where}: {len(round_.hands)} hands for {count} players")
    for player, hand in enumerate(round_.hands):
        if len(hand) != HAND_SIZE or list(hand) != sorted(hand):
            raise RecordError(f"{where}: hand of player {player} must be {HAND_SIZE} sorted cards")
    if len(round_.rows) != ROWS or any(len(row) != 1 for row in round_.rows):
        raise RecordError(f"{where}: 'rows' must be {ROWS} rows of one card each")
    cards = [card for hand in round_.hands for card in hand] + [row[0] for row in round_.rows]
    valid = set(ALL_CARDS)
    if any(card not in valid for card in cards):
        raise RecordError(f"{where}: cards must be numbers from 1 to 104")
    if len(set(cards)) != len(cards):
        raise RecordError(f"{where}: a card is dealt twice")
    return Deal(round_.hands, tuple(row[0] for row in round_.rows))


def _check_deals_match_seed(deals: Sequence[Deal], seed: int, count: int) -> None:
    """The seed must reproduce the cards dealt: that is what makes a record replayable."""
    try:
        rng = random.Random(check_seed(seed))
    except ValueError as error:
        raise RecordError(str(error)) from None
    for index, deal in enumerate(deals):
        if deal_cards(rng, count) != deal:
            raise RecordError(f"round {index + 1}: the cards dealt are not those of seed {seed}")


def _replay_round(game: Game, round_: RoundRecord, where: str) -> None:
    turns = game.rules.turns_per_round
    if len(round_.turns) != turns:
        raise RecordError(f"{where}: {len(round_.turns)} turns, the rules play {turns}")
    for t, turn in enumerate(round_.turns):
        turn_where = f"{where} turn {t + 1}"
        if len(turn.plays) != game.player_count:
            raise RecordError(f"{turn_where}: {len(turn.plays)} plays for {game.player_count} players")
        try:
            game.play_cards(turn.plays)
        except IllegalActionError as error:
            raise RecordError(f"{turn_where}: {error}") from None
        if len(turn.placements) != game.player_count:
            raise RecordError(f"{turn_where}: {len(turn.placements)} placements, expected {game.player_count}")
        for k, recorded in enumerate(turn.placements):
            _replay_placement(game, recorded, f"{turn_where} placement {k + 1}")


def _replay_placement(game: Game, recorded: PlacementRecord, where: str) -> None:
    expected = game.next_placement
    assert expected is not None
    if (recorded.player, recorded.card) != expected:
        raise RecordError(f"{where}: player {recorded.player}'s card {recorded.card} is placed, "
                          f"but the next card is player {expected[0]}'s {expected[1]}")
    if game.phase is Phase.CHOOSE_ROW:
        if not 0 <= recorded.row < ROWS:
            raise RecordError(f"{where}: row {recorded.row} does not exist (rows are 0-3)")
        actual = game.choose_row(recorded.player, recorded.row)
    else:
        actual = game.place_next()
    if actual.row != recorded.row or actual.taken != recorded.took:
        raise RecordError(
            f"{where}: card {recorded.card} is recorded in row {recorded.row} taking "
            f"{list(recorded.took)}, but the rules put it in row {actual.row} taking {list(actual.taken)}"
        )
