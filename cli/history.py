"""``main.py history export|import FILE``: the app's history of games as JSON Lines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from game.i18n import _, ngettext
from store.storage import default_history_path

from .arguments import Commands, OneLineErrorParser, path_argument

if TYPE_CHECKING:
    from store.history import History


def add_parser(commands: Commands) -> None:
    history = commands.add_parser(
        "history", help=_("export or import the app's history of games (JSON Lines)"),
        description=_("The app saves every finished game in {path}. "
                      "Export writes it as JSON Lines (format 6takes-record/1, oldest first); import "
                      "adds every readable record of a JSON Lines file (a game already there is skipped).").format(
            path=default_history_path()))
    history_commands = history.add_subparsers(dest="history_command", parser_class=OneLineErrorParser,
                                              required=True, metavar="{export,import}")
    export = history_commands.add_parser("export", help=_("write every game of the history to FILE"))
    export.add_argument("file", type=path_argument, metavar="FILE.jsonl")
    export.set_defaults(subparser=export)
    imported = history_commands.add_parser("import", help=_("add the records of FILE to the history"))
    imported.add_argument("file", type=path_argument, metavar="FILE.jsonl")
    imported.set_defaults(subparser=imported)


def run(args: argparse.Namespace) -> int:
    """``history export FILE`` / ``history import FILE``: a line saying what was done, or one
    error line (exit 2 for a file that cannot be read or a history that cannot be opened, 1 when
    an export cannot be written or an import skipped unreadable lines, each noted)."""
    from store.history import HistoryError, open_history  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from game.jsonl import LineError, open_regular_file, problem_text  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    notes: list[str] = []
    try:
        with open_history(notes=notes) as history:
            if args.history_command == "export":
                count = export_history(history, args.file)
                print(ngettext("exported {count} game to {file}", "exported {count} games to {file}", count).format(
                    count=count, file=args.file))
                return 0
            open_regular_file(args.file).close()  # not there, or not a regular file: exit 2 now
            report = history.import_lines(args.file)
    except (LineError, HistoryError) as problem:
        return error_exit(str(problem), 2)
    except OSError as problem:
        return error_exit(f"{args.file}: {problem_text(problem)}", 1)
    finally:
        print_notes(notes)
    print_notes(report.notes)
    print(import_summary(report.added, report.already_there, len(report.notes), args.file))
    return 1 if report.notes else 0


def import_summary(added: int, already_there: int, unreadable: int, path: Path) -> str:
    """The line an import ends with: games added, already there, lines not readable."""
    parts = [ngettext("imported {count} game from {file}", "imported {count} games from {file}", added).format(
        count=added, file=path)]
    if already_there:
        parts.append(_("{count} already in the history").format(count=already_there))
    if unreadable:
        parts.append(ngettext("{count} line not readable", "{count} lines not readable", unreadable).format(
            count=unreadable))
    return "; ".join(parts)


def error_exit(message: str, code: int) -> int:
    print(_("main.py: error: {message}").format(message=message), file=sys.stderr)
    return code


def print_notes(notes: Sequence[str]) -> None:
    """One line on stderr per record line that could not be imported."""
    for note in notes:
        print(_("main.py: note: not imported: {note}").format(note=note), file=sys.stderr)


def export_history(history: History, path: Path) -> int:
    """Write every game to ``path`` through a temporary file renamed at the end, so an
    export that fails (disk full) leaves no half file; ``OSError`` then."""
    from store.outputs import write_lines_atomically  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    return write_lines_atomically(path, history.record_lines())
