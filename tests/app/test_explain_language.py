"""Captions, the explain panel, the hint preview and predict mode in every language.

Each placement of the worked example (rules 1-4) is told in each language: the words come from
the catalog, every number is still an int part (the screens stamp it with the digit sprites),
no template field is left unfilled, and counted nouns take the right form for 1 and for many.
The explain panel's lines fit its box at 1280x720 and at the smallest window."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import pygame
import pytest

from game import CLASSIC, SNAP, Rule
from game.engine import Placement
from game.explain import caption_parts, explain, explanation_lines, follows, plain, preview_parts
from game.i18n import LANGUAGES, SOURCE_LANGUAGE, Part, _
from game.predict import TAKES, Tally, guess_text, question_of, score
from game.rules import Rules
from game.scenarios import WORKED_EXAMPLE_NAMES, WORKED_EXAMPLE_PLAYS, worked_example_game
from scenes.kit import theme
from scenes.kit.digits import DigitSprites, load_digit_sprites
from scenes.table.explainer import ExplainPanel, explain_panel
from scenes.model.language import use_language
from scenes.table.layout import table_layout
from scenes.table.predict_panel import _shorter_verdicts, answer_buttons, answer_label, verdict_parts
from scenes.table.explain_panel import column_lines, fit_panel
from scenes.kit.widgets import rich_width

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
NAMES = list(WORKED_EXAMPLE_NAMES)
ROW_WORD = {"en": "row", "de": "Reihe", "fr": "rangée", "es": "fila", "tr": "sıra"}
"""The word for a row in each language (as on the rules screen)."""
NOUNS = {
    "en": {"card": ("card", "cards"), "point": ("point", "points")},
    "de": {"card": ("Karte", "Karten"), "point": ("Punkt", "Punkte")},
    "fr": {"card": ("carte", "cartes"), "point": ("point", "points")},
    "es": {"card": ("carta", "cartas"), "point": ("punto", "puntos")},
    "tr": {"card": ("kart", "kart"), "point": ("puan", "puan")},  # Turkish: no plural after a number
}
"""Each language's card and point after 1 and after many."""

Told = tuple[Placement, tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], int | None]
"""A placement, the rows just before it, the turn's cards placed after it, the card it follows."""


@pytest.fixture
def speak() -> Iterator[None]:
    """Each test switches languages at will; English is back afterwards."""
    yield
    use_language(SOURCE_LANGUAGE)


def worked_turn(rules: Rules = SNAP) -> list[Told]:
    """The worked example's turn: 7 (rule 4, not the cheapest row), 23 (rules 1-2), 64, 88 (rule 3)."""
    game = worked_example_game(rules)
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    rows = game.rows
    placements = [(rows, game.choose_row(2, 3))]
    while game.next_placement is not None:
        rows = game.rows
        placements.append((rows, game.place_next()))
    told: list[Told] = []
    for index, (before, placement) in enumerate(placements):
        later = tuple((p.player, p.card) for _, p in placements[index + 1:])
        after = placements[index + 1][0] if index + 1 < len(placements) else game.rows
        told.append((placement, tuple(map(tuple, before)), later, follows(after, placement)))
    return told


def one_card_one_point() -> Told:
    """Rule 4 taking a row of one card worth one point (classic penalties): the singulars."""
    before = ((50, 51), (60,), (13,), (70,))
    return Placement(0, 0, 2, 4, 2, (13,), 1, Rule.LOW_CARD), before, (), None


def ints(parts: Sequence[Part]) -> list[int]:
    return sorted(part for part in parts if isinstance(part, int))


def check_parts(parts: Sequence[Part], english: Sequence[Part], code: str) -> None:
    """Translated words (not English), the same numbers as ints, no field left unfilled."""
    assert all(isinstance(part, (str, int)) and not isinstance(part, bool) for part in parts)
    assert ints(parts) == ints(english), (code, parts, english)
    text = plain(parts)
    assert "{" not in text and "}" not in text, (code, text)
    if code != SOURCE_LANGUAGE:
        assert text != plain(english), (code, text)


