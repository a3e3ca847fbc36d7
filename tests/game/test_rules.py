"""Penalty tables of both presets, card by card, and the presets' shapes."""

import pytest

from game import CLASSIC, SNAP, rules_named

MULTIPLES_OF_11 = {11, 22, 33, 44, 66, 77, 88, 99}  # without 55
MULTIPLES_OF_10 = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100}
ENDING_IN_5 = {5, 15, 25, 35, 45, 65, 75, 85, 95}  # without 55


def expected(card: int, table: dict[str, int]) -> int:
    if card == 55:
        return table["55"]
    if card in MULTIPLES_OF_11:
        return table["11"]
    if card in MULTIPLES_OF_10:
        return table["10"]
    if card in ENDING_IN_5:
        return table["5"]
    return table["other"]


@pytest.mark.parametrize("card", range(1, 105))
def test_snap_penalty_of_every_card(card: int) -> None:
    assert SNAP.penalty(card) == expected(card, {"55": 9, "11": 7, "10": 5, "5": 4, "other": 3})


@pytest.mark.parametrize("card", range(1, 105))
def test_classic_penalty_of_every_card(card: int) -> None:
    assert CLASSIC.penalty(card) == expected(card, {"55": 7, "11": 5, "10": 3, "5": 2, "other": 1})


def test_deck_totals() -> None:
    assert CLASSIC.deck_penalty == 171
    assert SNAP.deck_penalty == 9 + 8 * 7 + 10 * 5 + 9 * 4 + 76 * 3 == 379


def test_some_cards_by_hand() -> None:
    assert [SNAP.penalty(c) for c in (1, 5, 10, 11, 55, 100, 104)] == [3, 4, 5, 7, 9, 5, 3]
    assert [CLASSIC.penalty(c) for c in (1, 5, 10, 11, 55, 100, 104)] == [1, 2, 3, 5, 7, 3, 1]


def test_presets_shape() -> None:
    assert (SNAP.turns_per_round, SNAP.min_players, SNAP.max_players, SNAP.end_score) == (7, 4, 4, None)
    assert (CLASSIC.turns_per_round, CLASSIC.min_players, CLASSIC.max_players, CLASSIC.end_score) == (10, 2, 10, 66)


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        SNAP.turns_per_round = 10  # type: ignore[misc]


def test_unknown_preset() -> None:
    with pytest.raises(ValueError, match="unknown rules 'amigo'"):
        rules_named("amigo")
    assert rules_named("classic") is CLASSIC
