"""The examples in renaissance_core's docstrings hold."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "renaissance_core"
MODULES = sorted(
    ".".join(("renaissance_core", *p.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(
        ".__init__")
    for p in PACKAGE.rglob("*.py") if p.name != "__main__.py")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_some_modules_have_examples():
    counted = sum(doctest.testmod(importlib.import_module(n), optionflags=doctest.ELLIPSIS)
                  .attempted for n in MODULES)
    assert counted >= 15
