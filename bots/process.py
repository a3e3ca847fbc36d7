"""One running bot program: lines in, lines out, debug output aside, time limits, and a sure kill
(the whole process tree, see :mod:`bots.proctree`); every running bot is in a registry
closed by :mod:`atexit`.

Pipes are read and written by threads feeding queues, never with ``select``,
which does not work on pipes under Windows.
"""

from __future__ import annotations

import atexit
import collections
import os
import queue
import signal
import subprocess
import threading
import time
from typing import IO, BinaryIO, Callable, Protocol, Sequence, Union

from . import input_wait, proctree
from game.i18n import N_
from .failures import EXITED, FLOODS_STDOUT, TOO_SLOW, WAITS_FOR_INPUT, BotFailure, Sentence

STDERR_TAIL_LINES = 20
"""Lines of debug output kept in memory for the report and the app."""
MAX_LINE_BYTES = 4096
"""An answer line longer than this floods the output."""
MAX_STDOUT_BYTES = 1 << 20
"""A bot writing more than this to stdout in one game floods the output."""
MAX_LOG_BYTES = 10 << 20
"""Debug output beyond this is not written to the log file (it is still read)."""
KILL_WAIT_SECONDS = 5.0
"""How long to wait for a killed bot to be gone before giving up on it."""
CPU_CLOCK_BACKSTOP = 10.0
"""With the processor-time clock, a bot that uses little processor time but still does not
answer (it waits, or it sleeps) is too slow after this many times the limit of wall-clock time
spent asleep: time it was running or waiting for a processor (Linux tells) is not counted, nor
time its question or answer waited in this program."""
EXIT_GRACE_SECONDS = 0.05
"""A bot found exited while an answer is awaited: time left for a line already written to arrive."""
WAITS_FOR_INPUT_DETAIL = N_("it waits for more input than the protocol sends (or its answer sits in its output "
                            "buffer: flush after every answer)")
"""Why a bot that read every line of the question and waits for more never answers (a bot whose
answer is not flushed looks the same from outside)."""
_POLL_SECONDS = 0.02
"""While waiting for an answer, how often to check that the bot is still running (its output may
stay open after it exits, held by a child)."""


_POSIX = os.name == "posix"
_NEW_GROUP_FLAG: int = 0 if _POSIX else getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
"""Windows: start the bot in its own process group (POSIX uses a new session instead)."""
LogPath = Union[str, "os.PathLike[str]"]



# ------------------------------------------------------------ the registry
_live: set[BotProcess] = set()
_live_lock = threading.Lock()


def close_all_bots() -> None:
    """Kill every bot process still running (registered with :mod:`atexit`; the app may call it on quit)."""
    with _live_lock:
        processes = list(_live)
    for process in processes:
        process.close()


def running_bot_pids() -> list[int]:
    """Process ids of the bots started here and not closed yet."""
    with _live_lock:
        return sorted(process.pid for process in _live)


atexit.register(close_all_bots)


# ------------------------------------------------------------ a worker's stop
STOP_GRACE_SECONDS = 1.0
"""How long a worker told to stop (SIGTERM) may take to end its bots before it ends outright (its
watch then ends them itself): a stopped tournament waits for its slowest worker, and exits within
2 s.  Where the signal's exit is lost (see :func:`exit_on_sigterm`), on a loaded machine, this
grace was the whole wait: 20 s once made a stop take 22."""


def exit_on_sigterm() -> None:
    """In a worker process: SIGTERM (the parent's terminate, or the parent's death on Linux) becomes
    a normal exit, so ``with BotTable()`` and :mod:`atexit` end the worker's bots instead of
    orphaning them.  Asked again while it ends them, it goes on (SIGTERM is ignored from then).

    The exit is an exception raised wherever the signal finds the worker; where it finds it in a
    weak reference's callback or a ``__del__``, Python prints the exception and carries on.  So a
    watch thread ends the bots and the worker after :data:`STOP_GRACE_SECONDS`: a worker never
    outlives its stop (its parent's terminate would wait for it forever)."""
    signal.signal(signal.SIGTERM, _exit_on_signal)


