"""The package's folders are layers, and imports run one way: down the layers (LAYERS), and
between modules with no circle, counting every import (at the top, inside a function, or for
type checking only). Deferring pydantic to the edges once
turned 14 modules into one circle (the engine imported the schemas lazily while the schemas
imported the engine); this holds the layers apart: the edges (schemas, mapfile, save) import
the engine, never the reverse.

``boardgame_core``, what every game shares (the State API, saves, links, the saved-games
store, playback, conformance), stands below every game: it imports no game, no browser and
no pydantic, and the games import it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "vinci_core"
NEUTRAL = SRC / "boardgame_core"
GAMES = ("vinci_core", "renaissance_core")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports, wherever the import stands."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            for alias in node.names:  # ``from . import costs``: the module costs
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("vinci_core"):
            found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("vinci_core."))
    return {m for m in found if m in modules and m != name}


def _graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {_module_name(p) for p in paths}
    # The package's face (vinci_core/__init__.py) only hands names out on first use.
    return {_module_name(p): _imports(p, modules) for p in paths
            if _module_name(p) != "vinci_core"}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports, if there is any (depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for other in sorted(graph.get(module, ())):
            if state.get(other) == 1:
                return path[path.index(other):] + [other]
            if other not in state and (found := visit(other)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


# The layers from the bottom up: a module may import its own folder's modules and those of the
# folders below it, never a folder above. The package's root modules (its face, ``cli``,
# ``__main__``) stand above them all. Renaissance's package will follow the same shape.
LAYERS = ("text", "boards", "game", "rulesets", "turn", "players", "words", "table")


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 2 or (
        len(parts) == 2 and parts[1] in LAYERS) else len(LAYERS)


def test_the_import_graph_is_read():
    graph = _graph()
    assert "vinci_core.boards.maps" in graph["vinci_core.turn.state"]
    assert "vinci_core.rulesets" in graph["vinci_core.turn.state"]
    assert "vinci_core.boards.mapfile" in graph["vinci_core.boards.maps"]  # inside register_map
    assert "vinci_core.turn.schemas" in graph["vinci_core.table.save"]  # type checking, _read


def test_every_module_stands_in_a_layer():
    stray = [m for m in _graph() if m.count(".") == 1 and m.split(".")[1] not in LAYERS
             and m.split(".")[1] not in ("cli", "__main__")]
    assert stray == []


def test_imports_run_down_the_layers():
    up = sorted(f"{module} -> {other}" for module, others in _graph().items()
                for other in others if _layer(other) > _layer(module))
    assert up == []


def test_no_circle_of_imports_in_the_engine():
    assert _circle(_graph()) is None


@pytest.mark.parametrize("edge", ["vinci_core.turn.schemas", "vinci_core.boards.mapfile",
                                  "vinci_core.game.action_schema"])
def test_the_engine_below_the_edges_never_imports_them(edge):
    # The modules an edge imports (directly or not) are the engine it validates data for.
    graph = _graph()
    below, todo = set(), [edge]
    while todo:
        for other in graph[todo.pop()]:
            if other not in below:
                below.add(other)
                todo.append(other)
    assert edge not in below


def test_a_circle_is_found_when_there_is_one():
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_an_import_up_the_layers_is_seen():
    assert _layer("vinci_core.text.i18n") < _layer("vinci_core.table.session")
    assert _layer("vinci_core.rulesets") == LAYERS.index("rulesets")
    assert _layer("vinci_core.cli") == len(LAYERS)


# --- boardgame_core: below every game ----------------------------------------------------------

def _top_level_imports(path: Path) -> set[str]:
    """The top-level packages ``path`` imports (absolute imports, anywhere in the file)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
    return found


def test_the_neutral_package_imports_no_game_no_browser_and_no_pydantic():
    modules = sorted(NEUTRAL.rglob("*.py"))
    assert len(modules) >= 7
    wrong = {p.name: sorted(_top_level_imports(p) & {*GAMES, "js", "pyodide", "pydantic"})
             for p in modules}
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_neutral_package_imports_only_itself_and_the_standard_library():
    import sys

    allowed = {*sys.stdlib_module_names, "boardgame_core", "__future__"}
    found = {name for p in NEUTRAL.rglob("*.py") for name in _top_level_imports(p)}
    assert found - allowed == set()


def test_an_import_of_a_game_would_be_seen():
    found = _top_level_imports(Path(__file__).with_name("test_conformance_api.py"))
    assert {"vinci_core", "boardgame_core", "pytest"} <= found


@pytest.mark.parametrize("game", [g for g in GAMES if (SRC / g).is_dir()])
def test_the_games_import_the_neutral_package(game):
    users = [p for p in (SRC / game).rglob("*.py") if "boardgame_core" in _top_level_imports(p)]
    assert users, f"{game} does not use boardgame_core"
    others = {g for g in GAMES if g != game}
    assert [p.name for p in (SRC / game).rglob("*.py") if _top_level_imports(p) & others] == []
