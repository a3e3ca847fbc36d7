"""Whole games of ``random`` and ``heuristic`` players, thousands at once: the strategy lab's engine.

Every game of a batch is at the same turn, so a turn is a handful of array operations:
each seat's card chosen in every game, the cards revealed and sorted, then placed lowest
first, rule by rule (:mod:`game.batch.tables`).  Rounds go on until the rules end a game;
games that are over leave the batch, the others are dealt their next round.

The deals are the engine's: each game's cards come from ``random.Random(seed)`` exactly
as :func:`game.engine.deal_cards` draws them (:mod:`game.batch.mersenne`), so a record's
seed reproduces its deals.  The ``random`` players' choices come from the game's
counter-based stream (:mod:`game.batch.draws`); the ``heuristic`` player chooses exactly
as :class:`game.players.heuristic.HeuristicAgent` does (:mod:`game.batch.heuristic`).
Arrays are games last (``scores[seat, game]``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np
import numpy.typing as npt

from ..rules import ALL_CARDS, HAND_SIZE, HIGHEST_CARD, ROW_LIMIT, ROWS, Rules
from .draws import game_keys, place, uniforms
from .heuristic import heuristic_picks, heuristic_rows
from .memory import reuse_freed_memory
from .mersenne import MersenneBatch, unit_doubles
from .sorting import sort_rows
from .tables import Cards, Indices, Tables, flat_places

BATCHED_KINDS = ("random", "heuristic")
"""The player kinds the batched engine plays (``mc`` searches one decision at a time)."""
MAX_SEATS = 16
"""A play is sorted as ``card * 16 + seat``: at most 16 seats."""
DECK_SIZE = len(ALL_CARDS)
Totals = npt.NDArray[np.int32]


@dataclass
class TurnLog:
    """One turn of every game of a round, as a record writes it down."""

    plays: Cards
    """``(players, games)``: the card each seat played."""
    order: Cards
    """``(players, games)``: ``card * 16 + seat`` in placement order (lowest card first)."""
    rows: Cards
    """``(players, games)``: the row of each placement."""
    took: Cards
    """``(players, 5, games)``: the cards each placement took (0 after the last)."""
    took_count: Cards
    """``(players, games)``: how many."""


@dataclass
class RoundLog:
    """One round of the games still playing: which games, their deals, turns and penalties."""

    games: Indices
    """Positions (in the batch) of the games this round belongs to."""
    hands: Cards
    """``(players, 10, games)``: the hands as dealt, sorted."""
    starts: Cards
    """``(4, games)``: the cards that started the rows."""
    turns: list[TurnLog] = field(default_factory=list)
    penalties: Totals | None = None
    """``(players, games)``: each seat's penalty this round."""


@dataclass
class BatchResult:
    """What a batch of games produced (games last)."""

    seeds: npt.NDArray[np.uint64]
    scores: Totals
    """``(players, games)``: total penalty."""
    rounds: Totals
    """``(games,)``: rounds played."""
    row_choices: Totals
    """``(players, games)``: rule-4 row choices made."""
    heuristic_seconds: float = 0.0
    """Processor time of the heuristic seats' decisions, all games together."""
    longest_heuristic: float = 0.0
    """The most processor time a heuristic decision took, as its share of the batch's call."""
    log: list[RoundLog] | None = None
    """Every round, when the records are wanted."""

    def winners(self) -> npt.NDArray[np.bool_]:
        """``(players, games)``: every seat with its game's lowest total."""
        return self.scores == self.scores.min(axis=0)


