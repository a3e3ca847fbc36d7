"""Drawing the class's warm-up on the projector (its state: :mod:`classroom.class_warmup`); nothing
here changes state.

While the class answers: the position as the practice screen draws it (:mod:`scenes.puzzles.view`),
the question, and beside it how many phones have answered.  Once the teacher shows the answers:
the class's answers as a bar under each card (or for each row) with its count, the best one
framed and named in words (not by colour alone), each answer's expected points, and the review's
sentence saying why.  :func:`warmup_frame` says what a frame shows, worked out from the same data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

import pygame

from classroom.class_puzzles import PuzzleRound
from game.i18n import Part, _, ngettext, rich
from game.puzzles import ROW
from game.puzzles.themes import themes_line
from game.puzzles.words import question_words, text_of

from ..base import AppContext
from ..kit import theme
from ..kit.layout import FOOTER_HINT
from ..kit.widgets import draw_panel, draw_rich, fit_segments, rich_width, shorten_rich
from classroom.class_warmup import Warmup
from ..puzzles.view import BEST, draw_hand, draw_paragraph, draw_progress_bar, draw_rows, shown_cards
from ..puzzles.words import figures_note, scores_line, table_line, when_line
from ..review.model import parts_of_text
from .warmup_layout import WarmupLayout, bar_columns

GAP = "  -  "
HINT_GAP = "    "


class WarmupView(Protocol):
    """What the drawing reads of the warm-up's screen."""

    @property
    def ctx(self) -> AppContext: ...
    @property
    def mouse(self) -> tuple[int, int]: ...
    @property
    def warmup(self) -> Warmup: ...
    @property
    def join(self) -> tuple[str, str]: ...


@dataclass(frozen=True)
class WarmupFrame:
    """What one frame of the warm-up shows (read by tests)."""

    state: str
    """``asking``, ``shown``, ``making`` or ``problem``."""
    puzzle: int | None = None
    number: int = 0
    of: int = 0
    question: str = ""
    """The question bar's line, numbers as digits."""
    answered: int = 0
    asked: int = 0
    counts: tuple[tuple[int, int], ...] = ()
    """Once shown: (answer, how many gave it), for every answer."""
    best: int | None = None
    explanation: str = ""
    message: str = ""


def warmup_frame(warmup: Warmup) -> WarmupFrame:
    """What a frame of ``warmup`` shows now."""
    current, puzzles = warmup.current, warmup.puzzles
    if current is None or puzzles is None:
        state, _title, body = waiting_words(warmup)
        return WarmupFrame(state, message=body)
    shown = current.shown
    return WarmupFrame("shown" if shown else "asking", current.stored.id, current.number, len(puzzles.puzzles),
                       text_of(bar_line(current)), len(current.answers), len(current.asked),
                       current.counts() if shown else (), current.puzzle.best if shown else None,
                       current.puzzle.game_explanation if shown else "")


def bar_line(current: PuzzleRound) -> list[Part]:
    """The question; once the answers are shown, the class's share right and the best answer."""
    puzzle = current.puzzle
    if not current.shown:
        return question_words(puzzle)
    answered = len(current.answers)
    share = round(100 * current.right / answered) if answered else 0
    # NOTE: the warm-up on the projector, once the answers are shown: the best answer, a card or a row
    best = rich(_("the best: row {row}"), row=puzzle.best + 1) if puzzle.kind == ROW else \
        rich(_("the best: {card}"), card=puzzle.best)
    return [*rich(_("The class: {right} of {answered} right ({share}%)"), right=current.right, answered=answered,
                  share=share), GAP, *best]


def waiting_words(warmup: Warmup) -> tuple[str, str, str]:
    """(state, title, body) of the warm-up without a puzzle on screen."""
    job = warmup.making
    if job is not None:
        return "making", _("Making puzzles from computer games"), ngettext(
            "Game {played} of {games} played, {found} puzzle found so far",
            "Game {played} of {games} played, {found} puzzles found so far", job.found).format(
            played=job.played, games=job.games, found=job.found)
    if warmup.problem:
        return "problem", _("The puzzles cannot be read"), warmup.problem
    return "problem", _("No puzzles yet"), _("No puzzle could be made: the lesson goes on without a warm-up.")


