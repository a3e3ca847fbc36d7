"""``main.py class``: the whole class plays from their phones (the options live in
:mod:`scenes.class_cli`, which the menu's Class game shares)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.i18n import _

from .arguments import Commands

if TYPE_CHECKING:
    from scenes.options import PlayOptions


def add_parser(commands: Commands) -> None:
    from scenes.class_cli import add_class_arguments

    add_class_arguments(commands.add_parser(
        "class", help=_("the whole class plays: students join from their phones"),
        description=_("Open a class room: the window shows a room code, the join address and its QR "
                      "code; students open it on their phones, type the code and a name, and play the "
                      "seats; empty seats are played by AIs.")))


def options(args: argparse.Namespace) -> PlayOptions:
    from scenes.class_cli import class_settings
    from scenes.options import PlayOptions

    return PlayOptions(class_game=class_settings(args, args.subparser.error), rules=args.rules, seed=args.seed,
                       record=args.record, screenshots=args.screenshots, step_delay=args.step_delay,
                       exit_at_end=args.exit_at_end, fullscreen=args.fullscreen, think_ms=args.think_ms)
