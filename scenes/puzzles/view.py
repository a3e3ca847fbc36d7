"""Drawing the practice screen (its state: :mod:`.scene`, :mod:`.practice`); nothing here changes state.

:func:`puzzle_frame` says what a frame shows, in words and numbers, worked out from the same data
and helpers the drawing uses (for the tests to hold against the puzzle)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

import pygame

from game.i18n import N_, Part, _, ngettext
from game.puzzles import ROW, Puzzle
from game.puzzles.making import MAKE_COMMAND
from game.puzzles.themes import themes_line

from ..base import AppContext
from ..kit import theme
from ..kit.layout import FOOTER_HINT
from ..kit.digits import write_number
from ..kit import widgets
from ..kit.widgets import draw_button, draw_panel, draw_rich, fit_segments, rich_width, wrap_rich
from ..review.model import parts_of_text
from .layout import ROW_LABEL_W, PuzzleLayout
from live.making import MakingJob
from .practice import Practice
from .words import (count_line, figures_note, how_to_answer, points, progress_line, question,
                    scores_line, table_line, verdict_line, when_line)

BEST = theme.GOOD
WRONG = theme.DANGER
CHOSEN = theme.ACCENT
HINTS_CARD = N_("Left/Right or click: choose a card    Enter: answer    F1: rules    Esc: menu")
HINTS_ROW = N_("1-4 or click: choose a row    Enter: answer    F1: rules    Esc: menu")
HINTS_ANSWERED = N_("Enter or Space: next puzzle    F1: rules    Esc: menu")
HINTS_EMPTY = N_("M or Enter: make puzzles    Esc: menu")
HINTS_WAITING = N_("Esc: menu")


class PositionView(Protocol):
    """What drawing a puzzle's position reads of its screen (the practice screen, the class's warm-up)."""

    @property
    def ctx(self) -> AppContext: ...
    @property
    def mouse(self) -> tuple[int, int]: ...


class PracticeView(Protocol):
    """What the drawing reads of the practice screen."""

    ctx: AppContext
    practice: Practice | None
    selected: int | None
    making: MakingJob | None
    problem: str
    mouse: tuple[int, int]


@dataclass(frozen=True)
class PuzzleFrame:
    """What one frame showed (read by tests)."""

    state: str
    """``asking``, ``answered``, ``empty``, ``making`` or ``problem``."""
    puzzle: int | None = None
    """The shown puzzle's number in the history."""
    question: str = ""
    """The question bar's line (the verdict once answered), numbers as digits."""
    rows: tuple[tuple[int, ...], ...] = ()
    cards: tuple[int, ...] = ()
    """The cards drawn in the hand's place (a row puzzle: this turn's cards)."""
    selected: int | None = None
    values: tuple[tuple[int, str], ...] = ()
    """Each answer and the expected points written for it (once answered)."""
    rings: tuple[tuple[int, str], ...] = ()
    """Each ringed answer: ``chosen``, ``best`` or ``wrong``."""
    explanation: str = ""
    counts: tuple[str, ...] = ()
    """Every player's count (a top bar too narrow for all of them shows the one answering now's)."""
    message: str = ""
    """What is said instead of a puzzle (none stored, puzzles being made, a damaged history)."""


def text_of(parts: Sequence[Part]) -> str:
    return "".join(map(str, parts))


def puzzle_frame(scene: PracticeView) -> PuzzleFrame:
    """What a frame of ``scene`` shows now."""
    practice = scene.practice
    if practice is None:
        state, _title, body = _without_puzzle_words(scene)
        return PuzzleFrame(state, message=body)
    puzzle = practice.puzzle
    answered = practice.verdict is not None
    return PuzzleFrame("answered" if answered else "asking", practice.shown.id, text_of(bar_line(practice)),
                       puzzle.rows, shown_cards(puzzle), scene.selected, figures(practice),
                       rings_of(practice, scene.selected), why(practice),
                       tuple(text_of(line) for line in counts_of(practice).values()))


