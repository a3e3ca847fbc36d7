"""A bot written as for the live CodinGame arena: it reads each question by position,
with the phase line last, and never checks the order.

Seated in the statement's order it reads the hand-size line as its hand, so its first
answer is ``PLAY 10`` (or whatever the hand size is): an illegal move.
"""

import sys

LINES_PER_TURN = 13


def read_line():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line.rstrip("\r\n")


def numbers(line):
    return [int(word) for word in line.split()]


def choose_card(rows, hand):
    """The lowest card that goes after a row's end without being its 6th card, else the lowest."""
    for card in hand:
        ends = [(row[-1], len(row)) for row in rows if row and row[-1] < card]
        if ends and max(ends)[1] < 5:
            return card
    return hand[0]


read_line()  # playerCount playerId
while True:
    lines = [read_line() for _ in range(LINES_PER_TURN)]
    rows = [numbers(lines[2 + 2 * r]) for r in range(4)]
    hand = numbers(lines[11])
    phase = lines[12]
    if phase == "CHOOSE_LINE_TO_PICK":
        best = min(range(4), key=lambda r: len(rows[r]))
        print(f"PICK {best}", flush=True)
    else:
        print(f"PLAY {choose_card(rows, hand) if hand else 0}", flush=True)
