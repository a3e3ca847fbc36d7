"""The batched engine against the reference engine: every batched game replayed placement by placement.

The engine (``game/engine.py``) is the referee.  A batched game is replayed through it from
its seed: the engine deals the round from the seed (the batch must have dealt the same),
the batch's plays are played, every rule-4 row is chosen as the batch chose it, and every
placement the engine makes - player, card, row, the cards taken - must be the batch's;
the round penalties and the scores too.  Where a seat is the ``heuristic`` player, its
every card and row must be what :mod:`game.players.heuristic` answers to the engine's view.
The fast tier replays 500 games of every preset and player count; the slow
tier 100,000.
"""

from __future__ import annotations

import random
from itertools import cycle, islice

import numpy as np
import pytest

from game import Game, Phase
from game.batch.draws import game_key, game_keys, uniform, uniforms
from game.batch.games import BatchGames, BatchResult
from game.batch.mersenne import MersenneBatch
from game.batch.sorting import network, sort_rows
from game.players.heuristic import heuristic_card, heuristic_row
from game.play import game_seed
from game.rules import PRESETS, Rules


def seatings(rules: Rules) -> list[tuple[str, ...]]:
    """Every player count of ``rules``, each with all-random, mixed and all-heuristic seats."""
    found = []
    for count in range(rules.min_players, rules.max_players + 1):
        for pattern in (["random"], ["heuristic", "random", "random"], ["heuristic"]):
            found.append(tuple(islice(cycle(pattern), count)))
    return found


CASES = [(rules, kinds) for rules in PRESETS.values() for kinds in seatings(rules)]


def positions(result: BatchResult) -> list[dict[int, int]]:
    """For each round of the batch's log: where each game still playing is in it."""
    assert result.log is not None
    return [{game: at for at, game in enumerate(round_log.games.tolist())} for round_log in result.log]


def replay(rules: Rules, kinds: tuple[str, ...], result: BatchResult, game: int,
           places: list[dict[int, int]] | None = None) -> int:
    """Replay game ``game`` of ``result`` through the engine; return the placements checked."""
    players = len(kinds)
    engine = Game(rules, players, int(result.seeds[game]))
    assert result.log is not None
    places = places or positions(result)
    checked = 0
    for round_index, round_log in enumerate(result.log):
        at = places[round_index].get(game)
        if at is None:
            continue
        assert engine.round == round_index and engine.hands == tuple(map(tuple, round_log.hands[:, :, at].tolist()))
        assert engine.rows == tuple((card,) for card in round_log.starts[:, at].tolist())
        for turn in round_log.turns:
            plays = turn.plays[:, at].tolist()
            for seat, kind in enumerate(kinds):
                assert kind != "heuristic" or heuristic_card(engine.view(seat)) == plays[seat]
            engine.play_cards(plays)
            for slot in range(players):
                checked += check_placement(engine, kinds, turn, slot, at)
        assert engine.rounds[round_index].penalties == round_log.penalties[:, at].tolist()
    assert engine.is_over and engine.scores == result.scores[:, game].tolist()
    assert len(engine.rounds) == result.rounds[game]
    return checked


def check_placement(engine: Game, kinds: tuple[str, ...], turn: object, slot: int, at: int) -> int:
    """The engine's next placement is the batch's ``slot``-th of the turn."""
    key, row = int(turn.order[slot, at]), int(turn.rows[slot, at])  # type: ignore[attr-defined]
    seat, card = key & 15, key >> 4
    if engine.phase is Phase.CHOOSE_ROW:
        assert engine.awaiting_row_choice == seat
        assert kinds[seat] != "heuristic" or heuristic_row(engine.view(seat)) == row
        placement = engine.choose_row(seat, row)
    else:
        placement = engine.place_next()
    count = int(turn.took_count[slot, at])  # type: ignore[attr-defined]
    taken = tuple(turn.took[slot, :count, at].tolist())  # type: ignore[attr-defined]
    assert (placement.player, placement.card, placement.row, placement.taken) == (seat, card, row, taken)
    return 1


