"""How a class room is opened: :class:`ClassSettings`, from ``main.py class`` (``cli/classroom.py``)
or the menu's Class game.

Kept light (standard library and ``game`` only) because ``main.py`` builds
every command's parser on each run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from classroom.room import DEFAULT_PORT, TABLE_SEATS, seats_for
from classroom.predictions import DEFAULT_SECONDS
from classroom.tables import DUPLICATE, MAX_PHONES
from game.review import DEFAULT_ROLLOUTS
from game.rules import DEFAULT_PRESET, rules_named

if TYPE_CHECKING:
    from classroom.lesson_book import LessonBook

    from .class_learning import Learning
    from .workers import LessonWorkers


@dataclass(frozen=True)
class ClassSettings:
    """How a class room is opened (``main.py class``, or the menu's Class game)."""

    rules: str = DEFAULT_PRESET
    port: int = DEFAULT_PORT
    host: str = "0.0.0.0"
    """Listen on every address of this computer (phones reach it over the room's Wi-Fi)."""
    code: str | None = None
    """The room code; ``None`` draws one."""
    ai: str = "random"
    """Level of the computer players in empty seats, and of those that answer for late seats."""
    start_at: int | None = None
    """Start by itself once this many seats are taken."""
    time_limit: float | None = None
    """Seconds a seat has to choose before a computer player chooses for it (``None``: wait)."""
    seed: int | None = None
    seats: int | None = None
    """Seats of the room; ``None``: as many as the rules allow (snap 4, classic 10)."""
    resume: bool = False
    """Reopen the latest stopped class game instead of a new room."""
    tables: int | None = None
    """Many tables (``class --tables``): how many (``0``: as many as the students fill); ``None``:
    one table, as many seats as :attr:`seats`."""
    table_size: int = TABLE_SEATS
    """Seats at each of many tables (snap: 4; classic: 2-10)."""
    students: int | None = None
    """Many tables: the most students the room takes (``class --students``; ``None``: as many as a
    room seats, :data:`classroom.tables.MAX_PHONES`); more watch."""
    shuffle: bool = False
    """Many tables: students are seated in a shuffled order, not in join order."""
    deals: str = DUPLICATE
    """Many tables: ``same`` (every table plays the same deal) or ``different``."""
    predict: bool | None = None
    """The class predicts every placement on their phones (``class --predict``); ``None``: only if
    some phones watch when the game starts (they would have nothing else to do)."""
    predict_seconds: float = DEFAULT_SECONDS
    """The longest a placement waits for the class's predictions."""
    reviews: bool = True
    """Each student's phone gets their review when their game ends (``class --no-review``: not)."""
    review_rollouts: int = DEFAULT_ROLLOUTS
    """Sampled deals per decision of the students' reviews (``class --review-rollouts``)."""
    report_dir: Path | None = None
    """Where the lesson report is written (``None``: ``lessons/`` in the data folder)."""
    class_name: str = ""
    """The class whose lesson this is (``class --class NAME``; ``""``: none): each student is known
    across its lessons by their phone's key, the report shows their progress, and the class's own
    puzzles are made from its games."""
    puzzles: int = 0
    """Puzzles the lesson opens with, the class's warm-up (``class --puzzles N``; 0: none)."""

    def learning(self, watchers: int, code: str, workers: LessonWorkers, keep: bool = True,
                 lesson: LessonBook | None = None) -> Learning:
        """What a game starting now in the room ``code`` with ``watchers`` phones watching does for
        learning: predictions (see :meth:`predict_for`), reviews, the lesson (its report, kept in the
        history unless ``keep`` is off: ``--record FILE``), the class's puzzles from its reviews.
        ``lesson``: the lesson going on (its warm-up made it, or a stopped lesson reopened);
        ``workers``: the lesson's, which make the reviews and the puzzles."""
        from .class_learning import Learning  # noqa: PLC0415 - kept light: main.py builds every parser on each run

        book = lesson or self.lesson_book(code, keep)
        finding = self.reviews and book.keep and bool(book.class_name)
        return Learning(self.predict_for(watchers), workers.reviews if self.reviews else None,
                        book, workers.finder if finding else None)

    def lesson_book(self, code: str, keep: bool = True) -> LessonBook:
        """A new lesson of the room ``code`` (of the class, if it has one)."""
        from classroom.lesson_book import LessonBook  # noqa: PLC0415 - kept light: main.py builds every parser on each run

        return LessonBook.start(self.report_dir, code, keep, self.class_name)

    def predict_for(self, watchers: int) -> float | None:
        """How long placements wait for predictions in a game starting with ``watchers`` phones
        watching (``None``: no predictions)."""
        on = self.predict if self.predict is not None else watchers > 0
        return self.predict_seconds if on else None

    @property
    def many_tables(self) -> bool:
        return self.tables is not None

    @property
    def seat_count(self) -> int:
        """The room's seats: a table's, or with many tables a place for every student."""
        if self.many_tables:
            return self.students or MAX_PHONES
        return seats_for(rules_named(self.rules), self.seats)


TIME_LIMITS = (None, 20.0, 30.0, 45.0, 60.0, 90.0)
"""The time limits L in the lobby goes through (seconds a student has to choose; ``None``: wait)."""
REMEMBERED = "class_room"
"""The settings key of the last class room's choices (the menu's Class game opens with them)."""


PREDICT_CHOICES = (None, True, False)
"""What P in the lobby goes through: predictions when phones watch, always, never."""


def next_predict(current: bool | None) -> bool | None:
    """The prediction setting after ``current`` in :data:`PREDICT_CHOICES`."""
    return PREDICT_CHOICES[(PREDICT_CHOICES.index(current) + 1) % len(PREDICT_CHOICES)]


def next_time_limit(current: float | None) -> float | None:
    """The time limit after ``current`` in :data:`TIME_LIMITS` (a limit not in it goes back to none)."""
    if current not in TIME_LIMITS:
        return None
    return TIME_LIMITS[(TIME_LIMITS.index(current) + 1) % len(TIME_LIMITS)]


def remembered_choices(settings: ClassSettings) -> dict[str, Any]:
    """What a teacher chose for a room and would choose again next lesson (not its code or seed)."""
    return {"ai": settings.ai, "time_limit": settings.time_limit, "tables": settings.tables,
            "table_size": settings.table_size, "deals": settings.deals, "shuffle": settings.shuffle,
            "predict": settings.predict, "port": settings.port, "class": settings.class_name}


def checked_class_name(name: str) -> str:
    """A class's name as a player's name is checked (trimmed, NFC, printable, 1-24 characters);
    ``ValueError`` saying what is wrong."""
    from classroom.room import normal_name, visible  # noqa: PLC0415 - kept light: main.py builds every parser on each run
    from game.i18n import _  # noqa: PLC0415 - as above
    from game.text import InvalidNameError, check_name  # noqa: PLC0415 - as above

    try:
        checked = check_name(normal_name(name))
    except InvalidNameError as problem:
        raise ValueError(str(problem)) from None
    if not any(visible(char) for char in checked):
        # NOTE: the end of a sentence about a name ("--class: the name holds no letter or digit")
        raise ValueError(_("holds no letter or digit"))
    return checked


def with_remembered(settings: ClassSettings, saved: Any) -> ClassSettings:
    """``settings`` with the choices remembered from the last room (those that still make sense)."""
    if not isinstance(saved, dict):
        return settings
    from classroom.tables import DEAL_CHOICES, MAX_PHONES  # noqa: PLC0415 - kept light: main.py builds every parser on each run
    from game.players.agents import AGENT_KINDS  # noqa: PLC0415 - as above

    chosen: dict[str, Any] = {}
    if saved.get("ai") in AGENT_KINDS:
        chosen["ai"] = saved["ai"]
    if "time_limit" in saved and saved["time_limit"] in TIME_LIMITS:  # (None is a choice: no limit)
        chosen["time_limit"] = saved["time_limit"]
    tables = saved.get("tables")
    many = isinstance(tables, int) and not isinstance(tables, bool) and 0 <= tables <= MAX_PHONES // 2
    if many or ("tables" in saved and tables is None):
        chosen["tables"] = tables
    size = saved.get("table_size")
    if isinstance(size, int) and not isinstance(size, bool):
        try:
            rules_named(settings.rules).check_player_count(size)
            chosen["table_size"] = size
        except ValueError:
            pass
    if saved.get("deals") in DEAL_CHOICES:
        chosen["deals"] = saved["deals"]
    if isinstance(saved.get("shuffle"), bool):
        chosen["shuffle"] = saved["shuffle"]
    if "predict" in saved and saved["predict"] in PREDICT_CHOICES:
        chosen["predict"] = saved["predict"]
    port = saved.get("port")
    if isinstance(port, int) and not isinstance(port, bool) and 1 <= port <= 65535:
        chosen["port"] = port
    class_name = saved.get("class")
    if isinstance(class_name, str):
        try:
            chosen["class_name"] = checked_class_name(class_name) if class_name else ""
        except ValueError:
            pass
    return replace(settings, **chosen)