def draw_warmup(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView) -> None:
    surface.fill(theme.FELT)
    warmup = scene.warmup
    current, puzzles = warmup.current, warmup.puzzles
    position = layout.position
    _draw_top_bar(surface, layout, scene, current.number if current else 0, len(puzzles.puzzles) if puzzles else 0)
    if current is None:
        _draw_waiting(surface, layout, scene)
        _draw_hints(surface, layout, [_("Esc: back to the lobby")])
        return
    puzzle = current.puzzle
    colour = theme.TEXT if not current.shown else theme.ACCENT
    _draw_bar_line(surface, layout, scene, bar_line(current), colour)
    best = {puzzle.best: "best"} if current.shown else {}
    values = {answer: f"{mean:.1f}" for answer, mean in puzzle.options} if current.shown else {}
    draw_rows(surface, position, scene, puzzle, best, values if puzzle.kind == ROW else {})
    draw_hand(surface, position, scene, puzzle, best, values if puzzle.kind != ROW else {})
    if current.shown:
        _draw_bars(surface, layout, scene, current)
    _draw_side(surface, layout, scene, current)
    last = puzzles is not None and current.number == len(puzzles.puzzles)
    _draw_hints(surface, layout, warmup_hints(current.shown, last))


def warmup_hints(shown: bool, last: bool) -> list[str]:
    """The footer: what Space does now, the join code again, leaving the warm-up."""
    if not shown:
        step = _("Space: show the answers")
    else:
        step = _("Space: back to the lobby") if last else _("Space: next puzzle")
    return [step, _("Q: the join code"), _("Esc: end the warm-up")]


def _draw_top_bar(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView, number: int, of: int) -> None:
    """Which puzzle of the warm-up (left), and where to join (right: a late student joins meanwhile)."""
    s = layout.scale
    bar = layout.position.top_bar
    pygame.draw.rect(surface, theme.BAR, bar)
    gap = round(16 * s)
    # NOTE: the class's warm-up on the projector: which puzzle of how many
    title = rich(_("Warm-up: puzzle {number} of {count}"), number=number, count=of) if of else [_("Warm-up")]
    left = draw_rich(surface, title, theme.text_px(28, s), theme.ACCENT, scene.ctx.sprites,
                     midleft=(bar.left + gap, bar.centery))
    address, code = scene.join
    join = [_("Join: {address}, code {code}").format(address=address, code=code)] if address else []
    size = theme.text_px(24, s)
    room = bar.right - left.right - 3 * gap
    if join and room > 0:
        line = shorten_rich(join, size, scene.ctx.sprites, room)
        width = rich_width(line, size, scene.ctx.sprites)
        draw_rich(surface, line, size, theme.TEXT, scene.ctx.sprites, midleft=(bar.right - gap - width, bar.centery))


def _draw_bar_line(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView, line: Sequence[Part],
                   colour: theme.Colour) -> None:
    """The question bar's one line (smaller if it does not fit, shortened at the least)."""
    s = layout.scale
    box = layout.position.question
    pygame.draw.rect(surface, theme.BAR, box, border_radius=round(10 * s))
    sprites = scene.ctx.sprites
    width = box.width - round(24 * s)
    size = theme.text_px(32, s)
    if rich_width(line, size, sprites) > width:
        size = theme.text_px(24, s)
    draw_rich(surface, shorten_rich(line, size, sprites, width), size, colour, sprites, center=box.center)


