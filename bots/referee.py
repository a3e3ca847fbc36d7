"""The referee's side: an agent whose decisions come from a bot program, held to the time limits,
disqualified (then playing at random) when it breaks the protocol; and the table of one game's
bots, which knows the disqualified seats and closes every process together."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path
from types import TracebackType

from store.outputs import check_output_file
from game.players.agents import RandomAgent
from game.engine import PlayerView
from game.kinds import BOT_KIND, BOT_STATEMENT_KIND, Bot
from game.players.options import AgentOptions
from .command import require_process_tools, split_command
from .diagnosis import STARTUP_SECONDS, AskedGame, Question, could_not_start_detail, diagnose, order_hint
from game.i18n import N_
from .failures import (COULD_NOT_START, EXITED, FLOODS_STDOUT, ILLEGAL_MOVE, NONSENSE, BotFailure, Disqualification, Sentence,
                       truncate)
from .process import BotProcess, LogPath
from .protocol import AnswerError, init_line, parse_answer, phase_of, turn_lines

FIRST_ANSWER_SECONDS = 1.0
"""Time allowed for a bot's first answer of a game (it may still be starting up)."""
ANSWER_SECONDS = 0.1
"""Time allowed for every later answer."""

_POSIX = os.name == "posix"


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

    def seat(self, bot: Bot, *, seat: int, player_count: int, rng: random.Random, options: AgentOptions,
             log_path: Path | None) -> BotAgent:
        """The bot ``bot`` for ``seat``, its process started at this table (``game.play.BotSeats``)."""
        agent = make_bot_agent(bot.command, seat=seat, player_count=player_count, rng=rng,
                               phase_last=bot.phase_last, log_path=log_path, table=self, folder=options.bot_folder)
        agent.cpu_clock = options.bot_cpu_clock
        return agent

    def close(self) -> None:
        """Kill every bot process of the table (idempotent)."""
        for bot in self.bots:
            bot.close()

    def __enter__(self) -> BotTable:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class BotAgent:
    """An agent whose decisions come from a bot program; random play once disqualified.

    The process starts at construction and gets its ``playerCount playerId``
    line at once, so its start-up overlaps the other seats'; the clock of
    the first answer starts when the first question is written, or when its start-up allowance
    (:data:`STARTUP_SECONDS` after it started) ends if that is later.
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
        folder: str | None = None,
    ) -> None:
        """Start ``command`` for ``seat``.

        ``ValueError`` for a command that cannot be split, ``OSError`` if the
        log file cannot be opened; a program that cannot be started is not an
        error here but a disqualification at its first decision.
        """
        self.kind = BOT_KIND if phase_last else BOT_STATEMENT_KIND
        self.command, self.seat, self.player_count, self.phase_last = command, seat, player_count, phase_last
        self.first_answer_seconds, self.answer_seconds = first_answer_seconds, answer_seconds
        self.cpu_clock = False
        """Count the limits in processor time of the bot's process tree, not wall-clock time."""
        self.table = table if table is not None else BotTable()
        self.disqualification: Disqualification | None = None
        """Set when the bot is disqualified; the seat then plays at random."""
        self.last_message = ""
        """Text after the command in the bot's last answer (what it wants shown)."""
        self.answers = 0
        """Answers accepted so far."""
        self._asked: list[Question] = []  # the game's questions so far: a failure is probed with them
        self._fallback = RandomAgent(rng)
        self._closed, self._start_error = False, ""
        self._process: BotProcess | None = None
        self._args, self._folder = split_command(command), folder
        self._start(self._args, log_path)

    def _start(self, args: list[str], log_path: LogPath | None) -> None:
        """Start the program and send its first line; a failure to start is kept for its first decision.
        ``PackageMissing`` (nothing started) without ``psutil``."""
        require_process_tools()
        if log_path is not None:
            check_output_file(log_path)  # a log that cannot be written is the caller's error
            open(log_path, "ab").close()
        self.table.add(self)
        try:
            self._process = BotProcess(args, log_path=log_path, folder=self._folder)
        except OSError as error:
            self._start_error = error.strerror or str(error)
            return
        self._process.send([init_line(self.player_count, self.seat)])

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
            self._asked.append(Question(view, self.table.disqualified_seats))
            process.send(turn_lines(view, self.table.disqualified_seats, phase_last=self.phase_last))
            first = self.answers == 0
            line = process.receive(self.first_answer_seconds if first else self.answer_seconds, self.cpu_clock,
                                   free_until=process.started + STARTUP_SECONDS if first else 0.0)
            answer = parse_answer(line, phase, view.hand)
        except BotFailure as failure:
            self._disqualify(view, failure)
            return None
        except AnswerError as error:
            self._disqualify(view, BotFailure(ILLEGAL_MOVE if error.illegal else NONSENSE, error.args[0], line))
            return None
        self.answers += 1
        self.last_message = answer.message
        return answer.value

    def _disqualify(self, view: PlayerView, failure: BotFailure) -> None:
        if self._closed:  # the owner closed the bot mid-question (the app quits): not the bot's fault
            return
        reason, detail, hint = failure.reason, failure.detail, ""
        process = self._process
        if process is not None:
            if reason == EXITED:
                process.wait_exit(2.0)
                detail = _exit_detail(process.returncode)
            process.close()
            if failure.probe and reason != FLOODS_STDOUT:
                reason, detail, hint = self._diagnose_failure(reason, detail)
        disqualification = Disqualification(
            seat=self.seat,
            command=self.command,
            round=view.round,
            turn=view.turn,
            reason=reason,
            detail=detail,
            sent=truncate(failure.sent),
            stderr_tail=self.stderr_tail,
            hint=hint,
            first_answer=self.answers == 0,
        )
        self.disqualification = disqualification
        self.table.record(disqualification)

    def _diagnose_failure(self, reason: str, detail: str) -> tuple[str, str, str]:
        """``(reason, detail, hint)`` of a failed question, once the program is tried again on the
        game's questions so far (:mod:`bots.diagnosis`): ``could not start`` (at the first),
        or the other order of the lines."""
        game = AskedGame(self.command, self._args, self.player_count, self.seat, tuple(self._asked),
                         self.phase_last, self.first_answer_seconds, self.answer_seconds, self.cpu_clock,
                         self._folder)
        found = diagnose(game, exited=reason == EXITED)
        if found.exit_code is not None:
            return COULD_NOT_START, could_not_start_detail(found.exit_code, self.stderr_tail), ""
        if found.other_order_answers:
            return reason, detail, order_hint(self.command, self.phase_last)
        return reason, detail, ""

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
    folder: str | None = None,
) -> BotAgent:
    """A bot for ``seat`` running ``command``, with the protocol's time limits.

    Give every bot of one game the same ``table`` and close it when the game
    ends (``with BotTable() as table: ...``).
    """
    return BotAgent(command, seat=seat, player_count=player_count, rng=rng,
                    phase_last=phase_last, log_path=log_path, table=table, folder=folder)


def _exit_detail(returncode: int | None) -> str:
    if returncode is None:
        return Sentence(N_("its output ended but it kept running"))
    if returncode < 0 and _POSIX:
        try:
            return Sentence(N_("killed by {name}"), name=signal.Signals(-returncode).name)
        except ValueError:
            return Sentence(N_("killed by signal {number}"), number=-returncode)
    return Sentence(N_("exited with code {code}"), code=returncode)
