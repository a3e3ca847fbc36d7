"""Why a bot failed a question, found by trying once more on a copy of the game's questions.

When a bot fails a question (too slow, waiting for more input, nonsense, an illegal move, or it
exited), the referee starts the program again, silently, beside the game:

* A program that exits on its own before it is given any input never started (a wrong path, a
  missing interpreter or module): it is reported as ``could not start``, with its exit code
  and the last line of its debug output, and no hint about the order of the lines.  Only a bot
  that exited at its very first question can be one.
* Otherwise the probe gets the game's questions so far, the failed one last, with their lines
  in the other order (the phase line first instead of last, or the reverse), one at a time as
  the game asked them.  If it answers every one acceptably, a third run replays them in the
  game's own order: only if that one fails too does the report say which prefix seats it
  (``bot-statement:`` or ``bot:``).  A bot that reads either order and failed once (a slow
  answer on a busy computer, a rare bug) answers both replays and gets no hint: its order was
  not the cause.  A bot reading the other order may well answer its first questions by luck
  and fail only at a later one (say, the first row choice): the whole game so far is what tells.

The probe is timed as the game was (start-up free, the same clock and limits) and ended with
its whole process tree, whatever it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.engine import PlayerView
from game.i18n import N_
from game.kinds import BOT_KIND, BOT_STATEMENT_KIND
from .failures import BotFailure, Sentence
from .process import BotProcess
from .protocol import AnswerError, init_line, parse_answer, phase_of, turn_lines

STARTUP_SECONDS = 2.0
"""Start-up allowance: what a bot does in this long after it was started (loading its
interpreter and libraries) is not counted against its first answer; a program that exits
within it without being given any input could not start."""


@dataclass(frozen=True)
class Question:
    """One question of the game, as the bot was asked it."""

    view: PlayerView
    disqualified: frozenset[int]
    """The seats shown as disqualified then."""


@dataclass(frozen=True)
class AskedGame:
    """The questions a bot was asked in its game (the failed one last), and how."""

    command: str
    args: Sequence[str]
    player_count: int
    seat: int
    questions: Sequence[Question]
    phase_last: bool
    first_seconds: float
    """The limit of the first answer (the others': ``seconds``)."""
    seconds: float
    cpu_clock: bool
    folder: str | None = None


@dataclass(frozen=True)
class Diagnosis:
    """What the probe found: the program never started (with its exit), or only the other order works."""

    exit_code: int | None = None
    """Set when the program exited on its own, given no input: it could not start."""
    other_order_answers: bool = False
    """The game's questions replayed in the other order are answered, in its own order they are not."""


def diagnose(game: AskedGame, exited: bool) -> Diagnosis:
    """Start the bot again and find out why it failed (see the module's text).  ``exited``: the
    bot ended during its failed question (only at its first can it be a start failure)."""
    try:
        probe = BotProcess(game.args, folder=game.folder)
    except OSError:
        return Diagnosis()
    try:
        if exited and len(game.questions) <= 1:  # at its first question, or while it was sent the game's first line
            probe.wait_exit(STARTUP_SECONDS)
            if probe.returncode is not None:
                return Diagnosis(exit_code=probe.returncode)
        if not game.questions:  # no question to ask in the other order
            return Diagnosis()
        if not answers_in_order(probe, game, phase_last=not game.phase_last):
            return Diagnosis()
    finally:
        probe.close()
    return Diagnosis(other_order_answers=not replays_in_own_order(game))


def replays_in_own_order(game: AskedGame) -> bool:
    """Whether the bot, started again, answers the game's questions in the order the game asked them."""
    try:
        probe = BotProcess(game.args, folder=game.folder)
    except OSError:
        return False
    try:
        return answers_in_order(probe, game, phase_last=game.phase_last)
    finally:
        probe.close()


def answers_in_order(probe: BotProcess, game: AskedGame, phase_last: bool) -> bool:
    """Whether ``probe``, just started, answers each of the game's questions acceptably, asked one
    at a time with the phase line last (``phase_last``) or first and timed as in the game."""
    probe.send([init_line(game.player_count, game.seat)])
    for number, question in enumerate(game.questions):
        probe.send(turn_lines(question.view, question.disqualified, phase_last=phase_last))
        first = number == 0
        try:
            line = probe.receive(game.first_seconds if first else game.seconds, game.cpu_clock,
                                 free_until=probe.started + STARTUP_SECONDS if first else 0.0)
            parse_answer(line, phase_of(question.view), question.view.hand)
        except (BotFailure, AnswerError):
            return False
    return True


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
