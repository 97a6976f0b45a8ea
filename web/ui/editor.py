"""The +/- token editor of a reorganization or a defender's redistribution."""

from __future__ import annotations

from typing import Any

from .dom import element, make, show


def render_editor(ed: dict[str, Any] | None, add: dict[str, int], province_name: Any) -> None:
    box = element("editor")
    if ed is None:
        show(box, False)
        return
    show(box, True)
    left = ed["total"] - sum(add.values())
    title = ("Reorganize your empire" if ed["kind"] == "reorganize"
             else "Place the tokens you got back")
    box.querySelector(".title").textContent = title
    box.querySelector(".left").textContent = (
        f"{left} token{'s' * (left != 1)} left to place" if left
        else "All tokens placed: confirm.")
    rows = box.querySelector(".rows")
    rows.replaceChildren()
    for pid, base in ed["base"].items():
        n = base + add.get(pid, 0)
        name = province_name(pid)
        li = make("li", None, data_row=pid)
        li.append(make("span", name, class_="pname"),
                  make("button", "−", type="button", class_="icon", data_action="dec",
                       data_value=pid, data_testid=f"dec-{pid}",
                       aria_label=f"One token less in {name}"),
                  make("output", str(n), data_testid=f"count-{pid}"),
                  make("button", "+", type="button", class_="icon", data_action="inc",
                       data_value=pid, data_testid=f"inc-{pid}",
                       aria_label=f"One token more in {name}"))
        rows.append(li)
    box.querySelector("[data-testid=place-all]").disabled = left != 0
