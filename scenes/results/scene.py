"""Results: every player's points, lowest first, winners highlighted, where the record went."""

from __future__ import annotations


import pygame

from game.i18n import N_, _, ngettext, rich

from ..kit import theme
from ..base import AppContext, Input, InputKind, Scene
from ..kit.digits import number_size, write_number
from ..kit.layout import scale_for
from .layout import ResultsLayout, results_layout
from game.i18n import Part
from ..model.outcome import Outcome
from ..kit.widgets import draw_button, draw_panel, draw_rich, fit_segments
from ..kit.words import seat_label, seed_worth_showing
from ..review.scene import source_of_outcome

BUTTONS = (N_("Replay this deal"), N_("New deal"), N_("Menu"), N_("Quit"), N_("Review"))
BUTTON_HINTS = ("R", N_("Enter / P"), N_("M / Esc"), "Q", "V")
"""The keys under each button (translated when drawn: "Entrée / P")."""
FOCUS_ORDER = (0, 1, 4, 2, 3)
"""The buttons from left to right (see :func:`scenes.results.layout.results_layout`)."""


def winners_title(names: list[str], size: int, width: int) -> tuple[str, int]:
    """"Ana wins!", "Tie: Ana and Ben win!", or for a tie too long to read at ``size`` within
    ``width``: "Tie: 4 players win!" (the winners' lines are marked below)."""
    if len(names) == 1:
        title = _("{name} wins!").format(name=names[0])
    else:
        title = _("Tie: {names} and {last} win!").format(names=", ".join(names[:-1]), last=names[-1])
    fitted = theme.fit_size(title, size, width, bold=True)
    if len(names) > 1 and fitted < size * 2 // 3:
        title = _("Tie: {count} players win!").format(count=len(names))
        fitted = theme.fit_size(title, size, width, bold=True)
    return theme.fit_label(title, fitted, width, bold=True)


