"""``main.py replay`` (a recorded game in the window) and ``main.py example`` (the rules' worked example);
:func:`load_replay` also reads the game ``review`` judges."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.record import RecordError, ReplayedRecord, read_game

from game.rules import Offered
from .arguments import add_rules_option, Commands, Error, add_recorded_game_choice, add_window_options

if TYPE_CHECKING:
    from scenes.model.options import PlayOptions


def add_parser(commands: Commands) -> None:
    replay = commands.add_parser("replay", help=_("step through a recorded game"))
    add_recorded_game_choice(replay, _("open game K of the app's history (its number on the scoreboard) "
                                       "instead of a file"))
    add_window_options(replay, "after the last placement")
    replay.set_defaults(subparser=replay)


def add_example_parser(commands: Commands) -> None:
    example = commands.add_parser(
        "example", help=_("step through the worked example of the rules"),
        description=_("The worked example of the rules: rows 9 12 21 / 19 24 / 33 42 50 57 / 69 72 81; "
                      "Alice, Bob, Celia and David play 23, 88, 7 and 64. Opens at the 7, which fits no row; "
                      "step with Space or Right, back with Left, E for the explanations."))
    add_rules_option(example, Offered.EXAMPLE)
    add_window_options(example, "after the last placement")


def options(args: argparse.Namespace) -> PlayOptions:
    from scenes.model.options import PlayOptions  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    return PlayOptions(
        replay=load_replay(args.file, args.history, args.game, args.subparser.error),
        screenshots=args.screenshots, step_delay=args.step_delay,
        exit_at_end=args.exit_at_end, fullscreen=args.fullscreen,
    )


def example_options(args: argparse.Namespace) -> PlayOptions:
    from scenes.model.options import PlayOptions  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    return PlayOptions(example=True, rules=args.rules, screenshots=args.screenshots,
                       step_delay=args.step_delay, exit_at_end=args.exit_at_end,
                       fullscreen=args.fullscreen)


def load_replay(path: Path | None, from_history: bool, game_number: int | None,
                error: Error) -> ReplayedRecord:
    """Game ``game_number`` of the records file ``path`` (from 1), or of the history; checked
    and turned into table states in one pass.  One-line errors (exit 2).

    A file is streamed up to the game asked for, and only that game is checked:
    a broken line elsewhere in the file does not stop the replay.
    """
    if from_history == (path is not None):
        error(_("give a records FILE, or --history (not both)"))
    if path is not None:
        try:
            return read_game(path, game_number or 1)
        except RecordError as problem:
            error(str(problem))
    from store.history import HistoryError, open_history  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        with open_history() as history:
            number = game_number if game_number is not None else history.count()
            if number == 0:
                error(_("{path}: no games in the history yet").format(path=history.path))
            return history.replay(number)
    except HistoryError as problem:
        error(str(problem))
