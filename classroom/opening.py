"""A class room opened: its server listening, its join addresses, the lesson that owns them.

Pure Python (no pygame).  A new lesson's room listens on the usual port, or - that port taken by
another class game left open or another program - on the next free one of :data:`PORT_TRIES`,
and says so; a port the teacher chose (``--port``) is that port or a one-line error.  A stopped
lesson reopened (:mod:`.reopening`) listens on the port its phones knew, else on a free one.
"""

from __future__ import annotations

import errno

from classroom.class_settings import ClassSettings
from classroom.lesson import Lesson
from classroom.lesson_book import class_tag_of
from classroom.room import DEFAULT_PORT, Room
from classroom.server import ClassServer, lan_addresses
from classroom.workers import LessonWorkers
from game.i18n import _
from game.rules import Rules, rules_named

PORT_TRIES = 10
"""A new room whose port is taken tries the next ports, up to this many in all."""


class PortInUse(ValueError):
    """The port is taken by another program (the message says so for people)."""


def listening_server(room: Room, rules: Rules, host: str, port: int) -> ClassServer:
    """The class server of ``room``, listening (``ValueError`` saying why if it cannot)."""
    server = ClassServer(room, rules=rules, host=host, port=port)
    try:
        server.start()
    except OSError as problem:
        if problem.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)):
            raise PortInUse(_("cannot open the class room on port {port}: {problem}").format(
                port=port, problem=_("it is in use (another class game, or another program)"))) from None
        raise ValueError(_("cannot open the class room on port {port}: {problem}").format(
            port=port, problem=problem.strerror or problem)) from None
    return server


def server_on(room: Room, rules: str, host: str, port: int) -> tuple[ClassServer, bool]:
    """The room's server on ``port``, or (taken) on a free one; whether it moved."""
    try:
        return listening_server(room, rules_named(rules), host, port), False
    except PortInUse:
        return listening_server(room, rules_named(rules), host, 0), True


def join_addresses(settings: ClassSettings, server: ClassServer) -> list[str]:
    """The addresses phones open to join, also printed for the teacher's terminal (and scripts)."""
    hosts = lan_addresses() if settings.host in ("", "0.0.0.0", "::") else [settings.host]
    addresses = [f"http://{address}:{server.port}" for address in hosts]
    print(_("class room {code}: join at {addresses}").format(code=server.room.code, addresses=or_list(addresses)),
          flush=True)
    return addresses


def or_list(items: list[str]) -> str:
    """``items`` as "a or b or c" in the active language."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        # NOTE: two alternatives, e.g. two web addresses a phone can open
        joined = _("{items} or {last}").format(items=joined, last=item)
    return joined


def open_lesson(settings: ClassSettings, keep: bool = True) -> tuple[Lesson, str]:
    """A new lesson, its room listening (``ValueError`` saying why if it cannot), and what the
    teacher should know about it (``""``; or that it opened on another port than the usual one).
    ``keep``: the lesson is kept in the history (not with ``--record FILE``)."""
    rules = rules_named(settings.rules)
    room = Room(settings.seat_count, settings.code)
    room.many_tables = settings.many_tables
    room.students.tag = class_tag_of(settings.class_name)  # (the phones keep their key under it)
    ports = range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES) if settings.port == DEFAULT_PORT else [settings.port]
    last: ValueError | None = None
    for port in ports:
        try:
            server = listening_server(room, rules, settings.host, port)
        except PortInUse as problem:
            last = problem
            continue
        lesson = Lesson(server, settings, join_addresses(settings, server), keep=keep,
                        workers=LessonWorkers(settings.review_rollouts))
        note = "" if port == settings.port else _(
            "Port {wanted} is in use (another class game?): this room is on port {port}").format(
            wanted=settings.port, port=port)
        return lesson, note
    raise ValueError(str(last))
