"""Issue 27: the teacher's lesson report (pure: figures in, HTML and CSV out)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from classroom.report import LessonReport
from game.engine import Game, Phase
from game.review import review_game
from game.rules import SNAP


def played_game(seed: int) -> Game:
    game = Game(SNAP, 4, seed)
    while not game.is_over:
        game.play_cards([hand[0] for hand in game.hands])
        while game.phase in (Phase.PLACE_CARD, Phase.CHOOSE_ROW):
            if game.phase is Phase.CHOOSE_ROW:
                game.choose_row(game.awaiting_row_choice, 1)
            else:
                game.place_next()
    return game


def rows_of(report: LessonReport) -> list[list[str]]:
    return list(csv.reader(io.StringIO(report.csv_path.read_text(encoding="utf-8"))))


def test_games_add_up_ranks_go_by_points_per_game_and_reviews_add_their_loss(tmp_path: Path) -> None:
    report = LessonReport(tmp_path, "K7QP", started=0)
    report.add_game(["Ana", "Ben", "AI 1", "AI 2"], [True, True, False, False], [10, 4, 7, 4],
                    [(3, 7), (5, 7), None, None])
    report.add_game(["Ben", "Ana", "AI 1", "AI 2"], [True, True, False, False], [6, 2, 9, 2])
    game = played_game(3)
    decisions = review_game(SNAP, 4, 3, game.rounds, [0], rollouts=30)
    report.add_review("Ana", decisions)
    assert report.write()
    header, *rows = rows_of(report)
    assert header[:3] == ["Rank", "Name", "Games"]
    assert [row[:6] for row in rows] == [["1", "Ben", "2", "10", "5.0", "1, 3"], ["2", "Ana", "2", "12", "6.0", "4, 1"]]
    by_name = {row[1]: row for row in rows}
    assert by_name["Ana"][6] == "3 of 7" and by_name["Ben"][6] == "5 of 7"
    assert float(by_name["Ana"][7]) == round(sum(d.loss for d in decisions) / len(decisions), 2)
    assert by_name["Ben"][7] == "" and by_name["Ben"][8] == ""
    assert report.html_path.name == report.csv_path.stem + ".html"


def test_hostile_names_stay_text_in_both_files(tmp_path: Path) -> None:
    report = LessonReport(tmp_path, "K7QP", started=0)
    report.add_game(["=HYPERLINK(\"x\")", "<script>alert(1)</script>", "AI 1", "AI 2"], [True, True, False, False],
                    [3, 5, 7, 9])
    assert report.write()
    names = {row[1] for row in rows_of(report)[1:]}
    assert names == {"'=HYPERLINK(\"x\")", "<script>alert(1)</script>"}
    page = report.html_path.read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_folder_that_cannot_be_written_is_said_and_nothing_half_written_is_left(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file where the folder should be")
    report = LessonReport(blocker / "lessons", "K7QP", started=0)
    report.add_game(["Ana", "AI 1", "AI 2", "AI 3"], [True, False, False, False], [3, 5, 7, 9])
    assert not report.write()
    assert report.problem.startswith("the lesson report could not be written to ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
