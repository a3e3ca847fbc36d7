"""Issue 27: the class predicts every placement on their phones (seated and watching), the
projector counts the answers and shows them beside the true row, each phone gets its verdict."""

from __future__ import annotations

import pytest

import random
from pathlib import Path

import pygame

from tests.support.app_helpers import key
from tests.support.class_helpers import (CODE, close_app, game_finished, in_game, lobby_of, open_class_app, play_clients,
                           run_until, url_of)
from tests.conftest import needs
from classroom.predictions import ClassPredictions, reason_line
from classroom.simclient import SimClient
from game.engine import Game
from game.predict import GUESSES, TAKES, answer_of, question_of
from scenes.classroom.class_predictions import ClassPredictFrame
from scenes.classroom.table import ClassTableScene

pytestmark = [needs("aiohttp"), needs("pygame")]


def _predicting(app: object) -> tuple[ClassTableScene, object]:
    """The teacher starts; the projector shows the class's first question: the table and its session."""
    lobby_of(app).start()  # type: ignore[arg-type]
    run_until(app, lambda: in_game(app))  # type: ignore[arg-type]
    table = app.manager.active  # type: ignore[attr-defined]
    assert isinstance(table, ClassTableScene) and table.class_session.predictions is not None
    run_until(app, lambda: table.class_predict_frame.question != "")  # type: ignore[arg-type]
    return table, table.class_session


def _join(app: object, phones: list[SimClient]) -> object:
    """Each phone joins in turn (its seat in join order), then they all play beside the app."""
    playing = play_clients(phones)
    run_until(app, lambda: all(phone.token for phone in phones))  # type: ignore[arg-type]
    return playing


@pytest.mark.slow
def test_every_phone_predicts_every_placement_and_the_tally_matches_the_engine(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=11, predict=True, predict_seconds=300, step_delay=0.3)
    try:
        url = url_of(app)
        seated = [SimClient(url, CODE, name, rng=random.Random(i)) for i, name in enumerate(("Ana", "Ben", "Cem",
                                                                                          "Dia"))]
        playing = _join(app, seated)
        watchers = [SimClient(url, CODE, name, rng=random.Random(10 + i), play=False)
                    for i, name in enumerate(("Eli", "Fay"))]
        watching = _join(app, watchers)
        table, session = _predicting(app)  # the projector shows the first question, how many answered
        frame = table.class_predict_frame
        assert frame.asked == 6 and frame.question.startswith("Where will ")
        seen_answers: list[ClassPredictFrame] = []

        def done() -> bool:
            shown = table.class_predict_frame
            if shown.counts and shown not in seen_answers:
                seen_answers.append(shown)
            return game_finished(app)
        run_until(app, done, seconds=240, dt=None)  # (a student taps a few times a second at most)
        playing.join(30)
        watching.join(30)
        placements = [state.placement for state in session.table.states]
        assert len(placements) == 28
        everyone = seated + watchers
        by_question = {question_of(p): p for p in placements}
        for phone in everyone:
            verdicts = {(v["round"], v["turn"], v["card"]): v for v in phone.verdicts}
            asked = {(q[1], q[2], q[3]) for q in phone.guesses}
            assert asked == set(verdicts), phone.name  # a verdict for every guess, no other
            for (_table, round_, turn, card), guess in phone.guesses.items():
                placement = by_question[next(q for q in by_question if (q.round + 1, q.turn + 1, q.card)
                                             == (round_, turn, card))]
                verdict = verdicts[(round_, turn, card)]
                assert verdict["answer"] == answer_of(placement)
                assert verdict["right"] == (guess == answer_of(placement))
                assert verdict["reason"].startswith("Rule ")
        # Every placement was asked of every phone except one asked to take a row meanwhile.
        watcher_guesses = [len(phone.guesses) for phone in watchers]
        assert watcher_guesses == [28, 28]
        assert all(24 <= len(phone.guesses) <= 28 for phone in seated)
        # The standings count what each phone was told.
        standings = {name: (right, asked) for name, right, asked in session.predictions.standings()}
        for phone in everyone:
            right = sum(1 for v in phone.verdicts if v["right"])
            assert standings[phone.name] == (right, len(phone.guesses))
        # The projector's bars were the class's answers to the placement shown.
        assert seen_answers
        for shown in seen_answers:
            assert sum(shown.counts) == shown.answered and shown.answered in (5, 6)
            assert shown.answer in GUESSES and shown.counts[GUESSES.index(shown.answer)] == shown.right
    finally:
        close_app()


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_space_shows_the_placement_without_waiting_and_silent_phones_count_as_asked(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=3, predict=True, predict_seconds=300)
    try:
        url = url_of(app)
        silent = [SimClient(url, CODE, "Ana", play=True, predicts=False)]
        playing = _join(app, silent)
        table, session = _predicting(app)
        for _ in range(5):  # the question stays while the phone does not answer
            app.run_frame(0.5)
        assert not session.table.states
        key(pygame.K_SPACE)
        run_until(app, lambda: len(session.table.states) == 1)
        assert session.predictions is not None and session.predictions.standings() == [("Ana", 0, 1)]
        assert table.auto  # Space went to the class's question, not to Auto
        playing.thread.join(0)
    finally:
        close_app()


def test_the_default_predicts_only_when_some_phones_watch() -> None:
    from classroom.class_settings import ClassSettings, next_predict

    assert ClassSettings().predict_for(0) is None
    assert ClassSettings().predict_for(3) == 10.0
    assert ClassSettings(predict=True).predict_for(0) == 10.0
    assert ClassSettings(predict=False).predict_for(3) is None
    assert [next_predict(None), next_predict(True), next_predict(False)] == [True, False, None]


