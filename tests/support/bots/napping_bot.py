"""Answers its first question at once, then waits (sleeping, using no processor time) 0.3 s
before each answer - or, with ``--busy``, computes for 0.5 s."""

import sys
import time

from botio import answer, read_init, read_turn, say

busy = "--busy" in sys.argv[1:]
read_init()
first = True
while True:
    phase, hand, rows, lines = read_turn()
    if not first:
        if busy:
            end = time.process_time() + 0.5
            while time.process_time() < end:
                pass
        else:
            time.sleep(0.3)
    first = False
    say(answer(phase, hand))
