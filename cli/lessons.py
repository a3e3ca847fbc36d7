"""``python main.py lessons [--class NAME]``, ``python main.py lessons report [CODE|latest]`` and
``python main.py lessons forget NAME --class C`` and ``python main.py lessons forget-lesson CODE``.

The class lessons kept in the history (:mod:`store.lessons`): the list (when, the class, the
room's code, students, games, where the report is; one class's only with ``--class``), a lesson's
report written again from the history alone - the reviews a stop left missing are made first,
with a progress bar - and one student of a class forgotten everywhere the history keeps them
(:mod:`store.forgetting`), their lessons' reports written again without them; or one lesson
forgotten whole.  Every command first finishes the reports an interrupted forget left listed.
"""

from __future__ import annotations

import argparse
import json
from concurrent import futures
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.i18n import _, ngettext
from game.rules import rules_named
from store.history import HistoryError, open_history
from store.lessons import LessonInfo, lessons
from store.outputs import shown_path
from store.storage import default_history_path

from .arguments import Commands, Error
from .progress import Progress

if TYPE_CHECKING:
    from classroom.lesson_book import LessonBook, Rewritten
    from store.forgetting import Forgotten

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
    dropped = sub.add_parser("forget-lesson", help=_("delete one lesson from the history"),
                             description=_("Forget one lesson (a room closed too early, a trial run): its games' "
                                           "places in it, its students' reviews and warm-up answers, the puzzles "
                                           "made from it and its report are deleted, and its class's later lessons' "
                                           "reports are written again without it. The games stay on the "
                                           "scoreboard."))
    dropped.add_argument("lesson", metavar="CODE|latest",
                         help=_("the room's code of the lesson (its latest lesson with that code), or latest"))
    dropped.add_argument("--class", dest="class_name", metavar="C", help=_("only a lesson of this class"))
    dropped.set_defaults(subparser=dropped)
    parser.set_defaults(subparser=parser)


def run(args: argparse.Namespace) -> int:
    class_name = class_of(args)
    if default_history_path().exists() and not finish_listed(args):
        return 1
    if args.lessons_command == "forget":
        return forget(args, class_name or "")
    if not default_history_path().exists():
        found: list[LessonInfo] = []
    else:
        try:
            with open_history(import_legacy=False) as history:
                found = lessons(history, class_name if args.lessons_command is None else None)
        except (HistoryError, OSError) as problem:
            return failed(args, str(problem))
    if args.lessons_command == "report":
        return write_again(args, found)
    if args.lessons_command == "forget-lesson":
        return forget_lesson(args, found, class_name)
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


def finish_listed(args: argparse.Namespace) -> bool:
    """The reports an interrupted forget left to write again, written (a line says which); whether
    the history could be read."""
    from classroom.lesson_book import rewrite_listed  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

    try:
        done = rewrite_listed()
    except (HistoryError, OSError) as problem:
        failed(args, str(problem))
        return False
    args.finished = done
    if done.written or done.deleted:
        print(_("The reports an interrupted forget left were finished: {pages}").format(
            pages=", ".join(shown_path(page) for page in done.written + done.deleted)),
            file=sys.stderr if getattr(args, "json", False) else sys.stdout)  # (--json: stdout is the list alone)
    note_unwritten(args, done)
    return True


def note_unwritten(args: argparse.Namespace, done: Rewritten) -> None:
    """One line per report not written again: not found where it was, or a folder refusing it."""
    for page in done.missing:
        print(_("{prog}: note: the report {page} is not there any more (moved or deleted): not written "
                "again").format(prog=args.subparser.prog, page=shown_path(page)), file=sys.stderr)
    for number in done.failed:
        print(_("{prog}: note: the report of lesson {number} could not be written again: the next run of "
                "lessons tries again").format(prog=args.subparser.prog, number=number), file=sys.stderr)


def class_of(args: argparse.Namespace) -> str | None:
    """``--class NAME`` checked as the class game checks it (``None``: not given)."""
    from classroom.class_settings import checked_class_name  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

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
    from classroom.lesson_book import rewrite_listed  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from classroom.room import name_key  # noqa: PLC0415 - as above
    from store.forgetting import forget_student  # noqa: PLC0415 - as above

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
        if done.seats or done.answers:
            written = rewrite_listed()
    except (HistoryError, OSError) as problem:
        return failed(args, str(problem))
    if not done.seats and not done.answers:
        finished = getattr(args, "finished", None)
        if finished is not None and finished.written:
            return 0  # (forget again: what the first run left undone is done now, and said so)
        return failed(args, _("no student named {name} in the lessons of class {cls}").format(
            name=repr(args.name), cls=class_name))
    print(forgotten_line(args.name, class_name, done, written.written))
    note_unwritten(args, written)
    return 1 if written.failed else 0


