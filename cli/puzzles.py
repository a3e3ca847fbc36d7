"""``main.py puzzles``: the practice screen; ``puzzles make`` (puzzles from computer games) and
``puzzles list`` (the history's puzzles, as text or JSON).

``puzzles make --games N [--seed S] [--players K,K,...] [--rules R] [--rollouts R]`` plays N
computer games, reviews every decision and stores the puzzles found
(:mod:`game.puzzles.making`), game by game: a run stopped early keeps the
games it finished.  ``puzzles list [--class NAME] [--json]`` prints them.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from game.i18n import _, ngettext
from game.review_terms import ROW
from game.review_terms import DEFAULT_ROLLOUTS
from game.rules import Offered
from store.storage import default_history_path
from game.text import NAME_LIMIT

from . import stopping
from .arguments import (Commands, Error, OneLineErrorParser, add_rules_option, rollouts_argument, seed_argument,
                        whole_number)
from .play import parse_names
from .progress import Progress

if TYPE_CHECKING:
    from game.puzzles import Puzzle
    from game.rules import Rules
    from store.history import History
    from store.puzzles import StoredPuzzle
    from scenes.model.options import PlayOptions

MAX_MADE_GAMES = 100_000
"""``puzzles make --games`` at most (each game is reviewed: about two seconds of a processor)."""
made_games_argument = whole_number(1, MAX_MADE_GAMES)


def add_parser(commands: Commands) -> None:
    """``puzzles``, and its ``make`` and ``list``."""
    puzzles = commands.add_parser(
        "puzzles", help=_("practise puzzles made from real decisions; make and list them"),
        description=_("Without a subcommand, opens the practice screen: a puzzle drawn as a table, pick a card "
                      "(or a row), see what each answer was likely to cost and why; --names takes turns. "
                      "The puzzles are kept in the history {path}.").format(path=default_history_path()))
    puzzles.add_argument("--names", help=_("comma-separated names of the players taking turns at this computer "
                                           "(each 1-{limit} characters; default: one player)").format(limit=NAME_LIMIT))
    puzzles.add_argument("--seed", type=seed_argument, help=_("the order of the puzzles (default: a new one)"))
    puzzles.add_argument("--screenshots", type=Path, metavar="DIR",
                         help=_("save a PNG of the window for every puzzle and every verdict into DIR"))
    puzzles.add_argument("--fullscreen", action="store_true", help=_("start in fullscreen (F11 toggles)"))
    puzzles.set_defaults(subparser=puzzles, prints=False)
    actions = puzzles.add_subparsers(dest="puzzles_command", parser_class=OneLineErrorParser, metavar="{make,list,check}")
    _add_make(actions)
    shown = actions.add_parser("list", help=_("list the puzzles of the history"))
    _add_class_option(shown)
    shown.add_argument("--json", action="store_true",
                       help=_("print one JSON list of objects (id, kind, rows, hand, best, options, explanation, "
                              "source...)"))
    shown.set_defaults(subparser=shown, prints=True)
    check = actions.add_parser(
        "check", help=_("check the puzzles against the tables that were played"),
        description=_("Judges each puzzle again with the other players as random players, as heuristic players "
                      "and as what sat at the table (a student as the heuristic); a puzzle whose best answer no "
                      "longer holds by the margins under one of them is marked and left out. Puzzles not "
                      "checked yet are checked by puzzles list too."))
    _add_class_option(check)
    check.add_argument("--again", action="store_true", help=_("check the puzzles checked before too"))
    check.set_defaults(subparser=check, prints=True)


def _add_class_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--class", dest="class_name", metavar="NAME", help=_("only the puzzles of this class's lessons"))


def _add_make(actions: Commands) -> None:
    make = actions.add_parser(
        "make", help=_("make puzzles from computer games"),
        description=_("Plays N games of computer players, reviews every decision, and keeps as a puzzle each one "
                      "with one clear answer (2 points better than the card played, 1 better than the next best), "
                      "confirmed by a second review with 4 times the sampled deals. The same seed makes the "
                      "same puzzles; a puzzle already in the history is not added again."))
    make.add_argument("--games", type=made_games_argument, required=True, metavar="N",
                      help=_("number of games to play (1-{most})").format(most=MAX_MADE_GAMES))
    make.add_argument("--seed", type=seed_argument, help=_("seed of the run (default: drawn and printed)"))
    make.add_argument("--players", metavar="KIND[,KIND...]",
                      help=_("comma-separated player kinds, one per seat: random, heuristic or mc "
                             "(default: heuristic,random,heuristic,random)"))
    add_rules_option(make, Offered.LAB)
    make.add_argument("--rollouts", type=rollouts_argument, default=DEFAULT_ROLLOUTS, metavar="R",
                      help=_("sampled deals per decision of the first review (default {rollouts})").format(
                          rollouts=DEFAULT_ROLLOUTS))
    make.add_argument("--no-progress", action="store_true",
                      help=_("never show the progress bar (shown on stderr for runs over 2 s)"))
    make.set_defaults(subparser=make, prints=True)


# ------------------------------------------------------------------ the window
def options(args: argparse.Namespace) -> PlayOptions:
    """The app's options for the practice screen; one-line errors (exit 2) for a bad flag."""
    from scenes.model.options import PlayOptions  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from scenes.puzzles.practice import MAX_PLAYERS, PracticeSettings  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    names = parse_names(args.names, args.subparser.error) if args.names is not None else ()
    if len(names) > MAX_PLAYERS:
        args.subparser.error(_("--names: at most {most} players take turns, not {count}").format(
            most=MAX_PLAYERS, count=len(names)))
    return PlayOptions(puzzles=PracticeSettings(names, args.seed), screenshots=args.screenshots,
                       fullscreen=args.fullscreen)


