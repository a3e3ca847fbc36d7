"""A crowded table stays readable: a ten-player table names the card being placed in full under
the turn's cards, and the explain panel's row table is never lost - where the panel is too small
for it (a 1024x576 window), each row's numbers show beside the row."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from tests.support.app_helpers import close_app, frames, key, open_app, play_until, stage, table
from tests.support.screen_tour_players import NAMES, _act

from game.engine import Rule
from game.table_size import mode_kinds
from game.text import ELLIPSIS
from scenes.kit import theme
from scenes.model.options import PlayOptions

pytestmark = pytest.mark.slow  # opens the app: left out of the fast tier (-m "not slow")


def _worked_example_at_rule_2(size: tuple[int, int]) -> Any:
    """The worked example stepped to its second placement, 23 after the 21 (rule 2)."""
    app = open_app(PlayOptions(example=True, step_delay=0), size=size)
    scene = table(app)
    frames(app)
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    frames(app, 3, dt=1.0)
    last = scene.view().last
    assert last is not None and last.rule is Rule.CLOSEST_ROW and last.card == 23
    return app, scene


def _has_colour(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> bool:
    return any(surface.get_at((x, y))[:3] == colour for x in range(rect.left, rect.right, 2)
               for y in range(rect.top, rect.bottom, 2))


def test_a_small_window_shows_each_row_s_numbers_beside_the_row() -> None:
    app, scene = _worked_example_at_rule_2(theme.SMALLEST_WINDOW)
    try:
        assert scene.explain
        area = scene.painter.explain_area
        assert area.beside_rows == (0, 1, 2, 3)  # the panel had no room: every row shows its numbers
        surface = pygame.display.get_surface()
        layout = scene.layout()
        chosen = scene.view().last.row
        for row in range(4):
            box = layout.row_boxes[row]
            slot = layout.row_card_rect(row, 5)
            beside = pygame.Rect(slot.right, box.top, box.right - slot.right, box.height).inflate(-12, -12)  # not the box's ring
            assert _has_colour(surface, beside, theme.ACCENT) is (row == chosen)  # only the chosen row is ringed
            assert _has_colour(surface, beside, theme.PANEL if row != chosen else theme.FELT_LIGHT)
        key(pygame.K_e)  # the explanations off: nothing beside the rows
        frames(app)
        assert scene.painter.explain_area.beside_rows == () or not scene.explain
    finally:
        close_app()


def test_a_projector_window_keeps_the_row_table_in_the_panel() -> None:
    app, scene = _worked_example_at_rule_2((1280, 720))
    try:
        assert scene.painter.explain_area.beside_rows == ()
    finally:
        close_app()


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
def test_a_ten_player_table_names_the_card_being_placed_in_full(size: tuple[int, int],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(PlayOptions(mode="demo", seed=11, step_delay=0, rules="classic", kinds=mode_kinds("demo", 10),
                               names=NAMES), size=size)
    scene = table(app)
    scene.auto = False
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.blit_text

    def recording(surface: pygame.Surface, label: str, size_px: int, colour: theme.Colour = theme.TEXT,
                  **anchor: Any) -> pygame.Rect:
        rect = real(surface, label, size_px, colour, **anchor)
        drawn.append((label, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", recording)
    try:
        frames(app)
        seen = 0
        for _ in range(12):
            play_until(app, lambda a: bool(scene.session.states) or stage(a) is None, _act)
            drawn.clear()
            frames(app)
            layout = scene.layout()
            under = layout.queue_card_rect(0, 10).bottom  # under the turn's cards, left of the explain panel
            band = pygame.Rect(0, under, layout.explain_area.left, layout.hints.top - under)
            names = [label for label, rect in drawn if band.contains(rect) and label.strip()]
            view = scene.view()
            if view.last is None:
                continue
            assert len(names) == 1, names
            order = view.placement_order()
            placing = order[view.done - 1][0]
            assert names[0] == NAMES[placing] and not names[0].endswith(ELLIPSIS)
            seen += 1
            key(pygame.K_SPACE)
        assert seen >= 5
    finally:
        close_app()