def counted(text: str, count: int, noun: str, code: str) -> None:
    """``text`` says ``count`` with the form of ``noun`` it takes in ``code``."""
    singular, plural = NOUNS[code][noun]
    word = singular if count == 1 else plural
    assert re.search(rf"(^|\D){count} {word}(?!\w)", text), (code, count, word, text)


def panel_parts(panel: ExplainPanel) -> list[Part]:
    """Every line of the panel, one after the other (a line break between two)."""
    lines = [panel.title, *[line for column in panel.columns for line in column.lines], *panel.verdict]
    return [part for line in lines for part in (*line, "\n")]


def told_in(code: str, told: Told, rules: Rules = SNAP) -> tuple[list[Part], list[Part], list[str]]:
    """The caption, the explain panel's parts and the explanation's lines of ``told`` in ``code``."""
    placement, before, later, after = told
    use_language(code)
    panel = explain_panel(before, placement, rules, NAMES, later)
    return (caption_parts(placement, NAMES, after), panel_parts(panel),
            explanation_lines(explain(before, placement, rules), NAMES))


def test_the_worked_example_covers_every_rule() -> None:
    assert [told[0].rule for told in worked_turn()] == [Rule.LOW_CARD, Rule.CLOSEST_ROW, Rule.CLOSEST_ROW,
                                                         Rule.SIXTH_CARD]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_captions_and_panels_keep_every_number_in_every_language(code: str, speak: None) -> None:
    for told in [*worked_turn(), one_card_one_point()]:
        rules = CLASSIC if told[0].card == 4 else SNAP
        caption, panel, lines = told_in(code, told, rules)
        english_caption, english_panel, english_lines = told_in(SOURCE_LANGUAGE, told, rules)
        check_parts(caption, english_caption, code)
        check_parts(panel, english_panel, code)
        placement = told[0]
        wanted = [placement.card, placement.row + 1]
        if placement.rule in (Rule.SIXTH_CARD, Rule.LOW_CARD):
            wanted += [len(placement.taken), placement.penalty]
        elif told[3] is not None:
            wanted.append(told[3])
        assert ints(caption) == sorted(wanted), (code, caption)
        assert ROW_WORD[code].lower() in plain(caption).lower(), (code, caption)
        assert len(lines) == len(english_lines)
        for line, english in zip(lines, english_lines):
            assert "{" not in line and "}" not in line
            assert sorted(re.findall(r"\d+", line)) == sorted(re.findall(r"\d+", english)), (code, line, english)
            assert code == SOURCE_LANGUAGE or line != english


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_cards_and_points_are_counted_in_the_right_form(code: str, speak: None) -> None:
    low, *_, sixth = worked_turn()
    caption, panel, _lines = told_in(code, low)
    counted(plain(caption), 3, "card", code)
    counted(plain(caption), 9, "point", code)
    counted(plain(panel), 21, "point", code)  # "Why? Now Bob's 88 will take row 3 (21 points)"
    caption, panel, _lines = told_in(code, sixth)
    counted(plain(caption), 5, "card", code)
    counted(plain(caption), 21, "point", code)
    caption, panel, _lines = told_in(code, one_card_one_point(), CLASSIC)
    counted(plain(caption), 1, "card", code)
    counted(plain(caption), 1, "point", code)
    counted(plain(panel), 1, "point", code)  # the taken row's column
    counted(plain(panel), 4, "point", code)  # the first row's column


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_hint_preview_in_every_language(code: str, speak: None) -> None:
    game = worked_example_game(SNAP)
    game.play_cards(WORKED_EXAMPLE_PLAYS)
    game.choose_row(2, 3)
    rows = game.rows
    full = ((9, 12, 21), (19, 24), (33, 42, 50, 57, 64), (7,))
    cases = [(rows, 23, [1, 23]), (((10,), (20,), (30,), (40,)), 5, [5]), (full, 88, [3, 5, 21, 88])]
    for case_rows, card, numbers in cases:
        use_language(SOURCE_LANGUAGE)
        english = preview_parts(case_rows, SNAP, card)
        use_language(code)
        parts = preview_parts(case_rows, SNAP, card)
        check_parts(parts, english, code)
        assert ints(parts) == sorted(numbers)
    counted(plain(parts), 5, "card", code)
    counted(plain(parts), 21, "point", code)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_predict_mode_in_every_language(code: str, speak: None) -> None:
    turn = worked_turn()
    tally = Tally()
    for told, guess in zip(turn, (TAKES, 1, TAKES, 0)):  # right, wrong row, "takes" for a row, a row for a take
        placement = told[0]
        verdict = score(guess, placement)
        use_language(SOURCE_LANGUAGE)
        english = [question_of(placement).parts(NAMES), verdict.parts(NAMES), verdict_parts(verdict, tuple(NAMES)),
                   *_shorter_verdicts(verdict)]
        use_language(code)
        translated = [question_of(placement).parts(NAMES), verdict.parts(NAMES),
                      verdict_parts(verdict, tuple(NAMES)), *_shorter_verdicts(verdict)]
        for parts, source in zip(translated, english):
            check_parts(parts, source, code)
        assert placement.card in translated[0] and placement.card in translated[1]
        tally.add(verdict)
    assert "{" not in tally.text() and sorted(re.findall(r"\d+", tally.text())) == ["1", "4"]
    assert guess_text(TAKES) != "" and "2" in guess_text(1)
    if code != SOURCE_LANGUAGE:
        assert answer_label(TAKES) != "Takes a row" and ROW_WORD[code].lower() in answer_label(0).lower()


