"""Issue 44: the warm-up's rules, without a server - who is asked, what answer is taken, the verdicts
judged by the puzzle itself; and the phone's messages for it read and checked by the protocol."""

from __future__ import annotations

import pytest
from tests.support.puzzle_positions import card_puzzle, row_puzzle

from classroom.class_puzzles import ClassPuzzles, puzzle_state, verdict_message
from classroom.protocol import AnswerPuzzle, Join, Refused, Resume, decode, encode, parse_request, wire_fields_of
from classroom.students import new_key
from store.puzzles import StoredPuzzle


def warmup() -> ClassPuzzles:
    return ClassPuzzles([StoredPuzzle(7, "7b", card_puzzle()), StoredPuzzle(8, "7b", row_puzzle())])


def test_each_phone_answers_once_with_one_of_the_puzzles_answers() -> None:
    puzzles = warmup()
    assert puzzles.answer("a", "Ana", 31, row=False) == "nothing is asked of you now"
    current = puzzles.next({"a": "Ana", "b": "Ben"})
    assert current is not None and current.number == 1
    assert puzzles.answer("a", "Ana", 2, row=True) == "choose a card, not a row"
    assert puzzles.answer("a", "Ana", 33, row=False) == "33 is not an answer to this puzzle"
    assert puzzles.answer("a", "Ana", 31, row=False) == ""
    assert puzzles.answer("a", "Ana", 95, row=False) == "you have answered this puzzle"
    assert puzzles.answer("c", "Cy", 95, row=False) == ""  # joined meanwhile: asked too
    puzzles.still_here({"a", "c"})  # Ben's phone went before answering: no longer asked
    assert sorted(current.asked) == ["a", "c"]
    verdicts = puzzles.show()
    assert {who: (v.answer, v.right) for who, v in verdicts.items()} == {"a": (31, False), "c": (95, True)}
    assert dict(current.counts())[95] == 1 and current.right == 1
    assert puzzles.answer("b", "Ben", 95, row=False) == "nothing is asked of you now"  # shown: closed
    assert not puzzles.done
    second = puzzles.next({"a": "Ana"})
    assert second is not None and second.puzzle.kind == "row"
    assert puzzles.answer("a", "Ana", 31, row=False) == "pick a row, not a card"
    assert puzzles.answer("a", "Ana", 3, row=True) == ""
    puzzles.show()
    assert puzzles.done and puzzles.next({}) is None


def test_the_phones_see_the_position_never_whose_it_was_and_get_their_verdict() -> None:
    puzzles = warmup()
    current = puzzles.next({"a": "Ana"})
    assert current is not None
    state = wire_fields_of(puzzle_state(current, 2, seat=0))
    assert state["phase"] == "puzzle" and state["ask"] == "puzzle" and state["players"] == []
    assert state["puzzle"] == {"id": 7, "kind": "card", "rows": [list(r) for r in card_puzzle().rows],
                               "hand": list(card_puzzle().hand), "text": "What would you play?", "number": 1, "of": 2}
    answered = wire_fields_of(puzzle_state(current, 2, seat=0, answered=31))
    assert answered["ask"] is None and answered["puzzle"]["answered"] == 31
    puzzles.answer("a", "Ana", 31, row=False)
    verdict = wire_fields_of(verdict_message(current, puzzles.show()["a"]))
    assert (verdict["id"], verdict["answer"], verdict["best"], verdict["right"]) == (7, 31, 95, False)
    assert verdict["text"].startswith("Not the best: 31 costs about ") and verdict["cost"] > 2
    assert verdict["reason"] == card_puzzle().explanation


def test_each_phones_why_is_about_its_own_answer_and_names_the_games_choice_as_the_games() -> None:
    """Issue 49: Ana played 51, Ben the best (95); the puzzle's game played 31."""
    puzzles = warmup()
    current = puzzles.next({"a": "Ana", "b": "Ben"})
    assert current is not None and current.puzzle.played == 31
    puzzles.answer("a", "Ana", 51, row=False)
    puzzles.answer("b", "Ben", 95, row=False)
    verdicts = puzzles.show()
    ana, ben = (wire_fields_of(verdict_message(current, verdicts[who])) for who in "ab")
    assert ana["text"].startswith("Not the best: 51 costs about ") and ana["text"].endswith("by the end of the round")
    assert ana["reason"].startswith("Playing 95 instead of 51 would have saved about ")
    assert f"{verdicts['a'].cost:.1f} points by the end of the round: 51 " in ana["reason"]
    assert " 31 " not in ana["reason"]
    assert ben["reason"].startswith("In the game this puzzle comes from: Playing 95 instead of 31 ")


def test_the_phones_puzzle_messages_and_keys_are_read_and_checked() -> None:
    assert parse_request('{"type": "puzzle", "card": 31}') == AnswerPuzzle(card=31)
    assert parse_request('{"type": "puzzle", "row": 3}') == AnswerPuzzle(row=3)
    for bad in ('{"type": "puzzle"}', '{"type": "puzzle", "card": 3, "row": 1}'):
        with pytest.raises(Refused, match="an answer to a puzzle is a card or a row"):
            parse_request(bad)
    for row, refusal in ((4, "there is no row 5"), (-1, "there is no row 0")):
        with pytest.raises(Refused) as refused:
            parse_request('{"type": "puzzle", "row": %d}' % row)
        assert refused.value.message == refusal
    key = new_key()
    assert parse_request(encode(Join("K7QP", "Ana", key))) == Join("K7QP", "Ana", key)
    assert parse_request(encode(Resume("secret", key))) == Resume("secret", key)
    for odd in ("short", "x" * 65, "<script>alert(1)</script>xxxxxxxx", 12345678901234567890, None):
        joined = parse_request('{"type": "join", "code": "K7QP", "name": "Ana", "student": %s}' % (
            '"%s"' % odd if isinstance(odd, str) else "null" if odd is None else odd))
        assert joined == Join("K7QP", "Ana", "")  # not a key: the room gives a new one
    assert decode(encode(AnswerPuzzle(card=31))) == AnswerPuzzle(card=31)
