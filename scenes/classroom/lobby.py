"""The class game's lobby on the projector: room code, join address, QR code, seats.

Opening the lobby starts the class server (:mod:`classroom.server`);
students open the address on their phones, type the code and a name, and
appear in a seat.  The teacher starts with Enter (or the game starts by
itself once ``--start-at`` seats are taken); a click on a seat's "Free"
button frees it, Backspace removes the student who joined last, and K (or
the Lock button) locks the room: no new student, while every phone that has
a seat still comes back.  The heading says when many students join from one
address.  Esc closes the room and goes back to the menu.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from classroom.class_puzzles import DEFAULT_PUZZLES
from classroom.room import Room, SeatInfo

from .qr import QrImage, qr_modules
from classroom.server import ClassServer
from game.i18n import Part, _, ngettext, rich
from game.rules import Rules, rules_named

from ..kit import theme
from ..base import AppContext, Input, InputKind, Scene
from classroom.class_settings import (REMEMBERED, ClassSettings, next_predict, next_time_limit,
                                    remembered_choices)
from ..model.settings import save as remember
from classroom.lesson import Lesson
from classroom.opening import open_lesson
from .lobby_tables import draw_students, student_chips, tables_heading
from .screens import start_deal
from ..kit.layout import scale_for
from ..kit.digits import DigitSprites
from ..kit.widgets import draw_button, draw_panel, draw_rich, fit_segments, rich_width, shorten_rich

SEAT_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
"""Keys that change the number of seats before the start (classic rules: 2-10)."""
HEADING_LINES = 3
"""Lines above the seats for their heading: how many are taken, the rules, who plays the empty ones."""
MOST_HEADING_LINES = 5
"""The heading takes up to this many lines when its parts need them (a class's name, a long
language in a small window), so the time limit, predictions and watchers are never cut."""
HEADING_GAP = "  -  "
HINT_GAP = "    "
SHARED_ADDRESS_NOTE = 3
"""Students joined from one address that the heading points out (a school's network, or one laptop)."""


@dataclass(frozen=True)
class LobbyLayout:
    scale: float
    title: pygame.Rect
    info: pygame.Rect
    heading: tuple[pygame.Rect, ...]
    """The lines of the seats' heading, top first."""
    seats: tuple[pygame.Rect, ...]
    free_buttons: tuple[pygame.Rect, ...]
    qr: pygame.Rect
    start: pygame.Rect
    lock: pygame.Rect
    """The button that locks the room (and opens it again), right of Start."""
    hints: pygame.Rect


def lobby_layout(size: tuple[int, int], seat_count: int, modules: int, free_width: int = 0,
                 addresses: int = 1, heading_lines: int = HEADING_LINES) -> LobbyLayout:
    """``free_width``: the width the seats' Free buttons need for their label (at least their
    design width); ``addresses``: the join addresses listed under the room code."""
    w, h = size
    s = scale_for(size)
    margin = round(24 * s)
    qr_side = min(h - 2 * margin - round(60 * s), w // 2 - margin)
    qr_side = max(modules, qr_side // modules * modules)  # whole pixels per module: sharp edges
    qr = pygame.Rect(w - margin - qr_side, margin, qr_side, qr_side)
    left_w = qr.left - 2 * margin
    title = pygame.Rect(margin, margin, left_w, round(56 * s))
    info_h = (theme.line_height(theme.text_px(24, s)) + theme.cap_height(code_size(s)) + round(14 * s)
              + max(1, addresses) * theme.line_height(theme.text_px(30, s)))
    info = pygame.Rect(margin, title.bottom + round(8 * s), left_w, info_h)
    line_h = theme.line_pitch(theme.text_px(22, s))
    heading = tuple(pygame.Rect(margin, info.bottom + round(8 * s) + i * line_h, left_w, line_h)
                    for i in range(heading_lines))
    top = heading[-1].bottom + round(4 * s)
    bottom_room = round(110 * s)
    row_h = max(round(22 * s), min(round(46 * s), (h - top - bottom_room) // max(1, seat_count)))
    seats = tuple(pygame.Rect(margin, top + i * row_h, left_w, row_h - round(6 * s)) for i in range(seat_count))
    free_w = max(round(104 * s), free_width)
    free = tuple(pygame.Rect(r.right - free_w - round(6 * s), r.top + 1, free_w, r.height - 2) for r in seats)
    start = pygame.Rect(margin, h - margin - round(64 * s) - round(28 * s), round(320 * s), round(64 * s))
    lock = pygame.Rect(start.right + round(16 * s), start.top, min(round(270 * s), qr.left - margin - start.right
                                                                    - round(16 * s)), start.height)
    hints = pygame.Rect(margin, h - margin - round(24 * s), w - 2 * margin, round(24 * s))
    return LobbyLayout(s, title, info, heading, seats, free, qr, start, lock, hints)


def chips_area(layout: LobbyLayout) -> pygame.Rect:
    """Where the students' chips go (a room of many tables): from the seats' top to the Start button."""
    top = layout.seats[0]
    return pygame.Rect(top.left, top.top, top.width, layout.start.top - round(12 * layout.scale) - top.top)


def code_size(s: float) -> int:
    """The room code's font size: capitals a back row reads at once (48 px at 1280x720)."""
    return round(72 * s)


class LobbyScene(Scene):
    """Students join; the teacher starts the class game."""

    def __init__(self, ctx: AppContext, settings: ClassSettings, lesson: Lesson | None,
                 problem: str = "") -> None:
        """``lesson``: the lesson this room opens (the app keeps it, and its server, until the
        menu); ``None``: the room could not open, and ``problem`` says why."""
        super().__init__(ctx)
        self.settings = settings
        self.lesson = lesson
        self.server = lesson.server if lesson is not None else None
        self.problem = problem
        """Why the room could not open (e.g. the port is taken); shown instead of the room."""
        self.addresses = list(lesson.addresses) if lesson is not None else []
        self.note = ""
        """Something the teacher should know about the room (it opened on another port)."""
        self._qr = QrImage()

    @property
    def room(self) -> Room | None:
        return self.server.room if self.server is not None else None

    @property
    def join_url(self) -> str:
        return self.addresses[0] if self.addresses else ""

    @property
    def qr_text(self) -> str:
        """What the QR code holds: the join address with the room code, so a scan joins without
        typing the code (the page still takes a typed one)."""
        if not self.join_url or self.room is None:
            return self.join_url
        return f"{self.join_url}/?code={self.room.code}"

    def seats(self) -> tuple[SeatInfo, ...]:
        return self.room.seats() if self.room is not None else ()

    # ------------------------------------------------------------ input
    def handle_event(self, inp: Input) -> None:
        super().handle_event(inp)
        if inp.is_key(pygame.K_ESCAPE) or (self.server is None and inp.kind is InputKind.CLICK):
            self.ctx.nav.go_menu()  # the room closes
        elif inp.is_key(pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif inp.is_key(*SEAT_KEYS) and not self.settings.many_tables:
            self.change_seats(SEAT_KEYS[inp.key])
        elif inp.is_key(pygame.K_t):
            self.toggle_tables()
        elif inp.is_key(pygame.K_l):
            self.settings = replace(self.settings, time_limit=next_time_limit(self.settings.time_limit))
        elif inp.is_key(pygame.K_p):
            self.settings = replace(self.settings, predict=next_predict(self.settings.predict))
        elif inp.is_key(pygame.K_k):
            self.toggle_lock()
        elif inp.is_key(pygame.K_w) and self.lesson is not None:
            self.ctx.nav.show_warmup(self.settings.puzzles or DEFAULT_PUZZLES)
        elif inp.is_key(pygame.K_BACKSPACE):
            self.remove_newest()
        elif inp.kind is InputKind.CLICK and self.room is not None:
            layout = self._layout(self.size)
            if layout.start.collidepoint(inp.pos):
                self.start()
                return
            if layout.lock.collidepoint(inp.pos):
                self.toggle_lock()
                return
            targets = self._chips(layout) if self.settings.many_tables else zip(self.seats(), layout.free_buttons)
            for info, rect in targets:
                if info.taken and rect.collidepoint(inp.pos):
                    self.free(info.index)
                    return

    def toggle_tables(self) -> None:
        """T: one table, or many tables (as many as the students fill).  Back to one table only
        while every student fits its seats."""
        if self.server is None or self.room is None:
            return
        many = not self.settings.many_tables
        settings = replace(self.settings, tables=0 if many else None, seats=None)
        if not self.room.resize(settings.seat_count):
            return
        self.settings = settings
        self.room.many_tables = many
        self.server.lobby_changed()
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
            self.server.release(seat, _("the teacher freed your seat"))

    def remove_newest(self) -> None:
        """Backspace: the student who joined last leaves the room (as a click on their Free)."""
        seat = self.room.newest_student() if self.room is not None else None
        if seat is not None:
            self.free(seat)

    def toggle_lock(self) -> None:
        """K or the Lock button: no new student while locked; a seat's phone still comes back."""
        if self.server is not None and self.room is not None:
            self.room.lock(not self.room.locked)
            self.server.lobby_changed()

    def update(self, dt: float) -> None:
        """The app pumps the lesson (the room tracks who is here); the game may start by itself."""
        if self.server is None:
            return
        start_at = self.settings.start_at
        if start_at is not None and len(self.server.room.connected_seats()) >= start_at:
            self.start()

    def start(self) -> None:
        """Start the game: students' seats as they are, computer players in the others."""
        if self.server is None or not self.server.running:
            return
        remember(REMEMBERED, remembered_choices(self.settings))  # the next lesson's room opens so
        lesson = self.lesson
        if lesson is None:
            return
        lesson.settings = self.settings
        start_deal(self.ctx, lesson)

    # ------------------------------------------------------------- draw
    def _layout(self, size: tuple[int, int]) -> LobbyLayout:
        count = self.room.seat_count if self.room is not None else self.settings.seat_count
        count = 1 if self.settings.many_tables else count  # many tables: the students' chips, not seats
        s = scale_for(size)
        free_width = theme.font(theme.text_px(22, s)).size(_("Free"))[0] + round(24 * s)
        lines = len(self.addresses[:1 if self.note else 3]) + (2 if self.note else 0)  # under the code
        modules = qr_modules(self.qr_text or "http://127.0.0.1:8066/?code=ABCD")
        layout = lobby_layout(size, count, modules, free_width, lines)
        if self.room is None:
            return layout
        needed = len(pack_lines(lobby_heading(self.room, self.settings, self.seats(), slowed(self.server)), theme.text_px(22, s), self.ctx.sprites, layout.info.width,
                                MOST_HEADING_LINES))
        return layout if needed <= HEADING_LINES else lobby_layout(size, count, modules, free_width, lines, needed)

    def _qr_image(self, side: int) -> pygame.Surface:
        return self._qr.image(self.qr_text, side)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        layout = self._layout(surface.get_size())
        s = layout.scale
        title = _("Class game: join from your phone")
        theme.blit_text(surface, title, theme.fit_size(title, round(40 * s), layout.title.width, bold=True), theme.TEXT,
                        bold=True, midleft=(layout.title.left, layout.title.centery))
        if self.room is None or self.server is None:
            self._draw_problem(surface, layout)
            return
        info = layout.info
        self._draw_room(surface, self.room.code, info, s)
        rules = rules_named(self.settings.rules)
        seats = self.seats()
        size = theme.text_px(22, s)
        sprites = self.ctx.sprites
        heading = lobby_heading(self.room, self.settings, self.seats(), slowed(self.server))
        for line, rect in zip(pack_lines(heading, size, sprites, info.width, len(layout.heading)), layout.heading):
            draw_rich(surface, shorten_rich(line, size, sprites, rect.width), size, theme.TEXT_DIM, sprites,
                      midleft=rect.midleft)
        self._draw_seats(surface, layout, seats)
        draw_buttons(surface, layout, self.room, self.mouse)
        size = theme.hint_px(22, s)
        hints = fit_segments(lobby_hints(rules, self.settings.start_at, self.settings.many_tables), size,
                             layout.hints.width, HINT_GAP)
        theme.blit_hint(surface, hints, size, midleft=layout.hints.midleft)
        image = self._qr_image(layout.qr.width)
        surface.blit(image, image.get_rect(center=layout.qr.center))

    def _draw_seats(self, surface: pygame.Surface, layout: LobbyLayout, seats: tuple[SeatInfo, ...]) -> None:
        """The seats of one table, or (many tables) a chip for each student who joined."""
        s = layout.scale
        if self.settings.many_tables:
            draw_students(surface, [seat for seat in seats if seat.taken], chips_area(layout), s, self.mouse)
            return
        for seat, rect, free in zip(seats, layout.seats, layout.free_buttons):
            self._draw_seat(surface, seat, rect, free, s)

    def _chips(self, layout: LobbyLayout) -> list[tuple[SeatInfo, pygame.Rect]]:
        """The students' chips (many tables), where they are drawn, for clicks."""
        return student_chips([seat for seat in self.seats() if seat.taken], chips_area(layout), layout.scale)

    def _draw_problem(self, surface: pygame.Surface, layout: LobbyLayout) -> None:
        """Why the room could not open, and the way back."""
        size = theme.text_px(28, layout.scale)
        y = layout.info.top
        for line in theme.wrap_lines(self.problem, size, layout.info.width):
            y = theme.blit_text(surface, line, size, theme.DANGER, topleft=(layout.info.left, y)).bottom
        theme.blit_hint(surface, _("Esc: back to the menu"), theme.hint_px(22, layout.scale),
                        midleft=layout.hints.midleft)

    def _draw_room(self, surface: pygame.Surface, code: str, info: pygame.Rect, s: float) -> None:
        """The room code, big, and the addresses to open."""
        label = theme.blit_text(surface, _("Room code"), theme.text_px(24, s), theme.TEXT_DIM, topleft=info.topleft)
        size = code_size(s)
        top = label.bottom + round(6 * s)  # the code's capitals, set by their ink
        theme.blit_text(surface, code, size, theme.ACCENT, bold=True,
                        midleft=(info.left, top + theme.cap_height(size) // 2 - theme.cap_centre_offset(size)))
        y = top + theme.cap_height(size) + round(8 * s)
        for address in self.addresses[:1 if self.note else 3]:
            size = theme.fit_size(address, theme.text_px(30, s), info.width)
            y = theme.blit_text(surface, address, size, theme.TEXT, topleft=(info.left, y)).bottom
        size = theme.text_px(22, s)
        for line in theme.wrap_lines(self.note, size, info.width)[:2] if self.note else ():
            y = theme.blit_text(surface, line, size, theme.ACCENT, topleft=(info.left, y)).bottom

    def _draw_seat(self, surface: pygame.Surface, seat: SeatInfo, rect: pygame.Rect, free: pygame.Rect,
                   s: float) -> None:
        draw_panel(surface, rect, theme.PANEL, theme.PANEL_EDGE if seat.taken else None, radius=round(8 * s))
        size = theme.text_px(28, s) if rect.height >= round(40 * s) else theme.least_font_size(s)  # a room of 10 seats
        draw_rich(surface, [seat.index + 1], size, theme.TEXT_DIM, self.ctx.sprites,
                  midleft=(rect.left + round(12 * s), rect.centery))
        name_left = rect.left + round(56 * s)
        if not seat.taken:
            label, fitted = theme.fit_label(_("free (an AI plays it)"), size, rect.right - name_left - round(8 * s))
            theme.blit_text(surface, label, fitted, theme.TEXT_DIM, midleft=(name_left, rect.centery))
            return
        state, colour = (_("connected"), theme.GOOD) if seat.connected else (_("not connected"), theme.DANGER)
        pygame.draw.circle(surface, colour, (name_left + size // 3, rect.centery), max(4, size // 4))
        small = theme.text_px(22, s)
        state_rect = theme.blit_text(surface, state, small, colour, midright=(free.left - round(12 * s), rect.centery))
        room = state_rect.left - round(12 * s) - (name_left + size)
        name, name_size = theme.fit_label(seat.name, size, max(40, room))
        theme.blit_text(surface, name, name_size, theme.TEXT, midleft=(name_left + size, rect.centery))
        draw_button(surface, free, _("Free"), small, hovered=free.collidepoint(self.mouse))


def slowed(server: ClassServer | None) -> bool:
    """Whether the server slowed the joins of an address holding its share of the places."""
    return server is not None and server.slowed_joins > 0


def lobby_heading(room: Room, settings: ClassSettings, seats: tuple[SeatInfo, ...], slowed: bool = False
                  ) -> list[list[Part]]:
    """The seats' heading, part by part: who may come in first (what the teacher must see), the
    class, the seats or tables, the time limit, predictions, how many watch; ``slowed``: the
    server slowed the joins of an address holding its share of the places."""
    taken = sum(1 for seat in seats if seat.taken)
    heading = (tables_heading(taken, settings) if settings.many_tables
               else seats_heading(taken, len(seats), rules_named(settings.rules), settings.ai))
    return [*room_parts(room, slowed), *class_part(settings.class_name), *heading, time_limit_part(settings.time_limit),
            predict_part(settings.predict), *watching_part(room.spectator_count())]


def class_part(class_name: str) -> list[list[Part]]:
    """The heading's part naming the class (none: no part)."""
    # NOTE: the lobby's heading: the class whose lesson this is (class --class NAME)
    return [[_("class {name}").format(name=class_name)]] if class_name else []


def time_limit_part(limit: float | None) -> list[Part]:
    """The heading's part on the time limit (key L changes it)."""
    if limit is None:
        return [_("no time limit")]
    # NOTE: seconds a student has to choose before an AI chooses for them (the lobby's heading)
    return rich(_("time limit: {seconds} s"), seconds=round(limit))


def draw_buttons(surface: pygame.Surface, layout: LobbyLayout, room: Room, mouse: tuple[int, int]) -> None:
    """Start, and Lock (lit while the room is locked)."""
    s = layout.scale
    draw_button(surface, layout.start, _("Start the game"), round(30 * s), hovered=layout.start.collidepoint(mouse),
                key_hint=_("Enter"))
    lock_label = _("Open the room") if room.locked else _("Lock the room")
    draw_button(surface, layout.lock, lock_label, theme.text_px(28, s), hovered=layout.lock.collidepoint(mouse),
                toggled=room.locked, key_hint="K")


def watching_part(spectators: int) -> list[list[Part]]:
    """The heading's part on the phones that watch (none: no part)."""
    if not spectators:
        return []
    return [rich(ngettext("{count} watching", "{count} watching", spectators), count=spectators)]


def room_parts(room: Room, slowed: bool = False) -> list[list[Part]]:
    """The heading's parts on who may come in: the room locked (key K), and an address many
    students joined from (a school's network, or one laptop joining for many): what the server
    did (``slowed``: its joins) and what the teacher may do."""
    parts: list[list[Part]] = []
    if room.locked:
        parts.append([_("locked: no new students")])
    address, count = room.shared_address()
    if count < SHARED_ADDRESS_NOTE:
        return parts
    if room.locked:
        text = _("{count} joined from one address ({address})")
    elif slowed:
        # NOTE: the lobby's heading: the server answers that address's joins slowly; K locks the room
        text = _("{count} phones joined from one address ({address}), its joins slowed: K locks the room")
    else:
        text = _("{count} phones joined from one address ({address}): K locks the room")
    parts.append(rich(text, count=count, address=address))
    return parts


def predict_part(predict: bool | None) -> list[Part]:
    """The heading's part on the class's predictions (key P changes it)."""
    if predict is None:
        # NOTE: the lobby's heading: phones that only watch predict each placement
        return [_("watchers predict")]
    return [_("everyone predicts") if predict else _("no predictions")]


def lobby_hints(rules: Rules, start_at: int | None, many_tables: bool = False) -> str:
    """The lobby's footer: the automatic start, the keys (+/- where the rules let the seats change);
    most important first (what does not fit the window is left out from the end: the Free buttons
    speak for themselves)."""
    hints = [_("Enter: start")]
    if start_at is not None:
        hints.append(ngettext("the game starts by itself when {count} seat is taken",
                              "the game starts by itself when {count} seats are taken", start_at
                              ).format(count=start_at))
    hints += [_("W: warm-up puzzles"), _("Esc: close the room"), _("Backspace: remove the last to join"),
              _("L: time limit"), _("P: predictions")]
    if many_tables:
        hints += [_("T: one table"), _("click a name: free the place")]
        return HINT_GAP.join(hints)
    if rules.min_players < rules.max_players:
        hints.append(_("+/-: seats"))
    hints += [_("T: many tables"), _("click Free: free a seat")]
    return HINT_GAP.join(hints)


def seats_heading(taken: int, count: int, rules: Rules, level: str) -> list[list[Part]]:
    """The parts of the seats' heading (numbers to stamp): how many are taken, the rules, who plays
    the empty seats."""
    return [rich(ngettext("Seats: {taken} of {count} taken", "Seats: {taken} of {count} taken", count),
                 taken=taken, count=count),
            [_(rules.title)],
            [_("AIs ({level}) play the empty seats").format(level=level)]]


def pack_lines(parts: list[list[Part]], size: int, sprites: DigitSprites, width: int, lines: int
               ) -> list[list[Part]]:
    """``parts`` on at most ``lines`` lines of ``width`` at ``size``, in order, as many on a line as
    fit (a part too long for a line of its own is left to be shortened there)."""
    packed: list[list[Part]] = []
    for part in parts:
        joined = [*packed[-1], HEADING_GAP, *part] if packed else part
        if packed and (rich_width(joined, size, sprites) <= width or len(packed) == lines):
            packed[-1] = joined
        else:
            packed.append(list(part))
    return packed


def open_lobby(ctx: AppContext, settings: ClassSettings) -> LobbyScene:
    """The lobby of a new class room, its server listening (``ValueError`` if it cannot).  The
    usual port already in use (another class game left open, another program) is not a dead end:
    the room opens on the next free port, and the lobby says so.  A port the teacher chose
    (``--port``) is that port or a one-line error."""
    lesson, note = open_lesson(settings, keep=ctx.options.record is None)
    lobby = LobbyScene(ctx, settings, lesson)
    remember(REMEMBERED, remembered_choices(settings))  # (the menu's next room: this class's, even if closed now)
    lobby.note = note
    return lobby


def lobby_scene(ctx: AppContext, settings: ClassSettings) -> LobbyScene:
    """The lobby, or (the port is taken...) a lobby that says why it cannot open."""
    try:
        return open_lobby(ctx, settings)
    except ValueError as problem:
        return LobbyScene(ctx, settings, None, str(problem))
