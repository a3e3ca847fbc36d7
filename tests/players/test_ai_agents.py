"""The computer players: legal moves only, nothing but the view, reproducible, and ranked."""

import random

import pytest

from game import CLASSIC, SNAP, Game, Phase, PlayerView, Rules, deal_cards, game_seed, play_game
from game.players.options import AgentOptions
from game.players.agents import AGENT_KINDS, RandomAgent, make_agent
from game.engine import Deal
from game.players.heuristic import heuristic_card, heuristic_row, unseen_cards
from game.players.mc import mc_choose_card, mc_choose_row
from game.play import make_agents, play_seeded_game
from game.scenarios import WORKED_EXAMPLE_PLAYS, worked_example_game
from lab.simulate import simulate

FAST = AgentOptions(rollouts=4)
"""A tiny rollout budget: fast, and the same decisions on every machine."""


class CheckedAgent:
    """Wraps an agent and checks each answer is legal for the view it was given."""

    def __init__(self, agent) -> None:
        self.kind = agent.kind
        self.agent = agent
        self.decisions = 0

    def choose_card(self, view: PlayerView) -> int:
        card = self.agent.choose_card(view)
        assert card in view.hand
        self.decisions += 1
        return card

    def choose_row(self, view: PlayerView) -> int:
        assert view.card_to_place is not None
        row = self.agent.choose_row(view)
        assert type(row) is int and 0 <= row < 4
        self.decisions += 1
        return row


@pytest.mark.parametrize("rules, kinds", [
    (SNAP, ["mc", "heuristic", "random", "mc"]),
    (CLASSIC, ["heuristic", "mc", "random"]),
    pytest.param(CLASSIC, ["mc", "heuristic", "mc", "random", "heuristic", "random", "mc", "random", "heuristic", "mc"],
                 marks=pytest.mark.slow),  # ten seats: long
])
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_every_kind_plays_only_legal_cards_and_rows(rules: Rules, kinds: list[str]) -> None:
    for index in range(3):
        seed = game_seed(5, index)
        agents = [CheckedAgent(agent) for agent in make_agents(kinds, seed, FAST)]
        game = play_game(Game(rules, len(kinds), seed), agents)
        assert game.is_over
        assert all(agent.decisions > 0 for agent in agents)


def test_rule_4_choices_are_legal_for_every_kind() -> None:
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    assert game.phase is Phase.CHOOSE_ROW
    view = game.view(game.awaiting_row_choice)
    for kind in AGENT_KINDS:
        assert make_agent(kind, random.Random(1), FAST).choose_row(view) in range(4)


def plain_data(value: object) -> bool:
    """Whether ``value`` is built only of numbers, text, None, tuples and the frozen rules."""
    if value is None or type(value) in (int, str, bool, float):
        return True
    if isinstance(value, Rules):
        return all(plain_data(getattr(value, name)) for name in value.__dataclass_fields__)
    if type(value) is tuple:
        return all(plain_data(item) for item in value)
    return False


def test_a_view_is_a_snapshot_without_a_way_back_to_the_game() -> None:
    game = Game(CLASSIC, 4, 8)
    game.play_cards([hand[0] for hand in game.hands])
    view = game.view(1)
    assert type(view) is PlayerView and plain_data(tuple(view))
    assert not any(isinstance(value, Game) for value in view)


def same_view_other_hands(seed: int) -> tuple[Game, Game]:
    """Two games that look the same to player 0 but deal the others different hands."""
    deal = deal_cards(random.Random(seed), 4)
    pool = [card for hand in deal.hands[1:] for card in hand]
    pool += sorted(set(range(1, 105)) - set(pool) - set(deal.hands[0]) - set(deal.rows))
    random.Random(seed + 1).shuffle(pool)
    others = tuple(tuple(sorted(pool[i * 10:(i + 1) * 10])) for i in range(3))
    assert others != deal.hands[1:]
    return (Game(CLASSIC, 4, 1, deals=[deal]),
            Game(CLASSIC, 4, 1, deals=[Deal((deal.hands[0], *others), deal.rows)]))


@pytest.mark.parametrize("kind", sorted(AGENT_KINDS))
def test_decisions_do_not_depend_on_hidden_hands(kind: str) -> None:
    """Hidden cards differ, the view is equal: so are the decisions, with the same generator."""
    for seed in range(5):
        first, second = same_view_other_hands(seed)
        assert first.view(0) == second.view(0)
        one = make_agent(kind, random.Random(seed), FAST).choose_card(first.view(0))
        two = make_agent(kind, random.Random(seed), FAST).choose_card(second.view(0))
        assert one == two


