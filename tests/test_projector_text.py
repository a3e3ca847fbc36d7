"""Projector text: no label of any screen is smaller than theme.MIN_TEXT_PX, at 1280x720 and at
the smallest window; nothing in the top bar overlaps."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from screen_tour import tour

from scenes import theme


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
def test_every_label_of_every_screen_is_at_least_the_projector_minimum(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, str, int]] = []
    screens: list[str] = []
    real = theme.text
    current = ["start"]

    def recording(label: str, size_px: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        if label.strip():
            drawn.append((current[0], label, int(size_px)))
        return real(label, size_px, colour, bold)

    def seen(name: str) -> None:
        screens.append(name)
        current[0] = f"after {name}"

    monkeypatch.setattr(theme, "text", recording)
    tour(size, seen)
    assert len(screens) >= 20, screens
    small = sorted({(size_px, label) for where, label, size_px in drawn if size_px < theme.MIN_TEXT_PX})
    assert small == [], f"{len(small)} labels under {theme.MIN_TEXT_PX} px at {size}: {small}"
