"""The README stays a front door and its commands stay true: CI runs exactly the test command it
shows, it fits in 250 lines, and a teacher reads how to run a lesson before any developer matter.
The engine's example, in docs/contributing.md, runs."""

import re

import pytest

from tests.conftest import PROJECT
from tests.support.markdown import headings

README = PROJECT / "README.md"
MOST_LINES = 250
LESSON = "Run a lesson in five minutes"
READING_ORDER = ["Quick start", "Without Python: the one-folder build", LESSON]
DEVELOPER_WORDS = ["selenium", "mypy", "ruff", "hypothesis", "tier", "pyproject", "catalog", "bench/"]
"""What a teacher should not have to read past before knowing how to run a lesson."""


def ci_command() -> str:
    lines = (PROJECT / ".ci" / "run").read_text().splitlines()
    return next(line for line in lines if "pytest" in line and not line.startswith("#"))


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = README.read_text()
    command = ci_command()
    assert command in readme.splitlines()


def test_readme_app_command_installs_and_starts_main() -> None:
    readme = README.read_text().splitlines()
    assert ("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"
            " && .venv/bin/python main.py") in readme


def test_the_readme_is_a_front_door_of_at_most_250_lines() -> None:
    assert len(README.read_text().splitlines()) <= MOST_LINES


def test_the_lesson_and_the_one_folder_build_come_before_developer_matter() -> None:
    """In reading order: the two commands, the one-folder build, then the lesson; no developer word before it."""
    readme = README.read_text()
    order = [name for name in headings(readme) if name in READING_ORDER]
    assert order == READING_ORDER
    before_lesson = readme[:readme.index(f"## {LESSON}")].lower()
    met = [word for word in DEVELOPER_WORDS if word in before_lesson]
    assert met == [], f"a teacher meets {met} before the lesson"


@pytest.mark.parametrize("key", ["C", "T", "P", "L", "Enter", "Space", "Q", "N"])
def test_the_lesson_names_the_keys_a_teacher_needs(key: str) -> None:
    readme = README.read_text()
    lesson = readme[readme.index(f"## {LESSON}"):]
    lesson = lesson[:lesson.index("\n## ")]
    assert re.search(rf"\*\*{re.escape(key)}\*\*", lesson), f"the lesson never names the key {key}"


def test_the_engine_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    page = (PROJECT / "docs" / "contributing.md").read_text()
    blocks = [block.split("```", 1)[0] for block in page.split("```python\n")[1:]]
    assert blocks, "docs/contributing.md shows the engine in use"
    for block in blocks:
        exec(compile(block, "docs/contributing.md", "exec"), {})
    assert "Placement(" in capsys.readouterr().out
