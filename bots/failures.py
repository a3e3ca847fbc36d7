"""Why a bot lost its seat: the reasons, the report a student can act on, and the failure
raised inside the referee while a bot is asked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.i18n import N_, _

SENT_LIMIT = 200
"""Characters of an offending answer kept in a disqualification."""

# Reasons for a disqualification (the ``reason`` field), stable for summaries.
# Kept in English in JSON; shown translated with ``_()``.
TOO_SLOW = N_("too slow")
NONSENSE = N_("nonsense")
ILLEGAL_MOVE = N_("illegal move")
EXITED = N_("exited")
FLOODS_STDOUT = N_("floods stdout")
COULD_NOT_START = N_("could not start")
BENCHED = N_("benched")
WAITS_FOR_INPUT = N_("waits for input")
REASONS = (TOO_SLOW, WAITS_FOR_INPUT, NONSENSE, ILLEGAL_MOVE, EXITED, FLOODS_STDOUT, COULD_NOT_START, BENCHED)


class Sentence(str):
    """A sentence about a bot: its English text (what JSON keeps and tests compare) that also
    keeps its template (marked with ``N_``) and values, so it is shown in the language in use
    (:func:`shown`) - even when a worker process, which speaks English, made it."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Sentence:
        sentence = super().__new__(cls, template.format(**values))
        sentence.template = template
        sentence.values = values
        return sentence

    def __reduce__(self) -> tuple[Any, ...]:
        return (_sentence, (self.template, self.values))


def _sentence(template: str, values: dict[str, Any]) -> Sentence:
    return Sentence(template, **values)


def shown(text: str, say: Callable[[str], str] = _) -> str:
    """``text`` in the language in use (``say``: ``str`` for English), if it is a :class:`Sentence` or a
    reason; else as it is."""
    if isinstance(text, Sentence):
        return say(text.template).format(**{key: shown(value, say) if isinstance(value, str) else value
                                            for key, value in text.values.items()})
    return say(text) if text in REASONS else text


@dataclass(frozen=True)
class Disqualification:
    """Why a bot lost its seat: enough for a report a student can act on."""

    seat: int
    """The bot's player index (its ``playerId``), from 0."""
    command: str
    """The bot's command line, as given."""
    round: int
    """Round index, from 0, as in the engine."""
    turn: int
    """Turn index within the round, from 0, as in the engine."""
    reason: str
    """One of :data:`REASONS`."""
    detail: str
    """The reason in a sentence (which limit, which card, which exit code)."""
    sent: str
    """The offending line as sent (truncated to :data:`SENT_LIMIT`); empty if none."""
    stderr_tail: tuple[str, ...]
    """The last lines of the bot's debug output when it was disqualified."""
    hint: str = ""
    """What to try, when the first answer already failed: the other order of the lines."""
    first_answer: bool = False
    """The bot failed its very first answer of the game (a tournament benches a bot that does so
    in two games in a row)."""

    def to_dict(self) -> dict[str, object]:
        """The report as JSON-ready data (for ``simulate --json`` and saved logs)."""
        return {
            "seat": self.seat, "command": self.command, "round": self.round, "turn": self.turn,
            "reason": self.reason, "detail": self.detail, "sent": self.sent,
            "stderr_tail": list(self.stderr_tail), "hint": self.hint, "first_answer": self.first_answer,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Disqualification:
        """The report :meth:`to_dict` gave (its :class:`Sentence` kept if it has not been through JSON)."""
        def text(value: Any) -> str:
            return value if isinstance(value, str) else str(value)
        return cls(int(data["seat"]), text(data["command"]), int(data["round"]), int(data["turn"]),
                   text(data["reason"]), text(data["detail"]), text(data.get("sent", "")),
                   tuple(map(text, data.get("stderr_tail", ()))), text(data.get("hint", "")),
                   bool(data.get("first_answer", False)))

    def describe(self, say: Callable[[str], str] = _) -> str:
        """One line for people, in the language in use (``say=str``: in English): seats, rounds
        and turns counted from 1."""
        values = {"seat": self.seat + 1, "command": self.command, "round": self.round + 1,
                  "turn": self.turn + 1, "reason": shown(self.reason, say), "detail": shown(self.detail, say),
                  "sent": repr(self.sent), "hint": shown(self.hint, say)}
        if self.sent and self.hint:
            template = N_("bot in seat {seat} ({command}) disqualified in round {round}, turn {turn}: "
                          "{reason} ({detail}); it sent {sent}. {hint}")
        elif self.sent:
            template = N_("bot in seat {seat} ({command}) disqualified in round {round}, turn {turn}: "
                          "{reason} ({detail}); it sent {sent}")
        elif self.hint:
            template = N_("bot in seat {seat} ({command}) disqualified in round {round}, turn {turn}: "
                          "{reason} ({detail}). {hint}")
        else:
            template = N_("bot in seat {seat} ({command}) disqualified in round {round}, turn {turn}: "
                          "{reason} ({detail})")
        return say(template).format(**values)


class BotFailure(Exception):
    """The bot broke the protocol while being asked (raised and handled inside the referee)."""

    def __init__(self, reason: str, detail: str, sent: str = "", probe: bool = True) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.sent = sent
        self.probe = probe
        """Whether trying the other order of the lines may explain it (not for a bot seen asleep
        on a timer: that is no misread question)."""


def truncate(text: str) -> str:
    """An offending answer as kept in a report: at most :data:`SENT_LIMIT` characters."""
    return text if len(text) <= SENT_LIMIT else text[:SENT_LIMIT] + "..."
