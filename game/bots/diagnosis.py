"""Why a bot's first answer of a game failed, found by trying once more on a copy of the question.

When a bot fails its very first answer (too slow, nonsense, an illegal move, or it exited), the
referee starts the program again, silently, beside the game:

* A program that exits on its own before it is given any input never started (a wrong path, a
  missing interpreter or module): it is reported as ``could not start``, with its exit code
  and the last line of its debug output, and no hint about the order of the lines.
* Otherwise the probe gets the same first question with its lines in the other order (the phase
  line first instead of last, or the reverse).  If it answers that one, the report says which
  prefix seats it: ``bot-statement:`` or ``bot:``.

The probe is timed as the first answer is (start-up free, the same clock) and ended with its
whole process tree, whatever it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import PlayerView
from ..i18n import N_
from ..kinds import BOT_KIND, BOT_STATEMENT_KIND
from .failures import BotFailure, Sentence
from .process import BotProcess
from .protocol import AnswerError, init_line, parse_answer, phase_of, turn_lines

STARTUP_SECONDS = 2.0
"""Start-up allowance: what a bot does in this long after it was started (loading its
interpreter and libraries) is not counted against its first answer; a program that exits
within it without being given any input could not start."""


@dataclass(frozen=True)
class FirstQuestion:
    """The first question a bot failed, and how it was asked."""

    command: str
    args: Sequence[str]
    player_count: int
    seat: int
    view: PlayerView
    disqualified: frozenset[int]
    phase_last: bool
    seconds: float
    cpu_clock: bool
    folder: str | None = None


@dataclass(frozen=True)
class Diagnosis:
    """What the probe found: the program never started (with its exit), or the other order works."""

    exit_code: int | None = None
    """Set when the program exited on its own, given no input: it could not start."""
    other_order_answers: bool = False


def diagnose(question: FirstQuestion, exited: bool) -> Diagnosis:
    """Start the bot again and find out why its first answer failed (see the module's text).
    ``exited``: the bot ended during its first answer (only then can it be a start failure)."""
    try:
        probe = BotProcess(question.args, folder=question.folder)
    except OSError:
        return Diagnosis()
    try:
        if exited:
            probe.wait_exit(STARTUP_SECONDS)
            if probe.returncode is not None:
                return Diagnosis(exit_code=probe.returncode)
        probe.send([init_line(question.player_count, question.seat)])
        probe.send(turn_lines(question.view, question.disqualified, phase_last=not question.phase_last))
        try:
            line = probe.receive(question.seconds, question.cpu_clock, free_until=probe.started + STARTUP_SECONDS)
            parse_answer(line, phase_of(question.view), question.view.hand)
        except (BotFailure, AnswerError):
            return Diagnosis()
        return Diagnosis(other_order_answers=True)
    finally:
        probe.close()


def order_hint(command: str, phase_last: bool) -> str:
    """The report's hint when the bot answers the other order: seat it with the other prefix."""
    if phase_last:
        return Sentence(N_("It reads the lines in the published statement's order (phase line first): "
                           "seat it as '{kind}'"), kind=f"{BOT_STATEMENT_KIND}:{command}")
    return Sentence(N_("It reads the lines in the live arena's order (phase line last): seat it as '{kind}'"),
                    kind=f"{BOT_KIND}:{command}")


def could_not_start_detail(exit_code: int, stderr_tail: Sequence[str]) -> str:
    """The report's detail for a program that exited before reading its input."""
    last = next((line.strip() for line in reversed(stderr_tail) if line.strip()), "")
    if last:
        return Sentence(N_("it exited with code {code} before reading its input: {stderr}"), code=exit_code,
                        stderr=last[:200])
    return Sentence(N_("it exited with code {code} before reading its input"), code=exit_code)
