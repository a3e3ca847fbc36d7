"""Translated words several screens share, and sentences with numbers for the digit sprites.

`rich` (from :mod:`game.i18n`) turns a translated template such as ``"Decision {index} of {count}"`` into
the parts :func:`scenes.kit.widgets.draw_rich` draws: words in the font, each number stamped
with the digit sprites - in whatever order the language puts them.
"""

from __future__ import annotations

from typing import Protocol

from game.i18n import _


class SeatLike(Protocol):
    """What :func:`seat_label` reads of a seat (:class:`scenes.model.session.Seat`)."""

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
    if seat.kind == "phone":  # scenes.model.session.PHONE
        # NOTE: a student playing from a phone (the class mode).
        return _("phone")
    # NOTE: a computer player and its level's id (random, heuristic, mc), e.g. "AI (mc)".
    return _("AI ({level})").format(level=seat.kind)
