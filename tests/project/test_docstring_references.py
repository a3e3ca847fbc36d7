"""Issue 52: the docstrings' references name what exists.  A reference such as
``:class:`classroom.server.ClassServer``` or ``:meth:`~.session.TableSession.advance``` names a
module and what it holds; when code moves, a reference left behind sends a newcomer to a module that
is not there.  Read statically (nothing is imported): each dotted reference in the app's code must
name a module of the project and, within it, a name the module defines or imports, and within a
class, a member the class defines (in its body or as ``self.name`` in a method)."""

from __future__ import annotations

import pytest

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "bots", "lab", "tournament", "cluster", "classroom", "live", "store", "scenes", "cli")
REFERENCE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`~?(\.*[A-Za-z_][\w.]*)`")


def module_file(dotted: str) -> Path | None:
    """The file of the project's module ``dotted``, if there is one."""
    base = ROOT.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def defined_names(body: list[ast.stmt]) -> set[str]:
    """Names a module or class body binds: functions, classes, assignments, imports."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.If, ast.Try)):
            names |= defined_names(node.body + getattr(node, "orelse", []))
    return names


def class_members(cls: ast.ClassDef) -> set[str]:
    members = defined_names(cls.body)
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            members.add(node.attr)
    if any(isinstance(b, ast.Name) and b.id in {"NamedTuple", "Enum", "IntEnum"} for b in cls.bases):
        members |= {"_replace", "_fields", "_asdict", "value", "name"}
    return members


def resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        path = module_file(".".join(parts[:cut]))
        if path is not None:
            return names_resolve(parsed(path).body, parts[cut:])
    return False


def names_resolve(body: list[ast.stmt], rest: list[str]) -> bool:
    if not rest:
        return True
    if rest[0] not in defined_names(body):
        return False
    if len(rest) == 1:
        return True
    classes = [n for n in body if isinstance(n, ast.ClassDef) and n.name == rest[0]]
    if not classes:
        return True  # an imported or assigned name: what it holds is not read here
    return rest[1] in class_members(classes[0]) or len(rest) > 2


def absolute(reference: str, module: str, is_package: bool) -> str:
    dots = len(reference) - len(reference.lstrip("."))
    package = module.split(".") if is_package else module.split(".")[:-1]
    return ".".join(package[:len(package) - dots + 1] + [reference[dots:]])


def references() -> list[tuple[str, str]]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            is_package = path.name == "__init__.py"
            module = module.removesuffix(".__init__")
            for reference in REFERENCE.findall(path.read_text(encoding="utf-8")):
                if reference.startswith("."):
                    found.append((f"{path.relative_to(ROOT)}", absolute(reference, module, is_package)))
                elif reference.split(".")[0] in PACKAGES and "." in reference:
                    found.append((f"{path.relative_to(ROOT)}", reference))
    return found


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_docstrings_name_modules_and_names_that_exist() -> None:
    missing = sorted({f"{where}: {reference}" for where, reference in references() if not resolves(reference)})
    assert missing == [], "docstrings that name what is not there:\n" + "\n".join(missing)


def test_a_reference_to_a_moved_module_is_caught() -> None:
    assert not resolves("game.agents.RandomAgent")
    assert resolves("game.players.agents.RandomAgent")
    assert not resolves("game.engine.Game.no_such_member")
    assert resolves("game.engine.Game.view")
