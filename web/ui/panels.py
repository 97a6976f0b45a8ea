"""The status line, the civilizations on display, the player cards and the score chart (drawn
only when their data changed, :class:`SidePanels`); the action buttons are ui/actions.py."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .chart import render_chart
from .dom import _, build, changed, element, icon_node, lang, ngettext, query, show


def render_frame(has_game: bool) -> None:
    """The welcome (no game on screen) or the status line, and the toolbar's buttons that
    need a game."""
    show(element("welcome"), not has_game)
    show(query("[data-testid=status]"), has_game)
    for tid in ("share", "export", "replay"):
        query(f"[data-testid={tid}]").disabled = not has_game


def render_status(v: dict[str, Any]) -> None:
    from vinci_core.table.presenter import round_text

    seat = v["current_player"]
    if seat is None:
        who_text, dot = _("Game over"), "transparent"
    else:
        p = v["players"][seat]
        who_text = (_("{name} (virtual)").format(name=p["name"]) if p["virtual"]
                    else p["name"])
        dot = p["colour"]
    if changed("status-who", (who_text, dot)):
        who = element("turn-who")
        who.querySelector(".nm").textContent = who_text
        who.querySelector(".dot").style.background = dot
    for id_, text in (("turn-round", round_text(v, lang())), ("turn-phase", v["phase_name"]),
                      ("prompt", v["prompt"])):
        if changed(id_, text):
            element(id_).textContent = text
    if changed("undo", v["can_undo"]):  # the toolbar's Undo and the action bar's (a phone)
        for button in js.document.querySelectorAll("[data-action=undo]"):
            button.disabled = not v["can_undo"]


def render_display(v: dict[str, Any]) -> None:
    """The six civilizations on offer, drawn in one call (dom.build)."""
    from vinci_core.rulesets import RULESETS
    from vinci_core.words.tilewords import tile_help, tile_name

    ruleset, code = v["ruleset"], lang()
    tiles_of_game = RULESETS[ruleset].tiles
    choosable = set(v["controls"]["choose"]) if not v.get("virtual_to_act") else set()
    items = []
    for slot in v["display"]:
        k = slot["slot"]
        chips = []
        for tid in slot["tiles"]:
            chip = ["span", {"class": "tile", "title": tile_help(tid, ruleset, code)},
                    ["b", {}, tile_name(tid, ruleset, code)]]
            tokens = tiles_of_game[tid].tokens
            if tokens is not None:
                chip.append(["i", {}, f"+{tokens}"])
            chips.append(chip)
        n, coins = slot["tokens"], slot["coins"]
        meta: list[Any] = [
            "span", {"class": "meta"},
            ["span", {"class": "tok"}, ngettext("{n} token", "{n} tokens", n).format(n=n)],
            ["span", {"class": "cost"},
             _("cost {n}").format(n=slot["cost"]) if slot["cost"] else _("free")]]
        if coins:
            meta.append(["span", {"class": "coins"},
                         ngettext("+{n} coin", "+{n} coins", coins).format(n=coins)])
        choose = ["button", {"type": "button", "class": "slot", "data-slot": str(k),
                             "data-testid": f"slot-{k}", "disabled": k not in choosable},
                  ["span", {"class": "num"}, str(k)], ["span", {"class": "tiles"}, *chips],
                  meta]
        # A tile's glossary entry opens from the info icon beside the slot
        # (web/ui/reference.py): a click on the slot itself chooses the civilization.
        infos: list[Any] = ["span", {"class": "tile-infos"}]
        for tid in slot["tiles"]:
            label = _("About {tile}").format(tile=tile_name(tid, ruleset, code))
            infos.append(["button", {"type": "button", "class": "tile-info", "data-tile": tid,
                                     "aria-label": label, "title": label,
                                     "data-testid": f"tile-info-{tid}"}, icon_node("info")])
        items.append(["li", {}, choose, infos])
    build("display", items)


def render_players(v: dict[str, Any]) -> None:
    """The player cards. A card is drawn again only when what it shows beyond its counts
    changed; a conquest changes the counts of one or two cards, written in place."""
    box = element("players")
    cards = [(p, p["seat"] == v["current_player"]) for p in v["players"]]
    redraw_all = changed("players-count", (len(cards), lang()))  # a new language: all anew
    if redraw_all:
        nodes = []
        for seat, (p, current) in enumerate(cards):
            texts = _card_counts(p)
            changed(f"player-{seat}", _card_shape(p, current, v["ruleset"]))
            changed(f"player-{seat}-counts", texts)
            nodes.append(_player_card(p, current, v["ruleset"], texts))
        build("players", nodes)
        return
    for seat, (p, current) in enumerate(cards):
        texts = _card_counts(p)
        if changed(f"player-{seat}", _card_shape(p, current, v["ruleset"])):
            changed(f"player-{seat}-counts", texts)
            build("players", [_player_card(p, current, v["ruleset"], texts)], seat)
        elif changed(f"player-{seat}-counts", texts):
            card = box.children[seat]
            if texts[0] is not None:
                card.querySelector(".facts").textContent = texts[0]
            if texts[1] is not None:
                card.querySelector(".civ.declined .count").textContent = texts[1]


def _card_shape(p: dict[str, Any], current: bool, ruleset: str) -> tuple[Any, ...]:
    """What a player card shows apart from its counts (_card_counts)."""
    a, d = p["active"], p["declined"]
    return (p["seat"], p["name"], p["virtual"], p["colour"], p.get("mark", ""), p["score"],
            current, ruleset, a["tiles"] if a else None, p.get("peace") or None,
            d["tiles"] if d else None)


def _card_counts(p: dict[str, Any]) -> tuple[str | None, str | None]:
    """A player card's counts: the active civilization's facts, the declined provinces."""
    a, d = p["active"], p["declined"]
    facts = None if not a else " · ".join((
        ngettext("{n} province", "{n} provinces", a["provinces"]).format(n=a["provinces"]),
        ngettext("{n} token on the board", "{n} tokens on the board",
                 a["tokens_on_board"]).format(n=a["tokens_on_board"]),
        _("{n} in hand").format(n=p["hand"])))
    declined = None if not d else " · " + ngettext(
        "{n} province", "{n} provinces", d["provinces"]).format(n=d["provinces"])
    return facts, declined


def _player_card(p: dict[str, Any], current: bool, ruleset: str,
                 counts: tuple[str | None, str | None]) -> list[Any]:
    """A player card as a node of dom.build."""
    from vinci_core.table.palette import contrast

    facts, declined = counts
    seat = p["seat"]
    name = _("{name} · virtual").format(name=p["name"]) if p["virtual"] else p["name"]
    # The colours are checked hex values (#rrggbb: the config's schema), so safe in a style.
    head = ["div", {"class": "head"},
            ["span", {"class": "swatch", "aria-hidden": "true",
                      "style": f"color: {contrast(p['colour'])}"}, p.get("mark", "")],
            ["span", {"class": "pname"}, name],
            ["span", {"class": "score", "data-testid": f"score-{seat}"},
             _("{n} VP").format(n=p["score"])]]
    card: list[Any] = ["div", {"class": "player current" if current else "player",
                               "data-seat": str(seat), "data-testid": f"player-{seat}",
                               "style": f"--c: {p['colour']}"}, head]
    if p["active"]:
        card.append(["div", {"class": "civ"}, ["span", {"class": "tag"}, _("Active")],
                     _tile_names(p["active"]["tiles"], ruleset)])
        card.append(["div", {"class": "facts"}, facts])
    else:
        card.append(["div", {"class": "facts"}, _("No active civilization")])
    if p.get("peace"):
        card.append(["div", {"class": "peace", "data-testid": f"peace-{seat}"},
                     _("At peace with {names} (Diplomacy)").format(
                         names=_(" and ").join(p["peace"]))])
    if p["declined"]:
        names = _tile_names(p["declined"]["tiles"], ruleset)
        names.append(["span", {"class": "count"}, declined])
        card.append(["div", {"class": "civ declined"},
                     ["span", {"class": "tag"}, _("Declined")], names])
    return card


def _tile_names(tiles: list[str], ruleset: str) -> list[Any]:
    """A civilization's tile names, each a button opening its glossary entry."""
    from vinci_core.words.tilewords import tile_name

    span: list[Any] = ["span", {}]
    for i, tid in enumerate(tiles):
        if i:
            span.append(" + ")
        span.append(["button", {"type": "button", "class": "tile-link", "data-tile": tid,
                                "data-testid": f"tile-link-{tid}"},
                     tile_name(tid, ruleset, lang())])
    return span


