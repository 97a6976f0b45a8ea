"""The news strip beside the board (issue 29): what the others did since the player's last
turn, newest first, never over the board. Which actions and their words are
vinci_core.table.news (tested in CPython); this module draws them: each line short, with a
button that shows its province on the board and the reason one tap away ("Why?").

On a phone (style.css, at most 600 px wide) the same strip is a drawer: the News button in
the bar at the bottom says how many items came since the player last looked and opens it as
a sheet over the lower part of the screen; its Close button, a tap outside it (the backdrop)
or Escape closes it, as does showing a province from it. It never opens by itself: nothing
covers the board unless the player asks. Focus goes to its heading and back to the button."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from .dom import PROXIES, _, build, element, found, icon_node, ngettext, parts_nodes, prepend, show
from .dom import lang as page_lang


class NewsStrip:
    def __init__(self) -> None:
        self.drawn: tuple[Any, ...] | None = None  # what the strip shows (redraw when changed)
        self.seen = 0  # log entries already flashed on the board
        self.shown: tuple[int, ...] = ()  # the log indices of the items on the strip
        self.looked: set[int] = set()  # the items the player has seen in the drawer
        self.badge: tuple[int, bool, str] | None = None  # the News button, as drawn
        panel = element("news-panel")
        if found(panel):  # Escape closes the drawer (its own key: no other view uses it)
            PROXIES.append(create_proxy(self._key))
            panel.addEventListener("keydown", PROXIES[-1])

    def forget(self, seen: int) -> None:
        """Another game on screen: ``seen`` of its entries are old (no flash for them)."""
        self.drawn = None
        self.seen = seen
        self.shown = ()
        self.looked = set()
        self.badge = None
        self.close_drawer(restore_focus=False)

    def render(self, session: Any, players: list[dict[str, Any]], lang: str) -> str | None:
        """Draw the strip for ``session``; the province of the newest action since the last
        render (to flash on the board), or None."""
        from vinci_core.table.news import identities, new_on_top, news, viewer
        from vinci_core.table.presenter import province_name

        entries = session.entries
        fresh, self.seen = entries[self.seen:], len(entries)
        seat = viewer(entries, session.state.current_player, session.local_seats())
        items = news(entries, seat)
        key = (identities(items), lang)
        if key != self.drawn:
            same_lang = self.drawn is not None and self.drawn[1] == lang
            new = new_on_top(self.drawn[0], key[0]) if same_lang else None
            self._draw(items, new, players,
                       lambda pid: province_name(session.state, pid, lang))
            self.drawn = key
        self.shown = tuple(item["index"] for item in items)
        if not items:
            self.close_drawer()
        elif self.is_open():
            self.looked.update(self.shown)  # seen as they come while the drawer is open
        self._count()
        local = session.local_seats()  # a move made here is seen as it is made
        return next((e.get("province") for e in reversed(fresh)
                     if e.get("notice") and e.get("province") and e.get("seat") not in local),
                    None)

    @staticmethod
    def _draw(items: list[dict[str, Any]], new: int | None, players: list[dict[str, Any]],
              name: Any) -> None:
        """The strip's items, built in one call (each item is a dozen elements: made one by
        one from Python, the strip took a median 13 ms of an AI move's redraw at a phone's
        speed, bench/profile_redraw.py).
        ``new``: only that many items are new, on top of the ones drawn (the others'
        moves while the player waits): those alone are built, so an item shown stays as it
        is (its "Why?" open, no second fade-in); None draws the whole strip."""
        nodes = [_item_node(item, players[item["seat"]]["colour"], name)
                 for item in (items if new is None else items[:new])]
        if new is None:
            build("notices", nodes)
        else:
            prepend("notices", nodes)
        box = element("notices")
        box.dataset.count = str(len(items))  # tests: the actions the strip holds
        show(element("news-panel"), bool(items))

    # ------------------------------------------------------------ the drawer (a phone)

    @staticmethod
    def is_open() -> bool:
        return bool(element("news-panel").classList.contains("open"))

    def toggle_drawer(self) -> None:
        """The News button: open the drawer, or close it when it is open."""
        if self.is_open():
            self.close_drawer()
        elif self.shown:
            self.looked.update(self.shown)
            self._set_open(True)
            self._count()
            element("news-h").focus()

    def close_drawer(self, restore_focus: bool = True) -> None:
        """Close the drawer (its button, the backdrop, Escape, a province shown from it);
        the focus goes back to the News button."""
        if not self.is_open():
            return
        self._set_open(False)
        if restore_focus:
            element("news-drawer").focus()

    @staticmethod
    def _set_open(on: bool) -> None:
        element("news-panel").classList.toggle("open", on)
        show(element("news-backdrop"), on)
        element("news-drawer").setAttribute("aria-expanded", "true" if on else "false")

    def _key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.is_open():
            event.preventDefault()
            self.close_drawer()

    def _count(self) -> None:
        """The News button's count: the items the player has not seen in the drawer (and,
        for screen readers, the words of it); the button is off when there is no news."""
        n = sum(1 for i in self.shown if i not in self.looked)
        key = (n, bool(self.shown), page_lang())
        if key == self.badge:
            return
        self.badge = key
        element("news-drawer").disabled = not self.shown
        badge = element("news-count")
        badge.textContent = str(n) if n else ""
        show(badge, n > 0)
        # After "News" in the button's name: a space, as the visible count stands apart.
        element("news-count-words").textContent = (
            " " + ngettext("{n} new notice", "{n} new notices", n).format(n=n) if n else "")


def _item_node(item: dict[str, Any], colour: str, name: Any) -> list[Any]:
    """One item of the strip as a node of :func:`build`: what was done (tile names as
    buttons opening their glossary entries), a button showing its province on the board, and
    a virtual player's reason behind "Why?"."""
    line: list[Any] = ["p", {"class": "what"}, *parts_nodes(item["parts"])]
    li: list[Any] = ["li", {"data-testid": "notice", "style": f"--c: {colour}"}, line]
    pid = item["province"]
    if not pid and not item["reason"]:
        return li
    row: list[Any] = ["div", {"class": "more"}]
    if pid:
        label = _("Show {province} on the board").format(province=name(pid))
        row.append(["button", {"type": "button", "class": "where", "data-action": "show-province",
                               "data-value": pid, "data-testid": "notice-show",
                               "aria-label": label},
                    icon_node("show"), ["span", {}, name(pid)]])
    if item["reason"]:
        row.append(["details", {"class": "why"},
                    ["summary", {"data-testid": "notice-why"}, _("Why?")],
                    ["p", {"data-testid": "notice-reason"}, item["reason"]]])
    li.append(row)
    return li


def clear_notices() -> None:
    box = element("notices")
    box.replaceChildren()
    box.dataset.count = "0"
    show(element("news-panel"), False)
    element("news-panel").classList.remove("open")
    show(element("news-backdrop"), False)
    drawer = element("news-drawer")
    drawer.setAttribute("aria-expanded", "false")
    drawer.disabled = True
