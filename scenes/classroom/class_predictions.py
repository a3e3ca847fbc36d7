"""The projector's side of the class's predictions: the question and how many have answered, then
the class's answers as bars beside the true one.

Reads :attr:`classroom.class_session.ClassSession.predictions` only (the model of
:mod:`classroom.predictions`); draws in the table's explain area (the bottom band, free in
a class game: the projector shows no hand).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from classroom.predictions import ClassPredictions
from game.i18n import _, ngettext, rich
from game.predict import GUESSES, TAKES, guess_text
from game.timeline import TableState
from game.predict import question_of

from ..kit import theme
from ..kit.digits import DigitSprites
from ..kit.widgets import draw_panel, draw_rich, rich_width
from game.i18n import Part
from ..table.layout import TableLayout
from ..table.predict_panel import answer_label

HINT_GAP = "  -  "


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
    by_answer = settled.round.counts  # (every answer, zeros included)
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
    """Three lines: who is asked, the question, how many have answered (and Space)."""
    inner = _panel(surface, layout)
    s = layout.scale
    small, size = theme.text_px(22, s), theme.text_px(34, s)
    small_line, line = theme.font(small).get_linesize(), theme.font(size).get_linesize()
    heading = _("Class, predict on your phones:")
    theme.blit_text(surface, *theme.fit_label(heading, small, inner.width), theme.TEXT_DIM,
                    midleft=(inner.left, inner.top + small_line // 2))
    draw_rich(surface, [frame.question], size, theme.ACCENT, sprites,
              midleft=(inner.left, inner.top + small_line + line // 2), max_width=inner.width)
    answered = rich(ngettext("{answered} of {count} has answered", "{answered} of {count} have answered",
                             frame.asked), answered=frame.answered, count=frame.asked)
    hint = [HINT_GAP, _("Space: show it now")]
    parts = [*answered, *hint] if rich_width([*answered, *hint], small, sprites) <= inner.width else answered
    draw_rich(surface, parts, small, theme.TEXT, sprites, midleft=(inner.left, inner.bottom - small_line // 2),
              max_width=inner.width)


def _draw_answers(surface: pygame.Surface, layout: TableLayout, frame: ClassPredictFrame,
                  sprites: DigitSprites) -> None:
    """The share who were right, then a bar per answer: rows 1-4 by their number, "takes" twice as
    wide; the true one filled green and framed, and named in words above (not by colour alone)."""
    inner = _panel(surface, layout)
    s = layout.scale
    size = theme.text_px(24, s)
    line = theme.font(size).get_linesize()
    share = round(100 * frame.right / frame.answered) if frame.answered else 0
    full = rich(_("The class: {right} of {answered} right ({share}%)"), right=frame.right,
                answered=frame.answered, share=share)
    short = rich(_("{right} of {total} right"), right=frame.right, total=frame.answered)
    answer: list[Part] = [HINT_GAP, guess_text(frame.answer)] if frame.answer is not None else []
    # The true answer in words too (its bar is framed): the longest line that fits.
    headline = next((parts for parts in ([*full, *answer], [*short, *answer], full)
                     if rich_width(parts, size, sprites) <= inner.width), short)
    draw_rich(surface, headline, size, theme.TEXT, sprites, midleft=(inner.left, inner.top + line // 2),
              max_width=inner.width)
    top = inner.top + line + round(4 * s)
    gap = round(8 * s)
    unit = (inner.width - gap * (len(GUESSES) - 1)) / (len(GUESSES) + 1)
    most = max(max(frame.counts), 1)
    x = float(inner.left)
    for guess, count in zip(GUESSES, frame.counts):
        width = unit * (2 if guess == TAKES else 1)
        box = pygame.Rect(round(x), top, round(width), inner.bottom - top)
        x += width + gap
        _draw_bar(surface, box, guess, count / most, count, guess == frame.answer, s, sprites)


def _draw_bar(surface: pygame.Surface, box: pygame.Rect, guess: int, share: float, count: int, true: bool,
              s: float, sprites: DigitSprites) -> None:
    """One answer's bar: filled by its ``share`` of the most chosen, its label and count."""
    pygame.draw.rect(surface, theme.FELT_DARK, box, border_radius=round(6 * s))
    filled = box.copy()
    filled.width = max(0, round(box.width * share))
    if filled.width:
        pygame.draw.rect(surface, theme.GOOD if true else theme.PANEL_EDGE, filled, border_radius=round(6 * s))
    if true:
        pygame.draw.rect(surface, theme.ACCENT, box, width=max(2, round(3 * s)), border_radius=round(6 * s))
    size = theme.text_px(22, s)
    line = theme.font(size).get_linesize()
    # NOTE: the class's predictions on the projector: the bar of the answer "takes a row", in a word
    label: list[Part] = [_("takes")] if guess == TAKES else [answer_label(guess)]
    if rich_width(label, size, sprites) > box.width - round(8 * s):
        label = [guess + 1]  # a narrow bar: the row's number alone
    for parts, y, colour in ((label, box.centery - line // 2, theme.TEXT),
                             ([count], box.centery + line // 2, theme.ACCENT)):
        draw_rich(surface, parts, size, colour, sprites, center=(box.centerx, y), max_width=box.width - round(8 * s))
