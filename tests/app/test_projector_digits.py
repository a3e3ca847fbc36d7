"""Numbers stamped in text match it; three-digit card numbers fit their face unsqueezed."""

from __future__ import annotations

import pygame
from tests.support.app_helpers import close_app, open_app

from scenes.kit import theme
from scenes.kit.digits import number_size
from scenes.model.options import PlayOptions
from scenes.kit.widgets import _number_height


def test_numbers_in_text_are_as_tall_and_as_bold_as_the_capitals_around_them() -> None:
    app = open_app(PlayOptions())
    sprites = app.ctx.sprites
    assert sprites.bold is not None, "a bold digit set ships for numbers inside text"
    for size in (27, 36, 48):
        cap = theme.cap_height(size)
        digits = sprites.bold.get(8, _number_height(size, sprites.bold), (255, 255, 255))
        ink = digits.get_bounding_rect()
        assert abs(ink.height - cap) <= 1, (size, ink.height, cap)
        # the stroke: ink pixels per row of the 8's height compared with the H's
        letter = theme.font(size).render("H", True, (255, 255, 255))
        letter_ink = pygame.mask.from_surface(letter.convert_alpha(), 128).count() / cap
        digit_ink = pygame.mask.from_surface(digits, 128).count() / ink.height
        regular = sprites.get(8, _number_height(size, sprites.bold), (255, 255, 255))
        regular_ink = pygame.mask.from_surface(regular, 128).count() / regular.get_bounding_rect().height
        assert digit_ink > regular_ink * 1.2, "the digits in text are bolder than the card digits"
        assert digit_ink >= letter_ink * 0.7, (size, digit_ink, letter_ink)
    close_app()


def test_three_digit_cards_keep_most_of_a_two_digit_cards_number_height() -> None:
    app = open_app(PlayOptions())
    art = app.ctx.art
    sprites = app.ctx.sprites
    for w, h in ((58, 83), (104, 148)):
        inner = w - 2 * max(2, w // 22)
        two = min(round(h * 0.40), int(inner * 0.9 * 100 / number_size(99, 100, sprites=sprites, tight=True)[0]))
        three = min(round(h * 0.40), int(inner * 0.9 * 100 / number_size(104, 100, sprites=sprites, tight=True)[0]))
        assert three >= two * 0.8, (w, h, two, three)
        face = art.face(104, (w, h))
        assert face.get_size() == (w, h)
    close_app()
