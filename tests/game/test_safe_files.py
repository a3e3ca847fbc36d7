"""Records files read and written safely: torn lines, special files, hostile lines,
streaming to one game, write errors, and one engine pass per replay."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.conftest import needs

from game import SNAP, play_seeded_game
from game.jsonl import LINE_LIMIT, append_line
from store.outputs import check_output_file
from game.record import (
    PlayerInfo,
    RecordError,
    append_record,
    read_game,
    read_records,
    record_game,
    scan_records,
    write_records,
)

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "records-v1.jsonl"
PLAYERS = [PlayerInfo(f"AI {i}", "random") for i in range(1, 5)]


def line_of(seed: int) -> str:
    return record_game(play_seeded_game(SNAP, ["random"] * 4, seed), PLAYERS).to_json()


def run_main(*args: str, data: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data))
    kwargs.setdefault("timeout", 120)
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]


# ------------------------------------------------------------------ one record of what happened
def test_records_written_by_earlier_code_read_and_write_back_byte_for_byte(tmp_path: Path) -> None:
    """The golden file was written before the record types became the engine's own log."""
    records = read_records(GOLDEN)
    assert [r.rules for r in records] == ["snap", "snap", "classic", "snap"]
    out = tmp_path / "again.jsonl"
    write_records(out, records)
    assert out.read_bytes() == GOLDEN.read_bytes()
    rounds = records[2].rounds
    assert len(rounds) > 1 and rounds[0].turns[0].placements[0].penalty >= 0, "the engine's RoundLog"


def test_opening_a_replay_runs_the_engine_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import Game

    calls = []
    real = Game.play_cards
    monkeypatch.setattr(Game, "play_cards", lambda self, cards: (calls.append(1), real(self, cards))[1])
    replayed = read_game(GOLDEN, 1)
    assert len(calls) == SNAP.turns_per_round, "checked and turned into states in one pass"
    assert len(replayed.states) == 28 and replayed.game.is_over
    from scenes.model.replay import replay_of_record

    replay = replay_of_record(replayed)
    assert len(calls) == SNAP.turns_per_round and replay.states == replayed.states


# ------------------------------------------------------------------ writing
def test_a_record_is_never_glued_onto_a_torn_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    append_record(path, read_records(GOLDEN)[0])
    with open(path, "a") as file:
        file.write('{"format":"6ta')                       # a process killed mid-line
    append_record(path, read_records(GOLDEN)[1])
    scan = scan_records(path)
    assert [line for line, _ in scan.records] == [1, 3]
    assert len(scan.problems) == 1 and scan.problems[0].startswith("line 2: ")


@pytest.mark.slow
@needs("pygame")
def test_the_issues_torn_file_case_through_the_app(tmp_path: Path) -> None:
    """play, tear the file, play again: the second game must be readable (issue case 1)."""
    data, record = tmp_path / "data", tmp_path / "r.jsonl"
    common = ["play", "--mode", "demo", "--step-delay", "0", "--exit-at-end", "--record", str(record)]
    assert run_main(*common, "--seed", "1", data=data).returncode == 0
    with open(record, "a") as file:
        file.write('{"format":"6ta')
    assert run_main(*common, "--seed", "2", data=data).returncode == 0
    assert [r.seed for _, r in scan_records(record).records] == [1, 2]
    result = run_main("replay", str(record), "--game", "3", "--step-delay", "0", "--exit-at-end", data=data)
    assert result.returncode == 0, result.stderr


