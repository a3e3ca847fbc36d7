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


def closest_row(ends: Sequence[int], card: int) -> int:
    """Rules 1-2, once for every player of one game at a time: the row whose last card (``ends``) is
    the highest below ``card``, or -1 if every end is above it (rule 4).  The batched engine
    (:mod:`game.batch.tables`) writes the same rule over arrays of games."""
    best_row = -1
    best_end = 0
    for index, end in enumerate(ends):
        if best_end < end < card:
            best_end = end
            best_row = index
    return best_row


def target_row(rows: Sequence[Sequence[int]], card: int) -> int | None:
    """Row that ``card`` goes to by rules 1-2, or ``None`` if it fits no row (rule 4)."""
    row = closest_row([cards[-1] for cards in rows], card)
    return None if row < 0 else row


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


class Rows:
    """The four rows on the table: each from its first card to its last, and their ends."""

    __slots__ = ("cards", "ends", "_snapshot")

    def __init__(self, first_cards: Sequence[int]) -> None:
        self.cards = [[card] for card in first_cards]
        self.ends = list(first_cards)
        """Each row's last card (the hot path reads them, not the rows)."""
        self._snapshot: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def of(cls, rows: Sequence[Sequence[int]]) -> Rows:
        """Rows holding ``rows``' cards (as in :attr:`PlayerView.rows`), to play on from there."""
        made = cls([row[0] for row in rows])
        made.cards = [list(row) for row in rows]
        made.ends = [row[-1] for row in rows]
        return made

    def snapshot(self) -> tuple[tuple[int, ...], ...]:
        """The rows as tuples (made again only after a change)."""
        snapshot = self._snapshot
        if snapshot is None:
            snapshot = self._snapshot = tuple(tuple(row) for row in self.cards)
        return snapshot

    def fits_none(self, card: int) -> bool:
        """Whether ``card`` is lower than every row's end (rule 4)."""
        return card < min(self.ends)

    def closest(self, card: int) -> int:
        """The row whose end is the highest below ``card`` (``card`` fits some row)."""
        return closest_row(self.ends, card)

    def append(self, row: int, card: int) -> bool:
        """Put ``card`` at the end of ``row`` if it holds fewer than :data:`ROW_LIMIT` cards; whether it did."""
        cards = self.cards[row]
        if len(cards) >= ROW_LIMIT:
            return False
        cards.append(card)
        self.ends[row] = card
        self._snapshot = None
        return True

    def take(self, row: int, card: int) -> tuple[int, ...]:
        """``row``'s cards are taken and ``card`` starts it anew; the cards taken."""
        taken = tuple(self.cards[row])
        self.cards[row] = [card]
        self.ends[row] = card
        self._snapshot = None
        return taken


class TurnChoices:
    """The turn's secret choices: each player's card, until every player has chosen."""

    __slots__ = ("cards", "missing")

    def __init__(self, player_count: int) -> None:
        self.cards: list[int | None] = [None] * player_count
        self.missing = player_count
        """How many players have still to choose."""

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(p for p, card in enumerate(self.cards) if card is None)

    def choose(self, player: int, card: int) -> bool:
        """``player`` chooses ``card``; whether every player has now chosen."""
        if self.cards[player] is not None:
            raise OutOfTurnError(f"player {player} has already chosen a card this turn")
        self.cards[player] = card
        self.missing -= 1
        return self.missing == 0

    def take_back(self, player: int) -> None:
        self.cards[player] = None
        self.missing += 1

    def all_at_once(self, cards: tuple[int, ...]) -> None:
        """Every player chooses at once (no one may have chosen yet)."""
        if self.missing != len(self.cards):
            raise OutOfTurnError("some players have already chosen a card this turn")
        self.cards = list(cards)
        self.missing = 0


class RoundInPlay:
    """One deal being played: the hands, the rows, the cards taken, this turn's choices and the
    revealed cards still to place, and the round's log."""

    __slots__ = ("deal", "hands", "rows", "piles", "log", "turn_log", "choices", "revealed", "pending",
                 "previous_plays")

    def __init__(self, deal: Deal, player_count: int) -> None:
        self.deal = deal
        self.hands = [list(hand) for hand in deal.hands]
        self.rows = Rows(deal.rows)
        self.piles: list[list[int]] = [[] for _ in range(player_count)]
        """The cards each player has taken this round, in the order taken."""
        self.log = RoundLog(deal, [], [0] * player_count)
        self.turn_log = _new_tuple(TurnLog, ((), []))
        self.choices = TurnChoices(player_count)
        self.revealed: tuple[int, ...] = ()
        self.pending: list[tuple[int, int]] = []
        """Revealed cards still to place, as (card, player), highest first (pop takes the lowest)."""
        self.previous_plays: tuple[tuple[int, ...], ...] = ()

    def start_turn(self, player_count: int) -> None:
        self.choices = TurnChoices(player_count)
        self.revealed = ()

    def reveal(self, cards: tuple[int, ...]) -> bool:
        """Every card chosen is shown and queued lowest first; whether the lowest fits no row
        (rule 4: only a turn's first card can - once a card c is placed its row ends with c, and
        every card placed after it is higher)."""
        hands = self.hands
        for player, card in enumerate(cards):
            hands[player].remove(card)
        self.revealed = cards
        self.pending = sorted(zip(cards, range(len(cards))), reverse=True)
        self.turn_log = _new_tuple(TurnLog, (cards, []))
        self.log.turns.append(self.turn_log)
        return self.rows.fits_none(self.pending[-1][0])

    def end_turn(self) -> None:
        self.previous_plays = self.previous_plays + (self.revealed,)

    def undealt(self) -> frozenset[int]:
        """Cards not dealt this round."""
        dealt = {card for hand in self.deal.hands for card in hand}
        dealt.update(self.deal.rows)
        return frozenset(ALL_CARDS).difference(dealt)

    def next_placement(self) -> tuple[int, int] | None:
        """``(player, card)`` of the card placed next, or ``None`` while choosing."""
        if not self.pending:
            return None
        card, player = self.pending[-1]
        return player, card


