"""Drawing predict mode on the table: its button, the question with its answers, the verdict.

Every rectangle comes from the table's layout (so clicks land on what is
drawn at any window size); nothing here changes state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.predict import GUESSES, TAKES, Question, Verdict
from game.rules import ROWS

from . import theme
from .layout import TableLayout
from .session import Part
from .widgets import draw_button, draw_panel, draw_rich

if TYPE_CHECKING:
    from .predictor import PredictFrame, Predictor

ANSWER_LABELS = {**{row: f"Row {row + 1}" for row in range(ROWS)}, TAKES: "Takes a row"}
ANSWER_HINTS = {**{row: str(row + 1) for row in range(ROWS)}, TAKES: "T"}


def predict_button(layout: TableLayout) -> pygame.Rect:
    """The Predict toggle, in the top bar between the turn and the title."""
    s = layout.scale
    bar = layout.top_bar
    return pygame.Rect(bar.left + round(305 * s), bar.top + round(7 * s), round(210 * s),
                       bar.height - round(14 * s))


def verdict_pill(layout: TableLayout) -> pygame.Rect:
    """Where the verdict shows: right of the toggle, over the title (clear of the seed)."""
    s = layout.scale
    button = predict_button(layout)
    return pygame.Rect(button.right + round(12 * s), button.top, round(360 * s), button.height)


def answer_buttons(layout: TableLayout) -> dict[int, pygame.Rect]:
    """The answers' buttons, along the bottom of the question panel."""
    area = layout.explain_area
    s = layout.scale
    pad = round(10 * s)
    gap = round(8 * s)
    height = round(64 * s)
    top = area.bottom - pad - height
    unit = (area.width - 2 * pad - (len(GUESSES) - 1) * gap) / (ROWS + 2)  # "Takes a row" is two wide
    rects = {}
    x: float = area.left + pad
    for guess in GUESSES:
        width = unit * (2 if guess == TAKES else 1)
        rects[guess] = pygame.Rect(round(x), top, round(width), height)
        x += width + gap
    return rects


def answer_at(layout: TableLayout, pos: tuple[int, int]) -> int | None:
    """The answer a click at ``pos`` gives: a row box, or one of the answer buttons."""
    for guess, rect in answer_buttons(layout).items():
        if rect.collidepoint(pos):
            return guess
    for row, box in enumerate(layout.row_boxes):
        if box.collidepoint(pos):
            return row
    return None


def question_parts(question: Question, names: tuple[str, ...]) -> list[Part]:
    return ["Where will ", f"{names[question.player]}'s ", question.card, " go?"]


def verdict_parts(verdict: Verdict, names: tuple[str, ...]) -> list[Part]:
    question = verdict.question
    went: list[Part] = [" took a row"] if verdict.answer == TAKES else [" went to row ", verdict.answer + 1]
    parts: list[Part] = ["Right! " if verdict.right else "Not quite: ", f"{names[question.player]}'s ",
                         question.card, *went]
    return parts


def draw_predict(surface: pygame.Surface, layout: TableLayout, predictor: "Predictor") -> "PredictFrame":
    """The toggle (with the tally), and the question or the verdict of the placement shown."""
    from .predictor import PredictFrame

    scene = predictor.scene
    s = layout.scale
    sprites = scene.ctx.sprites
    names = scene.info.names()
    button = predict_button(layout)
    tally = predictor.tally.text() if predictor.on else ""
    label = f"Predict: {tally}" if predictor.on else "Predict (P): off"
    draw_button(surface, button, label, theme.fit_size(label, round(22 * s), button.width - round(14 * s)),
                toggled=predictor.on, hovered=button.collidepoint(scene.mouse))
    if not predictor.on:
        return PredictFrame(False)
    question = predictor.question()
    if question is not None:
        _draw_question(surface, layout, question, names, scene)
        return PredictFrame(True, question=question.text(names), tally=tally, preview_hidden=True)
    verdict = predictor.verdict()
    if verdict is not None and not scene.in_past:
        _draw_verdict(surface, layout, verdict, names, sprites)
        return PredictFrame(True, verdict=verdict.text(names), tally=tally, preview_hidden=True)
    return PredictFrame(True, tally=tally, preview_hidden=True)


def _draw_question(surface: pygame.Surface, layout: TableLayout, question: Question,
                   names: tuple[str, ...], scene: object) -> None:
    s = layout.scale
    area = layout.explain_area
    draw_panel(surface, area, theme.BAR, theme.ACCENT, radius=round(10 * s), width=max(2, round(3 * s)))
    sprites = scene.ctx.sprites  # type: ignore[attr-defined]
    mouse = scene.mouse  # type: ignore[attr-defined]
    pad = round(12 * s)
    draw_rich(surface, question_parts(question, names), round(32 * s), theme.ACCENT, sprites,
              midleft=(area.left + pad, area.top + round(26 * s)), max_width=area.width - 2 * pad)
    theme.blit_text(surface, "Guess first: press 1-4 or T, or click a row", round(20 * s), theme.TEXT_DIM,
                    midleft=(area.left + pad, area.top + round(56 * s)))
    for guess, rect in answer_buttons(layout).items():
        label = ANSWER_LABELS[guess]
        draw_button(surface, rect, label, theme.fit_size(label, round(24 * s), rect.width - round(8 * s)),
                    hovered=rect.collidepoint(mouse), key_hint=ANSWER_HINTS[guess])


def _draw_verdict(surface: pygame.Surface, layout: TableLayout, verdict: Verdict, names: tuple[str, ...],
                  sprites: object) -> None:
    """A pill in the middle of the top bar: green when right, red when not."""
    s = layout.scale
    parts = verdict_parts(verdict, names)
    size = round(24 * s)
    pill = verdict_pill(layout)
    colour = theme.GOOD if verdict.right else theme.DANGER
    pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
    draw_rich(surface, parts, size, theme.INK, sprites, center=pill.center,  # type: ignore[arg-type]
              max_width=pill.width - round(20 * s))
