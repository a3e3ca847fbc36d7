"""Keeping a game in progress and resuming it exactly where it was (pure Python).

:func:`unfinished_of_session` writes down a live :class:`TableSession`'s
decisions (see :mod:`store.unfinished`); :func:`resume_session` replays them
through a new session - the humans' cards and rows through the session's
own actions, the computer players' through stand-ins that repeat what they
decided - and stops at the step the table showed.  Then the seats' own
players take over; a decision they had not made yet is asked of them again.
In hot-seat the curtain comes first, so a resumed hand is never shown to
whoever sits at the screen.
"""

from __future__ import annotations

import sys
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Callable

from game.players.options import DEFAULT_OPTIONS, AgentOptions
from game.engine import PlayerView
from game.i18n import _
from game.rules import rules_named
from store.history import MOST_UNFINISHED, HistoryError, open_history
from store.kept import keep_unfinished, unfinished_games
from store.kept import set_aside as set_aside_in
from store.kept_room import UnfinishedRoom, parse_kept
from store.storage import default_history_path
from store.kept_predictions import KeptPredictions
from store.unfinished import KeptRoom, UnfinishedError, UnfinishedGame, unfinished_of

from .saving import error_line
from .session import Stage, TableSession
from live.seats import PHONE, Seat
from live.thinker import Thinker


def resumable(session: TableSession) -> bool:
    """Whether ``session`` can be kept and resumed by itself (a class game's table is kept by its
    lesson, with its room: :meth:`classroom.class_session.ClassSession.kept`)."""
    return all(seat.kind != PHONE for seat in session.seats)


def unfinished_of_session(session: TableSession, room: KeptRoom | None = None,
                          predictions: KeptPredictions | None = None) -> UnfinishedGame:
    """What :func:`resume_session` needs to rebuild ``session`` as it is on screen now (a class
    game's: with its ``room`` and the class's ``predictions``)."""
    turn_started = not session.placements  # the table moved on to a turn with nothing placed yet
    return unfinished_of(session.game, [(seat.name, seat.kind) for seat in session.seats], session.mode,
                         len(session.states), turn_started, session.stage is Stage.ROW_CHOICE,
                         session.shown_turn, room, predictions)


class _Repeat:
    """A computer player's stand-in: its decisions so far, in order; then nothing (``None``)."""

    def __init__(self, kind: str, cards: tuple[int, ...], rows: tuple[int, ...]) -> None:
        self.kind = kind
        self._cards = list(cards)
        self._rows = list(rows)

    def choose_card(self, view: PlayerView) -> int | None:
        return self._cards.pop(0) if self._cards else None

    def choose_row(self, view: PlayerView) -> int | None:
        return self._rows.pop(0) if self._rows else None


class _RepeatThinker(Thinker):
    """Answers at once; a decision the stand-in does not have stays outstanding."""

    def __init__(self) -> None:
        super().__init__(threaded=False)

    def submit(self, work: Callable[..., Any], *args: Any) -> Future[Any]:
        answer = work(*args)
        future: Future[Any] = Future()
        if answer is not None:
            future.set_result(answer)
        return future


SessionMaker = Callable[[tuple[Seat, ...], list[Any], Thinker], TableSession]
"""Builds the session to replay into: (seats, stand-in players, thinker) -> session."""


def _replaying(kept: UnfinishedGame, make: SessionMaker | None) -> TableSession:
    """A new session whose computer players repeat what ``kept`` says they decided."""
    seats = tuple(Seat(name, kind) for name, kind in kept.seats)
    stand_ins = [None if seat.is_human else _Repeat(seat.kind, kept.cards[i], kept.rows[i])
                 for i, seat in enumerate(seats)]
    if make is None:
        return TableSession(seats, seed=kept.seed, rules=rules_named(kept.rules), mode=kept.mode,
                            agents=stand_ins, thinker=_RepeatThinker())  # type: ignore[arg-type]
    return make(seats, stand_ins, _RepeatThinker())


def resume_session(kept: UnfinishedGame, options: AgentOptions = DEFAULT_OPTIONS, key: str | None = None,
                   make: SessionMaker | None = None) -> TableSession:
    """A session at the step ``kept`` was left at (keeping it again under ``key``, the game's key in
    the history; ``make``: a class game's session); ``ValueError`` if its decisions do not replay
    (a damaged or altered record)."""
    try:
        session = _replaying(kept, make)
    except (ValueError, KeyError, IndexError, TypeError) as error:
        raise UnfinishedError(_("the kept game does not replay: {problem}").format(problem=error)) from None
    seats = session.seats
    human_cards = {i: list(kept.cards[i]) for i, seat in enumerate(seats) if seat.is_human}
    human_rows = {i: list(kept.rows[i]) for i, seat in enumerate(seats) if seat.is_human}
    try:
        _replay(session, kept, human_cards, human_rows)
    except (ValueError, KeyError, IndexError, TypeError, RecursionError) as error:
        session.close()
        raise UnfinishedError(_("the kept game does not replay: {problem}").format(problem=error)) from None
    session.take_own_players(options)
    if key is not None:
        session.keep_key = key
    if session.stage is Stage.CHOOSE and session.uses_curtain:
        session.stage = Stage.CURTAIN
    return session


