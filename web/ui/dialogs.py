"""The dialogs: new game (its form), saved games, share link, game over; the About box."""

from __future__ import annotations

import random
import time
from typing import Any

from .dom import PROXIES, element, make, show

FORM_OPTIONS = ("seed", "target_vp", "decline_contact", "defender_redistribution",
                "tile_counts", "virtual_level", "virtual_preference", "virtual_tiebreak")


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

    from vinci_core.presenter import SEAT_COLOURS

    rows = element("seat-rows")
    defaults = ("You", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6")
    for i in range(6):
        li = make("li", None, class_="seat-row")
        name = make("input", None, name=f"name{i}", maxlength="40", autocomplete="off",
                    data_testid=f"name-{i}", aria_label=f"Name of player {i + 1}")
        name.value = defaults[i]
        colour = make("input", None, type="color", name=f"colour{i}",
                      data_testid=f"colour-{i}", aria_label=f"Colour of player {i + 1}")
        colour.value = SEAT_COLOURS[i]
        li.append(name, colour)
        rows.append(li)
    handler = create_proxy(lambda _e: update_seat_rows())
    PROXIES.append(handler)
    element("new-game-form").addEventListener("change", handler)


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


def open_new_game() -> None:
    open_modal("new-game-dialog")
    update_seat_rows()


def read_form() -> dict[str, Any]:
    form = element("new-game-form")
    mode, shown = _shown_seats(form)
    names = [str(form.querySelector(f"[name=name{i}]").value) for i in range(shown)]
    colours = [str(form.querySelector(f"[name=colour{i}]").value) for i in range(shown)]
    out: dict[str, Any] = {"mode": mode, "names": names, "colours": colours,
                           "random_seed": random.getrandbits(62)}
    for key in FORM_OPTIONS:
        out[key] = str(form.querySelector(f"[name={key}]").value)
    return out


def form_error(text: str) -> None:
    element("new-game-form").querySelector(".form-error").textContent = text


# ------------------------------------------------------------------ saved games, share


def render_saves(entries: list[dict[str, Any]], on_screen: str | None) -> None:
    box = element("saves-list")
    box.replaceChildren()
    show(element("saves-dialog").querySelector(".empty"), not entries)
    for e in entries:
        li = make("li", None, data_game=e["id"])
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(e.get("updated", 0))))
        current = " (on screen)" if e["id"] == on_screen else ""
        info = make("div", None, class_="info")
        info.append(make("strong", str(e.get("title", "?"))),
                    make("span", f"{e.get('status', '')} · {when}{current}"))
        li.append(info,
                  make("button", "Continue", type="button", data_action="continue",
                       data_value=e["id"], data_testid="continue"),
                  make("button", "Delete", type="button", data_action="delete",
                       data_value=e["id"], data_testid="delete", class_="danger"))
        box.append(li)


def open_share(link: str) -> None:
    element("share-link").value = link
    element("share-dialog").querySelector(".share-note").textContent = ""
    open_modal("share-dialog")
    element("share-link").select()


def link_copied() -> None:
    element("share-dialog").querySelector(".share-note").textContent = "Link copied."


# ------------------------------------------------------------------ game over, about


def ask_keep(question: str) -> None:
    """C-3.4.2: the part clicked gives up more provinces than it keeps."""
    element("keep-dialog").querySelector(".question").textContent = question
    open_modal("keep-dialog")


def render_over(ranking: list[dict[str, Any]]) -> None:
    dialog = element("over-dialog")
    winners = [r["name"] for r in ranking if r["winner"]]
    dialog.querySelector(".winner").textContent = (
        " and ".join(winners) + (" share the victory." if len(winners) > 1 else " wins."))
    box = element("ranking")
    box.replaceChildren()
    for r in ranking:
        li = make("li", None, data_seat=str(r["seat"]))
        sw = make("span", None, class_="swatch")
        sw.style.background = r["colour"]
        li.append(make("span", str(r["rank"]), class_="rank"), sw,
                  make("span", r["name"], class_="pname"),
                  make("span", f"{r['score']} VP", class_="score"))
        box.append(li)
    open_modal("over-dialog")


def render_about(report: list[tuple[str, str, str]]) -> None:
    box = element("engine")
    box.replaceChildren()
    rows = make("dl", None, data_testid="engine-report")
    for test_id, label, value in report:
        rows.append(make("dt", label))
        rows.append(make("dd", value, data_testid=test_id))
    box.append(rows)
