"""The class room: a join code, the seats students take, and each seat's secret.

Pure Python and thread-safe (one lock): the web server's thread changes it
when phones join and leave, the app's thread reads it to draw the lobby and
frees seats when the teacher says so.

A student joins with the room code and a name and gets the first free seat
and a secret token; the phone keeps the token and sends it again after a
reload or a lost connection (``resume``) to get the same seat back.  The
token *is* the seat: a device without it cannot take a seat that is taken,
connected or not.  Once the game has started no seat is given out any more:
whoever joins then is a spectator.

Seats belong to students who are here: before the start, a seat whose phone
has been gone for a grace period is freed (:meth:`Room.free_absent`).  A
name is normalised (NFC, at most :data:`MARKS_PER_LETTER` combining marks on
a letter) and must be unique in the room (whatever its case, its accents and
the invisible characters in it), hold a visible letter or digit (not a
default-ignorable one such as the Hangul filler U+3164, which draws nothing),
and not look like a computer seat ("AI 2").

A room shares its places fairly between addresses: when every seat is taken
before the start, a student from an address holding at least two places fewer
than the address holding the most takes that address's newest place (its
student watches instead), so a laptop that fills the room from one address
cannot leave an honest phone watching (:func:`place_to_share`).  The teacher
may lock the room: no new student then, but every secret still brings its
phone back.
"""

from __future__ import annotations

import re
import secrets
import string
import threading
import time
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import regex

from game.i18n import _, ngettext
from game.rules import Rules
from game.text import NAME_LIMIT, InvalidNameError, check_name, is_valid_unicode

from .students import StudentKeys

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room code letters: no 0/O or 1/I to mix up on a projector."""
CODE_LENGTH = 4
DEFAULT_PORT = 8066
"""The class room's port unless another is chosen (the join address is http://<computer>:8066)."""
TABLE_SEATS = 4
"""Seats of a class game under the snap rules (the assignment's four players)."""
MARKS_PER_LETTER = 3
"""Combining marks kept on one letter (more are dropped: no name drawn over its neighbours)."""
RECENT_WATCHERS = 32
"""Watchers who left whose secret still lets them back in (a reload), newest kept."""


def seats_for(rules: Rules, wanted: int | None = None) -> int:
    """Seats of a class room under ``rules``: ``wanted`` if the rules allow it, else their most
    (snap: 4; classic: 10).  ``ValueError`` for a count the rules do not allow."""
    if wanted is None:
        return rules.max_players
    rules.check_player_count(wanted)
    return wanted


class RoomError(ValueError):
    """A join or resume the room refuses; the message, in the class's language, is shown to the
    student."""


class UnknownSeatError(RoomError):
    """A resume with a secret no seat holds (any more): the phone forgets it and joins again."""


class WrongCodeError(RoomError):
    """A join with a code that is not the room's (a guess costs: see the server's limits)."""


class RoomLockedError(RoomError):
    """A join while the teacher has locked the room (a resume still gets in)."""


INVISIBLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
"""Unicode's default-ignorable code points: drawn as nothing (the Hangul fillers U+115F, U+1160,
U+3164 and U+FFA0 are letters by category, and still draw nothing; so do joiners and variation
selectors)."""


def visible(char: str) -> bool:
    """Whether ``char`` is a letter or digit that draws something."""
    return unicodedata.category(char)[0] in "LN" and INVISIBLE.match(char) is None


def normal_name(name: str) -> str:
    """``name`` trimmed, in NFC, with at most :data:`MARKS_PER_LETTER` combining marks on a letter."""
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", name.strip()):
        marks = marks + 1 if unicodedata.combining(char) else 0
        if marks <= MARKS_PER_LETTER:
            kept.append(char)
    return "".join(kept)


def name_key(name: str) -> str:
    """What two names that look alike share: no case, no accents, single spaces."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c) and INVISIBLE.match(c) is None)
    return " ".join(plain.casefold().split())


def looks_like_a_computer_seat(name: str) -> bool:
    """Whether ``name`` reads like a computer seat's ("AI 2", "ai2", in the class's language too)."""
    key = name_key(name)
    for template in ("AI {number}", _("AI {number}")):
        before, _number, after = name_key(template).partition("{number}")
        if re.fullmatch(re.escape(before.strip()) + r"\s*\d+\s*" + re.escape(after.strip()), key):
            return True
    return False


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a player's name, as a whole sentence in the class's language."""
    if not is_valid_unicode(name):
        return _("the name is not valid text (it holds bytes that are not UTF-8)")
    if not name.strip():
        return _("the name is empty")
    if len(name) > NAME_LIMIT:
        return ngettext("the name is {length} characters long; at most {limit} is allowed",
                        "the name is {length} characters long; at most {limit} are allowed",
                        NAME_LIMIT).format(length=len(name), limit=NAME_LIMIT)
    return _("the name holds a control or unprintable character")


