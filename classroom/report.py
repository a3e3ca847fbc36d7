"""The teacher's lesson report: what each student did and learned in one room's lesson.

Pure Python (the standard library, and pygal for the progress charts: :mod:`.progress`; the only
I/O is :meth:`LessonReport.write` and :func:`clean_leftovers`).  A lesson is one
class room from its opening to its closing: every game played in it (one table, or many tables
at once, and every next deal) adds each student's points, rank and predictions; each student's
review, once computed, adds the mean loss per decision and the costliest choice.  The report is
written after each game and each review as two files side by side:

- ``lesson-<date>-<time>-<code>.html``: a self-contained page a teacher can open and print;
- ``lesson-<date>-<time>-<code>.csv``: the same figures for a spreadsheet.

With a class name (``class --class NAME``), each student's earlier lessons of the class follow,
found by their key (:mod:`store.students`), with a small chart, and the CSV has one row per
student per lesson of the class.

The names stay on this computer: the report is only written to the folder the teacher chose
(``class --report DIR``, else ``lessons/`` in the data folder).
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import os
import stat
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.i18n import _, active_language, ngettext
from game.review import Decision, costliest, summary
from store.outputs import shown_path
from store.storage import data_dir
from store.ratings import ClassLearning
from store.students import LessonFigures

from .progress import class_themes_html, date_of, learning_html, loss_top, of_text, student_section

LESSONS_FOLDER = "lessons"
"""The reports' folder in the data folder, unless ``class --report DIR`` says otherwise."""
TEMPORARY_PREFIX = ".report-"
"""A report being written goes to ``.report-<process id>-<random>`` first, then is renamed."""


def default_report_dir() -> Path:
    return data_dir() / LESSONS_FOLDER


def lesson_reports(folder: Path | None = None) -> list[Path]:
    """The lesson reports' pages in ``folder`` (the default folder if ``None``), newest first."""
    folder = folder or default_report_dir()
    try:
        return sorted(folder.glob("lesson-*.html"), key=lambda path: path.name, reverse=True)
    except OSError:
        return []


def lessons_line(folder: Path | None = None) -> str:
    """What the scoreboard says of the lesson reports, e.g. "Lesson reports: 3, the newest ...";
    empty if there is none."""
    reports = lesson_reports(folder)
    if not reports:
        return ""
    return ngettext("Lesson reports: {count}, the newest {name} in {folder}",
                    "Lesson reports: {count}, the newest {name} in {folder}", len(reports)).format(
        count=len(reports), name=reports[0].name, folder=reports[0].parent)


@dataclass
class StudentRecord:
    """One student's lesson so far."""

    name: str
    points: list[int] = field(default_factory=list)
    """Their points in each game."""
    ranks: list[int] = field(default_factory=list)
    """Their rank at their table in each game (1 = fewest points)."""
    right: int = 0
    asked: int = 0
    losses: list[float] = field(default_factory=list)
    """The review's loss of each decision reviewed so far."""
    worst: Decision | None = None
    key: str = ""
    """Their key in the class (``""``: none), which finds their earlier lessons."""
    puzzles_right: int = 0
    puzzles_asked: int = 0
    """The warm-up's puzzles: answered right, of those asked."""

    @property
    def games(self) -> int:
        return len(self.points)

    @property
    def mean_loss(self) -> float | None:
        return sum(self.losses) / len(self.losses) if self.losses else None


@dataclass(frozen=True)
class ReportLine:
    """One row of the report."""

    rank: int
    """In the lesson, by points per game (tied students share a rank; 0: no game played)."""
    name: str
    games: int
    points: int
    mean_points: float
    table_ranks: str
    """Their rank at their table in each game, e.g. "1, 3"."""
    predictions: str
    """"7 of 9" (empty: never asked)."""
    mean_loss: str
    """The review's mean loss per decision, e.g. "0.84" (empty: not reviewed)."""
    costliest: str
    """The review's sentence on their costliest choice (empty: none cost anything)."""
    puzzles: str = ""
    """The warm-up's puzzles, "2 of 3" (empty: none asked)."""
    key: str = ""


