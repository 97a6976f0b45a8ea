"""The rules reference on the page: the Rules dialog with its search box, rule ids as links
and tile names that open their glossary entry.

Everything it shows comes from :mod:`vinci_core.words.reference` (pure, tested in CPython); this
module binds it to the DOM only:

* the toolbar's *Rules* button opens the dialog; typing in its search box keeps the
  matching sections, best first;
* every rule id the page shows (the cost terms under the board, refusals, the editor's
  message, log lines, notices) becomes a button opening the reference at its section: a
  MutationObserver rewrites the rule ids of those areas as they are filled;
* an element with ``data-tile`` (a tile name in the player panels, log lines, notices,
  hints, refusals and the review, the display's info buttons) opens that tile's glossary
  entry, one with ``data-ref`` a section by anchor;
* the page's language is ``<html lang>``; the dialog is drawn again on ``vinci:language``.

:mod:`vinci_core.words.reference` comes with the engine, which a first visit imports after its
first render (web/main.py, App.edges_ready): until :meth:`ReferenceView.engine_loaded`, a click on
a hook waits, and so do the rule links of what the page shows.

A click or a tap does it all (no hover-only help); the dialog's own listeners run in the
capture phase so app.js never sees these clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]

from .dom import BRIDGE, PROXIES, element, found, make, show
from .dom import lang as page_lang

# The areas whose rule ids become links (refusals, cost terms, editor, log, notices, hints).
LINKED_AREAS = ("prompt", "hover-info", "error-text", "editor", "log", "notices", "hint-text")
# What the page's JavaScript looks for before it calls Python: the elements a click on which
# the reference handles, and text that may hold a rule id (looser than
# vinci_core.words.reference.RULE_ID, which then decides).
CLICK_HOOKS = ".rule-link, [data-tile], [data-ref], #reference-close, [data-testid=rules]"
RULE_ID_HINT = "[CVDY]-[0-9]"


def _attr(node: Any, name: str) -> str | None:
    """An attribute's value, None when absent (a missing ``dataset`` key raises in Pyodide)."""
    value = node.getAttribute(name)
    return str(value) if found(value) and value else None


def _linked_pieces(parts: list[tuple[str, str | None]]) -> list[Any]:
    """Text nodes and rule-id buttons for ``parts`` (reference.rule_parts). A button is a
    box of its own on a line: the sign right before it ("(") and right after it (",", ")")
    are kept with it in a span that does not wrap, so "(V-3, V-4)" never breaks as
    "(V-3" / ", V-4)"."""
    pieces: list[Any] = []
    for k, (chunk, rule) in enumerate(parts):
        if rule is None:
            continue
        before = parts[k - 1][0] if k else ""
        after = parts[k + 1][0] if k + 1 < len(parts) else ""
        lead = before[-1:] if before[-1:] in ("(", "[") else ""
        tail = after[:1] if after[:1] in (",", ")", ".", ";", ":", "]") else ""
        group = make("span", None, class_="nowrap")
        if lead:
            group.append(lead)
        group.append(make("button", chunk, type="button", class_="rule-link", data_rule=rule,
                          data_testid="rule-link"))
        if tail:
            group.append(tail)
        pieces.append((k, lead, tail, group))
    out: list[Any] = []
    trimmed = {k: (lead, tail) for k, lead, tail, _group in pieces}
    groups = {k: group for k, _lead, _tail, group in pieces}
    for k, (chunk, rule) in enumerate(parts):
        if rule is not None:
            out.append(groups[k])
            continue
        if k + 1 in trimmed and trimmed[k + 1][0]:
            chunk = chunk[:-1]  # its last sign went with the next link
        if k - 1 in trimmed and trimmed[k - 1][1]:
            chunk = chunk[1:]  # its first sign went with the previous link
        if chunk:
            out.append(js.document.createTextNode(chunk))
    return out


