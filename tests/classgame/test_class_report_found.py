"""Issue 41 on the projector of a real class room (its server, its games played by AIs): the class
results - one table and many - name the lesson report's file in full, wrapped and never cut, even
in the smallest window with a long folder, and L opens it in the browser (``webbrowser.open``
patched: what it was given is checked); a class table whose class predicts says so in its top bar,
and P changes nothing there.

Every label is read where it is drawn (``theme.blit_text``, and ``theme.text`` for buttons)."""

from __future__ import annotations

import time
import webbrowser
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.conftest import needs
from tests.support.app_helpers import frames, key, resize
from tests.support.class_helpers import close_app, lobby_of, open_class_app, run_until

from game.i18n import _
from scenes.classroom.room_results import RoomResultsScene
from scenes.classroom.table import ClassTableScene
from scenes.classroom.table_results import ClassResultsScene
from scenes.kit import theme
from classroom.class_room import RoomOfTables

pytestmark = [needs("aiohttp"), needs("pygame"), pytest.mark.slow]

ELLIPSIS = "\u2026"


def report_uri(path: Path) -> str:
    """The address the browser is to be given: the page's ``file://`` URL."""
    return path.resolve().as_uri()


def lesson_report(app: Any) -> Any:
    """The lesson's report (what its games add to), from the lesson the app holds."""
    play = app.screens.lesson.play
    return (play.game.learning if isinstance(play, RoomOfTables) else play.learning).lesson.report


def long_folder(tmp_path: Path) -> Path:
    """A report folder as long as a teacher's can be (a home folder, a school's share...)."""
    return tmp_path / "Lehrerin-Maximiliana-Fernandez" / "Unterricht 2026-2027" / "Mathematik 7b" / "Berichte"


def hints_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every line drawn as a note for the teacher from now on: (text, rectangle)."""
    lines: list[tuple[str, pygame.Rect]] = []
    real = theme.blit_hint

    def hint(surface: pygame.Surface, label: str, *args: Any, **anchor: Any) -> pygame.Rect:
        rect = real(surface, label, *args, **anchor)
        lines.append((label, rect))
        return rect

    monkeypatch.setattr(theme, "blit_hint", hint)
    return lines


def opener(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the browser was asked to open (nothing is opened)."""
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda uri, *args, **kwargs: opened.append(uri) or True)
    return opened


def named_in_full(lines: list[tuple[str, pygame.Rect]], path: Path, window: tuple[int, int]) -> bool:
    """``path`` is drawn whole across consecutive lines, none cut short or off the window."""
    text = "".join(label for label, _rect in lines)
    inside = all(pygame.Rect((0, 0), window).contains(rect) and not label.endswith(ELLIPSIS) for label, rect in lines)
    return inside and str(path).replace(" ", "") in text.replace(" ", "")


def test_the_class_results_of_one_table_name_the_lesson_report_in_full_and_l_opens_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_class_app(tmp_path / "class.jsonl", report_dir=long_folder(tmp_path), step_delay=0.0)
    try:
        resize(app, theme.SMALLEST_WINDOW)
        lobby_of(app).start()  # no phone: four AIs play
        run_until(app, lambda: isinstance(app.manager.active, ClassResultsScene), seconds=120)
        report = lesson_report(app)
        run_until(app, lambda: report.html_path.is_file())  # written as the game ended
        lines = hints_drawn(monkeypatch)
        frames(app)
        assert named_in_full(lines, report.html_path, theme.SMALLEST_WINDOW), lines
        key_hint = _("Lesson report (L: open it in the browser): {path}").split("{")[0].strip()
        assert any(label.startswith(key_hint) for label, _rect in lines), lines
        opened = opener(monkeypatch)
        key(pygame.K_l)
        lines.clear()
        frames(app)
        assert opened == [report_uri(report.html_path)] and opened[0].startswith("file://")
        assert isinstance(app.manager.active, ClassResultsScene)  # L opened the report, nothing else
        said = _("The lesson report opens in the browser (F11 leaves fullscreen): {path}").split("{")[0].strip()
        assert any(label.startswith(said) for label, _rect in lines), lines  # (behind a fullscreen window)
        assert named_in_full(lines, report.html_path, theme.SMALLEST_WINDOW), lines
    finally:
        app.screens.end_lesson()
        close_app()


def test_the_class_results_of_many_tables_name_the_lesson_report_in_full_and_l_opens_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_class_app(tmp_path / "class.jsonl", report_dir=long_folder(tmp_path), tables=0, seed=5)
    try:
        resize(app, theme.SMALLEST_WINDOW)
        room = lobby_of(app).room
        assert room is not None
        for number in range(8):
            room.join(room.code, f"Student {number + 1}")
        frames(app, 2)
        key(pygame.K_RETURN)
        frames(app, 3)
        overview = app.manager.active
        for session in overview.tables.sessions:  # type: ignore[attr-defined]
            for seat in session.phone_seats:
                session.give_to_ai(seat)
        deadline = time.monotonic() + 120
        while not isinstance(app.manager.active, RoomResultsScene) and time.monotonic() < deadline:
            frames(app, 1, 0.5)
        assert isinstance(app.manager.active, RoomResultsScene)
        report = lesson_report(app)
        assert report.html_path.is_file()
        lines = hints_drawn(monkeypatch)
        frames(app)
        assert named_in_full(lines, report.html_path, theme.SMALLEST_WINDOW), lines
        key_hint = _("Lesson report (L: open it in the browser): {path}").split("{")[0].strip()
        assert any(label.startswith(key_hint) for label, _rect in lines), lines
        opened = opener(monkeypatch)
        key(pygame.K_l)
        frames(app)
        assert opened == [report_uri(report.html_path)]
    finally:
        app.screens.end_lesson()
        close_app()


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_class_table_whose_class_predicts_says_so_in_its_top_bar(code: str, tmp_path: Path, drawn: list[str]) -> None:
    """Issue 41, item 4: the top bar said "Predict (P): off" while the class was predicting."""
    from scenes.model.language import use_language

    use_language(code)
    app = open_class_app(tmp_path / "class.jsonl", predict=True, seed=4)
    try:
        lobby_of(app).start()
        run_until(app, lambda: isinstance(app.manager.active, ClassTableScene))
        scene = app.manager.active
        assert isinstance(scene, ClassTableScene) and scene.class_session.predictions is not None
        drawn.clear()
        frames(app)
        says = [label for label in drawn if label in (_("The class predicts on phones"), _("Class predicts"),
                                                      _("Phones"), _("Predict (P): off"), _("Predict: off"))]
        assert says and _("Predict (P): off") not in says and _("Predict: off") not in says, says
        key(pygame.K_p)
        drawn.clear()
        frames(app)
        assert not scene.predictor.on and says[0] in drawn  # P: the projector asks nothing of its own
    finally:
        app.screens.end_lesson()
        close_app()
