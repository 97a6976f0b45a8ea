"""Every leaf rule of RENAISSANCE.md has a test named after it (``test_r8_5_…`` for R-8.5,
``test_r15_e_…`` for R-15.E), or stands in PENDING, the rules later slices build. PENDING
can only shrink: a pending rule that gains a test must leave the list."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
NAME = re.compile(r"(?:^test|_)_?r(\d+)_([0-9]+|[a-z])_")

# Slice 2 built sea reach and conflicts; the Civil War victim's place in phase 5 waits for
# the event (slice 3), like the events and the abilities that act through them.
PENDING_REACH_AND_CONFLICTS = {"R-8.2"}
# Slice 3 built the events without a choice, Alchemy, Rebellion, Pirates and Black Death
# (with R-6.6's marker turned token), Papal Decree, Crusade and the military cards in
# conflicts; Civil War and War still wait.
PENDING_EVENTS = {"R-14.3", "R-14.11"}
# R-6.9 (a card taken back after a mistake) and R-12.1 (table talk) ask nothing yet of an
# engine that refuses illegal moves and moves nothing by agreement; they wait for the page
# (undo, notes).
PENDING_OTHER = {"R-6.9", "R-12.1"}
PENDING = PENDING_REACH_AND_CONFLICTS | PENDING_EVENTS | PENDING_OTHER


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
