"""``python main.py lessons [--class NAME]``, ``python main.py lessons report [CODE|latest]`` and
``python main.py lessons forget NAME --class C``.

The class lessons kept in the history (:mod:`game.store.lessons`): the list (when, the class, the
room's code, students, games, where the report is; one class's only with ``--class``), a lesson's
report written again from the history alone - the reviews a stop left missing are made first,
with a progress bar - and one student of a class forgotten everywhere the history keeps them
(:mod:`game.store.forgetting`), their lessons' reports written again without them.
"""

from __future__ import annotations

import argparse
import json
from concurrent import futures
import sys
import time
from typing import TYPE_CHECKING, Any

from game.i18n import _, ngettext
from game.rules import rules_named
from game.store.history import HistoryError, open_history
from game.store.lessons import LessonInfo, lessons
from game.store.storage import default_history_path

from .arguments import Commands, Error
from .progress import Progress

if TYPE_CHECKING:
    from game.classroom.lesson_book import LessonBook
    from game.store.forgetting import Forgotten

LATEST = "latest"


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "lessons", help=_("the class lessons kept in the history, and their reports"),
        description=_("The class lessons kept in the history: when, the room's code, how many students and "
                      "games, where the report is. 'lessons report' writes a lesson's report again from the "
                      "history, making the students' reviews a stop left missing."))
    parser.add_argument("--json", action="store_true", help=_("print the lessons as one JSON list"))
    parser.add_argument("--class", dest="class_name", metavar="NAME", help=_("only the lessons of this class"))
    sub = parser.add_subparsers(dest="lessons_command", parser_class=type(parser))
    report = sub.add_parser("report", help=_("write a lesson's report again from the history"),
                            description=_("Write a lesson's report again from the history (the room's code, or "
                                          "'latest' for the last lesson), making the reviews a stop left missing."))
    report.add_argument("lesson", nargs="?", default=LATEST, metavar="CODE|latest",
                        help=_("the room's code of the lesson (its latest lesson with that code), or latest "
                               "(the default)"))
    report.set_defaults(subparser=report)
    forget = sub.add_parser("forget", help=_("delete one student's data from a class's lessons"),
                            description=_("Forget one student of a class everywhere the history keeps them: their "
                                          "seat in each lesson's games and in the games' records takes the name "
                                          "'Forgotten' (their classmates keep their own figures), their reviews, "
                                          "warm-up answers and the puzzles made from their decisions are deleted, "
                                          "and their lessons' reports are written again without them."))
    forget.add_argument("name", metavar="NAME", help=_("the name the student played under (any of their lessons; "
                                                        "case and accents as the class's room compares names)"))
    forget.add_argument("--class", dest="class_name", metavar="C", required=True, help=_("the student's class"))
    forget.set_defaults(subparser=forget)
    parser.set_defaults(subparser=parser)


def run(args: argparse.Namespace) -> int:
    class_name = class_of(args)
    if args.lessons_command == "forget":
        return forget(args, class_name or "")
    if not default_history_path().exists():
        found: list[LessonInfo] = []
    else:
        try:
            with open_history(import_legacy=False) as history:
                found = lessons(history, class_name if args.lessons_command != "report" else None)
        except (HistoryError, OSError) as problem:
            return failed(args, str(problem))
    if args.lessons_command == "report":
        return write_again(args, found)
    if args.json:
        print(json.dumps([lesson_json(lesson) for lesson in found]))
        return 0
    if not found:
        print(_("No lesson of class {name} is kept in the history ({path}).").format(
            name=class_name, path=default_history_path()) if class_name is not None else
            _("No class lesson is kept in the history yet ({path}).").format(path=default_history_path()))
        return 0
    for lesson in found:
        print(lesson_line(lesson))
    return 0


def class_of(args: argparse.Namespace) -> str | None:
    """``--class NAME`` checked as the class game checks it (``None``: not given)."""
    from scenes.model.class_settings import checked_class_name  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    error: Error = args.subparser.error
    if getattr(args, "class_name", None) is None:
        return None
    try:
        return checked_class_name(args.class_name)
    except ValueError as problem:
        error(_("--class: the name {problem}").format(problem=problem))


def lesson_line(lesson: LessonInfo) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(lesson.started))
    counts = ngettext("{count} student", "{count} students", lesson.students).format(count=lesson.students) + ", " + \
        ngettext("{count} game", "{count} games", lesson.games).format(count=lesson.games)
    report = lesson.report or _("(no report written yet)")
    if lesson.class_name:
        return _("{when}  class {name}  room {code}  {counts}  {report}").format(
            when=when, name=lesson.class_name, code=lesson.code, counts=counts, report=report)
    return _("{when}  room {code}  {counts}  {report}").format(when=when, code=lesson.code, counts=counts,
                                                            report=report)


