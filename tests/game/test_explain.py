"""Captions and explanations of each rule, on the worked example."""

from game import CLASSIC, SNAP, Rule
from game.explain import caption, caption_parts, explain, explanation_lines, follows, plain
from game.scenarios import WORKED_EXAMPLE_PLAYS, worked_example_game

NAMES = ["Alice", "Bob", "Celia", "David"]


def explained_turn(rules=SNAP):
    game = worked_example_game(rules)
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    rows = game.rows
    result = [explain(rows, game.choose_row(2, 3), rules)]
    while game.next_placement is not None:
        rows = game.rows
        result.append(explain(rows, game.place_next(), rules))
    return result


def test_captions() -> None:
    captions = [caption(e.placement, NAMES) for e in explained_turn()]
    assert captions == [
        "7 is lower than every row: Celia takes row 4, 3 cards, 9 points",
        "Alice's 23 goes to row 1",
        "David's 64 goes to row 3",
        "88 is the 6th card in row 3: Bob takes 5 cards, 21 points",
    ]


def test_a_caption_is_words_and_numbers_and_the_same_as_plain_text() -> None:
    """One builder for both: the screen stamps the numbers, the plain text joins them."""
    turn = explained_turn()
    alice = turn[1].placement
    parts = caption_parts(alice, NAMES, after=21)
    assert parts == ["Alice", "'s ", 23, " goes to row ", 1, ", after ", 21]
    assert caption(alice, NAMES, after=21) == plain(parts) == "Alice's 23 goes to row 1, after 21"
    assert follows(((21, 23),) + turn[1].rows_before[1:], alice) == 21
    low = turn[0].placement
    assert [part for part in caption_parts(low, NAMES) if isinstance(part, int)] == [7, 4, 3, 9]


def test_rule_4_lists_every_row_sum_and_the_choice() -> None:
    low = explained_turn()[0]
    assert low.rule is Rule.LOW_CARD
    assert [o.penalty for o in low.options] == [9, 6, 18, 9]
    assert low.cheapest_rows == (1,)
    lines = explanation_lines(low, NAMES)
    assert lines[0] == "Rule 4: 7 is lower than every row's last card (21, 24, 57, 81)."
    assert "row 1: 9 points, row 2: 6 points, row 3: 18 points, row 4: 9 points" in lines[1]
    assert lines[2] == "Celia chose row 4, not the cheapest row; 7 starts that row."


def test_rule_2_lists_candidate_rows_and_differences() -> None:
    closest = explained_turn()[1]
    assert closest.rule is Rule.CLOSEST_ROW
    assert [(o.row, o.last_card, o.difference) for o in closest.accepting] == [(0, 21, 2), (3, 7, 16)]
    lines = explanation_lines(closest, NAMES)
    assert lines[0] == ("Rule 1: a row takes 23 only if its last card is lower: row 1 ends 21 (+2), "
                        "row 2 ends 24 (too high), row 3 ends 57 (too high), row 4 ends 7 (+16).")
    assert lines[1] == "Rule 2: the smallest difference is row 1 (23 - 21 = 2)."


def test_rule_3_shows_the_full_row() -> None:
    sixth = explained_turn()[3]
    assert sixth.rule is Rule.SIXTH_CARD
    assert explanation_lines(sixth, NAMES)[2] == (
        "Rule 3: that row already holds 5 cards (33 42 50 57 64); 88 would be its 6th, "
        "so Bob takes them (21 points) and 88 starts the row.")


def test_classic_points() -> None:
    turn = explained_turn(CLASSIC)
    assert caption(turn[3].placement, NAMES).endswith("Bob takes 5 cards, 11 points")
    assert [o.penalty for o in turn[0].options] == [3, 2, 10, 3]
