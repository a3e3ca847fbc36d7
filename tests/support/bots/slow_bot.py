"""Answers its first question at once, then takes 2 seconds over each answer."""

import time

from botio import answer, read_init, read_turn, say

read_init()
first = True
while True:
    phase, hand, rows, lines = read_turn()
    if not first:
        time.sleep(2)
    first = False
    say(answer(phase, hand))
