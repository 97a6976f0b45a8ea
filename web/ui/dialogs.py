"""The dialogs: new game (its form), saved games, share link, game over; the About box."""

from __future__ import annotations

import random
import time
from typing import Any

from .dom import PROXIES, _, element, lang, make, show

FORM_OPTIONS = ("ruleset", "map", "seed", "target_vp", "edition", "decline_contact",
                "automatic_decline", "cut_off_tokens", "defender_redistribution", "tile_counts",
                "virtual_level", "virtual_preference", "virtual_tiebreak")


def open_modal(id_: str) -> Any:
    dialog = element(id_)
    if not dialog.open:
        dialog.showModal()
    return dialog


def close(id_: str) -> None:
    dialog = element(id_)
    if dialog.open:
        dialog.close()


# ------------------------------------------------------------------ new game


def build_seat_rows() -> None:
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

    from vinci_core.table.newgame import SEAT_COLOURS

    rows = element("seat-rows")
    for i in range(6):
        li = make("li", None, class_="seat-row")
        name = make("input", None, name=f"name{i}", maxlength="40", autocomplete="off",
                    data_testid=f"name-{i}")
        name.value = default_name(i)
        colour = make("input", None, type="color", name=f"colour{i}",
                      data_testid=f"colour-{i}")
        colour.value = SEAT_COLOURS[i]
        # Play by link (issue 14): a seat played on another device gets the game by link.
        where = make("select", None, name=f"where{i}", data_testid=f"where-{i}",
                     class_="where")
        where.append(make("option", None, value="here"), make("option", None, value="remote"))
        li.append(name, colour, where)
        rows.append(li)
    word_seat_rows()
    handler = create_proxy(on_form_change)
    PROXIES.append(handler)
    element("new-game-form").addEventListener("change", handler)


def on_form_change(event: Any) -> None:
    """The edition preset sets its options; an option changed by hand names the preset it
    now matches (or "custom")."""
    from vinci_core.table.newgame import edition_fields, edition_of_fields

    form = element("new-game-form")
    name = str(getattr(event.target, "name", "") or "")
    if name == "edition":
        for key, value in edition_fields(str(event.target.value)).items():
            form.querySelector(f"[name={key}]").value = value
    elif name in edition_fields("dutch"):
        fields = {key: str(form.querySelector(f"[name={key}]").value)
                  for key in edition_fields("dutch")}
        form.querySelector("[name=edition]").value = edition_of_fields(fields)
    if name == "ruleset":
        apply_ruleset(form)
    update_seat_rows()


def apply_ruleset(form: Any) -> None:
    """The chosen ruleset's game types, player counts and boards (newgame.dialog_choices):
    what it does not offer is disabled, a choice it does not offer moves to its first one,
    and the classic-only options hide for an online game."""
    from vinci_core.table.newgame import dialog_choices

    choices = dialog_choices(str(form.querySelector("[name=ruleset]").value))
    for radio in form.querySelectorAll("input[name=mode]"):
        radio.disabled = str(radio.value) not in choices["modes"]
    if form.querySelector("input[name=mode]:checked").disabled:
        form.querySelector(f"input[name=mode][value={choices['modes'][0]}]").checked = True
    _limit_select(form.querySelector("select[name=count]"),
                  [str(n) for n in choices["counts"]])
    _limit_select(form.querySelector("select[name=map]"),
                  [b["value"] for b in choices["boards"]])
    for node in form.querySelectorAll(".classic-only"):
        show(node, choices["classic_options"])


def _limit_select(select: Any, allowed: list[str]) -> None:
    """Only ``allowed`` options stay enabled; a choice left out moves to the nearest allowed
    option in the list (6 players become 5, not 2)."""
    options = [str(option.value) for option in select.querySelectorAll("option")]
    for node in select.querySelectorAll("option"):
        node.disabled = str(node.value) not in allowed
    current = str(select.value)
    if current not in allowed:
        at = options.index(current)
        select.value = min(allowed, key=lambda value: abs(options.index(value) - at))


def _shown_seats(form: Any) -> tuple[str, int]:
    mode = str(form.querySelector("input[name=mode]:checked").value)
    count = int(form.querySelector("select[name=count]").value)
    return mode, {"solo": 1, "two_player": 2}.get(mode, count)


def update_seat_rows() -> None:
    form = element("new-game-form")
    mode, shown = _shown_seats(form)
    show(form.querySelector(".count-row"), mode == "hotseat")
    show(form.querySelector(".virtual-options"), mode != "hotseat")
    for i, li in enumerate(form.querySelectorAll(".seat-row")):
        show(li, i < shown)
        show(li.querySelector(".where"), mode != "solo")
    build_level_rows(mode, int(form.querySelector("select[name=count]").value),
                     str(form.querySelector("[name=ruleset]").value))


def default_name(i: int) -> str:
    """The name field's first value for seat ``i`` in the page's language."""
    from vinci_core.table.newgame import default_name as named

    return named(i, lang())


def word_seat_rows(old_names: list[str] | None = None) -> None:
    """The seat rows' labels in the page's language; a name still at its default in the
    language before (``old_names``) follows the switch."""
    rows = element("seat-rows").querySelectorAll("li")
    for i in range(rows.length):
        name = rows[i].querySelector("input")
        colour = rows[i].querySelector("input[type=color]")
        where = rows[i].querySelector("select")
        name.setAttribute("aria-label", _("Name of player {n}").format(n=i + 1))
        colour.setAttribute("aria-label", _("Colour of player {n}").format(n=i + 1))
        where.setAttribute("aria-label", _("Where player {n} plays").format(n=i + 1))
        here, remote = where.querySelectorAll("option")
        here.textContent = _("here")
        remote.textContent = _("by link")
        if old_names is not None and str(name.value) == old_names[i]:
            name.value = default_name(i)