class LessonReport:
    """One lesson's students, written to ``folder`` as they play."""

    def __init__(self, folder: Path, code: str, started: float | None = None, class_name: str = "") -> None:
        self.folder = folder
        self.code = code
        self.started = time.time() if started is None else started
        self.class_name = class_name
        """The class whose lesson this is (``""``: none): its students' earlier lessons are shown."""
        self.learning: ClassLearning | None = None
        """The class's ratings and themes from its warm-ups (:mod:`store.ratings`), read at each write."""
        self.earlier: Mapping[str, Sequence[LessonFigures]] = {}
        """Each student's earlier lessons of the class, by key (from the history: see
        :class:`~.lesson_book.LessonBook`)."""
        self.index = 1
        """This lesson's place among the class's lessons, from 1."""
        self.students: dict[str, StudentRecord] = {}
        self.games = 0
        self.problem = ""
        """Why the report could not be written, if it could not (the lesson goes on)."""
        self.quiet = False
        """A failed write is not noted on the terminal (the command that asked says why itself)."""
        self.cleaned = False
        """Whether the leftovers of a killed write were cleaned from the folder (at the first write)."""

    @property
    def stem(self) -> str:
        stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(self.started))
        return f"lesson-{stamp}-{self.code}"

    @property
    def html_path(self) -> Path:
        return self.folder / f"{self.stem}.html"

    @property
    def csv_path(self) -> Path:
        return self.folder / f"{self.stem}.csv"

    def student(self, name: str) -> StudentRecord:
        return self.students.setdefault(name, StudentRecord(name))

    def add_game(self, names: Sequence[str], students: Sequence[bool], scores: Sequence[int],
                 predicted: Sequence[tuple[int, int] | None] = (), keys: Sequence[str] = ()) -> None:
        """A game (one table's) is over: each student's points, rank at the table, predictions
        (``keys``: each seat's key in the class)."""
        self.games += 1
        for seat, (name, student, points) in enumerate(zip(names, students, scores)):
            if not student:
                continue
            record = self.student(name)
            record.key = keys[seat] if seat < len(keys) and keys[seat] else record.key
            record.points.append(points)
            record.ranks.append(1 + sum(1 for other in scores if other < points))
            if predicted and predicted[seat] is not None:
                right, asked = predicted[seat]  # type: ignore[misc]
                record.right += right
                record.asked += asked

    def add_review(self, name: str, decisions: Sequence[Decision]) -> None:
        """A student's review of one game is in."""
        record = self.student(name)
        record.losses.extend(decision.loss for decision in decisions)
        worst = costliest(decisions)
        if worst and worst[0].loss > 0 and (record.worst is None or worst[0].loss > record.worst.loss):
            record.worst = worst[0]

    def add_puzzle_answer(self, name: str, key: str, right: bool) -> None:
        """A student was asked a warm-up puzzle (``right``: they gave the best answer)."""
        record = self.student(name)
        record.key = key or record.key
        record.puzzles_asked += 1
        record.puzzles_right += right

    def figures_of(self, record: StudentRecord) -> LessonFigures:
        """A student's figures in this lesson, as their earlier lessons' are kept."""
        return LessonFigures(0, self.index, int(self.started), record.name, record.games, sum(record.points),
                             sum(record.losses), len(record.losses), record.right, record.asked,
                             record.puzzles_right, record.puzzles_asked)

    def lessons_of(self, line: ReportLine) -> list[LessonFigures]:
        """A student's lessons of the class: the earlier ones, then this one."""
        return [*self.earlier.get(line.key, ()), self.figures_of(self.students[line.name])] if line.key else []

    def lines(self) -> list[ReportLine]:
        """Every student, best first (fewest points per game; then name); those who played no game
        (they only answered the warm-up) last, without a rank."""
        records = sorted(self.students.values(),
                         key=lambda r: (not r.games, sum(r.points) / max(1, r.games), r.name.casefold()))
        means = [sum(r.points) / max(1, r.games) for r in records]
        played = [mean for r, mean in zip(records, means) if r.games]
        return [ReportLine((1 + sum(1 for other in played if other < mean)) if r.games else 0, r.name, r.games,
                           sum(r.points), mean,
                           ", ".join(str(rank) for rank in r.ranks),
                           of_text(r.right, r.asked),
                           f"{r.mean_loss:.2f}" if r.mean_loss is not None else "",
                           summary(r.worst) if r.worst is not None else "", of_text(r.puzzles_right, r.puzzles_asked),
                           r.key)
                for r, mean in zip(records, means)]

    def write(self) -> bool:
        """Write (or rewrite) the HTML page and the CSV; whether they were written (else see
        :attr:`problem`: the lesson goes on without them)."""
        lines = self.lines()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.cleaned:
                clean_leftovers(self.folder)
                self.cleaned = True
            _replace(self.csv_path, report_csv(lines, self))
            _replace(self.html_path, report_html(lines, self.code, self.started, self.games, self))
        except OSError as problem:
            self._failed(_("the lesson report could not be written to {folder}: {problem}").format(
                folder=shown_path(self.folder), problem=problem.strerror or problem))
            return False
        self.problem = ""
        return True

    def _failed(self, problem: str) -> None:
        """The report could not be written: the teacher's terminal says so once, as the projector
        does (the lesson goes on)."""
        if problem != self.problem and not self.quiet:
            print(_("main.py: note: {problem}").format(problem=problem), file=sys.stderr)
        self.problem = problem


