"""A bot written from the published statement that keeps in step by the phase line: it skips
lines until it reads a phase, then reads the twelve lines the statement puts after it.

Seated in the live arena's order (phase line last) it skips a whole question to reach its phase
line, then waits for twelve more lines that never come."""

from botio import PHASES, answer, read_init, read_line, say

read_init()
while True:
    phase = read_line()
    while phase not in PHASES:
        phase = read_line()
    body = [read_line() for _ in range(12)]
    say(answer(phase, [int(card) for card in body[-1].split()]))
