"""Floods stdout.

Usage: flood_bot.py long   - writes megabytes without a line break, at once
       flood_bot.py lines  - answers legally, each answer followed by extra lines
"""

import sys

from botio import answer, read_init, read_turn, say

if sys.argv[1:] == ["long"]:
    chunk = "X" * 65536
    while True:
        sys.stdout.write(chunk)
        sys.stdout.flush()
read_init()
while True:
    phase, hand, rows, lines = read_turn()
    say(answer(phase, hand) + "\nand one more thing\nand another")
