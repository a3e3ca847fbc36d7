"""6 Takes! classroom simulator: the app, and the headless strategy lab.

    python main.py                 open the menu
    python main.py play ...        start a game directly (see --help)
    python main.py replay FILE     step through a recorded game
    python main.py history ...     export or import the app's history of games
    python main.py class ...       the whole class plays from their phones (see --help)
    python main.py example         step through the worked example of the rules
    python main.py simulate ...    play many computer games without a window
    python main.py review FILE     which choices of a recorded game cost points
    python main.py tournament ...  a bot tournament with ratings and a leaderboard
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NoReturn, Sequence

from game.agent_options import DEFAULT_THINK_MS
from game.agents import AGENT_KINDS
from game.bot import check_command
from game.kinds import parse_bot_kind
from game.engine import SEED_LIMIT
from game.record import RecordError, ReplayedRecord, read_game
from game.storage import default_history_path
from game.table_size import DEFAULT_PLAYERS, add_players_option, mode_kinds, play_player_count
from game.text import NAME_LIMIT, InvalidNameError, check_name

if TYPE_CHECKING:
    from game.history import History
    from scenes.options import PlayOptions


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def seed_argument(text: str) -> int:
    """A seed from the command line: a whole number in range(SEED_LIMIT)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None
    if not 0 <= seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to {SEED_LIMIT - 1}")
    return seed


def non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {value}")
    return value


def positive_int(text: str) -> int:
    value = non_negative_int(text)
    if value == 0:
        raise argparse.ArgumentTypeError("expected a number >= 1, not 0")
    return value


