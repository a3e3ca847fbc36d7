"""Bot players: a student's program, run as a subprocess, plays a seat.

One module per concern:

* :mod:`.command` - a bot's command line: split as a shell would, its program checked;
* :mod:`.protocol` - the text protocol: the questions' lines, the answers parsed (pure);
* :mod:`.process` - one running program: pipes read by threads, time limits, a sure kill;
* :mod:`.failures` - why a bot lost its seat (:class:`~.failures.Disqualification`);
* :mod:`.referee` - the agent that asks the bot and the table of one game's bots.

Importing the package imports none of them.  Processes are ended through
:mod:`bots.proctree`, which loads ``psutil`` only when a bot is seated.

A :class:`~.referee.BotAgent` is an ordinary agent (``choose_card`` / ``choose_row``)
whose decisions come from another program speaking the text protocol of
:mod:`.protocol` over its standard input and output (described for bot
authors in ``docs/bot-protocol.md``).  The referee's side of the bargain:

* **Time limits.**  1000 ms for the first answer, 100 ms for every later one,
  counted from the moment the question is handed to the bot.
* **Disqualification.**  A bot that answers late, answers nonsense, plays a
  card it does not hold, exits, or floods its output is disqualified: the
  :class:`~.failures.Disqualification` says who, when, what it sent and the end of its
  debug output; its process is killed; the agent then plays its seat like
  :class:`~game.players.agents.RandomAgent` so the game goes on unchanged.
* **Debug output.**  Whatever the bot writes to stderr never mixes with the
  protocol: the last lines stay in memory (:attr:`~.referee.BotAgent.stderr_tail`) and
  all of it can be appended to a log file.
* **No orphans.**  The bot runs in its own session (POSIX) or process group
  (Windows) and its whole process tree - including children that left its
  session or outlived it, see :mod:`bots.proctree` - is killed by
  :meth:`~.referee.BotAgent.close`, by leaving a ``with`` block, and, as a last resort,
  when the interpreter exits (every running bot is in a module-level
  registry closed by :mod:`atexit`).  On Linux the kernel and a watchdog
  process end them even when this process is killed with SIGKILL.

The bots of one game share a :class:`~.referee.BotTable` so each knows which seats are
disqualified: the protocol shows those seats' last card as ``-1`` and their
score as ``-999``.

Pipes are read and written by threads feeding queues, never with ``select``,
which does not work on pipes under Windows.  Nothing here imports pygame.
"""
