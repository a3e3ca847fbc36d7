"""The rules screen (F1 or "?"): rules 1-4 in plain words, each with a small example,
and the penalty table of the rules in use.

It is pushed over the menu or the table and popped on Esc / F1 / Enter / click,
so whatever was below - a game in the middle of a turn - is exactly as it was.
The examples are the worked example of the rules (rows 9 12 21 / 19 24 /
33 42 50 57 / 69 72 81, then 23, 88, 7 and 64 are played).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.rules import Rules
from game.i18n import N_, _, ngettext

from ..kit import theme
from ..base import AppContext, Input, InputKind, Scene
from ..kit.digits import write_number
from ..kit.layout import scale_for
from ..kit.widgets import draw_button, draw_panel, draw_rich
from game.i18n import Part


@dataclass(frozen=True)
class RuleExample:
    """A small picture: a row, the card played, and what happens."""

    rows: tuple[tuple[int, ...], ...]
    card: int
    marks: tuple[tuple[Part, ...], ...]
    """A few words per row drawn right of it (numbers stamped)."""
    good: tuple[bool, ...]


RULES_TEXT: tuple[tuple[str, str, RuleExample], ...] = (
    (N_("Rule 1  -  ascending order"),
     N_("Everyone picks a card; all are shown at once, then placed lowest first. A row can take a card "
        "only if its last card is lower."),
     RuleExample(((12, 21), (19, 24)), 23, ((21, " < ", 23, ": ", N_("yes")), (24, " > ", 23, ": ", N_("no"))),
                 (True, False))),
    (N_("Rule 2  -  lowest difference"),
     N_("If several rows can take it, the card goes to the row whose last card is closest below it "
        "(the smallest difference)."),
     RuleExample(((12, 21), (7,)), 23, ((23, " - ", 21, " = ", 2, ": ", N_("here")), (23, " - ", 7, " = ", 16)),
                 (True, False))),
    (N_("Rule 3  -  row full: the 6th card takes it"),
     N_("A row holds 5 cards. The card that would be 6th takes those 5 (their bull heads are penalty "
        "points) and starts the row."),
     RuleExample(((33, 42, 50, 57, 64),), 88, ((N_("takes all"), " ", 5),), (False,))),
    (N_("Rule 4  -  lowest card"),
     N_("Its player takes a whole row of their choice (usually the one with the fewest points) and the "
        "card starts that row."),
     RuleExample(((19, 24), (69, 72, 81)), 7, (), (True, False))),
)
"""Each rule's title, words and example, in English (the words of the examples are translated when
drawn: :func:`rules_text`)."""


def _translated(marks: tuple[Part, ...]) -> tuple[Part, ...]:
    return tuple(_(part) if isinstance(part, str) and part.strip(" :<>=-") else part for part in marks)


def rules_text(rules: Rules) -> tuple[tuple[str, str, RuleExample], ...]:
    """:data:`RULES_TEXT` in the active language, with rule 4's row sums in the points of ``rules``."""
    *first, (title, words, example) = RULES_TEXT
    cheap, dear = (rules.penalty_of(row) for row in example.rows)
    marks = ((cheap, " " + ngettext("point: take it", "points: take it", cheap)),
             (dear, " " + ngettext("point", "points", dear)))
    shown = [(_(t), _(w), replace(e, marks=tuple(_translated(m) for m in e.marks))) for t, w, e in first]
    return (*shown, (_(title), _(words), replace(example, marks=marks)))


PENALTY_GROUPS: tuple[tuple[int, str], ...] = (
    (8, N_("every other card")),
    (15, N_("5, 15, 25, ... (ends in 5)")),
    (30, N_("10, 20, 30, ... (ends in 0)")),
    (22, N_("11, 22, 33, ... (double digits)")),
    (55, N_("55 (ends in 5, double digit)")),
)
"""An example card of each penalty group, lowest penalty first, with who belongs to it."""