def forgotten_line(name: str, class_name: str, done: Forgotten, pages: Sequence[str]) -> str:
    # NOTE: what lessons forget did, e.g. "Ana of class 7b forgotten: 2 lessons, 5 game seats, ..."; {pages}: the reports' files
    return _("{name} of class {cls} forgotten: {lessons}, {seats} renamed (here and in {records}), {reviews}, "
             "{answers} and {puzzles} deleted; reports written again: {pages}").format(
        name=name, cls=class_name,
        lessons=ngettext("{count} lesson", "{count} lessons", len(done.lessons)).format(count=len(done.lessons)),
        seats=ngettext("{count} game seat", "{count} game seats", done.seats).format(count=done.seats),
        records=ngettext("{count} game record", "{count} game records", done.records).format(count=done.records),
        reviews=ngettext("{count} review", "{count} reviews", done.reviews).format(count=done.reviews),
        answers=ngettext("{count} warm-up answer", "{count} warm-up answers", done.answers).format(count=done.answers),
        puzzles=ngettext("{count} puzzle", "{count} puzzles", done.puzzles).format(count=done.puzzles),
        pages=", ".join(shown_path(page) for page in pages) or _("none"))


def forget_lesson(args: argparse.Namespace, found: list[LessonInfo], class_name: str | None) -> int:
    """Forget the lesson ``args.lesson`` names (of ``class_name``, if given) whole, then write the
    class's later lessons' reports again."""
    from classroom.lesson_book import rewrite_listed  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    from store.forgetting import forget_lesson as forget_whole  # noqa: PLC0415 - as above

    error: Error = args.subparser.error
    lesson = chosen([info for info in found if class_name is None or info.class_name == class_name], args.lesson)
    if lesson is None:
        error(_("no lesson {code} in the history (main.py lessons lists them)").format(code=repr(args.lesson))
              if args.lesson != LATEST else _("no lesson is kept in the history yet"))
    try:
        with open_history(import_legacy=False) as history:
            done = forget_whole(history, lesson)
        written = rewrite_listed()
    except (HistoryError, OSError) as problem:
        return failed(args, str(problem))
    # NOTE: what lessons forget-lesson did, e.g. "Lesson ABCD (class 7b) forgotten: 2 games, 14 warm-up answers ..."
    print(_("Lesson {code} forgotten: {games}, {answers} and {puzzles} deleted; reports deleted: {deleted}; "
            "reports written again: {pages}").format(
        code=lesson.code,
        games=ngettext("{count} game", "{count} games", done.games).format(count=done.games),
        answers=ngettext("{count} warm-up answer", "{count} warm-up answers", done.answers).format(count=done.answers),
        puzzles=ngettext("{count} puzzle", "{count} puzzles", done.puzzles).format(count=done.puzzles),
        deleted=", ".join(shown_path(page) for page in written.deleted) or _("none"),
        pages=", ".join(shown_path(page) for page in written.written) or _("none")))
    note_unwritten(args, written)
    return 1 if written.failed else 0


def lesson_json(lesson: LessonInfo) -> dict[str, Any]:
    return {"lesson": lesson.number, "code": lesson.code, "started": lesson.started, "class": lesson.class_name,
            "students": lesson.students, "games": lesson.games, "report": lesson.report or None}


def chosen(found: list[LessonInfo], wanted: str) -> LessonInfo | None:
    """The lesson ``wanted`` names: ``latest``, or the latest with that room code (any case)."""
    if wanted.strip().casefold() == LATEST:
        return found[0] if found else None
    return next((lesson for lesson in found if lesson.code.casefold() == wanted.strip().casefold()), None)


def write_again(args: argparse.Namespace, found: list[LessonInfo]) -> int:
    from classroom.lesson_book import LessonBook  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them
    error: Error = args.subparser.error
    lesson = chosen(found, args.lesson)
    if lesson is None:
        error(_("no lesson {code} in the history (main.py lessons lists them)").format(code=repr(args.lesson))
              if args.lesson != LATEST else _("no lesson is kept in the history yet"))
    book = LessonBook.reopen(lesson.number)
    if book is None:
        return failed(args, _("cannot read lesson {code} from the history").format(code=lesson.code))
    made = make_missing_reviews(book)
    book.report.quiet = True  # (the command says why itself: one line)
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
    from classroom.reviews import ReviewService, StudentReview  # noqa: PLC0415 - each command's modules load when it runs: main.py and its other commands start without them

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
