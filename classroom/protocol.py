"""The phone protocol: every message between the class server and a phone, as typed values.

One module speaks to the phones (``docs/class-protocol.md`` is its description,
checked against this module by ``tests/classgame/test_class_protocol.py``):

* what a phone sends - :class:`Join`, :class:`Resume`, :class:`Play`,
  :class:`TakeRow`, :class:`Predict`, :class:`AnswerPuzzle` - is read by :func:`parse_request`, which
  checks the JSON, the type, each field's type and range, and raises
  :class:`Refused` (its text for the student, in the class's language) for
  anything else: the server only ever handles checked values;
* what a phone receives - :class:`Welcome`, :class:`Error`, :class:`Released`,
  :class:`Lobby`, :class:`State`, :class:`Review`, :class:`Verdict`,
  :class:`PuzzleVerdict` - is a
  frozen dataclass turned into JSON by :func:`encode` (a field marked
  :func:`optional` is left out while it holds its default, so a room of one
  table sends no ``table`` field, as the docs say);
* a client of the protocol (``simclient.py``, the tests) reads any message
  back with :func:`decode`, which refuses a field the module does not have.

:data:`PROTOCOL_VERSION` goes to every phone in ``welcome``; it changes when a
message changes shape, and the page (``web/app.js``, which holds the same
number) reloads itself from the server when the two differ.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Union

from game.i18n import _
from game.predict import TAKES, Question, Verdict as ScoredGuess
from game.review_terms import ROW, Decision, costliest, summary
from game.rules import ROWS

if TYPE_CHECKING:
    from .reviews import StudentReview

PROTOCOL_VERSION = 3
"""The protocol's one version number: sent in ``welcome``; ``web/app.js`` holds the same.
(2: the student's key in ``join``, ``resume`` and ``welcome``; the warm-up's puzzles.
3: a ``predict`` names the placement it answers.)"""
STUDENT_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a student's key looks like (the server makes them with :func:`secrets.token_urlsafe`)."""
PUZZLE_PHASE = "puzzle"
"""A ``state``'s phase while the class answers a warm-up puzzle."""
LARGEST_NUMBER = 1000
"""A card or row number above this is not a number a phone sends (the engine checks the rest)."""
REVIEW_SHOWN = 3
"""How many of a student's costliest decisions their review shows."""


class Close(NamedTuple):
    """How the server closes a phone's WebSocket: the close code and its reason (every one is in
    :data:`CLOSES` and in ``docs/class-protocol.md``'s table of closes)."""

    code: int
    reason: str


RELEASED_CODE = 1008
"""A phone released from its seat or its watcher's place is closed with this code, its reason the
text of its ``released`` message."""
HUNG_UP = Close(1000, "")
"""The phone closed its socket (the server answers its close)."""
JOIN_FIRST = Close(1008, "join first")
TOO_MANY_MESSAGES = Close(1008, "too many messages")
TOO_MANY_WRONG_CODES = Close(1008, "too many wrong codes")
TOO_MANY_WATCHERS = Close(1008, "too many watchers")
SEAT_ELSEWHERE = Close(1008, "this seat was opened on another device")
GAME_ENDED = Close(1001, "the class game has ended")
GAME_WILL_GO_ON = Close(1012, "the class game stopped: it will go on")
CLOSES = (HUNG_UP, JOIN_FIRST, TOO_MANY_MESSAGES, TOO_MANY_WRONG_CODES, TOO_MANY_WATCHERS, SEAT_ELSEWHERE,
          GAME_ENDED, GAME_WILL_GO_ON)
"""Every close the server makes with a reason of its own; besides these, a phone released is
closed with :data:`RELEASED_CODE`, and a message too big with 1009 (aiohttp's own)."""
HTTP_REFUSALS = {404: "not found", 503: "too many connections"}
MAIL = ("verdict", "review")
"""The messages kept for each phone and sent again when it comes back (``resume``'s ``mail``): a
phone whose connection was cut while one was on its way still gets it."""
MAIL_KEPT = 400
"""Messages kept per phone (the oldest go first)."""

"""Every HTTP status the server refuses a request with, and the text it answers."""


class Refused(ValueError):
    """A phone's message that cannot be taken: :attr:`message` is for the student (in the class's
    language), :attr:`reason` (if any) for the page."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


def optional(default: Any = None, *, wire: str = "") -> Any:
    """A field left out of the JSON while it holds ``default``; ``wire``: its name there, if not
    the attribute's (``class`` is a Python keyword)."""
    return field(default=default, metadata={"optional": True, "wire": wire})


