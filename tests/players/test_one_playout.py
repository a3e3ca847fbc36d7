"""The test oracle that plays one playout at a time (``tests/support/one_playout.py``) agrees with the
engine on thousands of random positions; so do the compact tables the batched rollouts start from."""

import pytest

import random

from game import CLASSIC, PRESETS, SNAP, Game, Phase
from game.batch.rollouts import Table, risk_table, table_from_rows, tables_after_taking_each_row
from game.rules import ROWS
from tests.support.one_playout import place_card, place_turn, rollout


def engine_table(game: Game) -> Table:
    return table_from_rows(game.rows, game.rules.penalties)


def play_turn_in_engine(game: Game, plays: list[int], low_rows: dict[int, int]) -> list[int]:
    """Play one turn; ``low_rows[player]`` answers rule 4.  Returns each player's penalty."""
    taken = [0] * game.player_count
    game.play_cards(plays)
    while game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
        if game.phase is Phase.CHOOSE_ROW:
            player = game.awaiting_row_choice
            placement = game.choose_row(player, low_rows[player])
        else:
            placement = game.place_next()
        taken[placement.player] += placement.penalty
    return taken


def random_games(count: int, seed: int):
    """Fresh games of every preset and player count, seeded reproducibly."""
    rng = random.Random(seed)
    for index in range(count):
        rules = PRESETS[sorted(PRESETS)[index % len(PRESETS)]]
        players = rng.randint(rules.min_players, rules.max_players)
        yield rng, Game(rules, players, rng.randrange(2**63))


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_place_turn_agrees_with_the_engine_on_every_turn_of_many_games() -> None:
    positions = 0
    for rng, game in random_games(300, seed=1):
        while not game.is_over and game.round < 2:
            last_turn = game.turn == game.rules.turns_per_round - 1
            table = engine_table(game)
            plays = [rng.choice(game.hand(p)) for p in range(game.player_count)]
            low_rows = {p: rng.randrange(ROWS) for p in range(game.player_count)}
            fast = place_turn(table, game.rules.penalties, plays, lambda player, card, low_rows=low_rows: low_rows[player])
            slow = play_turn_in_engine(game, plays, low_rows)
            assert fast == slow
            if not last_turn:  # after the last turn the engine deals anew
                assert table == engine_table(game)
            positions += 1
    assert positions > 3000


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_rollouts_agree_with_the_engine() -> None:
    """A playout, replayed card by card and row by row through the engine, scores the same."""
    checked = 0
    for rng, game in random_games(400, seed=2):
        # Reach a random turn of the first round by random play.
        for _ in range(rng.randrange(game.rules.turns_per_round)):
            low_rows = {p: rng.randrange(ROWS) for p in range(game.player_count)}
            play_turn_in_engine(game, [rng.choice(game.hand(p)) for p in range(game.player_count)], low_rows)
        me = rng.randrange(game.player_count)
        opponents = [p for p in range(game.player_count) if p != me]
        remaining = game.rules.turns_per_round - game.turn
        turns = rng.randint(1, remaining)
        orders = {p: rng.sample(game.hand(p), turns) for p in opponents}
        others = [orders[p][t] for t in range(turns) for p in opponents]
        first = rng.choice([None, *game.hand(me)])
        table = engine_table(game)
        bits = rng.getrandbits(2 * len(others))
        trace: list = []
        taken = rollout(table, game.rules.penalties, list(game.hand(me)), first, others,
                        len(opponents), turns, bits, risk_table(len(opponents)), trace)
        assert len(trace) == turns
        total = 0
        for t, (cards, low_choices) in enumerate(trace):
            mine = next(card for card in cards if card not in others[t * len(opponents):(t + 1) * len(opponents)])
            if t == 0 and first is not None:
                assert mine == first
            plays = [0] * game.player_count
            plays[me] = mine
            for p in opponents:
                plays[p] = orders[p][t]
            assert sorted(plays) == list(cards)
            choices = iter(low_choices)

            class Rows(dict):  # answers rule 4 in placement order, as the playout chose
                def __getitem__(self, player: int) -> int:
                    return next(choices)  # noqa: B023 - used before the loop moves on
            total += play_turn_in_engine(game, plays, Rows())[me]
            assert next(choices, None) is None
        assert taken == total
        if turns < remaining:
            assert table == engine_table(game)
        checked += 1
    assert checked == 400


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_each_row_taken_under_rule_4_leaves_the_table_the_oracle_leaves() -> None:
    """The tables a rule-4 decision's playouts start from (played on the engine's rows) are the
    oracle's, card by card: the row taken, then the turn's higher cards - sixth cards included."""
    rng, checked = random.Random(6), 0
    while checked < 2000:
        rules = PRESETS[rng.choice(sorted(PRESETS))]
        cards = rng.sample(range(1, 105), 30)
        sizes = [rng.randint(1, 5) for _ in range(ROWS)]
        rows = [sorted(cards[sum(sizes[:row]):sum(sizes[:row + 1])]) for row in range(ROWS)]
        rest = cards[sum(sizes):]
        low = [card for card in rest if card < min(row[-1] for row in rows)]
        if not low:
            continue
        card = min(low)
        revealed = [card, *rng.sample([other for other in rest if other > card], rng.randint(0, 9))]
        tables, immediate = tables_after_taking_each_row(rows, rules.penalties, card, revealed)
        for row in range(ROWS):
            table = table_from_rows(rows, rules.penalties)
            assert place_card(table, rules.penalties, card, row) == (row, immediate[row])
            for other in sorted(revealed[1:]):
                place_card(table, rules.penalties, other, 0)
            assert tables[row] == table
        checked += 1


def test_risk_table_is_a_probability_growing_with_the_gap() -> None:
    for opponents in (1, 3, 9):
        table = risk_table(opponents)
        assert all(abs(table[0][gap] - 1.0) < 1e-9 for gap in range(105))
        for missing in range(1, 6):
            line = table[missing]
            assert line[1] == 0.0
            assert all(0.0 <= a <= b <= 1.0 for a, b in zip(line, line[1:]))
            if missing > opponents:
                assert max(line) == 0.0


def test_snap_and_classic_tables_differ_only_in_penalties() -> None:
    rows = ((5, 10), (55,), (66, 70, 71), (100,))
    assert table_from_rows(rows, SNAP.penalties) == ([10, 55, 71, 100], [2, 1, 3, 1], [9, 9, 15, 5])
    assert table_from_rows(rows, CLASSIC.penalties) == ([10, 55, 71, 100], [2, 1, 3, 1], [5, 7, 9, 3])
