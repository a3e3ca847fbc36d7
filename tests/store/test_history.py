"""The history database: saving, paging, filters, totals, import/export, the scoreboard,
replays from the history, and games that survive a process killed while saving."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import random  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from datetime import datetime, timedelta, timezone  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.support.app_helpers import ROOT, click, close_app, frames, key, open_app, table, type_text  # noqa: E402
from game import SNAP, play_seeded_game  # noqa: E402
from store.history import History, HistoryError, Query, open_history, period_start  # noqa: E402
from game.record import PlayerInfo, parse_record, record_game, utc_timestamp  # noqa: E402
from scenes.model.options import PlayOptions  # noqa: E402
from scenes.scoreboard.scene import ScoreboardScene, scoreboard_layout  # noqa: E402

NOW = datetime.now(timezone.utc)


@pytest.fixture(autouse=True)
def data_dir(app_data_dir: Path) -> Path:
    return app_data_dir


def a_record(seed: int, names: tuple[str, ...] = ("Ada", "Ben", "Cy", "Dee"), days_ago: float | None = 0):
    finished = utc_timestamp(NOW - timedelta(days=days_ago)) if days_ago is not None else None
    game = play_seeded_game(SNAP, ["random"] * 4, seed)
    return record_game(game, [PlayerInfo(name, "random" if name.startswith("AI ") else "human") for name in names],
                       finished=finished)


def run_main(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SIXTAKES_DATA_DIR=str(data))
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


# ------------------------------------------------------------------ the database
def test_games_are_saved_once_and_paged_newest_first(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as history:
        numbers = [history.add(a_record(seed)) for seed in range(1, 8)]
        assert numbers == list(range(1, 8))
        assert history.add(a_record(1, days_ago=None)) == 8
        assert history.add(history_record(history, 8)) is None, "the same game is never in twice"
        assert history.count() == 8
        page = history.page(0, 3)
        assert [g.number for g in page] == [8, 7, 6]
        assert [g.number for g in history.page(6, 3)] == [2, 1]
        assert page[1].seed == 7 and [s.name for s in page[1].seats] == ["Ada", "Ben", "Cy", "Dee"]
        record = a_record(7)
        assert [s.score for s in page[1].seats] == list(record.scores)
        assert [s.won for s in page[1].seats] == [i in record.winners for i in range(4)]
        assert history.integrity() == "ok"


def history_record(history: History, number: int):
    return parse_record(history.record_line(number))


def test_name_filter_periods_and_totals(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as history:
        history.add(a_record(1, ("Ada", "Ben", "Cy", "Dee"), days_ago=20))
        history.add(a_record(2, ("Ada", "Bea", "Cy", "Dee"), days_ago=3))
        history.add(a_record(3, ("Zed", "Ben", "Cy", "Dee"), days_ago=0))
        history.add(a_record(4, ("Zed", "Ben", "Cy", "100%_x"), days_ago=None))
        assert history.count(Query("ada")) == 2, "any case, any part of the name"
        assert history.count(Query("Be")) == 4
        assert history.count(Query("%_")) == 1, "LIKE's wildcards are matched as themselves"
        week = period_start("week")
        assert history.count(Query("", week)) == 2 and history.count(Query("ada", week)) == 1
        assert [g.seed for g in history.page(0, 10, Query("zed"))] == [4, 3]
        totals = {t.name: t for t in history.totals(Query(), 20)}
        assert totals["Cy"].games == 4 and totals["Ada"].games == 2
        expected_wins = sum(1 for seed in (1, 2, 3, 4) if 2 in a_record(seed).winners)
        assert totals["Cy"].wins == expected_wins
        assert totals["Cy"].mean_penalty == pytest.approx(sum(a_record(s).scores[2] for s in (1, 2, 3, 4)) / 4)
        ranked = history.totals(Query(), 20)
        assert [t.wins for t in ranked] == sorted((t.wins for t in ranked), reverse=True)
        assert {t.name for t in history.totals(Query("", period_start("today")))} == {"Zed", "Ben", "Cy", "Dee"}


def test_the_computer_players_of_different_games_are_one_line_per_level_not_one_player(tmp_path: Path) -> None:
    """Issue 25, item 9: "AI 1" of one game is not "AI 1" of another."""
    with History(tmp_path / "h.sqlite3") as history:
        history.add(a_record(1, ("Ada", "AI 1", "AI 2", "AI 3")))
        history.add(a_record(2, ("Ben", "AI 1", "AI 2", "AI 3")))
        totals = {t.name: t for t in history.totals(Query(), 20)}
        assert set(totals) == {"Ada", "Ben", "AI (random)"}
        assert totals["AI (random)"].games == 6


def test_a_file_that_is_not_a_history_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(HistoryError, match="h.sqlite3: cannot open the history"):
        History(path).count()
    with pytest.raises(HistoryError, match="not a regular file"):
        History(tmp_path)


# ------------------------------------------------------------------ import and export
def test_the_old_records_file_is_imported_once_with_a_note_per_bad_line(data_dir: Path) -> None:
    data_dir.mkdir()
    legacy = data_dir / "games.jsonl"
    hostile = [b"[" * 100_000 + b"]" * 100_000, b'{"seed": ' + b"9" * 5000 + b"}", b"\xff\xfe",
               json.dumps({**json.loads(a_record(5).to_json()),
                           "players": [{"name": "N\x00L", "kind": "random"}] * 4}).encode(),
               b"x" * (2 << 20)]
    legacy.write_bytes(b"\xef\xbb\xbf" + b"\n".join([a_record(1).to_json().encode(), *hostile,
                                                    a_record(2).to_json().encode()]) + b"\n" + b'{"torn')
    before = legacy.read_bytes()
    notes: list[str] = []
    with open_history(notes=notes) as history:
        assert history.count() == 2
        assert len(notes) == 6 and all(str(legacy) in note for note in notes)
        assert [note.split(": ")[1] for note in notes] == [f"line {n}" for n in (2, 3, 4, 5, 6, 8)]
    with open_history(notes=notes) as history:
        assert history.count() == 2 and len(notes) == 6, "imported once"
    assert legacy.read_bytes() == before, "nothing deleted or changed"
    app = open_app(PlayOptions())
    board = ScoreboardScene(app.ctx)
    app.manager.push(board)
    frames(app)
    assert board.total == 2 and board.note_count == 6


@pytest.mark.slow
def test_export_and_import_round_trip_byte_for_byte(data_dir: Path, tmp_path: Path) -> None:
    lines = [a_record(seed, days_ago=seed).to_json() for seed in (3, 1, 2)]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    result = run_main("history", "import", str(source), data=data_dir)
    assert result.returncode == 0 and result.stdout.strip() == f"imported 3 games from {source}"
    again = run_main("history", "import", str(source), data=data_dir)
    assert again.returncode == 0 and "imported 0 games" in again.stdout and "3 already" in again.stdout
    out = tmp_path / "out.jsonl"
    result = run_main("history", "export", str(out), data=data_dir)
    assert result.returncode == 0 and result.stdout.strip() == f"exported 3 games to {out}"
    assert out.read_text() == source.read_text()
    replay = run_main("replay", str(out), "--game", "2", "--step-delay", "0", "--exit-at-end", data=data_dir)
    assert replay.returncode == 0, replay.stderr


@pytest.mark.parametrize("args, message", [
    (["history", "import", "/dev/zero"], "not a regular file"),
    (["history", "import", "missing.jsonl"], "cannot read"),
    (["history", "export", "/no/such/folder/x.jsonl"], "no folder /no/such/folder"),
    (["history"], "required"),
    (["replay", "--history", "--game", "9"], "no game 9 in the history"),
    (["replay"], "give a records FILE, or --history"),
])
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_history_command_errors_are_one_line(data_dir: Path, args: list[str], message: str) -> None:
    result = run_main(*args, data=data_dir)
    assert result.returncode in (1, 2) and result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


@pytest.mark.slow
def test_replay_from_the_history(data_dir: Path) -> None:
    with open_history() as history:
        history.add(a_record(11))
        history.add(a_record(12))
    result = run_main("replay", "--history", "--game", "1", "--step-delay", "0", "--exit-at-end", data=data_dir)
    assert result.returncode == 0, result.stderr
    result = run_main("replay", "--history", "--step-delay", "0", "--exit-at-end", data=data_dir)
    assert result.returncode == 0, result.stderr


# ------------------------------------------------------------------ the scoreboard
def test_scoreboard_filters_pages_and_opens_a_replay(data_dir: Path) -> None:
    with open_history() as history:
        for seed in range(1, 21):
            names = ("Ada", "Ben", "Cy", "Dee") if seed % 2 else ("Eve", "Ben", "Cy", "Dee")
            history.add(a_record(seed, names, days_ago=seed))
    app = open_app(PlayOptions())
    frames(app)
    key(pygame.K_s)
    frames(app)
    board = app.manager.active
    assert isinstance(board, ScoreboardScene)
    per_page = scoreboard_layout(pygame.display.get_surface().get_size()).per_page
    assert board.total == 20 and [g.number for g in board.games] == list(range(20, 20 - per_page, -1))
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert board.offset == per_page and board.games[0].number == 20 - per_page
    type_text("ev")
    frames(app)
    frames(app, dt=0.5)                                   # typing paused: the filter applies
    assert board.name_filter == "ev" and board.total == 10 and board.offset == 0
    assert all(g.seats[0].name == "Eve" for g in board.games)
    assert [t.name for t in board.leaders][:1] and {t.name for t in board.leaders} <= {"Eve", "Ben", "Cy", "Dee"}
    key(pygame.K_TAB)                                      # last 7 days
    frames(app)
    assert board.period == "week" and board.total == 3    # games 2, 4, 6 days ago
    key(pygame.K_DOWN)
    frames(app)
    assert board.selected == 1
    expected = board.games[1].seed
    key(pygame.K_RETURN)
    frames(app)
    scene = table(app)
    assert scene.replay is not None and scene.info.seed == expected


def test_clicking_a_game_opens_its_replay(data_dir: Path) -> None:
    with open_history() as history:
        for seed in (31, 32, 33):
            history.add(a_record(seed))
    app = open_app(PlayOptions())
    board = ScoreboardScene(app.ctx)
    app.manager.push(board)
    frames(app)
    layout = scoreboard_layout(pygame.display.get_surface().get_size())
    from scenes.kit.layout import scale_for

    click(layout.row_rect(2, scale_for(pygame.display.get_surface().get_size())).center)
    frames(app)
    assert table(app).info.seed == 31


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_scoreboard_at_small_and_large_windows(data_dir: Path, tmp_path: Path) -> None:
    with open_history() as history:
        for seed in range(1, 13):
            history.add(a_record(seed, ("Ada Lovelace", "Ben", "Charlotte Brontë", "Dee"), days_ago=seed / 3))
    for size in [(1280, 720), (1024, 576)]:
        app = open_app(PlayOptions(), size=size)
        board = ScoreboardScene(app.ctx)
        app.manager.push(board)
        frames(app)
        surface = pygame.display.get_surface()
        assert surface.get_size() == size
        pygame.image.save(surface, str(tmp_path / f"scoreboard-{size[0]}x{size[1]}.png"))
        layout = scoreboard_layout(size)
        assert layout.games.right < layout.totals.left and layout.totals.right <= size[0]
        assert layout.footer.bottom <= size[1] and layout.per_page >= 4
        close_app()


# ------------------------------------------------------------------ killed while saving
def save_until_killed(db: Path, seeds: range, out: int) -> None:
    """In a forked child: save new games one by one, writing each number once it is saved."""
    try:
        with History(db) as history:
            for seed in seeds:
                os.write(out, f"{history.add(a_record(seed, days_ago=seed % 300))}\n".encode())
    finally:
        os._exit(0)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_games_reported_saved_survive_sigkill_at_random_moments(tmp_path: Path) -> None:
    """A process saves games one by one and reports each number once saved; it is killed
    (SIGKILL) at a random moment, 50 times over.  Every game it reported is still there and
    readable, and SQLite's integrity check says ok."""
    db = tmp_path / "h.sqlite3"
    rng = random.Random(5)
    reported: set[int] = set()
    kills = 0
    for attempt in range(50):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            save_until_killed(db, range(1 + 1000 * attempt, 1000 * (attempt + 1)), write_end)  # games never saved before
        os.close(write_end)
        with os.fdopen(read_end) as out:
            first = out.readline()                        # running and saving
            time.sleep(rng.uniform(0, 0.03))
            os.kill(pid, signal.SIGKILL)
            text = first + out.read()
        _, status = os.waitpid(pid, 0)
        kills += os.WIFSIGNALED(status)
        reported |= {int(n) for n in text.split() if n != "None"}
    assert kills >= 45, "the saver was killed while saving, not after it finished"
    with History(db) as history:
        assert history.integrity() == "ok"
        for number in reported:
            assert history_record(history, number).finished is not None
        assert history.count() >= len(reported) > 0


def test_the_scoreboard_never_reads_a_record_to_open_or_page(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening, paging, filtering and totals are queries on columns: no record is decoded
    or re-checked (that cost 38 s with 100,000 games), and only a page is held."""
    import game.record

    with open_history() as history:
        for seed in range(1, 30):
            history.add(a_record(seed))

    def no_decoding(*args: object) -> None:
        raise AssertionError("a record was decoded")

    monkeypatch.setattr(game.record, "_replay_dict", no_decoding)
    app = open_app(PlayOptions())
    board = ScoreboardScene(app.ctx)
    app.manager.push(board)
    frames(app)
    key(pygame.K_END)
    type_text("a")
    frames(app, 2, dt=0.5)
    assert board.total == 29 and len(board.games) <= board.per_page() < 29


def test_a_damaged_history_is_shown_as_one_line_on_the_scoreboard(data_dir: Path) -> None:
    with open_history() as history:
        history.add(a_record(1))
        history._db.execute("UPDATE seats SET score = 'lots' WHERE seat = 2")
    app = open_app(PlayOptions())
    board = ScoreboardScene(app.ctx)
    app.manager.push(board)
    frames(app)
    assert board.error is not None and "the history is damaged" in board.error
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.exit_code is None