def render_virtual(v: dict[str, Any], has_game: bool) -> None:
    on = bool(v.get("virtual_to_act")) and has_game
    text = ""
    if on:
        name = v["players"][v["current_player"]]["name"]
        thinking = v.get("ai_level") in ("strong", "expert")  # (issue 13) they search
        text = (_("{name} is thinking…") if thinking
                else _("{name} is playing…")).format(name=name)
    if not changed("virtual-status", (on, text)):
        return
    box = element("virtual-status")
    show(box, on)
    if on:
        box.querySelector(".txt").textContent = text


def set_test_hooks(v: dict[str, Any]) -> None:
    """``<html data-phase data-actor>`` next to data-digest: what the tests wait for."""
    actor = ("over" if v["terminal"] else "virtual" if v.get("virtual_to_act") else
             "remote" if v.get("remote_to_act") else "human")
    if changed("test-hooks", (v["phase"], actor)):
        root = js.document.documentElement
        root.dataset.phase = v["phase"]
        root.dataset.actor = actor


class SidePanels:
    """The civilizations on display, the player cards and the score chart. Most clicks leave
    them as they were: each is redrawn only when its data changed (a click's redraw is what a
    player waits for)."""

    def __init__(self) -> None:
        self.drawn: dict[str, tuple[Any, ...]] = {}  # panel -> its data when last drawn

    def forget(self) -> None:
        """The next render draws every panel (another game, a replay opened or closed)."""
        self.drawn = {}

    def render(self, v: dict[str, Any]) -> None:
        self._redraw("display", render_display, v, v["display"], v["controls"]["choose"],
                     v.get("virtual_to_act"))
        self._redraw("players", render_players, v, v["players"], v["current_player"])
        self._redraw("chart", render_chart, v, v["rounds"], v["target_vp"],
                     [(p["name"], p["colour"], p["mark"]) for p in v["players"]])

    def _redraw(self, panel: str, draw: Any, v: dict[str, Any], *data: Any) -> None:
        # Compared as they are (each view is built anew, nothing here is changed later):
        # serializing them was a fair share of a click's Python time.
        if panel not in self.drawn or self.drawn[panel] != data:
            self.drawn[panel] = data
            draw(v)
