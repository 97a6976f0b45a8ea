"""The news strip beside the board (issue 29): what the others did since the player's last
turn, newest first, never over the board. Which actions and their words are
vinci_core.table.news (tested in CPython); this module draws them: each line short, with a
button that shows its province on the board and the reason one tap away ("Why?")."""

from __future__ import annotations

from typing import Any

from .dom import _, append_parts, element, icon, make, show


class NewsStrip:
    def __init__(self) -> None:
        self.drawn: tuple[Any, ...] | None = None  # what the strip shows (redraw when changed)
        self.seen = 0  # log entries already flashed on the board

    def forget(self, seen: int) -> None:
        """Another game on screen: ``seen`` of its entries are old (no flash for them)."""
        self.drawn = None
        self.seen = seen

    def render(self, session: Any, players: list[dict[str, Any]], lang: str) -> str | None:
        """Draw the strip for ``session``; the province of the newest action since the last
        render (to flash on the board), or None."""
        from vinci_core.table.news import news, viewer
        from vinci_core.table.presenter import province_name

        entries = session.entries
        fresh, self.seen = entries[self.seen:], len(entries)
        seat = viewer(entries, session.state.current_player, session.local_seats())
        items = news(entries, seat)
        key = (tuple(item["index"] for item in items), len(entries), lang)
        if key != self.drawn:
            self.drawn = key
            self._draw(items, players,
                       lambda pid: province_name(session.state, pid, lang))
        local = session.local_seats()  # a move made here is seen as it is made
        return next((e.get("province") for e in reversed(fresh)
                     if e.get("notice") and e.get("province") and e.get("seat") not in local),
                    None)

    @staticmethod
    def _draw(items: list[dict[str, Any]], players: list[dict[str, Any]], name: Any) -> None:
        box = element("notices")
        box.replaceChildren()
        box.dataset.count = str(len(items))  # tests: the actions the strip holds
        show(element("news-panel"), bool(items))
        for item in items:
            li = make("li", None, data_testid="notice")
            li.style.setProperty("--c", players[item["seat"]]["colour"])
            line = make("p", None, class_="what")
            append_parts(line, item["parts"])
            li.append(line)
            pid = item["province"]
            if pid or item["reason"]:
                row = make("div", None, class_="more")
                if pid:
                    where = make("button", None, type="button", class_="where",
                                 data_action="show-province", data_value=pid,
                                 data_testid="notice-show",
                                 aria_label=_("Show {province} on the board").format(
                                     province=name(pid)))
                    where.append(icon("show"), make("span", name(pid)))
                    row.append(where)
                if item["reason"]:
                    why = make("details", None, class_="why")
                    why.append(make("summary", _("Why?"), data_testid="notice-why"),
                               make("p", item["reason"], data_testid="notice-reason"))
                    row.append(why)
                li.append(row)
            box.append(li)


def clear_notices() -> None:
    box = element("notices")
    box.replaceChildren()
    box.dataset.count = "0"
    show(element("news-panel"), False)