class BatchGames:
    """Plays games of one rules preset with one kind per seat (``random`` or ``heuristic``)."""

    def __init__(self, rules: Rules, kinds: Sequence[str]) -> None:
        rules.check_player_count(len(kinds))
        unknown = sorted(set(kinds) - set(BATCHED_KINDS))
        if unknown:
            raise ValueError(f"the batched engine plays {', '.join(BATCHED_KINDS)}, not {', '.join(unknown)}")
        if len(kinds) > MAX_SEATS:
            raise ValueError(f"the batched engine plays at most {MAX_SEATS} players")
        self.rules = rules
        self.kinds = tuple(kinds)
        self.players = len(kinds)
        self.penalties: Cards = np.array(rules.penalties, dtype=np.int16)
        self.random_seats = np.array([kind == "random" for kind in kinds])
        self.heuristic_seats = [seat for seat, kind in enumerate(kinds) if kind == "heuristic"]
        self._dealers: MersenneBatch | None = None
        reuse_freed_memory()

    def play(self, seeds: Sequence[int] | npt.NDArray[np.uint64], log: bool = False) -> BatchResult:
        """Play the game of each seed to its end; with ``log``, keep every round for the records."""
        seeds = np.asarray(seeds, dtype=np.uint64)
        games = len(seeds)
        result = BatchResult(seeds, np.zeros((self.players, games), dtype=np.int32),
                             np.zeros(games, dtype=np.int32), np.zeros((self.players, games), dtype=np.int32),
                             log=[] if log else None)
        playing = _Playing(np.arange(games), self._dealer(games), game_keys(seeds))
        playing.dealer.seed(seeds)
        round_index = 0
        while len(playing.games):
            at = playing.games
            result.scores[:, at] += self._play_round(round_index, playing, result)
            result.rounds[at] += 1
            round_index += 1
            playing.keep(~self._over(result.scores[:, at], round_index))
        return result

    def _dealer(self, games: int) -> MersenneBatch:
        """The deals' generators, kept from batch to batch (made anew for a larger batch)."""
        if self._dealers is None or self._dealers.capacity < games:
            self._dealers = MersenneBatch(games)
        return self._dealers

    def _over(self, scores: Totals, rounds: int) -> npt.NDArray[np.bool_]:
        """Which games end after ``rounds`` rounds with these totals."""
        rules = self.rules
        if rules.round_count is not None:
            return np.full(scores.shape[1], rounds >= rules.round_count)
        if rules.end_score is None:
            return np.ones(scores.shape[1], dtype=bool)
        return scores.max(axis=0) >= rules.end_score

    def _play_round(self, round_index: int, playing: _Playing, result: BatchResult) -> Totals:
        """Deal and play one round of every game still playing; return each seat's penalty."""
        hands, starts = deal(playing.dealer, self.players)
        round_log = None
        if result.log is not None:
            round_log = RoundLog(playing.games, hands.copy(), starts.copy())
            result.log.append(round_log)
        state = _Round(self, round_index, playing, hands, starts, round_log is not None)
        for turn in range(self.rules.turns_per_round):
            turn_log = state.play_turn(turn, result)
            if round_log is not None and turn_log is not None:
                round_log.turns.append(turn_log)
        if round_log is not None:
            round_log.penalties = state.penalties.copy()
        return state.penalties


@dataclass
class _Playing:
    """The games of a batch still playing: their positions, deal generators and players' keys."""

    games: Indices
    dealer: MersenneBatch
    keys: npt.NDArray[np.uint64]

    def keep(self, going: npt.NDArray[np.bool_]) -> None:
        if going.all():
            return
        if not going.any():
            self.games = self.games[:0]
            return
        self.games, self.keys = self.games[going], self.keys[going]
        self.dealer.keep(going)


def deal(dealer: MersenneBatch, players: int) -> tuple[Cards, Cards]:
    """Every game's round as :func:`game.engine.deal_cards` deals it: ``(hands (players, 10, games)
    sorted, starting rows (4, games))`` - a Fisher-Yates shuffle stopped once the dealt cards are drawn.

    Step ``i`` swaps card ``i`` with card ``i + int(random() * (104 - i))``; ``random() * m`` is
    ``k * (m / 2**53)`` for the whole number ``k`` the two words make, one rounding as in Python.
    """
    games = dealer.count
    dealt = players * HAND_SIZE + ROWS
    steps = np.arange(dealt)
    scales = (DECK_SIZE - steps) / 9007199254740992.0
    picks = (unit_doubles(dealer.next_words(2 * dealt)) * scales[:, None]).astype(np.intp)
    drawn = (picks + steps[:, None]) * games + np.arange(games)
    deck = np.repeat(np.arange(1, HIGHEST_CARD + 1, dtype=np.int16)[:, None], games, axis=1)
    flat = deck.ravel()
    for step in range(dealt):
        kept = deck[step].copy()
        deck[step] = flat[drawn[step]]
        flat[drawn[step]] = kept
    by_place = deck[:players * HAND_SIZE].reshape(players, HAND_SIZE, games).transpose(1, 0, 2)
    hands = sort_rows(by_place.reshape(HAND_SIZE, players * games)).reshape(HAND_SIZE, players, games)
    return np.ascontiguousarray(hands.transpose(1, 0, 2)), deck[players * HAND_SIZE:dealt].copy()


