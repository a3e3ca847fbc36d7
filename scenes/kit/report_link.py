"""The lesson report where the teacher looks for it: its file named in full on the class results and
the scoreboard (wrapped at the path's separators, never cut), and a key that opens it in the
browser.

A report's path is long (``/home/ana/.local/share/6takes/lessons/lesson-2026-11-27-0805-K7QP.html``)
and a line cut after ".local/s" names nothing a teacher can find: :func:`wrap_at_separators` breaks
it where a path may break and keeps every character.  :func:`open_in_browser` hands the page to the
system's browser through the standard library's :mod:`webbrowser` (the tests patch its ``open``).
"""

from __future__ import annotations

import webbrowser
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import pygame

from game.i18n import _

from . import theme

BREAKS = ((" ", "/", "\\"), ("-", "_", "."))
"""Where a line of a path may break, best first: after a space or a folder's separator (a file's
name kept whole), else inside a name too long for a line (the character kept at the line's end)."""


def report_uri(path: Path) -> str:
    """The ``file://`` address of a report's page (what the browser is given)."""
    return path.resolve().as_uri()


def open_in_browser(path: Path) -> str:
    """Open the page at ``path`` in the system's browser; the line the screen shows instead of
    the path from then on: that it opens (a browser may open behind a fullscreen window), or why
    it cannot."""
    if not path.is_file():
        return _("The lesson report is not written yet: {path}").format(path=path)
    try:
        opened = webbrowser.open(report_uri(path))
    except (webbrowser.Error, OSError):
        opened = False
    if not opened:
        return _("No browser could be opened: open {path} yourself").format(path=path)
    # NOTE: the lesson report was handed to the browser, which may open behind the app's fullscreen window
    return _("The lesson report opens in the browser (F11 leaves fullscreen): {path}").format(path=path)


class Report(Protocol):
    """A lesson report, as its link reads it."""

    @property
    def html_path(self) -> Path: ...

    @property
    def problem(self) -> str:
        """Why it could not be written (``""``: it was)."""


class ReportLink:
    """The lesson report on a class's results: the line naming its file (or what L did, or why it
    is not there) and L opening it."""

    def __init__(self, find: Callable[[], Report | None]) -> None:
        """``find``: the report the results add to (``None``: none, e.g. ``--no-report``)."""
        self.find = find
        self.note = ""
        """What L did (the report opens, or why it cannot), shown instead of the report's line."""

    def open(self) -> None:
        """L: the report's page in the browser."""
        report = self.find()
        self.note = open_in_browser(report.html_path) if report is not None else ""

    def lines(self, size: int, width: int) -> list[str]:
        """The report's line in full, wrapped to ``width`` (none without a report)."""
        report = self.find()
        if report is None:
            return []
        # NOTE: under the class results: the lesson report's file in full, and the key that opens it
        line = self.note or report.problem or _("Lesson report (L: open it in the browser): {path}").format(
            path=report.html_path)
        return wrap_at_separators(line, size, width)


def wrap_at_separators(text: str, size: int, width: int) -> list[str]:
    """``text`` (words, then a path) in lines at most ``width`` pixels wide at ``size``, each
    broken after a space or a path's separator; a piece wider than a line is broken anywhere.
    Every character is kept: joined again (spaces at the breaks dropped) the lines are ``text``."""
    lines: list[str] = []
    rest = text
    while rest:
        if theme.text_width(rest, size) <= width:
            lines.append(rest)
            break
        cut = _last_fitting(rest, size, width)
        lines.append(rest[:cut].rstrip(" "))
        rest = rest[cut:].lstrip(" ")
    return lines


def _last_fitting(text: str, size: int, width: int) -> int:
    """How many characters of ``text`` start its first line: up to the last break of the best kind
    that fits, else as many characters as fit (one at least)."""
    fits = 1
    while fits < len(text) and theme.text_width(text[:fits + 1], size) <= width:
        fits += 1
    for characters in BREAKS:
        breaks = [index + 1 for index in range(fits) if text[index] in characters]
        if breaks and breaks[-1] > fits // 3:
            return breaks[-1]
    return fits


def draw_lines(surface: pygame.Surface, lines: Sequence[str], size: int, top: int, *, centerx: int | None = None,
               left: int | None = None, colour: theme.Colour = theme.TEXT_DIM) -> pygame.Rect:
    """``lines`` one under the other from ``top`` as key hints (text for the teacher), centred on
    ``centerx`` or from ``left``; the rectangle they cover."""
    covered = pygame.Rect(centerx if centerx is not None else left or 0, top, 0, 0)
    pitch = theme.line_height(size)
    for index, line in enumerate(lines):
        anchor = {"midtop": (centerx, top + index * pitch)} if centerx is not None \
            else {"topleft": (left or 0, top + index * pitch)}
        covered.union_ip(theme.blit_hint(surface, line, size, colour, **anchor))
    return covered
