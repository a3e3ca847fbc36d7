"""Ending every process a bot starts: the whole tree, whatever the bot does.

A bot runs in its own session, so killing its process group ends the
children that stay in it.  A child may leave (``setsid()``) or outlive the
bot; these are found another way:

* **Descendants** (``psutil``): the bot's children, grandchildren and so on,
  looked up just before the kill, while the bot still links them to us.
* **Orphans come home** (Linux): the process running bots is a *child
  subreaper* (``PR_SET_CHILD_SUBREAPER``), so a bot's child whose parent
  died is re-parented to us instead of to ``init``.  Every bot process
  carries a marker in its environment (:data:`MARKER_VARIABLE`, inherited by
  what it starts) naming the bot; an orphan with the bot's marker among our
  children is killed with it and reaped.  Elsewhere every process is
  searched for the marker.
* **When the app itself is killed** (SIGKILL cannot be caught): on Linux each
  bot is started with ``PR_SET_PDEATHSIG`` so the kernel kills it when we
  die, and a small watchdog process (:func:`start_watchdog`) waits for our
  end on a pipe, then kills every process still carrying our marker.

Nothing here imports pygame; ``psutil`` is the one dependency.
"""

from __future__ import annotations

import ctypes
import importlib.util
import ctypes.util
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

if TYPE_CHECKING:
    import psutil

MARKER_VARIABLE = "SIXTAKES_BOT_OWNER"
"""Set in every bot's environment: ``<owner token>/<bot number>``."""
_LINUX = sys.platform.startswith("linux")
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
REAP_SECONDS = 1.0
"""Longest wait for killed strays to be gone (they go at once: SIGKILL cannot be ignored)."""

_owner = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"
"""This process's token: every bot it starts carries it in its marker."""
_counter = 0
_lock = threading.Lock()
_subreaper = False
subreaper_allowed = True
"""Whether the process running bots may become a subreaper.  A test runner turns it off: a
subreaper adopts every orphan below it (a browser's helpers too), and only the bots' are reaped."""
_watchdog: subprocess.Popen[bytes] | None = None


def _prctl() -> Callable[..., int] | None:
    if not _LINUX:
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None
    function: Callable[..., int] = libc.prctl
    return function


_PRCTL = _prctl()


def new_marker() -> str:
    """A marker for the next bot: this process's token and the bot's number."""
    global _counter
    with _lock:
        _counter += 1
        return f"{_owner}/{_counter}"


class PackageMissing(ValueError):
    """A feature needs a package that is not installed (``name``, as ModuleNotFoundError has)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def available() -> bool:
    """Whether ``psutil``, which finds a bot's descendants, is installed (bots need it)."""
    return importlib.util.find_spec("psutil") is not None


