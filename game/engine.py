"""The rules engine: one game of 6 Takes!, advanced one placement at a time.

The state machine has four phases (:class:`Phase`):

* ``CHOOSE_CARDS`` - every player secretly picks a card (:meth:`Game.choose_card`
  for one player, or :meth:`Game.play_cards` for all at once).  When the last
  player has chosen, the cards are revealed together.
* ``PLACE_CARD`` - the next revealed card (lowest first) fits a row by rules
  1-3; :meth:`Game.place_next` places it and returns a :class:`Placement`.
* ``CHOOSE_ROW`` - the next card is lower than every row (rule 4): the engine
  stops and waits for *that card's owner* to pick a row with
  :meth:`Game.choose_row`.  Nothing is ever decided for a player.
* ``GAME_OVER`` - the last round is scored; :attr:`Game.winners` is set.

Players see the game only through :meth:`Game.view`, which never contains
another player's hand or a card chosen but not yet revealed.
"""

from __future__ import annotations

import random
from enum import Enum, IntEnum
from typing import NamedTuple, Sequence

from .i18n import _
from .errors import CardNotInHandError, InvalidRowError, OutOfTurnError
from .rules import ALL_CARDS, HAND_SIZE, ROW_LIMIT, ROWS, SNAP, Rules

SEED_LIMIT = 2**63
"""Seeds are whole numbers in ``range(SEED_LIMIT)``."""


class Phase(Enum):
    """What the game waits for next."""

    CHOOSE_CARDS = "choose cards"
    PLACE_CARD = "place card"
    CHOOSE_ROW = "choose row"
    GAME_OVER = "game over"


class Rule(IntEnum):
    """Which rule decided where a card went (the number is the rule's number)."""

    CLOSEST_ROW = 2
    """Rules 1-2: the card follows the highest last card below it."""
    SIXTH_CARD = 3
    """Rule 3: the card would be a row's 6th, so its player takes the five."""
    LOW_CARD = 4
    """Rule 4: the card is lower than every row; its player chose a row to take."""


class Placement(NamedTuple):
    """What one placement did: who placed which card where, and what they took."""

    round: int
    """Round index, from 0."""
    turn: int
    """Turn index within the round, from 0."""
    player: int
    card: int
    row: int
    """Index (0-3) of the row the card ends in."""
    taken: tuple[int, ...]
    """Cards the player took, in row order (empty if none)."""
    penalty: int
    """Total penalty of ``taken``."""
    rule: Rule


class Deal(NamedTuple):
    """The cards of one round as dealt."""

    hands: tuple[tuple[int, ...], ...]
    """One sorted hand per player."""
    rows: tuple[int, ...]
    """The four cards that start the rows."""


class PlayerView(NamedTuple):
    """Everything one player may know when deciding; never another player's hand."""

    player: int
    rules: Rules
    player_count: int
    round: int
    turn: int
    hand: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    """Penalty totals of all players, including the current round so far."""
    starting_rows: tuple[int, ...]
    """The four cards the rows started with this round."""
    previous_plays: tuple[tuple[int, ...], ...]
    """For each earlier turn of this round: the card each player played."""
    revealed: tuple[int, ...]
    """This turn's cards by player once revealed; empty while cards are chosen."""
    card_to_place: int | None
    """In the row-choice phase: the card of this player that fits no row."""


class TurnLog(NamedTuple):
    """One turn as it happened."""

    plays: tuple[int, ...]
    """The card each player played, by player index."""
    placements: list[Placement]
    """Placements so far, in order (ascending card)."""


class RoundLog(NamedTuple):
    """One round as it happened."""

    deal: Deal
    turns: list[TurnLog]
    penalties: list[int]
    """Penalty taken by each player in this round so far."""


_new_tuple = tuple.__new__
"""Builds a NamedTuple from a tuple of all its fields, skipping the Python-level
``__new__``; used on the hot paths (one call per placement or decision)."""


def target_row(rows: Sequence[Sequence[int]], card: int) -> int | None:
    """Row that ``card`` goes to by rules 1-2, or ``None`` if it fits no row (rule 4)."""
    best_row: int | None = None
    best_end = 0
    for index, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best_end = end
            best_row = index
    return best_row


def predict(rows: Sequence[Sequence[int]], card: int) -> tuple[int | None, bool]:
    """Where ``card`` would go if placed on ``rows`` now, and whether it would be that
    row's 6th card (rule 3).  ``(None, False)``: it fits no row (rule 4).  For hints
    and previews; the engine itself places cards with :meth:`Game.place_next`."""
    row = target_row(rows, card)
    return row, row is not None and len(rows[row]) >= ROW_LIMIT


