"""The pure rules core never loads the adapters (bot processes, the lab, tournaments, the
class server, the history database) nor pygame: importing it starts nothing and needs
nothing but the standard library.  docs/architecture.md draws these layers."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ["game", "game.rules", "game.engine", "game.timeline", "game.explain", "game.record", "game.kinds",
        "game.agents", "game.heuristic", "game.mc", "game.fastsim", "game.play", "game.review", "game.predict",
        "game.text", "game.scenarios", "game.errors"]
ADAPTERS = ["game.bot", "game.proctree", "game.protocol", "game.lab", "game.tournament", "game.classroom",
            "game.history", "game.simulate", "game.storage", "pygame", "psutil", "aiohttp", "openskill",
            "subprocess", "socket", "sqlite3"]


def loaded_after_importing(modules: list[str]) -> set[str]:
    script = ("import sys\n" + "".join(f"import {name}\n" for name in modules)
              + "print('\\n'.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    return set(result.stdout.split())


def test_the_pure_core_never_loads_an_adapter() -> None:
    loaded = loaded_after_importing(CORE)
    assert "game.engine" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ADAPTERS or
                  any(name == adapter or name.startswith(adapter + ".") for adapter in ADAPTERS)) == []


def test_the_check_sees_an_adapter_when_one_is_loaded() -> None:
    assert "game.bot" in loaded_after_importing(["game.bot"])
