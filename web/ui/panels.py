"""The status line, the action buttons, the civilizations on display and the player cards."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .dom import changed, element, make, query, show


def render_status(v: dict[str, Any]) -> None:
    from vinci_core.presenter import round_text

    seat = v["current_player"]
    if seat is None:
        who_text, dot = "Game over", "transparent"
    else:
        p = v["players"][seat]
        who_text, dot = p["name"] + (" (virtual)" if p["virtual"] else ""), p["colour"]
    if changed("status-who", (who_text, dot)):
        who = element("turn-who")
        who.querySelector(".nm").textContent = who_text
        who.querySelector(".dot").style.background = dot
    for id_, text in (("turn-round", round_text(v)), ("turn-phase", v["phase_name"]),
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
    button.textContent = "Espionage on: click a province (cost 2)" if on else "Use Espionage"
    box = element("diplomacy")
    box.replaceChildren()
    if human and c["diplomacy"]:
        box.append(make("span", "Make peace with:", class_="lbl"))
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
            chip = make("span", None, class_="tile", title=tile_help(tid, v["ruleset"]))
            chip.append(make("b", tile_name(tid, v["ruleset"])))
            if tile.tokens is not None:
                chip.append(make("i", f"+{tile.tokens}"))
            tiles.append(chip)
        meta = make("span", None, class_="meta")
        meta.append(make("span", f"{slot['tokens']} tokens", class_="tok"))
        meta.append(make("span", f"cost {slot['cost']}" if slot["cost"] else "free",
                         class_="cost"))
        if slot["coins"]:
            meta.append(make("span", f"+{slot['coins']} coin{'s' * (slot['coins'] != 1)}",
                             class_="coins"))
        b.append(make("span", str(k), class_="num"), tiles, meta)
        li = make("li")
        li.append(b)
        box.append(li)


def render_players(v: dict[str, Any]) -> None:
    """The player cards; only the cards whose data changed are drawn again (a conquest
    changes one or two of them)."""
    box = element("players")
    cards = [(p, p["seat"] == v["current_player"]) for p in v["players"]]
    if changed("players-count", len(cards)):
        box.replaceChildren()
        for seat, (p, current) in enumerate(cards):
            changed(f"player-{seat}", (p, current))
            box.append(_player_card(p, current, v["ruleset"]))
        return
    for seat, (p, current) in enumerate(cards):
        if changed(f"player-{seat}", (p, current)):
            box.children[seat].replaceWith(_player_card(p, current, v["ruleset"]))


def _player_card(p: dict[str, Any], current: bool, ruleset: str) -> Any:
    from vinci_core.palette import contrast
    from vinci_core.presenter import tile_name

    card = make("div", None, class_="player", data_seat=str(p["seat"]),
                data_testid=f"player-{p['seat']}")
    if current:
        card.classList.add("current")
    card.style.setProperty("--c", p["colour"])
    head = make("div", None, class_="head")
    swatch = make("span", p.get("mark", ""), class_="swatch", aria_hidden="true")
    swatch.style.color = contrast(p["colour"])
    head.append(swatch,
                make("span", p["name"] + (" · virtual" if p["virtual"] else ""),
                     class_="pname"),
                make("span", f"{p['score']} VP", class_="score",
                     data_testid=f"score-{p['seat']}"))
    card.append(head)
    if p["active"]:
        a = p["active"]
        line = make("div", None, class_="civ")
        line.append(make("span", "Active", class_="tag"),
                    make("span", " + ".join(tile_name(t, ruleset) for t in a["tiles"])))
        card.append(line)
        card.append(make("div", f"{a['provinces']} provinces · {a['tokens_on_board']} "
                                f"tokens on the board · {p['hand']} in hand",
                         class_="facts"))
    else:
        card.append(make("div", "No active civilization", class_="facts"))
    if p.get("peace"):
        card.append(make("div", "At peace with " + " and ".join(p["peace"])
                         + " (Diplomacy)", class_="peace",
                         data_testid=f"peace-{p['seat']}"))
    if p["declined"]:
        d = p["declined"]
        line = make("div", None, class_="civ declined")
        line.append(make("span", "Declined", class_="tag"),
                    make("span", " + ".join(tile_name(t, ruleset) for t in d["tiles"])
                         + f" · {d['provinces']} provinces"))
        card.append(line)
    return card


def render_virtual(v: dict[str, Any], has_game: bool) -> None:
    on = bool(v.get("virtual_to_act")) and has_game
    text = ""
    if on:
        name = v["players"][v["current_player"]]["name"]
        thinking = v.get("ai_level") == "strong"  # (issue 13) the strong AI searches
        text = f"{name} is thinking…" if thinking else f"{name} is playing…"
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
