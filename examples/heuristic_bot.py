#!/usr/bin/env python3
"""A 6 Takes! bot that speaks the CodinGame "6 nimmt!" protocol: copy it and improve it.

Run it as a player of the simulator:

    python main.py simulate --bot mine="python3 examples/heuristic_bot.py"

It needs nothing but Python 3.  It reads the questions on standard input and
answers on standard output, one line per question; anything it wants to say
for debugging goes to standard error (``debug(...)`` below), never to
standard output.  The protocol is described in ``docs/bot-protocol.md``.

The strategy, a set of rules of thumb:

1. A card lower than every row will make us take a row (rule 4): it costs
   the cheapest row.
2. A card that would be the 6th card of its row takes the row (rule 3): it
   costs that row.
3. Any other card is only in danger if the opponents' cards fill its row
   first: each opponent plays one card, which falls between the row's end and
   our card with a chance we can estimate from the cards not seen yet.
4. Play the card with the lowest expected penalty; among equally safe cards,
   the one closest above its row's end (fewest cards can slip in front).
5. When we must take a row, take the one with the fewest penalty points.

It reads the questions in either order of their lines: with the phase line
last, as the live CodinGame arena sends them (``bot:``), or first, as the
arena's published statement describes them (``bot-statement:``).  The first
line of a question tells which.

Option: ``--classic`` scores cards with the official (Amigo) penalties, as
under the ``classic`` and ``codingame`` rules, instead of the classroom (snap)
ones.
"""

import sys
from math import comb

ROWS = 4
ROW_LIMIT = 5  # a row holds 5 cards; the 6th takes them
ALL_CARDS = range(1, 105)
CHOOSE_CARD = "CHOOSE_CARD_TO_PLAY"
CHOOSE_ROW = "CHOOSE_LINE_TO_PICK"


def snap_penalty(card):
    """Penalty of a card in the classroom (snap) rules."""
    if card == 55:
        return 9
    if card % 11 == 0:
        return 7
    if card % 10 == 0:
        return 5
    if card % 5 == 0:
        return 4
    return 3


def classic_penalty(card):
    """Penalty ("cows") of a card in the official rules, as on CodinGame."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def debug(*args):
    """Debug output: standard error is shown by the simulator, never read as an answer."""
    print(*args, file=sys.stderr, flush=True)


def read_numbers():
    """One line of space-separated integers (an empty line gives an empty list)."""
    line = sys.stdin.readline()
    if not line:
        raise EOFError  # the game is over: the referee closed our input
    return [int(word) for word in line.split()]


def read_turn():
    """Read the 13 lines of one question; return them as a dictionary.

    The phase line comes first (the statement's order) or last (the live
    arena's): a first line that is not a phase is the last-cards line.
    """
    first = read_word()
    phase_last = first not in (CHOOSE_CARD, CHOOSE_ROW)
    phase = None if phase_last else first
    last_cards = [int(word) for word in first.split()] if phase_last else read_numbers()
    rows = []
    for _ in range(ROWS):
        read_numbers()  # the number of cards in the row; the next line has them all
        rows.append(read_numbers())
    scores = read_numbers()
    read_numbers()  # the number of cards in our hand
    hand = read_numbers()
    if phase_last:
        phase = read_word()
    return {"phase": phase, "last_cards": last_cards, "rows": rows, "scores": scores, "hand": hand}


def read_word():
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def target_row(rows, card):
    """The row a card goes to (the highest row end below it), or None if it fits no row."""
    best, best_end = None, 0
    for index, row in enumerate(rows):
        if best_end < row[-1] < card:
            best, best_end = index, row[-1]
    return best


def at_least(k, n, p):
    """Chance of at least k successes in n tries of chance p each."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


class Bot:
    def __init__(self, player_count, my_id, penalty):
        self.player_count = player_count
        self.my_id = my_id
        self.penalty = penalty
        self.seen = set()  # every card we have seen this round
        self.hand_size = 0

    def row_penalty(self, row):
        return sum(self.penalty(card) for card in row)

    def remember(self, turn):
        """Keep track of the cards seen, to guess what the opponents may hold."""
        if len(turn["hand"]) > self.hand_size:
            self.seen = set()  # a new deal (classic rules play several rounds)
        self.hand_size = len(turn["hand"])
        self.seen.update(turn["hand"])
        self.seen.update(card for card in turn["last_cards"] if card > 0)
        for row in turn["rows"]:
            self.seen.update(row)

    def choose_card(self, turn):
        rows, hand = turn["rows"], turn["hand"]
        unseen = [card for card in ALL_CARDS if card not in self.seen]
        opponents = self.player_count - 1
        cheapest = min(self.row_penalty(row) for row in rows)
        best = None
        for card in hand:
            row = target_row(rows, card)
            if row is None:
                risk, gap = cheapest, 0  # rule 4: we take the cheapest row
            else:
                end = rows[row][-1]
                gap = card - end
                if len(rows[row]) == ROW_LIMIT:
                    risk = self.row_penalty(rows[row])  # rule 3: our card is the 6th
                else:
                    slots = ROW_LIMIT - len(rows[row])  # opponents' cards needed to fill the row
                    between = sum(1 for other in unseen if end < other < card)
                    chance = at_least(slots, opponents, between / len(unseen)) if unseen else 0.0
                    risk = chance * self.row_penalty(rows[row])
            if best is None or (risk, gap, card) < best:
                best = (risk, gap, card)
        risk, _, card = best
        return card, f"risk {risk:.1f}"

    def choose_row(self, turn):
        rows = turn["rows"]
        row = min(range(ROWS), key=lambda r: (self.row_penalty(rows[r]), len(rows[r]), r))
        return row, f"taking {self.row_penalty(rows[row])} points"


def main():
    penalty = classic_penalty if "--classic" in sys.argv[1:] else snap_penalty
    player_count, my_id = read_numbers()
    debug(f"playing seat {my_id} of {player_count}")
    bot = Bot(player_count, my_id, penalty)
    try:
        while True:
            turn = read_turn()
            bot.remember(turn)
            if turn["phase"] == CHOOSE_ROW:
                row, message = bot.choose_row(turn)
                print(f"PICK {row} {message}", flush=True)
            else:
                card, message = bot.choose_card(turn)
                print(f"PLAY {card} {message}", flush=True)
    except EOFError:
        pass  # the game is over


if __name__ == "__main__":
    main()
