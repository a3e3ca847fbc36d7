"""Reads its first question, then sleeps (on a timer, using no processor time) without answering.
Each start appends a line to the file named by its first argument, if any (how often it ran)."""

import sys
import time

from botio import read_init, read_turn

if len(sys.argv) > 1:
    with open(sys.argv[1], "a") as starts:
        starts.write("started\n")
read_init()
read_turn()
time.sleep(600)
