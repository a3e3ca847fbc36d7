"""Issue 44: puzzles from the class's own games - when a class game's reviews are in, the decisions
with one clear answer get their second review in the puzzle finder's worker process and the
confirmed ones are kept as the class's puzzles: the same puzzles the one call a finished game can
make (``puzzles_from_reviews``) gives, their source naming the lesson, the game and the seat, never
a name; ``puzzles list --class`` lists them."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from tests.support.class_helpers import close_app, game_finished, lobby_of, open_class_app, play_clients, run_until, url_of

from classroom.lesson_puzzles import PuzzleFinder, clear_decisions, find_puzzles
from classroom.simclient import SimClient, phone_address
from game.engine import Game, Phase
from game.puzzles import LESSON
from game.review import review_game
from game.rules import SNAP
from store.history import open_history
from store.lessons import lesson_reviews
from store.puzzles import stored_puzzles

PROJECT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_class_games_clear_decisions_become_the_classs_puzzles(tmp_path: Path) -> None:
    app = open_class_app(None, class_name="7b", reviews=True, seed=3,  # type: ignore[arg-type]
                         report_dir=tmp_path / "reports")
    try:
        url = url_of(app)
        phones = [SimClient(url, "TEST", name, rng=random.Random(index), address=phone_address(index))
                  for index, name in enumerate(("Ana", "Ben"))]
        playing = play_clients(phones)
        run_until(app, lambda: all(phone.token for phone in phones))
        lobby_of(app).start()
        run_until(app, lambda: game_finished(app), seconds=120)
        lesson = app.screens.lesson
        assert lesson is not None
        [session] = lesson.sessions()
        after = session.after_game
        run_until(app, lambda: after.reviews and all(r.ready for r in after.reviews) and not after.finding,
                  seconds=600, dt=None)
        book = after.learning.lesson
        assert book is not None and book.number is not None
        game = session.table.game
        app.screens.end_lesson()
        playing.join(30)
    finally:
        close_app()
    with open_history(import_legacy=False) as history:
        reviews = lesson_reviews(history, book.number)
        kept = stored_puzzles(history, "7b")
    expected = [puzzle for (position, seat), decisions in sorted(reviews.items())
                for puzzle in find_puzzles(SNAP, 4, game.seed, game.rounds, clear_decisions(decisions), book.key,
                                           position + 1)]
    assert expected, "the students' random cards leave clear answers to find"
    assert {p.digest() for p in expected} == {stored.puzzle.digest() for stored in kept}
    assert {(s.puzzle.source.origin, s.puzzle.source.lesson, s.puzzle.source.game) for s in kept} == \
        {(LESSON, str(book.number), 1)}
    assert {s.puzzle.source.seat for s in kept} <= {phone.seat for phone in phones}
    listed = subprocess.run([sys.executable, "main.py", "puzzles", "list", "--class", "7b", "--json"], cwd=PROJECT,
                            env=os.environ, capture_output=True, text=True, timeout=120, check=True).stdout
    assert len(json.loads(listed)) == len(kept)
    assert "Ana" not in listed and "Ben" not in listed  # never who


def played(seed: int) -> Game:
    game = Game(SNAP, 4, seed)
    while not game.is_over:
        game.play_cards([hand[-1] for hand in game.hands])  # the highest card first: costly
        while game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 0)
            else:
                game.place_next()
    return game


@pytest.mark.slow
def test_the_finders_worker_finds_what_the_one_call_finds_and_ends_when_closed() -> None:
    game = played(5)
    decisions = review_game(SNAP, 4, 5, game.rounds, [0, 1], rollouts=200)
    clear = clear_decisions(decisions)
    assert clear and len(clear) < len(decisions)  # some decisions are clear, not all
    finder = PuzzleFinder(niceness=0)
    try:
        found = finder.find(SNAP, 4, 5, game.rounds, clear, "12", 3).result(timeout=300)
    finally:
        finder.close()
    assert found == find_puzzles(SNAP, 4, 5, game.rounds, clear, "12", 3)
    assert all((p.source.lesson, p.source.game) == ("12", 3) for p in found)
    assert finder._pool is None  # closed: its worker ended
