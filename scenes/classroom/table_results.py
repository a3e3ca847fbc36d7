"""The class's results at a room of one table: the usual results screen, played on in the same room.

"Replay this deal" and "New deal" play the room's next deal (:meth:`RoomOfTables.next_deal`): the
same code, the students' phones in their seats, showing their new hands without rejoining.  Under
the buttons, the lesson report's file in full; L opens it in the browser.  (A room of many tables
has the class's standings instead: :mod:`.room_results`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from classroom.class_room import RoomOfTables
from classroom.class_settings import ClassSettings
from game.i18n import Part, _
from game.predict import best_predictor_places

from ..base import AppContext, Input
from ..kit.report_link import ReportLink
from ..kit.widgets import rich_width
from ..kit.words import predictor_place_short
from ..model.outcome import outcome_of
from ..results.scene import ResultsScene


class ClassResultsScene(ResultsScene):
    """The results of the class game played at the room's one table."""

    def __init__(self, ctx: AppContext, tables: RoomOfTables, settings: ClassSettings,
                 addresses: Sequence[str]) -> None:
        session = tables.sessions[0]
        saved = tables.save_finished()[0]
        super().__init__(ctx, outcome_of(session.table, saved.line if saved is not None else ""))
        self.tables = tables
        self.settings = settings
        self.addresses = tuple(addresses)
        self.report = ReportLink(tables.report)

    def handle_event(self, inp: Input) -> None:
        if inp.is_key(pygame.K_l):
            self.report.open()
            return
        super().handle_event(inp)

    def notes(self, width: int, size: int) -> list[str]:
        """The lesson report's file and its key (or why it is not there), then the usual keys."""
        return [*self.report.lines(size, width), *super().notes(width, size)]

    def subtitle(self, size: int, width: int) -> list[Part]:
        """The usual line, and the class's best predictors if the class predicted: every one tied
        for a place named (or, where the names do not fit, counted); where the two do not fit
        together, the best predictors alone (the lines below say who won)."""
        parts = self._subtitle()
        predictions = self.tables.sessions[0].predictions
        places = best_predictor_places(predictions.standings()) if predictions is not None else []
        if not places:
            return parts
        best = [_("Best predictors: {names}").format(names="; ".join(predictor_place_short(place, named)
                                                                      for place in shown))
                for shown, named in ((places, True), (places, False), (places[:1], False))]
        alone: list[list[Part]] = [[line] for line in best]
        tried = [[*parts, "  -  ", best[0]], [*parts, "  -  ", best[1]], *alone]
        return next((line for line in tried if rich_width(line, size, self.ctx.sprites) <= width), tried[-1])

    def _activate(self, index: int) -> None:
        if index not in (0, 1):  # Menu, Quit: the app closes the room
            super()._activate(index)
            return
        if not self.tables.server.running:  # the room has closed: a new one
            seed = self.tables.seed if index == 0 else None
            self.ctx.nav.open_class_room(replace(self.settings, seed=seed))
            return
        tables = self.tables.replay_deal() if index == 0 else self.tables.next_deal()
        self.ctx.nav.show_room(tables, self.settings, self.addresses)
