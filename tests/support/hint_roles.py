"""Which text is a key hint: the text tests patch :func:`scenes.kit.theme.blit_hint` with
:func:`watch_hints`, and the flag it returns is up while a hint is being drawn."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.kit import theme


def watch_hints(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """``[True]`` while :func:`theme.blit_hint` draws (what it renders is a hint), else ``[False]``."""
    real = theme.blit_hint
    hinting = [False]

    def hint(*args: Any, **anchor: Any) -> pygame.Rect:
        hinting[0] = True
        try:
            return real(*args, **anchor)
        finally:
            hinting[0] = False

    monkeypatch.setattr(theme, "blit_hint", hint)
    return hinting
