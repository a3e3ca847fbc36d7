"""Projector text: no label of any screen is smaller than theme.MIN_TEXT_PX, at 1280x720 and at
the smallest window; nothing in the top bar overlaps."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from screen_tour import tour

from scenes.kit import theme
from scenes.model.options import PlayOptions

pytestmark = pytest.mark.slow  # long: left out of the fast tier (-m "not slow")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
def test_every_label_of_every_screen_is_at_least_the_projector_minimum(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, str, int]] = []
    """(screen, label, pixels tall) of every label rendered."""
    screens: list[str] = []
    real = theme.text
    current = ["start"]

    def recording(label: str, size_px: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        if label.strip():
            drawn.append((current[0], label, theme.pixels_of(size_px)))
        return real(label, size_px, colour, bold)

    def seen(name: str) -> None:
        screens.append(name)
        current[0] = f"after {name}"

    monkeypatch.setattr(theme, "text", recording)
    tour(size, seen)
    assert len(screens) >= 20, screens
    small = sorted({(pixels, label) for where, label, pixels in drawn if pixels < theme.MIN_TEXT_PX})
    assert small == [], f"{len(small)} labels under {theme.MIN_TEXT_PX} px at {size}: {small}"


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW, (1920, 1080)])
@pytest.mark.parametrize("mode", ["solo", "hotseat", "classic"])
def test_nothing_in_the_top_bar_overlaps_live_or_looking_back(size: tuple[int, int], mode: str) -> None:
    from app_helpers import close_app, frames, key, open_app, table

    from scenes.model.session import Stage

    rules = "classic" if mode == "classic" else "snap"
    names = tuple(f"{n} Longname-{i}" for i, n in enumerate(("Ann", "Bob", "Cy", "Di")))
    app = open_app(PlayOptions(mode="hotseat" if mode == "hotseat" else "demo", seed=2**63 - 1,
                               rules=rules, step_delay=0, names=names), size=size)
    scene = table(app)
    scene.auto = False
    session = scene.session
    frames(app)
    for _ in range(30):
        if session.stage in (Stage.CURTAIN, Stage.CHOOSE):
            frames(app, 1, dt=1.0)
            key(pygame.K_RETURN if session.stage is Stage.CURTAIN else pygame.K_HOME)
            key(pygame.K_RETURN)
        else:
            key(pygame.K_SPACE)
        frames(app)
    checked = 0
    for _ in range(3):                               # live, then looking back (placement and reveal)
        rects = (*scene.last_frame.top_bar, scene.predictor.button_rect)  # the Predict toggle too
        assert len(rects) == 5
        for index, rect in enumerate(rects):
            for other in rects[index + 1:]:
                assert not rect.colliderect(other), (rects, scene.cursor, scene.at_reveal)
            assert rect.right <= size[0]
        checked += 1
        key(pygame.K_LEFT)
        frames(app)
    assert checked == 3
    close_app()
