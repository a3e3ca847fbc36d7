"""The README's commands stay true: CI runs exactly the test command it shows."""

from tests.conftest import PROJECT


def ci_command() -> str:
    lines = (PROJECT / ".ci" / "run").read_text().splitlines()
    return next(line for line in lines if "pytest" in line and not line.startswith("#"))


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = (PROJECT / "README.md").read_text()
    command = ci_command()
    assert command in readme.splitlines()


def test_readme_app_command_installs_and_starts_main() -> None:
    readme = (PROJECT / "README.md").read_text().splitlines()
    assert ("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"
            " && .venv/bin/python main.py") in readme


def test_readme_python_examples_run(capsys) -> None:
    readme = (PROJECT / "README.md").read_text()
    blocks = [block.split("```", 1)[0] for block in readme.split("```python\n")[1:]]
    assert blocks, "the README shows the engine in use"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    assert "Placement(" in capsys.readouterr().out
