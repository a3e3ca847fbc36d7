"""Issue 49's small ones on the projector's class screens: the overview's tile names the phones it
waits for or says how many (never "Ana, Ben, C..."), and the lesson report's path breaks at its
folders, its file's name kept whole on a line ("lesson-2026-11-27-" / "0805-K7QP.html" was cut)."""

from __future__ import annotations

import pytest

from scenes.classroom.overview import waiting_for
from scenes.kit import theme
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
