"""Whether a bot waits for input we will not send: it has read every line written to it, and
every thread of every one of its processes sleeps - at least one of them reading its standard
input, none of them on a timer or on anything from outside the bot.

Such a bot can never answer: it waits for more lines than the protocol sends (typically it
reads the lines of a question in the other order, or one line too many).  The referee then
ends its game at once instead of waiting for the wall-clock backstop.

How each thread waits is read from Linux's ``/proc``: its state (``stat``) and the system call
it sleeps in with its arguments (``syscall``; readable for our own children); for a ``poll`` the
descriptors it watches are read from its memory, for an ``epoll`` from ``fdinfo``.  A thread
counts as waiting for the bot's input when it sleeps reading the standard-input pipe (``read``
and its kin, or a ``poll``/``epoll`` with no timeout watching it among other pipes); as waiting
on the bot itself when it sleeps with no timeout on a futex, on a child's exit, or on other
pipes.  Anything else - running, a timed wait, a socket, a disk - means the bot may still
answer.  Elsewhere (another system or processor, or ``/proc`` unreadable) nothing is known and
the backstop decides (:data:`SUPPORTED`).
"""

from __future__ import annotations

import os
import platform
import struct
import sys
from dataclasses import dataclass
from typing import Iterable

STDIN, TREE, TIMER = "stdin", "tree", "timer"
"""How a sleeping thread waits: for the bot's input, for another thread of the bot, or for a
time to come (a sleep, or a wait with a timeout)."""
MAX_POLLED = 1024
"""Descriptors of one ``poll`` looked at (more: the thread is taken as busy)."""
_LOCAL_FILES = ("pipe:", "anon_inode:[eventfd]")
"""What a thread may wait on and still be waiting on the bot: pipes and event counters."""


@dataclass(frozen=True)
class SystemCalls:
    """The system-call numbers of one processor family that say how a thread sleeps."""

    reads: frozenset[int]
    """``read(fd, ...)`` and its kin: the descriptor is the first argument."""
    polls: frozenset[int]
    """``poll(fds, nfds, timeout_ms)``."""
    ppolls: frozenset[int]
    """``ppoll(fds, nfds, timeout *)``."""
    epolls: frozenset[int]
    """``epoll_wait``/``epoll_pwait(epfd, events, max, timeout_ms)``."""
    epolls2: frozenset[int]
    """``epoll_pwait2(epfd, events, max, timeout *)``."""
    futexes: frozenset[int]
    sleeps: frozenset[int]
    """``nanosleep``, ``clock_nanosleep``."""
    child_waits: frozenset[int]
    """``wait4``, ``waitid``: a process waiting for its child."""


_FAMILIES = {
    "x86_64": SystemCalls(reads=frozenset({0, 17, 19, 295, 327}), polls=frozenset({7}), ppolls=frozenset({271}),
                          epolls=frozenset({232, 281}), epolls2=frozenset({441}), futexes=frozenset({202}),
                          sleeps=frozenset({35, 230}), child_waits=frozenset({61, 247})),
    "aarch64": SystemCalls(reads=frozenset({63, 65, 67, 69, 286}), polls=frozenset(), ppolls=frozenset({73}),
                           epolls=frozenset({22}), epolls2=frozenset({441}), futexes=frozenset({98}),
                           sleeps=frozenset({101, 115}), child_waits=frozenset({95, 260})),
}
_CALLS = _FAMILIES.get(platform.machine()) if sys.platform.startswith("linux") else None
SUPPORTED = _CALLS is not None and os.path.exists("/proc/self/syscall")
"""Whether a bot waiting for input can be told here (else the wall-clock backstop decides)."""
_FUTEX_WAITS = (0, 9)
"""``FUTEX_WAIT`` and ``FUTEX_WAIT_BITSET`` (the command, without the private and clock flags)."""


def waits_for_input(pids: Iterable[int], stdin_pipe: str) -> bool:
    """Whether the processes ``pids`` (a bot's) all sleep, one of them reading ``stdin_pipe``
    (``pipe:[inode]``, as ``/proc/PID/fd`` names it) and none able to wake up by itself."""
    kinds = waits(pids, stdin_pipe)
    return STDIN in kinds and kinds <= {STDIN, TREE}


def sleeps(pids: Iterable[int], stdin_pipe: str) -> bool:
    """Whether the processes ``pids`` all sleep, one of them until a time comes (none of them
    running, nor waiting on something from outside the bot)."""
    kinds = waits(pids, stdin_pipe)
    return TIMER in kinds and None not in kinds


def waits(pids: Iterable[int], stdin_pipe: str) -> set[str | None]:
    """How the threads of ``pids`` wait (:func:`thread_wait`), up to the first that may be busy
    (``None``); ``{None}`` where it cannot be told."""
    if not SUPPORTED:
        return {None}
    kinds: set[str | None] = set()
    for pid in pids:
        for tid in _threads(pid):
            kinds.add(thread_wait(pid, tid, stdin_pipe))
            if None in kinds:
                return kinds
    return kinds