def renamed(wire: str) -> Any:
    """A field that is always sent, under ``wire``."""
    return field(metadata={"wire": wire})


class Message:
    """A message of the protocol: :attr:`kind` is its ``type`` on the wire."""

    kind: ClassVar[str]


# ------------------------------------------------------------------ from a phone
@dataclass(frozen=True)
class Join(Message):
    """Join the room with its code and a name (the room checks both)."""

    kind: ClassVar[str] = "join"
    code: str
    name: str
    student: str = optional("")
    """The phone's key for the room's class (``""``: none yet, or none that looks like a key)."""


@dataclass(frozen=True)
class Resume(Message):
    """Come back with the secret a ``welcome`` gave."""

    kind: ClassVar[str] = "resume"
    token: str
    student: str = optional("")
    """The phone's key for the room's class: a room opened again (``class --resume``) learns it back."""
    mail: int = optional(0)
    """How many of the messages kept for the phone (:data:`MAIL`: its verdicts and reviews) it has
    received since it joined: the server sends the rest again (those sent while it was away)."""


@dataclass(frozen=True)
class Play(Message):
    """Play a card (the session checks it is in the seat's hand)."""

    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True)
class TakeRow(Message):
    """Take a row (0-3) when the seat's card fits no row."""

    kind: ClassVar[str] = "row"
    row: int


@dataclass(frozen=True)
class Predict(Message):
    """The class predicts: the card asked about goes to ``row`` (0-3), or its player ``takes`` a row."""

    kind: ClassVar[str] = "predict"
    round: int
    """The placement it answers, as the ``state``'s ``predict`` asked it: its round, turn (from 1)
    and card; the app refuses a guess for any other placement (one shown already: a late one)."""
    turn: int
    card: int
    row: int | None = optional()
    takes: bool = optional(False)

    @property
    def guess(self) -> int:
        """The guess as :mod:`game.predict` scores it: a row 0-3, or :data:`~game.predict.TAKES`."""
        return TAKES if self.takes else int(self.row or 0)

    @property
    def placement(self) -> tuple[int, int, int]:
        """The placement it answers: (round, turn, card), round and turn from 0 as the engine counts."""
        return self.round - 1, self.turn - 1, self.card

    @classmethod
    def of(cls, guess: int, asked: PredictQuestion) -> Predict:
        """The message answering ``asked`` with a guess 0-3 or :data:`~game.predict.TAKES`."""
        if guess == TAKES:
            return cls(asked.round, asked.turn, asked.card, takes=True)
        return cls(asked.round, asked.turn, asked.card, row=guess)


@dataclass(frozen=True)
class AnswerPuzzle(Message):
    """The warm-up: the phone's answer to the puzzle asked, a ``card`` or a ``row`` (0-3)."""

    kind: ClassVar[str] = "puzzle"
    card: int | None = optional()
    row: int | None = optional()

    @property
    def is_row(self) -> bool:
        """A row is answered (:func:`parse_request` lets a card or a row through, never both)."""
        return self.card is None

    @property
    def answer(self) -> int:
        """The card, or the row 0-3."""
        return int(self.row or 0) if self.card is None else self.card


Request = Union[Join, Resume, Play, TakeRow, Predict, AnswerPuzzle]
"""What a phone may send."""


# ------------------------------------------------------------------ to a phone
@dataclass(frozen=True)
class Welcome(Message):
    """A join or resume was taken: the seat (``None``: a watcher) and its secret."""

    kind: ClassVar[str] = "welcome"
    seat: int | None
    """The seat at the viewer's table, as in ``state.seat``; in a room of many tables before the
    start (no one sits at a table yet), the student's place in the room."""
    token: str
    name: str
    code: str
    version: int = PROTOCOL_VERSION
    tables: bool = optional(False)
    """A room of many tables."""
    table: int | None = optional()
    """A room of many tables once started: the student's table, from 1."""
    student: str = optional("")
    """A room with a class: the phone's key for it (new when the phone had none): the page keeps it."""


@dataclass(frozen=True)
class Error(Message):
    """A message was refused; ``message`` is for the student."""

    kind: ClassVar[str] = "error"
    message: str
    reason: str = optional("")
    """``unknown-seat``: a ``resume`` whose secret no seat holds (the page forgets it)."""


@dataclass(frozen=True)
class Released(Message):
    """The phone lost its seat or its watcher's place: why."""

    kind: ClassVar[str] = "released"
    message: str


@dataclass(frozen=True)
class LobbyPlayer:
    name: str
    """``""``: a free seat."""
    connected: bool


