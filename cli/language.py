"""``--lang CODE`` on every command: found before the parser is built, so its texts are translated.

:func:`start` looks for ``--lang`` in the arguments (anywhere: ``main.py --lang de play`` and
``main.py play --lang de`` both work), installs that language - or else the menu's saved
choice, the system's locale, English - and :func:`add_option` adds the flag to every
parser for ``--help`` and for the usage error an unknown code gets.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from game.i18n import LANGUAGES, N_, UnknownLanguageError, _, check_language, ngettext

FLAG = "--lang"
ARGPARSE_TEXTS = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"), N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ignored explicit argument %r"),
)
"""The words of :mod:`argparse` itself (the help's headings, its usage errors), exactly as it asks
gettext for them: :func:`speak_argparse` has it ask our catalogs, so ``--help`` and a bad flag are
in the chosen language too (a text not listed here stays argparse's English)."""


def language_argument(text: str) -> str:
    """A ``--lang`` value: a code the app has a catalog for."""
    try:
        return check_language(text)
    except UnknownLanguageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def flag_value(argv: Sequence[str]) -> str | None:
    """The last ``--lang`` value in ``argv`` (``None`` if there is none)."""
    value = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == FLAG and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith(FLAG + "="):
            value = arg.split("=", 1)[1]
    return value


def start(argv: Sequence[str] | None) -> str:
    """Install the language ``argv`` asks for (an unknown code is left to the parser's error)."""
    from scenes.model.language import start_language  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    value = flag_value(sys.argv[1:] if argv is None else argv)
    speak_argparse()
    return start_language(value if value in LANGUAGES else None)


def speak_argparse() -> None:
    """Have :mod:`argparse` look its own words up (see :data:`ARGPARSE_TEXTS`) in the language in use.

    argparse translates them with the module-level ``_`` and ``ngettext`` it imports from
    :mod:`gettext`; these two names are the hook it offers, and English stays English."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on ``parser`` and on every command (and subcommand) below it."""
    parser.add_argument(FLAG, metavar="CODE", type=language_argument, default=argparse.SUPPRESS,
                        help=_("the language: {codes} (default: the menu's choice, else the system's)")
                        .format(codes=", ".join(LANGUAGES)))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                add_option(sub)
