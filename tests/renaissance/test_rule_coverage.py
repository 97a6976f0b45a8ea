"""Every leaf rule of RENAISSANCE.md has a test named after it (``test_r8_5_…`` for R-8.5,
``test_r15_e_…`` for R-15.E), or stands in PENDING, the rules later slices build. PENDING
can only shrink: a pending rule that gains a test must leave the list. It is empty now."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
NAME = re.compile(r"(?:^test|_)_?r(\d+)_([0-9]+|[a-z])_")

# Every rule is built: the list stays, empty, so that a rule added to the specification
# must come with its test.
PENDING: set[str] = set()


def leaf_rules() -> list[str]:
    lines = (HERE / "rule_ids.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.startswith("R-")]


def rules_with_tests() -> set[str]:
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for major, minor in NAME.findall(node.name + "_"):
                    found.add(f"R-{major}.{minor.upper()}")
    return found


def test_the_rule_list_is_the_specification_s():
    rules = leaf_rules()
    assert len(rules) == len(set(rules)) == 122
    assert rules[0] == "R-1.1" and "R-15.Z" in rules


def test_every_leaf_rule_has_a_test_or_is_pending():
    missing = [r for r in leaf_rules() if r not in rules_with_tests() and r not in PENDING]
    assert missing == []


def test_the_pending_list_only_shrinks():
    done = sorted(PENDING & rules_with_tests())
    assert done == [], f"tested now, take them off PENDING: {done}"
    assert PENDING <= set(leaf_rules())


def test_tests_name_only_real_rules():
    assert rules_with_tests() <= set(leaf_rules())
