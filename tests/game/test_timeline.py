"""Snapshots after every placement: live capture equals replay, and no hand inside."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game import CLASSIC, SNAP, Game, Phase, make_agents
from game.timeline import TableState, capture, replay_states


def play_capturing(rules, seed: int) -> tuple[Game, list[TableState]]:
    game = Game(rules, 4, seed)
    agents = make_agents(["random"] * 4, seed)
    states = []
    while not game.is_over:
        if game.phase is Phase.CHOOSE_CARDS:
            game.play_cards([a.choose_card(game.view(p)) for p, a in enumerate(agents)])
            continue
        before = game.rows
        if game.phase is Phase.CHOOSE_ROW:
            player = game.awaiting_row_choice
            placement = game.choose_row(player, agents[player].choose_row(game.view(player)))
        else:
            placement = game.place_next()
        state = capture(game, placement, before)
        if game.round == placement.round and not game.is_over:
            assert state.rows == game.rows
            assert state.penalty_cards == tuple(game.penalty_cards(p) for p in range(4))
        states.append(state)
    return game, states


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), classic=st.booleans())
def test_live_capture_equals_replay(seed: int, classic: bool) -> None:
    rules = CLASSIC if classic else SNAP
    game, live = play_capturing(rules, seed)
    assert replay_states(rules, 4, seed, game.rounds) == live
    assert len(live) == 4 * rules.turns_per_round * len(game.rounds)
    assert [s.step for s in live[:8]] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert live[-1].scores == tuple(game.scores)


def test_round_end_state_shows_the_table_it_left() -> None:
    game, states = play_capturing(CLASSIC, 8)
    assert len(game.rounds) >= 2
    last_of_first_round = [s for s in states if s.round == 0][-1]
    assert sum(len(row) for row in last_of_first_round.rows) >= 4
    assert last_of_first_round.turn == 9 and last_of_first_round.step == 4
    taken = sum(len(pile) for pile in last_of_first_round.penalty_cards)
    on_rows = sum(len(row) for row in last_of_first_round.rows)
    assert taken + on_rows == 4 + 40  # every card of the round is on a row or in a pile


def test_replay_of_a_game_in_progress() -> None:
    game = Game(SNAP, 4, 3)
    game.play_cards([h[-1] for h in game.hands])
    while game.phase is Phase.PLACE_CARD:
        game.place_next()
    states = replay_states(SNAP, 4, 3, game.rounds)
    assert len(states) >= 1 and states[-1].rows == game.rows


def test_states_hold_no_hands() -> None:
    assert set(TableState._fields) == {
        "round", "turn", "step", "rows", "rows_before", "scores", "revealed", "placement", "penalty_cards"}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), classic=st.booleans())
def test_no_state_shows_a_card_still_in_a_hand(seed: int, classic: bool) -> None:
    rules = CLASSIC if classic else SNAP
    game, states = play_capturing(rules, seed)
    assert states
    for state in states:
        deal = game.rounds[state.round].deal
        in_hands_after_turn = {
            card for hand in deal.hands for card in hand} - {
            card for turn in game.rounds[state.round].turns[:state.turn + 1] for card in turn.plays}
        shown = set(state.revealed) | {state.placement.card, *state.placement.taken}
        for cards in (*state.rows, *state.rows_before, *state.penalty_cards):
            shown |= set(cards)
        assert not shown & in_hands_after_turn, (state.round, state.turn, state.step)
        assert set(state.revealed) == set(game.rounds[state.round].turns[state.turn].plays)