def why(practice: Practice) -> str:
    """The review's sentence on the answer given (``""`` before it)."""
    verdict = practice.verdict
    return practice.puzzle.explanation_for(verdict.answer) if verdict is not None else ""


def bar_line(practice: Practice) -> list[Part]:
    """The question bar's line: the question, then the verdict."""
    return question(practice) if practice.verdict is None else verdict_line(practice)


def shown_cards(puzzle: Puzzle) -> tuple[int, ...]:
    """The cards drawn in the hand's place: the hand, or in a row puzzle this turn's cards."""
    return tuple(sorted(puzzle.view.revealed)) if puzzle.kind == ROW else puzzle.hand


def figures(practice: Practice) -> tuple[tuple[int, str], ...]:
    """Once answered, each answer's expected points as written (one decimal)."""
    if practice.verdict is None:
        return ()
    return tuple((answer, text_of(points(mean))) for answer, mean in practice.puzzle.options)


def counts_of(practice: Practice) -> dict[int, list[Part]]:
    """Each player's count by seat at the screen (alone, from the first answer on)."""
    alone = not practice.taking_turns
    return {index: count_line(player, alone) for index, player in enumerate(practice.players)
            if player.asked or not alone}


def draw_practice(surface: pygame.Surface, layout: PuzzleLayout, scene: PracticeView) -> None:
    surface.fill(theme.FELT)
    practice = scene.practice
    if practice is None:
        _draw_without_puzzle(surface, layout, scene)
        return
    puzzle = practice.puzzle
    verdict = practice.verdict
    _draw_top_bar(surface, layout, scene, practice)
    colour = theme.TEXT if verdict is None else (BEST if verdict.right else WRONG)
    _draw_bar_line(surface, layout, scene, bar_line(practice), colour)
    rings = dict(rings_of(practice, scene.selected))
    values = dict(figures(practice))
    draw_rows(surface, layout, scene, puzzle, rings, values if puzzle.kind == ROW else {})
    draw_hand(surface, layout, scene, puzzle, rings, values if puzzle.kind != ROW else {})
    _draw_side(surface, layout, scene, practice)
    _draw_buttons(surface, layout, scene, practice)
    _draw_hints(surface, layout, HINTS_ANSWERED if verdict else (HINTS_ROW if puzzle.kind == ROW else HINTS_CARD))


def rings_of(practice: Practice, selected: int | None) -> tuple[tuple[int, str], ...]:
    """Before the answer, the chosen option; after, the best one and a wrong answer."""
    verdict = practice.verdict
    if verdict is None:
        return ((selected, "chosen"),) if selected is not None else ()
    return ((verdict.best, "best"),) if verdict.right else ((verdict.answer, "wrong"), (verdict.best, "best"))


RING_COLOURS = {"chosen": CHOSEN, "best": BEST, "wrong": WRONG}


def _draw_top_bar(surface: pygame.Surface, layout: PuzzleLayout, scene: PracticeView, practice: Practice) -> None:
    """Which puzzle this is (left), and each player's count (right; the one answering now bright).
    Where a crowded table's counts do not all fit, the count of the player answering now."""
    s = layout.scale
    bar = layout.top_bar
    pygame.draw.rect(surface, theme.BAR, bar)
    gap = round(16 * s)
    left = draw_rich(surface, progress_line(practice), theme.text_px(28, s), theme.ACCENT, scene.ctx.sprites,
                     midleft=(bar.left + gap, bar.centery))
    alone = not practice.taking_turns
    size = theme.text_px(26, s)
    counts = counts_of(practice)
    widths = {index: rich_width(line, size, scene.ctx.sprites) for index, line in counts.items()}
    room = bar.right - left.right - 3 * gap
    if sum(widths.values()) + gap * (len(counts) - 1) > room and practice.turn in counts:
        counts = {practice.turn: counts[practice.turn]}
    right = bar.right - gap
    for index in sorted(counts, reverse=True):
        colour = theme.ACCENT if index == practice.turn and not alone else theme.TEXT
        width = min(widths[index], room)
        draw_rich(surface, counts[index], size, colour, scene.ctx.sprites, midleft=(right - width, bar.centery),
                  max_width=room)
        right -= width + gap