def class_name_problem(name: str, taken: list[str]) -> str | None:
    """Why a checked, normalised ``name`` cannot join a room whose seats hold ``taken``, or ``None``."""
    if not any(visible(c) for c in name):
        return _("the name needs a letter or a digit")
    if looks_like_a_computer_seat(name):
        return _("{name} is what a computer seat is called: choose another name").format(name=name)
    if any(name_key(other) == name_key(name) for other in taken if other):
        return _("{name} is already in the room: choose another name").format(name=name)
    return None


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    index: int
    name: str
    """The student's name, ``""`` while the seat is free."""
    connected: bool
    ai: bool = False
    """The teacher gave the seat to a computer player."""

    @property
    def taken(self) -> bool:
        return bool(self.name)


@dataclass(frozen=True)
class Joined:
    """What a join or resume gave: a seat (with its secret) or a place among the spectators."""

    seat: int | None
    token: str
    name: str
    moved: Joined | None = None
    """The student whose place this join took (a fair share: see :func:`place_to_share`): now a
    spectator, with the same secret."""

    @property
    def spectator(self) -> bool:
        return self.seat is None


@dataclass(frozen=True)
class Holder:
    """A taken place, as the fair share weighs it."""

    seat: int
    address: str
    connected: bool
    order: int
    """When its student joined (a larger number: later)."""


def place_to_share(holders: Sequence[Holder], newcomer: str) -> int | None:
    """Every place is taken and a student of ``newcomer`` joins: the place they take - the newest
    of the address holding the most places (one whose phone is gone first), if that address holds
    at least two more than the newcomer's (a swap between equals would change nothing); else
    ``None``: the newcomer watches."""
    counts = Counter(holder.address for holder in holders)
    if not counts:
        return None
    biggest, most = counts.most_common(1)[0]
    if counts[newcomer] + 1 >= most:
        return None
    theirs = [holder for holder in holders if holder.address == biggest]
    return max(theirs, key=lambda holder: (not holder.connected, holder.order)).seat


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def check_code(code: str) -> str:
    """``code`` upper-cased if it can be a room code (letters and digits, 2-12); ``ValueError`` otherwise."""
    cleaned = code.strip().upper()
    if not 2 <= len(cleaned) <= 12 or any(c not in string.ascii_uppercase + string.digits for c in cleaned):
        raise ValueError(_("a room code is 2-12 letters or digits, not {code}").format(code=repr(code)))
    return cleaned


class Watchers:
    """A room's watchers: those here now, and those who left lately (a reload brings them back,
    among the :data:`RECENT_WATCHERS` newest).  The room's lock guards them."""

    def __init__(self) -> None:
        self.here: dict[str, str] = {}
        """Token -> name, of the watchers connected now (in the order they came)."""
        self.recent: OrderedDict[str, str] = OrderedDict()
        """Token -> name, of the watchers who left lately."""

    def watch(self, token: str, name: str, here: bool) -> None:
        """A watcher now (``here``), or one who may come back."""
        if here:
            self.here[token] = name
            return
        self.recent[token] = name
        while len(self.recent) > RECENT_WATCHERS:
            self.recent.popitem(last=False)

    def forget(self, token: str, keep: bool) -> None:
        """A watcher's connection ended; ``keep``: it may come back."""
        name = self.here.pop(token, None)
        if keep and name is not None:
            self.watch(token, name, here=False)

    def back(self, token: str) -> str | None:
        """A watcher's secret again: its name (``None``: not a watcher's)."""
        name = self.here.get(token) or self.recent.pop(token, None)
        if name is not None:
            self.here[token] = name
        return name


