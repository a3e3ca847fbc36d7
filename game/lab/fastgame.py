"""Games of ``random`` players at the speed of the machine, card for card the engine's games.

The strategy lab plays millions of games whose players never look at a view:
the ``random`` kind only needs its hand's length.  This loop plays such a
game on a compact table - each row's last card, length and penalty sum (and
its cards when the game is recorded) - and draws every random number the engine and :class:`~game.agents.RandomAgent`
draw, from generators seeded the same way, in the same order:

* the deal: ``deal_cards`` of :mod:`game.engine` (a Fisher-Yates shuffle
  stopped after the dealt cards) on the game's generator, each round;
* each turn, seat by seat, ``hand[int(random() * len(hand))]`` on the
  players' generator (:func:`game.play.players_rng`), then under rule 4 the
  chooser's ``int(random() * 4)`` on the same generator.

So a seed gives the same game here as through :class:`~game.engine.Game`;
``tests/lab/test_lab.py`` compares both, record for record, for every preset, and
``tests/lab/test_lab_golden.py`` compares whole runs with the earlier simulator's.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom

from ..engine import SEED_LIMIT
from ..play import _PLAYERS_SALT, _SEED_STEP  # the game seeds and players' generators of game.play
from ..rules import ALL_CARDS, HAND_SIZE, ROW_LIMIT, ROWS, Rules
from .text import MAX_SEATS, NOTHING_TAKEN, PLACED, PLACED_AFTER, ROUND_HEAD, TURN_HEAD, list_text

_reseed = _CRandom.seed
"""The C generator's own ``seed``: what ``random.Random(seed)`` does for an int seed,
without the Python-level wrapper (the generators are reused from game to game)."""
DECK_SIZE = len(ALL_CARDS)
MAX_PLAYERS = 15
"""A play is coded ``card * 16 + seat`` (one int sorts by card), so at most 16 seats."""


class RandomGames:
    """Plays games of ``random`` players for one rules preset and player count.

    Two generators are kept and reseeded for each game (reseeding is what
    ``random.Random(seed)`` does, without making a new object).  Totals go
    straight into the lists given to :meth:`play_range`; nothing per game is kept.
    """

    def __init__(self, rules: Rules, player_count: int) -> None:
        rules.check_player_count(player_count)
        if player_count > min(MAX_PLAYERS, MAX_SEATS):
            raise ValueError(f"the fast loop plays at most {min(MAX_PLAYERS, MAX_SEATS)} players")
        self.rules = rules
        self.player_count = player_count
        self._deal_rng = random.Random(0)
        self._players_rng = random.Random(0)

    def play_range(self, run_seed: int, start: int, stop: int, penalty: list[int], wins: list[int],
                   row_choices: list[int], records: list[str] | None, head: str = "", players: str = "") -> int:
        """Play games ``start..stop-1`` of the run seeded ``run_seed``; return the rounds played.

        Adds each seat's penalty, wins and rule-4 row choices to the lists
        given.  With ``records``, appends the pieces of each game's record
        line, newline included: ``"".join(records)`` is the records' text.
        A line is ``head``, the seed, ``players``, the rounds and the scores
        (see :mod:`game.lab.text`).
        """
        rounds = 0
        seats = range(self.player_count)
        play = self._play
        play_recorded = self._play_recorded
        for index in range(start, stop):
            seed = (run_seed + index * _SEED_STEP) % SEED_LIMIT
            if records is None:
                scores, game_rounds = play(seed, row_choices)
            else:
                records += (head, str(seed), players)
                scores, game_rounds = play_recorded(seed, row_choices, records)
            rounds += game_rounds
            lowest = min(scores)
            for seat in seats:
                score = scores[seat]
                penalty[seat] += score
                if score == lowest:
                    wins[seat] += 1
            if records is not None:
                winners = [seat for seat in seats if scores[seat] == lowest]
                records.append(f'],"scores":{list_text(scores)},"winners":{list_text(winners)}}}\n')
        return rounds

    def _play(self, seed: int, row_choices: list[int]) -> tuple[list[int], int]:
        """One game, nothing but its scores: rows are their last card, length and penalty sum."""
        penalties = self.rules.penalties
        turns = self.rules.turns_per_round
        end_score = self.rules.end_score
        round_count = self.rules.round_count  # a fixed number of rounds, whatever the scores
        n = self.player_count
        _reseed(self._deal_rng, seed)
        _reseed(self._players_rng, seed ^ _PLAYERS_SALT)
        draw = self._deal_rng.random
        choose = self._players_rng.random
        start = n * HAND_SIZE
        dealt = start + ROWS
        scores = [0] * n
        rounds = 0
        while True:
            rounds += 1
            deck = list(ALL_CARDS)  # engine.deal_cards, inlined
            for i in range(dealt):
                j = i + int(draw() * (DECK_SIZE - i))
                deck[i], deck[j] = deck[j], deck[i]
            hands = [sorted(deck[k:k + HAND_SIZE]) for k in range(0, start, HAND_SIZE)]
            ends = deck[start:dealt]
            counts = [1] * ROWS
            sums = [penalties[card] for card in ends]
            for _ in range(turns):
                # card * 16 + seat: one sortable int per play, lowest card first
                plays = [hand.pop(int(choose() * len(hand))) * 16 + seat for seat, hand in enumerate(hands)]
                plays.sort()
                card = plays[0] >> 4
                if card < min(ends):  # rule 4: the player picks a row at random
                    row = int(choose() * ROWS)
                    seat = plays[0] & 15
                    row_choices[seat] += 1
                    scores[seat] += sums[row]
                    ends[row] = card
                    counts[row] = 1
                    sums[row] = penalties[card]
                    del plays[0]
                for play in plays:
                    card = play >> 4
                    row = best_end = 0
                    for index, end in enumerate(ends):
                        if best_end < end < card:
                            best_end = end
                            row = index
                    if counts[row] == ROW_LIMIT:  # rule 3: the sixth card takes the row
                        scores[play & 15] += sums[row]
                        counts[row] = 1
                        sums[row] = penalties[card]
                    else:
                        counts[row] += 1
                        sums[row] += penalties[card]
                    ends[row] = card
            if (rounds == round_count) if round_count is not None else (end_score is None or max(scores) >= end_score):
                return scores, rounds

    def _play_recorded(self, seed: int, row_choices: list[int], parts: list[str]) -> tuple[list[int], int]:
        """One game with every card of every row kept; its rounds' JSON text is appended to ``parts``."""
        penalties = self.rules.penalties
        turns = self.rules.turns_per_round
        end_score = self.rules.end_score
        round_count = self.rules.round_count  # a fixed number of rounds, whatever the scores
        n = self.player_count
        _reseed(self._deal_rng, seed)
        _reseed(self._players_rng, seed ^ _PLAYERS_SALT)
        draw = self._deal_rng.random
        choose = self._players_rng.random
        start = n * HAND_SIZE
        dealt = start + ROWS
        scores = [0] * n
        rounds = 0
        add = parts.append
        round_head = ROUND_HEAD[n]
        turn_head = TURN_HEAD[n]
        while True:
            rounds += 1
            deck = list(ALL_CARDS)  # engine.deal_cards, inlined
            for i in range(dealt):
                j = i + int(draw() * (DECK_SIZE - i))
                deck[i], deck[j] = deck[j], deck[i]
            hands = [sorted(deck[k:k + HAND_SIZE]) for k in range(0, start, HAND_SIZE)]
            ends = deck[start:dealt]
            rows = [[card] for card in ends]
            sums = [penalties[card] for card in ends]
            round_penalties = [0] * n
            dealt_cards = []
            for hand in hands:
                dealt_cards += hand
            dealt_cards += ends
            if rounds > 1:
                add(",")
            add(round_head % tuple(dealt_cards))
            for turn in range(turns):
                plays = [hand.pop(int(choose() * len(hand))) for hand in hands]
                order = sorted([card * 16 + seat for seat, card in enumerate(plays)])
                if turn:
                    add(",")
                add(turn_head % tuple(plays))
                placed = PLACED  # the first placement of the turn, then PLACED_AFTER (with a comma)
                card = order[0] >> 4
                if card < min(ends):  # rule 4: the player picks a row at random
                    row = int(choose() * ROWS)
                    seat = order[0] & 15
                    row_choices[seat] += 1
                    add(f"{placed[seat][card]}{row},\"took\":{list_text(rows[row])}}}")
                    placed = PLACED_AFTER
                    rows[row] = [card]
                    ends[row] = card
                    scores[seat] += sums[row]
                    round_penalties[seat] += sums[row]
                    sums[row] = penalties[card]
                    del order[0]
                for play in order:
                    card = play >> 4
                    seat = play & 15
                    row = best_end = 0
                    for index, end in enumerate(ends):
                        if best_end < end < card:
                            best_end = end
                            row = index
                    cards = rows[row]
                    if len(cards) < ROW_LIMIT:
                        cards.append(card)
                        sums[row] += penalties[card]
                        add(placed[seat][card] + NOTHING_TAKEN[row])
                    else:  # rule 3: the sixth card takes the row
                        add(f"{placed[seat][card]}{row},\"took\":{list_text(cards)}}}")
                        rows[row] = [card]
                        scores[seat] += sums[row]
                        round_penalties[seat] += sums[row]
                        sums[row] = penalties[card]
                    ends[row] = card
                    placed = PLACED_AFTER
                add("]}")
            add(f'],"penalties":{list_text(round_penalties)}}}')
            if (rounds == round_count) if round_count is not None else (end_score is None or max(scores) >= end_score):
                return scores, rounds