def _draw_bar_line(surface: pygame.Surface, layout: PuzzleLayout, scene: PracticeView, line: Sequence[Part],
                   colour: theme.Colour) -> None:
    """The question (or the verdict) on one line if it fits, else on two smaller ones (a long
    language's sentence after a long name), the second cut short if even two are not enough."""
    s = layout.scale
    box = layout.question
    pygame.draw.rect(surface, theme.BAR, box, border_radius=round(10 * s))
    sprites = scene.ctx.sprites
    width = box.width - round(24 * s)
    size = theme.text_px(32, s)
    if rich_width(line, size, sprites) <= width:
        draw_rich(surface, line, size, colour, sprites, center=box.center)
        return
    size = theme.text_px(24, s)
    lines = wrap_rich(line, size, sprites, width)
    if len(lines) > 2:
        lines = [lines[0], widgets.shorten_rich([part for rest in lines[1:] for part in [*rest, " "]][:-1], size, sprites,
                                        width)]
    pitch = theme.font(size).get_linesize()
    top = box.centery - pitch * (len(lines) - 1) // 2
    for index, shown in enumerate(lines):
        draw_rich(surface, shown, size, colour, sprites, center=(box.centerx, top + index * pitch))


def draw_rows(surface: pygame.Surface, layout: PuzzleLayout, scene: PositionView, puzzle: Puzzle,
              rings: dict[int, str], values: dict[int, str]) -> None:
    """The four rows as the player saw them; in a row puzzle, the rings and each row's expected points."""
    s = layout.scale
    art = scene.ctx.art.for_rules(puzzle.view.rules)
    rules = puzzle.view.rules
    hovered = layout.row_at(scene.mouse) if puzzle.kind == ROW and not values else None
    for index, row in enumerate(puzzle.rows):
        box = layout.rows[index]
        draw_panel(surface, box, theme.FELT_DARK, radius=round(10 * s))
        ring = rings.get(index) if puzzle.kind == ROW else None
        if ring is not None or hovered == index:
            colour = RING_COLOURS[ring] if ring is not None else theme.TEXT_DIM
            pygame.draw.rect(surface, colour, box, width=max(2, round(4 * s)), border_radius=round(10 * s))
        middle = box.left + round(ROW_LABEL_W * s) // 2
        name, size = theme.fit_label(_("Row {row}").format(row=index + 1), theme.text_px(26, s),
                                     round((ROW_LABEL_W - 8) * s))
        theme.blit_text(surface, name, size, theme.TEXT, center=(middle, box.centery - round(14 * s)))
        write_number(surface, rules.penalty_of(row), (middle, box.centery + round(18 * s)), round(22 * s),
                     sprites=scene.ctx.sprites, colour=theme.TEXT_DIM)
        for slot, card in enumerate(row):
            rect = layout.row_card_rect(index, slot)
            surface.blit(art.face(card, rect.size), rect)
        if index in values:
            draw_rich(surface, parts_of(values[index]), theme.text_px(30, s),
                      RING_COLOURS.get(rings.get(index, ""), theme.TEXT), scene.ctx.sprites,
                      center=layout.row_value_rect(index).center)


def parts_of(value: str) -> list[Part]:
    """"2.4" as the parts the screen writes (its digits stamped)."""
    whole, _dot, tenth = value.partition(".")
    return [int(whole), ".", int(tenth)] if tenth else [int(whole)]


