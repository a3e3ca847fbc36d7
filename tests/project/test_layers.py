"""``game/`` holds the game: the pure rules core, the computer players, the batched engine; it never
loads the wings (bot processes, the lab, tournaments, the cluster, the class server, the history
database: top-level packages named for their jobs) nor pygame, and the core needs nothing but the
standard library.  No module of ``game/`` or of a wing loads the screens (``scenes/``) or the
command line (``cli/``).  docs/architecture.md draws these layers."""

import subprocess
import sys

import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ["game", "game.rules", "game.engine", "game.timeline", "game.explain", "game.record", "game.kinds",
        "game.play", "game.predict", "game.text", "game.scenarios", "game.errors", "game.i18n",
        "game.table_size", "game.jsonl"]
"""The pure core: ``game/``'s top level."""
PLAYERS = ["game.players", "game.players.agents", "game.players.heuristic", "game.players.options"]
"""The computer players: as pure as the core."""
BATCHED = ["game.batch", "game.batch.games", "game.batch.rollouts", "game.review", "game.players.mc"]
"""The batched engine and what stands on it (the review, the ``mc`` player): numpy, and no adapter."""
ADAPTERS = ["bots", "lab", "tournament", "classroom", "live", "store", "cluster", "distributed",
            "pygame", "psutil", "aiohttp", "choix", "numpy", "scipy", "subprocess", "socket", "sqlite3"]
"""The wings that start processes, open files, sockets or databases - and the packages they use."""


ABOVE_GAME = ("cli", "scenes", "main", "pygame")
"""What sits above ``game/`` and its wings: nothing in them may load it."""


WINGS = ("bots", "lab", "tournament", "cluster", "classroom", "live", "store")
"""The wings: top-level packages beside ``game/`` that start processes, open files, sockets or databases."""
NOT_IN_GAME = ("aiohttp", "distributed", "dask", "psutil", "pygal", "sqlite3", "socket", "subprocess", "multiprocessing",
               "choix", "pygame")
"""What no module of ``game/`` imports (issue 52): web servers, databases, processes, clusters, drawing."""


def modules_of(*tops: str) -> list[str]:
    modules = [".".join(path.relative_to(ROOT).with_suffix("").parts)
               for top in tops for path in (ROOT / top).rglob("*.py")]
    return sorted(name.removesuffix(".__init__") for name in modules)


def every_game_module() -> list[str]:
    """Every module of ``game/`` and of its wings."""
    return modules_of("game", *WINGS)


def imported_names(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports (inside functions and ``TYPE_CHECKING`` too)."""
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_game_imports_no_web_server_database_process_or_cluster_library() -> None:
    found = sorted(f"{path.relative_to(ROOT)}: {name}" for path in sorted((ROOT / "game").rglob("*.py"))
                   for name in imported_names(path) & {*NOT_IN_GAME, *WINGS})
    assert found == []


def test_import_game_works_with_those_packages_absent() -> None:
    """The core and the players import with every one of :data:`NOT_IN_GAME` (and the wings) made missing."""
    blocked = [*NOT_IN_GAME, *WINGS]
    script = ("import sys\n"
              f"for name in {blocked!r}:\n"
              "    sys.modules[name] = None  # an import of it raises ImportError\n"
              + "".join(f"import {name}\n" for name in CORE + PLAYERS) + "print('ok')")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "ok", result.stderr


def loaded_after_importing(modules: list[str]) -> set[str]:
    script = ("import sys\n" + "".join(f"import {name}\n" for name in modules)
              + "print('\\n'.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    return set(result.stdout.split())


def loaded_where_installed(modules: list[str]) -> set[str]:
    """Every module loaded once ``modules`` are imported, leaving out those a missing feature
    package (aiohttp, choix, psutil) keeps out; one of the project's own missing fails."""
    script = ("import importlib, sys\n"
              f"for name in {modules!r}:\n"
              "    try:\n"
              "        importlib.import_module(name)\n"
              "    except ModuleNotFoundError as missing:  # a feature package not installed\n"
              "        assert not (missing.name or '').startswith(('game', 'cli', 'scenes')), missing\n"
              "print('\\n'.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    return set(result.stdout.split())


def test_the_pure_core_and_the_players_never_load_an_adapter() -> None:
    loaded = loaded_after_importing(CORE + PLAYERS)
    assert "game.engine" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ADAPTERS or
                  any(name == adapter or name.startswith(adapter + ".") for adapter in ADAPTERS)) == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_batched_engine_and_what_stands_on_it_load_numpy_and_no_adapter() -> None:
    """What numpy itself loads (it starts no process, but imports ``subprocess``) aside."""
    loaded = loaded_after_importing(BATCHED) - loaded_after_importing(["numpy", "numpy.typing"])
    assert "game.engine" in loaded and "game.batch.rollouts" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ADAPTERS or
                  any(name == adapter or name.startswith(adapter + ".") for adapter in ADAPTERS)) == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_check_sees_an_adapter_when_one_is_loaded() -> None:
    assert "bots.process" in loaded_after_importing(["bots.referee"])


@pytest.mark.slow
def test_no_game_module_loads_the_screens_or_the_command_line() -> None:
    modules = every_game_module()
    assert "lab.simulate" in modules and "tournament.runner" in modules
    loaded = loaded_where_installed(modules)
    assert "lab.simulate" in loaded
    assert sorted(name for name in loaded if name.split(".")[0] in ABOVE_GAME) == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_command_line_sits_above_game() -> None:
    assert "cli.commands" in loaded_after_importing(["cli.commands"])


# ------------------------------------------------------------ the import graph
LAYERS = {"game": 0, "bots": 1, "lab": 1, "tournament": 1, "cluster": 1, "classroom": 1, "live": 1, "store": 1, "scenes": 2, "cli": 3}
"""Lower layers never import higher ones: the game, its wings (each a package named for its job), the
screens, the command line."""


def import_graph() -> dict[str, set[str]]:
    """Every import between the project's modules (inside functions and ``TYPE_CHECKING`` too)."""
    import ast

    modules: dict[str, Path] = {}
    for top in LAYERS:
        for path in (ROOT / top).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            modules[name] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                parts = package.split(".")
                base = parts[:len(parts) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                subs = [f"{target}.{alias.name}" for alias in node.names if f"{target}.{alias.name}" in modules]
                found = subs if len(subs) == len(node.names) else [target, *subs]
            elif isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(t for t in found if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round and round (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_no_two_modules_import_each_other() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_no_arrow_runs_back_up() -> None:
    graph = import_graph()
    up = sorted((a, b) for a, targets in graph.items() for b in targets
                if LAYERS[b.split(".")[0]] > LAYERS[a.split(".")[0]])
    assert up == []


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_graph_sees_a_loop_and_an_arrow_up() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]
    assert "live.session" in import_graph()["scenes.table.scene"]


TABLE_MODEL = ["live.seats", "live.session", "live.thinker", "classroom.class_session", "live.resume",
               "live.saving", "scenes.model.view", "scenes.model.options", "scenes.model.replay", "scenes.model.language",
               "classroom.class_settings"]
"""The table's model: what the command line and the screens both stand on, without pygame."""


@pytest.mark.slow  # a subprocess, a server or many games: the fast tier stays under a minute
def test_the_table_model_never_loads_pygame() -> None:
    loaded = loaded_where_installed(TABLE_MODEL)
    assert "live.seats" in loaded and "pygame" not in loaded
