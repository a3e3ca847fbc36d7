"""Drawing predict mode on the table: its button, the question with its answers, the verdict.

Every rectangle comes from the table's layout (so clicks land on what is
drawn at any window size); nothing here changes state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.i18n import _, rich
from game.predict import GUESSES, TAKES, Question, Tally, Verdict
from game.rules import ROWS

from ..kit import theme
from .layout import TableLayout
from game.i18n import Part
from ..kit.widgets import draw_button, draw_panel, draw_rich
from ..kit.widgets import rich_width



@dataclass(frozen=True)
class PredictFrame:
    """What the last frame showed of predict mode (read by tests)."""

    on: bool
    question: str = ""
    """The question on screen, if one was asked."""
    verdict: str = ""
    """The verdict on screen, if a guessed placement was shown."""
    tally: str = ""
    preview_hidden: bool = False


class PredictState(Protocol):
    """What the panel reads of predict mode (:class:`scenes.table.predictor.Predictor`)."""

    on: bool
    class_guesses: bool
    scene: Any

    @property
    def tally(self) -> Tally: ...
    def question(self) -> Question | None: ...
    def verdict(self) -> Verdict | None: ...

ANSWER_HINTS = {**{row: str(row + 1) for row in range(ROWS)}, TAKES: "T"}
"""The key of each answer (T for "takes a row" in every language: the key the table listens to)."""


def answer_label(guess: int) -> str:
    """An answer's button: "Row 2", "Takes a row"."""
    return _("Takes a row") if guess == TAKES else _("Row {row}").format(row=guess + 1)


