"""The pure rules core never loads the adapters (bot processes, the lab, tournaments, the
class server, the history database) nor pygame: importing it starts nothing and needs
nothing but the standard library.  No module of ``game/`` loads the screens (``scenes/``)
or the command line (``cli/``).  docs/architecture.md draws these layers."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ["game", "game.rules", "game.engine", "game.timeline", "game.explain", "game.record", "game.kinds",
        "game.play", "game.review", "game.predict", "game.text", "game.scenarios", "game.errors", "game.i18n",
        "game.table_size", "game.jsonl"]
"""The pure core: ``game/``'s top level."""
PLAYERS = ["game.players", "game.players.agents", "game.players.heuristic", "game.players.mc",
           "game.players.fastsim", "game.players.options"]
"""The computer players: as pure as the core."""
ADAPTERS = ["game.bots", "game.lab", "game.tournament", "game.classroom", "game.store",
            "pygame", "psutil", "aiohttp", "openskill", "subprocess", "socket", "sqlite3"]
"""The wings that start processes, open files, sockets or databases - and the packages they use."""


ABOVE_GAME = ("cli", "scenes", "main", "pygame")
"""What sits above ``game/``: nothing in ``game/`` may load it."""


def every_game_module() -> list[str]:
    modules = [".".join(path.relative_to(ROOT).with_suffix("").parts) for path in (ROOT / "game").rglob("*.py")]
    return sorted(name.removesuffix(".__init__") for name in modules)


def loaded_after_importing(modules: list[str]) -> set[str]:
    script = ("import sys\n" + "".join(f"import {name}\n" for name in modules)
              + "print('\\n'.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    return set(result.stdout.split())


def test_the_pure_core_and_the_players_never_load_an_adapter() -> None:
    loaded = loaded_after_importing(CORE + PLAYERS)
    assert "game.engine" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ADAPTERS or
                  any(name == adapter or name.startswith(adapter + ".") for adapter in ADAPTERS)) == []


def test_the_check_sees_an_adapter_when_one_is_loaded() -> None:
    assert "game.bots.process" in loaded_after_importing(["game.bots.referee"])


def test_no_game_module_loads_the_screens_or_the_command_line() -> None:
    modules = every_game_module()
    assert "game.lab.simulate" in modules and "game.tournament.runner" in modules
    script = ("import importlib, sys\n"
              f"for name in {modules!r}:\n"
              "    try:\n"
              "        importlib.import_module(name)\n"
              "    except ModuleNotFoundError as missing:  # a feature package (aiohttp, openskill) not installed\n"
              "        assert not (missing.name or '').startswith(('game', 'cli', 'scenes')), missing\n"
              "print('\\n'.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    loaded = set(result.stdout.split())
    assert "game.lab.simulate" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ABOVE_GAME) == []


def test_the_command_line_sits_above_game() -> None:
    assert "cli.commands" in loaded_after_importing(["cli.commands"])
