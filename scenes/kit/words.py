"""Translated words several screens share, and sentences with numbers for the digit sprites.

`rich` (from :mod:`game.i18n`) turns a translated template such as ``"Decision {index} of {count}"`` into
the parts :func:`scenes.kit.widgets.draw_rich` draws: words in the font, each number stamped
with the digit sprites - in whatever order the language puts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.i18n import Part, _, rich
from game.predict import PredictorPlace

TYPED_SEED_DIGITS = 6
"""A seed of at most this many digits was typed by a person (``--seed 42``, a deal to replay) and
is worth showing the class; a longer one was drawn (19 digits): noise on a projector, kept in the
record, the scoreboard's list and "Replay this deal"."""


def seed_worth_showing(seed: int) -> bool:
    """Whether the class should read ``seed`` (a typed one) - not a drawn one."""
    return len(str(seed)) <= TYPED_SEED_DIGITS


class SeatLike(Protocol):
    """What :func:`seat_label` reads of a seat (:class:`live.session.Seat`)."""

    @property
    def is_human(self) -> bool: ...

    @property
    def is_bot(self) -> bool: ...

    @property
    def kind(self) -> str: ...


def seat_label(seat: SeatLike) -> str:
    """What sits in ``seat``, in a word or two, in the active language: "human", "AI (mc)", "bot"."""
    if seat.is_human:
        return _("human")
    if seat.is_bot:
        return _("bot")
    if seat.kind == "phone":  # live.session.PHONE
        # NOTE: a student playing from a phone (the class mode).
        return _("phone")
    # NOTE: a computer player and its level's id (random, heuristic, mc), e.g. "AI (mc)".
    return _("AI ({level})").format(level=seat.kind)


MOST_NAMED = 6
"""A tie of more predictors than this is counted, not named: a projector's line is short."""


def names_list(names: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cem" in the active language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def predictor_place_line(place: PredictorPlace) -> list[Part]:
    """A place of the best predictors as a line of its own: "Ana: 7 of 28 right", a tie as a tie."""
    if len(place.names) == 1:
        return rich(_("{name}: {right} of {asked} right"), name=place.names[0], right=place.right, asked=place.asked)
    if len(place.names) <= MOST_NAMED:
        # NOTE: best predictors with the same score, e.g. "Tied: Ana, Ben and Cem - 6 of 28 right each"
        return rich(_("Tied: {names} - {right} of {asked} right each"), names=names_list(place.names),
                    right=place.right, asked=place.asked)
    # NOTE: more best predictors with the same score than a line can name, e.g. "Tied: 7 students - 6 of 28 right each"
    return rich(_("Tied: {count} students - {right} of {asked} right each"), count=len(place.names),
                right=place.right, asked=place.asked)


def predictor_place_short(place: PredictorPlace, named: bool = True) -> str:
    """A place of the best predictors in a few words: "Ana 7/28", "Ana and Ben (tied) 6/28", or
    (a tie too long to name, or not ``named``) "5 tied at 6/28"."""
    score = f"{place.right}/{place.asked}"
    if len(place.names) == 1:
        return f"{place.names[0]} {score}"
    if named and len(place.names) <= MOST_NAMED:
        # NOTE: best predictors with the same score, in a short line: "Ana and Ben (tied) 6/28"
        return _("{names} (tied) {score}").format(names=names_list(place.names), score=score)
    # NOTE: best predictors with the same score, counted: "5 tied at 6/28"
    return _("{count} tied at {score}").format(count=len(place.names), score=score)
