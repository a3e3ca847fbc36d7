"""Each student's progress across their class's lessons, for the lesson report: a table and a small
chart per student, and the CSV's rows of their earlier lessons.

A student is the same across lessons by their key (:mod:`store.students`); the figures of
the lessons before this one come from the history, this lesson's from the report itself.  The
charts are drawn by pygal as SVG, put in the page itself (no file beside it, no script, nothing
fetched): over the lessons, the share of predictions and of puzzles answered right (per cent, up
is better), then the review's mean loss per decision (points, down is better, on one scale for
every student of the report so charts compare by eye) - each line with its own dash pattern,
drawn in the legend too, so it reads in black and white.
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Iterable, Sequence
from xml.etree import ElementTree

from game.i18n import _
from game.puzzles.rating import Rating
from game.puzzles.themes import title_of
from store.ratings import ClassLearning
from store.students import LessonFigures

CHART_SIZE = (520, 240)
"""A chart's size in CSS pixels (of two lines: one line's is :data:`LEGEND_ROW` shorter): small under
the student's table, room for ten lessons and the legend."""
LEGEND_ROW = 18
"""The height of one line of a chart's legend."""
SERIES_LOOKS = (("#1f6fb2", ""), ("#b85c00", "8, 5"), ("#2e7d4f", "2, 4"))
"""Each line's colour and dashes: predictions right, puzzles right, the mean loss (pygal lists the
line on the right-hand scale last)."""
SHARE_LABELS = (0, 25, 50, 75, 100)
MIN_THEME_ANSWERS = 3
"""A student's theme counts once they answered this many of its puzzles."""
MIN_CLASS_THEME_ANSWERS = 5
"""A class's theme counts once its students answered this many of its puzzles."""
THEMES_TO_PRACTISE = 2


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


def student_section(number: int, name: str, lessons: Sequence[LessonFigures], top: float | None = None,
                    learning: str = "") -> str:
    """One student's lessons of the class: a table, and the charts once there are two lessons (the
    loss chart's scale up to ``top``: the same for every student of a report)."""
    head = "".join(f"<th scope=\"col\">{html.escape(h)}</th>" for h in progress_headings())
    body = "\n".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in lesson_cells(figures)) + "</tr>"
                     for figures in lessons)
    chart = chart_svg(number, name, lessons, top) if len(lessons) > 1 else \
        f"<p class=\"first\">{html.escape(_('Their first lesson in this class.'))}</p>"
    return f"""<section class="student">
<h3>{html.escape(name)}</h3>
<table class="lessons">
<thead><tr>{head}</tr></thead>
<tbody>
{body}
</tbody>
</table>
{learning}{chart}
</section>"""


def rating_text(rating: Rating) -> str:
    """A rating with its uncertainty, e.g. "1562 ± 240 (provisional)"."""
    text = f"{rating.rating:.0f} \u00b1 {rating.rd:.0f}"
    return _("{rating} (provisional)").format(rating=text) if rating.provisional else text


def learning_html(key: str, learning: ClassLearning | None, lessons: Sequence[LessonFigures]) -> str:
    """A student's rating after each lesson of the class's warm-ups, and their strongest and
    weakest themes (only those answered :data:`MIN_THEME_ANSWERS` times or more)."""
    steps = learning.steps.get(key, []) if learning is not None else []
    if learning is None or not steps:
        return ""
    index = {figures.lesson: figures.index for figures in lessons}
    ratings = "; ".join(_("lesson {lesson}: {rating}").format(lesson=index.get(lesson, "?"), rating=rating_text(rating))
                        for lesson, rating in steps)
    parts = [_("Puzzle rating after each lesson: {ratings}").format(ratings=ratings)]
    counted = sorted((right / asked, title_of(theme), right, asked)
                     for theme, (right, asked) in learning.themes.get(key, {}).items() if asked >= MIN_THEME_ANSWERS)
    if counted:
        parts.append(_("Strongest theme: {strong}. Weakest theme: {weak}.").format(
            strong=_theme_count(counted[-1]), weak=_theme_count(counted[0])))
    return "".join(f"<p class=\"learning\">{html.escape(part)}</p>\n" for part in parts)


def class_themes_html(learning: ClassLearning | None) -> str:
    """The themes the class should practise next: its fewest right of those answered
    :data:`MIN_CLASS_THEME_ANSWERS` times or more (at most :data:`THEMES_TO_PRACTISE`)."""
    counted = sorted((right / asked, title_of(theme), right, asked)
                     for theme, (right, asked) in (learning.class_themes if learning else {}).items()
                     if asked >= MIN_CLASS_THEME_ANSWERS)
    if not counted:
        return ""
    themes = ", ".join(_theme_count(item) for item in counted[:THEMES_TO_PRACTISE])
    return f"<p class=\"learning\">{html.escape(_('Themes to practise next: {themes}').format(themes=themes))}</p>\n"


def _theme_count(item: tuple[float, str, int, int]) -> str:
    _share, title, right, asked = item
    return _("{theme} ({right} of {asked} right)").format(theme=title, right=right, asked=asked)


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


LOSS_STEP = 0.5
"""The loss chart's scale climbs in half points (labels 0.0, 0.5, 1.0, ...)."""
LEGEND_LINE = 28
"""The legend's sample of each line, in CSS pixels: long enough to show its dashes."""


