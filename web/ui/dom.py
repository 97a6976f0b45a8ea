"""DOM helpers shared by the views: element lookup, text-only element creation, visibility."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull as JSNULL  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: JS null is None
    JSNULL = None

BRIDGE = js.vinci  # defined by app.js

# create_proxy handles must stay referenced or the handler is garbage-collected.
PROXIES: list[Any] = []


def element(id_: str) -> Any:
    return js.document.getElementById(id_)


def query(selector: str) -> Any:
    return js.document.querySelector(selector)


def make(tag: str, text: str | None = None, **attrs: str) -> Any:
    """A DOM element with text content (never innerHTML) and attributes (``data_x`` -> data-x)."""
    node = js.document.createElement(tag)
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), value)
    return node


def found(node: Any) -> bool:
    """A DOM query's result is an element (JS null is not Python None in Pyodide)."""
    return node is not None and node is not JSNULL


def show(node: Any, on: bool) -> None:
    node.hidden = not on


# What the views last drew, by key: a redraw skips the DOM calls that would change nothing
# (each is a trip through Pyodide's bridge, and a click's redraw is what a player waits for).
_DRAWN: dict[str, Any] = {}


def changed(key: str, value: Any) -> bool:
    """Whether ``value`` differs from what was last drawn under ``key`` (it is then noted as
    drawn: the caller draws it)."""
    if key in _DRAWN and _DRAWN[key] == value:
        return False
    _DRAWN[key] = value
    return True


def forget_drawn() -> None:
    """Another game, or the page redrawn from scratch: draw everything again."""
    _DRAWN.clear()