def clean_leftovers(folder: Path) -> int:
    """Delete the temporary files that writes cut short (the app killed) left in ``folder``; one of a
    process still running is its write in progress, left alone.  How many were deleted."""
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.startswith(TEMPORARY_PREFIX)]
    except OSError:
        return 0
    deleted = 0
    for name in names:
        path = folder / name
        with contextlib.suppress(OSError):
            if not stat.S_ISDIR(path.lstat().st_mode) and not _writer_running(name):
                path.unlink()
                deleted += 1
    return deleted


def _writer_running(name: str) -> bool:
    """Whether the process whose id the temporary file ``name`` carries is running (the files of
    earlier versions carry none: their writer is gone)."""
    writer, dash, _rest = name.removeprefix(TEMPORARY_PREFIX).partition("-")
    if not dash or not writer.isascii() or not writer.isdigit():
        return False
    try:
        import psutil  # noqa: PLC0415 - psutil only when leftovers are found
    except ImportError:
        return False
    return bool(psutil.pid_exists(int(writer)))


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a crash never leaves half a report)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f"{TEMPORARY_PREFIX}{os.getpid()}-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def headings() -> list[str]:
    # NOTE: the lesson report's columns (a page the teacher prints, and a CSV)
    return [_("Rank"), _("Name"), _("Games"), _("Points"), _("Points per game"), _("Rank at the table"),
            _("Predictions right"), _("Review: mean loss per decision"), _("Costliest choice"), _("Puzzles right")]


def cells(line: ReportLine) -> list[str]:
    return [str(line.rank) if line.rank else "", line.name, str(line.games), str(line.points),
            f"{line.mean_points:.1f}" if line.games else "",
            line.table_ranks, line.predictions, line.mean_loss, line.costliest, line.puzzles]


def earlier_cells(figures: LessonFigures) -> list[str]:
    """An earlier lesson of a student, under the report's columns (what a lesson kept of them: no
    rank, no costliest choice)."""
    mean = figures.mean_loss
    return ["", figures.name, str(figures.games), str(figures.points),
            f"{figures.points / figures.games:.1f}" if figures.games else "", "",
            of_text(figures.predictions_right, figures.predictions_asked), f"{mean:.2f}" if mean is not None else "",
            "", of_text(figures.puzzles_right, figures.puzzles_asked)]