def new_seed() -> int:
    """A fresh seed from the operating system's randomness."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def check_seed(seed: int) -> int:
    """Return ``seed`` if it is a valid seed, else raise ``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(_("a seed is a whole number from 0 to {highest}, not {seed}").format(
            highest=SEED_LIMIT - 1, seed=repr(seed)))
    return seed


def deal_cards(rng: random.Random, player_count: int) -> Deal:
    """Deal from the 104 cards: ``HAND_SIZE`` to each player, the next four start the rows.

    A Fisher-Yates shuffle stopped once the dealt cards are drawn: every deal
    is equally likely, at a third of the cost of ``rng.shuffle`` (the deal is
    a large part of a simulated game's time).
    """
    start = player_count * HAND_SIZE
    dealt = start + ROWS
    deck = list(ALL_CARDS)
    draw = rng.random
    size = len(deck)
    for i in range(dealt):
        j = i + int(draw() * (size - i))
        deck[i], deck[j] = deck[j], deck[i]
    hands = tuple(tuple(sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(player_count))
    return Deal(hands, tuple(deck[start:dealt]))


class Game:
    """One game: the table, the hands, the scores, and what happens next."""

    # Internal state, set by _start_round / _start_turn / _reveal.
    _deal: Deal
    _hands: list[list[int]]
    _rows: list[list[int]]
    _ends: list[int]
    _rows_snapshot: tuple[tuple[int, ...], ...] | None
    _pending: list[tuple[int, int]]
    """Revealed cards still to place, as (card, player), highest first (pop takes the lowest)."""
    _previous_plays: tuple[tuple[int, ...], ...]
    _piles: list[list[int]]
    _round_log: RoundLog
    _turn_log: TurnLog
    _chosen: list[int | None]
    _unchosen: int
    _revealed: tuple[int, ...]

    def __init__(
        self,
        rules: Rules = SNAP,
        player_count: int = 4,
        seed: int | None = None,
        deals: Sequence[Deal] | None = None,
    ) -> None:
        """Start a game and deal the first round.

        ``seed`` drives the shuffles (a fresh one is drawn when ``None``).
        ``deals`` replaces the shuffles of the first rounds with given deals,
        one per round (to replay records and to set up scripted positions);
        rounds after them are dealt from the seed.
        """
        rules.check_player_count(player_count)
        self.rules = rules
        self.player_count = player_count
        self.seed = new_seed() if seed is None else check_seed(seed)
        self._rng = random.Random(self.seed)
        self._deals = deals
        self.scores = [0] * player_count
        """Penalty totals; read-only for callers."""
        self.rounds: list[RoundLog] = []
        """Everything that happened, round by round; read-only for callers."""
        self.winners: tuple[int, ...] = ()
        """Every player tied for the lowest total, once the game is over."""
        self._scores_snapshot: tuple[int, ...] | None = None
        self.phase = Phase.CHOOSE_CARDS
        self.round = -1
        self.turn = 0
        self._start_round()

    # ----------------------------------------------------------------- state
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """All hands (for the referee, records and tests; players use :meth:`view`)."""
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, player: int) -> tuple[int, ...]:
        """The sorted hand of ``player``."""
        self._check_player(player)
        return tuple(self._hands[player])

    def penalty_cards(self, player: int) -> tuple[int, ...]:
        """Cards ``player`` has taken this round, in the order taken (face up: public)."""
        self._check_player(player)
        return tuple(self._piles[player])

    @property
    def undealt(self) -> frozenset[int]:
        """Cards not dealt this round (out of play until the next deal)."""
        deal = self._deal
        dealt = {card for hand in deal.hands for card in hand}
        dealt.update(deal.rows)
        return frozenset(ALL_CARDS).difference(dealt)

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The four rows, each from first to last card."""
        snapshot = self._rows_snapshot
        if snapshot is None:
            snapshot = self._rows_snapshot = tuple(tuple(row) for row in self._rows)
        return snapshot

    @property
    def revealed(self) -> tuple[int, ...]:
        """This turn's cards by player once revealed; empty while cards are chosen."""
        return self._revealed

    @property
    def next_placement(self) -> tuple[int, int] | None:
        """``(player, card)`` of the card placed next, or ``None`` while choosing."""
        if not self._pending:
            return None
        card, player = self._pending[-1]
        return player, card

    @property
    def awaiting_row_choice(self) -> int | None:
        """The player who must choose a row now (rule 4), if any."""
        if self.phase is Phase.CHOOSE_ROW:
            return self._pending[-1][1]
        return None

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Players who have not chosen their card this turn (empty outside that phase)."""
        if self.phase is not Phase.CHOOSE_CARDS:
            return ()
        return tuple(p for p, card in enumerate(self._chosen) if card is None)

    @property
    def chosen_cards(self) -> tuple[int | None, ...]:
        """This turn's secret choices by player (``None``: not chosen yet); for the referee
        and for keeping an unfinished game, never for players."""
        if self.phase is not Phase.CHOOSE_CARDS:
            return (None,) * self.player_count
        return tuple(self._chosen)

    def has_chosen(self, player: int) -> bool:
        """Whether ``player`` has chosen a card this turn (the card itself stays secret)."""
        self._check_player(player)
        return self._chosen[player] is not None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def turns_per_round(self) -> int:
        return self.rules.turns_per_round

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now: own hand, rows, revealed cards, scores."""
        self._check_player(player)
        card_to_place = None
        if self.phase is Phase.CHOOSE_ROW and self._pending[-1][1] == player:
            card_to_place = self._pending[-1][0]
        return _new_tuple(PlayerView, (  # the NamedTuple without its slower __new__
            player,
            self.rules,
            self.player_count,
            self.round,
            self.turn,
            tuple(self._hands[player]),
            self.rows,
            self._scores_snapshot or self._snapshot_scores(),
            self._deal.rows,
            self._previous_plays,
            self._revealed,
            card_to_place,
        ))

    # --------------------------------------------------------------- actions
    def choose_card(self, player: int, card: int) -> None:
        """``player`` secretly chooses ``card``; the last choice reveals all cards."""
        self._check_player(player)
        if self.phase is not Phase.CHOOSE_CARDS:
            raise OutOfTurnError(f"player {player} cannot choose a card now ({self._phase_text()})")
        if self._chosen[player] is not None:
            raise OutOfTurnError(f"player {player} has already chosen a card this turn")
        if card not in self._hands[player]:
            raise CardNotInHandError(_("player {player} does not hold card {card}").format(player=player,
                                                                                        card=repr(card)))
        self._chosen[player] = card
        self._unchosen -= 1
        if self._unchosen == 0:
            self._reveal(tuple(self._chosen))  # type: ignore[arg-type]

    def take_back(self, player: int) -> None:
        """``player`` takes back the card they chose, while some player has still to choose."""
        self._check_player(player)
        if self.phase is not Phase.CHOOSE_CARDS or self._chosen[player] is None:
            raise OutOfTurnError(f"player {player} has no card to take back now ({self._phase_text()})")
        self._chosen[player] = None
        self._unchosen += 1

    def play_cards(self, cards: Sequence[int]) -> None:
        """Every player chooses at once (``cards[p]`` is player p's card); then reveal."""
        if len(cards) != self.player_count:
            raise OutOfTurnError(_("expected {players} cards, got {count}").format(players=self.player_count,
                                                                                   count=len(cards)))
        if self.phase is not Phase.CHOOSE_CARDS:
            raise OutOfTurnError(f"cards cannot be chosen now ({self._phase_text()})")
        if self._unchosen != self.player_count:
            raise OutOfTurnError("some players have already chosen a card this turn")
        hands = self._hands
        for player, card in enumerate(cards):
            if card not in hands[player]:
                raise CardNotInHandError(_("player {player} does not hold card {card}").format(player=player,
                                                                                            card=repr(card)))
        played = tuple(cards)
        self._chosen = list(played)
        self._unchosen = 0
        self._reveal(played)

    def place_next(self) -> Placement:
        """Place the next revealed card by rules 1-3 and return what happened."""
        if self.phase is not Phase.PLACE_CARD:
            raise OutOfTurnError(f"no card can be placed now ({self._phase_text()})")
        card, player = self._pending.pop()
        ends = self._ends
        row_index = 0
        best_end = 0
        for index, end in enumerate(ends):  # target_row, inlined: this is the hot path
            if best_end < end < card:
                best_end = end
                row_index = index
        row = self._rows[row_index]
        if len(row) < ROW_LIMIT:
            row.append(card)
            placement = _new_tuple(Placement, (self.round, self.turn, player, card, row_index,
                                               (), 0, Rule.CLOSEST_ROW))
            ends[row_index] = card
            self._rows_snapshot = None
            self._turn_log.placements.append(placement)
            if not self._pending:
                self._end_turn()
            return placement
        return self._take_row(player, card, row_index, Rule.SIXTH_CARD)

    def choose_row(self, player: int, row: int) -> Placement:
        """Rule 4: ``player``, whose card fits no row, takes ``row`` and starts it anew."""
        self._check_player(player)
        if self.phase is not Phase.CHOOSE_ROW:
            raise OutOfTurnError(f"no row choice is expected now ({self._phase_text()})")
        chooser = self._pending[-1][1]
        if player != chooser:
            raise OutOfTurnError(f"player {chooser} must choose a row, not player {player}")
        if row.__class__ is not int or not 0 <= row < ROWS:
            raise InvalidRowError(f"row must be 0 to {ROWS - 1}, not {row!r}")
        card, _chooser = self._pending.pop()
        return self._take_row(player, card, row, Rule.LOW_CARD)

    # -------------------------------------------------------------- internals
    def _take_row(self, player: int, card: int, row_index: int, rule: Rule) -> Placement:
        taken = tuple(self._rows[row_index])
        penalty = self.rules.penalty_of(taken)
        self._rows[row_index] = [card]
        self._ends[row_index] = card
        self._rows_snapshot = None
        self.scores[player] += penalty
        self._scores_snapshot = None
        self._piles[player].extend(taken)
        self._round_log.penalties[player] += penalty
        placement = _new_tuple(Placement, (self.round, self.turn, player, card, row_index,
                                           taken, penalty, rule))
        self._turn_log.placements.append(placement)
        if self._pending:
            self.phase = Phase.PLACE_CARD  # see _reveal: only a turn's first card can fit no row
        else:
            self._end_turn()
        return placement

    def _reveal(self, cards: tuple[int, ...]) -> None:
        hands = self._hands
        for player, card in enumerate(cards):
            hands[player].remove(card)
        self._revealed = cards
        pending = sorted(zip(cards, range(self.player_count)), reverse=True)
        self._pending = pending
        turn_log = self._turn_log = _new_tuple(TurnLog, (cards, []))
        self._round_log.turns.append(turn_log)
        # Only the lowest card of a turn can fit no row (rule 4): once a card c is
        # placed, its row ends with c, and every card placed after it is higher.
        self.phase = Phase.CHOOSE_ROW if pending[-1][0] < min(self._ends) else Phase.PLACE_CARD

    def _end_turn(self) -> None:
        self._previous_plays = self._previous_plays + (self._revealed,)
        self.turn += 1
        if self.turn < self.rules.turns_per_round:
            self._start_turn()
        else:
            self._end_round()

    def _start_turn(self) -> None:
        self.phase = Phase.CHOOSE_CARDS
        self._chosen = [None] * self.player_count
        self._unchosen = self.player_count
        self._revealed = ()

    def _start_round(self) -> None:
        self.round += 1
        self.turn = 0
        if self._deals is not None and self.round < len(self._deals):
            deal = self._deals[self.round]
        else:
            deal = deal_cards(self._rng, self.player_count)
        self._deal = deal
        self._hands = [list(hand) for hand in deal.hands]
        self._rows = [[card] for card in deal.rows]
        self._ends = list(deal.rows)
        self._rows_snapshot = None
        self._pending = []
        self._previous_plays = ()
        self._piles = [[] for _ in range(self.player_count)]
        self._round_log = RoundLog(deal, [], [0] * self.player_count)
        self.rounds.append(self._round_log)
        self._start_turn()

    def _end_round(self) -> None:
        end_score = self.rules.end_score
        round_count = self.rules.round_count
        if round_count is not None:
            over = len(self.rounds) >= round_count
        else:
            over = end_score is None or max(self.scores) >= end_score
        if over:
            lowest = min(self.scores)
            self.winners = tuple(p for p, score in enumerate(self.scores) if score == lowest)
            self.phase = Phase.GAME_OVER
            self._revealed = ()
        else:
            self._start_round()

    def _snapshot_scores(self) -> tuple[int, ...]:
        self._scores_snapshot = tuple(self.scores)
        return self._scores_snapshot

    def _check_player(self, player: int) -> None:
        if player.__class__ is not int or not 0 <= player < self.player_count:
            raise OutOfTurnError(f"there is no player {player!r} in a {self.player_count}-player game")

    def _phase_text(self) -> str:
        if self.phase is Phase.CHOOSE_ROW:
            return f"player {self._pending[-1][1]} must choose a row"
        if self.phase is Phase.PLACE_CARD:
            return "revealed cards are being placed"
        if self.phase is Phase.CHOOSE_CARDS:
            return "players are choosing cards"
        return "the game is over"