def build_level_rows(mode: str, count: int, ruleset: str) -> None:
    """(issue 13) One level selector per seat an AI may play (newgame.level_rows); a
    choice already made in a row is kept when the rows are rebuilt."""
    from vinci_core.table.newgame import level_lines, level_rows

    box = element("level-rows")
    rows = f"{mode}:{count}:{ruleset}"
    key = f"{rows}:{lang()}"
    old = str(box.getAttribute("data-key") or "")
    if old == key:
        return
    box.setAttribute("data-key", key)
    # A language switch words the same rows again, keeping the levels chosen in them.
    kept = ([str(node.value) for node in box.querySelectorAll("select")]
            if old.rpartition(":")[0] == rows else [])
    box.replaceChildren()
    for i, row in enumerate(level_rows(mode, count, ruleset, lang())):
        select = make("select", None, name=f"level{i}", data_testid=f"level-{i}")
        for option in row["options"]:
            select.append(make("option", option["label"], value=option["value"]))
        select.value = row["default"]
        if i < len(kept) and kept[i] in [o["value"] for o in row["options"]]:
            select.value = kept[i]
        label = make("label", None)
        label.append(make("span", row["label"]), select)
        li = make("li")
        li.append(label)
        box.append(li)
    lines = element("level-lines")  # what each level is, in a line (issue 31)
    lines.replaceChildren()
    for level in level_lines(ruleset, lang()):
        lines.append(make("li", level["line"], data_testid=f"level-line-{level['value']}"))


def open_new_game() -> None:
    open_modal("new-game-dialog")
    apply_ruleset(element("new-game-form"))
    update_seat_rows()


def read_form() -> dict[str, Any]:
    form = element("new-game-form")
    mode, shown = _shown_seats(form)
    names = [str(form.querySelector(f"[name=name{i}]").value) for i in range(shown)]
    colours = [str(form.querySelector(f"[name=colour{i}]").value) for i in range(shown)]
    levels = [str(node.value) for node in element("level-rows").querySelectorAll("select")]
    where = [str(form.querySelector(f"[name=where{i}]").value) for i in range(shown)]
    out: dict[str, Any] = {"mode": mode, "names": names, "colours": colours, "where": where,
                           "levels": levels, "random_seed": random.getrandbits(62)}
    for key in FORM_OPTIONS:
        out[key] = str(form.querySelector(f"[name={key}]").value)
    return out


def form_error(text: str) -> None:
    element("new-game-form").querySelector(".form-error").textContent = text


# ------------------------------------------------------------------ saved games, share


def render_saves(entries: list[dict[str, Any]], on_screen: str | None, damaged: str = "") -> None:
    """The saved-games list; ``damaged`` says what was skipped of it (SaveStore.damaged_note)."""
    from vinci_core.table.store import status_text

    box = element("saves-list")
    box.replaceChildren()
    show(element("saves-dialog").querySelector(".empty"), not entries)
    if damaged:
        box.append(make("li", damaged, class_="damaged", role="status"))
    for e in entries:
        li = make("li", None, data_game=e["id"])
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(e.get("updated", 0))))
        current = _(" (on screen)") if e["id"] == on_screen else ""
        info = make("div", None, class_="info")
        info.append(make("strong", str(e.get("title", "?"))),
                    make("span", f"{status_text(e, lang())} · {when}{current}"))
        li.append(info,
                  make("button", _("Continue"), type="button", data_action="continue",
                       data_value=e["id"], data_testid="continue"),
                  make("button", _("Delete"), type="button", data_action="delete",
                       data_value=e["id"], data_testid="delete", class_="danger"))
        box.append(li)


def open_share(link: str) -> None:
    element("share-link").value = link
    element("share-dialog").querySelector(".share-note").textContent = ""
    open_modal("share-dialog")
    element("share-link").select()


def link_copied() -> None:
    element("share-dialog").querySelector(".share-note").textContent = _("Link copied.")


# ------------------------------------------------------------------ game over, about


def ask_keep(question: str) -> None:
    """C-3.4.2: the part clicked gives up more provinces than it keeps."""
    element("keep-dialog").querySelector(".question").textContent = question
    open_modal("keep-dialog")


def render_ranking(ranking: list[dict[str, Any]]) -> None:
    dialog = element("over-dialog")
    winners = [r["name"] for r in ranking if r["winner"]]
    names = _(" and ").join(winners)
    dialog.querySelector(".winner").textContent = (
        _("{names} share the victory.") if len(winners) > 1 else _("{names} wins.")).format(
        names=names)
    box = element("ranking")
    box.replaceChildren()
    for r in ranking:
        li = make("li", None, data_seat=str(r["seat"]))
        sw = make("span", None, class_="swatch")
        sw.style.background = r["colour"]
        li.append(make("span", str(r["rank"]), class_="rank"), sw,
                  make("span", r["name"], class_="pname"),
                  make("span", _("{n} VP").format(n=r["score"]), class_="score"))
        box.append(li)


def render_about(report: list[tuple[str, str, str, dict[str, Any] | None]]) -> None:
    """The About box's facts: a label, and a value that is either as it is (a version:
    ``values`` None) or a message worded with its ``values``."""
    box = element("engine")
    box.replaceChildren()
    rows = make("dl", None, data_testid="engine-report")
    for test_id, label, value, values in report:
        rows.append(make("dt", _(label)))
        rows.append(make("dd", value if values is None else _(value).format(**values),
                         data_testid=test_id))
    box.append(rows)