def test_a_round_waits_for_everyone_asked_or_its_time_and_scores_by_the_engine() -> None:
    game = Game(seed=8)
    game.play_cards([game.hand(player)[-1] for player in range(4)])  # high cards: no row to choose
    rows_before = game.rows
    placement = game.place_next()
    predictions = ClassPredictions(seconds=10)
    question = question_of(placement)
    predictions.ask(question, {"seat:0": "Ana", "watch:x": "Cem"}, now=100.0)
    assert not predictions.opens(question)
    assert predictions.waiting(105.0)
    assert predictions.answer("seat:0", answer_of(placement))
    assert not predictions.answer("seat:0", TAKES)  # one answer each
    assert not predictions.answer("seat:9", 1)  # not asked
    assert not predictions.answer("watch:x", 7)  # not a guess
    assert predictions.waiting(105.0) and not predictions.waiting(110.0)
    assert predictions.settle(placement._replace(card=placement.card + 1), "") is None  # not its question
    settled = predictions.settle(placement, reason_line(rows_before, placement, game.rules, ["A", "B", "C", "D"]))
    assert settled is not None and settled.right_share == (1, 1)
    assert predictions.standings() == [("Ana", 1, 1), ("Cem", 0, 1)]


def test_a_guess_names_its_placement_and_a_late_one_is_never_counted_for_the_next() -> None:
    """Issue 48: seen at load 40, two phones got a verdict for a placement they never predicted:
    their guess for one placement arrived once the next was asked, and counted for it."""
    game = Game(seed=8)
    game.play_cards([game.hand(player)[-1] for player in range(4)])
    first, second = game.place_next(), game.place_next()
    predictions = ClassPredictions(seconds=10)
    predictions.ask(question_of(first), {"seat:0": "Ana"}, now=0.0)
    predictions.settle(first, "")  # shown before Ana's guess arrived
    predictions.ask(question_of(second), {"seat:0": "Ana"}, now=1.0)
    late = (first.round, first.turn, first.card)
    assert predictions.stale(late)
    assert not predictions.answer("seat:0", answer_of(first), late)  # refused, not counted for the second
    assert predictions.open is not None and predictions.open.guesses == {}
    assert predictions.answer("seat:0", answer_of(second), (second.round, second.turn, second.card))
    settled = predictions.settle(second, "")
    assert settled is not None and settled.verdicts["seat:0"].question == question_of(second)


def test_a_phones_guess_names_the_placement_its_state_asked() -> None:
    from classroom.protocol import Predict, PredictQuestion

    asked = PredictQuestion(round=2, turn=3, card=47, name="Ana", text="")
    assert Predict.of(TAKES, asked).placement == (1, 2, 47)  # round and turn as the engine counts them
    assert Predict.of(1, asked) == Predict(2, 3, 47, row=1)


@pytest.mark.slow
def test_at_many_tables_each_student_predicts_their_own_table_and_the_standings_count_it(tmp_path: Path) -> None:
    from test_class_tables import STEP, play_lesson

    from classroom.tables import best_predictors
    from scenes.model.replay import replay_of_record

    shown, clients, records = play_lesson(tmp_path, 8, step_delay=STEP, seed=31, predict=True, predict_seconds=300)
    by_table = {record.table: record for record in records}
    assert sorted(by_table) == [1, 2]
    for client in clients:
        table = client.states[-1]["table"]
        placed = {(state.placement.round + 1, state.placement.turn + 1, state.placement.card):
                  answer_of(state.placement) for state in replay_of_record(by_table[table]).states}
        assert client.guesses and all(key[0] == table for key in client.guesses)
        for verdict in client.verdicts:  # about their own table's placements, scored as the engine placed them
            key = (verdict["round"], verdict["turn"], verdict["card"])
            assert verdict["answer"] == placed[key]
        assert len(client.verdicts) == len(client.guesses) >= 24
    predicted = {standing.name: standing.predicted for standing in shown.standings}
    for client in clients:
        assert predicted[client.name] == (sum(v["right"] for v in client.verdicts), len(client.guesses))
    best = best_predictors(shown.standings)
    assert len(best) == 3 and best[0][1] == max(right for right, _asked in predicted.values() if right is not None)


@pytest.mark.slow  # a server and phones
def test_a_watcher_who_comes_while_a_question_is_open_is_asked_and_waited_for(tmp_path: Path) -> None:
    app = open_class_app(tmp_path / "class.jsonl", seed=3, predict=True, predict_seconds=300)
    try:
        url = url_of(app)
        playing = _join(app, [SimClient(url, CODE, "Ana", play=True, predicts=False)])
        table, session = _predicting(app)
        assert table.class_predict_frame.asked == 1
        watching = _join(app, [SimClient(url, CODE, "Eli", play=False, predicts=False)])  # (the question is open)
        run_until(app, lambda: table.class_predict_frame.asked == 2)
        for _ in range(5):  # neither answers: the placement waits for both
            app.run_frame(0.5)
        assert not session.table.states
        key(pygame.K_SPACE)
        run_until(app, lambda: len(session.table.states) == 1)
        assert session.predictions is not None
        assert sorted(session.predictions.standings()) == [("Ana", 0, 1), ("Eli", 0, 1)]
        playing.thread.join(0)
        watching.thread.join(0)
    finally:
        close_app()