def draw_hand(surface: pygame.Surface, layout: PuzzleLayout, scene: PositionView, puzzle: Puzzle,
              rings: dict[int, str], values: dict[int, str]) -> None:
    """The hand to choose from (its chosen card raised; once answered, each card's expected points
    under it), or in a row puzzle this turn's cards with the player's own ringed."""
    s = layout.scale
    area = layout.hand
    art = scene.ctx.art.for_rules(puzzle.view.rules)
    row_puzzle = puzzle.kind == ROW
    cards = shown_cards(puzzle)
    title = (_("This turn's cards: your {card} fits no row").format(card=puzzle.card) if row_puzzle
             else _("Your hand"))
    theme.blit_text(surface, title, theme.text_px(24, s), theme.TEXT_DIM, midtop=(area.centerx, area.top))
    hovered = None if row_puzzle or values else layout.hand_index_at(scene.mouse, len(cards))
    for index, card in enumerate(cards):
        rect = layout.hand_card_rect(index, len(cards))
        ring = ("chosen" if card == puzzle.card else None) if row_puzzle else rings.get(card)
        if ring == "chosen" and not row_puzzle:
            rect = rect.move(0, -round(12 * s))  # the card chosen is raised, as on the table
        surface.blit(art.face(card, rect.size), rect)
        if ring is not None or hovered == index:
            colour = RING_COLOURS[ring] if ring is not None else theme.TEXT
            pygame.draw.rect(surface, colour, rect.inflate(round(8 * s), round(8 * s)),
                             width=max(3, round(4 * s)), border_radius=max(4, rect.width // 7))
        if card in values:
            draw_rich(surface, parts_of(values[card]), theme.text_px(28, s), RING_COLOURS.get(ring or "", theme.TEXT),
                      scene.ctx.sprites, center=(rect.centerx, rect.bottom + round(22 * s)))


def _draw_side(surface: pygame.Surface, layout: PuzzleLayout, scene: PracticeView, practice: Practice) -> None:
    """Before the answer, the position's facts and how to answer; after, why (the review's sentence)
    and where the figures are."""
    s = layout.scale
    box = layout.side
    draw_panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=round(12 * s), width=max(1, round(2 * s)))
    puzzle = practice.puzzle
    pad = round(16 * s)
    y = box.top + pad
    width = box.width - 2 * pad
    size = theme.text_px(26, s)
    blocks: list[tuple[list[Part], theme.Colour]]
    if practice.verdict is None:
        blocks = [(when_line(puzzle), theme.ACCENT), (table_line(puzzle), theme.TEXT),
                  (scores_line(puzzle), theme.TEXT), ([how_to_answer(puzzle)], theme.TEXT_DIM)]
    else:
        blocks = [([_("Why")], theme.ACCENT), (parts_of_text(why(practice)), theme.TEXT),
                  ([figures_note(puzzle)], theme.TEXT_DIM), ([themes_line(puzzle)], theme.ACCENT)]
        if _height(blocks, size, width, scene, round(10 * s)) > box.bottom - pad - y:
            del blocks[2]  # no room for both: what the puzzle teaches before where the figures are
    for parts, colour in blocks:
        y = draw_paragraph(surface, parts, size, colour, scene, (box.left + pad, y, width)) + round(10 * s)


def _height(blocks: Sequence[tuple[list[Part], theme.Colour]], size: int, width: int, scene: PositionView,
            gap: int) -> int:
    """How tall ``blocks`` are once wrapped to ``width``, ``gap`` after each."""
    pitch = theme.font(size).get_linesize()
    return sum(len(wrap_rich(parts, size, scene.ctx.sprites, width)) * pitch + gap for parts, _colour in blocks)


def draw_paragraph(surface: pygame.Surface, parts: Sequence[Part], size: int, colour: theme.Colour,
                   scene: PositionView, place: tuple[int, int, int]) -> int:
    """``parts`` wrapped to ``width`` from (``left``, ``top``); the bottom of the last line."""
    left, top, width = place
    pitch = theme.font(size).get_linesize()
    for line in wrap_rich(parts, size, scene.ctx.sprites, width):
        draw_rich(surface, line, size, colour, scene.ctx.sprites, midleft=(left, top + pitch // 2))
        top += pitch
    return top


def _draw_buttons(surface: pygame.Surface, layout: PuzzleLayout, scene: PracticeView,
                  practice: Practice | None) -> None:
    s = layout.scale
    size = theme.text_px(30, s)
    mouse = scene.mouse
    if practice is None:
        label, enabled, key = _("Make puzzles"), scene.making is None and not scene.problem, "M"
    elif practice.verdict is None:
        label, enabled, key = _("Answer"), scene.selected is not None, _("Enter")
    else:
        label, enabled, key = _("Next puzzle"), True, _("Enter")
    draw_button(surface, layout.answer_button, label, size, enabled=enabled,
                hovered=layout.answer_button.collidepoint(mouse), key_hint=key)
    draw_button(surface, layout.back, _("Menu"), size, hovered=layout.back.collidepoint(mouse), key_hint=_("Esc"))


def _draw_hints(surface: pygame.Surface, layout: PuzzleLayout, hints: str) -> None:
    size = theme.hint_px(FOOTER_HINT, layout.scale)
    shown = fit_segments(_(hints), size, layout.hints.width - round(40 * layout.scale))
    theme.blit_hint(surface, shown, size, center=layout.hints.center)


def _draw_without_puzzle(surface: pygame.Surface, layout: PuzzleLayout, scene: PracticeView) -> None:
    """No puzzle to show: none stored (the offer to make some), puzzles being made, or a problem."""
    s = layout.scale
    pygame.draw.rect(surface, theme.BAR, layout.top_bar)
    theme.blit_text(surface, _("Puzzles"), theme.text_px(28, s), theme.ACCENT,
                    midleft=(layout.top_bar.left + round(16 * s), layout.top_bar.centery))
    box = layout.message
    draw_panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=round(12 * s), width=max(1, round(2 * s)))
    pad = round(24 * s)
    state, title, body = _without_puzzle_words(scene)
    heading, size, bold = theme.fit_heading(title, theme.text_px(40, s), box.width - 2 * pad)
    theme.blit_text(surface, heading, size, theme.DANGER if scene.problem else theme.ACCENT, bold=bold,
                    midtop=(box.centerx, box.top + pad))
    top = box.top + pad + theme.font(size).get_linesize() + round(12 * s)
    bottom = draw_paragraph(surface, parts_of_text(body), theme.text_px(28, s), theme.TEXT, scene,
                             (box.left + pad, top, box.width - 2 * pad))
    if scene.making is not None:
        draw_progress_bar(surface, pygame.Rect(box.left + pad, bottom + round(16 * s), box.width - 2 * pad,
                                                round(28 * s)), scene.making.played / max(1, scene.making.games))
    _draw_buttons(surface, layout, scene, None)
    _draw_hints(surface, layout, HINTS_EMPTY if state == "empty" else HINTS_WAITING)


def _without_puzzle_words(scene: PracticeView) -> tuple[str, str, str]:
    """(state, title, body) of the screen without a puzzle."""
    job = scene.making
    if scene.problem:
        return "problem", _("The puzzles cannot be read"), scene.problem
    if job is not None:
        return "making", _("Making puzzles from computer games"), ngettext(
            "Game {played} of {games} played, {found} puzzle found so far",
            "Game {played} of {games} played, {found} puzzles found so far", job.found).format(
            played=job.played, games=job.games, found=job.found)
    return "empty", _("No puzzles yet"), _("Make some now from a few computer games (M), or more with: {command}"
                                           ).format(command=MAKE_COMMAND)


def draw_progress_bar(surface: pygame.Surface, bar: pygame.Rect, fraction: float) -> None:
    pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
    filled = bar.copy()
    filled.width = round(bar.width * min(1.0, fraction))
    if filled.width > 0:
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=bar.height // 2)
