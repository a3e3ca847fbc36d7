"""Starts a child that leaves the bot's session (``setsid``) and keeps the bot's stdout and
stderr open, writing its pid to stderr; then plays legally - or, with ``--exit``, exits at
its first question while the child still holds its output open."""

import os
import subprocess
import sys

from botio import answer, read_init, read_turn, say

child = subprocess.Popen([sys.executable, "-c", "import os, time; os.setsid(); time.sleep(60)"],
                         stdin=subprocess.DEVNULL)
print(f"child {child.pid}", file=sys.stderr, flush=True)
read_init()
while True:
    phase, hand, rows, lines = read_turn()
    if "--exit" in sys.argv[1:]:
        os._exit(3)
    say(answer(phase, hand))
