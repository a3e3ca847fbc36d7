"""Plain text cut to a width: one line shortened with "...", or words wrapped into lines."""

from __future__ import annotations

from ..kit import theme


def fit_text(text: str, max_width: int, min_size: int = 12) -> str:
    """``text``, cut short with "..." where even at ``min_size`` it is wider than ``max_width``."""
    font = theme.font(min_size)
    if font.size(text)[0] <= max_width:
        return text
    while text and font.size(text + "...")[0] > max_width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap_text(text: str, size: int, max_width: int) -> list[str]:
    """``text`` broken into lines at most ``max_width`` wide (a word too long is cut)."""
    font = theme.font(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= max_width or not line:
            line = candidate if font.size(candidate)[0] <= max_width else fit_text(candidate, max_width, size)
        else:
            lines.append(line)
            line = word if font.size(word)[0] <= max_width else fit_text(word, max_width, size)
    if line:
        lines.append(line)
    return lines
