"""Issue 53: a warm-up's answer sent when no puzzle is open - in the lobby after the warm-up, or
during the game - is answered with an ``error`` (as docs/class-protocol.md promises) and changes
nothing.  On the lobby and the session themselves, with a stand-in server that keeps what it was
handed (no socket: the fast tier)."""

from __future__ import annotations

from classroom.bridge import WATCHER, PuzzleAnswered
from classroom.protocol import AnswerPuzzle
from classroom.room import Room
from classroom.class_settings import ClassSettings
from classroom.lesson import Lesson
from tests.classgame.test_class_protocol_slips import CODE, KeptServer, session_of

NOTHING_ASKED = "nothing is asked of you now"


def test_an_answer_in_the_lobby_gets_the_documented_error() -> None:
    room = Room(4, CODE)
    room.join(CODE, "Ana")
    server = KeptServer(room)
    lesson = Lesson(server, ClassSettings(reviews=False), ())  # type: ignore[arg-type]
    server.inbox.put(PuzzleAnswered(0, "Ana", "secret", AnswerPuzzle(card=31)))
    server.inbox.put(PuzzleAnswered(WATCHER, "Wes", "key", AnswerPuzzle(row=2)))
    lesson.pump(0.0)
    assert server.errors_to(seat=0) == [NOTHING_ASKED]
    assert server.errors_to(watcher="key") == [NOTHING_ASKED]


def test_an_answer_during_the_game_is_refused_and_never_played_as_a_card() -> None:
    session, server = session_of(("Ana",))
    question = session.questions[0]
    card = min(question.view.hand)
    server.inbox.put(PuzzleAnswered(0, "Ana", "secret", AnswerPuzzle(card=card)))  # a card of her hand, sent as a puzzle's answer
    session.pump()
    assert server.errors_to(seat=0) == [NOTHING_ASKED]
    assert session.questions.get(0) is question and 0 not in session.chosen  # still asked: nothing played
