"""Reads the lines in either order and answers at once, but for one answer in all its runs: at its
third question it spends 300 ms of processor time first, if the marker file (its argument) is not
there yet, and leaves the marker, so a program started again never does it."""

import sys
import time
from pathlib import Path

from botio import answer, read_init, read_turn, say

marker = Path(sys.argv[1])
read_init()
asked = 0
while True:
    phase, hand, rows, lines = read_turn()
    asked += 1
    if asked == 3 and not marker.exists():
        marker.write_text("slow once\n")
        start = time.process_time()
        while time.process_time() - start < 0.3:
            pass
    say(answer(phase, hand))
