"""Issue 49's small ones on the projector's class screens: the overview's tile names the phones it
waits for or says how many (never "Ana, Ben, C..."), and the lesson report's path breaks at its
folders, its file's name kept whole on a line ("lesson-2026-11-27-" / "0805-K7QP.html" was cut); key
hints have capitals of 14 px or more at 1024x576 (they were 13), a button keeps its key under its
label there, and the menu's footer, on two lines, names every key in every language."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.i18n import LANGUAGES, _
from scenes.classroom.overview import waiting_for
from scenes.kit import theme, widgets
from scenes.kit.layout import FOOTER_HINT, scale_for
from scenes.model.language import use_language
from scenes.kit.report_link import wrap_at_separators

NAMES = ("Ana", "Ben", "Cem", "Dee", "Eda")


def test_a_tile_names_the_phones_it_waits_for_or_counts_them() -> None:
    size = theme.text_px(22)
    joined = ", ".join(NAMES)
    assert waiting_for(NAMES, size, theme.text_width(joined, size)) == joined
    counted = waiting_for(NAMES, size, theme.text_width(joined, size) - 1)
    assert counted == "waiting for 5"
    assert theme.text_width(counted, size) < theme.text_width(joined, size)


@pytest.mark.parametrize("folder", ["/home/ana/.local/share/6takes/lessons/", "C:\\Users\\ana\\AppData\\6takes\\lessons\\"])
def test_the_reports_path_breaks_at_its_folders_and_keeps_the_files_name_whole(folder: str) -> None:
    name = "lesson-2026-11-27-0805-K7QP.html"
    text = "Lesson report: " + folder + name
    size = theme.hint_px(22)
    for extra in (0, 40, 90):  # lines a little wider than the name, up to half again
        width = theme.text_width(name, size) + extra
        lines = wrap_at_separators(text, size, width)
        assert lines[-1] == name, lines
        assert all(theme.text_width(line, size) <= width for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def inked_caps(size: int) -> int:
    """The height of the ink of an "H" drawn at ``size``: the capitals a teacher reads."""
    return theme.text("H", size, (255, 255, 255)).get_bounding_rect(min_alpha=128).height


@pytest.mark.parametrize("window", [theme.SMALLEST_WINDOW, (1280, 720)])
def test_key_hints_have_capitals_of_14_px_at_every_window(window: tuple[int, int]) -> None:
    s = scale_for(window)
    smallest = theme.hint_px(0, s)  # the floor every hint stops at (a button's key, a field's hint)
    assert theme.MIN_HINT_CAP_PX >= 14
    assert inked_caps(smallest) >= theme.MIN_HINT_CAP_PX
    assert inked_caps(theme.hint_px(FOOTER_HINT, s)) >= theme.MIN_HINT_CAP_PX


def smallest_buttons() -> list[tuple[pygame.Rect, int]]:
    """The review's and the menu's buttons at 1024x576, and their labels' sizes (as the screens draw them)."""
    from scenes.menu.layout import menu_layout
    from scenes.review.model import review_layout

    s = scale_for(theme.SMALLEST_WINDOW)
    menu = menu_layout(theme.SMALLEST_WINDOW)
    return [(review_layout(theme.SMALLEST_WINDOW).next_button, theme.text_px(26, s)),
            (menu.start, menu.font_button + round(6 * s))]


@pytest.mark.parametrize("which", [0, 1])
def test_a_button_keeps_its_key_under_its_label_at_the_smallest_window(
        which: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rect, size = smallest_buttons()[which]
    hints: list[str] = []
    real = theme.blit_hint

    def hint(surface: pygame.Surface, label: str, *args: Any, **anchor: Any) -> pygame.Rect:
        hints.append(label)
        return real(surface, label, *args, **anchor)

    monkeypatch.setattr(theme, "blit_hint", hint)
    surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
    widgets.draw_button(surface, rect, "Next seat", size, key_hint="Tab")
    assert hints == ["Tab"]


def test_hints_fill_the_lines_in_order_and_only_the_last_ones_are_left_out() -> None:
    size = theme.hint_px(FOOTER_HINT)
    hints = ["Enter: start", "W: warm-up", "|", "Esc: close the room", "L: time limit"]
    line = "    ".join(hints)
    width = theme.text_width("    ".join(hints[:2]), size)
    assert widgets.fit_segment_lines(line, size, width, 2) == ["    ".join(hints[:2]), "Esc: close the room"]
    assert widgets.fit_segment_lines(line, size, 10 * width, 2) == [line]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_menus_footer_names_every_key_at_the_smallest_window(code: str) -> None:
    from scenes.menu.layout import FOOTER_LINES, menu_layout
    from scenes.menu.view import HINTS, TYPING_HINTS

    use_language(code)
    try:
        layout = menu_layout(theme.SMALLEST_WINDOW)
        size = theme.hint_px(FOOTER_HINT, layout.scale)
        room = theme.SMALLEST_WINDOW[0] - round(48 * layout.scale)
        for hints in (_(HINTS), _(TYPING_HINTS)):
            lines = widgets.fit_segment_lines(hints, size, room, FOOTER_LINES)
            assert "    ".join(lines) == hints
            assert layout.hints.height >= len(lines) * theme.line_height(size)
    finally:
        use_language("en")
