"""The bot protocol's text: exact lines for the worked example, and how answers are read."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bots.command import check_command, split_command
from bots.failures import NONSENSE
from bots.referee import BotAgent, BotTable
from game.kinds import parse_bot_kind
from bots.protocol import (
    CHOOSE_CARD,
    CHOOSE_ROW,
    LINES_PER_TURN,
    Answer,
    AnswerError,
    init_line,
    parse_answer,
    turn_lines,
)
from game.scenarios import WORKED_EXAMPLE_PLAYS, worked_example_game
from tests.support.bots import command
from tests.conftest import PROJECT

ROWS_LINES = ["3", "9 12 21", "2", "19 24", "4", "33 42 50 57", "3", "69 72 81"]

CARD_PHASE_FOR_PLAYER_2 = [
    "CHOOSE_CARD_TO_PLAY",
    "21 50 57 81",  # the second setup turn's cards
    *ROWS_LINES,
    "0 0 0 0",
    "8",
    "3 7 8 14 18 26 30 35",
]

ROW_PHASE_FOR_PLAYER_2 = [
    "CHOOSE_LINE_TO_PICK",
    "23 88 7 64",  # this turn's cards, revealed
    *ROWS_LINES,
    "0 0 0 0",
    "7",
    "3 8 14 18 26 30 35",
]


def revealed_example():
    """The worked example with 23, 88, 7, 64 revealed: player 2's 7 fits no row."""
    game = worked_example_game()
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    assert game.awaiting_row_choice == 2
    return game


# ---------------------------------------------------------------- encoding
def test_init_line() -> None:
    assert init_line(4, 2) == "4 2"


def test_card_phase_lines_for_the_worked_example() -> None:
    assert turn_lines(worked_example_game().view(2)) == CARD_PHASE_FOR_PLAYER_2


def test_row_phase_lines_show_this_turns_cards() -> None:
    assert turn_lines(revealed_example().view(2)) == ROW_PHASE_FOR_PLAYER_2


def test_phase_last_moves_only_the_phase_line() -> None:
    lines = turn_lines(revealed_example().view(2), phase_last=True)
    assert lines == ROW_PHASE_FOR_PLAYER_2[1:] + ["CHOOSE_LINE_TO_PICK"]


def test_first_turn_shows_no_last_cards() -> None:
    from game import Game

    lines = turn_lines(Game(seed=5).view(1))
    assert lines[0] == CHOOSE_CARD
    assert lines[1] == "-1 -1 -1 -1"
    assert len(lines) == LINES_PER_TURN


def test_disqualified_seats_show_minus_one_and_minus_999() -> None:
    game = worked_example_game()
    game.scores[3] = 12
    game._scores_snapshot = None  # the test edits the engine's scores directly
    lines = turn_lines(game.view(2), frozenset({0, 3}))
    assert lines[1] == "-1 50 57 -1"
    assert lines[10] == "-999 0 0 -999"


def test_an_empty_hand_is_still_two_lines() -> None:
    view = revealed_example().view(2)._replace(hand=())
    lines = turn_lines(view)
    assert len(lines) == LINES_PER_TURN
    assert lines[-2:] == ["0", ""]
    lines = turn_lines(view, phase_last=True)
    assert len(lines) == LINES_PER_TURN
    assert lines[-3:] == ["0", "", CHOOSE_ROW]


# ---------------------------------------------------------------- decoding
HAND = (3, 7, 8, 14)


@pytest.mark.parametrize("line, expected", [
    ("PLAY 7", Answer("PLAY", 7, "")),
    ("PLAY 42 hello", None),
    ("PLAY 7 hello there  ", Answer("PLAY", 7, "hello there")),
    ("  PLAY   3\t watch this", Answer("PLAY", 3, "watch this")),
])
def test_play_answers(line: str, expected: Answer | None) -> None:
    if expected is None:
        with pytest.raises(AnswerError) as caught:
            parse_answer(line, CHOOSE_CARD, HAND)
        assert caught.value.illegal
    else:
        assert parse_answer(line, CHOOSE_CARD, HAND) == expected


