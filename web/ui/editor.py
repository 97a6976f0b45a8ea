"""The +/- token editor of a reorganization or a defender's redistribution."""

from __future__ import annotations

from typing import Any

from .dom import _, append_parts, element, make, ngettext, show


def render_editor(ed: dict[str, Any] | None, add: dict[str, int], province_name: Any,
                  problem: list[tuple[str, str | None]] | None) -> None:
    """``ed``: presenter.placement_editor (with each province's ``min`` and ``max`` count);
    ``add``: the tokens placed so far; ``problem``: why the engine refuses the placement
    (presenter.placement_problem: parts, its tiles as glossary links), None when it
    accepts it."""
    box = element("editor")
    if ed is None:
        show(box, False)
        return
    show(box, True)
    left = ed["total"] - sum(add.values())
    title = (_("Reorganize your empire") if ed["kind"] == "reorganize"
             else _("Place the tokens you got back"))
    box.querySelector(".title").textContent = title
    status = box.querySelector(".left")
    if left:
        status.textContent = ngettext("{n} token left to place", "{n} tokens left to place",
                                      left).format(n=left)
    elif problem:
        status.replaceChildren()
        append_parts(status, problem)
    else:
        status.textContent = _("All tokens placed: confirm.")
    rows = box.querySelector(".rows")
    rows.replaceChildren()
    for pid, base in ed["base"].items():
        n = base + add.get(pid, 0)
        high = ed["max"][pid]
        name = province_name(pid)
        li = make("li", None, data_row=pid)
        li.append(make("span", name, class_="pname"),
                  make("button", "−", type="button", class_="icon", data_action="dec",
                       data_value=pid, data_testid=f"dec-{pid}",
                       aria_label=_("One token less in {province}").format(province=name)),
                  make("output", str(n), data_testid=f"count-{pid}"),
                  make("button", "+", type="button", class_="icon", data_action="inc",
                       data_value=pid, data_testid=f"inc-{pid}",
                       aria_label=_("One token more in {province}").format(province=name)))
        dec, inc = li.querySelectorAll("button")
        dec.disabled = n <= ed["min"][pid] or add.get(pid, 0) <= 0
        inc.disabled = left <= 0 or (high is not None and n >= high)
        rows.append(li)
    box.querySelector("[data-testid=place-all]").disabled = left != 0 or problem is not None
