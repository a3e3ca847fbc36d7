"""Every label of every screen fits its box in every language, at 1280x720 and at the smallest
window: nothing drawn off the window, no label cut short with an ellipsis, no wrapped text
losing lines, no label under the projector minimum.

The screens are those of :func:`screen_tour.tour`, driven with real inputs.  A label's box is
what the screen gives it: the width handed to :func:`scenes.kit.theme.fit_label` (buttons, fields,
captions), to :func:`scenes.kit.widgets.shorten_rich` (lines of words and stamped numbers), the
lines :func:`scenes.kit.theme.wrap_lines` made of a paragraph, and the window itself."""

from __future__ import annotations

import gettext
import re
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest
from tests.support.hint_roles import watch_hints
from tests.support.screen_tour import tour

from game import i18n
from game.i18n import LANGUAGES
from game.text import ELLIPSIS
from scenes.kit import theme, widgets
from scenes.kit.layout import scale_for
from scenes.model.language import use_language

pytestmark = pytest.mark.slow  # long: left out of the fast tier (-m "not slow")


FIELD = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"\w{2,}")


class Recording(gettext.NullTranslations):
    """The active translations, noting the words of every text the screens ask for."""

    def __init__(self, inner: gettext.NullTranslations, words: set[str]) -> None:
        super().__init__()
        self.inner = inner
        self.words = words

    def _note(self, text: str) -> str:
        """The whole text, and each run of words between its fields that has two words or more."""
        self.words.add(text)
        self.words.update(piece.strip() for piece in FIELD.split(text) if len(WORD.findall(piece)) >= 2)
        return text

    def gettext(self, message: str) -> str:
        return self._note(self.inner.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._note(self.inner.ngettext(msgid1, msgid2, n))


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A short data folder: the results screen names the history's path."""
    with tempfile.TemporaryDirectory(prefix="6t") as folder:
        monkeypatch.setenv("SIXTAKES_DATA_DIR", folder)
        yield Path(folder)


class Watch:
    """What was drawn on the current screen, and every way a label did not fit."""

    def __init__(self) -> None:
        self.screen = "start"
        self.problems: list[tuple[str, str, str]] = []
        """(screen, what went wrong, the label)."""
        self.drawn: set[str] = set()
        self.wrapped: list[list[str]] = []
        self.screens: list[str] = []
        self.words: set[str] = set()
        """Every translated text asked for, and its runs of words (what :meth:`problem` looks for)."""

    def problem(self, what: str, label: str) -> None:
        """A label that does not fit: counted when it holds translated words (a player's name
        cut short in a narrow panel, or a screen not translated yet, is another test's matter)."""
        if label in self.words or any(words in label for words in self.words if len(WORD.findall(words)) >= 2):
            self.problems.append((self.screen, what, label))

    def seen(self, name: str) -> None:
        for lines in self.wrapped:
            shown = [line for line in lines if line in self.drawn]
            if shown and len(shown) < len(lines):
                self.problem("lost lines", " / ".join(lines))
        self.screens.append(name)
        self.drawn.clear()
        self.wrapped.clear()
        self.screen = f"after {name}"


def _watch(monkeypatch: pytest.MonkeyPatch) -> Watch:
    watch = Watch()
    real_text, real_fit, real_wrap, real_shorten = theme.text, theme.fit_label, theme.wrap_lines, widgets.shorten_rich
    real_blit = theme.blit_text

    hinting = watch_hints(monkeypatch)

    def text(label: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        watch.drawn.add(label)
        window = pygame.display.get_surface()
        scale = scale_for(window.get_size()) if window is not None else 1.0
        least = theme.MIN_HINT_CAP_PX if hinting[0] else theme.least_caps(scale)
        if label.strip() and theme.cap_height(size) < least:
            watch.problem("under the projector minimum", label)
        return real_text(label, size, colour, bold)

    def fit_label(label: str, size: int, max_width: int, min_size: int = theme.MIN_FONT_SIZE,
                  bold: bool = False) -> tuple[str, int]:
        shown, fitted = real_fit(label, size, max_width, min_size, bold)
        if shown.endswith(ELLIPSIS) and not label.endswith(ELLIPSIS):
            watch.problem(f"cut to {max_width} px", label)
        return shown, fitted

    def wrap_lines(label: str, size: int, max_width: int) -> list[str]:
        lines = real_wrap(label, size, max_width)
        watch.wrapped.append(lines)
        return lines

    def shorten_rich(parts: Any, size: int, sprites: Any, max_width: int) -> list[Any]:
        shown = real_shorten(parts, size, sprites, max_width)
        if shown and shown[-1] == ELLIPSIS and not (parts and parts[-1] == ELLIPSIS):
            watch.problem(f"cut to {max_width} px", "".join(map(str, parts)))
        return shown

    def blit_text(surface: pygame.Surface, label: str, size: int, colour: theme.Colour = theme.TEXT, *,
                  bold: bool = False, **anchor: Any) -> pygame.Rect:
        rect = real_blit(surface, label, size, colour, bold=bold, **anchor)
        if surface is pygame.display.get_surface() and not surface.get_rect().contains(rect):
            watch.problem(f"off the window at {rect}", label)
        return rect

    monkeypatch.setattr(i18n, "_active", Recording(i18n._active, watch.words))
    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "fit_label", fit_label)
    monkeypatch.setattr(theme, "wrap_lines", wrap_lines)
    monkeypatch.setattr(theme, "blit_text", blit_text)
    monkeypatch.setattr(widgets, "shorten_rich", shorten_rich)
    return watch


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_label_fits_its_box_in_every_language(code: str, size: tuple[int, int],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    use_language(code)
    watch = _watch(monkeypatch)
    tour(size, watch.seen)
    assert len(watch.screens) >= 20, watch.screens
    assert watch.problems == [], f"{len(watch.problems)} labels do not fit in {code} at {size}: {watch.problems}"


def test_the_watch_sees_a_label_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks are not blind: a label too long for its box, and a paragraph losing lines."""
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()
    try:
        watch = _watch(monkeypatch)
        i18n._("Keep playing")
        theme.fit_label("Keep playing: a label much too long for a small box", 30, 60)
        theme.fit_label("A player's name much too long for a small box", 30, 60)
        watch.drawn.add("Keep playing: first line")
        watch.wrapped.append(["Keep playing: first line", "second line"])
        watch.seen("a screen")
        assert [problem[1] for problem in watch.problems] == ["cut to 60 px", "lost lines"]
    finally:
        theme.reset_fonts()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_a_tie_of_three_is_named_in_bold_within_the_smallest_window(code: str) -> None:
    """The results' title is drawn bold (about a sixth wider than plain text): it is fitted as
    drawn, so "Tie: Player 2, Player 3 and Player 4 win!" stays on a 1024x576 window."""
    from scenes.results.layout import results_layout
    from scenes.results.scene import winners_title

    pygame.font.init()
    use_language(code)
    size = (1024, 576)
    names = [i18n._("Player {number}").format(number=n) for n in (2, 3, 4)]
    layout = results_layout(size, 4)
    room = size[0] - round(60 * layout.scale)
    title, fitted = winners_title(names, layout.font_title, room)
    assert not title.endswith(ELLIPSIS) and names[0] in title
    assert theme.text_width(title, fitted, bold=True) <= room
    assert theme.text(title, fitted, theme.ACCENT, bold=True).get_width() <= room


def test_a_heading_is_bold_where_bold_fits_and_never_cut_for_being_bold() -> None:
    pygame.font.init()
    label = "Den Platz von Ana einer KI geben?"
    assert theme.fit_heading(label, 40, theme.text_width(label, 40, bold=True)) == (label, 40, True)
    smallest = theme.MIN_FONT_SIZE
    plain_only = theme.text_width(label, smallest) + 1
    assert theme.text_width(label, smallest, bold=True) > plain_only
    shown, size, bold = theme.fit_heading(label, 40, plain_only)
    assert (shown, bold) == (label, False) and theme.text_width(label, size) <= plain_only
    for width in range(200, 700, 7):  # a fitted size really fits, bold or not
        for as_bold in (False, True):
            fitted = theme.fit_size(label, 60, width, bold=as_bold)
            assert fitted == theme.MIN_FONT_SIZE or theme.text_width(label, fitted, bold=as_bold) <= width