@dataclass(frozen=True)
class Lobby(Message):
    """Before the start: who holds each seat."""

    kind: ClassVar[str] = "lobby"
    rules: str
    code: str
    seat: int | None
    players: tuple[LobbyPlayer, ...]
    tables: bool = optional(False)


@dataclass(frozen=True)
class StatePlayer:
    name: str
    score: int
    phone: bool
    connected: bool


@dataclass(frozen=True)
class PredictQuestion:
    """The placement the class predicts (round and turn from 1)."""

    round: int
    turn: int
    card: int
    name: str
    text: str


@dataclass(frozen=True)
class PuzzleQuestion:
    """A warm-up puzzle as the phones see it: the position, never whose decision it was."""

    id: int
    """The puzzle's number in the history."""
    kind: str
    """``card`` (which card to play) or ``row`` (which row to take: ``card`` fits no row)."""
    rows: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    text: str
    """The question, e.g. "What would you play?"."""
    number: int
    of: int
    """Puzzle ``number`` of ``of`` in this warm-up."""
    card: int | None = optional()
    """A row puzzle: the card that fits no row."""
    answered: int | None = optional()
    """This phone's answer, once given (a card, or a row 0-3)."""


@dataclass(frozen=True)
class ClassRank:
    """A room of many tables, every table done: the student's rank in the class."""

    rank: int
    of: int
    points: int
    seat_rank: int | None


@dataclass(frozen=True)
class State(Message):
    """The game as one viewer may see it (built by :mod:`.observation`; fields in the docs)."""

    kind: ClassVar[str] = "state"
    phase: str
    rules: str
    round: int
    turn: int
    turns: int
    players: tuple[StatePlayer, ...]
    rows: tuple[tuple[int, ...], ...]
    row_penalties: tuple[int, ...]
    revealed: tuple[int, ...]
    waiting: tuple[str, ...]
    waiting_row: bool
    waiting_teacher: bool
    caption: str
    winners: tuple[str, ...]
    winner_seats: tuple[int, ...]
    notes: tuple[str, ...]
    seat: int | None = None
    ask: str | None = None
    hand: tuple[int, ...] = ()
    hand_penalties: tuple[int, ...] = ()
    chosen: int | None = None
    card_to_place: int | None = None
    predict: PredictQuestion | None = optional()
    predicted: int | None = optional()
    table: int | None = optional()
    tables: int | None = optional()
    class_rank: ClassRank | None = optional(wire="class")
    puzzle: PuzzleQuestion | None = optional()


@dataclass(frozen=True)
class ReviewDecision:
    """One costly decision of a review (round, turn and rows from 1)."""

    round: int
    turn: int
    kind: str
    played: int
    best: int
    loss: float
    summary: str
    rows: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Review(Message):
    """A student's review: progress until ``ready``, then the costliest decisions."""

    kind: ClassVar[str] = "review"
    seat: int
    done: int
    of: int
    ready: bool
    failed: bool = optional(False)
    decisions: int | None = optional()
    mean_loss: float | None = optional()
    costliest: tuple[ReviewDecision, ...] | None = optional()


@dataclass(frozen=True)
class Verdict(Message):
    """One guesser's prediction against the placement the engine made."""

    kind: ClassVar[str] = "verdict"
    round: int
    turn: int
    card: int
    guess: int
    answer: int
    right: bool
    text: str
    reason: str


@dataclass(frozen=True)
class PuzzleVerdict(Message):
    """The warm-up: what one phone's answer to a puzzle was worth, once the teacher shows the answers."""

    kind: ClassVar[str] = "puzzle_verdict"
    id: int
    answer: int
    best: int
    """Cards as numbers; rows 0-3."""
    right: bool
    cost: float
    """Expected points the answer loses against the best one (0 when right)."""
    text: str
    """The verdict, e.g. "Not the best: 31 costs about 16.5 points more than 95 by the end of the round"."""
    reason: str
    """Why: the review's sentence for the position."""
    themes: str = optional("")
    """What the puzzle teaches, one line ("Themes: The sixth card, The last turn")."""


FROM_PHONE: dict[str, type[Message]] = {cls.kind: cls for cls in (Join, Resume, Play, TakeRow, Predict,
                                                                   AnswerPuzzle)}
TO_PHONE: dict[str, type[Message]] = {cls.kind: cls for cls in (Welcome, Error, Released, Lobby, State, Review,
                                                                 Verdict, PuzzleVerdict)}


