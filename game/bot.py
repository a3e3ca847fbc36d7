"""Bot players: a student's program, run as a subprocess, plays a seat.

A :class:`BotAgent` is an ordinary agent (``choose_card`` / ``choose_row``)
whose decisions come from another program speaking the text protocol of
:mod:`game.protocol` over its standard input and output (described for bot
authors in ``docs/bot-protocol.md``).  The referee's side of the bargain:

* **Time limits.**  1000 ms for the first answer, 100 ms for every later one,
  counted from the moment the question is handed to the bot.
* **Disqualification.**  A bot that answers late, answers nonsense, plays a
  card it does not hold, exits, or floods its output is disqualified: the
  :class:`Disqualification` says who, when, what it sent and the end of its
  debug output; its process is killed; the agent then plays its seat like
  :class:`~game.agents.RandomAgent` so the game goes on unchanged.
* **Debug output.**  Whatever the bot writes to stderr never mixes with the
  protocol: the last lines stay in memory (:attr:`BotAgent.stderr_tail`) and
  all of it can be appended to a log file.
* **No orphans.**  The bot runs in its own session (POSIX) or process group
  (Windows) and its whole process tree - including children that left its
  session or outlived it, see :mod:`game.proctree` - is killed by
  :meth:`BotAgent.close`, by leaving a ``with`` block, and, as a last resort,
  when the interpreter exits (every running bot is in a module-level
  registry closed by :mod:`atexit`).  On Linux the kernel and a watchdog
  process end them even when this process is killed with SIGKILL.

The bots of one game share a :class:`BotTable` so each knows which seats are
disqualified: the protocol shows those seats' last card as ``-1`` and their
score as ``-999``.

Pipes are read and written by threads feeding queues, never with ``select``,
which does not work on pipes under Windows.  Nothing here imports pygame.
"""

from __future__ import annotations

import atexit
import collections
import os
import queue
import random
import shlex
import shutil
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, BinaryIO, Callable, Sequence, Union

from . import proctree
from .kinds import BOT_KIND, BOT_STATEMENT_KIND
from .agents import RandomAgent
from .engine import PlayerView
from .protocol import AnswerError, init_line, parse_answer, phase_of, turn_lines

FIRST_ANSWER_SECONDS = 1.0
"""Time allowed for a bot's first answer of a game (it may still be starting up)."""
ANSWER_SECONDS = 0.1
"""Time allowed for every later answer."""
STDERR_TAIL_LINES = 20
"""Lines of debug output kept in memory for the report and the app."""
MAX_LINE_BYTES = 4096
"""An answer line longer than this floods the output."""
MAX_STDOUT_BYTES = 1 << 20
"""A bot writing more than this to stdout in one game floods the output."""
MAX_LOG_BYTES = 10 << 20
"""Debug output beyond this is not written to the log file (it is still read)."""
SENT_LIMIT = 200
"""Characters of an offending answer kept in a disqualification."""
KILL_WAIT_SECONDS = 5.0
"""How long to wait for a killed bot to be gone before giving up on it."""
CPU_CLOCK_BACKSTOP = 10.0
"""With the processor-time clock, a bot that uses little processor time but still does not
answer (it waits, or it sleeps) is too slow after this many times the limit of wall-clock time."""
EXIT_GRACE_SECONDS = 0.05
"""A bot found exited while an answer is awaited: time left for a line already written to arrive."""
_POLL_SECONDS = 0.02
"""While waiting for an answer, how often to check that the bot is still running (its output may
stay open after it exits, held by a child)."""


# Reasons for a disqualification (the ``reason`` field), stable for summaries.
TOO_SLOW = "too slow"
NONSENSE = "nonsense"
ILLEGAL_MOVE = "illegal move"
EXITED = "exited"
FLOODS_STDOUT = "floods stdout"
COULD_NOT_START = "could not start"
REASONS = (TOO_SLOW, NONSENSE, ILLEGAL_MOVE, EXITED, FLOODS_STDOUT, COULD_NOT_START)

