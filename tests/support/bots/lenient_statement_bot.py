"""A bot written from the published statement that never checks what it reads: a phase it does
not know means CHOOSE_CARD_TO_PLAY, and its hand is the last line of numbers of the question.

Seated in the live arena's order (phase line last) it answers every card question legally by
luck - the hand is the last line of numbers in either order - and answers PLAY to its first row
choice."""

from botio import LINES_PER_TURN, PHASES, answer, read_init, read_line, say


def numbers(line):
    words = line.split()
    return [int(word) for word in words] if words and all(w.lstrip("-").isdigit() for w in words) else None


read_init()
while True:
    lines = [read_line() for _ in range(LINES_PER_TURN)]
    phase = lines[0] if lines[0] in PHASES else PHASES[0]
    hand = next(found for found in map(numbers, reversed(lines)) if found is not None)
    say(answer(phase, hand))
