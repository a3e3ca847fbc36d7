"""Issue 49, item 5: the report's progress charts - readable scale labels, one scale for every student
of a report, each line "up is better" or in a chart of its own, and a legend that tells the lines
apart printed in black and white (each line's sample drawn with its dashes)."""

from __future__ import annotations

import re

from classroom.progress import chart_svg, loss_top
from store.students import LessonFigures


def lessons(loss: float) -> list[LessonFigures]:
    """Three lessons of a student whose decisions lost ``loss`` points each, on average, times the lesson."""
    return [LessonFigures(index, index, 0, "Ana", 1, 9, loss * index * 7, 7, index + 2, 7, 1, 2)
            for index in (1, 2, 3)]


def scale_labels(svg: str) -> list[list[str]]:
    """Each chart's scale labels (the y axis), as drawn."""
    axes = [chart.split('class="axis y')[1].split('class="axis x')[0].split('class="series')[0]
            for chart in svg.split("</svg>")[:-1]]
    return [re.findall(r'<g class="guides"><path[^>]*/><text[^>]*>([^<]*)</text>', axis) for axis in axes]


def test_two_charts_with_readable_labels_and_one_loss_scale_for_every_student() -> None:
    weak, strong = lessons(0.748688889), lessons(0.1)
    top = loss_top(weak + strong)
    assert top == 2.5
    svgs = [chart_svg(number, "Ana", figures, top) for number, figures in ((1, weak), (2, strong))]
    shares, losses = zip(*(scale_labels(svg) for svg in svgs))
    assert all(labels == ["0", "25", "50", "75", "100"] for labels in shares)
    assert losses[0] == losses[1] == ["0", "0.5", "1", "1.5", "2", "2.5"]  # the same scale: compared by eye
    for svg in svgs:
        first, second = re.findall(r'class="legends">.*?</g></g>', svg)  # up is better; then the loss alone
        assert "Predictions right" in first and "Puzzles right" in first and "mean loss" not in first
        assert "mean loss" in second and "lower is better" in second


def test_the_legend_draws_each_lines_dashes_not_a_colour_square() -> None:
    svg = chart_svg(1, "Ana", lessons(0.5))
    legends = re.findall(r'class="legends">.*?</g></g>', svg)
    assert len(legends) == 2
    assert not any("<rect" in legend for legend in legends)
    samples = [re.findall(r"<line [^>]*/>", legend) for legend in legends]
    assert [len(found) for found in samples] == [2, 1]
    assert "stroke-dasharray" not in samples[0][0] and 'stroke-dasharray="8, 5"' in samples[0][1]
    assert 'stroke-dasharray="2, 4"' in samples[1][0]
