"""Text from outside (names, bot messages, records) made safe to keep and to show.

Two rules live here, in pure Python so the app, the command line and any
other front end share them:

* :func:`check_name` - a player name is 1 to :data:`NAME_LIMIT` characters of
  printable text.  Names are checked where they enter (``--names``, the menu,
  records), so nothing downstream has to guess.
* :func:`drawable` - any text at all becomes something a font can draw: control
  characters (NUL among them) and unpaired surrogates are replaced, and the
  length is capped with an ellipsis.  Every piece of text the app draws goes
  through it, whatever its source.
"""

from __future__ import annotations

import unicodedata

from .i18n import _

NAME_LIMIT = 24
"""The longest player name, in characters."""
DRAW_LIMIT = 200
"""Text drawn on one line is cut to this many characters (an ellipsis marks the cut)."""
REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"

_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Cn", "Co", "Zl", "Zp"})
"""Control and format characters (NUL, escape sequences, right-to-left overrides),
surrogates, unassigned and private-use code points, line and paragraph separators:
nothing a one-line label should try to draw."""


class InvalidNameError(ValueError):
    """A player name that cannot be used; the message says why."""


def is_valid_unicode(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no unpaired surrogates, as from bad bytes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def check_name(name: str) -> str:
    """``name`` if it is a usable player name; ``InvalidNameError`` saying why otherwise."""
    if not is_valid_unicode(name):
        # NOTE: the end of a sentence about a name ("name 2 ..."; "the name ...")
        raise InvalidNameError(_("is not valid text (it holds bytes that are not UTF-8)"))
    if not name.strip():
        # NOTE: the end of a sentence about a name ("name 2 is empty")
        raise InvalidNameError(_("is empty"))
    if len(name) > NAME_LIMIT:
        # NOTE: the end of a sentence about a name ("name 2 is 30 characters long; ...")
        raise InvalidNameError(_("is {length} characters long; at most {limit} are allowed").format(
            length=len(name), limit=NAME_LIMIT))
    if any(_unsafe(char) for char in name):
        # NOTE: the end of a sentence about a name ("name 2 holds a control ...")
        raise InvalidNameError(_("holds a control or unprintable character"))
    return name


def drawable(text: str, limit: int = DRAW_LIMIT) -> str:
    """``text`` as one drawable line of at most ``limit`` characters.

    Tabs and line breaks become spaces, every other unsafe character (see
    :data:`_UNSAFE_CATEGORIES`) becomes U+FFFD, and a longer text is cut
    with an ellipsis.  Plain text is returned as it is, cheaply.
    """
    if len(text) > limit:
        text = text[:max(0, limit - 1)] + ELLIPSIS
    if text.isprintable():
        return text
    return "".join(_safe_char(char) for char in text)


def _safe_char(char: str) -> str:
    if char.isprintable():
        return char
    if char in "\t\n\r\v\f" or unicodedata.category(char) == "Zs":
        return " "
    return REPLACEMENT


def shown_name(text: str) -> str:
    """A name quoted in a message: drawable, at most a name's length and a bit."""
    return drawable(text, NAME_LIMIT + 1)