# ------------------------------------------------------------------ building messages
def verdict_message(verdict: ScoredGuess, reason: str, names: Sequence[str]) -> Verdict:
    """What one guesser's phone is told once the placement is shown."""
    question = verdict.question
    return Verdict(question.round + 1, question.turn + 1, question.card, verdict.guess, verdict.answer,
                   verdict.right, verdict.text(names), reason)


def predict_question(question: Question, names: Sequence[str]) -> PredictQuestion:
    """The ``predict`` field of a state that asks for a guess."""
    return PredictQuestion(question.round + 1, question.turn + 1, question.card, names[question.player],
                           question.text(names))


def review_message(review: StudentReview, shown: int = REVIEW_SHOWN) -> Review:
    """The ``review`` message of one student: progress until it is ready, then the decisions,
    costliest first (at most ``shown`` that cost anything), and the mean loss per decision."""
    if not review.ready:
        return Review(review.seat, review.done, review.total, False)
    decisions = review.decisions()
    mean_loss = round(sum(d.loss for d in decisions) / len(decisions), 2) if decisions else 0.0
    return Review(review.seat, review.done, review.total, True, failed=review.failed(),
                  decisions=len(decisions), mean_loss=mean_loss,
                  costliest=tuple(decision_fields(d) for d in costliest(decisions) if d.loss > 0)[:shown])


def decision_fields(decision: Decision) -> ReviewDecision:
    """One decision as a phone shows it: when, what was played, the better option (a row from 1),
    what it would have saved, the sentence saying why, and the rows as they stood."""
    shift = 1 if decision.kind == ROW else 0
    return ReviewDecision(decision.round + 1, decision.turn + 1, decision.kind, decision.played + shift,
                          decision.best + shift, round(decision.loss, 1), summary(decision),
                          tuple(tuple(row) for row in decision.rows))


# ------------------------------------------------------------------ encoding
class _Field(NamedTuple):
    name: str
    wire: str
    optional: bool
    default: Any


@cache
def _fields_of(cls: type) -> tuple[_Field, ...]:
    return tuple(_Field(item.name, item.metadata.get("wire") or item.name, bool(item.metadata.get("optional")),
                        item.default) for item in fields(cls))


_SCALARS = frozenset({int, str, bool, float, type(None)})


def _plain(value: Any) -> Any:
    """A field's value as JSON holds it (called for every field sent: the common cases first)."""
    kind = value.__class__
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [_plain(item) for item in value]
    if hasattr(kind, "__dataclass_fields__"):
        return wire_fields_of(value)
    return value


def _shallow(value: Any) -> dict[str, Any]:
    """A message (or a record inside one) as a JSON object whose values may still be tuples and
    records (:func:`encode`'s ``json`` turns those into arrays and calls back for records)."""
    found: dict[str, Any] = {"type": value.kind} if isinstance(value, Message) else {}
    for name, wire, optional_field, default in _fields_of(value.__class__):
        held = getattr(value, name)
        if not (optional_field and held == default):
            found[wire] = held
    return found


def wire_fields_of(value: Any) -> dict[str, Any]:
    """A message (or a record inside one) as the JSON object sent, ``type`` first, all plain
    (lists, dicts): what a phone reads, for a test or a bench to compare."""
    return {key: _plain(held) for key, held in _shallow(value).items()}


def encode(message: Message) -> str:
    """``message`` as the JSON text sent (compact: a phone reads many)."""
    return json.dumps(message, default=_shallow, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ reading, as a client
@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _unwrapped(hint: Any) -> Any:
    """``X`` of ``X | None``."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        inner = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return inner[0] if len(inner) == 1 else hint
    return hint


def _record_type(hint: Any) -> tuple[bool, type | None]:
    """(is a list, the record type it holds or is) of a field's type hint."""
    hint = _unwrapped(hint)
    if typing.get_origin(hint) in (tuple, list):
        inner = _unwrapped(typing.get_args(hint)[0])
        return True, _dataclass_type(inner)
    return False, _dataclass_type(hint)


def _dataclass_type(hint: Any) -> type | None:
    return hint if isinstance(hint, type) and is_dataclass(hint) else None


def _typed(hint: Any, value: Any) -> Any:
    """``value`` read from JSON as the field's type: lists as tuples, objects as records."""
    hint = _unwrapped(hint)
    if typing.get_origin(hint) in (tuple, list) and isinstance(value, list):
        return tuple(_typed(typing.get_args(hint)[0], item) for item in value)
    if is_dataclass(hint) and isinstance(value, dict):
        return _record(typing.cast(type, hint), value)
    return value


def _record(cls: type, data: Mapping[str, Any]) -> Any:
    known = {item.wire: item for item in _fields_of(cls)}
    unknown = sorted(set(data) - set(known) - {"type"})
    if unknown:
        raise ValueError(f"{getattr(cls, 'kind', cls.__name__)}: fields the protocol does not have: {unknown}")
    values: dict[str, Any] = {}
    for wire, item in known.items():
        if wire in data:
            values[item.name] = _typed(_hints(cls)[item.name], data[wire])
        elif item.default is MISSING:
            raise ValueError(f"{getattr(cls, 'kind', cls.__name__)}: no {wire!r}")
    return cls(**values)


def decode(data: str | Mapping[str, Any]) -> Message:
    """Any message of the protocol (text or parsed JSON) as its typed value; ``ValueError`` for a
    type or a field the protocol does not have, or a field missing (what a client uses)."""
    found = json.loads(data) if isinstance(data, str) else data
    kind = found.get("type") if isinstance(found, Mapping) else None
    cls = (TO_PHONE.get(kind) or FROM_PHONE.get(kind)) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"not a message of the protocol: {str(found)[:80]}")
    message: Message = _record(cls, found)
    return message


