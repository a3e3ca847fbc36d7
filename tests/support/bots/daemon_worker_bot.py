"""Hands every question to a daemon it double-forked (it left the bot's session and was
re-parented when its parent exited), which computes 0.3 s of processor time before it writes the
answer to the bot's standard output.  With ``--direct`` the bot computes the same itself."""

import os
import sys
import time

from botio import answer, read_init, read_turn, say

WORK_SECONDS = 0.3


def work():
    end = time.process_time() + WORK_SECONDS
    while time.process_time() < end:
        pass


def start_daemon():
    """A pipe to a daemon that answers each line it reads after :func:`work` (the classic
    double fork: the middle process starts a session, forks the daemon and exits)."""
    read_end, write_end = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() != 0:
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as requests:
            for line in requests:
                work()
                say(line.strip())
        os._exit(0)
    os.close(read_end)
    os.wait()  # the middle process: gone at once
    return write_end


direct = "--direct" in sys.argv[1:]
daemon = None if direct else start_daemon()
read_init()
first = True
while True:
    phase, hand, rows, lines = read_turn()
    if direct:
        if not first:
            work()
        say(answer(phase, hand))
    elif first:
        say(answer(phase, hand))
    else:
        os.write(daemon, (answer(phase, hand) + "\n").encode())
    first = False
