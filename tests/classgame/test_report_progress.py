"""Issue 44: the lesson report with a class - each student's earlier lessons (found by their key) in
the page, as a table and a chart drawn into the page itself, and in the CSV as one row per student
per lesson; the warm-up's puzzles counted; a student who only answered the warm-up listed last,
without a rank."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from classroom.report import LessonReport
from store.students import LessonFigures

ANA, BEN = "key-of-ana-0123456789", "key-of-ben-0123456789"


def a_report(tmp_path: Path) -> LessonReport:
    report = LessonReport(tmp_path, "ROOM", started=1_700_000_000, class_name="7b")
    report.index = 3
    report.earlier = {ANA: [LessonFigures(4, 1, 1_690_000_000, "Ana", 2, 20, 6.0, 4, 3, 7, 1, 2),
                            LessonFigures(9, 2, 1_695_000_000, "Anabel", 1, 9, 0.0, 0, 0, 0, 0, 0)]}
    report.add_game(["Ana", "Ben", "AI 1", "AI 2"], [True, True, False, False], [5, 9, 7, 11], (), [ANA, BEN, "", ""])
    report.add_puzzle_answer("Ana", ANA, True)
    report.add_puzzle_answer("Ana", ANA, False)
    report.add_puzzle_answer("Eli", "", True)  # a watcher: the warm-up only
    return report


def test_the_csv_has_a_row_per_student_per_lesson_and_the_page_their_lessons(tmp_path: Path) -> None:
    report = a_report(tmp_path)
    assert report.write()
    header, *rows = list(csv.reader(io.StringIO(report.csv_path.read_text(encoding="utf-8"))))
    assert header[:4] == ["Lesson", "Date", "Rank", "Name"] and header[-1] == "Puzzles right"
    assert [(row[0], row[2], row[3], row[4], row[-1]) for row in rows] == [
        ("1", "", "Ana", "2", "1 of 2"), ("2", "", "Anabel", "1", ""), ("3", "1", "Ana", "1", "1 of 2"),
        ("3", "2", "Ben", "1", ""), ("3", "", "Eli", "0", "1 of 1")]
    assert rows[0][9] == "1.50" and rows[0][8] == "3 of 7"  # the mean loss and predictions of lesson 1
    page = report.html_path.read_text(encoding="utf-8")
    assert "Lesson report: class 7b, lesson 3, room ROOM" in page
    ana = page[page.index("<h3>Ana</h3>"):].split("</section>")[0]
    assert ana.count("<tr>") == 4 and "<svg" in ana and 'role="img"' in ana  # three lessons, a chart
    assert "lesson 1: mean loss 1.50, predictions 3 of 7, puzzles 1 of 2" in ana  # the chart in words
    ben = page[page.index("<h3>Ben</h3>"):].split("</section>")[0]
    assert "<svg" not in ben and "Their first lesson in this class." in ben
    assert "<h3>Eli</h3>" not in page  # no key: no lessons of the class to show
    assert "<script" not in page


def test_without_a_class_the_report_has_no_lesson_column_and_no_progress(tmp_path: Path) -> None:
    report = LessonReport(tmp_path, "ROOM", started=0)
    report.add_game(["Ana", "Ben", "AI 1", "AI 2"], [True, True, False, False], [5, 9, 7, 11])
    report.add_puzzle_answer("Cy", "", False)
    assert report.write()
    header, *rows = list(csv.reader(io.StringIO(report.csv_path.read_text(encoding="utf-8"))))
    assert header[0] == "Rank" and header[-1] == "Puzzles right"
    assert [(row[0], row[1], row[-1]) for row in rows] == [("1", "Ana", ""), ("2", "Ben", ""), ("", "Cy", "0 of 1")]
    assert "lessons of class" not in report.html_path.read_text(encoding="utf-8")
