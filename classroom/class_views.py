"""What each phone of a class game is shown now: one observation per viewer, of one moment.

Pure Python (no pygame).  Every observation is built from the moment the projector shows: the
placement on screen, if the turn on screen has one, else the engine as it is.  When a round's
last card is on screen the engine has already dealt the next round; a seat's hand is then what
that round left it, so no state mixes two rounds.  The observations are
:mod:`classroom.protocol`'s ``state`` messages, built by :mod:`classroom.observation`.
"""

from __future__ import annotations

from typing import Any

from classroom.observation import PublicTable, public_observation, seat_observation
from classroom.protocol import State
from game.engine import PlayerView
from game.timeline import TableState

from live.session import Stage
from .class_table import ClassTable


class PhoneViews:
    """The observations of one class game's phones (a :class:`~.class_session.ClassSession`'s)."""

    def __init__(self, session: ClassTable) -> None:
        self.session = session
        self._published: Any = None

    def shown_state(self) -> TableState | None:
        """The placement on screen, if the turn on screen has one: the moment every observation
        shows (the engine may already have dealt the next round)."""
        session = self.session
        return session.table.states[-1] if session.table.placements else None

    def waiting_seats(self) -> tuple[tuple[int, ...], bool]:
        """The seats the table waits for, and whether it is one seat's row: a seat that has
        answered (its card, or its row before the table shows it taken) is waited for no more."""
        session = self.session
        game = session.table.game
        if session.table.stage in (Stage.CHOOSE, Stage.THINKING):
            return tuple(seat for seat in game.waiting_for if seat not in session.chosen), False
        seat = game.awaiting_row_choice
        if session.table.stage is not Stage.OVER and seat is not None and (seat in session.questions or seat not in
                                                                     session.phone_seats):
            return (seat,), True
        return (), False

    def public_table(self) -> PublicTable:
        """The table as the projector shows it now (never a hand)."""
        session = self.session
        game = session.table.game
        state = self.shown_state()
        rows = state.rows if state is not None else game.rows
        scores = state.scores if state is not None else tuple(game.scores)
        stage = session.table.stage
        waiting, waiting_row = self.waiting_seats()
        infos = session.room.seats()
        phones = session.phone_seats
        return PublicTable(
            phase="over" if stage is Stage.OVER else "playing",
            rules=session.table.rules,
            names=tuple(seat.name for seat in session.table.seats),
            phones=tuple(i in phones for i in range(len(session.table.seats))),
            connected=tuple(i in phones and i < len(infos) and infos[i].connected
                            for i in range(len(session.table.seats))),
            round=state.round if state is not None else game.round,
            turn=session.table.shown_turn,
            rows=rows,
            scores=scores,
            revealed=session.table.turn_cards,
            waiting=waiting,
            waiting_row=waiting_row,
            caption="".join(str(part) for part in session.table.caption()),
            winners=game.winners if stage is Stage.OVER else (),
            notes=tuple(session.notes[-3:]),
            waiting_teacher=session.teacher_steps and stage is not Stage.OVER and not waiting,
        )

    def observations(self) -> tuple[dict[int, State], State]:
        """Each student seat's observation, and the spectators': all of one moment, the one on screen."""
        session = self.session
        table = self.public_table()
        shown = self.shown_state()
        revealed = bool(session.table.turn_cards) or session.table.stage is Stage.OVER
        seats = {
            seat: seat_observation(table, self.view_at(seat, shown),
                                   session.questions[seat].ask if seat in session.questions else None,
                                   None if revealed else self.chosen_card(seat))
            for seat in session.phone_seats
        }
        public = public_observation(table)
        if session.predicting is not None:
            public = session.predicting.ask_in(seats, public)
        return seats, public

    def view_at(self, seat: int, shown: TableState | None) -> PlayerView:
        """The seat's view at the moment on screen: the engine's, unless the engine has dealt the
        next round while the table still shows the last placement of the round before - then the
        cards the seat held at that placement (what the round's deal left it)."""
        session = self.session
        view: PlayerView = session.table.game.view(seat)
        if shown is None or shown.round == view.round:
            return view
        round_log = session.table.game.rounds[shown.round]
        played = {turn.plays[seat] for turn in round_log.turns[:shown.turn + 1]}
        then: PlayerView = view._replace(round=shown.round, hand=tuple(card for card in round_log.deal.hands[seat]
                                                                       if card not in played), card_to_place=None)
        return then

    def chosen_card(self, seat: int) -> int | None:
        """The card the seat played this turn (secret until revealed): from its phone, or - a game
        resumed after a stop - as the engine holds it."""
        session = self.session
        chosen: int | None = session.chosen.get(seat, session.table.game.chosen_cards[seat])
        return chosen

    def publish(self, force: bool = False) -> None:
        """Send the observations if anything they show may have changed (once the game is over, the
        last table stays as it is: a phone that comes and goes changes nothing on it)."""
        session = self.session
        table = session.table
        if table.stage is Stage.OVER:
            key: tuple[object, ...] = (len(table.states), table.stage, len(session.notes))
        else:
            key = (len(table.states), table.stage, table.shown_turn, tuple(sorted(session.questions)),
                   tuple(sorted(session.chosen.items())), table.game.chosen_cards, table.thinking_players,
                   len(session.notes), session.room.version, table.game.phase, session.teacher_steps,
                   session.predicting.key() if session.predicting is not None else None)
        if key == self._published and not force:
            return
        self._published = key
        seats, public = self.observations()
        session.door.publish(seats, public)
