"""Projector text: the capitals of every label the class reads are at least 18 px tall at 1280x720
(and no smaller at the smallest window), key hints at least 14 px, in all five languages; nothing
in the top bar overlaps."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from tests.support.hint_roles import watch_hints
from tests.support.screen_tour import tour

from game.i18n import LANGUAGES
from scenes.kit import theme
from scenes.kit.layout import scale_for
from scenes.model.language import use_language
from scenes.model.options import PlayOptions

pytestmark = pytest.mark.slow  # long: left out of the fast tier (-m "not slow")

READ_CAPS = 18
"""Capitals of text the class reads, at 1280x720 (it scales with the window)."""
HINT_CAPS = 14
"""Capitals of key hints, text only the teacher needs, at every window size."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def drawn_caps(image_of_h: pygame.Surface) -> int:
    """The height of the ink of a rendered "H": what a reader sees as the text's capitals."""
    return image_of_h.get_bounding_rect(min_alpha=128).height


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_label_of_every_screen_has_capitals_a_back_row_reads(
        code: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each label's font renders an "H"; its inked height is the label's capital height."""
    use_language(code)
    drawn: list[tuple[str, str, int, bool]] = []
    """(screen, label, capital height, drawn as a key hint) of every label rendered."""
    screens: list[str] = []
    real_text = theme.text
    current, hinting = ["start"], watch_hints(monkeypatch)
    caps: dict[tuple[int, bool], int] = {}

    def recording(label: str, size_px: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        if label.strip():
            if (size_px, bold) not in caps:
                caps[size_px, bold] = drawn_caps(real_text("H", size_px, (255, 255, 255), bold))
            drawn.append((current[0], label, caps[size_px, bold], hinting[0]))
        return real_text(label, size_px, colour, bold)

    def seen(name: str) -> None:
        screens.append(name)
        current[0] = f"after {name}"

    monkeypatch.setattr(theme, "text", recording)
    tour(size, seen)
    assert len(screens) >= 20, screens
    read_least = math.floor(READ_CAPS * min(1.0, scale_for(size)))  # 14 px at 1024x576
    read = [cap for _, _, cap, hinted in drawn if not hinted]
    hints = [cap for _, _, cap, hinted in drawn if hinted]
    assert len(read) > 1000 and len(hints) > 50  # the tour drew both kinds
    small = sorted({(cap, label[:60], where) for where, label, cap, hinted in drawn
                    if cap < (HINT_CAPS if hinted else read_least)})
    assert small == [], f"{len(small)} labels with small capitals in {code} at {size}: {small}"
    if size == (1280, 720):
        assert min(read) == READ_CAPS  # the rule is met with nothing to spare: the test is not blind


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW, (1920, 1080)])
@pytest.mark.parametrize("mode", ["solo", "hotseat", "classic"])
def test_nothing_in_the_top_bar_overlaps_live_or_looking_back(size: tuple[int, int], mode: str) -> None:
    from tests.support.app_helpers import close_app, frames, key, open_app, table

    from live.session import Stage

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