class Room:
    """The seats of one class game and who holds them."""

    def __init__(self, seat_count: int, code: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.code = check_code(code) if code is not None else new_code()
        self.seat_count = seat_count
        self.clock = clock
        self._names = [""] * seat_count
        self._tokens = [""] * seat_count
        self._connected = [False] * seat_count
        self._gone_since: list[float | None] = [None] * seat_count
        """When each seat's phone went away (``None``: connected or free)."""
        self._ai = [False] * seat_count
        self._where: dict[int, tuple[str, int]] = {}
        """Each taken seat's (address, join number): the fair share and the lobby weigh them."""
        self._joins = 0
        self.locked = False
        """The teacher locked the room: no new student (nor watcher); a secret still gets in."""
        self._watchers = Watchers()
        self.started = False
        self.many_tables = False
        """The students are split into tables at the start (``class --tables``): the seats are
        places in the room, and no one sits at a table before the start."""
        self.version = 0
        """Goes up at every change, so the lobby knows when to redraw."""
        self.students = StudentKeys()
        """Each phone's key in the room's class (none without a class)."""
        self._lock = threading.Lock()

    @classmethod
    def reopened(cls, code: str, names: list[str], tokens: list[str], ai_seats: list[int]) -> Room:
        """The room of a class game that was stopped, as it was: its code, each student's seat and
        secret (``""`` for a computer seat); the game has started, so newcomers watch."""
        room = cls(len(names), code)
        for seat, (name, token) in enumerate(zip(names, tokens)):
            if token:
                room._names[seat], room._tokens[seat] = name, token
        for seat in ai_seats:
            room._ai[seat] = True
        room.started = True
        return room

    def secrets_of_seats(self) -> tuple[str, ...]:
        """Each seat's secret (``""``: none), to keep a stopped game's room."""
        with self._lock:
            return tuple(self._tokens)

    def held_secrets(self) -> frozenset[str]:
        """The secret of every place taken now: the seats' and the watchers'."""
        with self._lock:
            return frozenset(token for token in [*self._tokens, *self._watchers.here] if token)

    def student_of(self, seat: int) -> str:
        """The key in the room's class of the student in ``seat`` (``""``: none)."""
        return self.students.key_of(self.secrets_of_seats()[seat])

    # ----------------------------------------------------------- queries
    def seats(self) -> tuple[SeatInfo, ...]:
        with self._lock:
            return tuple(SeatInfo(i, self._names[i], self._connected[i], self._ai[i])
                         for i in range(self.seat_count))

    def taken_seats(self) -> tuple[int, ...]:
        with self._lock:
            return tuple(i for i, name in enumerate(self._names) if name and not self._ai[i])

    def spectator_count(self) -> int:
        with self._lock:
            return len(self._watchers.here)

    def connected_seats(self) -> tuple[int, ...]:
        """The students' seats whose phone is connected now."""
        with self._lock:
            return tuple(i for i, name in enumerate(self._names) if name and self._connected[i] and not self._ai[i])

    def seat_of(self, token: str) -> int | None:
        with self._lock:
            return self._seat_of(token)

    def is_ai(self, seat: int) -> bool:
        with self._lock:
            return self._ai[seat]

    def shared_address(self) -> tuple[str, int]:
        """The address most students joined from, and how many (``("", 0)``: none joined)."""
        with self._lock:
            counts = Counter(address for seat, (address, _order) in self._where.items()
                             if address and not self._ai[seat])
        return counts.most_common(1)[0] if counts else ("", 0)

    def newest_student(self) -> int | None:
        """The seat of the student who joined last (the teacher's Backspace removes them)."""
        with self._lock:
            held = [(order, seat) for seat, (_address, order) in self._where.items() if not self._ai[seat]]
        return max(held)[1] if held else None

    # ----------------------------------------------------------- changes
    def join(self, code: str, name: str, address: str = "") -> Joined:
        """A student with ``name`` from ``address`` joins: the first free seat, a place shared
        fairly (:func:`place_to_share`), or a spectator's place."""
        if not isinstance(code, str) or code.strip().upper() != self.code:
            raise WrongCodeError(_("wrong room code"))
        name = normal_name(name) if isinstance(name, str) else ""
        try:
            name = check_name(name)
        except InvalidNameError:
            raise RoomError(name_problem(name)) from None
        token = secrets.token_urlsafe(18)
        with self._lock:
            if self.locked:
                raise RoomLockedError(_("the room is locked: ask the teacher to let you in"))
            problem = class_name_problem(name, self._names)
            if problem is not None:
                raise RoomError(problem)
            self.version += 1
            free = [i for i, taken in enumerate(self._names) if not taken]
            seat = free[0] if free else None if self.started else place_to_share(self._holders(), address)
            if self.started or seat is None:
                self._watchers.here[token] = name
                return Joined(None, token, name)
            moved = self._to_spectator(seat) if self._names[seat] else None
            self._take(seat, name, token, address)
            return Joined(seat, token, name, moved)

    def _take(self, seat: int, name: str, token: str, address: str) -> None:
        self._names[seat], self._tokens[seat], self._connected[seat] = name, token, True
        self._gone_since[seat], self._joins = None, self._joins + 1
        self._where[seat] = (address, self._joins)

    def seat_watchers(self) -> tuple[Joined, ...]:
        """Before the start, the watchers here take the free seats, longest-watching first (the
        teacher chose more seats or many tables after they joined)."""
        with self._lock:
            free = [] if self.started else [i for i, taken in enumerate(self._names) if not taken]
            seated = [(seat, token, self._watchers.here.pop(token)) for seat, token in zip(free, list(self._watchers.here))]
            for seat, token, name in seated:
                self._take(seat, name, token, "")
            self.version += bool(seated)
            return tuple(Joined(seat, token, name) for seat, token, name in seated)

    def _holders(self) -> list[Holder]:
        return [Holder(seat, address, self._connected[seat], order) for seat, (address, order) in self._where.items()
                if not self._ai[seat]]

    def _to_spectator(self, seat: int) -> Joined:
        """The seat's student makes room (a fair share): a spectator now, with the same secret."""
        token, name = self._tokens[seat], self._names[seat]
        self._watchers.watch(token, name, here=self._connected[seat])
        self._free(seat)
        return Joined(None, token, name)

    def resume(self, token: str) -> Joined:
        """A phone comes back with its secret: its seat (or spectator's place) again."""
        if not isinstance(token, str) or not token:
            raise UnknownSeatError(_("unknown seat: join again"))
        with self._lock:
            seat = self._seat_of(token)
            if seat is not None:
                self.version += 1
                self._connected[seat] = True
                self._gone_since[seat] = None
                return Joined(seat, token, self._names[seat])
            name = self._watchers.back(token)
            if name is not None:
                return Joined(None, token, name)
        raise UnknownSeatError(_("unknown seat: join again"))

    def disconnected(self, seat: int) -> None:
        with self._lock:
            if self._connected[seat]:
                self.version += 1
            self._connected[seat] = False
            self._gone_since[seat] = self.clock()

    def forget_spectator(self, token: str, keep: bool) -> None:
        """A watcher's connection ended: its place is freed; ``keep`` lets its secret bring it back
        for a while (a reload), among the :data:`RECENT_WATCHERS` newest."""
        with self._lock:
            self._watchers.forget(token, keep)

    def lock(self, locked: bool) -> None:
        """The teacher locks the room (no new student or watcher) or opens it again."""
        with self._lock:
            self.locked = locked
            self.version += 1

    def free_absent(self, grace: float) -> tuple[int, ...]:
        """Before the start, free the seats whose phone has been gone ``grace`` seconds or more
        (their secret no longer works); the seats freed."""
        now = self.clock()
        with self._lock:
            if self.started:
                return ()
            gone = tuple(i for i, since in enumerate(self._gone_since)
                         if since is not None and now - since >= grace and self._names[i] and not self._connected[i])
            for seat in gone:
                self._free(seat)
            return gone

    def free(self, seat: int) -> None:
        """The teacher frees a seat: its secret no longer works; before the start another
        student may take it."""
        with self._lock:
            self._free(seat)

    def _free(self, seat: int) -> None:
        self.version += 1
        self._names[seat], self._tokens[seat], self._connected[seat] = "", "", False
        self._gone_since[seat] = None
        self._where.pop(seat, None)

    def give_to_ai(self, seat: int) -> None:
        """The teacher gives a seat to a computer player for the rest of the game."""
        with self._lock:
            self.version += 1
            self._ai[seat] = True
            self._tokens[seat], self._connected[seat] = "", False

    def resize(self, count: int) -> bool:
        """Before the start, the teacher changes the number of seats: the students keep theirs;
        ``False`` (nothing changes) after the start or when a seat that would go is taken."""
        with self._lock:
            if self.started or count < 1 or any(self._names[count:]):
                return False
            extra = count - self.seat_count
            self._names, self._tokens = self._names[:count] + [""] * extra, self._tokens[:count] + [""] * extra
            self._connected, self._ai = self._connected[:count] + [False] * extra, self._ai[:count] + [False] * extra
            self._gone_since = self._gone_since[:count] + [None] * extra
            self.seat_count = count
            self.version += 1
            return True

    def start(self) -> tuple[int, ...]:
        """The game starts: no seat is given out any more; the seats students hold.  Only present
        students are seated: a seat whose phone is gone now is freed (its secret no longer works),
        whatever is left of its grace - what ``--start-at`` counts is what starts."""
        with self._lock:
            for seat, name in enumerate(self._names):
                if name and not self._ai[seat] and not self._connected[seat]:
                    self._free(seat)
            self.started = True
            self.version += 1
            return tuple(i for i, name in enumerate(self._names) if name and not self._ai[i])

    def _seat_of(self, token: str) -> int | None:
        for seat, held in enumerate(self._tokens):
            if held and secrets.compare_digest(held, token):
                return seat
        return None