def replay_many(games_per_case: int, run_seed: int) -> int:
    """Play ``games_per_case`` games of every case in one batch each and replay them all."""
    played = 0
    for rules, kinds in CASES:
        seeds = [game_seed(run_seed, index) for index in range(games_per_case)]
        result = BatchGames(rules, kinds).play(seeds, log=True)
        places = positions(result)
        for game in range(games_per_case):
            assert replay(rules, kinds, result, game, places) > 0
        played += games_per_case
    return played


@pytest.mark.slow
def test_batched_games_replay_through_the_engine_placement_by_placement() -> None:
    assert replay_many(16, run_seed=20260) >= 500


@pytest.mark.slow
def test_games_of_a_large_batch_replay_through_the_engine() -> None:
    """Thousands of games in one batch: card numbers times the batch size overflow small integers."""
    for rules, kinds in ((PRESETS["snap"], ("heuristic",) * 4), (PRESETS["classic"], ("heuristic", "random") * 5)):
        result = BatchGames(rules, kinds).play([game_seed(8, index) for index in range(6000)], log=True)
        places = positions(result)
        for game in range(0, 6000, 400):
            replay(rules, kinds, result, game, places)


@pytest.mark.slow
def test_a_hundred_thousand_batched_games_replay_through_the_engine() -> None:
    assert replay_many(100_000 // len(CASES) + 1, run_seed=45) >= 100_000


def test_the_batch_plays_the_same_game_alone_and_among_others() -> None:
    rules, kinds = PRESETS["classic"], ("heuristic", "random", "random", "random")
    seeds = [game_seed(3, index) for index in range(500)]
    together = BatchGames(rules, kinds).play(seeds)
    alone = BatchGames(rules, kinds).play(seeds[123:124])
    assert together.scores[:, 123].tolist() == alone.scores[:, 0].tolist()
    assert together.rounds[123] == alone.rounds[0] > 1


def test_every_generator_draws_what_random_random_draws() -> None:
    seeds = [0, 1, 2**32 - 1, 2**32, 2**63 - 1, *(random.Random(5).randrange(2**63) for _ in range(40))]
    batch = MersenneBatch.seeded(seeds)
    first, words, later = batch.doubles(5), batch.words(3), batch.doubles(1300)  # 1300 crosses two twists
    for column, seed in enumerate(seeds):
        expected = random.Random(seed)
        assert first[:, column].tolist() == [expected.random() for _ in range(5)]
        assert words[:, column].tolist() == [expected.getrandbits(32) for _ in range(3)]
        assert later[:, column].tolist() == [expected.random() for _ in range(1300)]


def test_the_players_draws_are_the_same_in_a_batch_and_alone() -> None:
    seeds = np.array([0, 7, 2**63 - 1], dtype=np.uint64)
    drawn = uniforms(game_keys(seeds), 40, 6)
    for column, seed in enumerate(seeds.tolist()):
        assert drawn[:, column].tolist() == [uniform(game_key(seed), 40 + place) for place in range(6)]
    assert 0.0 <= drawn.min() and drawn.max() < 1.0


def test_the_sorting_network_sorts_every_arrangement_of_zeros_and_ones() -> None:
    for size in range(1, 13):  # the 0-1 principle: a network that sorts every 0-1 input sorts anything
        for bits in range(2**size):
            values = [(bits >> place) & 1 for place in range(size)]
            for low, high in network(size):
                if values[low] > values[high]:
                    values[low], values[high] = values[high], values[low]
            assert values == sorted(values)
    rows = np.random.default_rng(1).integers(0, 1000, (10, 300)).astype(np.int16)
    assert (sort_rows(rows.copy()) == np.sort(rows, axis=0)).all()


def test_the_batch_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="mc"):
        BatchGames(PRESETS["snap"], ("random", "mc", "random", "random"))
    with pytest.raises(ValueError, match="4 players"):
        BatchGames(PRESETS["snap"], ("random",) * 3)