def test_each_record_is_one_write_and_synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writes, syncs = [], []
    real_write, real_fsync = os.write, os.fsync
    monkeypatch.setattr(os, "write", lambda fd, data: (writes.append(bytes(data)), real_write(fd, data))[1])
    monkeypatch.setattr(os, "fsync", lambda fd: (syncs.append(fd), real_fsync(fd))[1])
    path = tmp_path / "g.jsonl"
    line = line_of(3)
    append_line(path, line)
    assert writes == [line.encode() + b"\n"] and len(syncs) == 1


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/version").exists(), reason="needs Linux /proc")
@needs("pygame")
def test_a_file_that_refuses_writes_is_refused_before_the_game(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        check_output_file("/proc/version")            # says "regular file", refuses every write
    with pytest.raises(OSError, match="not a regular file"):
        check_output_file("/dev/full")
    result = run_main("play", "--mode", "demo", "--seed", "1", "--step-delay", "0", "--exit-at-end",
                      "--record", "/proc/version", data=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "/proc/version" in result.stderr
    assert not (tmp_path / "history.sqlite3").exists(), "no game was played"


def _limit_file_size(limit: int) -> None:
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)    # a write past the limit fails with EFBIG instead
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs RLIMIT_FSIZE")
@needs("pygame")
@pytest.mark.parametrize("target", ["jsonl", "history"])
def test_a_full_disk_while_saving_is_one_line_and_keeps_what_was_saved(tmp_path: Path, target: str) -> None:
    """The file may grow no more (as on a full disk): one line naming the file, exit 1, no
    traceback, and the games saved before still read back."""
    data = tmp_path / "data"
    data.mkdir()
    base = ["play", "--mode", "demo", "--step-delay", "0", "--exit-at-end"]
    if target == "jsonl":
        path = tmp_path / "g.jsonl"
        base += ["--record", str(path)]
    else:
        path = data / "history.sqlite3"
    assert run_main(*base, "--seed", "1", data=data).returncode == 0
    size = path.stat().st_size
    limit = size + 100 if target == "jsonl" else 4096  # the WAL may hold one page, not a game
    result = run_main(*base, "--seed", "2", data=data, preexec_fn=lambda: _limit_file_size(limit))
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in result.stderr, result.stderr
    assert "File too large" in lines[0] or "full" in lines[0] or "disk I/O" in lines[0], lines[0]
    if target == "jsonl":
        assert [r.seed for _, r in scan_records(path).records] == [1]
    else:
        from store.history import History

        with History(path) as history:
            assert history.count() == 1 and history.integrity() == "ok"


# ------------------------------------------------------------------ reading
def hostile_lines() -> dict[str, bytes]:
    return {
        "nested too deeply": b"[" * 100_000 + b"]" * 100_000,
        "too many digits": b'{"format": "6takes-record/1", "seed": ' + b"7" * 5000 + b"}",
        "not UTF-8 text": b'{"name": "\xff\xfe"}',
        "not valid JSON": b'{"format":"6ta',
        "longer than 1 MB": b'{"x": "' + b"y" * (LINE_LIMIT + 10) + b'"}',
    }


@pytest.mark.slow
@pytest.mark.parametrize("problem", list(hostile_lines()))
def test_every_decoding_failure_is_one_line_naming_file_and_line(tmp_path: Path, problem: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(line_of(1).encode() + b"\n\n" + hostile_lines()[problem] + b"\n")
    with pytest.raises(RecordError, match=rf"bad\.jsonl: line 3: .*{problem}"):
        read_records(path)
    result = run_main("replay", str(path), "--game", "2", data=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"{path}: line 3: " in result.stderr and problem in result.stderr


@pytest.mark.parametrize("name, problem", [
    ("N\x00L", "player 1 'name' .*control"), ("\ud800", "player 1 'name' .*not valid text"),
    ("x" * 500_000, "player 1 'name' .*at most 24"), ("x" * 5_000_000, "the line is longer than 1 MB"),
])
def test_hostile_names_in_a_record_are_refused_quickly(tmp_path: Path, name: str, problem: str) -> None:
    data = json.loads(line_of(2))
    data["players"][1]["name"] = name
    path = tmp_path / "names.jsonl"
    path.write_text(json.dumps(data) + "\n")         # json escapes the NUL and the surrogate
    started = time.process_time()  # processor time: what other programs do does not count
    with pytest.raises(RecordError, match=f"line 1: {problem}"):
        read_records(path)
    assert time.process_time() - started < 1


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + line_of(4).encode() + b"\r\n")
    assert [r.seed for r in read_records(path)] == [4]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "folder"])
def test_only_regular_files_are_read(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        path = tmp_path / "pipe.jsonl"
        os.mkfifo(path)
        assert stat.S_ISFIFO(path.stat().st_mode)
    elif special == "folder":
        path = tmp_path
    else:
        path = Path(special)
    result = run_main("replay", str(path), data=tmp_path, timeout=30)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "not a regular file" in result.stderr and str(path) in result.stderr


def test_replay_streams_to_game_k_and_checks_it_alone(tmp_path: Path) -> None:
    """Lines before game K are counted, not decoded: 99,999 lines that are not records, and
    game 50,000 still opens well under a second; the lines around it are never looked at."""
    path = tmp_path / "big.jsonl"
    filler = b"{}\n" * 49_999
    path.write_bytes(filler + line_of(7).encode() + b"\n" + filler + b"{}\n")
    started = time.process_time()  # processor time: what other programs do does not count
    replayed = read_game(path, 50_000)
    assert time.process_time() - started < 1.0
    assert replayed.record.seed == 7 and len(replayed.states) == 28
    with pytest.raises(RecordError, match=r"line 49999: the record must be|line 49999: format"):
        read_game(path, 49_999)
    with pytest.raises(RecordError, match="--game 100001 is out of range"):
        read_game(path, 100_001)