def report_csv(lines: Sequence[ReportLine], report: LessonReport | None = None) -> str:
    """The report as CSV (comma-separated, a header row; a spreadsheet opens it).  A cell that
    a spreadsheet would read as a formula is quoted as text.  With a class, one row per student
    per lesson of the class: a ``Lesson`` column (its place in the class, from 1) and a ``Date``
    first, each student's earlier lessons before this one."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    by_class = report is not None and bool(report.class_name)
    writer.writerow(([_("Lesson"), _("Date")] if by_class else []) + headings())
    for line in lines:
        if report is not None and by_class:
            for figures in report.earlier.get(line.key, ()) if line.key else ():
                writer.writerow([str(figures.index), date_of(figures.started),
                                 *(_as_text(cell) for cell in earlier_cells(figures))])
            writer.writerow([str(report.index), date_of(report.started), *(_as_text(cell) for cell in cells(line))])
        else:
            writer.writerow([_as_text(cell) for cell in cells(line)])
    return out.getvalue()


def _as_text(cell: str) -> str:
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") and not _is_number(cell) else cell


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


REPORT_STYLE = """\
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1e2a; }
h1 { font-size: 20px; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #8a9a96; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: #e4ece9; }
td:nth-child(1), td:nth-child(3), td:nth-child(4), td:nth-child(5), td:nth-child(8) { text-align: right; }
h2 { font-size: 17px; margin-top: 28px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
table.lessons { width: auto; }
table.lessons td { text-align: left; }
table.lessons td:nth-child(2) { white-space: nowrap; }
.student svg { display: block; margin-top: 6px; max-width: 100%; height: auto; }
@media print { body { margin: 0; } tr, .student { break-inside: avoid; } }
"""
"""The page's look: plain, and printable (a student's lessons are never split over two pages)."""


def report_title(code: str, started: float, report: LessonReport | None) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(started))
    if report is not None and report.class_name:
        return _("Lesson report: class {name}, lesson {lesson}, room {code}, {date}").format(
            name=report.class_name, lesson=report.index, code=code, date=when)
    return _("Lesson report: room {code}, {date}").format(code=code, date=when)


def report_note(games: int, report: LessonReport | None) -> str:
    """What the columns mean (and, with a class, what follows the table)."""
    note = _("{games} games. Rank: by points per game (fewest first). Predictions: right of those asked. "
             "Review: the points each decision lost on average against the best option (0 is perfect), "
             "and the costliest one.").format(games=games)
    note += " " + _("Puzzles: the warm-up's, right of those asked.")
    if report is not None and report.class_name:
        note += " " + _("Each student's lessons of the class follow the table, with a chart once there are two.")
    return note


def report_html(lines: Sequence[ReportLine], code: str, started: float, games: int,
                report: LessonReport | None = None) -> str:
    """The report as one self-contained HTML page (no script, no file beside it), for printing;
    with a class, each student's lessons of the class follow, with their charts."""
    title = report_title(code, started, report)
    head = "".join(f"<th scope=\"col\">{html.escape(h)}</th>" for h in headings())
    body = "\n".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells(line)) + "</tr>"
                     for line in lines)
    progress = progress_html(lines, report) if report is not None and report.class_name else ""
    return f"""<!doctype html>
<html lang="{html.escape(active_language())}">
<head>
<meta charset="utf-8">
<title>{html.escape(title)}</title>
<style>
{REPORT_STYLE}</style>
</head>
<body>
<h1>{html.escape(title)}</h1>
<p>{html.escape(report_note(games, report))}</p>
<table>
<thead><tr>{head}</tr></thead>
<tbody>
{body}
</tbody>
</table>
{progress}
</body>
</html>
"""


def progress_html(lines: Sequence[ReportLine], report: LessonReport) -> str:
    """Each student's lessons of the class (the students in the table's order)."""
    top = loss_top(figures for line in lines if line.key for figures in report.lessons_of(line))
    sections = [student_section(number, line.name, report.lessons_of(line), top,
                                learning_html(line.key, report.learning, report.lessons_of(line)))
                for number, line in enumerate(lines, start=1) if line.key]
    if not sections:
        return ""
    heading = _("Each student's lessons of class {name}").format(name=report.class_name)
    return f"<h2>{html.escape(heading)}</h2>\n" + class_themes_html(report.learning) + "\n".join(sections)
