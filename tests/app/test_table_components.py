"""The table's components answer "what is at this point?" from the same rectangles they draw in,
at every window size; the screen's data probe reads what the components draw."""

from __future__ import annotations

import pygame
import pytest
from tests.support.app_helpers import close_app, frames, open_app, table

from scenes.table.layout import table_layout
from scenes.model.options import PlayOptions
from scenes.table.buttons import button_at
from scenes.table.players import seat_at
from scenes.table.rows import row_at
from scenes.table.hand import hand_index_at

SIZES = [(1280, 720), (800, 600), (1920, 1080), (1024, 768)]


@pytest.mark.parametrize("size", SIZES)
def test_each_area_answers_for_its_own_rectangle(size: tuple[int, int]) -> None:
    layout = table_layout(size)
    for index, box in enumerate(layout.row_boxes):
        assert row_at(layout, box.center) == index
    for index, parts in enumerate(layout.seats):
        assert seat_at(layout, parts.box.center) == index
        assert row_at(layout, parts.box.center) is None
    for name in ("next", "auto", "back", "live"):
        assert button_at(layout, getattr(layout, f"{name}_button").center) == name
    assert button_at(layout, layout.row_boxes[0].center) is None
    for index in range(10):
        assert hand_index_at(layout, layout.hand_card_rect(index, 10).center, 10) == index
    assert seat_at(layout, (0, 0)) is None


def test_drawing_changes_nothing_the_probe_reads() -> None:
    """Two draws of the same moment show the same frame, and the probe reads the same data."""
    app = open_app(PlayOptions(mode="demo", seed=5, step_delay=0), size=(1280, 720))
    try:
        scene = table(app)
        scene.auto = False
        frames(app)
        before = (scene.last_frame, scene.predictor.last_frame, scene.cursor, scene.clock_auto.elapsed)
        surface = pygame.display.get_surface()
        first = pygame.image.tobytes(surface, "RGB")
        scene.draw(surface)
        scene.draw(surface)
        assert pygame.image.tobytes(surface, "RGB") == first
        assert (scene.last_frame, scene.predictor.last_frame, scene.cursor, scene.clock_auto.elapsed) == before
    finally:
        close_app()
