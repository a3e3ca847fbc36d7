"""Reading the protocol, shared by the test bots (they run as separate programs)."""

import sys

LINES_PER_TURN = 13
PHASES = ("CHOOSE_CARD_TO_PLAY", "CHOOSE_LINE_TO_PICK")


def read_line():
    """One line without its ending; exit quietly when the referee closes our input."""
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line.rstrip("\r\n")


def read_init():
    """The ``playerCount playerId`` line, as two integers."""
    count, seat = read_line().split()
    return int(count), int(seat)


def read_turn(phase_last=None):
    """One question: ``(phase, hand, rows, lines)``, checking the phase is where expected.

    ``phase_last`` True or False insists on an order; ``None`` reads either (a first
    line that is not a phase means the phase comes last).
    """
    lines = [read_line() for _ in range(LINES_PER_TURN)]
    if phase_last is None:
        phase_last = lines[0] not in PHASES
    phase = lines[-1] if phase_last else lines[0]
    if phase not in PHASES:
        print(f"expected a phase line, got {phase!r}", file=sys.stderr, flush=True)
        sys.exit(2)
    body = lines[:-1] if phase_last else lines[1:]
    rows = [[int(card) for card in body[2 + 2 * r].split()] for r in range(4)]
    hand = [int(card) for card in body[-1].split()]
    return phase, hand, rows, lines


def answer(phase, hand):
    """A legal answer: the lowest card, or the first row."""
    return f"PLAY {min(hand)}" if phase == PHASES[0] else "PICK 0"


def say(line):
    print(line, flush=True)
