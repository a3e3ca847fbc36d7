"""Games of ``random`` players at the speed of the machine, card for card the engine's games.

The strategy lab plays millions of games whose players never look at a view:
the ``random`` kind only needs its hand's length.  This loop plays such a
game on a compact table - each row's cards, last card and penalty sum - and
draws every random number the engine and :class:`~game.agents.RandomAgent`
draw, from generators seeded the same way, in the same order:

* the deal: ``deal_cards`` of :mod:`game.engine` (a Fisher-Yates shuffle
  stopped after the dealt cards) on the game's generator, each round;
* each turn, seat by seat, ``hand[int(random() * len(hand))]`` on the
  players' generator (:func:`game.play.players_rng`), then under rule 4 the
  chooser's ``int(random() * 4)`` on the same generator.

So a seed gives the same game here as through :class:`~game.engine.Game`;
``tests/test_lab.py`` compares both on thousands of seeds, and the golden
test compares whole runs with the records of the earlier simulator.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom

from ..engine import SEED_LIMIT
from ..play import _PLAYERS_SALT, _SEED_STEP
from ..rules import ALL_CARDS, HAND_SIZE, ROW_LIMIT, ROWS, Rules
from .text import CARD_TEXT, PLACEMENT_PREFIX, list_text

_reseed = _CRandom.seed
"""The C generator's own ``seed``: what ``random.Random(seed)`` does for an int seed,
without the Python-level wrapper (the generators are reused from game to game)."""


class RandomGames:
    """Plays games of ``random`` players for one rules preset and player count.

    Two generators are kept and reseeded for each game (reseeding is what
    ``random.Random(seed)`` does, without making a new object).  Totals go
    straight into the lists given to :meth:`play_range`; nothing per game is kept.
    """

    def __init__(self, rules: Rules, player_count: int) -> None:
        rules.check_player_count(player_count)
        self.rules = rules
        self.player_count = player_count
        self._deal_rng = random.Random(0)
        self._players_rng = random.Random(0)

    def play_range(self, run_seed: int, start: int, stop: int, penalty: list[int], wins: list[int],
                   row_choices: list[int], records: list[str] | None, head: str = "", players: str = "") -> int:
        """Play games ``start..stop-1`` of the run seeded ``run_seed``; return the rounds played.

        Adds each seat's penalty, wins and rule-4 row choices to the lists
        given; with ``records``, appends each game's record line, made of
        ``head``, the seed, ``players`` and the rest (see :mod:`game.lab.text`).
        """
        rounds = 0
        n = self.player_count
        seats = range(n)
        play = self.play
        for index in range(start, stop):
            seed = (run_seed + index * _SEED_STEP) % SEED_LIMIT
            scores, game_rounds, text = play(seed, row_choices, records is not None)
            rounds += game_rounds
            lowest = min(scores)
            for seat in seats:
                score = scores[seat]
                penalty[seat] += score
                if score == lowest:
                    wins[seat] += 1
            if records is not None:
                winners = [seat for seat in seats if scores[seat] == lowest]
                records.append(f'{head}{seed}{players}{",".join(text)}],"scores":{list_text(scores)},'
                               f'"winners":{list_text(winners)}}}')
        return rounds

    def play(self, seed: int, row_choices: list[int], record: bool) -> tuple[list[int], int, list[str]]:
        """One game: the scores, the number of rounds and, with ``record``, each round's JSON text."""
        rules = self.rules
        penalties = rules.penalties
        turns = rules.turns_per_round
        end_score = rules.end_score
        n = self.player_count
        deal_rng = self._deal_rng
        players_rng = self._players_rng
        _reseed(deal_rng, seed)
        _reseed(players_rng, seed ^ _PLAYERS_SALT)
        draw = deal_rng.random
        choose = players_rng.random
        start = n * HAND_SIZE
        dealt = start + ROWS
        scores = [0] * n
        round_texts: list[str] = []
        rounds = 0
        while True:
            rounds += 1
            # The deal: engine.deal_cards, inlined.
            deck = list(ALL_CARDS)
            size = 104
            for i in range(dealt):
                j = i + int(draw() * (size - i))
                deck[i], deck[j] = deck[j], deck[i]
            hands = [sorted(deck[k:k + HAND_SIZE]) for k in range(0, start, HAND_SIZE)]
            starts = deck[start:dealt]
            rows = [[card] for card in starts]
            ends = starts[:]
            sums = [penalties[card] for card in starts]
            round_penalties = [0] * n
            if record:
                turn_texts = []
                hands_text = list_text(hands)
                rows_text = list_text(rows)
            for _ in range(turns):
                plays = [hand.pop(int(choose() * len(hand))) for hand in hands]
                order = sorted(zip(plays, range(n)))
                if record:
                    placed = []
                card, player = order[0]
                lowest_end = min(ends)
                first = 0
                if card < lowest_end:  # rule 4: the player picks a row at random
                    row = int(choose() * ROWS)
                    row_choices[player] += 1
                    taken = rows[row]
                    taken_penalty = sums[row]
                    rows[row] = [card]
                    ends[row] = card
                    sums[row] = penalties[card]
                    scores[player] += taken_penalty
                    round_penalties[player] += taken_penalty
                    if record:
                        placed.append(f"{PLACEMENT_PREFIX[player]}{CARD_TEXT[card]},\"row\":{row},"
                                      f"\"took\":{list_text(taken)}}}")
                    first = 1
                for card, player in order[first:]:
                    row = 0
                    best_end = 0
                    for index, end in enumerate(ends):
                        if best_end < end < card:
                            best_end = end
                            row = index
                    cards = rows[row]
                    if len(cards) < ROW_LIMIT:
                        cards.append(card)
                        ends[row] = card
                        sums[row] += penalties[card]
                        if record:
                            placed.append(f"{PLACEMENT_PREFIX[player]}{CARD_TEXT[card]},\"row\":{row},\"took\":[]}}")
                    else:  # rule 3: the sixth card takes the row
                        taken_penalty = sums[row]
                        rows[row] = [card]
                        ends[row] = card
                        sums[row] = penalties[card]
                        scores[player] += taken_penalty
                        round_penalties[player] += taken_penalty
                        if record:
                            placed.append(f"{PLACEMENT_PREFIX[player]}{CARD_TEXT[card]},\"row\":{row},"
                                          f"\"took\":{list_text(cards)}}}")
                if record:
                    turn_texts.append(f'{{"plays":{list_text(plays)},"placements":[{",".join(placed)}]}}')
            if record:
                round_texts.append(f'{{"hands":{hands_text},"rows":{rows_text},"turns":[{",".join(turn_texts)}],'
                                   f'"penalties":{list_text(round_penalties)}}}')
            if end_score is None or max(scores) >= end_score:
                return scores, rounds, round_texts