class ResultsScene(Scene):
    """The end of a game: scores (stamped), winners, where it was saved, and what to do next."""

    def __init__(self, ctx: AppContext, outcome: Outcome) -> None:
        super().__init__(ctx)
        self.outcome = outcome
        self.focus = 1

    def ranking(self) -> list[int]:
        """Players by score, lowest (best) first; seat order breaks ties for display only."""
        scores = self.outcome.game.scores
        return sorted(range(len(scores)), key=lambda p: (scores[p], p))

    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        count = len(BUTTONS)
        if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._activate(self.focus)
        elif inp.is_key(pygame.K_r):
            self._activate(0)
        elif inp.is_key(pygame.K_p):
            self._activate(1)
        elif inp.is_key(pygame.K_m, pygame.K_ESCAPE):
            self._activate(2)
        elif inp.is_key(pygame.K_q):
            self._activate(3)
        elif inp.is_key(pygame.K_v):
            self._activate(4)
        elif inp.is_key(pygame.K_F1):
            self.ctx.nav.show_rules(self.outcome.info.rules)
        elif inp.is_key(pygame.K_LEFT, pygame.K_UP):
            self.focus = FOCUS_ORDER[(FOCUS_ORDER.index(self.focus) - 1) % count]
        elif inp.is_key(pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.focus = FOCUS_ORDER[(FOCUS_ORDER.index(self.focus) + 1) % count]
        elif inp.kind is InputKind.CLICK:
            for index, rect in enumerate(self.layout().buttons):
                if rect.collidepoint(inp.pos):
                    self._activate(index)

    def _activate(self, index: int) -> None:
        nav = self.ctx.nav
        info = self.outcome.info
        names = [seat.name for seat in info.seats]
        kinds = [seat.kind for seat in info.seats]
        if index == 0:
            nav.start_game(info.mode, names, info.seed, kinds)  # the same deal, the same seats
        elif index == 1:
            nav.start_game(info.mode, names, None, kinds)
        elif index == 2:
            nav.go_menu()
        elif index == 4:
            self.ctx.nav.show_review(source_of_outcome(info, self.outcome.game))
        else:
            nav.quit(0)

    def layout(self, size: tuple[int, int] | None = None) -> ResultsLayout:
        """The screen laid out for ``size`` (the scene's), with room for its notes."""
        size = size or self.size
        s = scale_for(size)
        notes = self.notes(size[0] - round(40 * s), theme.hint_px(22, s))
        return results_layout(size, len(self.outcome.seats), len(notes))

    def notes(self, width: int, size: int) -> list[str]:
        """The lines under the saved line, ``width`` wide at ``size``: the key hints."""
        return [fit_segments(_("Menu -> Scoreboard lists the recorded games    F1: rules    F11: fullscreen"),
                             size, width)]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout(surface.get_size())
        surface.fill(theme.FELT)
        s = layout.scale
        outcome = self.outcome
        game = outcome.game
        winners = set(game.winners)
        title, size = winners_title([outcome.info.name(p) for p in sorted(winners)], layout.font_title,
                                    surface.get_width() - round(60 * s))
        theme.blit_text(surface, title, size, theme.ACCENT, bold=True, center=layout.title.center)
        size, width = layout.font_small + round(4 * s), surface.get_width() - round(40 * s)
        draw_rich(surface, self.subtitle(size, width), size, theme.TEXT_DIM, self.ctx.sprites,
                  center=layout.subtitle.center, max_width=width)
        self._draw_lines(surface, layout, winners)
        for index, rect in enumerate(layout.buttons):
            draw_button(surface, rect, _(BUTTONS[index]), theme.text_px(30, s), focused=index == self.focus,
                        hovered=rect.collidepoint(self.mouse), key_hint=_(BUTTON_HINTS[index]))
        saved = self.saved_line()
        size = theme.fit_size(saved, layout.font_small, surface.get_width() - round(40 * s))
        theme.blit_text(surface, saved, size, theme.TEXT_DIM, center=layout.saved.center)
        self._draw_notes(surface, layout)

    def _draw_notes(self, surface: pygame.Surface, layout: ResultsLayout) -> None:
        """The notes under the saved line, as many as the window holds (the key hints come last)."""
        width = surface.get_width()
        y = layout.hints.top
        for line in self.notes(width - round(40 * layout.scale), layout.font_note):
            if y + layout.note_pitch > surface.get_height():
                break
            theme.blit_hint(surface, line, layout.font_note, midtop=(width // 2, y))
            y += layout.note_pitch

    def subtitle(self, size: int, width: int) -> list[Part]:
        """The line under the title, to fit ``width`` at ``size`` (a subclass may say less to fit)."""
        return self._subtitle()

    def saved_line(self) -> str:
        """Where the game was saved, or why it was not."""
        return self.outcome.saved

    def _subtitle(self) -> list[Part]:
        """E.g. "The lowest score wins  -  points after 7 turns  -  Seed 42  -  Predictions: 5 of 7 right"."""
        game = self.outcome.game
        rules, rounds = game.rules, len(game.rounds)
        turns = rules.turns_per_round
        if rules.round_count is not None:
            length = rich(ngettext("{rounds} round of {turns} turns", "{rounds} rounds of {turns} turns", rounds),
                          rounds=rounds, turns=turns)
        elif rules.end_score is None:
            length = rich(ngettext("{turns} turn", "{turns} turns", turns), turns=turns)
        else:
            length = rich(ngettext("{rounds} round  (the game ends when someone has {end})",
                                   "{rounds} rounds  (the game ends when someone has {end})", rounds),
                          rounds=rounds, end=rules.end_score)
        if seed_worth_showing(game.seed):
            parts = rich(_("The lowest score wins  -  points after {length}  -  Seed {seed}"), length=length,
                         seed=game.seed)
        else:  # a drawn seed (19 digits) is noise where the class reads: "Replay this deal" knows it
            parts = rich(_("The lowest score wins  -  points after {length}"), length=length)
        if self.outcome.replayed:
            parts = [_("Replay") + "  -  ", *parts]

        tally = self.ctx.predicting.tally_of(game)
        if tally and tally.total:
            parts += ["  -  ", *rich(_("Predictions: {right} of {total} right"), right=tally.right, total=tally.total)]
        return parts

    def _draw_lines(self, surface: pygame.Surface, layout: ResultsLayout, winners: set[int]) -> None:
        s = layout.scale
        scores = self.outcome.game.scores
        rank = 0
        previous = None
        for position, player in enumerate(self.ranking()):
            if scores[player] != previous:
                rank, previous = position + 1, scores[player]
            rect = layout.lines[position]
            won = player in winners
            draw_panel(surface, rect, theme.PANEL if not won else (70, 84, 40),
                       theme.ACCENT if won else theme.PANEL_EDGE, radius=round(12 * s),
                       width=max(2, round((4 if won else 1) * s)))
            colour = theme.ACCENT if won else theme.TEXT
            write_number(surface, rank, (rect.left + round(44 * s), rect.centery), round(40 * s),
                         sprites=self.ctx.sprites, colour=colour)
            seat = self.outcome.seats[player]
            kind = seat_label(seat)
            name, name_size = theme.fit_label(seat.name, layout.font_line, rect.width - round(330 * s))
            name_rect = theme.blit_text(surface, name, name_size, colour,
                                        midleft=(rect.left + round(90 * s), rect.centery - round(rect.height * 0.15)))
            theme.blit_text(surface, _("{kind}  -  winner").format(kind=kind) if won else kind, layout.font_small,
                            theme.ACCENT if won else theme.TEXT_DIM,  # inside the line's frame, clear of it
                            midleft=(name_rect.left, rect.centery + round(rect.height * 0.27)))
            digits_h = round(46 * s)
            width = number_size(scores[player], digits_h, sprites=self.ctx.sprites)[0]
            unit_w = theme.font(layout.font_small + round(4 * s)).size(ngettext("point", "points", 2))[0]
            right = rect.right - max(round(140 * s), unit_w + round(78 * s))  # right-aligned, like a score column
            number = write_number(surface, scores[player], (right - width / 2, rect.centery), digits_h,
                                  sprites=self.ctx.sprites, colour=colour)
            theme.blit_text(surface, ngettext("point", "points", scores[player]), layout.font_small + round(4 * s), theme.TEXT_DIM,
                            midleft=(number.right + round(12 * s), rect.centery + round(4 * s)))
            if won:
                icon = self.ctx.art.bull(round(40 * s), theme.ACCENT, (70, 84, 40))
                surface.blit(icon, icon.get_rect(midright=(rect.right - round(14 * s), rect.centery)))
