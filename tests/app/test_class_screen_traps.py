"""Issue 41: what made a teacher hesitate on the projector's class screens, each drawn as the app
draws it - headed columns in the overview's class standings, one meaning for the class table's
Predict button, best predictors tied named as a tie, a class game's replay saying it is a class
game, no drawn seed where the class reads, and the scoreboard naming the newest lesson report in
full with a key that opens it (the class results' report: ``tests/classgame/test_class_report_found.py``).

Every label is read where it is drawn (``theme.blit_text`` and ``theme.blit_hint`` recorded)."""

from __future__ import annotations

import webbrowser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from tests.conftest import needs
from tests.support.app_helpers import close_app, frames, key, open_app, run_until

from classroom.tables import Standing
from game.engine import Game
from game.i18n import _
from game.play import make_agents, play_game
from game.record import PlayerInfo, record_game
from scenes.kit import theme
from scenes.model.language import use_language
from scenes.model.options import PlayOptions

pytestmark = needs("pygame")


class Labels:
    """Every label drawn while it watches: (text, rectangle), key hints marked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[tuple[str, pygame.Rect, bool]] = []
        real_text, real_hint = theme.blit_text, theme.blit_hint
        hinting = [False]

        def blit_text(surface: pygame.Surface, label: str, size: int, colour: Any = theme.TEXT, **anchor: Any
                      ) -> pygame.Rect:
            rect = real_text(surface, label, size, colour, **anchor)
            self.drawn.append((label, rect, hinting[0]))
            return rect

        def blit_hint(*args: Any, **anchor: Any) -> pygame.Rect:
            hinting[0] = True
            try:
                return real_hint(*args, **anchor)
            finally:
                hinting[0] = False

        monkeypatch.setattr(theme, "blit_text", blit_text)
        monkeypatch.setattr(theme, "blit_hint", blit_hint)

    def texts(self) -> list[str]:
        return [label for label, _rect, _hint in self.drawn]

    def at(self, label: str) -> pygame.Rect:
        return next(rect for text, rect, _hint in self.drawn if text == label)


def standings(predicted: bool) -> list[Standing]:
    names = ("Maximiliano Fernandez", "Ana", "Zoe")
    return [Standing(name, index, 0, 10 * index, index + 1, None, (index, 7) if predicted else None)
            for index, name in enumerate(names)]


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_overview_heads_each_column_of_the_class_standings(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rank, name, right predictions and points each under a heading, in its column (issue 41, item 3:
    "0/8", then points, unlabeled)."""
    from scenes.classroom.overview import draw_standings, overview_layout
    from scenes.kit.digits import load_digit_sprites

    use_language(code)
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()
    surface = pygame.display.set_mode((1280, 720))
    labels = Labels(monkeypatch)
    area = overview_layout((1280, 720), 4).standings
    draw_standings(surface, area, standings(predicted=True), 1.0, load_digit_sprites())
    headings = [_("#"), _("Name"), _("Right"), _("Points")]
    shown = labels.texts()
    assert all(heading in shown for heading in headings), shown
    heads = [labels.at(heading) for heading in headings]
    assert [rect.left for rect in heads] == sorted(rect.left for rect in heads), "left to right"
    assert len({rect.centery for rect in heads}) == 1, "one row of headings"
    name, right = labels.at("Ana"), labels.at("1/7")
    assert name.left == heads[1].left and right.left == heads[2].left, "each value under its heading"
    assert heads[0].bottom <= name.top, "the headings above the students"
    assert all(area.contains(rect) for _label, rect, _hint in labels.drawn)
    pygame.display.quit()


def test_a_class_table_whose_class_predicts_says_so_and_p_changes_nothing() -> None:
    """Issue 41, item 4: the top bar said "Predict (P): off" while the class was predicting."""
    from scenes.table.predict_panel import button_label
    from scenes.model.predict_memory import PredictMemory
    from scenes.table.predictor import Predictor

    pygame.font.init()
    theme.reset_fonts()
    scene = SimpleNamespace(ctx=SimpleNamespace(predicting=PredictMemory()))  # (predict mode as the app last chose it)
    predictor = Predictor(scene)  # type: ignore[arg-type]
    assert button_label(predictor, 400, 27) == _("Predict (P): off")  # a table of its own: the toggle
    predictor.on = True
    predictor.class_predicts()  # a class table whose class predicts on their phones
    assert not predictor.on and predictor.hides_preview
    label = button_label(predictor, 400, 27)
    assert label == _("The class predicts on phones") and "off" not in label
    predictor.toggle()  # P
    assert not predictor.on and button_label(predictor, 400, 27) == label
    assert button_label(predictor, 60, 27) == _("Phones")  # the narrowest bar: still the class's


