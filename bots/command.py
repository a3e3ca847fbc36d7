"""A bot's command line: split as a shell would (no shell runs), its program looked for
before a game starts, and the hint given when a bot seems to expect the other order of lines."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

from . import proctree
from game.i18n import _
from game.kinds import Bot, PlayerKind, parse_kind

_POSIX = os.name == "posix"


def split_command(command: str) -> list[str]:
    """The program and arguments of ``command``, split as a shell would (no shell runs).

    POSIX shell quoting everywhere except Windows, where backslashes are path
    separators, not escapes: there only double quotes group words.
    ``ValueError`` for an empty command or unbalanced quotes.
    """
    try:
        if _POSIX:
            args = shlex.split(command)
        else:
            args = [_unquote(word) for word in shlex.split(command, posix=False)]
    except ValueError as error:
        raise ValueError(_("bot command {command}: {problem}").format(command=repr(command), problem=error)) from None
    if not args:
        raise ValueError(_("bot command is empty"))
    return args


def check_command(command: str) -> list[str]:
    """:func:`split_command`, and ``ValueError`` unless the program can be found.

    For argument checking before a run: a bot that cannot start during a
    game is only disqualified, which is a poor way to report a typo.
    """
    args = split_command(command)
    program = args[0]
    has_folder = os.sep in program or (os.altsep is not None and os.altsep in program)
    found = Path(program).is_file() if has_folder else shutil.which(program) is not None
    if not found:
        raise ValueError(_("bot command {command}: program {program} not found").format(
            command=repr(command), program=repr(program)))
    require_process_tools()
    return args


def require_process_tools() -> None:
    """:class:`~bots.proctree.PackageMissing` unless ``psutil`` is installed: without it the
    processes a bot starts could not all be ended, so no bot is started."""
    if not proctree.available():
        raise proctree.PackageMissing("psutil", _("bots need the psutil package, to end every process a bot "
                                                "starts: pip install -r requirements.txt"))


def _unquote(word: str) -> str:
    if len(word) >= 2 and word[0] == word[-1] == '"':
        return word[1:-1]
    return word


def check_kind(kind: str, *, human: bool = False) -> PlayerKind:
    """The kind ``kind`` names, if a computer player can play it (or, with ``human``, a person):
    a built-in level, or ``bot:COMMAND`` / ``bot-statement:COMMAND`` whose program can be found.
    ``ValueError`` saying why otherwise."""
    parsed = parse_kind(kind, human=human)  # ValueError for a bot prefix without a command
    if isinstance(parsed, Bot):
        check_command(parsed.command)
    return parsed
