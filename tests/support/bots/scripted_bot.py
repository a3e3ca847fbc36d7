"""Writes every line it receives to a transcript file, and answers from a script.

Usage: scripted_bot.py TRANSCRIPT [--phase-last] [ANSWER ...]
Each ANSWER is sent verbatim for one question; after the script, it plays legally.
"""

import sys

from botio import answer, read_init, read_turn, say

args = sys.argv[1:]
path = args.pop(0)
phase_last = True if "--phase-last" in args else None  # None: either order
script = [arg for arg in args if arg != "--phase-last"]
with open(path, "w", encoding="ascii") as transcript:
    count, seat = read_init()
    transcript.write(f"{count} {seat}\n")
    transcript.flush()
    while True:
        phase, hand, rows, lines = read_turn(phase_last)
        transcript.write("".join(line + "\n" for line in lines))
        transcript.flush()
        say(script.pop(0) if script else answer(phase, hand))
