"""The text protocol spoken with bot programs (CodinGame's "6 nimmt!" arena).

Pure functions only: what to send for a :class:`~game.engine.PlayerView`, and
what a bot's answer line means.  Running the bot, timing it and deciding what
happens to a bot that breaks the rules is :mod:`bots.referee`'s business; keeping
the text here makes every line testable without a process.

The full description for bot authors is ``docs/bot-protocol.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Sequence

from game.engine import PlayerView
from game.i18n import N_
from .failures import Sentence
from game.rules import ROWS

CHOOSE_CARD = "CHOOSE_CARD_TO_PLAY"
"""Phase line when the bot must choose the card it plays this turn."""
CHOOSE_ROW = "CHOOSE_LINE_TO_PICK"
"""Phase line when the bot's card is lower than every row (rule 4)."""
PLAY = "PLAY"
"""Answer command in the card phase: ``PLAY cardId [message]``."""
PICK = "PICK"
"""Answer command in the row phase: ``PICK lineId [message]``."""
NO_CARD = -1
"""Shown as a player's last card on a round's first turn and for disqualified players."""
DISQUALIFIED_SCORE = -999
"""Shown as the score of a disqualified player."""
LINES_PER_TURN = 2 + 2 * ROWS + 3
"""Every turn's input has this many lines (13), whatever the phase or order."""


class AnswerError(ValueError):
    """A bot's answer that cannot be accepted; ``str(error)`` says why, for the report."""

    def __init__(self, message: str, *, illegal: bool = False) -> None:
        super().__init__(message)
        self.illegal = illegal
        """True when the answer is well formed but names a card or row it may not use."""


@dataclass(frozen=True)
class Answer:
    """One accepted answer line."""

    command: str
    """``PLAY`` or ``PICK``."""
    value: int
    """The card played, or the row (0-3) picked."""
    message: str
    """Whatever followed the number on the line, stripped (may be empty)."""


def phase_of(view: PlayerView) -> str:
    """The phase a view asks about: a card to place means the bot must pick a row."""
    return CHOOSE_ROW if view.card_to_place is not None else CHOOSE_CARD


def init_line(player_count: int, seat: int) -> str:
    """The one line sent when the bot starts: ``playerCount playerId``."""
    return f"{player_count} {seat}"


def last_cards(view: PlayerView, disqualified: AbstractSet[int] = frozenset()) -> list[int]:
    """The card each player played last, as the bot sees it.

    In the row phase the cards of this very turn are already revealed (the
    bot needs them to judge which row to take); otherwise it is the previous
    turn's cards, or none on a round's first turn.
    """
    if view.card_to_place is not None and view.revealed:
        cards = list(view.revealed)
    elif view.previous_plays:
        cards = list(view.previous_plays[-1])
    else:
        cards = [NO_CARD] * view.player_count
    return [NO_CARD if seat in disqualified else card for seat, card in enumerate(cards)]


def turn_lines(
    view: PlayerView,
    disqualified: AbstractSet[int] = frozenset(),
    *,
    phase_last: bool = False,
) -> list[str]:
    """The 13 lines sent each time the bot must act, without line endings.

    ``disqualified`` seats show ``-1`` as their last card and ``-999`` as
    their score.  ``phase_last`` moves the phase line after the hand, as the
    live arena sends it; the empty hand of a last-turn row choice is still
    sent as an empty line, so a turn is always :data:`LINES_PER_TURN` lines.
    """
    lines = [_numbers(last_cards(view, disqualified))]
    for row in view.rows:
        lines.append(str(len(row)))
        lines.append(_numbers(row))
    scores = [DISQUALIFIED_SCORE if seat in disqualified else score for seat, score in enumerate(view.scores)]
    lines.append(_numbers(scores))
    lines.append(str(len(view.hand)))
    lines.append(_numbers(view.hand))
    phase = phase_of(view)
    return lines + [phase] if phase_last else [phase] + lines


def parse_answer(line: str, phase: str, hand: Sequence[int]) -> Answer:
    """The answer ``line`` means in ``phase``; :class:`AnswerError` if it is not acceptable.

    A ``PLAY`` must name a card of ``hand``; a ``PICK`` a row 0-3.  The
    command of the other phase is as wrong as nonsense: the bot has misread
    the question.
    """
    words = line.split(maxsplit=2)
    if not words:
        raise AnswerError(Sentence(N_("sent an empty line")))
    expected = PLAY if phase == CHOOSE_CARD else PICK
    command = words[0]
    if command != expected:
        other = PICK if expected == PLAY else PLAY
        if command == other:
            raise AnswerError(Sentence(N_("sent {other} when asked to {expected}"), other=other, expected=expected))
        raise AnswerError(Sentence(N_("expected {expected}, got {got}"), expected=expected,
                                   got=repr(_shorten(command))))
    if len(words) < 2:
        raise AnswerError(Sentence(N_("{expected} without a number"), expected=expected))
    value = _integer(words[1])
    if value is None:
        raise AnswerError(Sentence(N_("{expected} {value} is not a number"), expected=expected,
                                   value=repr(_shorten(words[1]))))
    if expected == PLAY and value not in hand:
        raise AnswerError(Sentence(N_("played {card}, which is not in its hand"), card=value), illegal=True)
    if expected == PICK and not 0 <= value < ROWS:
        raise AnswerError(Sentence(N_("picked line {line}; lines are 0 to {last}"), line=value, last=ROWS - 1),
                          illegal=True)
    message = words[2].strip() if len(words) > 2 else ""
    return Answer(command, value, message)


def answer_line(command: str, value: int, message: str = "") -> str:
    """An answer as a bot would write it (for tests, examples and docs)."""
    return f"{command} {value} {message}".rstrip()


def _numbers(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


def _integer(text: str) -> int | None:
    """``text`` as a plain decimal integer (optional sign), else ``None``."""
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 9:
        return None
    return int(text)


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