def predict_button(layout: TableLayout, status: pygame.Rect | None = None,
                   label: pygame.Rect | None = None) -> pygame.Rect:
    """The Predict toggle, in the top bar just right of the table's status (``status``, the turn)
    and never over its right-hand label (``label``), as the table drew them."""
    s = layout.scale
    bar = layout.top_bar
    gap = round(14 * s)
    left = (status.right if status is not None else bar.left + round(200 * s)) + gap
    right = (label.left if label is not None else bar.right - round(300 * s)) - gap
    width = max(0, min(round(250 * s), (right - left) // 2))
    return pygame.Rect(left, bar.top + round(7 * s), width, bar.height - round(14 * s))


def button_labels(predictor: PredictState) -> list[str]:
    """What the Predict button says, longest first (the first that fits is drawn).  On a class
    table whose class predicts on their phones it says so - it is not the projector's own predict
    mode, which is off meanwhile (P does nothing there)."""
    if predictor.class_guesses:
        # NOTE: a class table's top bar while the class predicts every placement on their phones
        return [_("The class predicts on phones"), _("Class predicts"), _("Phones")]
    if predictor.on:
        tally = _tally_text(predictor)
        # NOTE: Predict: the table's toggle for predict-then-reveal (guess where each card goes).
        return [_("Predict: {tally}").format(tally=tally), tally, f"{predictor.tally.right}/{predictor.tally.total}"]
    return [_("Predict (P): off"), _("Predict: off"), _("Predict")]


def button_label(predictor: PredictState, room: int, size: int) -> str:
    """The Predict button's label that fits ``room`` pixels at ``size`` (else the shortest)."""
    choices = button_labels(predictor)
    return next((label for label in choices if theme.font(size).size(label)[0] <= room), choices[-1])


def verdict_pill(layout: TableLayout, button: pygame.Rect, label: pygame.Rect | None = None) -> pygame.Rect:
    """Where the verdict shows: right of the toggle, over the title, clear of the right-hand label."""
    s = layout.scale
    gap = round(12 * s)
    right = (label.left if label is not None else layout.top_bar.right - round(300 * s)) - gap
    return pygame.Rect(button.right + gap, button.top, max(0, min(round(440 * s), right - button.right - gap)),
                       button.height)


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
    return question.parts(names)


def verdict_parts(verdict: Verdict, names: tuple[str, ...]) -> list[Part]:
    """The verdict pill's longest form: "Right! Ana's 27 went to row 2"."""
    fields: dict[str, int | str] = {"name": names[verdict.question.player], "card": verdict.question.card,
                                    "row": verdict.answer + 1}
    if verdict.answer == TAKES:
        template = (_("Right! {name}'s {card} took a row") if verdict.right
                    else _("Not quite: {name}'s {card} took a row"))
    else:
        template = (_("Right! {name}'s {card} went to row {row}") if verdict.right
                    else _("Not quite: {name}'s {card} went to row {row}"))
    return rich(template, **fields)


def _shorter_verdicts(verdict: Verdict) -> list[list[Part]]:
    """The pill's shorter forms, for a narrow top bar: without the card, then as short as can be."""
    row = verdict.answer + 1
    if verdict.answer == TAKES:
        # NOTE: the verdict pill, short: whether a learner's guess was right; the card took a row.
        medium, short = ((_("Right! took a row"), _("Right: takes a row")) if verdict.right
                         else (_("Not quite: took a row"), _("No: takes a row")))
    else:
        # NOTE: the verdict pill, short: whether a learner's guess was right; the card went to row {row}.
        medium, short = ((_("Right! went to row {row}"), _("Right: row {row}")) if verdict.right
                         else (_("Not quite: went to row {row}"), _("No: row {row}")))
    return [rich(medium, row=row), rich(short, row=row)]


def _tally_text(predictor: PredictState) -> str:
    return predictor.tally.text() if predictor.on else ""


def predict_frame(predictor: PredictState) -> PredictFrame:
    """What the frame shows of predict mode: on or off, the question or the verdict, the tally."""
    if not predictor.on:
        return PredictFrame(False)
    names = predictor.scene.info.names()
    tally = _tally_text(predictor)
    question = predictor.question()
    if question is not None:
        return PredictFrame(True, question=question.text(names), tally=tally, preview_hidden=True)
    verdict = predictor.verdict()
    if verdict is not None and not predictor.scene.in_past:
        return PredictFrame(True, verdict=verdict.text(names), tally=tally, preview_hidden=True)
    return PredictFrame(True, tally=tally, preview_hidden=True)


def draw_predict(surface: pygame.Surface, layout: TableLayout, predictor: PredictState,
                 top_bar: tuple[pygame.Rect, ...]) -> None:
    """The toggle (with the tally), and the question or the verdict of the placement shown;
    ``top_bar``: the top bar's parts as drawn (where we are, the middle, the game)."""
    scene = predictor.scene
    s = layout.scale
    names = scene.info.names()
    right_label = top_bar[2]
    button = predict_button(layout, top_bar[0], right_label)
    size = theme.text_px(22, s)
    label = button_label(predictor, button.width - round(12 * s), size)
    draw_button(surface, button, label, size, toggled=predictor.on or predictor.class_guesses,
                hovered=button.collidepoint(scene.mouse) and not predictor.class_guesses)
    if not predictor.on:
        return
    question = predictor.question()
    if question is not None:
        _draw_question(surface, layout, question, names, scene)
        return
    verdict = predictor.verdict()
    if verdict is not None and not scene.in_past:
        _draw_verdict(surface, verdict_pill(layout, button, right_label), layout, verdict, names, scene.ctx.sprites)


def _draw_question(surface: pygame.Surface, layout: TableLayout, question: Question,
                   names: tuple[str, ...], scene: object) -> None:
    s = layout.scale
    area = layout.explain_area
    draw_panel(surface, area, theme.BAR, theme.ACCENT, radius=round(10 * s), width=max(2, round(3 * s)))
    sprites = scene.ctx.sprites  # type: ignore[attr-defined]
    mouse = scene.mouse  # type: ignore[attr-defined]
    pad = round(10 * s)  # as the answers' buttons below
    draw_rich(surface, question_parts(question, names), theme.text_px(32, s), theme.ACCENT, sprites,
              midleft=(area.left + pad, area.top + round(24 * s)), max_width=area.width - 2 * pad,
              min_size=theme.least_font_size(s))
    # NOTE: T is the key for the answer "takes a row" in every language.
    hint = next(h for h in (_("Guess first: 1-4 or T, or click a row"), _("Guess: 1-4 or T"), "")
                if theme.font(theme.text_px(20, s)).size(h)[0] <= area.width - 2 * pad)
    if hint:
        theme.blit_text(surface, hint, theme.text_px(20, s), theme.TEXT_DIM,
                        midleft=(area.left + pad, area.top + round(56 * s)))
    size = theme.text_px(24, s)
    buttons = answer_buttons(layout)
    for guess, (label, hint_key) in answer_labels(buttons, size).items():
        rect = buttons[guess]
        draw_button(surface, rect, label, size, hovered=rect.collidepoint(mouse), key_hint=hint_key)


def answer_labels(buttons: dict[int, pygame.Rect], size: int) -> dict[int, tuple[str, str]]:
    """Each answer button's label and key hint at ``size``: "Row 2" over its key, or where a row's
    button is too narrow, the number alone over "row" - the four rows' buttons alike."""
    narrow = {guess: theme.font(size).size(answer_label(guess))[0] > rect.width - max(8, rect.height // 4)
              for guess, rect in buttons.items()}  # (draw_button's margin)
    rows_narrow = any(narrow[row] for row in range(ROWS))
    labels = {}
    for guess in buttons:
        if guess == TAKES:
            # NOTE: "Takes": a narrow button's answer "takes a row"; "row": the hint under a row's number.
            labels[guess] = (_("Takes") if narrow[guess] else answer_label(guess), ANSWER_HINTS[guess])
        else:  # narrow: the row's number alone, which is also its key
            labels[guess] = (str(guess + 1), _("row")) if rows_narrow else (answer_label(guess), ANSWER_HINTS[guess])
    return labels


def _draw_verdict(surface: pygame.Surface, pill: pygame.Rect, layout: TableLayout, verdict: Verdict,
                  names: tuple[str, ...], sprites: object) -> None:
    """A pill in the top bar: green when right, red when not (shortened where the bar is narrow)."""
    s = layout.scale
    size = theme.text_px(24, s)
    choices = [verdict_parts(verdict, names), *_shorter_verdicts(verdict)]

    parts = next((c for c in choices if rich_width(c, size, sprites) + round(20 * s) <= pill.width),  # type: ignore[arg-type]
                 None)
    if parts is None:
        return
    colour = theme.GOOD if verdict.right else theme.DANGER
    pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
    draw_rich(surface, parts, size, theme.INK, sprites, center=pill.center)  # type: ignore[arg-type]