def test_unseen_cards_are_everything_but_what_the_player_has_seen() -> None:
    game = Game(SNAP, 4, 3)
    view = game.view(2)
    unseen = unseen_cards(view)
    assert len(unseen) == 104 - 10 - 4  # snap deals 44 cards; the 60 undealt are unseen too
    game.play_cards([hand[-1] for hand in game.hands])
    while game.phase is not Phase.CHOOSE_CARDS:
        if game.phase is Phase.CHOOSE_ROW:
            game.choose_row(game.awaiting_row_choice, 0)
        else:
            game.place_next()
    later = unseen_cards(game.view(2))
    assert len(later) == 104 - 9 - 4 - 4
    assert not set(later) & (set(game.hand(2)) | {c for row in game.rows for c in row})
    assert set(game.hand(0)) <= set(later)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_mc_with_a_rollout_budget_is_reproducible() -> None:
    game = Game(CLASSIC, 4, 11)
    view = game.view(0)
    options = AgentOptions(rollouts=30)
    cards = {mc_choose_card(view, random.Random(7), options) for _ in range(3)}
    assert len(cards) == 1
    first = play_seeded_game(CLASSIC, ["mc", "random", "heuristic", "random"], 21, options)
    second = play_seeded_game(CLASSIC, ["mc", "random", "heuristic", "random"], 21, options)
    assert first.rounds == second.rounds and first.scores == second.scores


def test_mc_takes_the_cheapest_row_when_nothing_follows() -> None:
    """On the last turn only the penalty taken now counts."""
    deal = Deal(((3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (40, 41, 42, 43, 44, 45, 46, 47, 48, 49)),
                (20, 30, 50, 60))
    game = Game(CLASSIC, 2, 1, deals=[deal])
    for turn in range(9):
        game.play_cards([game.hand(0)[-1], game.hand(1)[0]])
        while game.phase is not Phase.CHOOSE_CARDS:
            game.choose_row(0, turn % 4) if game.phase is Phase.CHOOSE_ROW else game.place_next()
    game.play_cards([game.hand(0)[0], game.hand(1)[0]])
    assert game.phase is Phase.CHOOSE_ROW
    view = game.view(0)
    cheapest = heuristic_row(view)
    assert mc_choose_row(view, random.Random(1), AgentOptions(rollouts=2)) == cheapest


def test_mc_rule_4_choice_in_the_worked_example_is_cheap() -> None:
    """Rule 4 with revealed cards still to be placed (the 23, 64 and 88 follow the 7)."""
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    view = game.view(game.awaiting_row_choice)
    assert view.card_to_place == 7
    assert sorted(card for card in view.revealed if card > 7) == [23, 64, 88]
    row = mc_choose_row(view, random.Random(3), AgentOptions(rollouts=40))
    table = view.rules.penalties
    costs = [sum(table[c] for c in r) for r in view.rows]
    assert costs[row] == min(costs)


def two_full_rows() -> PlayerView:
    """Player 0's view after four turns that fill rows 10-14 and 30-34 to five cards.

    Player 0 then holds 15 and 35, each a certain 6th card, and 61 62 91 92, all safe.
    """
    deal = Deal(((15, 31, 32, 33, 34, 35, 61, 62, 91, 92), (1, 2, 3, 4, 5, 6, 11, 12, 13, 14)),
                (10, 30, 60, 90))
    game = Game(CLASSIC, 2, 1, deals=[deal])
    for mine, theirs in ((31, 11), (32, 12), (33, 13), (34, 14)):
        game.play_cards([mine, theirs])
        while game.phase is Phase.PLACE_CARD:
            game.place_next()
    view = game.view(0)
    assert view.rows[:2] == ((10, 11, 12, 13, 14), (30, 31, 32, 33, 34))
    return view


def test_mc_and_heuristic_avoid_a_certain_sixth_card() -> None:
    view = two_full_rows()
    assert mc_choose_card(view, random.Random(2), AgentOptions(rollouts=40)) not in (15, 35)
    assert heuristic_card(view) not in (15, 35)


def test_heuristic_plays_the_closest_follower_when_all_rows_are_short() -> None:
    deal = Deal(((6, 16, 26, 36, 46, 56, 66, 76, 86, 96), (1, 2, 3, 4, 7, 8, 10, 11, 13, 14)),
                (5, 25, 45, 65))
    view = Game(CLASSIC, 2, 1, deals=[deal]).view(0)
    # One opponent cannot push a card to a row's 6th place: every card is
    # safe, and 6, right after the 5, is the closest to its row.
    assert heuristic_card(view) == 6


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        AgentOptions(think_ms=-1)
    with pytest.raises(ValueError):
        AgentOptions(rollouts=0)
    assert AgentOptions().think_ms == 100


def test_old_call_sites_still_work() -> None:
    assert isinstance(make_agent("random", random.Random(1)), RandomAgent)
    assert next(iter(AGENT_KINDS)) == "random"
    with pytest.raises(ValueError, match="unknown player kind 'genius'"):
        make_agent("genius", random.Random(1))


def test_heuristic_scores_clearly_below_random() -> None:
    """A fixed-seed statistical check: 400 snap games, heuristic against three random players."""
    summary = simulate(SNAP, ["heuristic", "random", "random", "random"], 400, seed=12)
    heuristic = summary.players[0].mean_penalty
    randoms = [p.mean_penalty for p in summary.players[1:]]
    assert heuristic < 0.6 * min(randoms)
    assert summary.players[0].win_rate > 0.5