def _draw_bars(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView, current: PuzzleRound) -> None:
    """A bar per answer, its height the share of the most given, its count above; the best framed
    and labelled "best" (in words, not by colour alone)."""
    s = layout.scale
    puzzle = current.puzzle
    counts = dict(current.counts())
    rows = puzzle.kind == ROW
    answers = list(range(4)) if rows else list(shown_cards(puzzle))
    columns = bar_columns(layout, len(answers), rows)
    most = max([1, *counts.values()])
    size = theme.text_px(22, s)
    line = theme.font(size).get_linesize()
    for answer, column in zip(answers, columns):
        count = counts.get(answer, 0)
        is_best = answer == puzzle.best
        label: list[Part] = [_("Row {row}").format(row=answer + 1)] if rows else []
        if is_best:
            label = [*label, " ", _("best")] if label else [_("best")]
        space = column.height - 2 * line
        height = max(2, round(space * count / most)) if count else 0
        bar = pygame.Rect(column.left, column.top + line + space - height, column.width, height)
        if height:
            pygame.draw.rect(surface, BEST if is_best else theme.PANEL_EDGE, bar, border_radius=round(4 * s))
        base = pygame.Rect(column.left, column.top + line, column.width, space)
        frame = base.inflate(round(6 * s), round(6 * s))
        if is_best:
            pygame.draw.rect(surface, theme.ACCENT, frame, width=max(2, round(3 * s)), border_radius=round(6 * s))
        top = min(bar.top, frame.top - round(2 * s)) if is_best else bar.top  # (the count above the frame, not on it)
        draw_rich(surface, [count], size, theme.TEXT, scene.ctx.sprites, center=(column.centerx, top - line // 2))
        if label:
            _draw_bar_label(surface, layout, scene, label, column, size, rows, is_best)


def _draw_bar_label(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView, label: list[Part],
                    column: pygame.Rect, size: int, rows: bool, is_best: bool) -> None:
    """A bar's label under it: a row's name (every row has one), or "best" under a card, where the
    neighbours' labels leave it room for a long language's word; kept inside the band of bars."""
    sprites = scene.ctx.sprites
    room = column.width + round(20 * layout.scale) if rows else min(3 * column.width, layout.bars.width)
    shown = shorten_rich(label, size, sprites, room)
    half = rich_width(shown, size, sprites) // 2
    x = min(max(column.centerx, layout.bars.left + half), layout.bars.right - half)
    draw_rich(surface, shown, size, theme.ACCENT if is_best else theme.TEXT_DIM, sprites,
              center=(x, column.bottom - theme.font(size).get_linesize() // 2))


def _draw_side(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView, current: PuzzleRound) -> None:
    """While the class answers: how to answer and how many have; then why (the review's sentence)."""
    s = layout.scale
    box = layout.position.side
    draw_panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=round(12 * s), width=max(1, round(2 * s)))
    pad = round(16 * s)
    place = (box.left + pad, box.top + pad, box.width - 2 * pad)
    size = theme.text_px(26, s)
    puzzle = current.puzzle
    blocks: list[tuple[list[Part], theme.Colour, int]]
    if not current.shown:
        answered = rich(ngettext("{answered} of {count} has answered", "{answered} of {count} have answered",
                                 len(current.asked)), answered=len(current.answers), count=len(current.asked))
        blocks = [([_("Answer on your phones")], theme.ACCENT, size), (answered, theme.TEXT, theme.text_px(34, s)),
                  (when_line(puzzle), theme.TEXT_DIM, size), (table_line(puzzle), theme.TEXT_DIM, size),
                  (scores_line(puzzle), theme.TEXT_DIM, size)]
    else:
        blocks = [([_("Why")], theme.ACCENT, size), (parts_of_text(puzzle.game_explanation), theme.TEXT, size),
                  ([figures_note(puzzle)], theme.TEXT_DIM, size), ([themes_line(puzzle)], theme.ACCENT, size)]
    y = place[1]
    for parts, colour, text_size in blocks:
        y = draw_paragraph(surface, parts, text_size, colour, scene, (place[0], y, place[2])) + round(10 * s)


def _draw_waiting(surface: pygame.Surface, layout: WarmupLayout, scene: WarmupView) -> None:
    """No puzzle on screen: puzzles being made (with their progress), or why there is none."""
    s = layout.scale
    box = layout.position.message
    draw_panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=round(12 * s), width=max(1, round(2 * s)))
    pad = round(24 * s)
    state, title, body = waiting_words(scene.warmup)
    heading, size, bold = theme.fit_heading(title, theme.text_px(40, s), box.width - 2 * pad)
    theme.blit_text(surface, heading, size, theme.ACCENT if state == "making" else theme.DANGER, bold=bold,
                    midtop=(box.centerx, box.top + pad))
    top = box.top + pad + theme.font(size).get_linesize() + round(12 * s)
    bottom = draw_paragraph(surface, parts_of_text(body), theme.text_px(28, s), theme.TEXT, scene,
                            (box.left + pad, top, box.width - 2 * pad))
    job = scene.warmup.making
    if job is not None:
        draw_progress_bar(surface, pygame.Rect(box.left + pad, bottom + round(16 * s), box.width - 2 * pad,
                                               round(28 * s)), job.played / max(1, job.games))


def _draw_hints(surface: pygame.Surface, layout: WarmupLayout, hints: list[str]) -> None:
    size = theme.hint_px(FOOTER_HINT, layout.scale)
    box = layout.position.hints
    theme.blit_hint(surface, fit_segments(HINT_GAP.join(hints), size, box.width - round(40 * layout.scale), HINT_GAP),
                    size, center=box.center)
