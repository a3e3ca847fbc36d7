"""The table in another language: its labels, its seats and its captions are German when the
app speaks German, and its numbers are still stamped with the digit sprites."""

from __future__ import annotations

import pygame
from tests.support.app_helpers import close_app, frames, key, look, open_app, table

from scenes.model.language import use_language
from scenes.model.options import PlayOptions
from live.session import Stage
from scenes.table.cursor import AutoClock
from scenes.window import window_title

SOLO_ROW_CHOICE_SEED = 2
"""A solo game whose human's lowest card is lower than every row in the first turn."""


def test_the_table_speaks_german(drawn: list[str]) -> None:
    use_language("de")
    app = open_app(PlayOptions(mode="solo", seed=SOLO_ROW_CHOICE_SEED, step_delay=0))
    scene = table(app)
    frames(app)
    assert "Reihe 1" in drawn and "Reihe 4" in drawn
    assert "Zug " in drawn and " von " in drawn, "Turn 1 of 7, with stamped numbers"
    assert drawn.count("Punkte") == 4 and "Du bist dran: Wähle eine Karte" in drawn
    assert any(label.startswith("Karte anklicken") for label in drawn), "the keys' line"
    session = scene.session
    assert session is not None
    look(app)
    key(pygame.K_HOME)
    key(pygame.K_RETURN)
    frames(app)
    for _ in range(8):
        if session.stage is Stage.ROW_CHOICE:
            break
        key(pygame.K_SPACE)
        frames(app)
    drawn.clear()
    frames(app)
    assert "Deine " in drawn and " ist kleiner als jede Reihe: Nimm eine Reihe" in "".join(drawn)
    assert scene.view().caption[1] == session.game.next_placement[1], "the card is a number, stamped"
    close_app()


def test_the_hot_seat_curtain_speaks_french(drawn: list[str]) -> None:
    use_language("fr")
    app = open_app(PlayOptions(mode="hotseat", seed=3, step_delay=0))
    frames(app)
    assert "Passez à Joueur 1" in drawn
    assert "Joueur 1 : tapez Entrée quand vous êtes prêt (ou cliquez)" in drawn
    close_app()


def test_the_window_title_speaks_spanish() -> None:
    use_language("es")
    assert window_title() == "¡Toma 6! - simulador para el aula"
    assert window_title(replay=True).endswith(" - repetición")


def test_the_auto_speed_has_the_languages_decimal_mark() -> None:
    assert AutoClock(delay=0.5).label == "0.5 s"
    use_language("de")
    assert (AutoClock(delay=0.5).label, AutoClock(delay=2.0).label) == ("0,5 s", "2 s")
