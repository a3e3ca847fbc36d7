"""The table screen: rows, players, caption, and the hand or this turn's cards.

:class:`TableScene` is the controller and view; the game flow itself lives
in :class:`scenes.session.TableSession` (pure Python).  The scene turns
inputs into session actions, runs the Auto timer in ``update(dt)``, and
draws what the session says - nothing here decides where a card goes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import Rule

from . import theme
from .base import NEXT_KEYS, AppContext, Input, InputKind, Scene
from .cards import LOOK_DIM, LOOK_GHOST
from .confirm import ConfirmScene
from .digits import write_number
from .layout import TableLayout, table_layout
from .session import MODE_TITLES, Part, Stage, TableSession
from .widgets import draw_button, draw_marker, draw_panel, draw_rich, rich_width

ROW_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
            pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}


@dataclass(frozen=True)
class FrameInfo:
    """What the last frame showed (read by tests: which rows, whose hand, the curtain)."""

    stage: Stage
    rows: tuple[tuple[int, ...], ...]
    hand_owner: int | None
    curtain: bool
    chooser: int | None


class TableScene(Scene):
    """The main screen of a game."""

    def __init__(self, ctx: AppContext, session: TableSession, auto: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.auto = auto
        self.delay = ctx.options.step_delay
        self.timer = 0.0
        self.selected = 0
        """Keyboard selection in the hand (index)."""
        self._frame_pending = True
        """Something changed that no frame has shown yet: ignore inputs that act on it
        (e.g. a second Enter must not lift a curtain nobody has seen)."""
        self._screenshot: str | None = None
        self.last_frame: FrameInfo | None = None
        self._bg: pygame.Surface | None = None
        self._bg_size: tuple[int, int] = (0, 0)

    # ------------------------------------------------------------ queries
    @property
    def game_in_progress(self) -> bool:
        return self.session.stage is not Stage.OVER

    def layout(self) -> TableLayout:
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else (1280, 720)
        return table_layout(size)

    def _hand(self) -> tuple[int, ...]:
        owner = self.session.hand_owner
        return self.session.game.hand(owner) if owner is not None else ()

    def _hovered_hand_index(self, layout: TableLayout) -> int | None:
        hand = self._hand()
        if self.session.stage is not Stage.CHOOSE:
            return None
        for index in range(len(hand)):
            if layout.hand_card_rect(index, len(hand)).collidepoint(self.mouse):
                return index
        return None

    def _row_at(self, layout: TableLayout, pos: tuple[int, int]) -> int | None:
        for index, box in enumerate(layout.row_boxes):
            if box.collidepoint(pos):
                return index
        return None

    # ------------------------------------------------------------- input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        session = self.session
        if inp.is_key(pygame.K_ESCAPE):
            self._ask_leave()
            return
        if inp.is_key(pygame.K_a) and session.stage is not Stage.CURTAIN:
            self.toggle_auto()
            return
        layout = self.layout()
        stage = session.stage
        if stage is Stage.CURTAIN:
            if self._frame_pending:
                return
            if inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or inp.kind is InputKind.CLICK:
                session.dismiss_curtain()
                self.selected = 0
                self._frame_pending = True
        elif stage is Stage.CHOOSE:
            self._handle_choose(inp, layout)
        elif stage is Stage.ROW_CHOICE:
            self._handle_row_choice(inp, layout)
        elif session.can_advance:
            if inp.kind is InputKind.CLICK and layout.auto_button.collidepoint(inp.pos):
                self.toggle_auto()
            elif inp.is_key(*NEXT_KEYS) or inp.kind is InputKind.CLICK:
                self.step()

    def _handle_choose(self, inp: Input, layout: TableLayout) -> None:
        hand = self._hand()
        if not hand:
            return
        self.selected = min(self.selected, len(hand) - 1)
        if inp.is_key(pygame.K_LEFT):
            self.selected = (self.selected - 1) % len(hand)
        elif inp.is_key(pygame.K_RIGHT):
            self.selected = (self.selected + 1) % len(hand)
        elif inp.is_key(pygame.K_HOME):
            self.selected = 0
        elif inp.is_key(pygame.K_END):
            self.selected = len(hand) - 1
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._choose(hand[self.selected])
        elif inp.kind is InputKind.MOVE:
            hovered = self._hovered_hand_index(layout)
            if hovered is not None:
                self.selected = hovered
        elif inp.kind is InputKind.CLICK:
            hovered = self._hovered_hand_index(layout)
            if hovered is not None:
                self._choose(hand[hovered])

    def _handle_row_choice(self, inp: Input, layout: TableLayout) -> None:
        row: int | None = None
        if inp.kind is InputKind.KEY:
            row = ROW_KEYS.get(inp.key)
        elif inp.kind is InputKind.CLICK:
            row = self._row_at(layout, inp.pos)
        if row is not None and not self._frame_pending:
            self._placed(self.session.pick_row(row))

    def _choose(self, card: int) -> None:
        if self._frame_pending:
            return
        self.session.choose(card)
        self.selected = 0
        self.timer = 0.0
        self._frame_pending = True

    def toggle_auto(self) -> None:
        """Switch automatic stepping on or off (the Auto button, key A)."""
        self.auto = not self.auto
        self.timer = 0.0

    def step(self) -> None:
        """One step forward: place the next card, ask for a row, or start the next turn."""
        if self._frame_pending or not self.session.can_advance:
            return
        self.timer = 0.0
        placement = self.session.advance()
        self._frame_pending = True
        if placement is not None:
            self._placed(placement)
        elif self.session.stage is Stage.OVER:
            self.ctx.nav.game_over(self.session)

    def _placed(self, placement: object) -> None:
        session = self.session
        self._frame_pending = True
        self._screenshot = f"turn{session.shown_turn + 1}-step{session.step_number}.png"

    def _ask_leave(self) -> None:
        nav = self.ctx.nav
        manager = self.ctx.manager
        self.ctx.manager.push(ConfirmScene(
            self.ctx, "Leave this game?", "It is not finished, so it will not be recorded.",
            yes_label="Leave", no_label="Keep playing",
            on_yes=nav.go_menu, on_no=manager.pop,
        ))

    # -------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        if not self.auto or not self.session.can_advance or self._frame_pending:
            return
        self.timer += dt
        if self.timer >= self.delay:
            self.step()

    def frame_presented(self) -> str | None:
        self._frame_pending = False
        name, self._screenshot = self._screenshot, None
        return name

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        layout = table_layout(surface.get_size())
        session = self.session
        if session.stage is Stage.CURTAIN:
            self._draw_curtain(surface, layout)
            self.last_frame = FrameInfo(session.stage, (), None, True, session.chooser)
            return
        surface.blit(self._background(layout), (0, 0))
        self._draw_top_bar(surface, layout)
        drawn_rows = self._draw_rows(surface, layout)
        self._draw_players(surface, layout)
        self._draw_caption(surface, layout)
        hand_owner = self._draw_bottom(surface, layout)
        self._draw_hints(surface, layout)
        self.last_frame = FrameInfo(session.stage, drawn_rows, hand_owner, False, session.chooser)

    def _background(self, layout: TableLayout) -> pygame.Surface:
        """Everything that never changes during a game at this size, drawn once.

        Filling the window and drawing ~40 rounded boxes costs more than all
        the cards together, so they are rendered into one cached layer.
        """
        if self._bg is not None and self._bg_size == layout.size:
            return self._bg
        s = layout.scale
        bg = pygame.Surface(layout.size).convert() if pygame.display.get_surface() else pygame.Surface(layout.size)
        bg.fill(theme.FELT)
        pygame.draw.rect(bg, theme.BAR, layout.top_bar)
        for index, box in enumerate(layout.row_boxes):
            draw_panel(bg, box, theme.FELT_DARK, radius=round(10 * s))
            for slot in range(6):
                rect = layout.row_card_rect(index, slot)
                colour = theme.SLOT if slot < 5 else (120, 70, 60)
                pygame.draw.rect(bg, colour, rect, width=max(2, round(2 * s)), border_radius=max(3, rect.width // 9))
            rect = layout.row_card_rect(index, 5)
            theme.blit_text(bg, "6th", layout.font_small, (170, 110, 96),
                            center=(rect.centerx, rect.centery - layout.font_small // 2))
            theme.blit_text(bg, "takes", layout.font_small, (170, 110, 96),
                            center=(rect.centerx, rect.centery + layout.font_small // 2))
        for parts in layout.seats:
            draw_panel(bg, parts.box, theme.PANEL, theme.PANEL_EDGE, radius=round(10 * s), width=max(1, round(s)))
            theme.blit_text(bg, "points", layout.font_small, theme.TEXT_DIM,
                            center=(parts.score.centerx, parts.score.centery + round(22 * s)))
            card = parts.card
            pygame.draw.rect(bg, theme.FELT_DARK, card, width=max(2, round(2 * s)), border_radius=max(3, card.width // 9))
        pygame.draw.rect(bg, theme.BAR, layout.caption, border_radius=round(10 * s))
        self._bg, self._bg_size = bg, layout.size
        return bg

    def _status_parts(self) -> list[Part]:
        session = self.session
        return ["Turn ", session.shown_turn + 1, " of ", session.rules.turns_per_round]

    def _draw_top_bar(self, surface: pygame.Surface, layout: TableLayout) -> None:
        bar = layout.top_bar
        s = layout.scale
        sprites = self.ctx.sprites
        draw_rich(surface, self._status_parts(), layout.font_status, theme.TEXT, sprites,
                  midleft=(bar.left + round(16 * s), bar.centery))
        theme.blit_text(surface, "6 Takes!", layout.font_status + round(4 * s), theme.ACCENT, bold=True,
                        center=bar.center)
        session = self.session
        parts: list[Part] = [MODE_TITLES.get(session.mode, session.mode), "   Seed ", session.game.seed]
        size = layout.font_small
        width = rich_width(parts, size, sprites)
        draw_rich(surface, parts, size, theme.TEXT_DIM, sprites,
                  midleft=(bar.right - round(16 * s) - width, bar.centery))

    def _draw_rows(self, surface: pygame.Surface, layout: TableLayout) -> tuple[tuple[int, ...], ...]:
        session = self.session
        art = self.ctx.art
        sprites = self.ctx.sprites
        s = layout.scale
        rows = session.game.rows
        penalties = session.row_penalties()
        last = session.last
        choosing_row = session.stage is Stage.ROW_CHOICE
        hovered_row = self._row_at(layout, self.mouse) if choosing_row else None
        preview = None
        if session.stage is Stage.CHOOSE:
            hand = self._hand()
            if hand:
                preview = session.preview(hand[min(self.selected, len(hand) - 1)])
        elif session.can_advance and session.upcoming is not None:
            preview = session.preview(session.upcoming[1])  # where "Next" will put the next card
            if preview.row is None:
                preview = None
        for index, row in enumerate(rows):
            box = layout.row_boxes[index]
            edge = None
            if choosing_row:
                edge = theme.ACCENT if index == hovered_row else theme.TEXT_DIM
            elif preview is not None and preview.row == index:
                edge = theme.DANGER if preview.takes else theme.ACCENT
            elif preview is not None and preview.row is None:
                edge = theme.DANGER
            if edge is not None:
                pygame.draw.rect(surface, edge, box, width=max(2, round(3 * s)), border_radius=round(10 * s))
            self._draw_row_label(surface, layout, index, penalties[index], choosing_row)
            for slot, card in enumerate(row):
                rect = layout.row_card_rect(index, slot)
                surface.blit(art.face(card, rect.size), rect)
            if last is not None and last.row == index:
                self._draw_last_placement(surface, layout, index, len(row))
            if preview is not None and preview.row == index:
                slot = 5 if preview.takes else len(row)
                rect = layout.row_card_rect(index, slot)
                surface.blit(art.face(preview.card, rect.size, LOOK_GHOST), rect)
        return rows

    def _draw_row_label(self, surface: pygame.Surface, layout: TableLayout, index: int, penalty: int,
                        choosing_row: bool) -> None:
        label = layout.row_labels[index]
        s = layout.scale
        colour = theme.ACCENT if choosing_row else theme.TEXT
        theme.blit_text(surface, f"Row {index + 1}", layout.font_label, colour,
                        center=(label.centerx, label.centery - round(16 * s)))
        icon_h = round(24 * s)
        icon = self.ctx.art.bull(icon_h, theme.TEXT_DIM, theme.FELT_DARK)
        digits_h = round(24 * s)
        number_rect = write_number(surface, penalty, (label.centerx + round(14 * s), label.centery + round(18 * s)),
                                   digits_h, sprites=self.ctx.sprites, colour=colour)
        surface.blit(icon, icon.get_rect(midright=(number_rect.left - round(4 * s), number_rect.centery)))

    def _draw_last_placement(self, surface: pygame.Surface, layout: TableLayout, row: int, length: int) -> None:
        """Ring the card just placed; after a take, show the taken cards crossed out beside it."""
        last = self.session.last
        assert last is not None
        s = layout.scale
        rect = layout.row_card_rect(row, length - 1)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(10 * s), round(10 * s)),
                         width=max(3, round(5 * s)), border_radius=max(4, rect.width // 7))
        if last.rule is Rule.CLOSEST_ROW:
            return
        art = self.ctx.art
        for offset, card in enumerate(last.taken):
            slot = layout.row_card_rect(row, length + offset)
            small = slot.inflate(-round(slot.width * 0.2), -round(slot.height * 0.2))
            surface.blit(art.face(card, small.size, LOOK_DIM), small)
            pygame.draw.line(surface, theme.DANGER, small.topleft, small.bottomright, max(3, round(4 * s)))
        end = layout.row_card_rect(row, max(5, length + len(last.taken) - 1))
        x = end.right + round(14 * s)
        size = theme.fit_size(f"taken by {self.session.name(last.player)}", layout.font_label,
                              layout.row_boxes[row].right - x - round(8 * s))
        theme.blit_text(surface, f"taken by {self.session.name(last.player)}", size, theme.DANGER,
                        bottomleft=(x, end.centery))
        draw_rich(surface, [last.penalty, " points"], size, theme.DANGER, self.ctx.sprites,
                  midleft=(x, end.centery + size // 2 + round(2 * s)))

    def _draw_players(self, surface: pygame.Surface, layout: TableLayout) -> None:
        session = self.session
        game = session.game
        art = self.ctx.art
        sprites = self.ctx.sprites
        s = layout.scale
        upcoming = session.upcoming
        next_player = upcoming[0] if upcoming is not None else None
        placed = {p.player for p in session.placements}
        choosing = session.stage in (Stage.CHOOSE, Stage.CURTAIN)
        for player, parts in enumerate(layout.seats):
            seat = session.seats[player]
            is_next = player == next_player
            is_last = session.last is not None and session.last.player == player
            edge = theme.ACCENT if is_next else (theme.GOOD if choosing and player == session.chooser else None)
            if edge is not None:
                pygame.draw.rect(surface, edge, parts.box, width=max(2, round(4 * s)), border_radius=round(10 * s))
            if is_next:
                draw_marker(surface, parts.marker, theme.ACCENT)
            name_size = theme.fit_size(seat.name, layout.font_name, parts.name.width)
            theme.blit_text(surface, seat.name, name_size, theme.TEXT, midleft=(parts.name.left, parts.name.centery))
            theme.blit_text(surface, self._seat_detail(player), layout.font_small,
                            theme.ACCENT if is_last and session.last and session.last.penalty else theme.TEXT_DIM,
                            midleft=(parts.detail.left, parts.detail.centery))
            write_number(surface, game.scores[player], (parts.score.centerx, parts.score.centery - round(8 * s)),
                         round(36 * s), sprites=sprites, colour=theme.TEXT)
            card_rect = parts.card
            if session.turn_cards:
                card = session.turn_cards[player]
                look = LOOK_DIM if player in placed and not is_last else "normal"
                surface.blit(art.face(card, card_rect.size, look), card_rect)
            elif choosing and game.has_chosen(player):
                surface.blit(art.back(card_rect.size), card_rect)

    def _seat_detail(self, player: int) -> str:
        session = self.session
        seat = session.seats[player]
        who = "AI (random)" if not seat.is_human else ("you" if not session.uses_curtain else "human")
        if session.stage in (Stage.CHOOSE, Stage.CURTAIN):
            if session.game.has_chosen(player):
                return f"{who} - card chosen"
            return f"{who} - choosing..."
        last = session.last
        if last is not None and last.player == player and last.penalty:
            return f"{who} - took {len(last.taken)} cards"
        return who

    def _draw_caption(self, surface: pygame.Surface, layout: TableLayout) -> None:
        session = self.session
        parts = session.caption()
        if session.stage is Stage.CHOOSE:
            hand = self._hand()
            if hand:
                parts = parts + ["  -  "] + session.preview_caption(hand[min(self.selected, len(hand) - 1)])
        if not parts:
            return
        rect = layout.caption
        colour = theme.ACCENT if session.stage in (Stage.ROW_CHOICE, Stage.CHOOSE) else theme.TEXT
        if session.last is not None and session.last.penalty:
            colour = (255, 190, 170)
        draw_rich(surface, parts, layout.font_caption, colour, self.ctx.sprites,
                  center=rect.center, max_width=rect.width - round(24 * layout.scale))

    def _draw_bottom(self, surface: pygame.Surface, layout: TableLayout) -> int | None:
        """The chooser's hand, or this turn's cards in placement order; returns whose hand was drawn."""
        session = self.session
        art = self.ctx.art
        s = layout.scale
        if session.stage is Stage.CHOOSE:
            hand = self._hand()
            hovered = self._hovered_hand_index(layout)
            for index, card in enumerate(hand):
                rect = layout.hand_card_rect(index, len(hand))
                if index == self.selected:
                    rect = rect.move(0, -round(10 * s))
                surface.blit(art.face(card, rect.size), rect)
                if index == self.selected:
                    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(8 * s), round(8 * s)),
                                     width=max(3, round(4 * s)), border_radius=max(4, rect.width // 8))
                elif index == hovered:
                    pygame.draw.rect(surface, theme.TEXT, rect.inflate(round(6 * s), round(6 * s)),
                                     width=max(2, round(2 * s)), border_radius=max(4, rect.width // 8))
            return session.hand_owner
        self._draw_queue(surface, layout)
        drawn_owner = None
        owner = session.hand_owner
        if owner is not None:
            hand = session.game.hand(owner)
            area = layout.small_hand_area
            if hand:
                theme.blit_text(surface, "Your hand", layout.font_small, theme.TEXT_DIM,
                                midtop=(area.centerx, area.top))
            for index, card in enumerate(hand):
                rect = layout.small_hand_rect(index, len(hand))
                surface.blit(art.face(card, rect.size), rect)
            drawn_owner = owner
        self._draw_buttons(surface, layout)
        return drawn_owner

    def _draw_queue(self, surface: pygame.Surface, layout: TableLayout) -> None:
        session = self.session
        art = self.ctx.art
        s = layout.scale
        order = session.placement_order()
        done = len(session.placements)
        for index, (player, card) in enumerate(order):
            rect = layout.queue_card_rect(index)
            look = LOOK_DIM if index < done - 1 or (index == done - 1 and session.stage is not Stage.PLACED) else "normal"
            surface.blit(art.face(card, rect.size, look), rect)
            is_next = index == done and session.stage in (Stage.REVEALED, Stage.PLACED, Stage.ROW_CHOICE)
            is_last = index == done - 1 and session.stage is Stage.PLACED
            if is_next or is_last:
                colour = theme.ACCENT if is_last else theme.TEXT
                pygame.draw.rect(surface, colour, rect.inflate(round(8 * s), round(8 * s)),
                                 width=max(3, round(4 * s)), border_radius=max(4, rect.width // 8))
            name = session.name(player)
            size = theme.fit_size(name, layout.font_small, rect.width + round(14 * s))
            theme.blit_text(surface, name, size, theme.TEXT if is_next or is_last else theme.TEXT_DIM,
                            midtop=(rect.centerx, rect.bottom + round(6 * s)))

    def _draw_buttons(self, surface: pygame.Surface, layout: TableLayout) -> None:
        session = self.session
        size = round(30 * layout.scale)
        next_label = "Next turn" if session.step_number == len(session.seats) else "Next"
        if session.step_number == len(session.seats) and session.game.is_over:
            next_label = "Results"
        draw_button(surface, layout.next_button, next_label, size, enabled=session.can_advance,
                    hovered=layout.next_button.collidepoint(self.mouse), key_hint="Space / Enter / ->")
        draw_button(surface, layout.auto_button, "Auto: on" if self.auto else "Auto: off", size,
                    toggled=self.auto, hovered=layout.auto_button.collidepoint(self.mouse), key_hint="key A")

    def _draw_hints(self, surface: pygame.Surface, layout: TableLayout) -> None:
        stage = self.session.stage
        if stage is Stage.CHOOSE:
            hint = "Click a card, or Left/Right then Enter    |    Esc: leave    F11: fullscreen"
        elif stage is Stage.ROW_CHOICE:
            hint = "Click a row or press 1-4 to take it    |    Esc: leave    F11: fullscreen"
        else:
            hint = "Next: Space / Enter / Right / click    A: auto    |    Esc: leave    F11: fullscreen"
        theme.blit_text(surface, hint, layout.font_small, theme.TEXT_DIM, center=layout.hints.center)

    def _draw_curtain(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Cover the whole window: nobody's hand shows while the laptop changes hands."""
        surface.fill(theme.CURTAIN)
        w, h = surface.get_size()
        s = layout.scale
        name = self.session.name(self.session.chooser or 0)
        draw_rich(surface, self._status_parts(), layout.font_status, theme.TEXT_DIM, self.ctx.sprites,
                  center=(w // 2, round(h * 0.22)))
        title = f"Pass to {name}"
        size = theme.fit_size(title, round(110 * s), w - round(80 * s))
        theme.blit_text(surface, title, size, theme.ACCENT, bold=True, center=(w // 2, round(h * 0.42)))
        theme.blit_text(surface, f"{name}: press Enter when ready (or click)", round(44 * s), theme.TEXT,
                        center=(w // 2, round(h * 0.58)))
        theme.blit_text(surface, "Everyone else, please look away while a card is chosen.", round(30 * s),
                        theme.TEXT_DIM, center=(w // 2, round(h * 0.68)))
