"""A bot written against the live arena: it reads the phase line after the hand.

It exits with an error (status 2) if the last line of a question is not a phase.
"""

from botio import answer, read_init, read_turn, say

read_init()
while True:
    phase, hand, rows, lines = read_turn(phase_last=True)
    say(answer(phase, hand) + " phase last")