def test_best_predictors_tied_are_all_named_on_the_class_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41, item 5: five students tied at 6 of 28 were three names.  One table's results: every
    one tied named as a tie (or, where they do not fit, counted) - never some of them."""
    from scenes.classroom.table_results import ClassResultsScene
    from classroom.class_settings import ClassSettings
    from scenes.model.outcome import Outcome
    from live.seats import Seat
    from scenes.model.view import TableInfo

    tied = ["Ana", "Ben", "Cem", "Dia", "Eli"]
    entries = [("Zoe", 7, 28), *[(name, 6, 28) for name in tied], ("Fay", 5, 28), ("Gil", 2, 27)]
    predictions = SimpleNamespace(standings=lambda: entries)
    tables = SimpleNamespace(sessions=[SimpleNamespace(predictions=predictions, table=None)], save_finished=lambda: [None],
                             report=lambda: None,
                             game=SimpleNamespace(learning=SimpleNamespace(lesson=None, report_problem="")))
    game = play_game(Game(seed=4), make_agents(["random"] * 4, 4))
    info = TableInfo(tuple(Seat(f"AI {n}", "random") for n in range(1, 5)), "class", 4, game.rules)
    monkeypatch.setattr("scenes.classroom.table_results.outcome_of", lambda _session, saved: Outcome(info, game, saved))
    app = open_app(PlayOptions())
    try:
        scene = ClassResultsScene(app.ctx, tables, ClassSettings(), ())  # type: ignore[arg-type]
        for width in (3000, 1240, 900, 500):  # a wide window, 1280x720's, narrower ones
            line = "".join(map(str, scene.subtitle(28, width)))
            named = [name for name in tied if name in line]
            assert "Zoe 7/28" in line and "Fay" not in line and "Gil" not in line, line
            assert len(named) in (0, 5), f"some of a tie named: {line}"
            if width >= 1240:
                assert named == tied or "5 tied at 6/28" in line, line
    finally:
        close_app()


def test_best_predictors_tied_are_all_named_on_the_class_results_of_many_tables(drawn: list[str]) -> None:
    from scenes.classroom.room_results import RoomResultsScene
    from classroom.class_settings import ClassSettings

    names = ["Ana", "Ben", "Cem", "Dia", "Eli", "Zoe", "Fay"]
    scores = [(6, 28)] * 5 + [(7, 28), (5, 28)]
    class_standings = [Standing(name, 0, 0, 10, 1, None, score) for name, score in zip(names, scores)]
    tables = SimpleNamespace(standings=lambda: class_standings, results=lambda: [], comparison=lambda: (), saved=[],
                             report=lambda: None,
                             game=SimpleNamespace(learning=SimpleNamespace(lesson=None, report_problem="")))
    app = open_app(PlayOptions())
    try:
        scene = RoomResultsScene(app.ctx, tables, ClassSettings(), ())  # type: ignore[arg-type]
        drawn.clear()
        scene.draw(pygame.display.get_surface())
        shown = "".join(drawn)  # (a wrapped panel's line is drawn word by word)
        best = shown[shown.index("Best predictors"):shown.index("Each table's game is saved")]  # after the standings
        assert "Zoe" in best and "Fay" not in best, best
        assert all(name in best for name in names[:5]), best
        assert best.count(_("Tied: {names} - {right} of {asked} right each").split("{")[0]) == 1, best
    finally:
        close_app()


def test_a_class_game_s_replay_says_it_is_a_class_game_in_the_scoreboard_s_words() -> None:
    """Issue 41, item 6: the replay's top bar said "4 players, hot-seat"."""
    from store.history import open_history
    from scenes.scoreboard.view import game_mode
    from scenes.table.top_bar import _game_names

    game = play_game(Game(seed=42), make_agents(["random"] * 4, 42))
    record = record_game(game, [PlayerInfo(name, "human") for name in ("Ana", "Ben", "Cem", "Dia")], mode="class",
                         room="K7QP", table=2)
    with open_history() as history:
        history.add(record)
        [summary] = history.page(0, 5)
    app = open_app(PlayOptions())
    try:
        key(pygame.K_s)  # the scoreboard, where a teacher finds the game
        key(pygame.K_RETURN)  # its replay
        frames(app, 3)
        scene = app.manager.active
        assert scene.replay is not None  # type: ignore[attr-defined]
        names = _game_names(scene.frame((1280, 720)))  # type: ignore[attr-defined]
        words = game_mode(summary)
        assert words == _("class, table {number}").format(number=2)
        assert "".join(map(str, names[0])).startswith(_("Replay: {mode}").format(mode=words))
        assert all("hot-seat" not in "".join(map(str, parts)) for parts in names)
    finally:
        close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.parametrize("seed, shown", [(42, True), (4742405168353424384, False)])
