"""Starts a long-sleeping child process (writing its pid to stderr), then plays legally."""

import subprocess
import sys

from botio import answer, read_init, read_turn, say

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
print(f"child {child.pid}", file=sys.stderr, flush=True)
read_init()
while True:
    phase, hand, rows, lines = read_turn()
    say(answer(phase, hand))
