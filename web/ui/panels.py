"""The status line, the action buttons, the civilizations on display and the player cards."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .dom import _, changed, element, icon, lang, make, ngettext, query, show


def render_status(v: dict[str, Any]) -> None:
    from vinci_core.presenter import round_text

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
    if changed("undo", v["can_undo"]):
        query("[data-testid=undo]").disabled = not v["can_undo"]


def render_controls(v: dict[str, Any], espionage: bool, province_name: Any) -> bool:
    """The buttons that apply now; returns whether the Espionage toggle is still offered."""
    c = v["controls"]
    human = not v.get("virtual_to_act") and not v["terminal"]
    spy = human and any("espionage" in t for t in v["targets"].values())
    if not changed("controls", (c, human, spy, espionage, v.get("editor") is not None)):
        return spy
    show(query("[data-testid=finish-conquest]"), human and c["finish"])
    show(query("[data-testid=end-turn]"), human and c["end_turn"])
    show(query("[data-testid=decline]"), human and c["decline"])
    button = query("[data-testid=espionage]")
    show(button, spy)
    on = spy and espionage
    button.setAttribute("aria-pressed", "true" if on else "false")
    button.textContent = _("Espionage on: click a province (cost 2)") if on \
        else _("Use Espionage")
    box = element("diplomacy")
    box.replaceChildren()
    if human and c["diplomacy"]:
        box.append(make("span", _("Make peace with:"), class_="lbl"))
        for seat in c["diplomacy"]:
            p = v["players"][seat]
            b = make("button", p["name"], type="button", data_action="diplomacy",
                     data_value=str(seat), data_testid=f"diplomacy-{seat}")
            b.style.setProperty("--c", p["colour"])
            box.append(b)
    show(box, human and bool(c["diplomacy"]))
    ab = element("abandon")
    lst = ab.querySelector(".list")
    lst.replaceChildren()
    for pid in c["abandon"]:
        lst.append(make("button", province_name(pid), type="button", data_action="abandon",
                        data_value=pid, data_testid=f"abandon-{pid}"))
    show(ab, human and bool(c["abandon"]))
    show(element("controls"), human and (c["finish"] or c["end_turn"] or c["decline"] or spy
                                         or bool(c["diplomacy"]) or bool(c["abandon"])
                                         or v.get("editor") is not None))
    return spy


def render_display(v: dict[str, Any]) -> None:
    from vinci_core.presenter import tile_help, tile_name
    from vinci_core.rules import RULESETS

    tiles_of_game = RULESETS[v["ruleset"]].tiles
    box = element("display")
    box.replaceChildren()
    choosable = set(v["controls"]["choose"]) if not v.get("virtual_to_act") else set()
    for slot in v["display"]:
        k = slot["slot"]
        b = make("button", None, type="button", class_="slot", data_slot=str(k),
                 data_testid=f"slot-{k}")
        if k not in choosable:
            b.disabled = True
        tiles = make("span", None, class_="tiles")
        for tid in slot["tiles"]:
            tile = tiles_of_game[tid]
            chip = make("span", None, class_="tile", title=tile_help(tid, v["ruleset"], lang()))
            chip.append(make("b", tile_name(tid, v["ruleset"], lang())))
            if tile.tokens is not None:
                chip.append(make("i", f"+{tile.tokens}"))
            tiles.append(chip)
        meta = make("span", None, class_="meta")
        n = slot["tokens"]
        meta.append(make("span", ngettext("{n} token", "{n} tokens", n).format(n=n),
                         class_="tok"))
        meta.append(make("span", _("cost {n}").format(n=slot["cost"]) if slot["cost"]
                         else _("free"), class_="cost"))
        if slot["coins"]:
            coins = slot["coins"]
            meta.append(make("span", ngettext("+{n} coin", "+{n} coins", coins).format(n=coins),
                             class_="coins"))
        b.append(make("span", str(k), class_="num"), tiles, meta)
        # A tile's glossary entry opens from the info icon beside the slot
        # (web/ui/reference.py): a click on the slot itself chooses the civilization.
        infos = make("span", None, class_="tile-infos")
        for tid in slot["tiles"]:
            label = _("About {tile}").format(tile=tile_name(tid, v["ruleset"], lang()))
            info = make("button", None, type="button", class_="tile-info", data_tile=tid,
                        aria_label=label, title=label, data_testid=f"tile-info-{tid}")
            info.append(icon("info"))
            infos.append(info)
        li = make("li")
        li.append(b, infos)
        box.append(li)


def render_players(v: dict[str, Any]) -> None:
    """The player cards. A card is drawn again only when what it shows beyond its counts
    changed; a conquest changes the counts of one or two cards, written in place."""
    box = element("players")
    cards = [(p, p["seat"] == v["current_player"]) for p in v["players"]]
    redraw_all = changed("players-count", (len(cards), lang()))  # a new language: all anew
    if redraw_all:
        box.replaceChildren()
    for seat, (p, current) in enumerate(cards):
        texts = _card_counts(p)
        if changed(f"player-{seat}", _card_shape(p, current, v["ruleset"])) or redraw_all:
            changed(f"player-{seat}-counts", texts)
            card = _player_card(p, current, v["ruleset"], texts)
            if redraw_all:
                box.append(card)
            else:
                box.children[seat].replaceWith(card)
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
                 counts: tuple[str | None, str | None]) -> Any:
    from vinci_core.palette import contrast

    facts, declined = counts
    card = make("div", None, class_="player", data_seat=str(p["seat"]),
                data_testid=f"player-{p['seat']}")
    if current:
        card.classList.add("current")
    card.style.setProperty("--c", p["colour"])
    head = make("div", None, class_="head")
    swatch = make("span", p.get("mark", ""), class_="swatch", aria_hidden="true")
    swatch.style.color = contrast(p["colour"])
    head.append(swatch,
                make("span", _("{name} · virtual").format(name=p["name"]) if p["virtual"]
                     else p["name"], class_="pname"),
                make("span", _("{n} VP").format(n=p["score"]), class_="score",
                     data_testid=f"score-{p['seat']}"))
    card.append(head)
    if p["active"]:
        line = make("div", None, class_="civ")
        line.append(make("span", _("Active"), class_="tag"),
                    _tile_names(p["active"]["tiles"], ruleset))
        card.append(line)
        card.append(make("div", facts, class_="facts"))
    else:
        card.append(make("div", _("No active civilization"), class_="facts"))
    if p.get("peace"):
        card.append(make("div", _("At peace with {names} (Diplomacy)").format(
            names=_(" and ").join(p["peace"])), class_="peace",
            data_testid=f"peace-{p['seat']}"))
    if p["declined"]:
        line = make("div", None, class_="civ declined")
        names = _tile_names(p["declined"]["tiles"], ruleset)
        names.append(make("span", declined, class_="count"))
        line.append(make("span", _("Declined"), class_="tag"), names)
        card.append(line)
    return card


def _tile_names(tiles: list[str], ruleset: str) -> Any:
    """A civilization's tile names, each a button opening its glossary entry."""
    from vinci_core.presenter import tile_name

    span = make("span")
    for i, tid in enumerate(tiles):
        if i:
            span.append(" + ")
        span.append(make("button", tile_name(tid, ruleset, lang()), type="button",
                         class_="tile-link",
                         data_tile=tid, data_testid=f"tile-link-{tid}"))
    return span


def render_virtual(v: dict[str, Any], has_game: bool) -> None:
    on = bool(v.get("virtual_to_act")) and has_game
    text = ""
    if on:
        name = v["players"][v["current_player"]]["name"]
        thinking = v.get("ai_level") == "strong"  # (issue 13) the strong AI searches
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