# ------------------------------------------------------------------ printing
def run(args: argparse.Namespace) -> int:
    """``puzzles make`` or ``puzzles list``: exit 0, 2 for a bad flag or a history that cannot be used."""
    from store.history import HistoryError, open_history  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    error: Error = args.subparser.error
    if args.puzzles_command == "make":
        rules, kinds = _checked_make(args, error)
    class_name = _checked_class(getattr(args, "class_name", None), error)
    try:
        with open_history() as history:
            if args.puzzles_command == "make":
                return make(history, rules, kinds, args)
            if args.puzzles_command == "check":
                print(checked_summary(check_puzzles(history, class_name, again=args.again)))
                return 0
            return list_puzzles(history, class_name, args.json)
    except HistoryError as problem:
        print(_("main.py: error: {message}").format(message=problem), file=sys.stderr)
        return 2


def _checked_make(args: argparse.Namespace, error: Error) -> tuple[Rules, tuple[str, ...]]:
    from game.puzzles.making import DEFAULT_KINDS, check_kinds  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from game.rules import rules_named  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        rules = rules_named(args.rules)
    except ValueError as problem:
        error(str(problem))
    kinds = DEFAULT_KINDS if args.players is None else tuple(kind.strip() for kind in args.players.split(","))
    try:
        return rules, check_kinds(kinds, rules)
    except ValueError as problem:
        error(_("--players: {problem}").format(problem=problem))


def _checked_class(name: str | None, error: Error) -> str | None:
    """``--class NAME`` checked as ``main.py class --class`` checks it (the same name finds the same class)."""
    from classroom.class_settings import checked_class_name  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    if name is None:
        return None
    try:
        return checked_class_name(name)
    except ValueError as problem:
        error(_("--class: the name {problem}").format(problem=problem))


def make(history: History, rules: Rules, kinds: Sequence[str], args: argparse.Namespace) -> int:
    """Play and review the games, storing each one's puzzles when it is done; a line saying what was made."""
    from game.engine import new_seed  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from game.puzzles.making import made_games  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from store.puzzles import add_puzzles  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    seed = new_seed() if args.seed is None else args.seed
    bar = None if args.no_progress else Progress(args.games)
    found = added = played = 0
    try:
        for game in made_games(rules, kinds, args.games, seed, rollouts=args.rollouts):
            added += add_puzzles(history, game.puzzles).added
            found, played = found + len(game.puzzles), game.number
            if bar is not None:
                bar.update(played)
    except KeyboardInterrupt:
        print("\n" + _("puzzles make: interrupted after {played} of {games} games; the puzzles of those are "
                       "kept").format(played=played, games=args.games), file=sys.stderr)
        return stopping.exit_code()
    finally:
        if bar is not None:
            bar.finish()
    print(made_summary(found, added, played, seed))
    return 0


def made_summary(found: int, added: int, games: int, seed: int) -> str:
    """E.g. "7 puzzles from 3 games (seed 42): 7 new in the history, 0 there already"."""
    # NOTE: what puzzles make did: "{puzzles}" is e.g. "7 puzzles", "{games}" e.g. "3 games".
    return _("{puzzles} from {games} (seed {seed}): {added} new in the history, {already} there already").format(
        puzzles=ngettext("{count} puzzle", "{count} puzzles", found).format(count=found),
        games=ngettext("{count} game", "{count} games", games).format(count=games),
        seed=seed, added=added, already=found - added)


def list_puzzles(history: History, class_name: str | None, as_json: bool) -> int:
    """Every puzzle (of ``class_name`` only, when given), as text or one JSON list."""
    from game.puzzles.making import MAKE_COMMAND  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from store.puzzles import stored_puzzles  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    check_puzzles(history, class_name)
    puzzles = stored_puzzles(history, class_name)
    if as_json:
        print(json.dumps([{**stored.to_dict(), "rating": rating} for stored, rating in rated(history, puzzles)]))
        return 0
    if not puzzles:
        print(none_listed(class_name, MAKE_COMMAND))
        return 0
    for stored in puzzles:
        print_puzzle(stored)
    return 0


