"""``python main.py lessons`` and ``python main.py lessons report [CODE|latest]``.

The class lessons kept in the history (:mod:`game.store.lessons`): the list (when, the room's
code, students, games, where the report is), and a lesson's report written again from the
history alone - the reviews a stop left missing are made first, with a progress bar.
"""

from __future__ import annotations

import argparse
import json
from concurrent import futures
import sys
import time
from typing import Any

from game.classroom.lesson_book import LessonBook
from game.classroom.reviews import ReviewService, StudentReview
from game.i18n import _, ngettext
from game.rules import rules_named
from game.store.history import HistoryError, open_history
from game.store.lessons import LessonInfo, lessons
from game.store.storage import default_history_path

from .arguments import Commands, Error
from .progress import Progress

LATEST = "latest"


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "lessons", help=_("the class lessons kept in the history, and their reports"),
        description=_("The class lessons kept in the history: when, the room's code, how many students and "
                      "games, where the report is. 'lessons report' writes a lesson's report again from the "
                      "history, making the students' reviews a stop left missing."))
    parser.add_argument("--json", action="store_true", help=_("print the lessons as one JSON list"))
    sub = parser.add_subparsers(dest="lessons_command", parser_class=type(parser))
    report = sub.add_parser("report", help=_("write a lesson's report again from the history"),
                            description=_("Write a lesson's report again from the history (the room's code, or "
                                          "'latest' for the last lesson), making the reviews a stop left missing."))
    report.add_argument("lesson", nargs="?", default=LATEST, metavar="CODE|latest",
                        help=_("the room's code of the lesson (its latest lesson with that code), or latest "
                               "(the default)"))
    report.set_defaults(subparser=report)
    parser.set_defaults(subparser=parser)


def run(args: argparse.Namespace) -> int:
    if not default_history_path().exists():
        found: list[LessonInfo] = []
    else:
        try:
            with open_history(import_legacy=False) as history:
                found = lessons(history)
        except (HistoryError, OSError) as problem:
            return failed(args, str(problem))
    if args.lessons_command == "report":
        return write_again(args, found)
    if args.json:
        print(json.dumps([lesson_json(lesson) for lesson in found]))
        return 0
    if not found:
        print(_("No class lesson is kept in the history yet ({path}).").format(path=default_history_path()))
        return 0
    for lesson in found:
        print(lesson_line(lesson))
    return 0


def lesson_line(lesson: LessonInfo) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(lesson.started))
    counts = ngettext("{count} student", "{count} students", lesson.students).format(count=lesson.students) + ", " + \
        ngettext("{count} game", "{count} games", lesson.games).format(count=lesson.games)
    report = lesson.report or _("(no report written yet)")
    return _("{when}  room {code}  {counts}  {report}").format(when=when, code=lesson.code, counts=counts,
                                                            report=report)


def lesson_json(lesson: LessonInfo) -> dict[str, Any]:
    return {"lesson": lesson.number, "code": lesson.code, "started": lesson.started, "class": lesson.class_name,
            "students": lesson.students, "games": lesson.games, "report": lesson.report or None}


def chosen(found: list[LessonInfo], wanted: str) -> LessonInfo | None:
    """The lesson ``wanted`` names: ``latest``, or the latest with that room code (any case)."""
    if wanted.strip().casefold() == LATEST:
        return found[0] if found else None
    return next((lesson for lesson in found if lesson.code.casefold() == wanted.strip().casefold()), None)


def write_again(args: argparse.Namespace, found: list[LessonInfo]) -> int:
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
    service = ReviewService()
    try:
        queued: list[tuple[int, StudentReview]] = []
        for position, record, seats in book.reviews_to_make():
            for review in service.review_game(rules_named(record.rules), len(record.players), record.seed,
                                              record.rounds, [(seat, seat) for seat in seats]):
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