def test_the_results_screen_shows_a_typed_seed_but_not_a_drawn_one(seed: int, shown: bool,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41, item 7: the results showed an 18-digit drawn seed."""
    from scenes.results.scene import ResultsScene

    app = open_app(PlayOptions(mode="demo", seed=seed, step_delay=0))
    try:
        run_until(app, lambda a: isinstance(a.manager.active, ResultsScene), seconds=120, dt=1.0)
        subtitle = app.manager.active._subtitle()  # type: ignore[attr-defined]
        assert (seed in subtitle) is shown, subtitle  # (a number is stamped with the digit sprites)
    finally:
        close_app()


def test_the_scoreboard_names_the_newest_lesson_report_in_full_and_f3_opens_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41, item 2: the scoreboard's line was cut after ".local/s"."""
    from classroom.report import LessonReport, default_report_dir

    deep = tmp_path / "a-teacher-s-home-folder" / ".local" / "share" / "six-takes-data-folder-of-this-computer"
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(deep))
    older, newest = (LessonReport(default_report_dir(), "K7QP", started) for started in (1.7e9, 1.8e9))
    assert older.write() and newest.write()
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda uri, *args, **kwargs: opened.append(uri) or True)
    app = open_app(PlayOptions(), size=theme.SMALLEST_WINDOW)
    labels = Labels(monkeypatch)
    try:
        key(pygame.K_s)
        frames(app)
        hints = [(label, rect) for label, rect, hint in labels.drawn if hint]
        text = "".join(label for label, _rect in hints)
        assert newest.html_path.name in text and str(newest.html_path.parent) in text.replace(" ", ""), text
        window = pygame.Rect((0, 0), theme.SMALLEST_WINDOW)
        assert all(window.contains(rect) and not label.endswith("\u2026") for label, rect in hints)
        key(pygame.K_F3)
        frames(app)
        assert opened == [newest.html_path.resolve().as_uri()]
    finally:
        close_app()


@pytest.mark.parametrize("code", ["fr", "de"])
def test_a_class_lobby_s_heading_is_never_cut_in_a_small_window(code: str, tmp_path: Path) -> None:
    """A class's name added to the lobby's heading pushed the time limit, predictions and watchers
    off its three lines ("pas de..."): the heading takes the lines its parts need."""
    from classroom.room import Room
    from scenes.classroom.lobby import HEADING_LINES, LobbyScene, lobby_heading, pack_lines
    from scenes.kit.widgets import rich_width
    from classroom.class_settings import ClassSettings

    use_language(code)
    settings = ClassSettings(port=0, host="127.0.0.1", code="K7QP", class_name="Maths 7b", reviews=False)
    app = open_app(PlayOptions(class_game=settings, step_delay=0), size=(1024, 576))
    frames(app)
    scene = app.manager.active
    assert isinstance(scene, LobbyScene) and isinstance(scene.room, Room) and scene.server is not None
    try:
        for name in ("Ana", "Maximiliano Fernandez", "Zoe", "Eli", "Fay"):  # the fifth watches
            scene.room.join(scene.room.code, name)
        frames(app)
        layout = scene._layout((1024, 576))
        size = theme.text_px(22, layout.scale)
        lines = pack_lines(lobby_heading(scene.room, scene.settings, scene.seats()), size, scene.ctx.sprites,
                           layout.info.width, 99)
        assert len(lines) > HEADING_LINES and len(layout.heading) == len(lines)
        assert all(rich_width(line, size, scene.ctx.sprites) <= layout.info.width for line in lines)
        assert layout.heading[-1].bottom <= layout.seats[0].top <= layout.seats[-1].bottom <= layout.start.top
    finally:
        scene.server.stop()
        close_app()
        use_language("en")