class _Round:
    """One round of the games still playing: hands, tables, what has been seen, penalties."""

    def __init__(self, owner: BatchGames, round_index: int, playing: _Playing, hands: Cards, starts: Cards,
                 keep_cards: bool) -> None:
        self.owner = owner
        self.round_index = round_index
        self.keys = playing.keys
        self.games = playing.games
        self.hands = hands
        self.tables = Tables(starts, owner.penalties, keep_cards)
        count = len(playing.games)
        self.columns = np.arange(count)
        self.penalties: Totals = np.zeros((owner.players, count), dtype=np.int32)
        self.seen: npt.NDArray[np.bool_] | None = None
        if owner.heuristic_seats:
            self.seen = np.zeros((HIGHEST_CARD + 1, count), dtype=bool)
            self.seen.ravel()[flat_places(starts, count)] = True
        self.keep_cards = keep_cards

    def play_turn(self, turn: int, result: BatchResult) -> TurnLog | None:
        """Every seat plays a card in every game; the cards are placed lowest first."""
        owner = self.owner
        players, count = owner.players, len(self.columns)
        draws = uniforms(self.keys, place(self.round_index, turn, 0, players, owner.rules.turns_per_round),
                         players + 1)
        picks = self._picks(draws, turn, result)
        held = self.hands.shape[1]
        seats = np.arange(players)[:, None]
        plays = self.hands.ravel()[flat_places(seats * held + picks, count)]
        self._remove(picks)
        if self.seen is not None:
            self.seen.ravel()[flat_places(plays, count)] = True
        order = sort_rows(plays * 16 + seats.astype(np.int16))
        rows, took, took_count = self._place_all(order, draws[players], result)
        return TurnLog(plays, order, rows, took, took_count) if self.keep_cards else None

    def _picks(self, draws: npt.NDArray[np.float64], turn: int, result: BatchResult) -> Indices:
        """``(players, games)``: the index in its hand of each seat's card."""
        owner = self.owner
        picks = (draws[:owner.players] * self.hands.shape[1]).astype(np.intp)
        if owner.heuristic_seats:
            assert self.seen is not None
            for seat in owner.heuristic_seats:
                started = time.process_time()
                picks[seat] = heuristic_picks(self.hands[seat], self.tables, self.seen, owner.players, turn)
                spent = time.process_time() - started
                result.heuristic_seconds += spent
                result.longest_heuristic = max(result.longest_heuristic, spent / len(self.columns))
        return picks

    def _remove(self, picks: Indices) -> None:
        """Take each played card out of its hand (the hands stay sorted)."""
        lower, upper = self.hands[:, :-1], self.hands[:, 1:]
        after = np.arange(self.hands.shape[1] - 1)[:, None] >= picks[:, None, :]
        self.hands = lower + (upper - lower) * after

    def _place_all(self, order: Cards, row_draws: npt.NDArray[np.float64],
                   result: BatchResult) -> tuple[Cards, Cards, Cards]:
        """Place the turn's cards lowest first; the lowest may fit no row (rule 4)."""
        tables = self.tables
        players, count = order.shape
        rows = np.zeros((players, count), dtype=np.int16)
        took = np.zeros((players, ROW_LIMIT, count), dtype=np.int16) if self.keep_cards else rows
        took_count = np.zeros((players, count), dtype=np.int16) if self.keep_cards else rows
        for slot in range(players):
            cards, seats = order[slot] >> 4, (order[slot] & 15).astype(np.intp)
            target = tables.target(cards)
            if slot == 0:
                low = cards < tables.lowest_end()
                target = target + (self._low_rows(seats, row_draws) - target) * low
                take = low | (tables.count_at(target) == ROW_LIMIT)
                result.row_choices.ravel()[seats * result.rounds.shape[0] + self.games] += low
            else:
                take = tables.count_at(target) == ROW_LIMIT
            placed = tables.place(cards, target, take)
            self.penalties.ravel()[flat_places(seats, count)] += placed.penalty
            rows[slot] = target
            if self.keep_cards:
                assert placed.cards is not None and placed.count is not None
                took[slot], took_count[slot] = placed.cards, placed.count
        return rows, took, took_count

    def _low_rows(self, seats: Indices, row_draws: npt.NDArray[np.float64]) -> Indices:
        """Rule 4: the row each game's chooser takes - at random, or the heuristic's."""
        owner = self.owner
        drawn = (row_draws * ROWS).astype(np.intp)
        if not owner.heuristic_seats:
            return drawn
        chosen = heuristic_rows(self.tables)
        return drawn + (chosen - drawn) * ~owner.random_seats[seats]
