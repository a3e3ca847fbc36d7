"""One source for every fact: the rules presets are named, titled and offered in ``game/rules.py``
only; the commands' ``--rules`` choices and help, the rules screen and the menu read them."""

from __future__ import annotations

import argparse
import ast

import pytest

from game.rules import PRESETS, Offered, presets_offered
from tests.conftest import PROJECT

PRESET_NAMES = set(PRESETS)


def preset_literals(folder: str) -> list[str]:
    """Every string literal that names a preset in the Python files of ``folder``."""
    found = []
    for path in sorted((PROJECT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PRESET_NAMES:
                found.append(f"{path.relative_to(PROJECT)}:{node.lineno}: {node.value!r}")
    return found


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
@pytest.mark.parametrize("folder", ["cli", "scenes", "bots", "lab", "tournament", "cluster", "store"])
def test_no_preset_is_named_outside_the_rules(folder: str) -> None:
    assert preset_literals(folder) == []


def test_every_preset_carries_its_title_label_summary_and_places() -> None:
    for rules in PRESETS.values():
        assert rules.title and rules.label and rules.summary, rules.name
        assert set(rules.offered) <= set(Offered.EVERYWHERE) and rules.offered, rules.name


def rules_choices(command: str) -> list[str]:
    from cli.commands import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub = commands.choices[command]
    flag = next(a for a in sub._actions if "--rules" in a.option_strings)
    return list(flag.choices or ())


@pytest.mark.parametrize("command, place", [("play", Offered.PLAY), ("class", Offered.CLASS),
                                            ("example", Offered.EXAMPLE), ("simulate", Offered.LAB),
                                            ("tournament", Offered.LAB)])
def test_each_command_offers_the_presets_the_rules_say(command: str, place: str) -> None:
    assert rules_choices(command) == presets_offered(place)


def test_the_menu_cycles_through_the_presets_offered_there() -> None:
    pytest.importorskip("pygame")
    from scenes.menu.scene import toggle_rules

    class Menu:
        rules = presets_offered(Offered.MENU)[0]
        focused_item = "preset"
        focus = 0

        def items(self) -> list[str]:
            return ["preset", "start"]

    menu = Menu()
    seen = []
    for _ in presets_offered(Offered.MENU):
        seen.append(menu.rules)
        toggle_rules(menu, keep_focus=True)  # type: ignore[arg-type]
    assert seen == presets_offered(Offered.MENU) and menu.rules == seen[0]