def forget(args: argparse.Namespace, class_name: str) -> int:
    """Forget the student ``args.name`` of ``class_name``, then write their lessons' reports again."""
    from game.classroom.room import name_key  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from game.store.forgetting import forget_student  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    wanted = name_key(args.name)
    if not wanted:
        args.subparser.error(_("NAME: the name is empty"))
    if not default_history_path().exists():
        return failed(args, _("no lesson of class {name} is kept in the history").format(name=class_name))
    try:
        with open_history(import_legacy=False) as history:
            if not lessons(history, class_name):
                return failed(args, _("no lesson of class {name} is kept in the history").format(name=class_name))
            done = forget_student(history, class_name, lambda name: name_key(name) == wanted)
    except (HistoryError, OSError) as problem:
        return failed(args, str(problem))
    if not done.seats and not done.answers:
        return failed(args, _("no student named {name} in the lessons of class {cls}").format(
            name=repr(args.name), cls=class_name))
    unwritten = [number for number in done.lessons if not rewrite_report(number)]
    print(forgotten_line(args.name, class_name, done))
    for number in unwritten:
        print(_("{prog}: note: the report of lesson {number} could not be written again: delete it by hand").format(
            prog=args.subparser.prog, number=number), file=sys.stderr)
    return 1 if unwritten else 0


def rewrite_report(number: int) -> bool:
    """Lesson ``number``'s report written again from the history (whether it was)."""
    from game.classroom.lesson_book import LessonBook  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    book = LessonBook.reopen(number)
    return book is not None and book.write()


def forgotten_line(name: str, class_name: str, done: Forgotten) -> str:
    # NOTE: what lessons forget did, e.g. "Ana of class 7b forgotten: 2 lessons, 5 game seats, ..."
    return _("{name} of class {cls} forgotten: {lessons}, {seats} renamed (here and in {records}), {reviews}, "
             "{answers} and {puzzles} deleted; the reports were written again").format(
        name=name, cls=class_name,
        lessons=ngettext("{count} lesson", "{count} lessons", len(done.lessons)).format(count=len(done.lessons)),
        seats=ngettext("{count} game seat", "{count} game seats", done.seats).format(count=done.seats),
        records=ngettext("{count} game record", "{count} game records", done.records).format(count=done.records),
        reviews=ngettext("{count} review", "{count} reviews", done.reviews).format(count=done.reviews),
        answers=ngettext("{count} warm-up answer", "{count} warm-up answers", done.answers).format(count=done.answers),
        puzzles=ngettext("{count} puzzle", "{count} puzzles", done.puzzles).format(count=done.puzzles))


def lesson_json(lesson: LessonInfo) -> dict[str, Any]:
    return {"lesson": lesson.number, "code": lesson.code, "started": lesson.started, "class": lesson.class_name,
            "students": lesson.students, "games": lesson.games, "report": lesson.report or None}


def chosen(found: list[LessonInfo], wanted: str) -> LessonInfo | None:
    """The lesson ``wanted`` names: ``latest``, or the latest with that room code (any case)."""
    if wanted.strip().casefold() == LATEST:
        return found[0] if found else None
    return next((lesson for lesson in found if lesson.code.casefold() == wanted.strip().casefold()), None)


def write_again(args: argparse.Namespace, found: list[LessonInfo]) -> int:
    from game.classroom.lesson_book import LessonBook  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    error: Error = args.subparser.error
    lesson = chosen(found, args.lesson)
    if lesson is None:
        error(_("no lesson {code} in the history (main.py lessons lists them)").format(code=repr(args.lesson))
              if args.lesson != LATEST else _("no lesson is kept in the history yet"))
    book = LessonBook.reopen(lesson.number)
    if book is None:
        return failed(args, _("cannot read lesson {code} from the history").format(code=lesson.code))
    made = make_missing_reviews(book)
    if not book.write():
        return failed(args, book.problem)
    print(ngettext("Lesson report written ({count} review made): {page}",
                   "Lesson report written ({count} reviews made): {page}", made).format(
        count=made, page=book.report.html_path))
    return 0


def failed(args: argparse.Namespace, message: str) -> int:
    """One line saying what failed; exit code 1."""
    print(_("{prog}: error: {message}").format(prog=args.subparser.prog, message=message), file=sys.stderr)
    return 1


def make_missing_reviews(book: LessonBook) -> int:
    """Make the reviews of ``book`` that a stop left missing (in worker processes, with a progress
    bar), adding each to the lesson as it is ready; how many were made."""
    from game.classroom.reviews import ReviewService, StudentReview  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    service = ReviewService()
    try:
        queued: list[tuple[int, StudentReview]] = []
        for position, record, seats in book.reviews_to_make():
            for review in service.review_game(rules_named(record.rules), len(record.players), record.seed,
                                              record.rounds, [(seat, seat) for seat in seats],
                                              [player.kind for player in record.players]):
                queued.append((position, review))
        progress = Progress(sum(review.total for _position, review in queued))
        for position, review in queued:
            while not review.ready:
                futures.wait(review.tasks, timeout=0.25)
                progress.update(sum(r.done for _p, r in queued))
            book.add_review(position, review.seat, review.decisions())
        progress.finish()
        return len(queued)
    finally:
        service.close()
