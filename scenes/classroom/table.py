"""The projector's table in a class game: one table of the room, full size, plus the room's line.

The table itself is :class:`scenes.table.TableScene` (it never shows a hand:
no seat of a class game is a local human).  On top of it this scene shows
the join address and code, who the game waits for, and what computer
players did for late seats; a click on a student's seat offers to give it to
a computer player.  It steps its table on (the lesson paces every other one).

At a room of one table it is the class game's screen: when the game is over
the class's results follow (:mod:`.table_results`).  At a room of many it is
opened from the overview: Esc comes back to every table, and the table's end
stays on screen (the class's results come when every table is done).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from classroom.class_room import RoomOfTables
from classroom.class_session import ClassSession
from classroom.class_settings import ClassSettings
from game.i18n import _, ngettext
from live.session import Stage

from ..base import AppContext, Input, InputKind, Navigator
from ..kit import theme
from ..kit.sound import SOUND_KEY, Cues
from ..kit.widgets import fit_segments
from ..model.settings import save as remember
from ..model.settings import saved
from ..model.view import TableView
from ..table import TableScene
from ..table.source import LiveSource
from .class_predictions import ClassPredictFrame, class_predict_frame, draw_class_predictions

ROOM_LINE_GAP = "   -   "
"""Between the parts of the room's line (the first parts are kept when the line is too long)."""


class ClassTableSource(LiveSource):
    """A class table's game: its end is the class's results at a room of one table; at a room of
    many it stays on screen (the room saved it, Esc goes back to every table)."""

    def __init__(self, tables: RoomOfTables, table: int, settings: ClassSettings, addresses: tuple[str, ...]) -> None:
        super().__init__(tables.sessions[table].table)
        self.tables = tables
        self.settings = settings
        self.addresses = addresses

    def finish(self, nav: Navigator) -> None:
        if self.tables.one_table:
            nav.show_room_results(self.tables, self.settings, self.addresses)


