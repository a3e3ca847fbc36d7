"""A bot written from the published statement: it reads the phase line first, and exits with an
error (status 2) when the first line of a question is not a phase."""

from botio import answer, read_init, read_turn, say

read_init()
while True:
    phase, hand, rows, lines = read_turn(phase_last=False)
    say(answer(phase, hand))
