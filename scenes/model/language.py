"""Loading the app's language: the catalogs under ``locale/`` and the menu's saved choice.

The adapter between :mod:`game.i18n` (pure: which texts, which language is
active) and the files: ``locale/<code>/LC_MESSAGES/sixtakes.mo`` (compiled by
``pybabel compile`` and kept in the repository, so the app needs nothing but
the standard library's ``gettext`` to speak a language) and
``settings.json`` in the app's data folder, where the menu's language button
remembers its choice.  No pygame here: the command line uses it too.
"""

from __future__ import annotations

import gettext
import os
from typing import Mapping

from game.resources import resource
from game.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE, check_language, install, pick_language
from .settings import save, saved

LOCALE_DIR = resource("locale")
LANGUAGE_KEY = "language"


def translations(code: str) -> gettext.NullTranslations:
    """The catalog of ``code`` (NullTranslations for English, the source texts)."""
    check_language(code)
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])


def use_language(code: str) -> None:
    """Speak ``code`` from now on."""
    install(code, translations(code))


def saved_language() -> str | None:
    """The language the menu's button chose last, if one was saved and still is spoken."""
    code = saved(LANGUAGE_KEY)
    return code if isinstance(code, str) and code in LANGUAGES else None


def save_language(code: str) -> None:
    """Remember ``code`` as the menu's choice (other settings in the file are kept)."""
    save(LANGUAGE_KEY, check_language(code))


def start_language(flag: str | None, environ: Mapping[str, str] | None = None) -> str:
    """Pick the language (``--lang``, the saved setting, the locale, English), install it; its code."""
    code = pick_language(flag, saved_language(), os.environ if environ is None else environ)
    use_language(code)
    return code


def next_language(code: str) -> str:
    """The language after ``code`` in :data:`game.i18n.LANGUAGES` (what the menu's button cycles)."""
    codes = list(LANGUAGES)
    return codes[(codes.index(code) + 1) % len(codes)] if code in codes else SOURCE_LANGUAGE