class ClassTableScene(TableScene):
    """Table ``table`` of a class room, projected full size."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, table: int, settings: ClassSettings,
                 addresses: Sequence[str]) -> None:
        session = tables.sessions[table]
        super().__init__(ctx, session.table, auto=True,
                         source=ClassTableSource(tables, table, settings, tuple(addresses)))
        self.tables = tables
        self.table = table
        self.auto = tables.one_table or not tables.paused
        self.class_session = session
        if session.predictions is not None:
            self.predictor.class_predicts()
        self.cues = Cues(on=saved(SOUND_KEY) is True)
        """Sound cues (M): everyone has chosen, a row is taken."""
        self._heard = (session.table.stage, len(session.table.states))
        self.settings = settings
        self.addresses = tuple(addresses)
        self.stepping.may_step = session.predictions_ready  # the class may still be predicting the placement

    @property
    def steps_table(self) -> ClassSession:
        return self.class_session

    def update(self, dt: float) -> None:
        """The app pumps the class session (the phones); the table steps on by itself or by Space
        (and the lesson at the same pace once another screen covers it)."""
        session = self.class_session
        session.teacher_steps, session.pacing.step_delay = not self.auto, self.clock_auto.delay
        super().update(dt)
        self._cue()

    def _cue(self) -> None:
        """The sound cues of what just happened: everyone has chosen, a row was taken."""
        session = self.class_session
        stage, count = session.table.stage, len(session.table.states)
        before, seen = self._heard
        if before in (Stage.CHOOSE, Stage.THINKING) and stage is Stage.REVEALED:
            self.cues.play("chosen")
        if any(state.placement.taken for state in session.table.states[seen:count]):
            self.cues.play("taken")
        self._heard = (stage, count)

    def handle_event(self, inp: Input) -> None:
        if inp.is_key(pygame.K_ESCAPE) and not self.tables.one_table:
            self.ctx.nav.close_overlay()  # every table again
            return
        if inp.is_key(pygame.K_SPACE) and self.cursor is None and self.class_session.show_prediction_now():
            self.step()  # the class has predicted long enough: show the placement now
            return
        if inp.is_key(pygame.K_m):
            remember(SOUND_KEY, self.cues.toggle())
            return
        if inp.is_key(pygame.K_q) and self.addresses:
            self.show_join_again()
            return
        if inp.kind is InputKind.CLICK and self.cursor is None:
            for seat, parts in enumerate(self.layout().seats):
                if parts.box.collidepoint(inp.pos) and seat in self.class_session.phone_seats:
                    self._offer_ai(seat)
                    return
        super().handle_event(inp)

    def show_join_again(self) -> None:
        """Q: the join QR code again, big, for a late student (the game goes on underneath)."""
        self.ctx.nav.show_join_code()

    def _offer_ai(self, seat: int) -> None:
        nav = self.ctx.nav
        name = self.class_session.table.name(seat)

        def give() -> None:
            self.class_session.give_to_ai(seat)
            nav.close_overlay()

        nav.ask(_("Give {name}'s seat to an AI?").format(name=name),
                _("A computer player ({level}) plays for {name} until the end.").format(level=self.settings.ai,
                                                                                      name=name),
                yes_label=_("Give to AI"), no_label=_("Keep"), on_yes=give)

    def _seat_detail(self, view: TableView, player: int) -> str:
        """A student's seat says whether their phone is connected and whether they have chosen (in a
        word or two: the line under a name is narrow)."""
        session = self.class_session
        if player in session.given_to_ai:
            return _("AI ({level})").format(level=self.settings.ai)
        if player not in session.phone_seats:
            return super()._seat_detail(view, player)
        infos = session.room.seats()
        if player < len(infos) and not infos[player].connected:
            # NOTE: a student's phone is not connected to the class game (under their name, in a few letters)
            return _("offline")
        if player in view.thinking:
            question = session.questions.get(player)
            # NOTE: a student is choosing on their phone (under their name, in a few letters)
            return _("taking a row...") if question is not None and question.ask == "row" else _("choosing...")
        return super()._seat_detail(view, player)

    def room_line(self) -> str:
        """The join address and code, and who the table waits for."""
        return ROOM_LINE_GAP.join(self.room_parts())

    def room_parts(self) -> list[str]:
        """The parts of the room's line, most important first: the join address and code (with
        how many watch), whom the table waits for."""
        session = self.class_session
        table = session.public_table()
        join = _("Join: {address}   code {code}").format(address=self.addresses[0] if self.addresses else "",
                                                        code=session.room.code)
        spectators = session.room.spectator_count()
        if spectators:
            join += "   " + ngettext("{count} watching", "{count} watching", spectators).format(count=spectators)
        parts = [join] if self.tables.one_table else [
            join, _("Table {number} - Esc: every table").format(number=self.table + 1)]
        phones = [seat for seat in table.waiting if seat in session.phone_seats]
        if table.waiting_teacher:
            parts.append(_("Auto paused - Space to go on"))
        elif phones:
            asked = session.questions
            names = ", ".join(session.table.name(seat) for seat in phones)
            if any(asked.get(seat) is not None and asked[seat].ask == "row" for seat in phones):
                parts.append(_("{names}: pick a row on your phone").format(names=names))
            else:
                parts.append(_("waiting for: {names}").format(names=names))
        if self.cues.on:
            parts.append(_("sound cues on (M)"))
        return parts

    @property
    def class_predict_frame(self) -> ClassPredictFrame:
        """What the projector shows of the class's predictions now."""
        session = self.class_session
        return class_predict_frame(session.predictions, tuple(seat.name for seat in session.table.seats),
                                   self.shown.shown_state(), self.cursor is None)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        layout = self.layout()
        draw_class_predictions(surface, layout, self.class_predict_frame, self.ctx.sprites)
        s = layout.scale
        notes = self.class_session.notes[-1:]
        join, *waiting = self.room_parts()
        box = pygame.Rect(0, layout.hints.top, surface.get_width(), layout.hints.height)
        pygame.draw.rect(surface, theme.BAR, box)
        size = theme.text_px(21, s)
        # The join address first, then the latest note, then whom the table waits for: what does
        # not fit is left out at the projector's smallest text size.
        line = fit_segments(ROOM_LINE_GAP.join([join, *notes, *waiting]), size, box.width - round(24 * s),
                            separator=ROOM_LINE_GAP)
        theme.blit_text(surface, line, size, theme.ACCENT if notes else theme.TEXT, center=box.center)
