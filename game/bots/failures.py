"""Why a bot lost its seat: the reasons, the report a student can act on, and the failure
raised inside the referee while a bot is asked."""

from __future__ import annotations

from dataclasses import dataclass

SENT_LIMIT = 200
"""Characters of an offending answer kept in a disqualification."""

# Reasons for a disqualification (the ``reason`` field), stable for summaries.
TOO_SLOW = "too slow"
NONSENSE = "nonsense"
ILLEGAL_MOVE = "illegal move"
EXITED = "exited"
FLOODS_STDOUT = "floods stdout"
COULD_NOT_START = "could not start"
REASONS = (TOO_SLOW, NONSENSE, ILLEGAL_MOVE, EXITED, FLOODS_STDOUT, COULD_NOT_START)


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

    def to_dict(self) -> dict[str, object]:
        """The report as JSON-ready data (for ``simulate --json`` and saved logs)."""
        return {
            "seat": self.seat, "command": self.command, "round": self.round, "turn": self.turn,
            "reason": self.reason, "detail": self.detail, "sent": self.sent,
            "stderr_tail": list(self.stderr_tail), "hint": self.hint,
        }

    def describe(self) -> str:
        """One line for people: seats, rounds and turns counted from 1."""
        sent = f"; it sent {self.sent!r}" if self.sent else ""
        hint = f". {self.hint}" if self.hint else ""
        return (f"bot in seat {self.seat + 1} ({self.command}) disqualified in round {self.round + 1}, "
                f"turn {self.turn + 1}: {self.reason} ({self.detail}){sent}{hint}")


class BotFailure(Exception):
    """The bot broke the protocol while being asked (raised and handled inside the referee)."""

    def __init__(self, reason: str, detail: str, sent: str = "") -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.sent = sent


def truncate(text: str) -> str:
    """An offending answer as kept in a report: at most :data:`SENT_LIMIT` characters."""
    return text if len(text) <= SENT_LIMIT else text[:SENT_LIMIT] + "..."
