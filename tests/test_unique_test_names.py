"""One pytest run collects tests/ and e2e/ together (the quick run and CI alike), and pytest
imports each test module by its file name: two test files of one name in different folders
stop the whole run with "import file mismatch" (it happened: tests/ and e2e/ both had a
test_boot_steps.py). Every test file's name is unique across the repository."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_file_name_is_unique() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for folder in ("tests", "e2e"):
        for path in (ROOT / folder).rglob("test_*.py"):
            where[path.name].append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}