def non_negative_number(unit: str) -> Callable[[str], float]:
    """An argument type: a finite number of ``unit`` (seconds, milliseconds) >= 0."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of {unit}, not {text!r}") from None
        if not 0 <= value < float("inf"):
            raise argparse.ArgumentTypeError(f"expected a number of {unit} >= 0, not {text}")
        return value
    return parse


seconds_argument = non_negative_number("seconds")
milliseconds_argument = non_negative_number("milliseconds")


def add_window_options(parser: argparse.ArgumentParser, end: str) -> None:
    """The options every command that opens a window shares; ``end``: when --exit-at-end closes."""
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="save a PNG of the window after every placement into DIR")
    parser.add_argument("--step-delay", type=seconds_argument, default=1.0, metavar="SECONDS",
                        help="delay between automatic placements (default 1.0; 0 = as fast as possible)")
    parser.add_argument("--exit-at-end", action="store_true", help=f"close the app {end}")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")


def add_bot_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", action="append", metavar="NAME=COMMAND",
                        help="seat an external bot named NAME (repeatable; see docs/bot-protocol.md), "
                             "e.g. --bot alice=\"python3 alice.py\"; COMMAND may start with 'bot-statement:'")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="main.py",
        description="6 Takes! classroom simulator. With no command, opens the menu.",
        epilog=f"Every game finished in the app is saved in the history {default_history_path()} "
               "(the scoreboard reads it) unless --record names a file.",
    )
    commands = parser.add_subparsers(dest="command", parser_class=OneLineErrorParser)

    play = commands.add_parser("play", help="start a game in a window")
    play.add_argument("--mode", choices=["solo", "hotseat", "demo"], default="solo",
                      help="solo: you against 3 random AIs; hotseat: 4 humans on one "
                           "computer; demo: watch 4 AIs (default: solo)")
    play.add_argument("--seed", type=seed_argument, help="reproduce a deal (shown on screen)")
    play.add_argument("--names", help="comma-separated player names, in seat order "
                                      f"(one per seat, each 1-{NAME_LIMIT} characters)")
    add_players_option(play)
    play.add_argument("--record", type=Path, metavar="FILE",
                      help="append the finished game's record (JSON Lines) to FILE instead of "
                           f"saving it in the history ({default_history_path()})")
    add_window_options(play, "once the results screen is shown")
    play.add_argument("--ai", metavar="LEVEL[,LEVEL...]",
                      help="level of the computer players: random (default), heuristic or mc; "
                           "one level for all, or one per computer seat")
    play.add_argument("--bots", nargs="+", metavar="COMMAND",
                      help="external bot programs (see docs/bot-protocol.md) taking the computer "
                           "seats in order, e.g. --bots \"python3 mybot.py\"; prefix a command with "
                           "'bot-statement:' for bots that read the phase line first")
    add_bot_option(play)
    play.add_argument("--rules", choices=["snap", "classic", "codingame"], default="snap",
                      help="snap (default): the classroom rules, one round of 7 turns; classic: the "
                           "official rules, rounds of 10 turns until someone has 66 points; codingame: the "
                           "official penalties, exactly 5 rounds of 10 turns, as on the CodinGame arena")
    play.add_argument("--think-ms", type=milliseconds_argument, default=DEFAULT_THINK_MS, metavar="MS",
                      help=f"thinking time per decision of mc players (default {DEFAULT_THINK_MS:g})")
    play.set_defaults(subparser=play)

    add_class_parser(commands)

    replay = commands.add_parser("replay", help="step through a recorded game")
    replay.add_argument("file", type=Path, metavar="FILE", nargs="?",
                        help="a records file (format 6takes-record/1)")
    replay.add_argument("--history", action="store_true",
                        help="open game K of the app's history (its number on the scoreboard) instead of a file")
    replay.add_argument("--game", type=positive_int, default=None, metavar="K",
                        help="which game of the file, counting from 1 (default: the first); "
                             "with --history, the game's number on the scoreboard (default: the latest)")
    add_window_options(replay, "after the last placement")
    replay.set_defaults(subparser=replay)

    example = commands.add_parser(
        "example", help="step through the worked example of the rules",
        description="The worked example of the rules: rows 9 12 21 / 19 24 / 33 42 50 57 / 69 72 81; "
                    "Alice, Bob, Celia and David play 23, 88, 7 and 64. Opens at the 7, which fits no row; "
                    "step with Space or Right, back with Left, E for the explanations.")
    example.add_argument("--rules", choices=["snap", "classic"], default="snap",
                         help="penalty points of snap (default) or classic rules")
    add_window_options(example, "after the last placement")

    history = commands.add_parser(
        "history", help="export or import the app's history of games (JSON Lines)",
        description=f"The app saves every finished game in {default_history_path()}. "
                    "Export writes it as JSON Lines (format 6takes-record/1, oldest first); import "
                    "adds every readable record of a JSON Lines file (a game already there is skipped).")
    history_commands = history.add_subparsers(dest="history_command", parser_class=OneLineErrorParser,
                                              required=True, metavar="{export,import}")
    export = history_commands.add_parser("export", help="write every game of the history to FILE")
    export.add_argument("file", type=Path, metavar="FILE.jsonl")
    export.set_defaults(subparser=export)
    imported = history_commands.add_parser("import", help="add the records of FILE to the history")
    imported.add_argument("file", type=Path, metavar="FILE.jsonl")
    imported.set_defaults(subparser=imported)

    sim = commands.add_parser("simulate", help="play many computer games without a window")
    sim.add_argument("--games", type=non_negative_int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=seed_argument, help="seed of the run (default: drawn and printed)")
    sim.add_argument("--rules", default="snap", help="rules preset: snap (default), classic or codingame")
    sim.add_argument("--players",
                     help="comma-separated player kinds, one per seat (default: the --bot bots, then random "
                          "up to 4 seats): random, heuristic, mc, a --bot NAME, or an external bot as "
                          "'bot:COMMAND' (phase line last, as the live arena) or 'bot-statement:COMMAND'")
    add_bot_option(sim)
    sim.add_argument("--record", type=Path, metavar="FILE",
                     help="write every game's record (JSON Lines) to FILE")
    sim.add_argument("--append", action="store_true", help="add the records to FILE if it holds some already")
    sim.add_argument("--overwrite", action="store_true", help="replace FILE if it holds records already")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.add_argument("--think-ms", type=milliseconds_argument, default=DEFAULT_THINK_MS, metavar="MS",
                     help=f"thinking time per decision of mc players, in milliseconds "
                          f"(default {DEFAULT_THINK_MS:g})")
    sim.add_argument("--rollouts", type=positive_int, metavar="N",
                     help="instead of --think-ms: mc players sample N deals per decision "
                          "(exactly reproducible on any machine)")
    sim.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                     help="worker processes (default 1); results do not depend on N")
    sim.add_argument("--duplicate", action="store_true",
                     help="play every deal once per seat rotation and compare kinds deal by deal")
    sim.add_argument("--bot-logs", type=Path, metavar="DIR",
                     help="save each external bot's debug output (its stderr) in DIR, "
                          "one file per game and seat")
    sim.add_argument("--no-progress", action="store_true",
                     help="never show the progress bar (shown on stderr for runs over 2 s)")
    sim.set_defaults(subparser=sim)
    from game.review_cli import add_review_parser

    add_review_parser(commands, positive_int, seed_argument)
    from game.tournament.cli import add_parser as add_tournament_parser

    add_tournament_parser(commands)
    return parser


def seat_kinds(mode: str, levels: str | None, bots: Sequence[str] | None,
               error: Callable[[str], NoReturn], players: int = 4) -> tuple[str, ...] | None:
    """Each seat's kind from ``--ai`` and ``--bots`` (``None``: the mode's defaults)."""
    if levels is None and not bots:
        return None
    seats = mode_kinds(mode, players)
    ai_seats = [seat for seat, who in enumerate(seats) if who != "human"]
    if not ai_seats:
        error(f"--ai and --bots need computer seats; --mode {mode} has none")
    kinds = list(seats)
    chosen = [level.strip() for level in levels.split(",")] if levels is not None else ["random"]
    if len(chosen) == 1:
        chosen *= len(ai_seats)
    if len(chosen) != len(ai_seats):
        error(f"--ai needs 1 level or {len(ai_seats)} (one per computer seat), not {len(chosen)}")
    for level in chosen:
        if level not in AGENT_KINDS:
            error(f"unknown level {level!r} for --ai (known: {', '.join(AGENT_KINDS)})")
    for seat, level in zip(ai_seats, chosen):
        kinds[seat] = level
    for seat, command in zip(ai_seats, bots or ()):
        try:
            explicit = parse_bot_kind(command)  # "bot-phase-last:CMD" (or "bot:CMD") as given
            check_command(explicit[0] if explicit else command)
        except ValueError as problem:
            error(str(problem))
        kinds[seat] = command if explicit else f"bot:{command}"
    if bots and len(bots) > len(ai_seats):
        error(f"{len(bots)} bots for {len(ai_seats)} computer seats in --mode {mode}")
    return tuple(kinds)


def play_seats(args: argparse.Namespace, names: tuple[str, ...] | None, players: int = 4
               ) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
    """Seat kinds and names of ``play``: ``--ai``, ``--bots``, then each ``--bot NAME=COMMAND``
    (its NAME shown instead of the command)."""
    from game.seating import name_bot_seats, parse_named_bots
    from scenes.session import default_names

    try:
        named = parse_named_bots(args.bot)
    except ValueError as problem:
        args.subparser.error(str(problem))
    bots = [*(args.bots or ()), *(bot.kind for bot in named)]
    kinds = seat_kinds(args.mode, args.ai, bots, args.subparser.error, players)
    if named and kinds is not None:
        names = name_bot_seats(names or default_names(args.mode, kinds), kinds, named)
    return kinds, names


def load_replay(path: Path | None, from_history: bool, game_number: int | None,
                error: Callable[[str], NoReturn]) -> ReplayedRecord:
    """Game ``game_number`` of the records file ``path`` (from 1), or of the history; checked
    and turned into table states in one pass.  One-line errors (exit 2).

    A file is streamed up to the game asked for, and only that game is checked:
    a broken line elsewhere in the file does not stop the replay.
    """
    if from_history == (path is not None):
        error("give a records FILE, or --history (not both)")
    if path is not None:
        try:
            return read_game(path, game_number or 1)
        except RecordError as problem:
            error(str(problem))
    from game.history import HistoryError, open_history

    try:
        with open_history() as history:
            number = game_number if game_number is not None else history.count()
            if number == 0:
                error(f"{history.path}: no games in the history yet")
            return history.replay(number)
    except HistoryError as problem:
        error(str(problem))


def parse_names(text: str, error: Callable[[str], NoReturn]) -> tuple[str, ...]:
    """``--names``: comma-separated names, one per seat, each checked (see :func:`game.text.check_name`)."""
    names = tuple(name.strip() for name in text.split(","))
    for seat, name in enumerate(names, start=1):
        try:
            check_name(name)
        except InvalidNameError as problem:
            error(f"--names: name {seat} {problem}")
    return names


def run_history(args: argparse.Namespace) -> int:
    """``history export FILE`` / ``history import FILE``: a line saying what was done, or one
    error line (exit 2 for a file that cannot be read or a history that cannot be opened, 1 when
    an export cannot be written or an import skipped unreadable lines, each noted)."""
    from game.history import HistoryError, open_history
    from game.jsonl import LineError, open_regular_file, problem_text

    notes: list[str] = []
    try:
        with open_history(notes=notes) as history:
            if args.history_command == "export":
                count = export_history(history, args.file)
                print(f"exported {plural(count, 'game')} to {args.file}")
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
    done = f"imported {plural(report.added, 'game')} from {args.file}"
    if report.already_there:
        done += f"; {report.already_there} already in the history"
    if report.notes:
        done += f"; {plural(len(report.notes), 'line')} not readable"
    print(done)
    return 1 if report.notes else 0


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def error_exit(message: str, code: int) -> int:
    print(f"main.py: error: {message}", file=sys.stderr)
    return code


def print_notes(notes: Sequence[str]) -> None:
    """One line on stderr per record line that could not be imported."""
    for note in notes:
        print(f"main.py: note: not imported: {note}", file=sys.stderr)


def export_history(history: "History", path: Path) -> int:
    """Write every game to ``path`` through a temporary file renamed at the end, so an
    export that fails (disk full) leaves no half file; ``OSError`` then."""
    from game.jsonl import write_lines_atomically

    return write_lines_atomically(path, history.record_lines())


def add_class_parser(commands: "argparse._SubParsersAction[OneLineErrorParser]") -> None:
    from scenes.class_cli import add_class_arguments

    add_class_arguments(commands.add_parser(
        "class", help="the whole class plays: students join from their phones",
        description="Open a class room: the window shows a room code, the join address and its QR "
                    "code; students open it on their phones, type the code and a name, and play the "
                    "seats; empty seats are played by AIs."))


def class_options(args: argparse.Namespace) -> "PlayOptions":
    from scenes.class_cli import class_settings
    from scenes.options import PlayOptions

    return PlayOptions(class_game=class_settings(args, args.subparser.error), rules=args.rules, seed=args.seed,
                       record=args.record, screenshots=args.screenshots, step_delay=args.step_delay,
                       exit_at_end=args.exit_at_end, fullscreen=args.fullscreen, think_ms=args.think_ms)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "history":
        return run_history(args)
    if args.command == "review":
        from game.review_cli import run_review

        return run_review(args, load_replay(args.file, args.history, args.game, args.subparser.error),
                          args.subparser.error)
    if args.command == "tournament":
        from game.tournament.cli import run as run_tournament

        return run_tournament(args, args.subparser.error)
    if args.command == "simulate":
        from game.simulate import run_from_args

        return run_from_args(args, parser_error=args.subparser.error)
    from scenes.options import PlayOptions

    if args.command == "play":
        names = parse_names(args.names, args.subparser.error) if args.names is not None else None
        players = play_player_count(args, names)
        kinds, names = play_seats(args, names, players)
        kinds = kinds or (mode_kinds(args.mode, players) if players != DEFAULT_PLAYERS else None)
        options = PlayOptions(
            mode=args.mode, seed=args.seed, names=names, record=args.record,
            screenshots=args.screenshots, step_delay=args.step_delay,
            exit_at_end=args.exit_at_end, fullscreen=args.fullscreen,
            kinds=kinds,
            rules=args.rules, think_ms=args.think_ms,
        )
    elif args.command == "class":
        options = class_options(args)
    elif args.command == "example":
        options = PlayOptions(example=True, rules=args.rules, screenshots=args.screenshots,
                              step_delay=args.step_delay, exit_at_end=args.exit_at_end,
                              fullscreen=args.fullscreen)
    elif args.command == "replay":
        options = PlayOptions(
            replay=load_replay(args.file, args.history, args.game, args.subparser.error),
            screenshots=args.screenshots, step_delay=args.step_delay,
            exit_at_end=args.exit_at_end, fullscreen=args.fullscreen,
        )
    else:
        options = PlayOptions()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
    from scenes.app import run_app

    return run_app(options)


if __name__ == "__main__":
    sys.exit(main())