_POSIX = os.name == "posix"
_NEW_GROUP_FLAG: int = 0 if _POSIX else getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
"""Windows: start the bot in its own process group (POSIX uses a new session instead)."""
LogPath = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Disqualification:
    """Why a bot lost its seat: enough for a report a student can act on."""

    seat: int
    """The bot's player index (its ``playerId``), from 0."""
    command: str
    """The bot's command line, as given."""
    round: int
    """Round index, from 0, as in the engine."""
    turn: int
    """Turn index within the round, from 0, as in the engine."""
    reason: str
    """One of :data:`REASONS`."""
    detail: str
    """The reason in a sentence (which limit, which card, which exit code)."""
    sent: str
    """The offending line as sent (truncated to :data:`SENT_LIMIT`); empty if none."""
    stderr_tail: tuple[str, ...]
    """The last lines of the bot's debug output when it was disqualified."""
    hint: str = ""
    """What to try, when the first answer already failed: the other order of the lines."""

    def to_dict(self) -> dict[str, object]:
        """The report as JSON-ready data (for ``simulate --json`` and saved logs)."""
        return {
            "seat": self.seat, "command": self.command, "round": self.round, "turn": self.turn,
            "reason": self.reason, "detail": self.detail, "sent": self.sent,
            "stderr_tail": list(self.stderr_tail), "hint": self.hint,
        }

    def describe(self) -> str:
        """One line for people: seats, rounds and turns counted from 1."""
        sent = f"; it sent {self.sent!r}" if self.sent else ""
        hint = f". {self.hint}" if self.hint else ""
        return (f"bot in seat {self.seat + 1} ({self.command}) disqualified in round {self.round + 1}, "
                f"turn {self.turn + 1}: {self.reason} ({self.detail}){sent}{hint}")


class BotFailure(Exception):
    """The bot broke the protocol while being asked (raised and handled inside this module)."""

    def __init__(self, reason: str, detail: str, sent: str = "") -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.sent = sent


# ------------------------------------------------------------------ commands
def split_command(command: str) -> list[str]:
    """The program and arguments of ``command``, split as a shell would (no shell runs).

    POSIX shell quoting everywhere except Windows, where backslashes are path
    separators, not escapes: there only double quotes group words.
    ``ValueError`` for an empty command or unbalanced quotes.
    """
    try:
        if _POSIX:
            args = shlex.split(command)
        else:
            args = [_unquote(word) for word in shlex.split(command, posix=False)]
    except ValueError as error:
        raise ValueError(f"bot command {command!r}: {error}") from None
    if not args:
        raise ValueError("bot command is empty")
    return args


def check_command(command: str) -> list[str]:
    """:func:`split_command`, and ``ValueError`` unless the program can be found.

    For argument checking before a run: a bot that cannot start during a
    game is only disqualified, which is a poor way to report a typo.
    """
    args = split_command(command)
    program = args[0]
    has_folder = os.sep in program or (os.altsep is not None and os.altsep in program)
    found = Path(program).is_file() if has_folder else shutil.which(program) is not None
    if not found:
        raise ValueError(f"bot command {command!r}: program {program!r} not found")
    if not proctree.available():
        raise proctree.PackageMissing("psutil", "bots need the psutil package, to end every process a bot "
                                      "starts: pip install -r requirements.txt")
    return args


def order_hint(command: str, phase_last: bool) -> str:
    """What to try when a bot's very first answer fails: the other order of the question's lines."""
    if phase_last:
        return (f"If it was written for the published statement (phase line first), "
                f"seat it as '{BOT_STATEMENT_KIND}:{command}'")
    return (f"If it was written for the live arena (phase line last), "
            f"seat it as '{BOT_KIND}:{command}'")


def _unquote(word: str) -> str:
    if len(word) >= 2 and word[0] == word[-1] == '"':
        return word[1:-1]
    return word


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


