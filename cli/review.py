"""``python main.py review FILE|--history [--game K] [--seat N] [--rollouts R] [--seed S] [--json]``.

The arguments of the subcommand and its report, as text or as one JSON
object.  Reading the game (a records file or the history) is
:func:`cli.replay.load_replay`, so its errors are the same one-line errors as ``replay``'s.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence, TextIO

from game.i18n import _, ngettext
from game.kinds import HUMAN
from game.record import ReplayedRecord
from game.review_terms import (DEFAULT_ROLLOUTS, DEFAULT_SEED, ROW, Decision, costliest, summary,
                               worth_revisiting)
from game.rules import rules_named

from .arguments import (WHOLE_NUMBER, Commands, Error, add_recorded_game_choice, parse_whole_number, rollouts_argument,
                        seed_argument)
from .replay import load_replay


def add_parser(commands: Commands) -> None:
    """The ``review`` subcommand's arguments."""
    review = commands.add_parser(
        "review", help=_("which choices of a recorded game cost points (Monte Carlo review)"),
        description=_("For each decision of a seat (each card played, each row taken under rule 4), "
                      "the expected penalty to the end of the round of every option, judged only from "
                      "what that player knew, and what the chosen option lost against the best one."))
    add_recorded_game_choice(review, _("review game K of the app's history (its number on the scoreboard) "
                                       "instead of a file"))
    review.add_argument("--seat", metavar="N", action="append",
                        help=_("seat to review: its number from 0 (as in --json) or its player's name; "
                               "repeat for several (default: the human seats, or every seat if none)"))
    review.add_argument("--rollouts", type=rollouts_argument, default=DEFAULT_ROLLOUTS, metavar="R",
                        help=_("sampled deals per decision (default {rollouts})").format(rollouts=DEFAULT_ROLLOUTS))
    review.add_argument("--seed", type=seed_argument, default=DEFAULT_SEED, metavar="S",
                        help=_("seed of the sampling (default {seed}): the same R and S give "
                               "the same review on any machine").format(seed=DEFAULT_SEED))
    review.add_argument("--at-table", action="store_true",
                        help=_("judge against what sat at the table (a human as the heuristic player, a computer "
                               "player by its kind) instead of random players: the review a class game's phones show"))
    review.add_argument("--json", action="store_true",
                        help=_('print one JSON object: {json}').format(json='{"game": K, "decisions": [...]}'))
    review.set_defaults(subparser=review)


def seats_of(specs: Sequence[str] | None, replayed: ReplayedRecord,
             error: Error) -> list[int]:
    """The seats ``--seat`` names (numbers from 0, or names, any case), or the default ones."""
    players = replayed.record.players
    if not specs:
        humans = [seat for seat, player in enumerate(players) if player.kind == HUMAN]
        return humans or list(range(len(players)))
    seats: list[int] = []
    for spec in specs:
        text = spec.strip()
        if WHOLE_NUMBER.fullmatch(text):
            seat = parse_whole_number(text)
            if not 0 <= seat < len(players):
                error(_("--seat {seat}: this game has seats 0 to {last}").format(seat=seat, last=len(players) - 1))
        else:
            matches = [i for i, p in enumerate(players) if p.name.casefold() == text.casefold()]
            if not matches:
                known = ", ".join(f"{i}: {p.name}" for i, p in enumerate(players))
                error(_("--seat {seat}: no such seat or player (seats: {known})").format(seat=repr(spec), known=known))
            seat = matches[0]
        if seat not in seats:
            seats.append(seat)
    return sorted(seats)


def game_number_of(args: argparse.Namespace) -> int:
    """The number of the game reviewed: ``--game``, else 1 for a file, the latest of the history."""
    if args.game is not None:
        return int(args.game)
    if args.file is not None:
        return 1
    from store.history import open_history  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    with open_history() as history:
        return history.count()


def run(args: argparse.Namespace) -> int:
    """Review the seats asked for and print the report; exit code 0 (2 for a bad flag or game)."""
    error: Error = args.subparser.error
    replayed = load_replay(args.file, args.history, args.game, error)
    record = replayed.record
    game_number = game_number_of(args)
    seats = seats_of(args.seat, replayed, error)
    from game.review import review_game  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from game.review_models import review_game_at_table  # noqa: PLC0415 - as above

    if args.at_table:
        decisions = review_game_at_table(rules_named(record.rules), len(record.players), record.seed, record.rounds,
                                         [player.kind for player in record.players], seats, args.rollouts, args.seed)
    else:
        decisions = review_game(rules_named(record.rules), len(record.players), record.seed, record.rounds,
                                seats, args.rollouts, args.seed)
    if args.json:
        print(json.dumps({"game": game_number, "decisions": [d.to_dict() for d in decisions]}))
        return 0
    names = [player.name for player in record.players]
    print(_("Review of game {game} ({rules} rules, seed {seed}): {rollouts} sampled deals per decision, "
            "review seed {review_seed}").format(game=game_number, rules=record.rules, seed=record.seed,
                                                 rollouts=args.rollouts, review_seed=args.seed))
    many_rounds = len(record.rounds) > 1
    for seat in seats:
        print()
        print_seat(seat, names, record.players[seat].kind,
                   [d for d in decisions if d.seat == seat], many_rounds)
    return 0


def print_seat(seat: int, names: Sequence[str], kind: str, decisions: Sequence[Decision],
               many_rounds: bool, out: TextIO | None = None) -> None:
    """One seat's decisions, costliest first, with each option's expected penalty."""
    out = out or sys.stdout
    total = sum(d.loss for d in decisions)
    revisit = worth_revisiting(decisions)
    print(ngettext("Seat {seat}: {name} ({kind}) - {count} decision, {lost} points lost in all against the best "
                   "options; {revisit} worth revisiting",
                   "Seat {seat}: {name} ({kind}) - {count} decisions, {lost} points lost in all against the best "
                   "options; {revisit} worth revisiting", len(decisions)).format(
        seat=seat, name=names[seat], kind=kind, count=len(decisions), lost=f"{total:.1f}", revisit=len(revisit)), file=out)
    for index, decision in enumerate(costliest(decisions), start=1):
        when = (_("round {round} turn {turn}").format(round=decision.round + 1, turn=decision.turn + 1) if many_rounds
                else _("turn {turn}").format(turn=decision.turn + 1))
        line = _("{when}, {what}, loss {loss}: {summary}").format(when=when, what=describe(decision),
                                                                 loss=f"{decision.loss:.2f}", summary=summary(decision))
        print(f"{index:3}. {line}", file=out)
        rows = "  ".join(_("row {row}").format(row=r + 1) + ": " + " ".join(map(str, row))
                         for r, row in enumerate(decision.rows))
        print("     " + _("table: {rows}").format(rows=rows), file=out)
        options = ", ".join(f"{label(decision, option)} {mean:.2f}" for option, mean in decision.expected)
        print("     " + _("expected penalty: {options}").format(options=options), file=out)


def describe(decision: Decision) -> str:
    if decision.kind == ROW:
        return _("{card} fitted no row: took row {row}").format(card=decision.card, row=decision.played + 1)
    return _("played {card} from {hand}").format(card=decision.played, hand=" ".join(map(str, decision.hand)))


def label(decision: Decision, option: int) -> str:
    return _("row {row}").format(row=option + 1) if decision.kind == ROW else str(option)
