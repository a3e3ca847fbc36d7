"""The class game's lobby on the projector: room code, join address, QR code, seats.

Opening the lobby starts the class server (:mod:`game.classroom.server`);
students open the address on their phones, type the code and a name, and
appear in a seat.  The teacher starts with Enter (or the game starts by
itself once ``--start-at`` seats are taken); a click on a seat's "Free"
button frees it.  Esc closes the room and goes back to the menu.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass

import pygame
import segno

from game.agent_options import AgentOptions
from game.classroom.room import Room, SeatInfo
from game.classroom.server import ClassServer, lan_addresses
from game.rules import Rules, rules_named

from . import theme
from .base import AppContext, Input, InputKind, Scene
from .class_cli import ClassSettings
from .class_session import ClassSession, class_seats
from .layout import scale_for
from .widgets import draw_button, draw_panel

SEAT_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
"""Keys that change the number of seats before the start (classic rules: 2-10)."""


def qr_surface(text: str, module: int) -> pygame.Surface:
    """``text`` as a QR code (error correction M), ``module`` pixels per module, with the
    4-module white quiet zone scanners need."""
    code = segno.make(text, error="m", micro=False)
    matrix = code.matrix
    border = 4
    size = (len(matrix) + 2 * border) * module
    image = pygame.Surface((size, size))
    image.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.fill((0, 0, 0), ((x + border) * module, (y + border) * module, module, module))
    return image


def qr_modules(text: str) -> int:
    """Modules across the QR code of ``text``, quiet zone included."""
    return len(segno.make(text, error="m", micro=False).matrix) + 8


@dataclass(frozen=True)
class LobbyLayout:
    scale: float
    title: pygame.Rect
    info: pygame.Rect
    seats: tuple[pygame.Rect, ...]
    free_buttons: tuple[pygame.Rect, ...]
    qr: pygame.Rect
    start: pygame.Rect
    hints: pygame.Rect


def lobby_layout(size: tuple[int, int], seat_count: int, modules: int) -> LobbyLayout:
    w, h = size
    s = scale_for(size)
    margin = round(24 * s)
    qr_side = min(h - 2 * margin - round(60 * s), w // 2 - margin)
    qr_side = max(modules, qr_side // modules * modules)  # whole pixels per module: sharp edges
    qr = pygame.Rect(w - margin - qr_side, margin, qr_side, qr_side)
    left_w = qr.left - 2 * margin
    title = pygame.Rect(margin, margin, left_w, round(56 * s))
    info = pygame.Rect(margin, title.bottom + round(8 * s), left_w, round(150 * s))
    top = info.bottom + round(16 * s)
    bottom_room = round(110 * s)
    row_h = max(round(22 * s), min(round(46 * s), (h - top - bottom_room) // max(1, seat_count)))
    seats = tuple(pygame.Rect(margin, top + i * row_h, left_w, row_h - round(6 * s)) for i in range(seat_count))
    free = tuple(pygame.Rect(r.right - round(110 * s), r.top + 1, round(104 * s), r.height - 2) for r in seats)
    start = pygame.Rect(margin, h - margin - round(64 * s) - round(28 * s), round(320 * s), round(64 * s))
    hints = pygame.Rect(margin, h - margin - round(24 * s), w - 2 * margin, round(24 * s))
    return LobbyLayout(s, title, info, seats, free, qr, start, hints)


class LobbyScene(Scene):
    """Students join; the teacher starts the class game."""

    def __init__(self, ctx: AppContext, settings: ClassSettings, server: ClassServer | None,
                 problem: str = "") -> None:
        super().__init__(ctx)
        self.settings = settings
        self.server = server
        self.problem = problem
        """Why the room could not open (e.g. the port is taken); shown instead of the room."""
        hosts = lan_addresses() if settings.host in ("", "0.0.0.0", "::") else [settings.host]
        self.addresses = [f"http://{address}:{server.port}" for address in hosts] if server else []
        if server is not None:  # for the teacher's terminal (and scripts): where to join
            print(f"class room {server.room.code}: join at {' or '.join(self.addresses)}", flush=True)
        self._qr: tuple[int, pygame.Surface] | None = None

    @property
    def room(self) -> Room | None:
        return self.server.room if self.server is not None else None

    @property
    def join_url(self) -> str:
        return self.addresses[0] if self.addresses else ""

    def seats(self) -> tuple[SeatInfo, ...]:
        return self.room.seats() if self.room is not None else ()

    def close(self) -> None:
        """Stop the server (leaving without a game)."""
        if self.server is not None:
            self.server.stop()

    # ------------------------------------------------------------ input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.is_key(pygame.K_ESCAPE):
            self.close()
            self.ctx.nav.go_menu()
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif inp.is_key(*SEAT_KEYS):
            self.change_seats(SEAT_KEYS[inp.key])
        elif inp.kind is InputKind.CLICK and self.room is not None:
            surface = pygame.display.get_surface()
            layout = self._layout(surface.get_size() if surface is not None else (1280, 720))
            if layout.start.collidepoint(inp.pos):
                self.start()
                return
            for info, rect in zip(self.seats(), layout.free_buttons):
                if info.taken and rect.collidepoint(inp.pos):
                    self.free(info.index)

    def change_seats(self, step: int) -> None:
        """One seat more or fewer before the start, within what the rules allow (classic: 2-10);
        a seat a student holds is never taken away."""
        if self.server is None or self.room is None:
            return
        rules = rules_named(self.settings.rules)
        wanted = max(rules.min_players, min(rules.max_players, self.room.seat_count + step))
        if wanted != self.room.seat_count and self.room.resize(wanted):
            self.server.lobby_changed()

    def free(self, seat: int) -> None:
        """The teacher frees a seat before the game (its phone goes back to the join form)."""
        if self.server is not None:
            self.server.room.free(seat)
            self.server.release(seat, "the teacher freed your seat")

    def update(self, dt: float) -> None:
        if self.server is None:
            return
        while True:  # before the start, phones have nothing to play: the room tracks who is here
            try:
                self.server.inbox.get_nowait()
            except queue.Empty:
                break
        start_at = self.settings.start_at
        if start_at is not None and len(self.server.room.taken_seats()) >= start_at:
            self.start()

    def start(self) -> None:
        """Start the game: students' seats as they are, computer players in the others."""
        if self.server is None or not self.server.running:
            return
        rules = rules_named(self.settings.rules)
        room = self.server.room
        seats = class_seats(room, rules, self.settings.ai)
        room.start()
        options = AgentOptions(think_ms=self.ctx.options.think_ms)
        session = ClassSession(seats, self.server, rules=rules, level=self.settings.ai, seed=self.settings.seed,
                               options=options, time_limit=self.settings.time_limit)
        from .class_table import ClassTableScene

        self.ctx.nav.show_session(session, ClassTableScene(self.ctx, session, self.settings, self.addresses))  # type: ignore[attr-defined]

    # ------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> LobbyLayout:
        count = self.room.seat_count if self.room is not None else self.settings.seat_count
        return lobby_layout(size, count, qr_modules(self.join_url or "http://127.0.0.1:8066"))

    def _qr_image(self, side: int) -> pygame.Surface:
        if self._qr is None or self._qr[0] != side:
            modules = qr_modules(self.join_url)
            self._qr = (side, qr_surface(self.join_url, max(1, side // modules)))
        return self._qr[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        layout = self._layout(surface.get_size())
        s = layout.scale
        theme.blit_text(surface, "Class game: join from your phone", round(40 * s), theme.TEXT, bold=True,
                        midleft=(layout.title.left, layout.title.centery))
        if self.room is None or self.server is None:
            theme.blit_text(surface, self.problem, theme.fit_size(self.problem, round(28 * s), layout.info.width),
                            theme.DANGER, topleft=layout.info.topleft)
            theme.blit_text(surface, "Esc: back to the menu", theme.text_px(22, s), theme.TEXT_DIM,
                            midleft=layout.hints.midleft)
            return
        info = layout.info
        theme.blit_text(surface, "Room code", theme.text_px(24, s), theme.TEXT_DIM, topleft=info.topleft)
        code_rect = theme.blit_text(surface, self.room.code, round(84 * s), theme.ACCENT, bold=True,
                                    topleft=(info.left, info.top + round(22 * s)))
        y = code_rect.bottom + round(4 * s)
        for address in self.addresses[:3]:
            size = theme.fit_size(address, theme.text_px(30, s), info.width)
            y = theme.blit_text(surface, address, size, theme.TEXT, topleft=(info.left, y)).bottom
        rules = rules_named(self.settings.rules)
        seats = self.seats()
        taken = sum(1 for seat in seats if seat.taken)
        heading, size = theme.fit_label(f"Seats: {taken} of {len(seats)} taken  -  {rules.name} rules  -  "
                                        f"AIs ({self.settings.ai}) play the empty ones", theme.text_px(22, s), info.width)
        theme.blit_text(surface, heading, size, theme.TEXT_DIM,
                        bottomleft=(layout.seats[0].left, layout.seats[0].top - round(2 * s)))
        for seat, rect, free in zip(seats, layout.seats, layout.free_buttons):
            self._draw_seat(surface, seat, rect, free, s)
        spectators = self.room.spectator_count()
        draw_button(surface, layout.start, "Start the game", round(30 * s), hovered=layout.start.collidepoint(self.mouse),
                    key_hint="Enter")
        if spectators:
            theme.blit_text(surface, f"{spectators} watching", theme.text_px(22, s), theme.TEXT_DIM,
                            midleft=(layout.start.right + round(20 * s), layout.start.centery))
        hints = lobby_hints(rules, self.settings.start_at)
        theme.blit_text(surface, hints, theme.fit_size(hints, theme.text_px(20, s), layout.hints.width), theme.TEXT_DIM,
                        midleft=layout.hints.midleft)
        image = self._qr_image(layout.qr.width)
        surface.blit(image, image.get_rect(center=layout.qr.center))

    def _draw_seat(self, surface: pygame.Surface, seat: SeatInfo, rect: pygame.Rect, free: pygame.Rect,
                   s: float) -> None:
        draw_panel(surface, rect, theme.PANEL, theme.PANEL_EDGE if seat.taken else None, radius=round(8 * s))
        size = theme.text_px(28, s) if rect.height >= round(40 * s) else theme.MIN_FONT_SIZE  # a room of 10 seats
        theme.blit_text(surface, f"{seat.index + 1}", size, theme.TEXT_DIM,
                        midleft=(rect.left + round(12 * s), rect.centery))
        name_left = rect.left + round(56 * s)
        if not seat.taken:
            theme.blit_text(surface, "free (an AI plays it)", size, theme.TEXT_DIM, midleft=(name_left, rect.centery))
            return
        state, colour = ("connected", theme.GOOD) if seat.connected else ("not connected", theme.DANGER)
        pygame.draw.circle(surface, colour, (name_left + size // 3, rect.centery), max(4, size // 4))
        room = free.left - name_left - round(200 * s)
        name, name_size = theme.fit_label(seat.name, size, max(40, room))
        theme.blit_text(surface, name, name_size, theme.TEXT, midleft=(name_left + size, rect.centery))
        small = theme.text_px(22, s)
        theme.blit_text(surface, state, small, colour, midright=(free.left - round(12 * s), rect.centery))
        draw_button(surface, free, "Free", small, hovered=free.collidepoint(self.mouse))


def lobby_hints(rules: Rules, start_at: int | None) -> str:
    """The lobby's footer: the keys (+/- where the rules let the seats change), the automatic start."""
    seats = "    +/-: seats" if rules.min_players < rules.max_players else ""
    hints = f"Enter: start{seats}    click Free: free a seat    Esc: close the room"
    if start_at is not None:
        hints += f"    the game starts by itself when {start_at} seats are taken"
    return hints


def open_lobby(ctx: AppContext, settings: ClassSettings) -> LobbyScene:
    """The lobby of a new class room, its server listening (``ValueError`` if it cannot)."""
    rules = rules_named(settings.rules)
    room = Room(settings.seat_count, settings.code)
    server = ClassServer(room, rules=rules, host=settings.host, port=settings.port)
    try:
        server.start()
    except OSError as problem:
        raise ValueError(f"cannot open the class room on port {settings.port}: "
                         f"{problem.strerror or problem}") from None
    return LobbyScene(ctx, settings, server)


def lobby_scene(ctx: AppContext, settings: ClassSettings) -> LobbyScene:
    """The lobby, or (the port is taken...) a lobby that says why it cannot open."""
    try:
        return open_lobby(ctx, settings)
    except ValueError as problem:
        return LobbyScene(ctx, settings, None, str(problem))