@pytest.fixture(scope="module")
def sprites() -> Iterator[DigitSprites]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    theme.reset_fonts()
    yield load_digit_sprites()
    theme.reset_fonts()
    pygame.font.quit()
    pygame.display.quit()


LONG_NAMES = ["Alice", "Bob", "Maximiliano Fernandez", "Maximiliano Fernandes"]
"""Celia and Bob with names of 21 characters: the verdicts' longest lines."""


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_explain_panel_fits_its_box(code: str, size: tuple[int, int], sprites: DigitSprites, speak: None) -> None:
    """No sentence of the rule or the verdict is cut short (at the table of four with its usual
    names, none is left out either, and each row's column shows wherever it shows in English:
    a crowded table or long names may leave out the "Why?"), and each row's column fits."""
    english = {}
    for placement, before, later, _after in worked_turn():  # where English shows each row's column
        panel = explain_panel(before, placement, SNAP, NAMES, later)
        english[placement.card] = fit_panel(table_layout(size), panel, sprites).columns
    use_language(code)
    for players in (4, 10):
        layout = table_layout(size, players)
        inner_w = layout.explain_area.width - 2 * round(10 * layout.scale)
        for names in (NAMES, LONG_NAMES):
            for placement, before, later, _after in worked_turn():
                panel = explain_panel(before, placement, SNAP, names, later)
                fitted = fit_panel(layout, panel, sprites)
                assert fitted.cut == 0, (code, size, players, panel.text_lines())
                if players == 4 and names is NAMES:
                    assert fitted.dropped == 0, (code, size, panel.text_lines())
                    assert fitted.columns or not english[placement.card], (code, size, panel.text_lines())
                if not fitted.columns:
                    continue
                cell = round(inner_w / len(panel.columns) - 4) - 4
                for column in panel.columns:
                    for line in column_lines(column, cell, sprites):
                        assert rich_width(line, theme.MIN_FONT_SIZE, sprites) <= cell, (code, size, line)


@pytest.mark.parametrize("size", [(1280, 720), theme.SMALLEST_WINDOW])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_question_fits_the_predict_panel(code: str, size: tuple[int, int], sprites: DigitSprites,
                                             speak: None) -> None:
    use_language(code)
    layout = table_layout(size)
    room = layout.explain_area.width - 2 * round(10 * layout.scale)
    least = theme.least_font_size(layout.scale)  # the panel's smallest text at this window
    for placement, *_rest in worked_turn():
        for names in (NAMES, LONG_NAMES):
            parts = question_of(placement).parts(names)
            assert rich_width(parts, least, sprites) <= room, (code, size, plain(parts))
    font = theme.font(least)
    for guess, rect in answer_buttons(layout).items():
        room = rect.width - max(8, rect.height // 4)
        narrow = _("Takes") if guess == TAKES else str(guess + 1)  # what a narrow button shows
        assert font.size(answer_label(guess))[0] <= room or font.size(narrow)[0] <= room, (code, size, guess)