class Game:
    """One game: the table, the hands, the scores, and what happens next."""

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
        self._in_play: RoundInPlay
        self._start_round()

    # ----------------------------------------------------------------- state
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """All hands (for the referee, records and tests; players use :meth:`view`)."""
        return tuple(tuple(hand) for hand in self._in_play.hands)

    def hand(self, player: int) -> tuple[int, ...]:
        """The sorted hand of ``player``."""
        self._check_player(player)
        return tuple(self._in_play.hands[player])

    def penalty_cards(self, player: int) -> tuple[int, ...]:
        """Cards ``player`` has taken this round, in the order taken (face up: public)."""
        self._check_player(player)
        return tuple(self._in_play.piles[player])

    @property
    def undealt(self) -> frozenset[int]:
        """Cards not dealt this round (out of play until the next deal)."""
        return self._in_play.undealt()

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The four rows, each from first to last card."""
        return self._in_play.rows.snapshot()

    @property
    def revealed(self) -> tuple[int, ...]:
        """This turn's cards by player once revealed; empty while cards are chosen."""
        return self._in_play.revealed

    @property
    def next_placement(self) -> tuple[int, int] | None:
        """``(player, card)`` of the card placed next, or ``None`` while choosing."""
        return self._in_play.next_placement()

    @property
    def awaiting_row_choice(self) -> int | None:
        """The player who must choose a row now (rule 4), if any."""
        if self.phase is Phase.CHOOSE_ROW:
            return self._in_play.pending[-1][1]
        return None

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Players who have not chosen their card this turn (empty outside that phase)."""
        if self.phase is not Phase.CHOOSE_CARDS:
            return ()
        return self._in_play.choices.waiting_for()

    @property
    def chosen_cards(self) -> tuple[int | None, ...]:
        """This turn's secret choices by player (``None``: not chosen yet); for the referee
        and for keeping an unfinished game, never for players."""
        if self.phase is not Phase.CHOOSE_CARDS:
            return (None,) * self.player_count
        return tuple(self._in_play.choices.cards)

    def has_chosen(self, player: int) -> bool:
        """Whether ``player`` has chosen a card this turn (the card itself stays secret)."""
        self._check_player(player)
        return self._in_play.choices.cards[player] is not None

    @property
    def is_over(self) -> bool:
        """Whether the last round is scored."""
        return self.phase is Phase.GAME_OVER

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now: own hand, rows, revealed cards, scores."""
        self._check_player(player)
        in_play = self._in_play
        card_to_place = None
        if self.phase is Phase.CHOOSE_ROW and in_play.pending[-1][1] == player:
            card_to_place = in_play.pending[-1][0]
        return _new_tuple(PlayerView, (  # the NamedTuple without its slower __new__
            player, self.rules, self.player_count, self.round, self.turn, tuple(in_play.hands[player]),
            in_play.rows.snapshot(), self._scores_snapshot or self._snapshot_scores(), in_play.deal.rows,
            in_play.previous_plays, in_play.revealed, card_to_place,
        ))

    # --------------------------------------------------------------- actions
    def choose_card(self, player: int, card: int) -> None:
        """``player`` secretly chooses ``card``; the last choice reveals all cards."""
        self._check_player(player)
        if self.phase is not Phase.CHOOSE_CARDS:
            raise OutOfTurnError(f"player {player} cannot choose a card now ({self._phase_text()})")
        choices = self._in_play.choices
        if card not in self._in_play.hands[player] and choices.cards[player] is None:
            raise CardNotInHandError(_("player {player} does not hold card {card}").format(player=player,
                                                                                        card=repr(card)))
        if choices.choose(player, card):
            self._reveal(tuple(choices.cards))  # type: ignore[arg-type]

    def take_back(self, player: int) -> None:
        """``player`` takes back the card they chose, while some player has still to choose."""
        self._check_player(player)
        if self.phase is not Phase.CHOOSE_CARDS or self._in_play.choices.cards[player] is None:
            raise OutOfTurnError(f"player {player} has no card to take back now ({self._phase_text()})")
        self._in_play.choices.take_back(player)

    def play_cards(self, cards: Sequence[int]) -> None:
        """Every player chooses at once (``cards[p]`` is player p's card); then reveal."""
        if len(cards) != self.player_count:
            raise OutOfTurnError(_("expected {players} cards, got {count}").format(players=self.player_count,
                                                                                   count=len(cards)))
        if self.phase is not Phase.CHOOSE_CARDS:
            raise OutOfTurnError(f"cards cannot be chosen now ({self._phase_text()})")
        in_play = self._in_play
        if in_play.choices.missing != self.player_count:
            raise OutOfTurnError("some players have already chosen a card this turn")
        for player, card in enumerate(cards):
            if card not in in_play.hands[player]:
                raise CardNotInHandError(_("player {player} does not hold card {card}").format(player=player,
                                                                                            card=repr(card)))
        played = tuple(cards)
        in_play.choices.all_at_once(played)
        self._reveal(played)

    def place_next(self) -> Placement:
        """Place the next revealed card by rules 1-3 and return what happened."""
        if self.phase is not Phase.PLACE_CARD:
            raise OutOfTurnError(f"no card can be placed now ({self._phase_text()})")
        in_play = self._in_play
        card, player = in_play.pending.pop()
        row_index = in_play.rows.closest(card)
        if in_play.rows.append(row_index, card):
            placement = _new_tuple(Placement, (self.round, self.turn, player, card, row_index,
                                               (), 0, Rule.CLOSEST_ROW))
            in_play.turn_log.placements.append(placement)
            if not in_play.pending:
                self._end_turn()
            return placement
        return self._take_row(player, card, row_index, Rule.SIXTH_CARD)

    def choose_row(self, player: int, row: int) -> Placement:
        """Rule 4: ``player``, whose card fits no row, takes ``row`` and starts it anew."""
        self._check_player(player)
        if self.phase is not Phase.CHOOSE_ROW:
            raise OutOfTurnError(f"no row choice is expected now ({self._phase_text()})")
        chooser = self._in_play.pending[-1][1]
        if player != chooser:
            raise OutOfTurnError(f"player {chooser} must choose a row, not player {player}")
        if row.__class__ is not int or not 0 <= row < ROWS:
            raise InvalidRowError(f"row must be 0 to {ROWS - 1}, not {row!r}")
        card, _chooser = self._in_play.pending.pop()
        return self._take_row(player, card, row, Rule.LOW_CARD)

    # -------------------------------------------------------------- internals
    def _take_row(self, player: int, card: int, row_index: int, rule: Rule) -> Placement:
        in_play = self._in_play
        taken = in_play.rows.take(row_index, card)
        penalty = self.rules.penalty_of(taken)
        self.scores[player] += penalty
        self._scores_snapshot = None
        in_play.piles[player].extend(taken)
        in_play.log.penalties[player] += penalty
        placement = _new_tuple(Placement, (self.round, self.turn, player, card, row_index,
                                           taken, penalty, rule))
        in_play.turn_log.placements.append(placement)
        if in_play.pending:
            self.phase = Phase.PLACE_CARD  # see RoundInPlay.reveal: only a turn's first card can fit no row
        else:
            self._end_turn()
        return placement

    def _reveal(self, cards: tuple[int, ...]) -> None:
        self.phase = Phase.CHOOSE_ROW if self._in_play.reveal(cards) else Phase.PLACE_CARD

    def _end_turn(self) -> None:
        self._in_play.end_turn()
        self.turn += 1
        if self.turn < self.rules.turns_per_round:
            self.phase = Phase.CHOOSE_CARDS
            self._in_play.start_turn(self.player_count)
        else:
            self._end_round()

    def _start_round(self) -> None:
        self.round += 1
        self.turn = 0
        if self._deals is not None and self.round < len(self._deals):
            deal = self._deals[self.round]
        else:
            deal = deal_cards(self._rng, self.player_count)
        self._in_play = RoundInPlay(deal, self.player_count)
        self.rounds.append(self._in_play.log)
        self.phase = Phase.CHOOSE_CARDS

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
            self._in_play.revealed = ()
        else:
            self._start_round()

    def _snapshot_scores(self) -> tuple[int, ...]:
        self._scores_snapshot = tuple(self.scores)
        return self._scores_snapshot

    def _check_player(self, player: int) -> None:
        if player.__class__ is not int or not 0 <= player < self.player_count:
            raise OutOfTurnError(f"there is no player {player!r} in a {self.player_count}-player game")

    def _phase_text(self) -> str:
        return phase_text(self.phase, self._in_play.pending)


def phase_text(phase: Phase, pending: Sequence[tuple[int, int]]) -> str:
    """What the game waits for, for the messages of the errors it raises."""
    if phase is Phase.CHOOSE_ROW:
        return f"player {pending[-1][1]} must choose a row"
    if phase is Phase.PLACE_CARD:
        return "revealed cards are being placed"
    if phase is Phase.CHOOSE_CARDS:
        return "players are choosing cards"
    return "the game is over"