def loss_top(lessons: Iterable[LessonFigures]) -> float:
    """The top of the loss chart's scale for every student of a report: the largest mean loss,
    rounded up to :data:`LOSS_STEP` (at least 1 point)."""
    most = max([1.0, *(loss for figures in lessons if (loss := figures.mean_loss) is not None)])
    return math.ceil(most / LOSS_STEP) * LOSS_STEP


def chart_svg(number: int, name: str, lessons: Sequence[LessonFigures], top: float | None = None) -> str:
    """The student's two charts as inline SVG elements (pygal's, without script or comments): the
    shares right (up is better, 0-100 %), then the review's mean loss (down is better, 0 to ``top``
    points: the same scale for every student of the report)."""
    # NOTE: the lesson report's chart of a student's lessons: each line's legend says how it is drawn
    shares = ((_("Predictions right (%): solid line"), [share(f.predictions_right, f.predictions_asked) for f in lessons]),
              (_("Puzzles right (%): dashed line"), [share(f.puzzles_right, f.puzzles_asked) for f in lessons]))
    top = loss_top(lessons) if top is None else top
    losses = ((_("Review: mean loss per decision (points; lower is better): dotted line"),
               [figures.mean_loss for figures in lessons]),)
    loss_labels = [round(step * LOSS_STEP, 1) for step in range(round(top / LOSS_STEP) + 1)]
    return "\n".join([
        _chart(f"progress-{number}", chart_summary(name, lessons), lessons, shares, SERIES_LOOKS[:2],
               (0, 100), list(SHARE_LABELS)),
        _chart(f"progress-{number}-loss", chart_summary(name, lessons), lessons, losses, SERIES_LOOKS[2:],
               (0, top), loss_labels)])


def _chart(chart_id: str, summary: str, lessons: Sequence[LessonFigures],
           lines: Sequence[tuple[str, Sequence[float | None]]], looks: Sequence[tuple[str, str]],
           scale: tuple[float, float], labels: list[float]) -> str:
    """One chart of ``lines`` over the lessons, its scale labelled at ``labels`` (one decimal at most)."""
    import pygal  # noqa: PLC0415 - pygal loads only for a report with a chart to draw
    from pygal.style import Style  # noqa: PLC0415 - as above

    style = Style(background="#ffffff", plot_background="#ffffff", foreground="#1c1e2a",
                  foreground_strong="#1c1e2a", foreground_subtle="#c8d2cf", font_family="system-ui, sans-serif",
                  label_font_size=12, major_label_font_size=12, legend_font_size=12, title_font_size=12,
                  colors=tuple(colour for colour, _dashes in looks), opacity="1", opacity_hover="1",
                  stroke_opacity="1", stroke_width="3", stroke_width_hover="3", guide_stroke_color="#b4c2be",
                  major_guide_stroke_color="#b4c2be", guide_stroke_dasharray="2,3", major_guide_stroke_dasharray="2,3")
    width, height = CHART_SIZE
    chart = pygal.Line(width=width, height=height - LEGEND_ROW * (2 - len(lines)), explicit_size=True, style=style, js=[],
                       disable_xml_declaration=True, legend_at_bottom=True, legend_at_bottom_columns=1,
                       truncate_legend=-1, dots_size=3, range=scale, y_labels=labels, margin=6,
                       margin_bottom=LEGEND_ROW, value_formatter=lambda value: f"{value:g}", x_title=_("Lesson"))
    chart.uuid = chart_id  # (a fixed id: the page is the same each time it is written)
    chart.x_labels = [str(figures.index) for figures in lessons]
    for (title, values), (_colour, dashes) in zip(lines, looks):
        chart.add(title, values, stroke_style={"width": 3, "dasharray": dashes} if dashes else None)
    tree = chart.render_tree()
    _strip(tree)
    _legend_lines(tree, looks)
    tree.set("role", "img")
    tree.set("aria-label", summary)
    return ElementTree.tostring(tree, encoding="unicode")


def _legend_lines(tree: ElementTree.Element, looks: Sequence[tuple[str, str]]) -> None:
    """Each legend's colour square becomes a short sample of its line - its colour, width and dashes
    - so the legend still tells the lines apart printed in black and white."""
    for legend in tree.iter():
        if "legend" not in (legend.get("class") or "").split():
            continue
        for child in list(legend):
            kind = (child.get("class") or "").split()
            series = next((int(name[6:]) for name in kind if name.startswith("color-") and name[6:].isdigit()), None)
            if not child.tag.endswith("rect") or series is None or series >= len(looks):
                continue
            colour, dashes = looks[series]
            top = float(child.get("y", "0")) + 6
            sample = ElementTree.Element(child.tag[:-4] + "line", {
                "x1": "0", "x2": str(LEGEND_LINE), "y1": str(top), "y2": str(top), "stroke": colour,
                "stroke-width": "3", "fill": "none", **({"stroke-dasharray": dashes} if dashes else {})})
            legend.insert(list(legend).index(child), sample)
            legend.remove(child)
        for text in legend:
            if text.tag.endswith("text"):
                text.set("x", str(LEGEND_LINE + 6))


def _strip(tree: ElementTree.Element) -> None:
    """pygal's script (its tooltips, which a printed page has no use for) and its comments go: the
    page holds no script, and is the same each time it is written."""
    for parent in tree.iter():
        for child in list(parent):
            if not isinstance(child.tag, str) or child.tag.endswith("script"):  # (a comment's tag is a function)
                parent.remove(child)