def test_pick_answers() -> None:
    assert parse_answer("PICK 3 cheapest", CHOOSE_ROW, ()) == Answer("PICK", 3, "cheapest")
    assert parse_answer("PICK 0", CHOOSE_ROW, ()) == Answer("PICK", 0, "")
    for bad_row in ("PICK 4", "PICK -1"):
        with pytest.raises(AnswerError) as caught:
            parse_answer(bad_row, CHOOSE_ROW, ())
        assert caught.value.illegal


@pytest.mark.parametrize("line, phase", [
    ("", CHOOSE_CARD),
    ("HELLO WORLD", CHOOSE_CARD),
    ("play 7", CHOOSE_CARD),
    ("PLAY", CHOOSE_CARD),
    ("PLAY seven", CHOOSE_CARD),
    ("PLAY 7.0", CHOOSE_CARD),
    ("PLAY 7x", CHOOSE_CARD),
    ("PICK 1", CHOOSE_CARD),
    ("PLAY 7", CHOOSE_ROW),
    ("PICK one", CHOOSE_ROW),
])
def test_nonsense_answers(line: str, phase: str) -> None:
    with pytest.raises(AnswerError) as caught:
        parse_answer(line, phase, HAND)
    assert not caught.value.illegal


# ---------------------------------------------------------------- commands
def test_commands_are_split_like_a_shell_without_one() -> None:
    assert split_command("python3 my\\ bot.py --level 'very hard'") == ["python3", "my bot.py", "--level", "very hard"]
    with pytest.raises(ValueError):
        split_command("   ")
    with pytest.raises(ValueError):
        split_command("python3 'unbalanced")


def test_check_command_finds_the_program() -> None:
    assert check_command(command("garbage_bot.py"))[1].endswith("garbage_bot.py")
    with pytest.raises(ValueError, match="not found"):
        check_command("no-such-program-for-six-takes mybot.py")


def test_bot_kinds_on_the_command_line() -> None:
    assert parse_bot_kind("bot:python3 mybot.py") == ("python3 mybot.py", True)
    assert parse_bot_kind("bot-statement:python3 mybot.py") == ("python3 mybot.py", False)
    assert parse_bot_kind("bot-phase-last:./mybot --fast") == ("./mybot --fast", True)
    assert parse_bot_kind("random") is None
    with pytest.raises(ValueError):
        parse_bot_kind("bot:  ")


# ---------------------------------------------------------------- over a pipe
def scripted(tmp_path: Path, *answers: str, seat: int = 2, phase_last: bool = False,
             table: BotTable | None = None) -> tuple[BotAgent, Path]:
    transcript = tmp_path / f"transcript-{seat}.txt"
    args = [str(transcript), *(["--phase-last"] if phase_last else []), *answers]
    bot = BotAgent(command("scripted_bot.py", *args), seat=seat, player_count=4, rng=random.Random(0),
                   phase_last=phase_last, table=table, first_answer_seconds=10.0, answer_seconds=10.0)
    return bot, transcript


def test_scripted_bot_receives_the_exact_lines_and_its_answers_are_used(tmp_path: Path) -> None:
    bot, transcript = scripted(tmp_path, "PLAY 7 hello there", "PICK 3 taking the 81s")
    with bot:
        game = worked_example_game()
        assert bot.choose_card(game.view(2)) == 7
        assert bot.last_message == "hello there"
        game.play_cards(WORKED_EXAMPLE_PLAYS)
        assert bot.choose_row(game.view(2)) == 3
        assert bot.last_message == "taking the 81s"
        placement = game.choose_row(2, 3)
        assert placement.taken == (69, 72, 81)
        assert bot.disqualification is None
        assert bot.answers == 2
    lines = transcript.read_text().splitlines()
    assert lines == ["4 2", *CARD_PHASE_FOR_PLAYER_2, *ROW_PHASE_FOR_PLAYER_2]


def test_phase_last_bot_receives_the_phase_after_the_hand(tmp_path: Path) -> None:
    bot, transcript = scripted(tmp_path, "PLAY 7", "PICK 3", phase_last=True)
    with bot:
        assert bot.kind == "bot"
        game = worked_example_game()
        assert bot.choose_card(game.view(2)) == 7
        game.play_cards(WORKED_EXAMPLE_PLAYS)
        assert bot.choose_row(game.view(2)) == 3
    lines = transcript.read_text().splitlines()
    assert lines == ["4 2", *CARD_PHASE_FOR_PLAYER_2[1:], CHOOSE_CARD, *ROW_PHASE_FOR_PLAYER_2[1:], CHOOSE_ROW]


