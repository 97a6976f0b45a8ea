"""The page's start is cut into steps, a browser task each (issue 29; web/main.py, web/boot.py):
here the parts CPython can check. e2e/test_page_boot_steps.py checks in Chromium's trace that each
step runs in a task of its own.

pydantic and the engine are imported in groups (web/main.py, EDGE_IMPORTS), one per step: a
group that imports nothing new would be a step for nothing, and one that named a module gone
from pydantic would stop the start. The page's main.py imports the browser's modules, so it
is read here, not imported."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

MAIN = Path(__file__).resolve().parent.parent / "web" / "main.py"
STEPS = ("boot", "import_edges", "edges_loaded")  # run by boot.py's run_steps


def _main() -> ast.Module:
    return ast.parse(MAIN.read_text(encoding="utf-8"))


def _edge_imports() -> list[list[str]]:
    for node in _main().body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
                "EDGE_IMPORTS"]:
            return [list(group) for group in ast.literal_eval(node.value)]
    raise AssertionError("web/main.py has no EDGE_IMPORTS")


def _imported_by_each(groups: list[list[str]]) -> list[list[str]]:
    """In a fresh CPython, after the first render's modules: the modules each group adds."""
    code = f"""
import importlib, json, sys
import vinci_core, vinci_core.table.newgame, vinci_core.table.store, vinci_core.text.i18n
import vinci_core.words.guide_labels, vinci_core.words.reference_labels
added = []
for group in {groups!r}:
    before = set(sys.modules)
    for name in group:
        importlib.import_module(name)
    added.append(sorted(set(sys.modules) - before))
print(json.dumps(added))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def test_each_group_of_the_edges_imports_something_of_its_own():
    groups = _edge_imports()
    added = _imported_by_each(groups)
    assert len(groups) > 10  # pydantic and the engine are not one step
    for group, new in zip(groups, added, strict=True):
        assert set(group) <= set(new), group  # imported here, not by a group before


def test_the_groups_bring_what_a_game_on_the_page_needs():
    groups = _edge_imports()
    loaded = {name for new in _imported_by_each(groups) for name in new}
    for needed in ("pydantic", "pydantic.main", "vinci_core.turn.schemas",
                   "vinci_core.turn.state", "vinci_core.table.session", "vinci_core.table.svg",
                   "vinci_core.table.presenter", "vinci_core.rulesets"):
        assert needed in loaded, needed


def test_the_start_is_run_step_by_step():
    # Each of main.py's steps is a generator: boot.py runs it a `yield` at a time, a task each.
    functions = {node.name: node for node in ast.walk(_main())
                 if isinstance(node, ast.FunctionDef)}
    for name in (*STEPS, "start", "edges_ready"):
        assert any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(functions[name])
                   ), name
    boot_py = (MAIN.parent / "boot.py").read_text(encoding="utf-8")
    for name in STEPS:
        assert f"run_steps(main.{name}(" in boot_py, name
