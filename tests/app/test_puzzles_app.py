"""The practice screen driven with real pygame events: a card puzzle and a row puzzle answered by
clicks and keys, what is drawn held against the puzzle (its rows, hand, figures, rings and words),
a hot-seat table taking turns with its running count, the menu's Puzzles button, and the screen with
no puzzle offering to make some."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from store.history import connection_of, open_history
from store.puzzles import add_puzzles, count_puzzles
from scenes.kit import theme
from scenes.menu.scene import MenuScene
from scenes.model.options import PlayOptions
from live import making
from scenes.puzzles.layout import puzzle_layout
from scenes.puzzles.practice import PracticeSettings
from scenes.puzzles.scene import PuzzleScene
from tests.support.app_helpers import click, close_app, frames, key, move, open_app, run_until, type_text
from tests.support.puzzle_positions import card_puzzle, row_puzzle

SIZE = (1280, 720)


@pytest.fixture
def stored(app_data_dir: Path) -> Path:
    """A history holding the scripted card puzzle (number 1) and row puzzle (number 2)."""
    with open_history() as history:
        add_puzzles(history, [card_puzzle(), row_puzzle()])
    return app_data_dir


def practice_app(names: tuple[str, ...] = (), seed: int = 0):  # type: ignore[no-untyped-def]
    app = open_app(PlayOptions(puzzles=PracticeSettings(names, seed)), size=SIZE)
    frames(app)
    return app


def scene_of(app) -> PuzzleScene:  # type: ignore[no-untyped-def]
    scene = app.manager.active
    assert isinstance(scene, PuzzleScene), scene
    return scene


def until_shown(app, number: int) -> PuzzleScene:  # type: ignore[no-untyped-def]
    """Answer and go on until puzzle ``number`` is on screen (the order is drawn from the seed)."""
    scene = scene_of(app)
    for _ in range(4):
        if scene.last_frame.puzzle == number and scene.last_frame.state == "asking":
            return scene
        key(pygame.K_RIGHT)
        key(pygame.K_RETURN)  # an answer, then the next puzzle
        key(pygame.K_RETURN)
        frames(app)
    raise AssertionError(f"puzzle {number} never came")


def pixel(point: tuple[int, int]) -> tuple[int, int, int]:
    colour = pygame.display.get_surface().get_at(point)
    return colour.r, colour.g, colour.b


def test_a_card_puzzle_answered_by_clicks_shows_the_verdict_the_figures_and_why(stored: Path) -> None:
    app = practice_app()
    scene = until_shown(app, 1)
    before = scene.practice.player  # (the order starts near the player's level: another puzzle may come first)
    right, asked = before.right, before.asked
    puzzle = card_puzzle()
    frame = scene.last_frame
    assert (frame.rows, frame.cards, frame.question) == (puzzle.rows, puzzle.hand, "What would you play?")
    assert frame.values == () and frame.explanation == ""
    layout = puzzle_layout(SIZE)
    first = layout.hand_card_rect(0, len(puzzle.hand))
    move(first.center)
    click(first.center)  # 31 chosen ...
    frames(app)
    assert scene.last_frame.selected == 31 and scene.last_frame.rings == ((31, "chosen"),)
    assert not scene.practice.answered
    click(first.center)  # ... and given
    frames(app)
    frame = scene.last_frame
    cost = puzzle.expected(31) - puzzle.expected(95)
    assert frame.state == "answered" and frame.question == f"Not the best: 31 costs about {cost:.1f} points more than 95 by the end of the round"
    assert frame.values == tuple((card, f"{points:.1f}") for card, points in puzzle.options)
    assert frame.rings == ((31, "wrong"), (95, "best"))
    assert frame.explanation == puzzle.explanation and frame.counts == (f"{right} of {asked + 1} right",)
    best = layout.hand_card_rect(4, len(puzzle.hand)).inflate(8, 8)
    wrong = layout.hand_card_rect(0, len(puzzle.hand)).inflate(8, 8)
    assert pixel((best.centerx, best.top + 1)) == theme.GOOD  # the rings as drawn, not only as reported
    assert pixel((wrong.centerx, wrong.top + 1)) == theme.DANGER
    click(layout.answer_button.center)  # Next puzzle
    frames(app)
    assert scene.last_frame.state == "asking" and scene.last_frame.puzzle == 2


def test_a_row_puzzle_answered_by_keys_is_right_and_counted(stored: Path) -> None:
    app = practice_app()
    scene = until_shown(app, 2)
    asked = scene.practice.player.asked
    puzzle = row_puzzle()
    frame = scene.last_frame
    assert frame.question == "Your 5 fits no row: which row do you take?"
    assert frame.cards == (5, 60, 61, 62) and frame.rows == puzzle.rows
    key(pygame.K_RETURN)  # nothing chosen: nothing given
    key(pygame.K_4)
    frames(app)
    assert scene.last_frame.selected == 3 and not scene.practice.answered
    key(pygame.K_RETURN)
    frames(app)
    frame = scene.last_frame
    assert frame.question == "Right! Row 4 was the best choice"
    assert frame.values == ((0, "8.0"), (1, "14.0"), (2, "16.0"), (3, "5.0"))
    assert frame.rings == ((3, "best"),)
    assert frame.counts == (f"1 of {asked + 1} right",)
    assert frame.explanation == ("In the game this puzzle comes from: Taking row 4 instead of row 2 would have saved "
                                 "about 9.0 points by the end of the round: row 2 held 14 points, row 4 only 5")
    row = puzzle_layout(SIZE).rows[3]
    assert pixel((row.centerx, row.top + 1)) == theme.GOOD
    key(pygame.K_1)  # answered: the rows no longer take an answer
    frames(app)
    assert scene.practice.verdict is not None and scene.practice.verdict.answer == 3


def test_a_hot_seat_table_takes_turns_with_a_running_count(stored: Path) -> None:
    app = practice_app(names=("Ann", "Ben"), seed=3)
    scene = scene_of(app)
    assert scene.last_frame.question.startswith("Ann: ")
    assert scene.last_frame.counts == ("Ann: 0 of 0", "Ben: 0 of 0")
    answers = []
    for turn in range(4):  # Ann right, Ben wrong, twice
        practice = scene.practice
        puzzle = practice.puzzle
        right = turn % 2 == 0
        answer = puzzle.best if right else next(a for a in puzzle.answers if a != puzzle.best)
        scene.select(answer)  # the action the inputs become (keys and clicks: the tests above)
        key(pygame.K_RETURN)
        frames(app)
        answers.append((scene.last_frame.question.split(":")[0], scene.last_frame.counts))
        key(pygame.K_SPACE)
        frames(app)
    assert answers == [("Ann", ("Ann: 1 of 1", "Ben: 0 of 0")), ("Ben", ("Ann: 1 of 1", "Ben: 0 of 1")),
                       ("Ann", ("Ann: 2 of 2", "Ben: 0 of 1")), ("Ben", ("Ann: 2 of 2", "Ben: 0 of 2"))]
    assert scene.last_frame.question.startswith("Ann: ")


def test_the_menus_puzzles_button_seats_the_hot_seat_players_and_esc_comes_back(stored: Path) -> None:
    app = open_app(PlayOptions(), size=SIZE)
    frames(app)
    key(pygame.K_2)  # hot-seat: four people
    frames(app)
    menu = app.manager.active
    assert isinstance(menu, MenuScene)
    menu.focus = menu.items().index("name:1")
    type_text("Zoe")
    key(pygame.K_ESCAPE)  # leave the name field, then P
    key(pygame.K_p)
    frames(app)
    scene = scene_of(app)
    assert scene.settings.names == ("Player 1", "Zoe", "Player 3", "Player 4")
    assert len(scene.last_frame.counts) == 4
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.manager.active, MenuScene)
    key(pygame.K_1)  # solo: one player, unnamed
    click(puzzle_layout_menu_button(app))
    frames(app)
    assert scene_of(app).settings.names == ()


def puzzle_layout_menu_button(app) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    from scenes.menu.layout import menu_layout

    return menu_layout(SIZE).puzzles.center


def test_with_no_puzzle_the_screen_says_how_to_make_some(app_data_dir: Path) -> None:
    app = practice_app()
    frame = scene_of(app).last_frame
    assert frame.state == "empty" and "python main.py puzzles make --games 10" in frame.message
    key(pygame.K_RETURN)  # nothing to answer: Enter makes puzzles as M does (checked in the slow test)
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.manager.active, MenuScene)


@pytest.mark.slow
def test_puzzles_made_from_the_screen_are_stored_and_practised(app_data_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(making, "APP_GAMES", 2)
    monkeypatch.setattr(making, "APP_ROLLOUTS", 60)
    app = open_app(PlayOptions(puzzles=PracticeSettings(seed=1, rules="snap")), size=SIZE)
    frames(app)
    scene = scene_of(app)
    key(pygame.K_m)
    frames(app)
    assert scene.last_frame.state == "making" and scene.making is not None
    run_until(app, lambda _app: scene.making is None, seconds=300)
    frames(app)
    with open_history() as history:
        stored = count_puzzles(history)
    assert stored > 0 and scene.last_frame.state == "asking"
    assert len(scene.practice.puzzles) == stored


def test_a_damaged_history_is_said_on_the_screen(app_data_dir: Path) -> None:
    with open_history() as history:
        add_puzzles(history, [card_puzzle()])
        connection_of(history).execute("UPDATE puzzles SET puzzle = '[]'")
    app = practice_app()
    frame = scene_of(app).last_frame
    assert frame.state == "problem" and "the history is damaged: puzzle 1" in frame.message
    key(pygame.K_m)  # nothing is made over a damaged history
    frames(app)
    assert scene_of(app).making is None
    close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_screenshots_are_saved_for_each_puzzle_and_each_verdict(stored: Path, tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    app = open_app(PlayOptions(puzzles=PracticeSettings(seed=0), screenshots=shots), size=SIZE)
    frames(app)
    first = scene_of(app).last_frame.puzzle
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frames(app)
    key(pygame.K_RETURN)
    frames(app, 2)
    second = scene_of(app).last_frame.puzzle
    assert [path.name for path in app.screenshots_saved] == [f"puzzle{first}.png", f"puzzle{first}-verdict.png",
                                                             f"puzzle{second}.png"]
    assert pygame.image.load(str(shots / f"puzzle{first}-verdict.png")).get_size() == SIZE
