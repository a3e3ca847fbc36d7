"""Which language the app speaks: --lang, else the menu's saved choice, else the system's
locale, else English; an unknown code is a usage error listing the available ones."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.i18n import LANGUAGES, UnknownLanguageError, _, locale_language, ngettext, pick_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SIXTAKES_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_the_flag_beats_the_setting_which_beats_the_locale() -> None:
    german = {"LANG": "de_DE.UTF-8"}
    assert pick_language("fr", "tr", german) == "fr"
    assert pick_language(None, "tr", german) == "tr"
    assert pick_language(None, None, german) == "de"
    assert pick_language(None, "xx", german) == "de"  # a setting no longer spoken is passed over
    assert pick_language(None, None, {}) == "en"
    assert pick_language(None, None, {"LANG": "ja_JP.UTF-8"}) == "en"


def test_the_locale_is_read_as_gettext_reads_it() -> None:
    assert locale_language({"LANGUAGE": "tr:de", "LANG": "fr_FR.UTF-8"}) == "tr"
    assert locale_language({"LANGUAGE": "ja:es"}) == "es"
    assert locale_language({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE"}) == "es"
    assert locale_language({"LC_MESSAGES": "fr_CA", "LANG": "de_DE"}) == "fr"
    assert locale_language({"LC_ALL": "C.UTF-8", "LANG": "de_DE"}) == "en"
    assert locale_language({"LC_ALL": "pt_BR", "LANG": "de_DE"}) is None  # LC_ALL decides, as in gettext
    assert locale_language({}) is None


def test_an_unknown_code_names_the_available_ones() -> None:
    with pytest.raises(UnknownLanguageError) as raised:
        pick_language("xx", None, {})
    assert all(code in str(raised.value) for code in LANGUAGES)


def test_the_adapter_installs_the_catalog_and_remembers_the_menus_choice() -> None:
    from scenes.model.language import save_language, saved_language, start_language

    assert saved_language() is None
    assert start_language(None, {"LANG": "fr_FR.UTF-8"}) == "fr"
    assert _("Back") == "Retour"
    save_language("de")
    assert saved_language() == "de"
    assert start_language(None, {"LANG": "fr_FR.UTF-8"}) == "de"
    assert (_("Back"), ngettext("point", "points", 1), ngettext("point", "points", 3)) == ("Zurück", "Punkt", "Punkte")
    assert start_language("tr", {}) == "tr" and i18n.active_language() == "tr"
    assert ngettext("point", "points", 3) == "puan"
    assert start_language("en", {}) == "en" and _("Back") == "Back"


def test_a_damaged_settings_file_is_passed_over(data_dir: Path) -> None:
    from scenes.model.language import save_language, saved_language

    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("{not json", encoding="utf-8")
    assert saved_language() is None
    save_language("es")
    assert saved_language() == "es"


def test_the_flag_works_before_and_after_the_command() -> None:
    from cli.language import flag_value, start

    assert flag_value(["--lang", "de", "play"]) == "de"
    assert flag_value(["play", "--mode", "demo", "--lang=es"]) == "es"
    assert flag_value(["play", "--", "--lang", "de"]) is None
    assert start(["play", "--lang", "tr"]) == "tr"
    assert _("Back") == "Geri"


@pytest.mark.parametrize("argv", [["play", "--lang", "xx"], ["--lang", "xx"], ["simulate", "--lang=klingon"],
                                  ["review", "--lang", "xx", "game.json"]])
@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_an_unknown_code_is_a_usage_error_on_every_command(argv: list[str]) -> None:
    result = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "unknown language" in lines[0], result.stderr
    assert all(code in lines[0] for code in LANGUAGES), lines[0]
    assert "Traceback" not in result.stderr


def test_every_command_offers_the_flag_in_its_help() -> None:
    import argparse

    from cli.commands import build_parser
    from cli.language import add_option

    parser = build_parser()
    add_option(parser)
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    assert {"play", "class", "replay", "example", "history", "simulate", "review", "tournament"} <= set(commands.choices)
    for name, command in commands.choices.items():
        assert "--lang CODE" in command.format_help(), name
    assert "--lang CODE" in parser.format_help()


def test_the_menus_button_switches_the_language_and_remembers_it(drawn: list[str]) -> None:
    import pygame
    from tests.support.app_helpers import click, close_app, frames, key, open_app

    from scenes.model.language import saved_language
    from scenes.menu.language_button import language_button_rect
    from scenes.model.options import PlayOptions

    app = open_app(PlayOptions(), size=(1280, 720))
    frames(app)
    assert "English" in drawn and "Start" in drawn
    menu = app.manager.active
    key(pygame.K_F2)                                   # English -> Deutsch
    frames(app)
    assert i18n.active_language() == "de" and saved_language() == "de"
    assert "Deutsch" in drawn and "Regeln" in drawn
    assert menu.seats.names["solo"][:2] == ["Spieler 1", "KI 1"]  # type: ignore[attr-defined]
    drawn.clear()
    click(language_button_rect(menu._layout()).center)  # type: ignore[attr-defined]  # Deutsch -> Türkçe
    frames(app)
    assert i18n.active_language() == "tr" and saved_language() == "tr"
    assert "Türkçe" in drawn and "Kurallar" in drawn
    close_app()
