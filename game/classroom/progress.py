"""Each student's progress across their class's lessons, for the lesson report: a table and a small
chart per student, and the CSV's rows of their earlier lessons.

A student is the same across lessons by their key (:mod:`game.store.students`); the figures of
the lessons before this one come from the history, this lesson's from the report itself.  The
chart is drawn by pygal as SVG, put in the page itself (no file beside it, no script, nothing
fetched): three lines over the lessons - the review's mean loss per decision (points, its own
scale on the right), and the share of predictions and of puzzles answered right (per cent) -
each with its own dash pattern, so it reads in black and white too.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from xml.etree import ElementTree

from game.i18n import _
from game.store.students import LessonFigures

CHART_SIZE = (520, 280)
"""The chart's size in CSS pixels: small under the student's table, room for ten lessons and the legend."""
SERIES_LOOKS = (("#1f6fb2", ""), ("#b85c00", "8, 5"), ("#2e7d4f", "2, 4"))
"""Each line's colour and dashes: predictions right, puzzles right, the mean loss (pygal lists the
line on the right-hand scale last)."""
SHARE_LABELS = (0, 25, 50, 75, 100)


def share(right: int, asked: int) -> float | None:
    """Per cent right of those asked (``None``: none asked)."""
    return round(100 * right / asked, 1) if asked else None


def of_text(right: int, asked: int) -> str:
    """"7 of 9" (empty: none asked)."""
    return _("{right} of {asked}").format(right=right, asked=asked) if asked else ""


def date_of(started: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(started))


def lesson_cells(figures: LessonFigures) -> list[str]:
    """One lesson of a student, as the progress table (and the CSV) show it."""
    mean = figures.mean_loss
    return [str(figures.index), date_of(figures.started), figures.name, str(figures.games),
            f"{mean:.2f}" if mean is not None else "", of_text(figures.predictions_right, figures.predictions_asked),
            of_text(figures.puzzles_right, figures.puzzles_asked)]


def progress_headings() -> list[str]:
    # NOTE: the lesson report's progress table: one line per lesson of the class the student was in
    return [_("Lesson"), _("Date"), _("Name"), _("Games"), _("Review: mean loss per decision"),
            _("Predictions right"), _("Puzzles right")]


def student_section(number: int, name: str, lessons: Sequence[LessonFigures]) -> str:
    """One student's lessons of the class: a table, and the chart once there are two lessons."""
    head = "".join(f"<th scope=\"col\">{html.escape(h)}</th>" for h in progress_headings())
    body = "\n".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in lesson_cells(figures)) + "</tr>"
                     for figures in lessons)
    chart = chart_svg(number, name, lessons) if len(lessons) > 1 else \
        f"<p class=\"first\">{html.escape(_('Their first lesson in this class.'))}</p>"
    return f"""<section class="student">
<h3>{html.escape(name)}</h3>
<table class="lessons">
<thead><tr>{head}</tr></thead>
<tbody>
{body}
</tbody>
</table>
{chart}
</section>"""


def chart_summary(name: str, lessons: Sequence[LessonFigures]) -> str:
    """The chart in words, for a screen reader (its ``aria-label``)."""
    parts = []
    for figures in lessons:
        mean = figures.mean_loss
        parts.append(_("lesson {lesson}: mean loss {loss}, predictions {predictions}, puzzles {puzzles}").format(
            lesson=figures.index, loss=f"{mean:.2f}" if mean is not None else "-",
            predictions=of_text(figures.predictions_right, figures.predictions_asked) or "-",
            puzzles=of_text(figures.puzzles_right, figures.puzzles_asked) or "-"))
    return f"{name}: " + "; ".join(parts)


def chart_svg(number: int, name: str, lessons: Sequence[LessonFigures]) -> str:
    """The student's chart as an inline SVG element (pygal's, without its script or comments)."""
    import pygal  # noqa: PLC0415 - pygal loads only for a report with a chart to draw
    from pygal.style import Style  # noqa: PLC0415 - as above

    style = Style(background="#ffffff", plot_background="#ffffff", foreground="#1c1e2a",
                  foreground_strong="#1c1e2a", foreground_subtle="#c8d2cf", font_family="system-ui, sans-serif",
                  label_font_size=12, major_label_font_size=12, legend_font_size=12, title_font_size=12,
                  colors=tuple(colour for colour, _dashes in SERIES_LOOKS), opacity="1", opacity_hover="1",
                  stroke_opacity="1", stroke_width="3", stroke_width_hover="3", guide_stroke_color="#b4c2be",
                  major_guide_stroke_color="#b4c2be", guide_stroke_dasharray="2,3", major_guide_stroke_dasharray="2,3")
    losses = [figures.mean_loss for figures in lessons]
    most = max([1.0, *(loss for loss in losses if loss is not None)])
    width, height = CHART_SIZE
    chart = pygal.Line(width=width, height=height, explicit_size=True, style=style, js=[],
                       disable_xml_declaration=True, legend_at_bottom=True, legend_at_bottom_columns=1,
                       truncate_legend=-1, dots_size=3, range=(0, 100), y_labels=SHARE_LABELS,
                       secondary_range=(0, most), x_title=_("Lesson"), margin=6)
    chart.uuid = f"progress-{number}"  # (a fixed id: the page is the same each time it is written)
    chart.x_labels = [str(figures.index) for figures in lessons]
    # NOTE: the lesson report's chart of a student's lessons: each line's legend says how it is drawn
    lines = ((_("Predictions right (%): solid line"),
              [share(f.predictions_right, f.predictions_asked) for f in lessons], False),
             (_("Puzzles right (%): dashed line"), [share(f.puzzles_right, f.puzzles_asked) for f in lessons], False),
             (_("Review: mean loss per decision (points, right-hand scale): dotted line"), losses, True))
    for (title, values, secondary), (_colour, dashes) in zip(lines, SERIES_LOOKS):
        chart.add(title, values, secondary=secondary, stroke_style={"width": 3, "dasharray": dashes} if dashes else None)
    tree = chart.render_tree()
    _strip(tree)
    tree.set("role", "img")
    tree.set("aria-label", chart_summary(name, lessons))
    return ElementTree.tostring(tree, encoding="unicode")


def _strip(tree: ElementTree.Element) -> None:
    """pygal's script (its tooltips, which a printed page has no use for) and its comments go: the
    page holds no script, and is the same each time it is written."""
    for parent in tree.iter():
        for child in list(parent):
            if not isinstance(child.tag, str) or child.tag.endswith("script"):  # (a comment's tag is a function)
                parent.remove(child)
