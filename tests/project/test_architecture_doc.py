"""docs/architecture.md stays true: every file and folder it names is in the project."""

from __future__ import annotations

import pytest

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
NAMED = re.compile(r"[\w./<>-]+\.(?:py|md|js|css|html|json|mo|po)\b|[\w./-]+/(?=[\s`|)]|$)")
"""A file name (``session.py``, ``store/history.py``) or a folder (``players/``)."""
NOT_FILES = {"rules.json", "strings.json", "class.json"}
"""Names the doc gives to what the class server answers, not to files."""


def project_paths() -> set[str]:
    found: set[str] = set()
    for path in ROOT.rglob("*"):
        if ".git" in path.parts or ".venv" in path.parts or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(ROOT).as_posix()
        found.add(relative + ("/" if path.is_dir() else ""))
    return found


def named_in_doc() -> set[str]:
    text = DOC.read_text()
    names = {match.group(0).strip(".") for match in NAMED.finditer(text)}
    return {name.replace("<code>", "de") for name in names if name not in NOT_FILES and not name.startswith("http")}


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_every_path_the_map_names_exists() -> None:
    paths = project_paths()
    missing = sorted(name for name in named_in_doc()
                     if not any(path == name or path.endswith("/" + name) for path in paths))
    assert missing == [], f"docs/architecture.md names what is not there: {missing}"


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_check_sees_a_missing_file() -> None:
    assert "game/players/options.py" in named_in_doc()
    assert not any(path.endswith("/no_such_module.py") for path in project_paths())
