"""The second floor's rules, checked on the code: only the navigator changes the scene stack, no
screen replaces another's ``update``, and a screen's ``draw`` changes none of its fields."""

from __future__ import annotations

import pytest

import ast
from pathlib import Path

from tests.conftest import PROJECT

SCENES = PROJECT / "scenes"
STACK_KEEPERS = {"scenes/base.py", "scenes/navigation.py"}
"""The scene manager itself, and the one place that asks it for changes."""
STACK_CALLS = {"push", "pop", "switch"}
DRAW_CACHES = {("scenes/table/background.py", "self.image"), ("scenes/table/explain_panel.py", "self._image"),
               ("scenes/table/explain_panel.py", "self.beside_rows")}
"""Renderers that keep what they last drew (a still layer, a panel's image and where its table went):
pixels, not state."""


def python_files() -> list[Path]:
    return sorted(SCENES.rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(PROJECT).as_posix()


def stack_calls(path: Path) -> list[str]:
    """Every ``.manager.push/pop/switch`` or ``.stack`` use in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "manager":
            if node.attr in STACK_CALLS or node.attr == "stack":
                found.append(f"{relative(path)}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_only_the_navigator_changes_the_scene_stack() -> None:
    found = [call for path in python_files() if relative(path) not in STACK_KEEPERS for call in stack_calls(path)]
    assert found == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_no_screen_replaces_another_screens_update() -> None:
    replaced = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                replaced += [f"{relative(path)}:{node.lineno}" for target in node.targets
                             if isinstance(target, ast.Attribute) and target.attr == "update"]
    assert replaced == []


def field_writes_in_draw(path: Path) -> list[tuple[str, str]]:
    """``(file, self.field)`` for each field a class's ``draw`` (or ``_draw...``) method assigns."""
    found = []
    for cls in (n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.ClassDef)):
        for method in cls.body:
            if isinstance(method, ast.FunctionDef) and method.name.lstrip("_").startswith("draw"):
                for node in ast.walk(method):
                    targets = node.targets if isinstance(node, ast.Assign) else \
                        [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
                    found += [(relative(path), ast.unparse(target)) for target in targets
                              if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                              and target.value.id == "self"]
    return found


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_draw_changes_no_field_of_its_screen() -> None:
    found = [write for path in python_files() for write in field_writes_in_draw(path) if write not in DRAW_CACHES]
    assert found == []


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    sample = SCENES / "_sample_for_the_test.py"
    sample.write_text("class S:\n    def draw(self, surface):\n        self.seen = 1\n"
                      "    def go(self):\n        self.ctx.manager.push(1)\n")
    try:
        assert field_writes_in_draw(sample) == [("scenes/_sample_for_the_test.py", "self.seen")]
        assert stack_calls(sample) == ["scenes/_sample_for_the_test.py:5: self.ctx.manager.push"]
    finally:
        sample.unlink()
