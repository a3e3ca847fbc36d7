"""Loads for 1.5 s (sleeping, like a slow interpreter start) before it reads anything, then plays
the lowest card at once: its start-up is within the allowance, so it is never too slow."""

import time

from botio import answer, read_init, read_turn, say

time.sleep(1.5)
read_init()
while True:
    phase, hand, rows, lines = read_turn()
    say(answer(phase, hand))
