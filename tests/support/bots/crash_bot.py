"""Reads its first question, then crashes with a traceback on stderr."""

import sys

from botio import read_init, read_turn

read_init()
read_turn()
print("dividing by zero now", file=sys.stderr, flush=True)
print(1 / 0)