@contextmanager
def ctrl_c_ignored() -> Iterator[None]:
    """Ignore SIGINT while worker processes start: a new interpreter inherits "ignored", so a
    Ctrl-C cannot stop it half-imported with a traceback (the parent ends its workers itself).
    A Ctrl-C in that moment (a few milliseconds) is ignored and has to be pressed again."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to change
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def die_with_parent(signum: int = signal.SIGKILL) -> None:
    """Linux: have the kernel send ``signum`` to this process when its parent dies.

    Safe to call between fork and exec (a ``preexec_fn``): one system call.
    Elsewhere it does nothing.
    """
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signum, 0, 0, 0)


def become_subreaper() -> None:
    """Linux: orphans among our descendants are re-parented to us (once per process)."""
    global _subreaper
    if _PRCTL is not None and not _subreaper and subreaper_allowed:
        _subreaper = _PRCTL(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def preexec() -> None:
    """Run in the bot's process before its program starts (POSIX): die with us, and (Linux)
    adopt its own orphans.

    Linux sends the signal when the *thread* that started the bot ends, so bots are
    started from a thread that lives as long as they do (the app's and the workers'
    main threads do).  The bot is a child subreaper of its own processes (kept across
    ``exec``): a double-forked daemon whose parent exits is re-parented to the bot, not to
    ``init``, so it stays in the bot's tree - timed by the processor clock
    (:func:`tree_cpu_seconds`) and killed with the bot.
    """
    die_with_parent(signal.SIGKILL)
    if _PRCTL is not None:
        _PRCTL(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def tree_cpu_seconds(pid: int, marker: str = "") -> float:
    """Processor time (user and system) process ``pid`` and every process under it have used:
    its live descendants, and the children each of them has waited for (a child that ended during
    a turn is counted in its parent's ``children_*`` times).  0 if ``pid`` is gone.  A wrapper
    (``sh -c``, a script without ``exec``, a launcher) thus counts what its program spends.

    A process that left the tree counts too: on Linux the bot adopts its orphans (see
    :func:`preexec`), so a double-forked daemon stays under it; elsewhere the processes carrying
    the bot's ``marker`` are added (looked for at most every :data:`STRAY_SCAN_SECONDS`)."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    try:
        root = psutil.Process(pid)
        members = [root, *root.children(recursive=True)]
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return 0.0
    if marker and _PRCTL is None:
        known = {member.pid for member in members}
        members += [process for process in _marked_strays(marker) if process.pid not in known]
    total = 0.0
    for member in members:
        try:
            times = member.cpu_times()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        total += times.user + times.system + getattr(times, "children_user", 0.0) + getattr(
            times, "children_system", 0.0)
    return total


STRAY_SCAN_SECONDS = 0.5
"""Where a bot cannot adopt its orphans: how often every process is searched for its marker."""
_strays: dict[str, tuple[float, list[psutil.Process]]] = {}


def _marked_strays(marker: str) -> list[psutil.Process]:
    """The processes carrying ``marker`` (every process searched, so the answer is kept a moment)."""
    now = time.monotonic()
    found = _strays.get(marker)
    if found is None or now - found[0] >= STRAY_SCAN_SECONDS:
        found = (now, marked_orphans(marker, known=set(), everywhere=True))
        _strays[marker] = found
    return found[1]


def forget_strays(marker: str) -> None:
    """Drop what :func:`_marked_strays` kept for a bot that is closed."""
    _strays.pop(marker, None)


SCHEDSTAT_SUPPORTED = os.path.exists("/proc/self/schedstat")
"""Whether the kernel says how long each thread ran and waited for a processor (Linux)."""


class Activity(NamedTuple):
    """How much a process tree has been running or runnable (:func:`tree_activity`)."""

    seconds: float
    """Seconds its threads spent on a processor or waiting in the queue for one, up to their last turn."""
    runnable: bool
    """Whether one of its threads is on a processor or waiting for one now (its wait so far is not
    in ``seconds`` yet: the kernel adds a wait when it ends)."""


def tree_activity(pid: int) -> Activity | None:
    """How long every thread of ``pid``'s tree has spent running or runnable (Linux's
    ``/proc/PID/task/TID/schedstat``: run time and run delay), and whether one is now.  Wall-clock
    time beyond that, the tree spent asleep: waiting on its own.  ``None`` where the kernel does
    not tell."""
    if not SCHEDSTAT_SUPPORTED:
        return None
    total, runnable = 0, False
    for member in tree_pids(pid):
        try:
            threads = os.listdir(f"/proc/{member}/task")
        except OSError:  # gone meanwhile
            continue
        for thread in threads:
            try:
                with open(f"/proc/{member}/task/{thread}/schedstat") as stat:
                    ran, waited = stat.read().split()[:2]
                with open(f"/proc/{member}/task/{thread}/stat") as stat:
                    runnable |= stat.read().rsplit(")", 1)[1].split()[0] == "R"
                total += int(ran) + int(waited)
            except (OSError, ValueError, IndexError):
                continue
    return Activity(total / 1e9, runnable)


def tree_pids(pid: int) -> list[int]:
    """``pid`` and every live process under it (on Linux with the orphans it adopted): a bot's
    processes.  Empty if ``pid`` is gone."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    try:
        return [pid, *(child.pid for child in psutil.Process(pid).children(recursive=True))]
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return []


def descendants(pid: int) -> list[psutil.Process]:
    """Every live descendant of ``pid`` (empty if it is gone)."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    try:
        found: list[psutil.Process] = psutil.Process(pid).children(recursive=True)
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return []
    return found


def marked_orphans(marker: str, known: set[int], everywhere: bool = False) -> list[psutil.Process]:
    """Processes carrying ``marker`` (other than ``known`` pids), with their descendants: our
    children, where orphans come back to us (Linux); elsewhere, or ``everywhere``, every process
    (slower)."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    found: list[psutil.Process] = []
    candidates = psutil.Process().children() if _subreaper and not everywhere else psutil.process_iter()
    for child in candidates:
        if child.pid in known:
            continue
        try:
            if child.environ().get(MARKER_VARIABLE) == marker:
                found.append(child)
                found.extend(child.children(recursive=True))
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess, OSError):
            continue
    return found


def kill_all(processes: list[psutil.Process], seconds: float = REAP_SECONDS) -> None:
    """SIGKILL each process (those already gone are skipped) and wait until each is gone.

    A killed process whose parent was killed too is re-parented to us (we are
    a subreaper) and would stay a zombie: it is reaped here.
    """
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    for process in processes:
        try:
            process.kill()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    deadline = time.monotonic() + seconds
    for process in processes:
        while not _reaped_or_gone(process.pid) and time.monotonic() < deadline:
            time.sleep(0.002)


def _reaped_or_gone(pid: int) -> bool:
    """Reap ``pid`` if it is our dead child; whether it is no longer a live process of ours."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    try:
        reaped, _ = os.waitpid(pid, os.WNOHANG)
        return reaped == pid
    except ChildProcessError:  # not (yet) our child
        try:
            process = psutil.Process(pid)
            if process.status() != psutil.STATUS_ZOMBIE:
                return False  # still dying
            # A zombie whose parent is dying comes to us (a subreaper) to be reaped; elsewhere
            # init reaps it.
            return not _subreaper or process.ppid() == 1
        except psutil.NoSuchProcess:
            return True
    except OSError:
        return True


def reap_session(leader: int, known: set[int], seconds: float = REAP_SECONDS) -> None:
    """Reap our children still in the session or process group of ``leader`` (a bot that is gone):
    killed with its group, they were re-parented to us (a subreaper) and would stay zombies."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    if not _subreaper:
        return
    deadline = time.monotonic() + seconds
    while True:
        waiting = False
        for child in psutil.Process().children():
            if child.pid in known:
                continue
            try:
                if leader not in (os.getpgid(child.pid), os.getsid(child.pid)):
                    continue
                waiting |= os.waitpid(child.pid, os.WNOHANG)[0] != child.pid
            except (ChildProcessError, ProcessLookupError, PermissionError):
                continue
        if not waiting or time.monotonic() > deadline:
            return
        time.sleep(0.002)


_WATCHDOG = r"""
import os, sys
import psutil
token = sys.argv[1]
try:
    sys.stdin.buffer.read()  # returns when every writer is gone: our owner died
except BaseException:
    pass
me = os.getpid()
for process in psutil.process_iter():
    if process.pid == me:
        continue
    try:
        if process.environ().get("%s", "").startswith(token + "/"):
            process.kill()
    except Exception:
        pass
""" % MARKER_VARIABLE


def start_watchdog() -> None:
    """Start (once) the process that ends our bots' whole trees if we die without doing it."""
    global _watchdog
    with _lock:
        if _watchdog is not None:
            return
        try:
            _watchdog = subprocess.Popen(
                [sys.executable, "-c", _WATCHDOG, _owner], stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=os.name == "posix",
                close_fds=True)
        except OSError:
            return


def live_marked(marker_prefix: str | None = None) -> list[int]:
    """Pids of live processes (not zombies) whose marker starts with ``marker_prefix``
    (default: any bot of this process).  For tests and checks; scans every process."""
    import psutil  # noqa: PLC0415 - psutil loads only once bot processes run
    prefix = marker_prefix if marker_prefix is not None else _owner + "/"
    found = []
    for process in psutil.process_iter():
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                continue
            if process.environ().get(MARKER_VARIABLE, "").startswith(prefix):
                found.append(process.pid)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess, OSError):
            continue
    return found


def owner_token() -> str:
    return _owner
