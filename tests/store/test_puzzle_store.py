"""The history's puzzles: stored and read back whole, never twice (per class), a class's apart, all or
nothing in one call, a damaged row named in one line, and an older history given the table on opening."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from game import SNAP, play_seeded_game
from game.record import PlayerInfo, record_game
from store.history import SCHEMA_VERSION, HistoryError, connection_of, open_history
from store.puzzles import add_puzzles, count_puzzles, stored_puzzles
from tests.support.puzzle_positions import card_puzzle, made_source, row_puzzle


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "history.sqlite3"


def test_puzzles_come_back_as_they_went_in_in_the_order_stored(path: Path) -> None:
    puzzles = [row_puzzle(), card_puzzle()]
    with open_history(path) as history:
        assert add_puzzles(history, puzzles).added == 2
    with open_history(path) as history:  # another connection: it was committed
        stored = stored_puzzles(history)
    assert [s.puzzle for s in stored] == puzzles
    assert [s.id for s in stored] == [1, 2] and {s.class_name for s in stored} == {""}
    data = stored[0].to_dict()
    assert {"id", "kind", "rows", "hand", "best", "options", "explanation", "source", "class"} <= set(data)
    assert data["options"] == {"0": 8.0, "1": 14.0, "2": 16.0, "3": 5.0} and data["best"] == 3
    assert data["source"] == {"from": "made", "seed": 7, "game": 1, "seat": 0}


def test_the_same_puzzle_is_never_stored_twice(path: Path) -> None:
    puzzle = card_puzzle()
    with open_history(path) as history:
        first = add_puzzles(history, [puzzle, puzzle])
        again = add_puzzles(history, [puzzle, replace(puzzle, source=made_source(5))])  # another game, same position
        assert (first.added, first.already_there) == (1, 1)
        assert (again.added, again.already_there) == (0, 2)
        assert count_puzzles(history) == 1


def test_a_class_keeps_its_own_puzzles(path: Path) -> None:
    with open_history(path) as history:
        add_puzzles(history, [row_puzzle()])
        add_puzzles(history, [row_puzzle(), card_puzzle()], class_name="4B")
        assert count_puzzles(history) == 3
        assert count_puzzles(history, "4B") == 2 and count_puzzles(history, "") == 1
        assert [s.puzzle.kind for s in stored_puzzles(history, "4B")] == ["row", "card"]
        assert stored_puzzles(history, "5C") == []


def test_one_call_stores_all_its_puzzles_or_none(path: Path) -> None:
    def failing():  # type: ignore[no-untyped-def]
        yield row_puzzle()
        raise RuntimeError("the power goes")

    with open_history(path) as history:
        with pytest.raises(RuntimeError):
            add_puzzles(history, failing())
        assert count_puzzles(history) == 0
        assert add_puzzles(history, [row_puzzle()]).added == 1  # the history is still usable


def test_a_damaged_puzzle_is_one_line_naming_it(path: Path) -> None:
    with open_history(path) as history:
        add_puzzles(history, [row_puzzle(), card_puzzle()])
        connection_of(history).execute("UPDATE puzzles SET puzzle = replace(puzzle, '\"best\":95', '\"best\":31') "
                                   "WHERE id = 2")
        with pytest.raises(HistoryError) as error:
            stored_puzzles(history)
    message = str(error.value)
    assert "\n" not in message and str(path) in message and "puzzle 2" in message and "best" in message


def test_an_older_history_gets_the_puzzles_table_and_keeps_its_games(path: Path) -> None:
    game = play_seeded_game(SNAP, ["random"] * 4, 3)
    with open_history(path) as history:
        history.add(record_game(game, [PlayerInfo(f"P{i}", "random") for i in range(4)]))
    db = sqlite3.connect(path)
    db.execute("DROP TABLE puzzles")
    db.execute("PRAGMA user_version = 1")  # as the version before puzzles left it
    db.commit()
    db.close()
    with open_history(path) as history:
        assert history.count() == 1
        assert add_puzzles(history, [card_puzzle()]).added == 1
        assert connection_of(history).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2


def test_a_history_that_cannot_be_written_is_one_line(path: Path) -> None:
    with open_history(path) as history:
        add_puzzles(history, [row_puzzle()])
        connection_of(history).execute("PRAGMA query_only = ON")  # as a read-only file or a full disk refuses
        with pytest.raises(HistoryError) as error:
            add_puzzles(history, [card_puzzle()])
        connection_of(history).execute("PRAGMA query_only = OFF")
        assert count_puzzles(history) == 1  # what was stored before is untouched
    message = str(error.value)
    assert "\n" not in message and str(path) in message and "cannot save the puzzles" in message