# ------------------------------------------------------------ the process
class BotProcess:
    """One running bot program: lines in, lines out, debug output aside, and a sure kill.

    Three daemon threads own the pipes: one writes the questions (so a bot
    that never reads cannot block the game once the pipe is full), one reads
    stdout into a queue of events, one reads stderr into the tail and the log.
    """

    def __init__(self, args: Sequence[str], *, log_path: LogPath | None = None) -> None:
        """Start the program; ``OSError`` if it cannot be started or the log not opened."""
        self._log: BinaryIO | None = open(log_path, "ab") if log_path is not None else None
        self._log_bytes = 0
        self._tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._tail_lock = threading.Lock()
        self._events: queue.Queue[tuple[str, str, str]] = queue.Queue()
        self._questions: queue.Queue[bytes | None] = queue.Queue()
        self._closed = False
        self._close_lock = threading.Lock()
        self._threads: list[threading.Thread] = []  # set before the registry can see this process
        self.marker = proctree.new_marker()
        """Inherited by every process the bot starts, so strays can be found (:mod:`game.proctree`)."""
        proctree.become_subreaper()
        proctree.start_watchdog()
        try:
            self._process = subprocess.Popen(
                list(args),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env={**os.environ, "PYTHONUNBUFFERED": "1",  # print() in Python bots needs no flush
                     proctree.MARKER_VARIABLE: self.marker},
                start_new_session=_POSIX,  # its own process group, so its children can be killed with it
                creationflags=_NEW_GROUP_FLAG,
                preexec_fn=proctree.preexec if _POSIX else None,  # Linux: killed by the kernel if we die
            )
        except BaseException:
            if self._log is not None:
                self._log.close()
            raise
        self.pid: int = self._process.pid
        with _live_lock:
            _live.add(self)
        stdin, stdout, stderr = self._process.stdin, self._process.stdout, self._process.stderr
        assert stdin is not None and stdout is not None and stderr is not None
        self._threads = [
            _daemon(self._write_questions, stdin, "bot-stdin"),
            _daemon(self._read_answers, stdout, "bot-stdout"),
            _daemon(self._read_debug, stderr, "bot-stderr"),
        ]

    # ------------------------------------------------------------- talking
    def send(self, lines: Sequence[str]) -> None:
        """Queue ``lines`` for the bot's stdin (the writer thread writes them)."""
        if not self._closed:
            self._questions.put("".join(line + "\n" for line in lines).encode("ascii"))

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
                    raise BotFailure(FLOODS_STDOUT, "wrote a line when no answer was asked", text)
                continue
            self._events.put(event)  # an end or flood stays for receive() to report
            self._raise_event(kind, text, sent)

    def receive(self, seconds: float, cpu_clock: bool = False) -> str:
        """The next non-blank line from the bot within ``seconds``; :class:`BotFailure` otherwise.

        With ``cpu_clock`` the limit counts the processor time the bot uses, so a computer busy
        with other work does not make it late; wall-clock time is still limited, to
        :data:`CPU_CLOCK_BACKSTOP` times ``seconds``.
        """
        start = time.monotonic()
        deadline = start + seconds * (CPU_CLOCK_BACKSTOP if cpu_clock else 1.0)
        cpu_start = self._cpu_seconds() if cpu_clock else 0.0
        while True:
            left = deadline - time.monotonic()
            try:
                kind, text, sent = self._events.get(timeout=max(0.0, min(left, _POLL_SECONDS)))
            except queue.Empty:
                if self._process.poll() is not None:  # exited, its output perhaps held open by a child
                    self._exited_meanwhile()
                    continue
                if left <= _POLL_SECONDS:
                    raise BotFailure(TOO_SLOW, f"no answer within {seconds * 1000:.0f} ms"
                                     + (" of wall-clock time" if cpu_clock else "")) from None
                if (cpu_clock and time.monotonic() - start >= seconds
                        and self._cpu_seconds() - cpu_start >= seconds):
                    raise BotFailure(TOO_SLOW, f"no answer within {seconds * 1000:.0f} ms "
                                     "of processor time") from None
                continue
            if kind == "line":
                if text.strip():
                    return text
                continue
            self._events.put((kind, text, sent))
            self._raise_event(kind, text, sent)

    def _cpu_seconds(self) -> float:
        """Processor time the bot has used so far (user and system)."""
        return proctree.cpu_seconds(self.pid)

    def _exited_meanwhile(self) -> None:
        """The bot is gone: take a line it wrote just before, else report that it exited."""
        try:
            event = self._events.get(timeout=EXIT_GRACE_SECONDS)
        except queue.Empty:
            raise BotFailure(EXITED, "it exited") from None
        self._events.put(event)
        if event[0] == "line" and not event[1].strip():  # only blank lines left: it exited
            self._events.get_nowait()
            raise BotFailure(EXITED, "it exited")

    @staticmethod
    def _raise_event(kind: str, text: str, sent: str) -> None:
        if kind == "end":
            raise BotFailure(EXITED, "its output ended")
        raise BotFailure(FLOODS_STDOUT, text, sent)

    @property
    def stderr_tail(self) -> tuple[str, ...]:
        """The last :data:`STDERR_TAIL_LINES` lines of debug output."""
        with self._tail_lock:
            return tuple(self._tail)

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
            if self._log is not None:
                with self._tail_lock:
                    self._log.close()
        finally:
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

    def _read_answers(self, stream: IO[bytes]) -> None:
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
                self._events.put(("flood", f"wrote a line longer than {MAX_LINE_BYTES} bytes", text))
                return
            if total > MAX_STDOUT_BYTES:
                self._events.put(("flood", f"wrote more than {MAX_STDOUT_BYTES} bytes in one game", text))
                return
            self._events.put(("line", text.rstrip("\r\n"), ""))

    def _read_debug(self, stream: IO[bytes]) -> None:
        while True:
            try:
                raw = stream.readline(MAX_LINE_BYTES)
            except (OSError, ValueError):
                return
            if not raw:
                return
            with self._tail_lock:
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


