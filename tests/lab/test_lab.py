"""The strategy lab's machinery: the batched engine against the engine path, records as text, totals,
the records file (refused, appended, cut back on a write error), bounded --jobs, flat memory."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import SNAP
from game.players.options import DEFAULT_OPTIONS, AgentOptions
from lab.batched import BATCH_CHUNK
from lab.runner import Task, _general_chunk, play_chunk, tasks
from lab.text import players_text, record_head, record_text, round_text
from lab.totals import HeadToHead, mean_interval, new_summary, rotations
from game.batch.draws import game_key, place, uniform
from game.engine import Game, PlayerView
from game.play import game_seed, play_game, play_seeded_game, players_rng
from game.players.agents import make_agent
from game.record import PlayerInfo, read_records, record_game
from game.rules import CLASSIC, PRESETS, Rules, rules_named
from tests.conftest import PROJECT


def engine_record(rules: Rules, kinds: list[str], seed: int, options: AgentOptions = DEFAULT_OPTIONS) -> str:
    game = play_seeded_game(rules, kinds, seed, options)
    players = [PlayerInfo(f"Player {seat + 1}", kind) for seat, kind in enumerate(kinds)]
    return record_game(game, players).to_json()


CHUNK_CASES = [(rules.name, tuple(kinds), duplicate)
               for rules in PRESETS.values()
               for count in sorted({rules.min_players, 4, rules.max_players})
               if rules.min_players <= count <= rules.max_players
               for kinds in (["random"] * count, (["heuristic", "random", "random"] * count)[:count])
               for duplicate in (False, True)]


@pytest.mark.slow
@pytest.mark.parametrize("rules, kinds, duplicate", CHUNK_CASES, ids=lambda value: str(value))
def test_the_batched_chunk_plays_the_engine_paths_games(rules: str, kinds: tuple[str, ...], duplicate: bool) -> None:
    """The same games, records byte for byte and totals, from the batched engine and from the
    engine one placement at a time (the path ``mc`` games take): every preset, duplicate or not."""
    task = Task(rules, kinds, 4242, 7, 7 + (12 if duplicate else 40), duplicate, DEFAULT_OPTIONS, True)
    batched, engine = play_chunk(task), _general_chunk(rules_named(rules), task)
    assert batched.records == engine.records
    for name in ("games", "slot_games", "rounds", "penalty", "wins", "decisions", "pair_sums", "deals"):
        assert getattr(batched, name) == getattr(engine, name), name


@pytest.mark.slow
def test_batched_records_read_back_through_the_referee(tmp_path: Path) -> None:
    """Every record the batch writes is valid: its deals are its seed's, every placement the rules'."""
    path = tmp_path / "games.jsonl"
    for rules in PRESETS.values():
        kinds = (["heuristic", "random"] * rules.max_players)[:rules.max_players]
        chunk = play_chunk(Task(rules.name, tuple(kinds), 77, 0, 150, False, DEFAULT_OPTIONS, True))
        path.write_text(chunk.records)
        records = read_records(path)
        assert len(records) == 150 and records[5].seed == game_seed(77, 5)
        assert sum(record.scores[0] for record in records) == chunk.penalty[0]


def test_record_text_is_to_json_for_every_kind_and_any_name() -> None:
    kinds = ["mc", "heuristic", "random", 'bot:python3 "my bot".py ünï']
    options = AgentOptions(rollouts=2)
    game = play_seeded_game(CLASSIC, kinds[:3], 7, options)
    players = [PlayerInfo(f"Player {seat + 1}", kind) for seat, kind in enumerate(kinds[:3])]
    text = record_text(record_head("classic"), 7, players_text(kinds[:3]), [round_text(r) for r in game.rounds],
                       game.scores, game.winners)
    assert text == record_game(game, players).to_json()
    assert players_text(kinds).startswith(',"players":[{"name":"Player 1","kind":"mc"}')
    assert '"kind":"bot:python3 \\"my bot\\".py ünï"' in players_text(kinds)


class LabRandom:
    """The lab's ``random`` player as an agent: it draws at its place in the game's stream."""

    kind = "random"

    def __init__(self, seat: int, seed: int, rules: Rules, players: int) -> None:
        self.seat, self.key, self.rules, self.players = seat, game_key(seed), rules, players

    def _draw(self, view: PlayerView, seat: int) -> float:
        return uniform(self.key, place(view.round, view.turn, seat, self.players, self.rules.turns_per_round))

    def choose_card(self, view: PlayerView) -> int:
        return view.hand[int(self._draw(view, self.seat) * len(view.hand))]

    def choose_row(self, view: PlayerView) -> int:
        return int(self._draw(view, self.players) * 4)


def lab_record(rules: Rules, kinds: list[str], seed: int, options: AgentOptions) -> str:
    """The record of a game played through the engine by agents, random seats drawing as in the lab."""
    rng = players_rng(seed)
    agents = [LabRandom(seat, seed, rules, len(kinds)) if kind == "random" else make_agent(kind, rng, options)
              for seat, kind in enumerate(kinds)]
    game = play_game(Game(rules, len(kinds), seed), agents)
    players = [PlayerInfo(f"Player {seat + 1}", kind) for seat, kind in enumerate(kinds)]
    return record_game(game, players).to_json()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_built_in_players_in_a_chunk_play_as_through_agents() -> None:
    kinds = ("mc", "random", "heuristic", "random")
    options = AgentOptions(rollouts=2)
    chunk = play_chunk(Task("snap", kinds, 99, 3, 9, False, options, True))
    expected = [lab_record(SNAP, list(kinds), game_seed(99, i), options) for i in range(3, 9)]
    assert chunk.records == "".join(line + "\n" for line in expected)
    assert chunk.games == 6 and all(count >= 6 * 7 for count in chunk.decisions)
    assert chunk.decision_seconds[0] > 0 and chunk.decision_seconds[1] == 0  # random players are not timed


def test_head_to_head_from_sums_is_the_interval_of_the_differences() -> None:
    differences = [3, -1, 4, 1, -5, 9, 2, -6]
    pair = HeadToHead("a", "b", scale=12, deals=len(differences), scaled_sum=sum(differences),
                      scaled_squares=sum(d * d for d in differences))
    expected = mean_interval([d / 12 for d in differences])
    assert pair.interval() == pytest.approx(expected, rel=1e-12)


def test_chunks_are_made_as_they_are_needed() -> None:
    chunks = tasks(SNAP, ["random"] * 4, 1, 10**12, 1, False, AgentOptions(), False, None)
    first, second = next(chunks), next(chunks)
    assert (first.start, first.stop, second.start) == (0, BATCH_CHUNK, BATCH_CHUNK)


# ------------------------------------------------------------------ the command line
def simulate(*args: str, tmp: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SIXTAKES_DATA_DIR=str(tmp / "data"))
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", "--no-progress", *args],
                          cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120,
                          **kwargs)  # type: ignore[call-overload]


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.slow
def test_an_existing_records_file_is_kept_unless_told(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate("--games", "5", "--seed", "1", "--record", str(path), tmp=tmp_path).returncode == 0
    before = path.read_bytes()
    refused = simulate("--games", "5", "--seed", "2", "--record", str(path), tmp=tmp_path)
    assert refused.returncode == 2 and "--append" in one_line(refused) and str(path) in one_line(refused)
    assert path.read_bytes() == before
    path.write_bytes(before + b'{"format":"6ta')  # a torn last line: the next record starts on a new line
    assert simulate("--games", "3", "--seed", "2", "--record", str(path), "--append", tmp=tmp_path).returncode == 0
    lines = path.read_bytes().splitlines()
    assert lines[:5] == before.splitlines() and lines[5] == b'{"format":"6ta' and len(lines) == 9
    assert simulate("--games", "2", "--seed", "3", "--record", str(path), "--overwrite", tmp=tmp_path).returncode == 0
    assert [r.seed for r in read_records(path)] == [3, game_seed(3, 1)]
    lone = simulate("--games", "2", "--append", tmp=tmp_path)
    assert lone.returncode == 2 and "--record" in one_line(lone)
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    assert simulate("--games", "2", "--record", str(empty), tmp=tmp_path).returncode == 0


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_device_is_refused_before_the_run_in_one_line(tmp_path: Path) -> None:
    result = simulate("--games", "3000", "--record", "/dev/full", tmp=tmp_path)
    assert result.returncode == 2 and "/dev/full" in one_line(result) and "a device" in one_line(result)


def _limit_file_size(limit: int) -> None:
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs RLIMIT_FSIZE")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_write_error_keeps_every_record_written_before(tmp_path: Path, jobs: str) -> None:
    path, whole = tmp_path / "cut.jsonl", tmp_path / "whole.jsonl"
    assert simulate("--games", "6000", "--seed", "4", "--record", str(whole), tmp=tmp_path).returncode == 0
    result = simulate("--games", "6000", "--seed", "4", "--record", str(path), "--jobs", jobs, tmp=tmp_path,
                      preexec_fn=lambda: _limit_file_size(10_000_000))
    assert result.returncode == 1 and str(path) in one_line(result), result.stderr
    kept = path.read_bytes()
    assert 0 < len(kept) <= 10_000_000 and kept.endswith(b"\n")
    assert whole.read_bytes().startswith(kept)  # whole records only, each as in a full run
    count = kept.count(b"\n")
    assert f"the {count} records written before are kept" in one_line(result)


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_jobs_are_bounded_by_the_processors(tmp_path: Path) -> None:
    too_many = str(4 * (os.cpu_count() or 1) + 1)
    result = simulate("--games", "3", "--jobs", too_many, tmp=tmp_path)
    assert result.returncode == 2 and "--jobs" in one_line(result) and too_many in one_line(result)


def _tree_rss(pid: int) -> int:
    """Resident memory of a process and its descendants, in bytes (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    total = 0
    for member in tree:
        try:
            total += int((Path("/proc") / str(member) / "statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            pass
    return total


def _wait_for_size(path: Path, size: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while not (path.exists() and path.stat().st_size >= size):
        assert process.poll() is None, "the run ended early"
        assert time.monotonic() < deadline, f"{path} did not reach {size} bytes"
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads memory use from /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_memory_does_not_grow_with_the_games(tmp_path: Path, jobs: str) -> None:
    """A billion games start at once, and a run's memory stays put while records pour out
    (before, every task was built first and every result kept)."""
    path = tmp_path / "many.jsonl"
    env = dict(os.environ, SIXTAKES_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen([sys.executable, str(PROJECT / "main.py"), "simulate", "--no-progress",
                                "--games", "1000000000", "--record", str(path), "--jobs", jobs],
                               cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for_size(path, 5_000_000, process)  # about 2,000 games
        early = _tree_rss(process.pid)
        _wait_for_size(path, 45_000_000, process)  # about 20,000 games
        late = _tree_rss(process.pid)
        assert late - early < 25_000_000, (early, late)  # keeping every record would be 65 MB
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 143
        with open(path, "rb") as file:  # stopped between chunks: the file ends with a whole record
            file.seek(-20_000, os.SEEK_END)
            assert file.read().endswith(b"]}\n")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize("kinds, seatings", [(("random",) * 4, 1), (("heuristic", "random") * 2, 2),
                                             (("heuristic", "random", "random", "random"), 4)])
def test_a_duplicate_run_plays_each_distinct_seating_of_a_deal_once(kinds: tuple[str, ...], seatings: int) -> None:
    deals = 6
    task = Task("snap", kinds, 31, 0, deals, True, DEFAULT_OPTIONS, True)
    summary = new_summary("snap", 31, kinds, True)
    for chunk in (play_chunk(task), _general_chunk(SNAP, task)):
        lines = chunk.records.splitlines()
        assert chunk.games == len(lines) == len(set(lines)) == deals * seatings
    summary.add(play_chunk(task))
    assert len(rotations(kinds, True)) == summary.rotations == seatings
    assert ("every seat rotation" in summary.text()) == (seatings == 4)
    assert (f"{seatings} distinct seat rotations" in summary.text()) == (seatings < 4)
    if len(set(kinds)) == 2:  # each kind's mean penalty a seat, deal by deal, from the records
        games = [json.loads(line) for line in play_chunk(task).records.splitlines()]
        differences = []
        for deal in range(deals):
            by_kind: dict[str, list[int]] = {"heuristic": [], "random": []}
            for game in games[deal * seatings:(deal + 1) * seatings]:
                for player, score in zip(game["players"], game["scores"]):
                    by_kind[player["kind"]].append(score)
            differences.append(sum(by_kind["heuristic"]) / len(by_kind["heuristic"])
                               - sum(by_kind["random"]) / len(by_kind["random"]))
        mean, low, high = summary.head_to_head[0].interval()
        assert (mean, low, high) == pytest.approx(mean_interval(differences))
