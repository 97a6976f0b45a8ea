"""DOM helpers shared by the views: element lookup, text-only element creation, visibility."""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from vinci_core.text.i18n import LANGUAGES, SOURCE_LANGUAGE, translations

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


def append_parts(node: Any, parts: list[tuple[str, str | None]]) -> Any:
    """Text given as parts (vinci_core.text.textparts) into ``node``: plain pieces as text, each
    tile's name as a button opening its glossary entry (web/ui/reference.py). ``node``
    must not be a button itself (no interactive element inside another)."""
    for text, tile in parts:
        if tile is None:
            node.append(text)
        else:
            node.append(make("button", text, type="button", class_="tile-link", data_tile=tile,
                             data_testid=f"tile-link-{tile}"))
    return node


# Icons drawn as inline SVG: a font's symbol (ⓘ, ⌖) may be missing from the system's fonts
# and draw as an empty box. Each is a list of (element, attributes), in a 16x16 box.
_SVG = "http://www.w3.org/2000/svg"
ICONS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "info": [("circle", {"cx": "8", "cy": "8", "r": "7", "fill": "none",
                         "stroke": "currentColor", "stroke-width": "1.5"}),
             ("circle", {"cx": "8", "cy": "4.6", "r": "1.1", "fill": "currentColor"}),
             ("rect", {"x": "7", "y": "6.6", "width": "2", "height": "5.6", "rx": "0.8",
                       "fill": "currentColor"})],
    "show": [("circle", {"cx": "8", "cy": "8", "r": "5", "fill": "none",
                         "stroke": "currentColor", "stroke-width": "1.5"}),
             ("circle", {"cx": "8", "cy": "8", "r": "1.6", "fill": "currentColor"}),
             ("path", {"d": "M8 0.5v3M8 12.5v3M0.5 8h3M12.5 8h3", "stroke": "currentColor",
                       "stroke-width": "1.5"})],
}


def build(id_: str, nodes: list[Any], at: int = -1) -> None:
    """Replace the children of element ``id_`` (or only its child number ``at``) with
    ``nodes``, built by app.js in one call: each node a string (text, never markup) or
    ``[tag, {attribute: value}, *nodes]`` (see :func:`icon_node` for SVG)."""
    BRIDGE.build(id_, json.dumps(nodes, separators=(",", ":")), at)


def prepend(id_: str, nodes: list[Any]) -> None:
    """:func:`build`'s ``nodes`` put before the children element ``id_`` has."""
    BRIDGE.prepend(id_, json.dumps(nodes, separators=(",", ":")))


def parts_nodes(parts: list[tuple[str, str | None]]) -> list[Any]:
    """:func:`append_parts` as nodes of :func:`build`."""
    return [text if tile is None else
            ["button", {"type": "button", "class": "tile-link", "data-tile": tile,
                        "data-testid": f"tile-link-{tile}"}, text]
            for text, tile in parts]


# An icon's <svg>, hidden from screen readers: the button that holds it carries the words
# (``aria-label``).
_ICON_SVG = {"viewBox": "0 0 16 16", "width": "16", "height": "16", "aria-hidden": "true",
             "focusable": "false", "class": "icon"}


def icon_node(name: str) -> list[Any]:
    """:func:`icon` as a node of :func:`build`."""
    return ["svg:svg", _ICON_SVG, *(["svg:" + tag, attrs] for tag, attrs in ICONS[name])]


def icon(name: str) -> Any:
    """An inline SVG icon (:data:`ICONS`) as an element."""
    svg = js.document.createElementNS(_SVG, "svg")
    for key, value in _ICON_SVG.items():
        svg.setAttribute(key, value)
    for tag, attrs in ICONS[name]:
        shape = js.document.createElementNS(_SVG, tag)
        for key, value in attrs.items():
            shape.setAttribute(key, value)
        svg.append(shape)
    return svg


def found(node: Any) -> bool:
    """A DOM query's result is an element (JS null is not Python None in Pyodide)."""
    return node is not None and node is not JSNULL


def show(node: Any, on: bool) -> None:
    node.hidden = not on


# --- the page's language ------------------------------------------------------------------
# The page's language is <html lang> (set at boot before the first render, changed by the
# language menu); the views word their texts through these, the pure code gets it as a
# parameter.


def _html_lang() -> str:
    code = str(js.document.documentElement.lang or "")
    return code if code in LANGUAGES else SOURCE_LANGUAGE


# The page's language, <html lang>: read at start (index.html's inline script set it before
# Python started) and again at each ``vinci:language`` event (the language menu), written by
# set_lang. Kept here: reading it through Pyodide's bridge for each translated text was a
# fair share of a redraw's time.
_page_lang = _html_lang()


def _language_changed(_event: Any) -> None:
    global _page_lang
    _page_lang = _html_lang()


PROXIES.append(create_proxy(_language_changed))
# Heard first: the views that listen for it (rules reference, guide) are set up later.
js.document.addEventListener("vinci:language", PROXIES[-1])


def set_lang(code: str) -> None:
    """Make ``code`` (one of i18n.LANGUAGES) the page's language: <html lang> and lang()."""
    global _page_lang
    js.document.documentElement.lang = code
    _page_lang = _html_lang()


def lang() -> str:
    return _page_lang


def _(message: str) -> str:
    return translations(_page_lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_page_lang).ngettext(singular, plural, n)


def translate_static() -> None:
    """index.html's marked texts in the page's language (build/catalogues.py extracts
    them): ``data-i18n`` elements get their text, ``data-i18n-attr`` the attributes it
    names. The English text is kept in the element (``data-i18n``, ``data-i18n-<attr>``)
    the first time, as the message id of later switches."""
    from vinci_core.text.i18n import translations

    t = translations(lang())
    for node in js.document.querySelectorAll("[data-i18n]"):
        message = node.getAttribute("data-i18n")
        if not message:
            message = " ".join(str(node.textContent).split())
            node.setAttribute("data-i18n", message)
        node.textContent = t.gettext(message)
    for node in js.document.querySelectorAll("[data-i18n-attr]"):
        for name in str(node.getAttribute("data-i18n-attr")).split():
            message = node.getAttribute(f"data-i18n-{name}")
            if not found(message) or not message:
                message = str(node.getAttribute(name) or "")
                node.setAttribute(f"data-i18n-{name}", message)
            node.setAttribute(name, t.gettext(message))


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


def copy_field(id_: str, done: Any) -> None:
    """Copy the value of the text field ``id_`` to the clipboard, then ``done()`` says so."""
    BRIDGE.copy(element(id_).value)
    done()


def scroll_to(id_: str) -> None:
    """The phone bar's jumps to a panel (civilizations, players, log)."""
    target = element(id_)
    if not found(target):
        return
    # Below the prompt when it sticks to the top (a phone): scrollIntoView left the top of
    # the board's tools (−, +, Fit, Hint) under it (issue 29).
    status = query("[data-testid=status]")
    above = 0
    if found(status) and str(js.window.getComputedStyle(status).position) == "sticky":
        above = status.getBoundingClientRect().height
    top = target.getBoundingClientRect().top + js.window.scrollY - above - 4
    js.window.scrollTo(0, max(0, top))