def _exit_on_signal(signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    threading.Thread(target=_exit_after_grace, args=(128 + signum,), name="stop watch", daemon=True).start()
    raise SystemExit(128 + signum)


def _exit_after_grace(code: int) -> None:
    time.sleep(STOP_GRACE_SECONDS)
    close_all_bots()
    os._exit(code)


class BotProcess:
    """One running bot program: lines in, lines out, debug output aside, and a sure kill.

    Three daemon threads own the pipes: one writes the questions (so a bot
    that never reads cannot block the game once the pipe is full), one reads
    stdout into a queue of events, one reads stderr into the tail and the log.
    """

    def __init__(self, args: Sequence[str], *, log_path: LogPath | None = None, folder: str | None = None) -> None:
        """Start the program (in ``folder``, or this process's working folder); ``OSError`` if it
        cannot be started or the log not opened."""
        self._debug = DebugOutput(log_path)
        self._events: queue.Queue[tuple[str, str, str]] = queue.Queue()
        self._questions: queue.Queue[bytes | None] = queue.Queue()
        self._closed = False
        self._close_lock = threading.Lock()
        self._sent_bytes = self._written_bytes = 0
        """Bytes of questions queued (by the caller's thread) and written (by the writer thread)."""
        self._asked_at = 0.0
        self._reader_thread: int | None = None
        """The native id of the thread reading the bot's answers."""
        self._threads: list[threading.Thread] = []  # set before the registry can see this process
        self.marker = proctree.new_marker()
        """Inherited by every process the bot starts, so strays can be found (:mod:`bots.proctree`)."""
        proctree.become_subreaper()
        proctree.start_watchdog()
        try:
            self._process = _start(args, self.marker, folder)
        except BaseException:
            self._debug.close()
            raise
        self.pid: int = self._process.pid
        self._stdin_pipe = _pipe_name(self._process.stdin)
        self.started = time.monotonic()
        """When the program was started (its start-up allowance counts from here)."""
        with _live_lock:
            _live.add(self)
        stdin, stdout, stderr = self._process.stdin, self._process.stdout, self._process.stderr
        assert stdin is not None and stdout is not None and stderr is not None
        self._threads = [
            _daemon(self._write_questions, stdin, "bot-stdin"),
            _daemon(self._read_answers, stdout, "bot-stdout"),
            _daemon(self._debug.read, stderr, "bot-stderr"),
        ]

    # ------------------------------------------------------------- talking
    def send(self, lines: Sequence[str]) -> None:
        """Queue ``lines`` for the bot's stdin (the writer thread writes them)."""
        if not self._closed:
            data = "".join(line + "\n" for line in lines).encode("ascii")
            self._sent_bytes += len(data)
            self._questions.put(data)

    def check_quiet(self) -> None:
        """:class:`BotFailure` if the bot wrote anything (but blank lines) since its last answer."""
        while True:
            try:
                event = self._events.get_nowait()
            except queue.Empty:
                return
            kind, text, sent = event
            if kind == "line":
                if text.strip():
                    raise BotFailure(FLOODS_STDOUT, Sentence(N_("wrote a line when no answer was asked")), text)
                continue
            self._events.put(event)  # an end or flood stays for receive() to report
            self._raise_event(kind, text, sent)

    def receive(self, seconds: float, cpu_clock: bool = False, free_until: float = 0.0) -> str:
        """The next non-blank line from the bot within ``seconds``; :class:`BotFailure` otherwise.

        With ``cpu_clock`` the limit counts the processor time the bot's whole process tree uses,
        so a computer busy with other work does not make it late; wall-clock time is still
        limited, to :data:`CPU_CLOCK_BACKSTOP` times ``seconds``.  The clock starts now, or at
        ``free_until`` (a :func:`time.monotonic` time: the end of a start-up allowance) if that is
        later: what the bot does before then is not counted.
        """
        clock = AnswerClock(_ClockReadings(self), seconds, cpu_clock, max(time.monotonic(), free_until))
        while True:
            try:
                kind, text, sent = _get(self._events, clock.wait_step())
            except queue.Empty:
                if self._process.poll() is not None:  # exited, its output perhaps held open by a child
                    self._exited_meanwhile()
                    continue
                if self.waits_for_input():
                    raise BotFailure(WAITS_FOR_INPUT, Sentence(WAITS_FOR_INPUT_DETAIL)) from None
                clock.check()
                continue
            if kind == "line":
                if text.strip():
                    return text
                continue
            self._events.put((kind, text, sent))
            self._raise_event(kind, text, sent)

    def waits_for_input(self) -> bool:
        """Whether the bot has read every line written to it, sent no answer we have not taken, and
        can only wait for more input (:mod:`.input_wait`; ``False`` where that cannot be told)."""
        if not input_wait.SUPPORTED or self._written_bytes != self._sent_bytes or self._reader_thread is None:
            return False
        try:
            stdin, stdout = _fileno(self._process.stdin), _fileno(self._process.stdout)
        except ValueError:  # closed
            return False
        if input_wait.unread_bytes(stdin) != 0 or None in input_wait.waits([self.pid], self._stdin_pipe):
            return False  # (the bot itself is looked at before its children are searched for: cheaper)
        if not input_wait.waits_for_input(proctree.tree_pids(self.pid), self._stdin_pipe):
            return False
        # The bot waits: an answer it wrote before is in our reader thread's hands, or taken.
        return (input_wait.reads_pipe(self._reader_thread, stdout) and input_wait.unread_bytes(stdout) == 0
                and self._events.empty())

    def sleeps(self) -> bool:
        """Whether the bot is seen asleep until a time comes, not computing nor reading
        (:mod:`.input_wait`; ``False`` where that cannot be told)."""
        return input_wait.sleeps(proctree.tree_pids(self.pid), self._stdin_pipe)

    def cpu_seconds(self) -> float:
        """Processor time the bot and every process under it have used so far (user and system)."""
        return proctree.tree_cpu_seconds(self.pid, self.marker)

    def _exited_meanwhile(self) -> None:
        """The bot is gone: take a line it wrote just before, else report that it exited."""
        try:
            event = self._events.get(timeout=EXIT_GRACE_SECONDS)
        except queue.Empty:
            raise BotFailure(EXITED, Sentence(N_("it exited"))) from None
        self._events.put(event)
        if event[0] == "line" and not event[1].strip():  # only blank lines left: it exited
            self._events.get_nowait()
            raise BotFailure(EXITED, Sentence(N_("it exited")))

    @staticmethod
    def _raise_event(kind: str, text: str, sent: str) -> None:
        if kind == "end":
            raise BotFailure(EXITED, Sentence(N_("its output ended")))
        raise BotFailure(FLOODS_STDOUT, text, sent)

    @property
    def stderr_tail(self) -> tuple[str, ...]:
        """The last :data:`STDERR_TAIL_LINES` lines of debug output."""
        return self._debug.tail()

    @property
    def returncode(self) -> int | None:
        """Exit status once the process is gone (negative: killed by that signal, on POSIX)."""
        code: int | None = self._process.returncode
        return code

    def wait_exit(self, seconds: float) -> None:
        """Give a bot whose output ended a moment to exit on its own (for its real exit status)."""
        try:
            self._process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            pass

    # ------------------------------------------------------------- closing
    def close(self) -> None:
        """Kill the bot and its children, reap it, and release the pipes.  Idempotent."""
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
        try:
            self._kill_tree()
            try:
                self._process.wait(timeout=KILL_WAIT_SECONDS)
            except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
                pass
            if _POSIX:
                proctree.reap_session(self.pid, known=set(running_bot_pids()))
            self._questions.put(None)
            streams = (self._process.stdin, self._process.stdout, self._process.stderr)
            for thread, stream in zip(self._threads, streams):
                thread.join(timeout=1.0)  # the readers end at EOF: every writer of the pipes is dead
                if not thread.is_alive():  # closing a stream another thread is blocked on would hang
                    _close_quietly(stream)
            self._debug.close()
        finally:
            proctree.forget_strays(self.marker)
            with _live_lock:
                _live.discard(self)

    def _kill_tree(self) -> None:
        strays = proctree.descendants(self.pid)  # before the kill: children that left its session
        if _POSIX:
            try:
                os.killpg(self.pid, signal.SIGKILL)  # the bot leads its own session: its children too
            except (ProcessLookupError, PermissionError):
                pass
            proctree.kill_all(strays)
            # Children that outlived the bot came back to us (we are a subreaper on Linux).
            proctree.kill_all(proctree.marked_orphans(self.marker, known=set(running_bot_pids())))
        elif self._process.returncode is None:  # pragma: no cover - Windows
            try:
                subprocess.run(["taskkill", "/F", "/T", "/PID", str(self.pid)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=KILL_WAIT_SECONDS)
            except (OSError, subprocess.SubprocessError):
                pass
        try:
            self._process.kill()
        except OSError:
            pass

    # ------------------------------------------------------------- threads
    def _write_questions(self, stream: IO[bytes]) -> None:
        while True:
            data = self._questions.get()
            if data is None:
                return
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError):  # the bot is gone: its stdout reader reports it
                return
            self._asked_at = time.monotonic()
            self._written_bytes += len(data)

    def _read_answers(self, stream: IO[bytes]) -> None:
        self._reader_thread = threading.get_native_id()
        total = 0
        while True:
            try:
                raw = stream.readline(MAX_LINE_BYTES + 1)
            except (OSError, ValueError):
                raw = b""
            if not raw:
                self._events.put(("end", "", ""))
                return
            total += len(raw)
            text = raw.decode("utf-8", "replace")
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                self._events.put(("flood", Sentence(N_("wrote a line longer than {limit} bytes"),
                                                    limit=MAX_LINE_BYTES), text))
                return
            if total > MAX_STDOUT_BYTES:
                self._events.put(("flood", Sentence(N_("wrote more than {limit} bytes in one game"),
                                                    limit=MAX_STDOUT_BYTES), text))
                return
            self._events.put(("line", text.rstrip("\r\n"), ""))



class DebugOutput:
    """What a bot writes to stderr: its last :data:`STDERR_TAIL_LINES` lines kept, all of it (up to
    :data:`MAX_LOG_BYTES`) appended to a log file if one is given."""

    def __init__(self, log_path: LogPath | None) -> None:
        """``OSError`` if the log cannot be opened."""
        self._log: BinaryIO | None = open(log_path, "ab") if log_path is not None else None
        self._log_bytes = 0
        self._tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._lock = threading.Lock()

    def tail(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(self._tail)

    def read(self, stream: IO[bytes]) -> None:
        """Read ``stream`` to its end (a thread's life)."""
        while True:
            try:
                raw = stream.readline(MAX_LINE_BYTES)
            except (OSError, ValueError):
                return
            if not raw:
                return
            with self._lock:
                self._tail.append(raw.decode("utf-8", "replace").rstrip("\r\n"))
                self._write_log(raw)

    def _write_log(self, raw: bytes) -> None:
        log = self._log
        if log is None or log.closed or self._log_bytes > MAX_LOG_BYTES:
            return
        self._log_bytes += len(raw)
        try:
            log.write(raw)
            if self._log_bytes > MAX_LOG_BYTES:
                log.write(f"\n[debug output beyond {MAX_LOG_BYTES} bytes not logged]\n".encode())
            log.flush()
        except (OSError, ValueError):
            self._log_bytes = MAX_LOG_BYTES + 1

    def close(self) -> None:
        if self._log is not None:
            with self._lock:
                self._log.close()


class _ClockReadings:
    """What an answer's clock reads of a running bot (:class:`ClockedBot`)."""

    def __init__(self, bot: BotProcess) -> None:
        self.bot = bot
        self.cpu_seconds, self.sleeps = bot.cpu_seconds, bot.sleeps

    def activity(self) -> proctree.Activity | None:
        return proctree.tree_activity(self.bot.pid)

    def asked_at(self) -> float:
        return self.bot._asked_at

    def held_here(self) -> bool:
        """Its question not all written yet though it read what was, or an answer it wrote not
        read yet: this program's threads, not the bot, wait for a processor."""
        bot = self.bot
        if not input_wait.SUPPORTED:
            return False
        try:
            stdin, stdout = _fileno(bot._process.stdin), _fileno(bot._process.stdout)
            return ((bot._written_bytes != bot._sent_bytes and input_wait.unread_bytes(stdin) == 0)
                    or (input_wait.unread_bytes(stdout) or 0) > 0)
        except (ValueError, OSError):
            return False


class ClockedBot(Protocol):
    """What an answer's clock reads of a bot (:class:`BotProcess`)."""

    def cpu_seconds(self) -> float:
        """Processor time the bot's tree has used."""

    def activity(self) -> proctree.Activity | None:
        """How long the bot's threads have been running or waiting for a processor, and whether
        one is now (``None``: not told here)."""

    def asked_at(self) -> float:
        """When the last question was all written to the bot (:func:`time.monotonic`)."""

    def held_here(self) -> bool:
        """Whether the bot waits on this program (see :meth:`_ClockReadings.held_here`)."""

    def sleeps(self) -> bool:
        """Whether the bot is seen asleep on a timer."""


class AnswerClock:
    """The time limit of one answer: wall-clock time, or the processor time of the bot's tree
    (with a backstop of wall-clock time the bot spent asleep), counted from ``start``."""

    def __init__(self, bot: ClockedBot, seconds: float, cpu_clock: bool, start: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.seconds = seconds
        self.cpu_clock = cpu_clock
        self.start = start
        self.now = now
        self.deadline = start + seconds * (CPU_CLOCK_BACKSTOP if cpu_clock else 1.0)
        self.cpu_start: float | None = None
        self.active_start: float | None = None
        self.cpu_seen = 0.0
        """The most processor time seen (the tree's total can drop when a process leaves it)."""
        self.active_seen = 0.0
        """The most time seen running or waiting for a processor (as ``cpu_seen``)."""
        if cpu_clock and now() >= start:
            self._start_counting()

    def _start_counting(self) -> None:
        activity = self.bot.activity()
        self.cpu_start, self.active_start = self.bot.cpu_seconds(), activity.seconds if activity else None

    def wait_step(self) -> float:
        """How long to wait for the next line before looking at the clocks again."""
        return max(0.0, min(self.deadline - self.now(), _POLL_SECONDS))

    def check(self) -> None:
        """:class:`BotFailure` (too slow) once the limit is spent."""
        now = self.now()
        ms = f"{self.seconds * 1000:.0f}"
        if now >= self.deadline - _POLL_SECONDS / 2:
            if not self.cpu_clock:
                raise BotFailure(TOO_SLOW, Sentence(N_("no answer within {ms} ms"), ms=ms))
            if self._asleep_long_enough(now):
                raise self.backstop()
        if not self.cpu_clock or now < self.start:
            return
        if self.cpu_start is None:  # the start-up allowance just ended: count from here
            self._start_counting()
            return
        if now - self.start >= self.seconds:
            self.cpu_seen = max(self.cpu_seen, self.bot.cpu_seconds() - self.cpu_start)
            if self.cpu_seen >= self.seconds:
                raise BotFailure(TOO_SLOW, Sentence(N_("no answer within {ms} ms of processor time"), ms=ms)) from None

    def _asleep_long_enough(self, now: float) -> bool:
        """Whether the bot spent the backstop's wall-clock time asleep since its question reached
        it; if not, the deadline moves on by the time it was running or runnable (the kernel's run
        delay: it waited for a processor), and while its answer waits here to be read."""
        backstop = self.seconds * CPU_CLOCK_BACKSTOP
        if self.bot.held_here():
            self.deadline = now + _POLL_SECONDS
            return False
        if self.cpu_start is None:  # the start-up allowance ended while this program waited for a processor
            self._start_counting()
            self.deadline = now + backstop
            return False
        activity = self.bot.activity()
        if activity is None or self.active_start is None:
            return True  # not told here: the wall-clock time is all the backstop has
        if activity.runnable:  # waiting for a processor (or on one) now: look again in a moment
            self.deadline = now + _POLL_SECONDS
            return False
        self.active_seen = max(self.active_seen, activity.seconds - self.active_start)
        asleep = now - max(self.start, self.bot.asked_at()) - self.active_seen
        if asleep >= backstop - _POLL_SECONDS / 2:
            return True
        self.deadline = now + backstop - asleep
        return False

    def backstop(self) -> BotFailure:
        """The processor clock's wall-clock backstop is reached: what was waited, and whether the
        bot was seen asleep on a timer (then its lines' order is not worth trying)."""
        values = {"wall": f"{self.seconds * CPU_CLOCK_BACKSTOP * 1000:.0f}", "ms": f"{self.seconds * 1000:.0f}"}
        if self.bot.sleeps():
            return BotFailure(TOO_SLOW, Sentence(N_("it sleeps: no answer in {wall} ms of wall-clock time, in which "
                                                    "it used less than {ms} ms of processor time"), **values),
                              probe=False)
        return BotFailure(TOO_SLOW, Sentence(N_("no answer in {wall} ms of wall-clock time, in which it used "
                                                "less than {ms} ms of processor time"), **values))


def _get(events: queue.Queue[tuple[str, str, str]], timeout: float) -> tuple[str, str, str]:
    """``events.get(timeout=...)``, where a Ctrl-C (or a SIGTERM turned into one) stays a
    :class:`KeyboardInterrupt`: landing inside the queue's lock bookkeeping, it can surface
    as ``RuntimeError: release unlocked lock`` with the interrupt as its context."""
    try:
        return events.get(timeout=timeout)
    except RuntimeError as error:
        if isinstance(error.__context__, KeyboardInterrupt):
            raise error.__context__ from None
        raise


def _start(args: Sequence[str], marker: str, folder: str | None = None) -> subprocess.Popen[bytes]:
    """Start the bot program with its three pipes, in its own session (or process group)."""
    return subprocess.Popen(
        list(args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=folder,
        env={**os.environ, "PYTHONUNBUFFERED": "1",  # print() in Python bots needs no flush
             proctree.MARKER_VARIABLE: marker},
        start_new_session=_POSIX,  # its own process group, so its children can be killed with it
        creationflags=_NEW_GROUP_FLAG,
        preexec_fn=proctree.preexec if _POSIX else None,  # Linux: killed by the kernel if we die
    )


def _pipe_name(stream: IO[bytes] | None) -> str:
    """``pipe:[inode]``: the pipe as ``/proc/PID/fd`` shows it in the bot's processes."""
    return f"pipe:[{os.fstat(_fileno(stream)).st_ino}]" if stream is not None else ""


def _fileno(stream: IO[bytes] | None) -> int:
    if stream is None:
        raise ValueError("no stream")
    return stream.fileno()


def _daemon(target: Callable[[IO[bytes]], None], stream: IO[bytes], name: str) -> threading.Thread:
    thread = threading.Thread(target=target, args=(stream,), name=name, daemon=True)
    thread.start()
    return thread


def _close_quietly(stream: IO[bytes] | None) -> None:
    if stream is None:
        return
    try:
        stream.close()
    except (OSError, ValueError):
        pass