def test_the_other_phases_command_is_nonsense(tmp_path: Path) -> None:
    bot, _ = scripted(tmp_path, "PICK 1 oops")
    with bot:
        view = worked_example_game().view(2)
        card = bot.choose_card(view)
    assert card in view.hand  # played at random instead
    assert bot.disqualification is not None
    assert bot.disqualification.reason == NONSENSE
    assert bot.disqualification.sent == "PICK 1 oops"
    assert (bot.disqualification.round, bot.disqualification.turn) == (0, 2)
    assert "PICK when asked to PLAY" in bot.disqualification.describe()
    report = bot.disqualification.to_dict()
    assert report["reason"] == "nonsense" and report["seat"] == 2
    assert json.loads(json.dumps(report)) == report


# ---------------------------------------------------------------- the docs
def documented_exchange() -> list[list[str]]:
    """The questions of docs/bot-protocol.md's worked exchange, one list of lines each."""
    text = (PROJECT / "docs" / "bot-protocol.md").read_text()
    section = text.split("## A worked exchange", 1)[1]
    blocks = section.split("```")[1::2]
    questions = []
    for block in blocks:
        received = [line[2:] for line in block.strip("\n").splitlines() if line.startswith("> ")]
        questions.append([line for line in received if line != "4 2"])
    return questions


def test_the_documented_exchange_is_what_a_bot_receives() -> None:
    card, row, after = documented_exchange()  # in the live arena's order, as bot: sends it
    assert card == CARD_PHASE_FOR_PLAYER_2[1:] + CARD_PHASE_FOR_PLAYER_2[:1]
    assert row == ROW_PHASE_FOR_PLAYER_2[1:] + ROW_PHASE_FOR_PLAYER_2[:1]
    game = revealed_example()
    game.choose_row(2, 3)
    while game.next_placement is not None:
        game.place_next()
    assert after == turn_lines(game.view(2), phase_last=True)


# ---------------------------------------------------------------- any position
def decode(lines: list[str], phase_last: bool) -> tuple[str, list[int], list[list[int]], list[int], list[int]]:
    """Read a question back the way a bot does: phase, last cards, rows, scores, hand."""
    assert len(lines) == LINES_PER_TURN
    phase = lines[-1] if phase_last else lines[0]
    body = lines[:-1] if phase_last else lines[1:]
    numbers = [[int(word) for word in line.split()] for line in body]
    rows = [numbers[2 + 2 * r] for r in range(4)]
    for r in range(4):
        assert numbers[1 + 2 * r] == [len(rows[r])]
    assert numbers[10] == [len(numbers[11])]
    return phase, numbers[0], rows, numbers[9], numbers[11]


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), classic=st.booleans(), phase_last=st.booleans())
def test_every_question_of_a_game_reads_back_as_the_view(seed: int, classic: bool, phase_last: bool) -> None:
    from game import CLASSIC, SNAP, Game, Phase

    rules = CLASSIC if classic else SNAP
    game = Game(rules, 5 if classic else 4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if game.phase is Phase.PLACE_CARD:
            game.place_next()
            continue
        askers = game.waiting_for if game.phase is Phase.CHOOSE_CARDS else (game.awaiting_row_choice,)
        for player in askers:
            assert player is not None
            view = game.view(player)
            phase, last, rows, scores, hand = decode(turn_lines(view, phase_last=phase_last), phase_last)
            assert rows == [list(row) for row in view.rows]
            assert scores == list(view.scores)
            assert hand == list(view.hand)
            assert len(last) == game.player_count
            if phase == CHOOSE_ROW:
                assert last == list(view.revealed) and view.card_to_place in last
            else:
                assert phase == CHOOSE_CARD
                assert last == (list(view.previous_plays[-1]) if view.previous_plays else [-1] * game.player_count)
        if game.phase is Phase.CHOOSE_CARDS:
            game.play_cards([rng.choice(game.hand(p)) for p in range(game.player_count)])
        else:
            player = game.awaiting_row_choice
            assert player is not None
            game.choose_row(player, rng.randrange(4))
