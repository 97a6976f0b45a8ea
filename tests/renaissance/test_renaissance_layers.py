"""renaissance_core's folders are layers, imports running one way (as vinci_core's):
boards < game < turn < players < table, with the package's face and entry points above them all."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "renaissance_core"
LAYERS = ("boards", "game", "turn", "players", "table")


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            found.add(f"{base}.{node.module}" if node.module else base)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("renaissance"):
            found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("renaissance_core"))
    return found


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else len(LAYERS)


def test_every_folder_is_a_layer():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS)


def test_imports_run_down_the_layers():
    up = sorted(f"{_module(p)} -> {m}" for p in PACKAGE.rglob("*.py") for m in _imports(p)
                if _layer(m) > _layer(_module(p)))
    assert up == []


def test_the_engine_imports_nothing_of_the_browser_or_of_vinci():
    for path in PACKAGE.rglob("*.py"):
        tops: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level:
                tops.add((node.module or "").split(".")[0])
            elif isinstance(node, ast.Import):
                tops.update(a.name.split(".")[0] for a in node.names)
        assert not tops & {"js", "pyodide", "vinci_core"}, path


def test_an_import_up_the_layers_would_be_seen():
    assert _layer("renaissance_core.boards.board") < _layer("renaissance_core.players.randomplay")
    assert _layer("renaissance_core.__main__") == len(LAYERS)