class CheckProgress(Progress):
    """The progress bar of puzzles checked against the models (stderr: ``--json`` stays clean)."""

    def _line(self, done: int, elapsed: float, eta: float) -> str:
        return ngettext("{done}/{total} puzzle checked, {elapsed} s, about {left} s left",
                        "{done}/{total} puzzles checked, {elapsed} s, about {left} s left", self.total).format(
            done=done, total=self.total, elapsed=f"{elapsed:.0f}", left=f"{eta:.0f}")


def rated(history: History, puzzles: Sequence[StoredPuzzle]) -> list[tuple[StoredPuzzle, int]]:
    """Each puzzle with its rating: as every class's answers moved it, or as its difficulty predicts."""
    from game.puzzles.rating import predicted_rating  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from store.ratings import ratings_of  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    moved = ratings_of(history).puzzles
    return [(stored, round((moved.get(stored.id) or predicted_rating(stored.puzzle)).rating)) for stored in puzzles]


def check_puzzles(history: History, class_name: str | None, *, again: bool = False) -> list[StoredPuzzle]:
    """Check the puzzles not checked yet (every one, ``again``) against the opponent models and store
    their figures; every puzzle of ``class_name`` (all, when ``None``) comes back, marked ones too."""
    from game.puzzles.finding import checked  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from store.puzzles import save_checked, stored_puzzles  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    puzzles = stored_puzzles(history, class_name, with_marked=True)
    waiting = [stored for stored in puzzles if again or not stored.puzzle.models]
    bar = CheckProgress(len(waiting)) if waiting else None
    done: dict[int, StoredPuzzle] = {}
    for number, stored in enumerate(waiting, 1):
        done[stored.id] = replace(stored, puzzle=checked(stored.puzzle))
        if bar is not None:
            bar.update(number)
    if bar is not None:
        bar.finish()
    save_checked(history, done.values())
    return [done.get(stored.id, stored) for stored in puzzles]


def checked_summary(puzzles: Sequence[StoredPuzzle]) -> str:
    """Per rules and origin, how many puzzles hold under every model, e.g. "snap, made: 18 of 25 hold (72%)"."""
    from game.puzzles.finding import holds  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    groups: dict[str, list[bool]] = {}
    for stored in puzzles:
        puzzle = stored.puzzle
        rules = puzzle.view.rules.name
        if stored.class_name:
            group = _("{rules}, class {name}").format(rules=rules, name=stored.class_name)
        elif puzzle.table and set(puzzle.table) == {"random"}:
            group = _("{rules}, made from random players' games").format(rules=rules)
        else:
            group = _("{rules}, made").format(rules=rules)
        groups.setdefault(group, []).append(holds(puzzle))
    if not groups:
        return _("No puzzles to check")
    # NOTE: one line per kind of puzzle, e.g. "snap, made: 18 of 25 hold at every table (72%)".
    return "\n".join(_("{group}: {holding} of {count} hold at every table ({percent}%)").format(
        group=group, holding=sum(found), count=len(found), percent=round(100 * sum(found) / len(found)))
        for group, found in sorted(groups.items()))


def none_listed(class_name: str | None, make_command: str) -> str:
    """Why nothing is listed, and what makes some: a class's puzzles come only from its lessons."""
    if class_name is not None:
        return _("No puzzles of class {name} yet: they are made from the reviews of its lessons' games").format(
            name=class_name)
    return _("No puzzles in the history yet: {command} makes some").format(command=make_command)


def print_puzzle(stored: StoredPuzzle) -> None:
    """Two lines: the position and its answers, then the review's sentence."""
    puzzle = stored.puzzle
    view = puzzle.view
    rows = " | ".join(" ".join(map(str, row)) for row in view.rows)
    options = ", ".join(f"{answer_text(puzzle, answer)} {points:.1f}" for answer, points in puzzle.options)
    print(_("{id}. {source}, turn {turn}: rows {rows}; {what}; expected points: {options}").format(
        id=stored.id, source=source_text(stored), turn=view.turn + 1, rows=rows, what=question_text(puzzle),
        options=options))
    print("    " + _("best: {best}. {explanation}").format(best=answer_text(puzzle, puzzle.best),
                                                         explanation=puzzle.explanation))


def answer_text(puzzle: Puzzle, answer: int) -> str:
    return _("row {row}").format(row=answer + 1) if puzzle.kind == ROW else str(answer)


def question_text(puzzle: Puzzle) -> str:
    if puzzle.kind == ROW:
        return _("{card} fits no row: which row?").format(card=puzzle.card)
    return _("hand {hand}: which card?").format(hand=" ".join(map(str, puzzle.hand)))


def source_text(stored: StoredPuzzle) -> str:
    """Where a puzzle came from, in words (never whose decision it was)."""
    source = stored.puzzle.source
    if source.lesson or stored.class_name:
        return _("class {name}, lesson {lesson}, game {game}").format(name=stored.class_name, lesson=source.lesson,
                                                                      game=source.game)
    return _("made (seed {seed}, game {game})").format(seed=source.seed, game=source.game)
