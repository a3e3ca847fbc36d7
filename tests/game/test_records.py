"""Game records: writing, reading back, and clear errors for broken files."""

import json
from pathlib import Path

import pytest

from game import SNAP, play_seeded_game
from game.record import (
    FORMAT,
    PlayerInfo,
    RecordError,
    append_record,
    read_records,
    record_game,
    write_records,
)
from game.scenarios import WORKED_EXAMPLE_PLAYS, worked_example_game

PLAYERS = [PlayerInfo("Ada", "human"), PlayerInfo("AI 1", "random"),
           PlayerInfo("AI 2", "random"), PlayerInfo("AI 3", "random")]


def finished_game(seed: int = 3):
    return play_seeded_game(SNAP, ["random"] * 4, seed)


def test_record_of_the_worked_example_turn() -> None:
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    game.choose_row(2, 3)
    while game.next_placement is not None:
        game.place_next()
    while not game.is_over:  # finish the game with everyone's lowest card
        game.play_cards([game.hand(p)[0] for p in range(4)])
        while game.next_placement is not None:
            if game.awaiting_row_choice is not None:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    data = record_game(game, PLAYERS).to_dict()
    turn = data["rounds"][0]["turns"][2]
    assert turn == {
        "plays": [23, 88, 7, 64],
        "placements": [
            {"player": 2, "card": 7, "row": 3, "took": [69, 72, 81]},
            {"player": 0, "card": 23, "row": 0, "took": []},
            {"player": 3, "card": 64, "row": 2, "took": []},
            {"player": 1, "card": 88, "row": 2, "took": [33, 42, 50, 57, 64]},
        ],
    }
    assert data["rounds"][0]["rows"] == [[9], [19], [33], [69]]
    assert list(data) == ["format", "rules", "seed", "players", "rounds", "scores", "winners"]
    assert data["format"] == FORMAT


def test_write_and_read_back_identical(tmp_path: Path) -> None:
    records = [record_game(finished_game(seed), PLAYERS) for seed in (1, 2, 3)]
    path = tmp_path / "games.jsonl"
    assert write_records(path, records) == 3
    assert read_records(path) == records
    text = path.read_text()
    write_records(path, read_records(path))
    assert path.read_text() == text
    append_record(path, records[0])
    assert read_records(path) == records + records[:1]


def write_lines(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def good_line(seed: int = 3) -> str:
    return record_game(finished_game(seed), PLAYERS).to_json()


def test_truncated_json_names_the_line(tmp_path: Path) -> None:
    path = write_lines(tmp_path, [good_line(1), good_line(2)[:200]])
    with pytest.raises(RecordError, match=r"bad\.jsonl: line 2: not valid JSON at column \d+: "):
        read_records(path)


def test_wrong_format_tag(tmp_path: Path) -> None:
    data = json.loads(good_line())
    data["format"] = "6takes-record/9"
    path = write_lines(tmp_path, [json.dumps(data)])
    with pytest.raises(RecordError, match=r"line 1: format is '6takes-record/9', expected '6takes-record/1'"):
        read_records(path)


def test_illegal_placement(tmp_path: Path) -> None:
    data = json.loads(good_line())
    placement = data["rounds"][0]["turns"][0]["placements"][0]
    placement["row"] = (placement["row"] + 1) % 4
    path = write_lines(tmp_path, ["", good_line(1), json.dumps(data)])
    with pytest.raises(RecordError, match=r"line 3: round 1 turn 1 placement 1: card \d+ is recorded in row \d"):
        read_records(path)


def test_card_played_that_was_not_in_hand(tmp_path: Path) -> None:
    data = json.loads(good_line())
    turn = data["rounds"][0]["turns"][1]
    turn["plays"][0] = data["rounds"][0]["hands"][1][0]
    path = write_lines(tmp_path, [json.dumps(data)])
    with pytest.raises(RecordError, match=r"line 1: round 1 turn 2: player 0 does not hold card"):
        read_records(path)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("seed"), "missing 'seed'"),
    (lambda d: d.__setitem__("seed", "x"), "'seed' must be a whole number"),
    (lambda d: d.__setitem__("rules", "amigo"), "unknown rules 'amigo'"),
    (lambda d: d.__setitem__("scores", [0, 0, 0, 0]), "scores are"),
    (lambda d: d.__setitem__("winners", [0]), "winners are"),
    (lambda d: d["rounds"][0]["turns"].pop(), "6 turns, the rules play 7"),
    (lambda d: d["rounds"][0]["hands"][0].__setitem__(0, 105), "cards must be numbers from 1 to 104|sorted"),
    (lambda d: d["players"].pop(), "3 hands for 3 players|need exactly 4 players"),
    (lambda d: d.__setitem__("rounds", []), "no rounds"),
    (lambda d: d.__setitem__("seed", d["seed"] + 1), r"round 1: the cards dealt are not those of seed \d+"),
    (lambda d: d["players"][2].__setitem__("kind", "alien"), "player 2 'kind' is 'alien', not a kind of player"),
])
def test_inconsistent_records(tmp_path: Path, change, message) -> None:
    data = json.loads(good_line())
    change(data)
    path = write_lines(tmp_path, [json.dumps(data)])
    with pytest.raises(RecordError, match=message):
        read_records(path)


def test_not_an_object_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="line 1: the record must be a JSON object"):
        read_records(write_lines(tmp_path, ["[1, 2]"]))
    with pytest.raises(RecordError, match="nothere.jsonl: cannot read"):
        read_records(tmp_path / "nothere.jsonl")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="binary.jsonl: line 1: not UTF-8 text"):
        read_records(binary)


def test_scan_skips_corrupt_lines_and_keeps_the_file(tmp_path: Path) -> None:
    good = [good_line(1), good_line(2)]
    path = write_lines(tmp_path, [good[0], "{truncated", "", good[1]])
    before = path.read_bytes()
    from game.record import scan_records

    result = scan_records(path)
    assert [number for number, _ in result.records] == [1, 4]
    assert len(result.problems) == 1 and result.problems[0].startswith("line 2: not valid JSON")
    assert path.read_bytes() == before
    assert scan_records(tmp_path / "missing.jsonl").records == ()


def test_data_dir_override(tmp_path: Path, monkeypatch) -> None:
    from store.storage import DATA_DIR_VARIABLE, default_records_path

    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    assert default_records_path() == tmp_path / "games.jsonl"
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    assert default_records_path().name == "games.jsonl"
    assert "6takes" in default_records_path().parts


def test_finished_time_round_trips_and_is_checked(tmp_path: Path) -> None:
    from game.record import parse_record, utc_timestamp

    record = record_game(finished_game(), PLAYERS, finished=utc_timestamp())
    line = record.to_json()
    assert '"finished":"' in line and parse_record(line) == record and parse_record(line).to_json() == line
    assert "finished" not in record_game(finished_game(), PLAYERS).to_dict()
    data = json.loads(line)
    data["finished"] = "yesterday"
    with pytest.raises(RecordError, match="line 1: 'finished' must be a UTC time"):
        read_records(write_lines(tmp_path, [json.dumps(data)]))