class RulesScene(Scene):
    """Rules 1-4 with drawn examples, and the penalty table with example cards."""

    def __init__(self, ctx: AppContext, rules: Rules, game_waits: bool = True) -> None:
        super().__init__(ctx)
        self.rules = rules
        self.game_waits = game_waits
        """Opened over a game (it waits, as it was) rather than over the menu."""

    def _size(self) -> tuple[int, int]:
        return self.size

    def back_rect(self, size: tuple[int, int]) -> pygame.Rect:
        s = scale_for(size)
        rect = pygame.Rect(0, 0, round(200 * s), round(56 * s))
        rect.bottomright = (size[0] - round(24 * s), size[1] - round(14 * s))
        return rect

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.is_key(pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                      pygame.K_BACKSPACE):
            self.ctx.nav.close_overlay()
        elif inp.kind is InputKind.CLICK and self.back_rect(self._size()).collidepoint(inp.pos):
            self.ctx.nav.close_overlay()

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        w, h = size
        s = scale_for(size)
        surface.fill(theme.FELT)
        heading = theme.blit_text(surface, _("How to play 6 Takes!"), theme.text_px(44, s), theme.ACCENT, bold=True,
                                  midtop=(w // 2, round(6 * s)))
        subtitle = theme.blit_text(surface, _("Lowest score wins: avoid taking cards."), theme.text_px(26, s),
                                   theme.TEXT_DIM, midtop=(w // 2, heading.bottom - round(6 * s)))
        top = max(round(94 * s), subtitle.bottom + round(2 * s))
        margin = round(20 * s)
        right_w = max(round(380 * s), 362)  # the penalty groups' words stay whole at the minimum size
        left = pygame.Rect(margin, top, w - 3 * margin - right_w, h - top - round(84 * s))
        gap = round(10 * s)
        box_h = (left.height - 3 * gap) // 4
        for index, (title, words, example) in enumerate(rules_text(self.rules)):
            box = pygame.Rect(left.left, left.top + index * (box_h + gap), left.width, box_h)
            self._draw_rule(surface, box, s, title, words, example)
        panel = pygame.Rect(left.right + margin, top, right_w, left.height)
        self._draw_penalties(surface, panel, s)
        back = self.back_rect(size)
        draw_button(surface, back, _("Back"), theme.text_px(30, s), hovered=back.collidepoint(self.mouse),
                    key_hint=_("Esc / F1 / Enter"))
        waits = _("The game waits: closing this screen leaves it exactly as it was.")
        note, note_size = theme.fit_label(waits if self.game_waits else _("Back to the menu: Esc, F1 or Enter"),
                                          theme.hint_px(22, s), back.left - 2 * margin, theme.HINT_FONT_SIZE)
        theme.blit_hint(surface, note, note_size, midleft=(margin, back.centery))

    def _draw_rule(self, surface: pygame.Surface, box: pygame.Rect, s: float, title: str,
                   words: str, example: RuleExample) -> None:
        draw_panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
        pad = round(12 * s)
        text_w = round(box.width * 0.56)
        size = theme.text_px(21, s)
        line_h = theme.line_pitch(size)
        heading, title_size, bold = theme.fit_heading(title, theme.text_px(28, s), box.width - 2 * pad)
        room = box.height - 2 * pad - theme.font(title_size).get_linesize()
        with_example = theme.count_lines(words, size, text_w) * line_h <= room
        if not with_example:  # a small window: the words matter more than the little picture
            text_w = box.width - 2 * pad
        body = theme.wrap_lines(words, size, text_w)[:max(1, room // line_h)]
        theme.blit_text(surface, heading, title_size, theme.ACCENT, bold=bold, topleft=(box.left + pad, box.top + pad))
        y = box.top + pad + theme.font(title_size).get_linesize()
        for line in body:
            theme.blit_text(surface, line, size, theme.TEXT, topleft=(box.left + pad, y))
            y += line_h
        if with_example:
            top = box.top + pad // 2  # beside the heading and the words, or below a long heading
            if theme.text_width(heading, title_size, bold) > text_w:
                top = box.top + pad + theme.font(title_size).get_linesize()
            self._draw_example(surface, pygame.Rect(box.left + text_w + 2 * pad, top,
                                                    box.right - box.left - text_w - 3 * pad, box.bottom - pad // 2 - top),
                               s, example)

    def _draw_example(self, surface: pygame.Surface, area: pygame.Rect, s: float, example: RuleExample) -> None:
        art = self.ctx.art.for_rules(self.rules)
        count = len(example.rows)
        line_h = area.height // max(2, count)
        card_h = min(round(44 * s), line_h - round(4 * s))
        card_w = round(card_h * 0.7)
        step = card_w + round(3 * s)
        played = pygame.Rect(area.left, 0, card_w, card_h)
        played.centery = area.centery
        surface.blit(art.face(example.card, played.size), played)
        pygame.draw.rect(surface, theme.ACCENT, played.inflate(round(6 * s), round(6 * s)), width=max(2, round(3 * s)),
                         border_radius=max(3, card_w // 7))
        x0 = played.right + round(22 * s)
        for index, row in enumerate(example.rows):
            cy = area.top + line_h * index + line_h // 2 if count > 1 else area.centery
            x = x0
            for card in row:
                rect = pygame.Rect(x, cy - card_h // 2, card_w, card_h)
                surface.blit(art.face(card, rect.size), rect)
                x += step
            colour = theme.GOOD if example.good[index] else theme.DANGER
            draw_rich(surface, example.marks[index], theme.text_px(22, s), colour, self.ctx.sprites,
                      midleft=(x + round(6 * s), cy), max_width=max(20, area.right - x - round(6 * s)))

    def _draw_penalties(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        draw_panel(surface, panel, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
        pad = round(14 * s)
        title = _("Penalty points")
        theme.blit_text(surface, title, theme.text_px(30, s), theme.ACCENT, bold=True, topleft=(panel.left + pad, panel.top + pad))
        sub = _(self.rules.title)
        sub, size = theme.fit_label(sub, theme.text_px(20, s), panel.width - 2 * pad)
        theme.blit_text(surface, sub, size, theme.TEXT_DIM, topleft=(panel.left + pad, panel.top + pad + round(32 * s)))
        top = panel.top + pad + round(62 * s)
        line_h = (panel.bottom - pad - top) // len(PENALTY_GROUPS)
        card_h = min(round(70 * s), line_h - round(6 * s))
        card_w = round(card_h * 0.7)
        art = self.ctx.art.for_rules(self.rules)
        for index, (card, words) in enumerate(PENALTY_GROUPS):
            cy = top + index * line_h + line_h // 2
            rect = pygame.Rect(panel.left + pad, cy - card_h // 2, card_w, card_h)
            surface.blit(art.face(card, rect.size), rect)
            penalty = self.rules.penalty(card)
            x = rect.right + round(14 * s)
            number = write_number(surface, penalty, (x + round(14 * s), cy - round(10 * s)), round(30 * s),
                                  sprites=self.ctx.sprites, colour=theme.ACCENT)
            theme.blit_text(surface, ngettext("point", "points", penalty), theme.text_px(22, s), theme.TEXT,
                            midleft=(number.right + round(8 * s), cy - round(10 * s)))
            words, size = theme.fit_label(_(words), theme.text_px(20, s), panel.right - pad - x)
            theme.blit_text(surface, words, size, theme.TEXT_DIM, midleft=(x, cy + round(16 * s)))