# ------------------------------------------------------------ the table
class BotTable:
    """The bots of one game: which seats are disqualified, and closing them together.

    Pass the same table to every bot of a game (``make_bot_agent(..., table=t)``);
    use it as a context manager around the game so every process is killed
    when the game ends, however it ends.
    """

    def __init__(self) -> None:
        self.bots: list[BotAgent] = []
        """Every bot seated with this table, in the order they joined."""
        self.disqualifications: list[Disqualification] = []
        """Every disqualification of the game, in the order they happened."""

    @property
    def disqualified_seats(self) -> frozenset[int]:
        return frozenset(d.seat for d in self.disqualifications)

    def add(self, bot: BotAgent) -> None:
        self.bots.append(bot)

    def record(self, disqualification: Disqualification) -> None:
        self.disqualifications.append(disqualification)

    def close(self) -> None:
        """Kill every bot process of the table (idempotent)."""
        for bot in self.bots:
            bot.close()

    def __enter__(self) -> BotTable:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


# ------------------------------------------------------------ the agent
class BotAgent:
    """An agent whose decisions come from a bot program; random play once disqualified.

    The process starts at construction and gets its ``playerCount playerId``
    line at once, so its start-up overlaps the other seats'; the clock of
    the first answer starts when the first question is written.
    """

    def __init__(
        self,
        command: str,
        *,
        seat: int,
        player_count: int,
        rng: random.Random,
        phase_last: bool = True,
        log_path: LogPath | None = None,
        table: BotTable | None = None,
        first_answer_seconds: float = FIRST_ANSWER_SECONDS,
        answer_seconds: float = ANSWER_SECONDS,
    ) -> None:
        """Start ``command`` for ``seat``.

        ``ValueError`` for a command that cannot be split, ``OSError`` if the
        log file cannot be opened; a program that cannot be started is not an
        error here but a disqualification at its first decision.
        """
        self.kind = BOT_KIND if phase_last else BOT_STATEMENT_KIND
        self.command = command
        self.seat = seat
        self.player_count = player_count
        self.phase_last = phase_last
        self.first_answer_seconds = first_answer_seconds
        self.answer_seconds = answer_seconds
        self.cpu_clock = False
        """Count the time limits in processor time the bot uses (tournaments), not wall-clock time."""
        self.table = table if table is not None else BotTable()
        self.disqualification: Disqualification | None = None
        """Set when the bot is disqualified; the seat then plays at random."""
        self.last_message = ""
        """Text after the command in the bot's last answer (what it wants shown)."""
        self.answers = 0
        """Answers accepted so far."""
        self._fallback = RandomAgent(rng)
        self._closed = False
        self._start_error = ""
        self._process: BotProcess | None = None
        args = split_command(command)
        if log_path is not None:
            open(log_path, "ab").close()  # a log that cannot be written is the caller's error
        self.table.add(self)
        try:
            self._process = BotProcess(args, log_path=log_path)
        except OSError as error:
            self._start_error = error.strerror or str(error)
            return
        self._process.send([init_line(player_count, seat)])

    # ------------------------------------------------------------ decisions
    def choose_card(self, view: PlayerView) -> int:
        """The card the bot plays (``PLAY``), or a random one once disqualified."""
        value = self._ask(view)
        return self._fallback.choose_card(view) if value is None else value

    def choose_row(self, view: PlayerView) -> int:
        """The row the bot takes (``PICK``), or a random one once disqualified."""
        value = self._ask(view)
        return self._fallback.choose_row(view) if value is None else value

    def _ask(self, view: PlayerView) -> int | None:
        """Ask the bot about ``view``; ``None`` if it is (or now gets) disqualified."""
        if self.disqualification is not None or self._closed:
            return None
        process = self._process
        if process is None:
            self._disqualify(view, BotFailure(COULD_NOT_START, self._start_error))
            return None
        phase = phase_of(view)
        line = ""
        try:
            process.check_quiet()
            process.send(turn_lines(view, self.table.disqualified_seats, phase_last=self.phase_last))
            line = process.receive(self.first_answer_seconds if self.answers == 0 else self.answer_seconds,
                                   self.cpu_clock)
            answer = parse_answer(line, phase, view.hand)
        except BotFailure as failure:
            self._disqualify(view, failure)
            return None
        except AnswerError as error:
            self._disqualify(view, BotFailure(ILLEGAL_MOVE if error.illegal else NONSENSE, str(error), line))
            return None
        self.answers += 1
        self.last_message = answer.message
        return answer.value

    def _disqualify(self, view: PlayerView, failure: BotFailure) -> None:
        if self._closed:  # the owner closed the bot mid-question (the app quits): not the bot's fault
            return
        detail = failure.detail
        process = self._process
        if process is not None:
            if failure.reason == EXITED:
                process.wait_exit(2.0)
                detail = _exit_detail(process.returncode)
            process.close()
        disqualification = Disqualification(
            seat=self.seat,
            command=self.command,
            round=view.round,
            turn=view.turn,
            reason=failure.reason,
            detail=detail,
            sent=_truncate(failure.sent),
            stderr_tail=self.stderr_tail,
            hint=order_hint(self.command, self.phase_last) if self.answers == 0 and failure.reason in
            (ILLEGAL_MOVE, NONSENSE, EXITED) else "",
        )
        self.disqualification = disqualification
        self.table.record(disqualification)

    # ------------------------------------------------------------ state
    @property
    def stderr_tail(self) -> tuple[str, ...]:
        """The last lines of the bot's debug output (stderr), oldest first."""
        return self._process.stderr_tail if self._process is not None else ()

    @property
    def pid(self) -> int | None:
        """Process id of the bot program, if it started."""
        return self._process.pid if self._process is not None else None

    @property
    def returncode(self) -> int | None:
        """Exit status once the process is gone."""
        return self._process.returncode if self._process is not None else None

    def close(self) -> None:
        """Kill the bot program and its children (idempotent); the seat then plays at random."""
        self._closed = True
        if self._process is not None:
            self._process.close()

    def __enter__(self) -> BotAgent:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"BotAgent(seat={self.seat}, command={self.command!r}, kind={self.kind!r})"


def make_bot_agent(
    command: str,
    *,
    seat: int,
    player_count: int,
    rng: random.Random,
    phase_last: bool = True,
    log_path: LogPath | None = None,
    table: BotTable | None = None,
) -> BotAgent:
    """A bot for ``seat`` running ``command``, with the protocol's time limits.

    Give every bot of one game the same ``table`` and close it when the game
    ends (``with BotTable() as table: ...``).
    """
    return BotAgent(command, seat=seat, player_count=player_count, rng=rng,
                    phase_last=phase_last, log_path=log_path, table=table)


def _exit_detail(returncode: int | None) -> str:
    if returncode is None:
        return "its output ended but it kept running"
    if returncode < 0 and _POSIX:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"killed by {name}"
    return f"exited with code {returncode}"


def _truncate(text: str) -> str:
    return text if len(text) <= SENT_LIMIT else text[:SENT_LIMIT] + "..."