def thread_wait(pid: int, tid: int, stdin_pipe: str) -> str | None:
    """:data:`STDIN`, :data:`TREE` or :data:`TIMER` for a thread asleep as the module's text says,
    else ``None``.  A zombie (an ended process not waited for yet) cannot act: it waits on the tree."""
    state = _state(pid, tid)
    if state == "Z":
        return TREE
    call = _system_call(pid, tid) if state == "S" else None
    if call is None or _CALLS is None:
        return None
    number, args = call
    if number in _CALLS.reads:
        return _kind_of_files(pid, [args[0]], stdin_pipe)
    if number in _CALLS.futexes:
        return (TREE if args[3] == 0 else TIMER) if args[1] & 0x7F in _FUTEX_WAITS else None
    if number in _CALLS.child_waits:
        return TREE
    if number in _CALLS.sleeps:
        return TIMER
    return _poll_wait(pid, number, args, stdin_pipe)


def _poll_wait(pid: int, number: int, args: list[int], stdin_pipe: str) -> str | None:
    """How a thread in ``poll``, ``ppoll`` or ``epoll_*`` waits: with a timeout, on a timer; with
    none, on local files (or on something from outside: ``None``)."""
    assert _CALLS is not None
    if number in _CALLS.polls | _CALLS.ppolls:
        forever = _signed(args[2]) < 0 if number in _CALLS.polls else args[2] == 0
        return _kind_of_files(pid, _polled(pid, args[0], args[1]), stdin_pipe) if forever else TIMER
    if number in _CALLS.epolls | _CALLS.epolls2:
        forever = _signed(args[3]) < 0 if number in _CALLS.epolls else args[3] == 0
        return _kind_of_files(pid, _epolled(pid, args[0]), stdin_pipe) if forever else TIMER
    return None


def _kind_of_files(pid: int, fds: list[int] | None, stdin_pipe: str) -> str | None:
    """:data:`STDIN` if the bot's input is among ``fds``, :data:`TREE` if they are all local, else ``None``."""
    if not fds:
        return None
    names = [_file_name(pid, fd) for fd in fds]
    if not all(name.startswith(_LOCAL_FILES) for name in names):
        return None
    return STDIN if stdin_pipe in names else TREE


def _polled(pid: int, address: int, count: int) -> list[int] | None:
    """The descriptors of a ``poll``'s array (``struct pollfd``: int fd, short events, short revents)."""
    if not 0 < count <= MAX_POLLED:
        return None
    try:
        with open(f"/proc/{pid}/mem", "rb") as memory:
            memory.seek(address)
            data = memory.read(8 * count)
    except (OSError, ValueError, OverflowError):
        return None
    if len(data) != 8 * count:
        return None
    return [fd for fd, _events, _returned in struct.iter_unpack("ihh", data) if fd >= 0]


def _epolled(pid: int, epoll_fd: int) -> list[int] | None:
    """The descriptors an ``epoll`` instance watches (its ``tfd`` lines in ``fdinfo``)."""
    try:
        with open(f"/proc/{pid}/fdinfo/{epoll_fd}") as info:
            return [int(line.split()[1]) for line in info if line.startswith("tfd:")]
    except (OSError, ValueError, IndexError):
        return None


def _file_name(pid: int, fd: int) -> str:
    try:
        return os.readlink(f"/proc/{pid}/fd/{fd}")
    except OSError:
        return ""


def _threads(pid: int) -> list[int]:
    try:
        return [int(name) for name in os.listdir(f"/proc/{pid}/task")]
    except (OSError, ValueError):
        return []  # gone: a process that ended cannot answer either


def _state(pid: int, tid: int) -> str:
    try:
        with open(f"/proc/{pid}/task/{tid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def _system_call(pid: int, tid: int) -> tuple[int, list[int]] | None:
    """The system call a sleeping thread is in and its six arguments (``None``: not in one)."""
    try:
        with open(f"/proc/{pid}/task/{tid}/syscall") as syscall:
            words = syscall.read().split()
        number = int(words[0])
        return (number, [int(word, 16) for word in words[1:7]]) if number >= 0 and len(words) >= 7 else None
    except (OSError, ValueError, IndexError):
        return None


def _signed(register: int) -> int:
    """A C ``int`` argument (a timeout in milliseconds) from its register."""
    low = register & 0xFFFFFFFF
    return low - (1 << 32) if low >= 1 << 31 else low


def reads_pipe(tid: int, fd: int) -> bool:
    """Whether our own thread ``tid`` sleeps reading descriptor ``fd`` (the bot's output): every
    line it read before is handed on."""
    if not SUPPORTED or _state(os.getpid(), tid) != "S" or _CALLS is None:
        return False
    call = _system_call(os.getpid(), tid)
    return call is not None and call[0] in _CALLS.reads and call[1][0] == fd


def unread_bytes(fd: int) -> int | None:
    """Bytes written to the pipe ``fd`` (either end) and not read yet; ``None`` if unknown."""
    try:
        import fcntl  # noqa: PLC0415 - POSIX only: loaded where the platform has it
        import termios  # noqa: PLC0415 - POSIX only: loaded where the platform has it

        return int(struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0])
    except (ImportError, OSError):
        return None
