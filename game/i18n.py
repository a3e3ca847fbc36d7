"""The language the app speaks: the translations in use and the pick of a language.

Every text a user sees is marked with :func:`_` (or :func:`ngettext` where a
number is counted: "1 point", "2 points") and looked up here when it is
shown, in whatever translations were installed last.  The default is
:class:`gettext.NullTranslations`: the English source texts themselves.

This module is pure: it never reads a file.  Loading a catalog from
``locale/`` and installing it is the job of the adapter
:mod:`scenes.model.language`, so the rules core and its tests run with no catalog
at all.
"""

from __future__ import annotations

import gettext
from string import Formatter
from typing import Mapping, Sequence, Union

DOMAIN = "sixtakes"
"""The gettext domain: the catalogs are ``locale/<code>/LC_MESSAGES/sixtakes.mo``."""
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "tr": "Türkçe",
    "es": "Español",
    "fr": "Français",
}
"""Every language the app speaks (code: its own name for itself), English first: the source."""
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the system's language, most specific first (as gettext)."""

Part = Union[str, int]
"""A piece of a sentence shown on screen: words, or a number (screens stamp numbers with the
digit sprites, in every language)."""

_FORMATTER = Formatter()
_active: gettext.NullTranslations = gettext.NullTranslations()
_code = SOURCE_LANGUAGE


class UnknownLanguageError(ValueError):
    """A language code the app has no catalog for; the message lists the ones it has."""

    def __init__(self, code: str) -> None:
        super().__init__(f"unknown language {code!r}; available: {', '.join(LANGUAGES)}")
        self.code = code


def check_language(code: str) -> str:
    """``code`` if the app speaks it; :class:`UnknownLanguageError` otherwise."""
    if code not in LANGUAGES:
        raise UnknownLanguageError(code)
    return code


def _(message: str) -> str:
    """``message`` in the active language."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular`` / ``plural`` that goes with ``count``, in the active language."""
    return _active.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is defined; :func:`_` translates it when shown."""
    return message


def install(code: str, translations: gettext.NullTranslations) -> None:
    """Speak ``code`` from now on, with ``translations`` (NullTranslations for English)."""
    global _active, _code
    _active = translations
    _code = check_language(code)


def active_language() -> str:
    """The code of the language in use."""
    return _code


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The first language of the system's locale the app speaks (``de_DE.UTF-8`` -> ``de``), if any.

    As gettext does, the first variable set decides; ``LANGUAGE`` may list several (``tr:de``)."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code in ("c", "posix"):
                return SOURCE_LANGUAGE
        if variable != "LANGUAGE":
            return None
    return None


def pick_language(flag: str | None, setting: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: ``--lang``, else the menu's saved setting, else the system's locale,
    else English.  A saved setting the app no longer speaks is passed over."""
    if flag is not None:
        return check_language(flag)
    if setting is not None and setting in LANGUAGES:
        return setting
    return locale_language(environ) or SOURCE_LANGUAGE


def rich(template: str, **values: int | str | Sequence[Part]) -> list[Part]:
    """``template`` (already translated, e.g. ``_("{card} goes to row {row}")``) with its
    ``{name}`` fields filled, as parts: numbers stay ints for the digit sprites, and a value
    that is itself a list of parts is spliced in - in whatever order the language puts them."""
    parts: list[Part] = []
    for literal, field, _spec, _conversion in _FORMATTER.parse(template):
        if literal:
            parts.append(literal)
        if field is not None:
            value = values[field]
            if isinstance(value, (str, int)):
                parts.append(value)
            else:
                parts.extend(value)
    return parts
