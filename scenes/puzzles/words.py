"""The practice screen's sentences, as parts for :func:`scenes.kit.widgets.draw_rich` (numbers stay
numbers, stamped with the digit sprites): the question, the verdict, each player's count, the
facts of the position.  Built from the puzzle and the model only; drawing is :mod:`.view`."""

from __future__ import annotations

from game.i18n import Part, _, ngettext, rich
from game.puzzles import ROW, Puzzle
from game.puzzles.words import points as game_points, question_words, verdict_words

from .practice import Player, Practice


def points(value: float) -> list[Part]:
    """Expected points as the screen writes them: one decimal, its digits stamped ("2.4")."""
    return game_points(value)


def question(practice: Practice) -> list[Part]:
    """What the player is asked (with their name at a hot-seat table)."""
    return named(practice, question_words(practice.puzzle))


def named(practice: Practice, line: list[Part]) -> list[Part]:
    """``line`` for the player answering now: at a hot-seat table, after their name."""
    if not practice.taking_turns:
        return line
    # NOTE: a hot-seat table: whose turn it is, then the question or the verdict ("Ann: What would you play?").
    return rich(_("{name}: {question}"), name=practice.player.name, question=line)


def verdict_line(practice: Practice) -> list[Part]:
    """The verdict of the answer given (at a hot-seat table, after the player's name)."""
    verdict = practice.verdict
    assert verdict is not None
    return named(practice, verdict_words(practice.puzzle, verdict))


def count_line(player: Player, alone: bool) -> list[Part]:
    """A player's running count: "3 of 4 right" (alone), "Ann: 3 of 4" (taking turns)."""
    if alone:
        # NOTE: the practice screen's count: puzzles answered right, of those asked.
        return rich(_("{right} of {asked} right"), right=player.right, asked=player.asked)
    # NOTE: a hot-seat table's count per player: puzzles answered right, of those asked ("Ann: 3 of 4").
    return rich(_("{name}: {right} of {asked}"), name=player.name, right=player.right, asked=player.asked)


def progress_line(practice: Practice) -> list[Part]:
    """Which puzzle this is: "Puzzle 3 of 12"."""
    return rich(_("Puzzle {number} of {count}"), number=practice.index + 1, count=len(practice.puzzles))


def when_line(puzzle: Puzzle) -> list[Part]:
    """The moment of the game: "Turn 4 of 7", or "Round 2, turn 4 of 10"."""
    view = puzzle.view
    turns = view.rules.turns_per_round
    if view.round > 0:
        return rich(_("Round {round}, turn {turn} of {turns}"), round=view.round + 1, turn=view.turn + 1,
                    turns=turns)
    return rich(_("Turn {turn} of {turns}"), turn=view.turn + 1, turns=turns)


def table_line(puzzle: Puzzle) -> list[Part]:
    """How many play, under which rules: "4 players, snap rules"."""
    view = puzzle.view
    return rich(ngettext("{players} player, {rules} rules", "{players} players, {rules} rules", view.player_count),
                players=view.player_count, rules=view.rules.name)


def scores_line(puzzle: Puzzle) -> list[Part]:
    """The points taken so far: the player's, then the others' in seat order."""
    view = puzzle.view
    others = [score for seat, score in enumerate(view.scores) if seat != view.player]
    listed: list[Part] = []
    for index, score in enumerate(others):
        listed += [", ", score] if index else [score]
    # NOTE: penalty points taken so far in the puzzle's game: the player's, then a list of the others'.
    return rich(_("Points so far: you {mine}, the others {others}"), mine=view.scores[view.player], others=listed)


def how_to_answer(puzzle: Puzzle) -> str:
    """What the player does to answer, in a sentence."""
    if puzzle.kind == ROW:
        return _("Click a row (or press 1-4), then Answer: the fewest points to the end of the round wins.")
    return _("Click a card (or Left/Right), then Answer: the fewest points to the end of the round wins.")


def figures_note(puzzle: Puzzle) -> str:
    """Where the expected points are drawn once the puzzle is answered."""
    if puzzle.kind == ROW:
        return _("Beside each row: its expected points to the end of the round (lower is better).")
    return _("Under each card: its expected points to the end of the round (lower is better).")