def _replay(session: TableSession, kept: UnfinishedGame, human_cards: dict[int, list[int]],
            human_rows: dict[int, list[int]]) -> None:
    limit = 10 * (len(session.seats) + 2) * (sum(len(c) for c in kept.cards) + 2)
    for _step in range(limit):
        session.poll()
        stage = session.stage
        if stage in (Stage.CURTAIN, Stage.CHOOSE):
            player = session.chooser
            if player is None or not human_cards.get(player):
                return
            session.dismiss_curtain()
            session.choose(human_cards[player].pop(0))
        elif stage is Stage.ROW_CHOICE:
            player = session.row_chooser
            if player is None or not human_rows.get(player):
                return
            session.pick_row(human_rows[player].pop(0))
        elif stage in (Stage.REVEALED, Stage.PLACED):
            turn_over = len(session.placements) == len(session.seats)
            behind = len(session.states) < kept.placements
            if behind or (turn_over and kept.turn_started) or (kept.asking_row and not turn_over):
                before = (len(session.states), session.stage)
                session.advance()
                if (len(session.states), session.stage) == before:
                    return  # a computer player's row that was still being decided
            else:
                return
        else:
            return
    raise ValueError("too many steps")


# ------------------------------------------------------------ the history's unfinished games
@dataclass(frozen=True)
class Kept:
    """An unfinished game the menu may offer to resume."""

    key: str
    saved: int
    """When it was last kept (Unix seconds)."""
    game: UnfinishedGame | UnfinishedRoom
    """A game, or a room of many tables (:mod:`store.kept_room`)."""

    @property
    def class_game(self) -> bool:
        """A class game (one table's, or a room of many tables): ``class --resume`` opens it."""
        return isinstance(self.game, UnfinishedRoom) or self.game.room is not None


@dataclass(frozen=True)
class ToKeep:
    """A live game (or room of tables) as the history keeps it while unfinished."""

    key: str
    """Its key among the history's unfinished games."""
    progress: tuple[Any, ...]
    """Changes whenever it moves on a turn: then it is kept again."""
    over: bool
    state: Callable[[], str]
    """Its state as JSON (made only when it is kept)."""


def to_keep(session: TableSession) -> ToKeep:
    return ToKeep(session.keep_key, progress_of(session), session.game.is_over,
                  lambda: unfinished_of_session(session).to_json())


def keep_in_history(kept: ToKeep) -> int:
    """Keep ``kept`` among the history's unfinished games (``HistoryError``, ``OSError``); how
    many older ones went to make room."""

    state = kept.state()
    with open_history(import_legacy=False) as history:
        return keep_unfinished(history, kept.key, state)


def kept_in_history() -> list[Kept]:
    """The history's unfinished games that can be read, the latest first.  A damaged one is set
    aside (never deleted; one line says so) and no longer offered."""
    kept, damaged = kept_and_damaged()
    for problem in damaged:
        error_line(damaged_line(problem))
    return kept


def kept_and_damaged() -> tuple[list[Kept], list[str]]:
    """The history's unfinished games that can be read, the latest first, and why each one that
    cannot was set aside (nothing said yet)."""

    if not default_history_path().exists():
        return [], []
    try:
        with open_history(import_legacy=False) as history:
            found = unfinished_games(history)
    except (HistoryError, OSError):
        return [], []
    kept, damaged = [], []
    for entry in found:
        try:
            kept.append(Kept(entry.game, entry.saved, parse_kept(entry.state)))
        except UnfinishedError as problem:
            set_aside(entry.game, str(problem), say=False)
            damaged.append(str(problem))
    return kept, damaged


def set_aside(key: str, problem: str, say: bool = True) -> None:
    """Kept game ``key`` cannot be read or resumed: it is set aside in the history (kept as it
    was, offered no more), with one line on the terminal (unless the caller says it: ``say``)."""

    if say:
        error_line(damaged_line(problem))
    try:
        with open_history(import_legacy=False) as history:
            set_aside_in(history, key, problem)
    except (HistoryError, OSError):
        pass


def damaged_line(problem: str) -> str:
    return _("an unfinished game kept in the history is damaged ({problem}): it was set aside").format(
        problem=problem)


def progress_of(session: TableSession) -> tuple[str, int, int]:
    """Changes once per turn, and with the game: when it does, the game is kept again."""
    return session.keep_key, session.game.round, session.game.turn


class Keeper:
    """The app's side of unfinished games: the live one kept once per turn and whenever it is
    left (not with ``--record FILE``: the history is then left alone), and the kept ones found."""

    def __init__(self, record: object | None) -> None:
        self.record = record
        self.kept_at: tuple[Any, ...] | None = None
        """The progress last kept (see :class:`ToKeep`)."""

    def will_keep(self, kept: ToKeep | None) -> bool:
        """Whether leaving now keeps ``kept`` for the menu to resume."""
        return kept is not None and not kept.over and self.record is None

    def keep(self, kept: ToKeep | None, quiet: bool = False) -> bool:
        """Keep ``kept`` (if unfinished) in the history; whether it was.  ``quiet``: a failure is
        not reported (the once-a-turn keeping; leaving or closing reports it)."""

        if kept is None or not self.will_keep(kept):
            return False
        try:
            dropped = keep_in_history(kept)
        except (HistoryError, OSError) as exc:
            if not quiet:
                error_line(_("cannot keep the unfinished game: {problem}").format(problem=exc))
            return False
        if dropped:
            print(_("note: the oldest unfinished game was let go: at most {count} are kept").format(
                count=MOST_UNFINISHED), file=sys.stderr)
        self.kept_at = kept.progress
        return True

    def keep_each_turn(self, kept: ToKeep | None) -> None:
        """Keep ``kept`` when it has moved on a turn (or is new) since it was last kept."""
        if kept is not None and kept.progress != self.kept_at:
            self.kept_at = kept.progress
            self.keep(kept, quiet=True)

    @staticmethod
    def find(key: str | None) -> Kept | None:
        """Kept game ``key`` (the latest if ``None``)."""
        return next((kept for kept in kept_in_history() if key is None or kept.key == key), None)
