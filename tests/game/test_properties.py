"""Random playouts under both presets, checking invariants after every action."""

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from game import CLASSIC, PRESETS, SEED_LIMIT, Game, Phase, make_agents, play_seeded_game
from game.record import PlayerInfo, parse_record, record_game
from game.rules import ALL_CARDS, ROW_LIMIT

seeds = st.integers(min_value=0, max_value=SEED_LIMIT - 1)
presets = st.sampled_from(sorted(PRESETS))


def player_counts(rules_name: str) -> st.SearchStrategy[int]:
    rules = PRESETS[rules_name]
    return st.integers(rules.min_players, rules.max_players)


def check_invariants(game: Game, taken_this_round: list[list[int]]) -> None:
    """Every card is somewhere exactly once; rows ascend and hold at most 5 cards."""
    pending = []
    if game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
        pending = [card for card in game.revealed if all(card not in row for row in game.rows)
                   and all(card not in pile for pile in taken_this_round)]
    places = [*(c for h in game.hands for c in h), *(c for r in game.rows for c in r),
              *(c for p in taken_this_round for c in p), *pending, *game.undealt]
    assert sorted(places) == list(ALL_CARDS)
    for row in game.rows:
        assert 1 <= len(row) <= ROW_LIMIT
        assert list(row) == sorted(row) and len(set(row)) == len(row)
    for player, pile in enumerate(taken_this_round):
        assert game.penalty_cards(player) == tuple(pile)


def play_checking(game: Game, kinds: list[str]) -> None:
    agents = make_agents(kinds, game.seed)
    taken: list[list[int]] = [[] for _ in range(game.player_count)]
    round_index = game.round
    scores = [0] * game.player_count
    check_invariants(game, taken)
    while not game.is_over:
        if game.phase is Phase.CHOOSE_CARDS:
            for player, agent in enumerate(agents):
                game.choose_card(player, agent.choose_card(game.view(player)))
            continue
        if game.phase is Phase.CHOOSE_ROW:
            player = game.awaiting_row_choice
            placement = game.choose_row(player, agents[player].choose_row(game.view(player)))
        else:
            placement = game.place_next()
        assert placement.penalty == game.rules.penalty_of(placement.taken)
        scores[placement.player] += placement.penalty
        assert game.scores == scores
        if game.round != round_index:
            round_index, taken = game.round, [[] for _ in range(game.player_count)]
        elif not game.is_over:
            assert game.rows[placement.row][-1] == placement.card
            assert not placement.taken or game.rows[placement.row] == (placement.card,)
            taken[placement.player].extend(placement.taken)
            check_invariants(game, taken)
    lowest = min(game.scores)
    assert game.winners == tuple(p for p, s in enumerate(game.scores) if s == lowest)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@settings(max_examples=60, deadline=None)
@given(seed=seeds, rules_name=presets, data=st.data())
def test_random_playouts_keep_invariants(seed: int, rules_name: str, data) -> None:
    count = data.draw(player_counts(rules_name))
    game = Game(PRESETS[rules_name], count, seed)
    play_checking(game, ["random"] * count)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, rules_name=presets)
def test_a_seed_reproduces_its_game(seed: int, rules_name: str) -> None:
    rules = PRESETS[rules_name]
    count = rules.min_players if rules.min_players == rules.max_players else 5
    first = play_seeded_game(PRESETS[rules_name], ["random"] * count, seed)
    second = play_seeded_game(PRESETS[rules_name], ["random"] * count, seed)
    assert first.rounds == second.rounds and first.scores == second.scores


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@settings(max_examples=40, deadline=None)
@given(seed=seeds, rules_name=presets)
def test_records_round_trip(seed: int, rules_name: str) -> None:
    rules = PRESETS[rules_name]
    count = rules.min_players if rules.min_players == rules.max_players else 3
    game = play_seeded_game(rules, ["random"] * count, seed)
    players = [PlayerInfo(f"P{i}", "random") for i in range(count)]
    record = record_game(game, players)
    line = record.to_json()
    assert parse_record(line) == record
    assert parse_record(line).to_json() == line


def test_same_choices_give_the_same_game_whoever_asks_views() -> None:
    """Asking for views (as a UI does every frame) must not change the game."""
    quiet = play_seeded_game(CLASSIC, ["random"] * 4, 99)
    game = Game(CLASSIC, 4, 99)
    agents = make_agents(["random"] * 4, 99)
    while not game.is_over:
        for player in range(4):
            game.view(player)
        if game.phase is Phase.CHOOSE_CARDS:
            game.play_cards([a.choose_card(game.view(p)) for p, a in enumerate(agents)])
        elif game.phase is Phase.CHOOSE_ROW:
            p = game.awaiting_row_choice
            game.choose_row(p, agents[p].choose_row(game.view(p)))
        else:
            game.place_next()
    assert game.rounds == quiet.rounds
