"""What the parts of a class game read of it: :class:`ClassTable`, a typed, read-only view of
:class:`~.class_session.ClassSession`, and :class:`LiveTable`, of its table's game.

The session holds its parts - what each phone is shown (:mod:`.class_views`), the class's
predictions (:mod:`.class_predicting`), the reviews and the lesson report (:mod:`.class_learning`)
- and each part reads the game through this view, never through the session's class: the parts
stand below the session, and mypy checks every attribute they read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from classroom.bridge import Asked
from classroom.predictions import ClassPredictions
from classroom.protocol import State
from classroom.table_door import TableDoor, TableRoom
from game.engine import Game, Placement
from game.i18n import Part
from game.rules import Rules
from game.timeline import TableState
from live.seats import Seat
from live.session import Stage


class AskedOfPhone(Protocol):
    """A card or a row asked of a phone, not answered yet."""

    @property
    def ask(self) -> str:
        """``"card"`` or ``"row"``."""


class PhonesPredicting(Protocol):
    """The class's predictions, as what each phone is shown reads them."""

    def ask_in(self, seats: dict[int, State], public: State) -> State: ...

    def key(self) -> object: ...


class LiveTable(Protocol):
    """A class game's table, as the parts of its session read it (a :class:`~live.session.TableSession`)."""

    @property
    def game(self) -> Game: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def states(self) -> Sequence[TableState]: ...

    @property
    def placements(self) -> Sequence[Placement]: ...

    @property
    def shown_turn(self) -> int: ...

    @property
    def turn_cards(self) -> tuple[int, ...]: ...

    @property
    def upcoming(self) -> tuple[int, int] | None: ...

    @property
    def thinking_players(self) -> tuple[int, ...]: ...

    @property
    def record_number(self) -> int | None: ...

    def name(self, player: int) -> str: ...

    def caption(self) -> list[Part]: ...


class ClassTable(Protocol):
    """One class game (one table), as its parts read it."""

    @property
    def table(self) -> LiveTable: ...

    @property
    def door(self) -> TableDoor: ...

    @property
    def room(self) -> TableRoom: ...

    @property
    def phone_seats(self) -> tuple[int, ...]: ...

    @property
    def questions(self) -> Mapping[int, AskedOfPhone]: ...

    @property
    def chosen(self) -> Mapping[int, int]: ...

    @property
    def notes(self) -> list[str]:
        """What the projector and phones are told (the lesson report adds why it could not be written)."""

    @property
    def teacher_steps(self) -> bool: ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def predicting(self) -> PhonesPredicting | None: ...

    @property
    def predictions(self) -> ClassPredictions | None: ...

    def refuse(self, event: Asked, message: str) -> None: ...