class ReferenceView:
    """The Rules dialog. ``game`` gives the config of the game on screen (None: no game)."""

    def __init__(self, game: Callable[[], Any]) -> None:
        self.game = game
        self.engine = False  # vinci_core.words.reference is there (see engine_loaded)
        self.held: list[Callable[[], None]] = []  # what came before it, in order
        self.dialog = element("reference-dialog")
        self.body = element("reference-body")
        self.search_box = element("reference-search")
        self.anchor: str | None = None  # the section the dialog was opened at
        self.cache: dict[tuple[str, str, str], list[Any]] = {}

    # ---------------------------------------------------------------- wiring

    def install(self) -> None:
        # Python hears only the clicks on its hooks and the added nodes that may hold a rule
        # id: app.js filters both (every event crossing into Python costs, and a click on the
        # board is followed by a redraw the player waits for).
        BRIDGE.onClickOf(CLICK_HOOKS, self._proxy(self.on_click))
        self._listen(self.search_box, "input", lambda _e: self.filter(), False)
        self._listen(js.document, "vinci:language", lambda _e: self.relabel(), False)
        self.areas = [area for area in LINKED_AREAS if found(element(area))]
        BRIDGE.watchAdded(to_js(self.areas), RULE_ID_HINT, self._proxy(self.on_added))
        self.relabel()

    def engine_loaded(self) -> None:
        """The engine, and with it vinci_core.words.reference, is loaded (web/main.py): the rule
        ids already in the page become links once its next frame is painted (a page's start
        waits for nothing it does not show at once), then what waited for it is done."""
        self.engine = True
        BRIDGE.afterPaint(create_once_callable(
            lambda: [self.link_rules(element(area)) for area in self.areas]))
        held, self.held = self.held, []
        for step in held:
            step()

    def _when_loaded(self, step: Callable[[], None]) -> None:
        if self.engine:
            step()
        else:
            self.held.append(step)
            js.document.documentElement.dataset.waiting = "1"  # a progress cursor

    def _proxy(self, fn: Callable[..., Any]) -> Any:
        proxy = create_proxy(fn)
        PROXIES.append(proxy)
        return proxy

    def _listen(self, target: Any, kind: str, fn: Callable[[Any], Any], capture: bool) -> None:
        target.addEventListener(kind, self._proxy(fn), capture)

    # ---------------------------------------------------------------- events

    def on_click(self, event: Any, hook: Any) -> None:
        """A click on one of CLICK_HOOKS (``hook``: the element matched)."""
        event.preventDefault()
        event.stopPropagation()
        rule, tile, ref = (_attr(hook, name) for name in ("data-rule", "data-tile", "data-ref"))
        if hook.id == "reference-close":
            self.dialog.close()
        elif rule:
            self._when_loaded(lambda: self.open_rule(rule))
        elif tile:
            self._when_loaded(lambda: self.open(f"tile-{tile}"))
        else:  # the Rules button has no anchor: the reference from the top
            self._when_loaded(lambda: self.open(ref))

    def on_added(self, nodes: Any) -> None:
        """Nodes added to LINKED_AREAS whose text may hold a rule id (app.js watchAdded);
        before the engine, :meth:`engine_loaded` links the whole areas."""
        if self.engine:
            for node in nodes:
                self.link_rules(node)

    # ---------------------------------------------------------------- rule links

    def link_rules(self, root: Any) -> None:
        """Turn the rule ids in the text under ``root`` into links (not inside buttons:
        a log line is a button of its own, and a link is never nested in one)."""
        from vinci_core.words.reference import rule_parts

        if root.nodeType == 3:  # a text node added on its own
            texts = [root]
        else:
            walker = js.document.createTreeWalker(root, 4)  # NodeFilter.SHOW_TEXT
            texts = []
            node = walker.nextNode()
            while found(node):
                texts.append(node)
                node = walker.nextNode()
        for text in texts:
            parent = text.parentNode
            if not found(parent) or found(parent.closest("button, .rule-link")):
                continue
            parts = rule_parts(str(text.data))
            if len(parts) == 1:
                continue
            text.replaceWith(*_linked_pieces(parts))

    # ---------------------------------------------------------------- the dialog

    def _game(self) -> tuple[str, dict[str, object] | None]:
        from vinci_core.words.reference import game_options

        config = self.game()
        if config is None:
            return "classic", None
        return str(config.ruleset), game_options(config)

    def _sections(self) -> tuple[str, list[Any]]:
        from vinci_core.words.reference import sections

        lang = page_lang()
        ruleset, options = self._game()
        key = (lang, ruleset, repr(sorted((options or {}).items())))
        if key not in self.cache:
            self.cache[key] = sections(lang, ruleset, options)
        return ruleset, self.cache[key]

    def open_rule(self, rule: str) -> None:
        from vinci_core.words.reference import section_for

        ruleset, _ = self._game()
        section = section_for(rule, ruleset)
        self.open(section.anchor if section else None, "" if section else rule)

    def open(self, anchor: str | None, query: str = "") -> None:
        self.anchor = anchor
        self.search_box.value = query
        self.render()
        if not self.dialog.open:
            self.dialog.showModal()
        self.go_to(anchor)

    def go_to(self, anchor: str | None) -> None:
        self.dialog.dataset.section = anchor or ""
        for node in self.body.querySelectorAll(".ref-target"):
            node.classList.remove("ref-target")
        target = element(f"ref-{anchor}") if anchor else None
        if target is not None and found(target):
            target.classList.add("ref-target")
            target.scrollIntoView(True)  # its top at the top of the dialog
            target.querySelector("h3").focus()
        else:
            self.body.scrollTop = 0

    def render(self) -> None:
        """Draw every section of the game's reference, then apply the search box."""
        from vinci_core.words.reference_labels import ui_text

        lang = page_lang()
        ruleset, every = self._sections()
        shown = ("C", "D", "V") if ruleset == "classic" else ("C", "D", "Y")
        nodes = []
        for section in every:
            box = make("section", None, id=f"ref-{section.anchor}", class_="ref-section",
                       data_anchor=section.anchor, data_testid=f"ref-{section.anchor}")
            box.append(make("h3", section.title, tabindex="-1"))
            ids = [r for r in section.rules if r[0] in shown]
            if ids and section.tile is None:
                box.append(make("p", " · ".join(ids), class_="ref-ids"))
            for paragraph in section.paragraphs:
                p = make("p", paragraph)
                box.append(p)
                self.link_rules(p)
            nodes.append(box)
        self.body.replaceChildren(*nodes)
        self.body.lang = lang
        element("reference-none").textContent = ui_text("none", lang)
        self.filter()

    def filter(self) -> None:
        """Keep the sections matching the search box, best first (all, in order, if empty)."""
        from vinci_core.words.reference import search

        query = str(self.search_box.value or "")
        ruleset, options = self._game()
        ranked = [s.anchor for s in search(page_lang(), query, ruleset, options)]
        keep = set(ranked)
        for node in list(self.body.children):
            show(node, str(node.dataset.anchor) in keep)
        if query.strip():
            for anchor in ranked:  # best first
                self.body.append(element(f"ref-{anchor}"))
        else:
            _, every = self._sections()
            for section in every:
                self.body.append(element(f"ref-{section.anchor}"))
        show(element("reference-none"), not ranked)

    def relabel(self) -> None:
        """The dialog's and buttons' own words in the page's language; an open dialog is
        drawn again at the same place."""
        from vinci_core.words.reference_labels import ui_text

        lang = page_lang()
        rules = js.document.querySelector("[data-testid=rules]")
        if found(rules):
            rules.textContent = ui_text("rules", lang)
        element("reference-title").textContent = ui_text("title", lang)
        element("reference-close").textContent = ui_text("close", lang)
        self.search_box.setAttribute("placeholder", ui_text("search", lang))
        self.search_box.setAttribute("aria-label", ui_text("search", lang))
        for button in js.document.querySelectorAll("[data-ref=display]"):
            button.setAttribute("aria-label", ui_text("display_help", lang))
            button.setAttribute("title", ui_text("display_help", lang))
        if self.dialog.open:
            self.render()
            self.go_to(self.anchor)
