"""Errors raised for actions the rules do not allow.

All are ``ValueError`` subclasses so callers that only care about "bad input"
can catch one type, while tests and UIs can tell the cases apart.
"""


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state."""


class CardNotInHandError(IllegalActionError):
    """A player tried to play a card they do not hold."""


class InvalidRowError(IllegalActionError):
    """A row index outside 0-3."""


class OutOfTurnError(IllegalActionError):
    """An action that is not expected now, or not from this player."""