def field_paths(cls: type) -> list[str]:
    """Every field of a message as the docs name it: ``players[].name``, ``predict.round``."""
    paths: list[str] = []
    for item in _fields_of(cls):
        paths.append(item.wire)
        listed, record = _record_type(_hints(cls)[item.name])
        if record is not None:
            paths.extend(f"{item.wire}{'[]' if listed else ''}.{inner}" for inner in field_paths(record))
    return paths


# ------------------------------------------------------------------ reading, as the server
def _text(value: Any) -> str:
    """A text field; anything else reads as empty (the room then says what is wrong)."""
    return value if isinstance(value, str) else ""


def _whole_number(data: Mapping[str, Any], name: str, kind: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LARGEST_NUMBER:
        raise Refused(_("'{kind}' needs a whole number").format(kind=kind))
    return value


def _play(data: Mapping[str, Any]) -> Play:
    return Play(_whole_number(data, "card", Play.kind))


def _take_row(data: Mapping[str, Any]) -> TakeRow:
    row = data.get("row")
    if isinstance(row, int) and not isinstance(row, bool) and not 0 <= row < ROWS:
        raise Refused(_("there is no row {row}").format(row=row + 1))  # a whole number, but no row (-1, 4)
    return TakeRow(_whole_number(data, "row", TakeRow.kind))


def _predict(data: Mapping[str, Any]) -> Predict:
    try:
        round_, turn, card = (_whole_number(data, name, Predict.kind) for name in ("round", "turn", "card"))
    except Refused:
        raise Refused(_("a prediction names the placement it answers")) from None
    row = data.get("row")
    if data.get("takes") is True:
        return Predict(round_, turn, card, takes=True)
    if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < ROWS:
        raise Refused(_("a prediction is a row 1-4 or \"takes a row\""))
    return Predict(round_, turn, card, row=row)


def _count(data: Mapping[str, Any]) -> int:
    """A resume's ``mail``: a whole number (anything else reads as 0: everything kept is sent again)."""
    value = data.get("mail")
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def student_key(value: Any) -> str:
    """A student's key as a phone sent it, if it looks like one (else ``""``: the server makes a new one)."""
    return value if isinstance(value, str) and STUDENT_KEY.fullmatch(value) else ""


def _answer_puzzle(data: Mapping[str, Any]) -> AnswerPuzzle:
    if "card" in data and "row" not in data:
        return AnswerPuzzle(card=_whole_number(data, "card", AnswerPuzzle.kind))
    if "row" in data and "card" not in data:
        return AnswerPuzzle(row=_take_row(data).row)
    raise Refused(_("an answer to a puzzle is a card or a row"))


_READERS: dict[str, Callable[[Mapping[str, Any]], Request]] = {
    Join.kind: lambda data: Join(_text(data.get("code")), _text(data.get("name")), student_key(data.get("student"))),
    Resume.kind: lambda data: Resume(_text(data.get("token")), student_key(data.get("student")), _count(data)),
    Play.kind: _play,
    TakeRow.kind: _take_row,
    Predict.kind: _predict,
    AnswerPuzzle.kind: _answer_puzzle,
}


def parse_request(text: str) -> Request:
    """A phone's text message as a checked :data:`Request`; :class:`Refused` saying what is wrong
    (not JSON, an unknown type, a number that is not a whole number in range ...)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(_("not a JSON message")) from None
    kind = data.get("type") if isinstance(data, dict) else None
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise Refused(_("unknown message type"))
    return reader(data)
