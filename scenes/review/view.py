"""Drawing the review screen (its state: :mod:`scenes.review.model`); nothing here changes state."""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext, rich
from game.review import ROW, WORTH_REVISITING, Decision, summary, worth_revisiting

from ..kit import theme
from ..kit.layout import FOOTER_HINT
from ..kit.cards import LOOK_DIM
from ..kit.digits import DigitSprites, write_number
from game.i18n import Part
from ..kit import widgets
from ..kit.widgets import draw_button, draw_panel, draw_rich, rich_width, wrap_rich
from .model import ROW_LABEL_W, ReviewFrame, ReviewLayout, ReviewState, parts_of_text
from ..kit.words import seat_label

PLAYED = theme.DANGER
BEST = theme.GOOD


def review_frame(scene: ReviewState) -> ReviewFrame:
    """What a frame of the review shows now (read by tests; the same data the drawing reads)."""
    job = scene.job
    progress = (len(job.decisions), job.total)
    decision = scene.shown()
    if job.error is not None or decision is None:
        message = job.error or (_("No decisions to review") if job.done else "")
        return ReviewFrame(progress, scene.seat, scene.index, None, message, (), (), ())
    return ReviewFrame(progress, scene.seat, scene.index, decision, _caption(decision), decision.rows, decision.hand,
                       option_report(decision))


def option_report(decision: Decision) -> tuple[str, ...]:
    """Each option's expected penalty as a line of English (what the frame reports)."""
    lines = []
    for option, mean in decision.expected:
        label = f"row {option + 1}" if decision.kind == ROW else str(option)
        lines.append(f"{label}: {mean:.2f}{_option_tag(decision, option)}")
    return tuple(lines)


def _option_tag(decision: Decision, option: int) -> str:
    if option == decision.played:
        return " played" + (" = best" if option == decision.best else "")
    return " best" if option == decision.best else ""


def draw_review(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState) -> None:

    surface.fill(theme.FELT)
    s = layout.scale
    job = scene.job
    decisions = scene.seat_decisions()
    decision = scene.shown()
    _draw_top_bar(surface, layout, scene, len(decisions))
    _draw_buttons(surface, layout, scene, len(decisions))
    keys = _("Left/Right: step through the decisions   Tab: next seat   Esc: back")
    deals = ngettext("{count} sampled deal per decision, from what the player knew",
                     "{count} sampled deals per decision, from what the player knew", job.rollouts)
    hints = (f"{keys}    |    {deals.format(count=job.rollouts)}", keys,
             _("Left/Right: step   Tab: next seat   Esc: back"), "")
    hint = next(h for h in hints if theme.text_width(h, theme.hint_px(FOOTER_HINT, s)) <= layout.hints.width - 20)
    theme.blit_hint(surface, hint, theme.hint_px(FOOTER_HINT, s), center=layout.hints.center)
    if job.error is not None or decision is None:
        _draw_progress(surface, layout, scene, job.error or (_("No decisions to review") if job.done else ""))
        return
    text = _caption(decision)
    colour = PLAYED if decision.loss >= WORTH_REVISITING else (BEST if decision.loss == 0 else theme.TEXT)
    pygame.draw.rect(surface, theme.BAR, layout.caption, border_radius=round(10 * s))

    _draw_caption(surface, layout.caption, s, parts_of_text(text), colour, scene.ctx.sprites)
    _draw_rows(surface, layout, scene, decision)
    _draw_options(surface, layout, scene, decision)
    _draw_hand(surface, layout, scene, decision)


def _draw_caption(surface: pygame.Surface, box: pygame.Rect, s: float, parts: list[Part], colour: theme.Colour,
                  sprites: DigitSprites) -> None:
    """The verdict on one line if it fits, else on two smaller ones (a long language's sentence)."""
    width = box.width - round(20 * s)
    size = theme.text_px(30, s)
    if rich_width(parts, size, sprites) <= width:
        draw_rich(surface, parts, size, colour, sprites, center=box.center)
        return
    size = theme.text_px(24, s)
    lines = wrap_rich(parts, size, sprites, width)
    if len(lines) > 2:  # cut short, never drawn outside the box
        lines = [lines[0], widgets.shorten_rich([part for line in lines[1:] for part in [*line, " "]][:-1], size, sprites,
                                        width)]
    line_h = theme.font(size).get_linesize()
    top = box.centery - line_h * len(lines) // 2 + line_h // 2
    for index, line in enumerate(lines):
        draw_rich(surface, line, size, colour, sprites, center=(box.centerx, top + index * line_h))


