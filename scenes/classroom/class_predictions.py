"""The projector's side of the class's predictions: the question and how many have answered, then
the class's answers as bars beside the true one.

Reads :attr:`scenes.model.class_session.ClassSession.predictions` only (the model of
:mod:`game.classroom.predictions`); draws in the table's explain area (the bottom band, free in
a class game: the projector shows no hand).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.classroom.predictions import ClassPredictions, counts
from game.i18n import _, ngettext, rich
from game.predict import GUESSES, TAKES
from game.timeline import TableState
from game.predict import question_of

from ..kit import theme
from ..kit.digits import DigitSprites
from ..kit.widgets import draw_panel, draw_rich
from ..table.layout import TableLayout
from ..table.predict_panel import answer_label


@dataclass(frozen=True)
class ClassPredictFrame:
    """What the projector shows of the class's predictions (read by tests)."""

    question: str = ""
    """While the class answers: the question."""
    answered: int = 0
    asked: int = 0
    counts: tuple[int, ...] = ()
    """Once shown: how many gave each answer (rows 1-4, then "takes a row")."""
    answer: int | None = None
    right: int = 0


def class_predict_frame(predictions: ClassPredictions | None, names: tuple[str, ...],
                        shown: TableState | None, latest: bool) -> ClassPredictFrame:
    """What to show: the open question, or the answers to the placement on screen (if it is the
    latest and the class predicted it)."""
    if predictions is None:
        return ClassPredictFrame()
    current = predictions.open
    if current is not None and not current.shown_now:
        return ClassPredictFrame(question=current.question.text(names), answered=current.answered,
                                 asked=len(current.asked))
    settled = predictions.last
    if settled is None or shown is None or not latest or question_of(shown.placement) != \
            question_of(settled.round.placement):
        return ClassPredictFrame()
    by_answer = counts(settled)
    right, answered = settled.right_share
    return ClassPredictFrame(counts=tuple(by_answer[guess] for guess in GUESSES),
                             answer=settled.answer if settled.verdicts else None, right=right, answered=answered,
                             asked=len(settled.names))


def draw_class_predictions(surface: pygame.Surface, layout: TableLayout, frame: ClassPredictFrame,
                           sprites: DigitSprites) -> None:
    """The question with the count of answers, or the answers as bars (nothing if neither)."""
    if frame.question:
        _draw_question(surface, layout, frame, sprites)
    elif frame.counts:
        _draw_answers(surface, layout, frame, sprites)


def _panel(surface: pygame.Surface, layout: TableLayout) -> pygame.Rect:
    s = layout.scale
    area = layout.explain_area
    draw_panel(surface, area, theme.BAR, theme.ACCENT, radius=round(10 * s), width=max(2, round(3 * s)))
    return area.inflate(-round(20 * s), -round(12 * s))


def _draw_question(surface: pygame.Surface, layout: TableLayout, frame: ClassPredictFrame,
                   sprites: DigitSprites) -> None:
    inner = _panel(surface, layout)
    s = layout.scale
    size = theme.text_px(30, s)
    line = theme.font(size).get_linesize()
    draw_rich(surface, [_("Class, predict on your phones:"), " ", frame.question], size, theme.ACCENT, sprites,
              midleft=(inner.left, inner.top + line // 2), max_width=inner.width)
    answered = rich(ngettext("{answered} of {count} has answered", "{answered} of {count} have answered",
                             frame.asked), answered=frame.answered, count=frame.asked)
    draw_rich(surface, answered, size, theme.TEXT, sprites, midleft=(inner.left, inner.top + line * 3 // 2),
              max_width=inner.width)
    hint = _("Space: show it now")
    hint_size = theme.text_px(22, s)
    if theme.text_width(hint, hint_size) <= inner.width:
        theme.blit_text(surface, hint, hint_size, theme.TEXT_DIM, bottomleft=(inner.left, inner.bottom))


def _draw_answers(surface: pygame.Surface, layout: TableLayout, frame: ClassPredictFrame,
                  sprites: DigitSprites) -> None:
    inner = _panel(surface, layout)
    s = layout.scale
    size = theme.text_px(28, s)
    line = theme.font(size).get_linesize()
    share = round(100 * frame.right / frame.answered) if frame.answered else 0
    headline = rich(_("The class: {right} of {answered} right ({share}%)"), right=frame.right,
                    answered=frame.answered, share=share)
    draw_rich(surface, headline, size, theme.TEXT, sprites, midleft=(inner.left, inner.top + line // 2),
              max_width=inner.width)
    top = inner.top + line + round(4 * s)
    gap = round(8 * s)
    width = (inner.width - gap * (len(GUESSES) - 1)) // len(GUESSES)
    most = max(max(frame.counts), 1)
    label_size = theme.text_px(22, s)
    label_line = theme.font(label_size).get_linesize()
    for index, (guess, count) in enumerate(zip(GUESSES, frame.counts)):
        box = pygame.Rect(inner.left + index * (width + gap), top, width, inner.bottom - top)
        true = guess == frame.answer
        pygame.draw.rect(surface, theme.FELT_DARK, box, border_radius=round(6 * s))
        filled = box.copy()
        filled.width = max(0, round(box.width * count / most))
        if filled.width:
            pygame.draw.rect(surface, theme.GOOD if true else theme.PANEL_EDGE, filled, border_radius=round(6 * s))
        if true:  # not by colour alone: the true answer is framed and says so
            pygame.draw.rect(surface, theme.ACCENT, box, width=max(2, round(3 * s)), border_radius=round(6 * s))
        label = _("takes") if guess == TAKES else answer_label(guess)
        # NOTE: under the true answer's bar in the class's predictions: {count} students chose it
        count_parts = rich(_("{count}: true"), count=count) if true else [count]
        middle = box.centery
        for parts, y in (([label], middle - label_line // 2), (count_parts, middle + label_line // 2)):
            draw_rich(surface, parts, label_size, theme.TEXT, sprites, center=(box.centerx, y),
                      max_width=box.width - round(8 * s))
