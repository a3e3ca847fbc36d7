"""Answers nonsense."""

import sys

from botio import read_init, read_turn, say

read_init()
print("about to answer nonsense", file=sys.stderr, flush=True)
while True:
    read_turn()
    say("HELLO WORLD")
