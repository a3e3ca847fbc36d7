"""A class game's predictions as a stopped game keeps them: each guesser's tally so far and the
round open at the stop, so that the lesson's report after ``class --resume`` counts every
prediction made before the stop, as if the game had never stopped.

Part of the unfinished game's format (:mod:`store.unfinished`, field ``predictions``)::

    {"tally": [[key, name, right, asked], ...],
     "open": {"question": [round, turn, player, card], "asked": [[key, name], ...],
              "guesses": [[key, guess], ...]} | null}

A key is ``seat:N`` or ``watch:TOKEN``; a guess is a row 0-3 or 4 (takes a row).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.predict import InvalidGuessError, check_guess

MOST_GUESSERS = 1000
"""More guessers than this in one kept game is damage (a class has 60 phones at most)."""
MOST_KEY_CHARACTERS = 100


class KeptPredictionsError(ValueError):
    """A kept game's predictions cannot be read."""


@dataclass(frozen=True)
class Tally:
    """One guesser's predictions so far: right of asked."""

    key: str
    name: str
    right: int
    asked: int


@dataclass(frozen=True)
class OpenRound:
    """The placement the class was predicting when the game stopped, and the answers in."""

    question: tuple[int, int, int, int]
    """(round, turn, player, card), round and turn from 0."""
    asked: tuple[tuple[str, str], ...]
    """(key, name) of everyone asked."""
    guesses: tuple[tuple[str, int], ...]
    """(key, guess) of everyone who answered."""


@dataclass(frozen=True)
class KeptPredictions:
    """The predictions of one class game (one table) at the moment it was kept."""

    tally: tuple[Tally, ...] = ()
    open: OpenRound | None = None

    def to_dict(self) -> dict[str, Any]:
        opened = self.open
        return {"tally": [[t.key, t.name, t.right, t.asked] for t in self.tally],
                "open": None if opened is None else {"question": list(opened.question),
                                                     "asked": [list(pair) for pair in opened.asked],
                                                     "guesses": [list(pair) for pair in opened.guesses]}}


def kept_predictions(data: Any) -> KeptPredictions | None:
    """The predictions in a kept game's ``predictions`` field (``None``: none were kept);
    :class:`KeptPredictionsError` saying what is wrong."""
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("tally"), list) or len(data["tally"]) > MOST_GUESSERS:
        raise KeptPredictionsError("predictions: expected a tally of guessers")
    return KeptPredictions(tuple(_tally(entry) for entry in data["tally"]), _open(data.get("open")))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _key_and_name(key: Any, name: Any) -> bool:
    return (isinstance(key, str) and 0 < len(key) <= MOST_KEY_CHARACTERS and isinstance(name, str)
            and len(name) <= MOST_KEY_CHARACTERS)


def _tally(entry: Any) -> Tally:
    if not (isinstance(entry, list) and len(entry) == 4 and _key_and_name(entry[0], entry[1])
            and _whole(entry[2]) and _whole(entry[3]) and entry[2] <= entry[3]):
        raise KeptPredictionsError("predictions: each guesser is [key, name, right, asked], right <= asked")
    return Tally(*entry)


def _open(data: Any) -> OpenRound | None:
    if data is None:
        return None
    try:
        question, asked, guesses = data["question"], data["asked"], data["guesses"]
    except (KeyError, TypeError):
        raise KeptPredictionsError("predictions: the open round needs its question, asked and guesses") from None
    if not (isinstance(question, list) and len(question) == 4 and all(_whole(part) for part in question)):
        raise KeptPredictionsError("predictions: the open question is [round, turn, player, card]")
    if not (isinstance(asked, list) and len(asked) <= MOST_GUESSERS
            and all(isinstance(pair, list) and len(pair) == 2 and _key_and_name(*pair) for pair in asked)):
        raise KeptPredictionsError("predictions: the open round's asked are [key, name] pairs")
    return OpenRound((question[0], question[1], question[2], question[3]), tuple((k, n) for k, n in asked),
                     _guesses(guesses, {key for key, _name in asked}))


def _guesses(guesses: Any, asked: set[str]) -> tuple[tuple[str, int], ...]:
    if not isinstance(guesses, list) or len(guesses) > MOST_GUESSERS:
        raise KeptPredictionsError("predictions: the open round's guesses are [key, guess] pairs")
    found = []
    for pair in guesses:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in asked):
            raise KeptPredictionsError("predictions: a guess is [key, guess] of someone asked")
        try:
            found.append((pair[0], check_guess(pair[1])))
        except InvalidGuessError as error:
            raise KeptPredictionsError(f"predictions: {error}") from None
    return tuple(found)