def _caption(decision: Decision) -> str:
    when = _("Turn {turn}").format(turn=decision.turn + 1)
    if decision.round > 0:
        when = _("Round {round}, turn {turn}").format(round=decision.round + 1, turn=decision.turn + 1)
    return _("{when}: {summary}").format(when=when, summary=summary(decision))


def _draw_top_bar(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState, count: int) -> None:
    s = layout.scale
    bar = layout.top_bar
    pygame.draw.rect(surface, theme.BAR, bar)
    seat = scene.source.seats[scene.seat]
    who = _("Review: {name} - {label}").format(name=seat.name, label=seat_label(seat))
    size = theme.text_px(30, s)
    gap = round(16 * s)
    who, who_size = theme.fit_label(who, size, bar.width // 2, bold=True)
    left = theme.blit_text(surface, who, who_size, theme.ACCENT, bold=True, midleft=(bar.left + gap, bar.centery))
    right = bar.right - gap
    title = scene.source.title
    if title:
        right = theme.blit_text(surface, title, theme.text_px(22, s), theme.TEXT_DIM,
                                midright=(right, bar.centery)).left - gap
    if count and not scene.job.seat_done(scene.seat):  # still coming in: what is ready, in game order
        # NOTE: the review's top bar while a seat's decisions come in: {count} are reviewed, of {total}
        parts: list[Part] = rich(_("Decision {index} of {count} ready (of {total}), in game order"),
                                 index=scene.index + 1, count=count, total=scene.job.seat_total(scene.seat))
    elif count:
        revisit = len(worth_revisiting(scene.seat_decisions()))
        parts = rich(_("Decision {index} of {count}, costliest first  -  {revisit} worth revisiting"),
                     index=scene.index + 1, count=count, revisit=revisit)
    if count:
        size = theme.text_px(26, s)
        room = right - left.right - gap
        width = rich_width(parts, size, scene.ctx.sprites)
        centre = min(max(bar.centerx, left.right + gap + min(width, room) // 2), right - min(width, room) // 2)
        draw_rich(surface, parts, size, theme.TEXT, scene.ctx.sprites, center=(centre, bar.centery), max_width=room)


def _draw_buttons(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState, count: int) -> None:
    s = layout.scale
    size = theme.text_px(26, s)
    mouse = scene.mouse
    draw_button(surface, layout.prev_button, _("Previous"), size, enabled=scene.index > 0,
                hovered=layout.prev_button.collidepoint(mouse), key_hint="<-")
    draw_button(surface, layout.next_button, _("Next"), size, enabled=scene.index + 1 < count,
                hovered=layout.next_button.collidepoint(mouse), key_hint="->")
    draw_button(surface, layout.back, _("Back"), size, hovered=layout.back.collidepoint(mouse), key_hint=_("Esc"))
    draw_button(surface, layout.seat_button, _("Next seat"), size, enabled=len(scene.seats) > 1,
                hovered=layout.seat_button.collidepoint(mouse), key_hint="Tab")


def _draw_progress(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState, message: str) -> None:
    s = layout.scale
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, round(640 * s), round(170 * s))
    box.center = (w // 2, h // 2 - round(30 * s))
    draw_panel(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=round(12 * s), width=max(1, round(2 * s)))
    if message:
        theme.blit_text(surface, message, theme.text_px(30, s),
                        theme.DANGER if scene.job.error else theme.TEXT, center=box.center)
        return
    done, total = len(scene.job.decisions), scene.job.total
    draw_rich(surface, rich(_("Reviewing every decision: {done} of {total}"), done=done, total=total), theme.text_px(30, s), theme.TEXT,
              scene.ctx.sprites, center=(box.centerx, box.top + round(50 * s)))
    bar = pygame.Rect(box.left + round(30 * s), box.top + round(95 * s), box.width - round(60 * s), round(28 * s))
    pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
    filled = bar.copy()
    filled.width = round(bar.width * done / total) if total else bar.width
    if filled.width > 0:
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=bar.height // 2)
    theme.blit_text(surface, _("Each option is played out on the same sampled deals"), theme.text_px(20, s),
                    theme.TEXT_DIM, center=(box.centerx, box.bottom - round(22 * s)))


def _draw_rows(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState, decision: Decision) -> None:
    s = layout.scale
    art = scene.ctx.art.for_rules(scene.source.rules)
    rules = scene.source.rules
    for index, row in enumerate(decision.rows):
        box = layout.rows[index]
        draw_panel(surface, box, theme.FELT_DARK, radius=round(10 * s))
        if decision.kind == ROW and index in (decision.played, decision.best):
            colour = BEST if index == decision.best else PLAYED
            pygame.draw.rect(surface, colour, box, width=max(2, round(4 * s)), border_radius=round(10 * s))
        middle = box.left + round(ROW_LABEL_W * s) // 2
        name, size = theme.fit_label(_("Row {row}").format(row=index + 1), theme.text_px(26, s),
                                     round((ROW_LABEL_W - 8) * s))
        theme.blit_text(surface, name, size, theme.TEXT, center=(middle, box.centery - round(14 * s)))
        write_number(surface, rules.penalty_of(row), (middle, box.centery + round(16 * s)),
                     round(22 * s), sprites=scene.ctx.sprites, colour=theme.TEXT_DIM)
        for slot, card in enumerate(row):
            rect = layout.row_card_rect(index, slot)
            surface.blit(art.face(card, rect.size), rect)
        if decision.kind == ROW and index in (decision.played, decision.best):
            label = (_("best") if index != decision.played
                     else (_("taken, the best") if index == decision.best else _("taken")))
            theme.blit_text(surface, label, theme.text_px(24, s), BEST if index == decision.best else PLAYED,
                            midright=(box.right - round(14 * s), box.centery))


def _draw_options(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState, decision: Decision) -> None:
    """Each option's expected penalty as a bar; the played one red, the best one green."""
    s = layout.scale
    area = layout.options
    draw_panel(surface, area, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
    pad = round(12 * s)
    headings = (_("Expected penalty to the end of the round"), _("Expected penalty to the end"), _("Expected penalty"))
    heading = next((h for h in headings if theme.font(theme.text_px(22, s)).size(h)[0] <= area.width - 2 * pad),
                   headings[-1])
    theme.blit_text(surface, heading, theme.text_px(22, s), theme.ACCENT,
                    midtop=(area.centerx, area.top + pad))
    top = area.top + pad + round(34 * s)
    count = len(decision.expected)
    line_h = min(round(40 * s), (area.bottom - pad - top) // max(count, 1))
    highest = max((mean for _option, mean in decision.expected), default=1.0) or 1.0
    label_w = round(112 * s)
    value_w = round(70 * s)
    bar_w = area.width - 2 * pad - label_w - value_w
    size = theme.text_px(24, s)
    for number, (option, mean) in enumerate(decision.expected):
        y = top + number * line_h
        shown = _("row {row}").format(row=option + 1) if decision.kind == ROW else str(option)
        colour = BEST if option == decision.best else (PLAYED if option == decision.played else theme.TEXT)
        tag = _option_tag(decision, option)
        shown, shown_size = theme.fit_label(shown, size, label_w - round(6 * s))
        theme.blit_text(surface, shown, shown_size, colour, midleft=(area.left + pad, y + line_h // 2))
        bar = pygame.Rect(area.left + pad + label_w, y + round(5 * s),
                          max(2, round(bar_w * mean / highest)), max(4, line_h - round(10 * s)))
        pygame.draw.rect(surface, colour if tag else theme.PANEL_EDGE, bar, border_radius=round(4 * s))
        theme.blit_text(surface, f"{mean:.1f}", size, colour, midright=(area.right - pad, y + line_h // 2))


def _draw_hand(surface: pygame.Surface, layout: ReviewLayout, scene: ReviewState, decision: Decision) -> None:
    """The hand with the played card ringed red and the preferred one green; for a row
    choice, this turn's cards with the one that fitted no row ringed."""
    s = layout.scale
    area = layout.hand
    art = scene.ctx.art.for_rules(scene.source.rules)
    if decision.kind == ROW:
        cards = tuple(sorted(decision.revealed))
        title = _("This turn's cards: {card} fitted no row").format(card=decision.card)
        marks = {decision.card: PLAYED}
    else:
        cards = decision.hand
        title = _("Hand: played (red), preferred by the review (green)")
        marks = {decision.played: PLAYED}
        marks[decision.best] = BEST
    theme.blit_text(surface, title, theme.text_px(20, s), theme.TEXT_DIM, midtop=(area.centerx, area.top))
    top = area.top + round(26 * s)
    h = area.bottom - top - round(6 * s)
    w = round(h * 0.7)
    gap = round(10 * s)
    if cards and len(cards) * (w + gap) > area.width:
        w = area.width // len(cards) - gap
        h = round(w / 0.7)
    total = len(cards) * (w + gap) - gap
    x = area.centerx - total // 2
    for card in cards:
        rect = pygame.Rect(x, top, w, h)
        look = "normal" if card in marks or decision.kind != ROW else LOOK_DIM
        surface.blit(art.face(card, rect.size, look), rect)
        if card in marks:
            pygame.draw.rect(surface, marks[card], rect.inflate(round(8 * s), round(8 * s)),
                             width=max(3, round(4 * s)), border_radius=max(4, w // 7))
        x += w + gap
